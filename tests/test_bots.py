"""Computer players: legal moves from what their seat may know, levels, and the arena."""

import json
import random
import subprocess
import sys

import pytest

from aquarius3d.commands.arena import arena
from aquarius3d.commands.matches import play_one, seating, wilson
from aquarius3d.bots import DEFAULT_LEVEL, LEVELS, level_name, make_player
from aquarius3d.engine.hidden import HIDDEN, Observation, unused_goals_public
from aquarius3d.core.errors import DataError
from aquarius3d.rules.ruleset import load_ruleset

from helpers import play_random, sweep

QUICK = 0.02  # seconds: the smallest budget of the searching level (its fewest simulations), to keep tests short
GAMES = [("aquarius", {}, 4), ("aquarius", {"first_edition": True}, 3), ("aquarius", {"basic": True}, 2),
         ("aquarius", {"elemental_connections": True}, 3), ("aquarius-rising", {}, 3),
         ("elemental-towers", {}, 1), ("elemental-towers", {"draft": True}, 1), ("dominus", {}, 2)]


def positions(game, players, seeds=range(2), steps=80, every=3):
    for seed in seeds:
        for i, state in enumerate(play_random(game, players, seed=seed, steps=steps)):
            if i % every == 0:
                yield state.copy()


@pytest.mark.parametrize("ruleset, options, players", sweep(GAMES))
def test_every_level_plays_a_legal_move_from_its_observation(ruleset, options, players):
    game = load_ruleset(ruleset, options)
    tried = 0
    for state in positions(game, players):
        before = state.to_dict()
        for level in LEVELS:
            move = make_player(level, seed=tried, think=QUICK).choose(game, game.observe(state, state.turn))
            game.check(state, move)  # raises IllegalMove when it is not legal
        assert state.to_dict() == before  # choosing touches nothing real
        tried += 1
    assert tried >= 5


def shuffle_the_unseen(game, state, seat, rng):
    """The same position as `seat` sees it, with every card it cannot see dealt again at random
    (Elemental Towers' scoring row, its unused goals, lies face up: it stays)."""
    other = state.copy()
    row_seen = unused_goals_public(game)
    for kind in ("play", "goal"):
        places = []
        if kind == "play":
            places = [other.hands[s] for s in range(len(other.hands)) if s != seat] + [other.deck]
            if other.data is not None:  # a family's hidden piles (Elemental Towers: the box, the draft's pool)
                places += [pile for kind, pile in other.data.hidden() if kind == "play"]
        else:
            slots = [s for s, g in enumerate(other.goals) if s != seat and g is not None]
            pool = [other.goals[s] for s in slots] + ([] if row_seen else other.unused_goals)
            rng.shuffle(pool)
            for s in slots:
                other.goals[s] = pool.pop()
            if not row_seen:
                other.unused_goals = pool
            continue
        pool = [c for place in places for c in place]
        rng.shuffle(pool)
        for place in places:
            place[:] = [pool.pop() for _ in place]
    return other


@pytest.mark.parametrize("ruleset, options, players", sweep(GAMES))
def test_what_a_player_cannot_see_does_not_change_its_choice(ruleset, options, players):
    game = load_ruleset(ruleset, options)
    rng = random.Random(5)
    differed = 0
    for n, state in enumerate(positions(game, players, steps=60, every=2)):
        seat = state.turn
        other = shuffle_the_unseen(game, state, seat, rng)
        differed += other.to_dict() != state.to_dict()
        for level in LEVELS:
            one = make_player(level, seed=n, think=QUICK).choose(game, game.observe(state, seat))
            two = make_player(level, seed=n, think=QUICK).choose(game, game.observe(other, seat))
            assert one == two, f"{level} chose {one} and {two} in the same position as seat {seat} sees it"
    assert differed >= 5


def test_levels_by_name():
    assert level_name("bot") == level_name("Computer") == DEFAULT_LEVEL == "medium"
    assert level_name(" Easy ") == "easy" and set(LEVELS) == {"random", "easy", "medium", "hard"}
    with pytest.raises(ValueError, match=r"unknown computer level 'genius' \(levels: random, easy, medium, hard"):
        level_name("genius")
    assert make_player("bot").level == "medium" and make_player("random", seed=3, think=2.0).think == 2.0


def test_a_seed_gives_the_same_choices():
    game = load_ruleset("aquarius")
    for level in LEVELS:
        for state in positions(game, 3, seeds=[4], steps=30, every=5):
            seen = game.observe(state, state.turn)
            assert (make_player(level, 11, think=QUICK).choose(game, seen)
                    == make_player(level, 11, think=QUICK).choose(game, seen))


def test_medium_takes_a_winning_placement():
    """Seat 0 holds a card that completes its goal group: medium plays it (easy need not)."""
    game = load_ruleset("aquarius")
    for seed in range(60):
        for state in play_random(game, 4, seed=seed, steps=200):
            seat = state.turn
            wins = []
            for move in game.legal_moves(state):
                trial = state.copy()
                game.apply(trial, move)
                if trial.winners == [seat]:
                    wins.append(move)
            if wins and len(wins) < len(game.legal_moves(state)):
                choice = make_player("medium", 1).choose(game, game.observe(state, seat))
                trial = state.copy()
                game.apply(trial, choice)
                assert trial.winners == [seat], f"medium played {choice} instead of one of {wins}"
                return
    pytest.fail("no position with a winning move found")


# -- the arena -----------------------------------------------------------------------------------


def test_seats_rotate_so_that_no_entrant_keeps_the_first_seat():
    for n in (1, 2, 4, 5):
        firsts = [seating(n, i)[0] for i in range(3 * n)]
        assert sorted(firsts) == sorted(list(range(n)) * 3)
        assert all(sorted(seating(n, i)) == list(range(n)) for i in range(n))


def test_wilson_interval():
    low, high = wilson(85, 100)
    assert 0.76 < low < 0.77 and 0.90 < high < 0.92
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0


def run_arena(*args):
    done = subprocess.run([sys.executable, "-m", "aquarius3d", "arena", *args], capture_output=True, text=True,
                          timeout=600)
    return done


def test_arena_json_shape_and_workers_give_the_same_results():
    one = run_arena("aquarius", "--players", "medium,random,easy", "--games", "6", "--seed", "8", "--json")
    two = run_arena("aquarius", "--players", "medium,random,easy", "--games", "6", "--seed", "8", "--json",
                    "--workers", "2")
    assert one.returncode == 0 and two.returncode == 0, one.stderr + two.stderr
    a, b = json.loads(one.stdout), json.loads(two.stdout)
    assert set(a) == {"ruleset", "players", "games", "wins", "draws", "mean_score", "mean_move_ms"}
    assert a["ruleset"] == "aquarius" and a["players"] == ["medium", "random", "easy"] and a["games"] == 6
    assert all(len(a[key]) == 3 for key in ("wins", "mean_score", "mean_move_ms"))
    assert sum(a["wins"]) + a["draws"] == 6  # a game has one winner, or is shared
    assert all(ms > 0 for ms in a["mean_move_ms"])
    a.pop("mean_move_ms"), b.pop("mean_move_ms")
    assert a == b
    assert one.stderr == ""  # no progress bar when stderr is not a terminal


def test_arena_text_and_mistakes():
    done = run_arena("dominus", "--players", "medium,bot", "--games", "3", "--seed", "2")
    assert done.returncode == 0
    assert "3 games of Dominus, seed 2, seats rotated" in done.stdout and "95%" in done.stdout
    assert "draws" in done.stdout
    bad = run_arena("aquarius", "--players", "medium,genius", "--games", "2")
    assert bad.returncode == 2 and bad.stderr.startswith("aquarius3d: --players: entrant 2: unknown computer level")
    bad = run_arena("aquarius", "--players", "medium", "--games", "2")
    assert bad.returncode == 2 and "aquarius is for 2 to 5 players, not 1" in bad.stderr


def test_arena_scores_per_family():
    towers = load_ruleset("elemental-towers")
    result = arena(towers, ["random"], games=3, seed=1)
    assert result["wins"][0] <= 3 and result["mean_score"][0] >= 0 and result["draws"] == 0
    game = play_one(towers, ["medium"], seed=1, index=0)
    assert game["won"] == [int(game["score"][0] >= 11)] and not game["draw"]
    dominus = load_ruleset("dominus")
    game = play_one(dominus, ["medium", "random"], seed=3, index=1)
    assert sum(game["won"]) + game["draw"] == 1
    assert max(game["score"]) > 0  # the winner's points: what the others held


def test_medium_beats_three_random_players_in_aquarius():
    """60 four-player games; a seat's fair share is 15 wins. Seed chosen once (2026), not tuned."""
    result = arena(load_ruleset("aquarius"), ["medium", "random", "random", "random"], games=60, seed=2026,
                   workers=2)
    assert result["wins"][0] >= 30, result


# -- the session and the command line -----------------------------------------------------------------


def test_session_computers_get_only_their_observation(tmp_path, monkeypatch):
    monkeypatch.setenv("AQUARIUS3D_HOME", str(tmp_path))
    from aquarius3d.session import Seat, Session

    session = Session.new("aquarius", {}, [Seat("Ann", "computer", "easy"), Seat("Bo", "computer", "random")],
                          seed=3, autosave=False)
    assert [type(p).__name__ for p in session.bots.values()] == ["EasyPlayer", "RandomPlayer"]
    seen = []
    for player in session.bots.values():
        choose = player.choose

        def spy(game, observation, choose=choose):
            assert isinstance(observation, Observation)
            other = 1 - observation.seat
            assert all(card == HIDDEN for card in observation.view.hands[other])
            seen.append(observation.seat)
            return choose(game, observation)

        player.choose = spy
    for _ in range(6):
        assert session.computer_move()
    assert seen[:2] == [0, 1]
    record = session.record()
    assert [s.get("level") for s in record["seats"]] == ["easy", "random"]
    again = Session.from_record(json.loads(json.dumps(record)), autosave=False)
    assert again.seats == session.seats and again.state == session.state


def test_a_saved_game_with_an_unknown_level_is_refused(tmp_path):
    from aquarius3d.files import saves

    record = {"format": saves.FORMAT, "ruleset": "aquarius", "options": {}, "seed": 1, "players": ["Ann", "Bo"], "moves": [],
              "seats": [{"name": "Ann", "kind": "human"}, {"name": "Bo", "kind": "computer", "level": "genius"}]}
    path = tmp_path / "x.json"
    path.write_text(json.dumps(record))
    from aquarius3d.session import Session

    with pytest.raises(DataError, match=r"^x.json: seats\[1\]: level: 'genius' is not a computer level \(random"):
        Session.load(path)


def test_players_on_the_command_line_name_levels():
    from aquarius3d.cli import parse_players

    seats = parse_players("Ann,medium,easy:Hal,bot,random")
    assert [(s.name, s.kind) for s in seats] == [("Ann", "human"), ("Bot 1", "computer"), ("Hal", "computer"),
                                                 ("Bot 3", "computer"), ("Bot 4", "computer")]
    assert [s.level for s in seats[1:]] == ["medium", "easy", "medium", "random"]
    ann, hal = parse_players("Ann,hard:Hal")
    assert (ann.kind, hal.kind, hal.name, hal.level) == ("human", "computer", "Hal", "hard")


def test_medium_plays_when_its_only_cards_are_move_a_card():
    """With nothing in hand but Move a Card, every legal move is a card moved: medium still picks one."""
    game = load_ruleset("aquarius", {"single_action": "move_a_card"})
    mover = next(i for i, c in enumerate(game.deck.cards) if c.kind == "action" and c.code == "move_a_card")
    tried = 0
    for state in positions(game, 3, seeds=range(4), steps=60, every=4):
        if len(state.table.cards) < 2 or state.phase != "play":
            continue
        for pile in [*state.hands, state.deck, state.discard]:
            if mover in pile:
                pile.remove(mover)
        state.deck.extend(state.hands[state.turn])
        state.hands[state.turn] = [mover]
        for level in ("medium", "easy"):
            game.check(state, make_player(level, 2).choose(game, game.observe(state, state.turn)))
        tried += 1
    assert tried >= 5


def test_the_progress_bar_shows_only_on_a_terminal():
    import io

    from aquarius3d.commands.arena import progress_bar

    class Terminal(io.StringIO):
        def isatty(self):
            return True

    assert progress_bar(io.StringIO()) is None
    screen = Terminal()
    show = progress_bar(screen)
    result = arena(load_ruleset("dominus"), ["random", "easy"], games=3, seed=4, progress=show)
    assert screen.getvalue().endswith("] 3/3 games\n") and "1/3 games" in screen.getvalue()
    assert sum(result["wins"]) + result["draws"] == 3


def test_medium_raises_its_goal_element_in_rising():
    """In the pyramid step, when one pyramid would put the seat's goal element highest of all, medium plays one
    that does (its judgement sees heights by the rule's tie-break chain); a random player need not. Only
    positions where the seat knows no other goal's place: then every other element may be a rival's."""
    game = load_ruleset("aquarius-rising")
    tried = 0
    for state in positions(game, 3, seeds=range(12), steps=120, every=1):
        if state.phase != "pyramid":
            continue
        seat = state.turn
        goal = game.deck.cards[state.goals[seat]].code
        if any(kind == "goal" for kind, _ in game.observe(state, seat).known.values()):
            continue
        leading = []
        for move in game.legal_moves(state):
            trial = state.copy()
            game.apply(trial, move)
            keys = game.end.keys(trial)
            if goal in keys and all(keys[goal] > k for e, k in keys.items() if e != goal):
                leading.append(move)
        if not leading or len(leading) == len(game.legal_moves(state)):
            continue
        choice = make_player("medium", 3).choose(game, game.observe(state, seat))
        assert choice in leading, f"medium played {choice}, not one of {leading}"
        tried += 1
    assert tried >= 3


def test_towers_medium_values_stacking_over_pieces_side_by_side():
    """A small pyramid stacked on its medium neighbour is worth more than the two side by side (else medium
    builds lone pyramids all game and never moves one onto another)."""
    from aquarius3d.bots.towers_eval import position_value
    from aquarius3d.games.towers.pieces import neighbours_of_space, pieces_of

    game = load_ruleset("elemental-towers")
    state = game.new_state(["solo"], seed=4)  # the starter is a quad: four small spaces
    assert ((0, 0), "TR") in neighbours_of_space(state, (0, 0), "TL")
    side = state.copy()
    pieces_of(side)[(0, 0)] = {"TL": ["Mr"], "TR": ["Sr"]}
    stacked = state.copy()
    pieces_of(stacked)[(0, 0)] = {"TL": ["Mr", "Sr"]}
    assert position_value(game, stacked) > position_value(game, side)
