"""What the engine keeps to be fast must mean what the plain computation means.

Tables shared between copies (copy-on-write), the frontier kept up to date card by card (sorted, and as bit
sets of slots), move groups built lazily, and faces' cells remembered per frontier: each is checked here
against the plain answer.
"""

import random

import pytest

from aquarius3d.bots import RandomPlayer
from aquarius3d.engine.hidden import observe
from aquarius3d.engine.table import Table
from aquarius3d.rules.ruleset import load_ruleset
from aquarius3d.commands.simulate import play_game

from helpers import play_random

GAMES = [("aquarius", {}, 4), ("aquarius", {"first_edition": True}, 3), ("aquarius-rising", {}, 3),
         ("elemental-towers", {}, 1), ("elemental-towers", {"draft": True}, 1), ("dominus", {}, 2)]


def table_facts(table):
    """A table as plain data, its derived parts worked out from scratch."""
    need = {}
    for x, y in table.cards:
        for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if n not in table.cards:
                need[n] = table._facing(n)
    return {
        "cards": dict(table.cards),
        "faces": {cell: f.code for cell, f in table.faces.items()},
        "need": need,
        "frontier": sorted(need.items()),
        "in_order": sorted((cell, f.code) for cell, f in table.faces.items()),
        "largest": [max((len(g) for g in table.groups(1 << i)), default=0) for i in range(5)],
        "slots": need,
    }


def slot_facts(table):
    """The frontier as the table's slots tell it: per cell, the bits whose sets hold its slot (a free slot in
    none)."""
    slots = table.slots()
    found = {}
    for slot, cell in enumerate(slots.cells):
        bits = sum(1 << p for p, members in enumerate(slots.index) if members >> slot & 1)
        if cell is None:
            assert bits == 0 and slot in slots.free
        else:
            assert slots.slot[cell] == slot
            found[cell] = bits
    assert len(found) == len(slots.slot)
    return found


def facts_kept(table):
    """The same facts as the table keeps them."""
    return {
        "cards": dict(table.cards),
        "faces": {cell: f.code for cell, f in table.faces.items()},
        "need": dict(table.need),
        "frontier": list(table.frontier()),
        "in_order": [(cell, f.code) for cell, f in table.in_order()],
        "largest": [table.largest_group(1 << i) for i in range(5)],
        "slots": slot_facts(table),
    }


@pytest.mark.parametrize("ruleset, options, players", GAMES)
def test_the_kept_frontier_and_groups_equal_those_worked_out_afresh(ruleset, options, players):
    """Through whole games (moved, zapped and reshuffled cards too), with the sorted frontier asked for early
    so that it is edited card by card from then on."""
    game = load_ruleset(ruleset, options)
    checked = seed = 0
    while checked < 200:
        state = game.new_state([f"P{i}" for i in range(players)], seed=seed)
        state.table.frontier()
        state.table.slots()
        bots = [RandomPlayer(seed * 7 + s) for s in range(players)]
        while not state.over:
            game.apply_unchecked(state, bots[state.turn].choose(game, game.observe(state, state.turn)))
            assert facts_kept(state.table) == table_facts(state.table)
            checked += 1
        seed += 1


def test_a_table_copy_and_its_original_change_apart():
    game = load_ruleset("aquarius")
    *_, state = play_random(game, 3, seed=5, steps=40)
    table = state.table
    table.frontier()
    table.slots()
    before = table_facts(table)
    copy = table.copy()
    other = copy.copy()
    free = sorted(table.need)[0]
    card = next(c for c in game.play_ids() if game.deck.cards[c].kind == "element" and c not in table.cards.values())
    copy.place(free, card, game.deck.cards[card].code)  # the copy changes: the others do not
    assert table_facts(table) == before == facts_kept(table) == facts_kept(other)
    assert free in copy.cards and facts_kept(copy) == table_facts(copy)
    lifted = sorted(table.cards)[-1]
    table.remove(lifted)  # the original changes: its copies do not
    assert lifted not in table.cards and facts_kept(table) == table_facts(table)
    assert lifted in other.cards and facts_kept(other) == before
    assert lifted in copy.cards and free in copy.cards
    other.remove(lifted)
    assert facts_kept(other) == table_facts(other) == table_facts(table)


def test_an_observation_kept_while_the_game_goes_on_does_not_change():
    game = load_ruleset("aquarius")
    state = game.new_state(["A", "B", "C"], seed=2)
    bots = [RandomPlayer(s) for s in range(3)]
    kept = []
    for _ in range(30):
        seen = observe(game, state, state.turn)
        kept.append((seen, seen.view.to_dict()))
        game.apply_unchecked(state, bots[state.turn].choose(game, seen))
    for seen, then in kept:
        assert seen.view.to_dict() == then


def test_a_view_changed_by_its_holder_leaves_the_state_alone():
    game = load_ruleset("aquarius")
    *_, state = play_random(game, 2, seed=4, steps=12)
    before = state.to_dict()
    view = observe(game, state, 0).view
    move = game.choose_move(view, lambda n: 0)
    view.table.place(move.cell, -1, move.lies_as)
    view.table.remove((0, 0))
    view.hands[0].clear()
    assert state.to_dict() == before
    assert (0, 0) in state.table.cards and move.cell not in state.table.cards


@pytest.mark.parametrize("ruleset, options, players", GAMES)
def test_lazy_move_groups_list_the_same_moves_by_index_and_in_order(ruleset, options, players):
    """Each group's i-th move is its i-th in iteration, and choose_move(i) is legal_moves(state)[i]."""
    game = load_ruleset(ruleset, options)
    chooser = random.Random(3)
    checked = seed = 0
    while checked < 150:
        seed += 1
        for state in play_random(game, players, seed=seed, steps=70):
            groups = game._move_groups(state)
            for group in groups:
                listed = list(group)
                assert len(listed) == len(group)
                assert [group[i] for i in range(len(group))] == listed
            moves = game.legal_moves(state)
            for _ in range(3):
                index = chooser.randrange(len(moves))
                assert game.choose_move(state, lambda n, index=index: index) == moves[index]
                checked += 1


def test_cells_remembered_per_frontier_follow_the_table():
    """The same game asked about two tables in turn answers for each table, not the last one asked."""
    game = load_ruleset("aquarius")
    states = [state.copy() for state in play_random(game, 2, seed=9, steps=30)][10::7]
    plain = [[str(m) for m in game.legal_moves(s)] for s in states]
    for _ in range(2):
        assert [[str(m) for m in game.legal_moves(s)] for s in reversed(states)] == plain[::-1]


def test_a_fresh_table_copied_before_any_card():
    table = Table()
    copy = table.copy()
    copy.place((0, 0), 1, "FWAE")
    assert not table.cards and table.frontier() == [] and len(copy.frontier()) == 4


@pytest.mark.parametrize("ruleset, options, players", GAMES)
def test_a_seat_lists_the_same_moves_from_its_observation_as_from_the_state(ruleset, options, players):
    """What lets the random player choose from the state itself (RandomPlayer.choose_in, simulate.play_game):
    the moves, group by group, are those its observation lists."""
    game = load_ruleset(ruleset, options)
    checked = seed = 0
    while checked < 300:
        seed += 1
        for state in play_random(game, players, seed=seed, steps=90):
            view = game.observe(state, state.turn).view
            assert [len(g) for g in game._move_groups(view)] == [len(g) for g in game._move_groups(state)]
            assert [str(m) for m in game.legal_moves(view)] == [str(m) for m in game.legal_moves(state)]
            checked += 1


def test_a_random_game_is_the_same_whether_the_players_observe_or_not():
    for ruleset, options, players in GAMES:
        game = load_ruleset(ruleset, options)
        for seed in range(3):
            state = game.new_state([f"Bot {i + 1}" for i in range(players)], seed=seed)
            bots = [RandomPlayer(seed * 31 + s) for s in range(players)]
            while not state.over:
                game.apply_unchecked(state, bots[state.turn].choose(game, game.observe(state, state.turn)))
            assert play_game(game, players, seed).to_dict() == state.to_dict()


@pytest.mark.parametrize("ruleset, options, players", [g for g in GAMES if g[0] in ("aquarius-rising", "elemental-towers")])
def test_family_data_shared_by_copies_changes_apart(ruleset, options, players):
    """Aquarius Rising's pyramids and supplies, Elemental Towers' pieces: copies share them until one changes."""
    game = load_ruleset(ruleset, options)
    for seed in range(3):
        state = game.new_state([f"P{i}" for i in range(players)], seed=seed)
        bots = [RandomPlayer(s) for s in range(players)]
        kept = []
        while not state.over:
            copy = state.copy()
            kept.append((copy, copy.to_dict()))
            game.apply_unchecked(state, bots[state.turn].choose(game, observe(game, state, state.turn)))
        assert sum(copy.to_dict() != then for copy, then in kept) == 0
        assert kept[0][1] != state.to_dict()


def test_rising_spots_kept_as_the_game_goes_equal_spots_made_from_scratch():
    """Aquarius Rising's index of open and full spots (games/rising/spots.py), edited move by move, is the index
    made from scratch for the same state; and every spot it leaves out refuses every pyramid in every quarter."""
    from aquarius3d.games.rising.blocks import face_at, pyramid_reason
    from aquarius3d.games.rising.spots import built, marked
    from aquarius3d.games.rising.state import rising
    from aquarius3d.core.vocabulary import ALL_COLOURS, SIZES

    every = [size + colour for colour in ALL_COLOURS for size in SIZES]
    checked = refused = 0
    for options in ({"to_the_clouds": True, "sky_high": True}, {"dragon_start": True}):
        game = load_ruleset("aquarius-rising", options)
        for seed in range(4):
            for state in play_random(game, 3, seed=seed, steps=400):
                data = rising(state)
                kept = data.spots
                if kept is None or kept.mark is not marked(state.table):
                    continue
                fresh = built(state, data)
                assert (kept.ground, kept.upper, kept.full, kept.under) == \
                       (fresh.ground, fresh.upper, fresh.full, fresh.under)
                checked += 1
                listed = {(cell, 0) for cell, _, _ in kept.ground} | {where for where, _, _ in kept.upper}
                cards = [(cell, 0) for cell in state.table.faces] + list(data.storeys)
                for cell, level in cards:
                    if (cell, level) not in listed and face_at(state, cell, level):
                        assert all(pyramid_reason(state, cell, level, q, p) for q in range(4) for p in every)
                        refused += 1
    assert checked > 1000 and refused > 1000


def test_rising_spots_made_again_when_the_table_changes_under_them():
    """A card moved on the table by anything but the Rising blocks (a ruleset may give Rising an action that
    moves cards): the pyramid moves listed next are those the rules allow on the table as it is now."""
    from aquarius3d.engine.moves import PlacePyramid
    from aquarius3d.games.rising.blocks import face_at, pyramid_reason
    from aquarius3d.games.rising.state import rising

    game = load_ruleset("aquarius-rising")
    moved = 0
    for seed in range(6):
        for state in play_random(game, 3, seed=seed, steps=300):
            if state.phase != "pyramid" or len(state.table) < 6:
                continue
            game.legal_moves(state)  # the index is made for the table as it stands
            data = rising(state)
            bare = [cell for cell, _ in state.table.in_order()
                    if (cell, 0) not in data.pyramids and (cell, 1) not in data.storeys]
            target = next(cell for cell, _ in state.table.frontier())
            card_id, code = state.table.remove(bare[0])
            state.table.place(target, card_id, code)
            cards = [(c, 0) for c in state.table.faces] + list(data.storeys)
            tried = {
                PlacePyramid(p, cell, q, level)
                for cell, level in cards for q in range(4) for p in set(data.supply[state.turn])
                if face_at(state, cell, level) and pyramid_reason(state, cell, level, q, p) is None
            }
            assert set(game.legal_moves(state)) == tried
            moved += 1
            break
    assert moved == 6


@pytest.mark.parametrize("options", [{}, {"sky_high": True, "to_the_clouds": True}, {"dragon_start": True}])
def test_rising_keys_from_the_state_are_the_keys_of_its_houses(options):
    """Aquarius Rising's tie-break keys gathered straight from the state (the end of every game) are those of
    its houses as plain data (analyze's), to the bit, by either reading of the pips."""
    from aquarius3d.games.rising.houses import houses_of_state, ranking_keys, state_ranking_keys
    from aquarius3d.games.rising.state import rising

    game = load_ruleset("aquarius-rising", options)
    checked = 0
    for seed in range(3):
        for state in play_random(game, 3, seed=seed, steps=300):
            groups = {"earth": seed, "fire": 2}
            for pips in ("house", "height"):
                keys = state_ranking_keys(state, groups, pips)
                assert keys == ranking_keys(houses_of_state(state), groups, pips)
                assert list(keys) == list(ranking_keys(houses_of_state(state), groups, pips))
            checked += bool(rising(state).storeys)  # (states with houses of several storeys)
    assert checked > 50



def test_rising_offers_found_by_bits_are_the_offers_found_by_sorting():
    """The pyramids a supply offers each key, found from its kinds as a bit set, are those found by sorting it
    (the way taken for kinds outside the usual ones)."""
    from aquarius3d.games.rising import pyramid_moves

    chooser = random.Random(5)
    kinds = list(pyramid_moves._KIND_BIT)
    for _ in range(300):
        supply = chooser.sample(kinds, chooser.randrange(1, len(kinds)))
        bits = sum(pyramid_moves._KIND_BIT[k] for k in supply)
        assert pyramid_moves.offers_for(supply) == pyramid_moves._offers(frozenset(supply))
        assert pyramid_moves.offers_for(supply) is pyramid_moves._offers_of_bits(bits)


def test_a_table_that_does_not_keep_groups_makes_them_when_asked():
    """Elemental Towers' table keeps no union-finds; asked for a group, a table makes them from its cards, and
    answers as one that kept them card by card, then keeps them up to date."""
    game = load_ruleset("elemental-towers")
    for seed in range(12):
        for state in play_random(game, 1, seed=seed, steps=80):
            assert state.table._groups is None
            table = state.table.copy()
            assert [table.largest_group(1 << i) for i in range(5)] == table_facts(table)["largest"]
            assert state.table._groups is None  # the copy made its own (unless the sizes were known already)
            for cell, card_face in sorted(table.faces.items())[:2]:
                for panel, mask in enumerate(card_face.panels):
                    for bit in (1 << i for i in range(5) if mask >> i & 1):
                        group = next(g for g in table.groups(bit) if (cell, panel) in g)
                        assert table.group_size(cell, panel, bit) == len(group)
            if len(table.cards) > 1:
                table.remove(sorted(table.cards)[0])
                assert facts_kept(table)["largest"] == table_facts(table)["largest"]


def test_move_a_card_lists_the_frontier_without_the_card_lifted():
    """Elemental Towers' Move a Card, counted from the cells only the moving card faces, lists what lifting it
    (Table.frontier_without) leaves: per card in cell order, each cell in frontier order, upright then turned."""
    from aquarius3d.engine.moves import MoveCard

    game = load_ruleset("elemental-towers")
    block = game.actions["move_a_card"]
    checked = 0
    for seed in range(30):
        for state in play_random(game, 1, seed=seed, steps=80):
            table = state.table
            expected = []
            for source in sorted(table.cards):
                ways = (False,) if table.faces[source].symmetric else (False, True)
                for cell, _ in table.frontier_without(source):
                    if cell != source:
                        expected += [MoveCard(source, cell, turned) for turned in ways]
            groups = block.move_groups(game, state, 0)
            assert [m for g in groups for m in g] == expected
            assert [g[i] for g in groups for i in range(len(g))] == expected
            assert block.possible(state) == bool(expected)
            checked += 1
    assert checked > 500


def test_placements_on_every_frontier_cell_are_the_blocks_cells_in_order():
    """edge_to_edge declares every_frontier_cell: the engine lists a hand's placements as one group over the
    frontier, sorted when asked; they are the block's cells for each card and way up, in that order."""
    from aquarius3d.core.cards import face
    from aquarius3d.engine.moves import Place

    game = load_ruleset("elemental-towers")
    assert game.placement.every_frontier_cell
    checked = 0
    for seed in range(25):
        for state in play_random(game, 1, seed=seed, steps=80):
            if state.phase != "play" or not state.table.cards:
                continue
            expected = []
            for code in sorted({game.deck.cards[c].code for c in state.hands[0]}):
                upright = face(code)
                for turned in ((False,) if upright.symmetric else (False, True)):
                    lies = upright.turned if turned else upright
                    expected += [Place(code, cell, turned) for cell in game.placement.cells(state.table, lies)]
            assert game.legal_moves(state) == expected
            assert [game.choose_move(state, lambda n, i=i: i) for i in range(len(expected))] == expected
            checked += 1
    assert checked > 300


def union_find_facts(table):
    """Per element, the union-find's groups as sets of (cell, panel), and whether every root, and only roots,
    has its group's size."""
    from aquarius3d.engine.unions import CELLS, _find

    found = []
    for i in range(5):
        parent, size = table._groups[1 << i]
        groups = {}
        for node in list(parent):
            groups.setdefault(_find(parent, node), set()).add((CELLS[node >> 3], node & 7))
        assert set(size) == set(groups)
        assert all(size[root] == len(group) for root, group in groups.items())
        found.append(sorted(sorted(g) for g in groups.values()))
    return found


@pytest.mark.parametrize("ruleset, options, players", [("aquarius", {}, 4), ("aquarius", {"single_action": "move_a_card"}, 2),
                                                        ("aquarius", {"first_edition": True}, 3)])
def test_groups_split_by_a_lifted_card_are_the_groups_found_afresh(ruleset, options, players):
    """A card moved or zapped splits the groups that held its panels (unions.PanelGroups._split, walked from its
    neighbours): after every move, the union-finds group the panels as a walk over the table does, with sizes
    kept for roots only."""
    game = load_ruleset(ruleset, options)
    lifts = 0
    for seed in range(12):
        state = game.new_state([f"P{i}" for i in range(players)], seed=seed)
        bots = [RandomPlayer(seed * 5 + s) for s in range(players)]
        while not state.over:
            move = bots[state.turn].choose_in(game, state)
            lifts += type(move).__name__ in ("MoveCard", "Zap")
            game.apply_unchecked(state, move)
            afresh = [sorted(sorted(g) for g in state.table.groups(1 << i)) for i in range(5)]
            assert union_find_facts(state.table) == afresh
    assert lifts > 10


def test_a_table_sent_to_another_process_answers_for_its_groups_there():
    """Panel numbers are a process's own (unions.IDS): a pickled table leaves its union-finds behind and makes them
    again where it lands. A fresh process (where no cell has a number yet, or cells were numbered in another order)
    reads the same group sizes and legal moves as this one."""
    import pickle
    import subprocess
    import sys

    game = load_ruleset("aquarius")
    state = game.new_state(list("abcd"), seed=8)
    player = RandomPlayer(seed=8)
    for _ in range(30):
        if state.over:
            break
        game.apply(state, player.choose(game, game.observe(state, state.turn)))
    table = state.table
    here = [[table.group_size(cell, p, 1 << b) for cell, f in sorted(table.faces.items())
             for p, mask in enumerate(f.panels) if mask >> b & 1] for b in range(5)]
    child = (
        "import pickle, sys\n"
        "from aquarius3d.engine.unions import cell_id\n"
        "for x in range(-9, 10):\n"
        "    cell_id((x, 7))\n"  # other cells numbered first: a different numbering than this process's
        "table = pickle.loads(sys.stdin.buffer.read())\n"
        "print([[table.group_size(cell, p, 1 << b) for cell, f in sorted(table.faces.items())"
        " for p, mask in enumerate(f.panels) if mask >> b & 1] for b in range(5)])\n"
    )
    out = subprocess.run([sys.executable, "-c", child], input=pickle.dumps(table), capture_output=True, check=True)
    assert len(table) >= 20
    assert out.stdout.decode().strip() == str(here)
