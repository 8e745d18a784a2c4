"""The engine: setup, turn flow, actions' edge cases, hidden information, notation, records."""

import json
import random

import pytest
from hypothesis import given, settings, strategies as st

from aquarius3d.engine import IllegalMove, State, parse_move
from aquarius3d.engine.moves import MoveCard, Pass, Place
from aquarius3d.core.errors import MoveSyntaxError
from aquarius3d.rules.ruleset import load_ruleset

from helpers import assert_every_card_once, play_random

GAME = load_ruleset("aquarius")
FIRST = load_ruleset("aquarius", {"first_edition": True})


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup(players):
    state = GAME.new_state([f"P{i}" for i in range(players)], seed=players)
    cards = GAME.deck.cards
    assert [len(h) for h in state.hands] == [4] + [3] * (players - 1)  # the first player has drawn
    goals = [cards[g].code for g in state.goals]
    assert len(set(goals)) == players
    assert len(state.unused_goals) == 5 - players
    assert list(state.table.cards) == [(0, 0)]
    assert cards[state.table.cards[(0, 0)]].kind == "element"
    assert all(cards[c].kind != "goal" for c in state.deck)
    assert_every_card_once(GAME, state)


def test_too_many_players():
    with pytest.raises(ValueError, match="2 to 5 players, not 6"):
        GAME.new_state(["a"] * 6)


def test_an_action_turned_up_as_starter_goes_into_the_middle_of_the_deck():
    state = GAME.new_state(["A", "B"], seed=1)
    cards = GAME.deck.cards
    actions = [i for i in GAME.play_ids() if cards[i].kind == "action"][:2]
    element = state.table.remove((0, 0))[0]
    rest = [c for c in state.deck if c not in actions]
    state.deck = rest[:10] + [element] + actions  # top of the deck is the end
    GAME.setup.flip_starter(GAME, state)
    assert state.table.cards == {(0, 0): element}
    # Both actions went back into the middle of the ten remaining cards.
    assert len(state.deck) == 12
    assert state.deck.index(actions[0]) == 5 and state.deck.index(actions[1]) == 6


def test_zapping_the_last_card_flips_a_new_starter():
    state = GAME.new_state(["A", "B"], seed=5)
    zap = next(i for i in state.deck if GAME.deck.cards[i].code == "zap_a_card")
    state.deck.remove(zap)
    state.hands[0].append(zap)
    before = len(state.deck)
    GAME.apply(state, "zap 0,0")
    assert len(state.table) == 1 and (0, 0) in state.table.cards
    assert GAME.deck.cards[state.table.cards[(0, 0)]].kind == "element"
    assert len(state.deck) == before - 1 - 1  # the new starter, then the next player's draw
    assert_every_card_once(GAME, state)


def test_empty_table_with_no_starter_left_takes_any_card_at_the_centre():
    state = GAME.new_state(["A", "B"], seed=5)
    zap = next(i for i in state.deck if GAME.deck.cards[i].code == "zap_a_card")
    state.discard += [c for c in state.deck if c != zap]
    state.deck = []
    state.hands[0].append(zap)
    GAME.apply(state, "zap 0,0")
    assert len(state.table) == 0
    moves = GAME.legal_moves(state)
    assert moves and all(isinstance(m, Place) and m.cell == (0, 0) for m in moves if isinstance(m, Place))
    with pytest.raises(IllegalMove, match="the table is empty: the first card goes at 0,0"):
        first = next(m for m in moves if isinstance(m, Place))
        GAME.apply(state, Place(first.code, (3, 3)))


def drained(seed=11):
    """A two-player game whose deck is gone."""
    state = GAME.new_state(["A", "B"], seed=seed)
    state.discard += state.deck
    state.deck = []
    return state


def test_deck_out_ends_when_all_cards_are_played_and_closest_to_seven_wins():
    state = drained()
    cards = GAME.deck.cards
    while not state.over:
        moves = GAME.legal_moves(state)
        GAME.apply(state, moves[0])
    assert state.end_reason in ("goal", "deck out")
    if state.end_reason == "deck out":
        assert not any(state.hands) or state.passes >= 2
        distance = {
            s: abs(7 - state.table.largest_group(1 << "EAFWS".index(cards[g].code[0].upper())))
            for s, g in enumerate(state.goals)
        }
        best = min(distance.values())
        assert state.winners == [s for s, d in distance.items() if d == best]


def test_deck_out_ends_after_a_round_of_passes():
    state = drained()
    cards = GAME.deck.cards
    # The table shows fire only and both players hold water aces: nobody can play.
    fire = next(i for i in GAME.play_ids() if cards[i].code == "FFFF")
    waters = [i for i in GAME.play_ids() if cards[i].code == "WWWW"][:2]
    state.discard += [c for hand in state.hands for c in hand] + list(state.table.cards.values())
    state.table = type(state.table)()
    state.table.place((0, 0), fire, "FFFF")
    state.hands = [[waters[0]], [waters[1]]]
    state.discard = [c for c in state.discard if c not in waters and c != fire]
    assert_every_card_once(GAME, state)
    GAME.apply(state, "pass")
    assert not state.over
    GAME.apply(state, "pass")
    assert state.over and state.end_reason == "deck out"


def test_a_refused_move_changes_nothing():
    for state in play_random(GAME, 3, seed=2, steps=40):
        before = json.dumps(state.to_dict())
        for text in ("zap 40,40", "place FFFF @ 40,40", "trade-hands 9", "move 40,40 -> 0,1", "rotate-goals left"):
            try:
                GAME.check(state, text)
            except IllegalMove:
                with pytest.raises(IllegalMove):
                    GAME.apply(state, text)
            assert json.dumps(state.to_dict()) == before


def test_observation_never_shows_hidden_cards():
    for state in play_random(GAME, 4, seed=8, steps=60):
        for seat in range(4):
            seen = GAME.observation(state, seat)
            # Change everything the player may not know; what they see must not change.
            other = state.copy()
            random.Random(seat).shuffle(other.deck)
            pool = [c for s, h in enumerate(other.hands) if s != seat for c in h]
            hidden_goals = [g for s, g in enumerate(other.goals) if s != seat] + other.unused_goals
            random.Random(seat + 10).shuffle(pool)
            random.Random(seat + 20).shuffle(hidden_goals)
            for s in range(4):
                if s != seat:
                    n = len(other.hands[s])
                    other.hands[s], pool = pool[:n], pool[n:]
                    other.goals[s] = hidden_goals.pop()
            other.unused_goals = hidden_goals
            assert GAME.observation(other, seat) == seen
            assert seen["hand"] == [
                {"kind": GAME.deck.cards[c].kind, "code": GAME.deck.cards[c].code} for c in state.hands[seat]
            ]
            assert [g is not None for g in seen["goals"]] == [s == seat for s in range(4)]


def test_moves_print_and_parse_back():
    count = 0
    for state in play_random(GAME, 4, seed=3, steps=80):
        for move in GAME.legal_moves(state):
            assert parse_move(str(move)) == move
            count += 1
    assert count > 500


@pytest.mark.parametrize("text", ["place FWX @ 1,0", "zap", "move 1,0 2,0", "rotate-goals up", "", "place FFFF 1,0"])
def test_malformed_moves(text):
    with pytest.raises(MoveSyntaxError):
        parse_move(text)


def test_choose_move_is_legal_moves_at_an_index():
    for state in play_random(GAME, 3, seed=4, steps=60):
        moves = GAME.legal_moves(state)
        for k in {0, len(moves) // 2, len(moves) - 1}:
            assert GAME.choose_move(state, lambda n, k=k: k) == moves[k]


def test_move_a_card_moves_equal_brute_force():
    """Every generated Move a Card is accepted by check(); every accepted one is generated."""
    block = GAME.actions["move_a_card"]
    checked = 0
    for i, state in enumerate(play_random(FIRST, 2, seed=6, steps=50)):
        if i % 5:
            continue
        generated = set(block.moves(GAME, state, state.turn))
        cells = set(state.table.cards) | set(state.table.need)
        brute = set()
        for source in sorted(state.table.cards):
            for target in sorted(cells):
                for turned in (False, True):
                    if turned and state.table.faces[source].symmetric:
                        continue  # the same face: listed once, unturned
                    move = MoveCard(source, target, turned)
                    try:
                        block.check(GAME, state, state.turn, move)
                    except IllegalMove:
                        continue
                    brute.add(move)
        assert generated == brute
        checked += len(brute)
    assert checked > 100


def test_state_round_trips_through_plain_data():
    for state in play_random(GAME, 3, seed=9, steps=50):
        data = json.loads(json.dumps(state.to_dict()))
        again = State.from_dict(data)
        assert again == state
        assert GAME.legal_moves(again) == GAME.legal_moves(state)


def test_a_record_replays_to_the_identical_state():
    from aquarius3d.commands.simulate import play_game

    for seed in range(5):
        state = play_game(GAME, 4, seed)
        record = json.loads(json.dumps(GAME.record(state, seed)))
        assert GAME.replay(record) == state


def test_replaying_a_broken_record_names_the_move():
    record = {"ruleset": "aquarius", "options": {}, "seed": 1, "players": ["A", "B"], "moves": ["zap 9,9"]}
    with pytest.raises(IllegalMove, match=r"moves\[0\]: 'zap 9,9': "):
        GAME.replay(record)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32), st.integers(2, 5))
def test_same_seed_same_game(seed, players):
    from aquarius3d.commands.simulate import play_game

    a = play_game(GAME, players, seed)
    b = play_game(GAME, players, seed)
    assert a == b and a.over


def test_pass_is_the_only_move_when_stuck():
    state = GAME.new_state(["A", "B"], seed=1)
    cards = GAME.deck.cards
    state.table = type(state.table)()
    state.table.place((0, 0), next(i for i in GAME.play_ids() if cards[i].code == "FFFF"), "FFFF")
    state.hands[0] = [next(i for i in GAME.play_ids() if cards[i].code == "WWWW")]
    assert GAME.legal_moves(state) == [Pass()]


def test_union_find_groups_equal_a_plain_search():
    """The table's incremental groups agree with a search from scratch, through moves and zaps too."""
    checked = 0
    for seed in range(4):
        for state in play_random(GAME, 4, seed=seed, steps=80):
            table = state.table
            for bit in (1, 2, 4, 8, 16):
                groups = table.groups(bit)
                assert table.largest_group(bit) == max((len(g) for g in groups), default=0)
                for group in groups:
                    cell, panel = next(iter(group))
                    assert table.group_size(cell, panel, bit) == len(group)
                    checked += 1
    assert checked > 1000


@pytest.mark.parametrize("dragon", [False, True])
def test_pyramid_moves_equal_the_rules_tried_everywhere(dragon):
    """Aquarius Rising: the generated pyramid moves are exactly those pyramid_reason allows."""
    from aquarius3d.engine.moves import PlacePyramid
    from aquarius3d.games.rising.blocks import face_at, pyramid_reason
    from aquarius3d.games.rising.state import rising

    game = load_ruleset("aquarius-rising", {"to_the_clouds": True, "sky_high": True, "dragon_start": dragon})
    checked = 0
    for seed in range(3):
        for state in play_random(game, 3, seed=seed, steps=200):
            if state.phase != "pyramid":
                continue
            generated = set(game.legal_moves(state))
            cards = [(c, 0) for c in state.table.faces] + list(rising(state).storeys)
            tried = {
                PlacePyramid(p, cell, q, level)
                for cell, level in cards for q in range(4) for p in set(rising(state).supply[state.turn])
                if face_at(state, cell, level) and pyramid_reason(state, cell, level, q, p) is None
            }
            assert generated == tried
            checked += len(tried)
    assert checked > 200


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_rising_pyramids_divided_by_player_count(players):
    """Four Rainbow sets (60 pyramids) divided exactly as the rules say; trios added by the variants."""
    from collections import Counter

    game = load_ruleset("aquarius-rising")
    state = game.new_state([f"P{i}" for i in range(players)], seed=players)
    supplies = state.data.supply
    everything = Counter(p for supply in supplies for p in supply)
    if players == 2:
        assert [len(s) for s in supplies] == [30, 30]
        assert all(Counter(s) == Counter({p: 2 for p in s}) for s in supplies)  # two full sets each
    elif players == 3:
        assert [len(s) for s in supplies] == [20, 20, 20]  # a set plus five from the fourth set
        assert sum(everything.values()) == 60 and all(v == 4 for v in everything.values())
    elif players == 4:
        assert [len(s) for s in supplies] == [15] * 4 and all(len(set(s)) == 15 for s in supplies)
    else:
        assert [len(s) for s in supplies] == [12] * 5
        missing = [({"g", "y", "r", "b", "k"} - {p[1] for p in s}) for s in supplies]
        assert all(len(m) == 1 for m in missing) and len(set().union(*missing)) == 5  # each lacks a different colour
    assert sum(everything.values()) == 60 and all(v == 4 for v in everything.values())
    both = load_ruleset("aquarius-rising", {"to_the_clouds": True, "sky_high": True})
    state = both.new_state([f"P{i}" for i in range(players)], seed=players)
    for supply in state.data.supply:
        assert sorted(p for p in supply if p[1] in "wc") == ["Lc", "Lw", "Mc", "Mw", "Sc", "Sw"]


def test_rising_deck_is_the_forty_first_edition_element_cards_and_the_chosen_actions():
    from collections import Counter

    game = load_ruleset("aquarius-rising")
    cards = [game.deck.cards[i] for i in game.play_ids()]
    first = load_ruleset("aquarius", {"first_edition": True})
    first_elements = Counter(first.deck.cards[i].code for i in first.play_ids() if first.deck.cards[i].kind == "element")
    assert Counter(c.code for c in cards if c.kind == "element") == first_elements
    assert Counter(c.code for c in cards if c.kind == "action")["rotate_goals"] == 3
    older = load_ruleset("aquarius-rising", {"first_edition": True})
    assert Counter(older.deck.cards[i].code for i in older.play_ids())["shuffle_goals"] == 3


def test_the_aquarius_dragon_starts_the_table_and_bears_no_pyramid():
    """ "Alternately: Start with the Aquarius Dragon ... face-up on the table"; "No pyramids can be played on the
    Aquarius Dragon". Ruling: one wild panel of every element."""
    from aquarius3d.core.cards import ALL_ELEMENTS
    from aquarius3d.engine.moves import PlacePyramid
    from aquarius3d.games.rising.blocks import pyramid_reason
    from aquarius3d.commands.simulate import play_game

    plain = load_ruleset("aquarius-rising")
    game = load_ruleset("aquarius-rising", {"dragon_start": True})
    assert plain.dragon_ids() == [] and len(game.dragon_ids()) == 1 and game.play_ids() == plain.play_ids()
    dragon = game.dragon_ids()[0]
    for seed in range(4):
        state = game.new_state(["Ann", "Bo", "Cy"], seed=seed)
        assert state.table.cards == {(0, 0): dragon} and state.table.faces[(0, 0)].code == "D"
        assert state.table.faces[(0, 0)].panels == (ALL_ELEMENTS,)
        # No card is turned up as the starter: the hands and the deck hold every card of the draw pile.
        assert len(state.deck) + sum(map(len, state.hands)) == len(game.play_ids()) and state.discard == []
        assert_every_card_once(game, state)
        # Any element card connects to it: each element card in hand can go beside it.
        hand = [c for c in state.hands[0] if game.deck.cards[c].kind == "element"]
        assert hand
        for card_id in hand:
            assert any(isinstance(m, Place) and m.code == game.deck.cards[card_id].code for m in game.legal_moves(state))
        assert pyramid_reason(state, (0, 0), 0, 0, "Lr") == "no pyramid may be played on the Aquarius Dragon (at 0,0)"
        record = game.record(state, seed)
        assert game.replay(record) == state
    for state in play_random(game, 3, seed=5, steps=400):  # the Dragon is never offered a pyramid
        if state.phase == "pyramid":
            assert not any(isinstance(m, PlacePyramid) and m.cell == (0, 0) for m in game.legal_moves(state))
    for seed in range(6):  # whole games end, the Dragon still at 0,0 without a pyramid
        state = play_game(game, 2 + seed % 4, seed)
        assert state.over and state.winners and state.end_reason == "highest element"
        assert state.table.cards[(0, 0)] == dragon and not any(state.data.pyramids.get(((0, 0), 0)) or [])
        assert_every_card_once(game, state)


def test_dominus_complete_match_in_integer_steps_agrees_with_side_by_side():
    """matches_completely (the fast test used to list moves) says what side_matches says, for every face and need."""
    from aquarius3d.core.cards import SEG_BITS, face
    from aquarius3d.games.dominus.blocks import matches_completely, side_matches

    chooser = random.Random(4)
    codes = [c.code for c in load_ruleset("dominus").deck.cards if c.kind == "element"]
    for _ in range(3000):
        lies = face(chooser.choice(codes))
        need = 0
        for side in chooser.sample(range(4), chooser.randint(1, 4)):  # a neighbour faces both halves of a side
            for segment in (2 * side, 2 * side + 1):
                need |= chooser.choice((1, 2, 4, 8, 16, 31)) << (SEG_BITS * segment)
        assert matches_completely(lies.bits, need) == all(ok for _, ok in side_matches(lies.bits, need))


def test_rotate_goals_in_an_unknown_direction_is_an_illegal_move():
    from aquarius3d.engine.moves import RotateGoals

    state = GAME.new_state(["A", "B", "C"], seed=3)
    card = next(i for i in state.deck if GAME.deck.cards[i].code == "rotate_goals")
    state.deck.remove(card)
    state.hands[0].append(card)
    goals = list(state.goals)
    with pytest.raises(IllegalMove) as caught:
        GAME.apply(state, RotateGoals("up"))
    assert str(caught.value) == "goals rotate left or right, not 'up'"
    assert state.goals == goals and card in state.hands[0]
    GAME.apply(state, RotateGoals("left"))
    assert card not in state.hands[0] and state.goals != goals
