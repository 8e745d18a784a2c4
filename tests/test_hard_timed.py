"""The window's `hard` player is timed (bots/deadline.py): every loop that spends its think time stops at a deadline in
wall time with the best answer so far, in every family and in Aquarius Rising's end game; the arena's is not.

No test here measures speed: the clocks are fake (still, already past, or passing after a given number of readings)
and what is counted is simulations. tools/bench_hard_times.py measures the move times themselves."""

import time

import pytest

from aquarius3d.bots import hard, make_player, rising_end
from aquarius3d.bots.hard import HardPlayer
from aquarius3d.bots.worker import Worker
from aquarius3d.rules.ruleset import load_ruleset
from aquarius3d.session import Seat, Session
from aquarius3d.session import suggestion

# (ruleset, players, moves played by medium players first; "end": Aquarius Rising's end game)
POSITIONS = [("aquarius", 4, 14), ("aquarius-rising", 3, 12), ("aquarius-rising", 3, "end"),
             ("elemental-towers", 1, 6), ("dominus", 2, 6)]
THINK = 0.2  # the budget, in simulations: what an untimed player runs


def position(ruleset, players, when):
    """A seeded position where hard searches: after `when` moves between medium players, or (when="end") the first
    card step of Aquarius Rising's end game, found in a game between random players (tests/test_rising_end.py)."""
    game = load_ruleset(ruleset)
    for seed in range(1, 20):
        state = game.new_state([f"p{s}" for s in range(players)], seed=seed)
        level = "random" if when == "end" else "medium"
        bots = [make_player(level, seed * 10 + s) for s in range(players)]
        for step in range(400):
            if state.over:
                break
            observation = game.observe(state, state.turn)
            several = len(game.legal_moves(state)) > 1
            if several and (rising_end.applies(game, observation) if when == "end" else step >= when):
                return game, state
            game.apply(state, bots[state.turn].choose(game, observation))
    raise AssertionError("no such position")


class StopsAfter:
    """A fake clock: still for `readings` readings (the deadline's own first, then one a simulation), then an hour
    on. StopsAfter(1): the deadline has passed at the first question."""

    def __init__(self, readings):
        self.left = readings

    def __call__(self):
        self.left -= 1
        return 0.0 if self.left >= 0 else 3600.0


@pytest.fixture
def simulations(monkeypatch):
    """Counts the simulations (the search's playouts, the end game's rollouts) as they run."""
    found = []
    playout, rollout = hard.play_until_my_turn, rising_end._rollout

    def counted(real):
        def run(*args, **kwargs):
            found.append(1)
            return real(*args, **kwargs)
        return run

    monkeypatch.setattr(hard, "play_until_my_turn", counted(playout))
    monkeypatch.setattr(rising_end, "_rollout", counted(rollout))
    return found


@pytest.mark.parametrize("ruleset, players, when", POSITIONS)
def test_a_deadline_already_passed_gives_mediums_first_choice_and_no_simulation(ruleset, players, when, simulations):
    game, state = position(ruleset, players, when)
    seen = game.observe(state, state.turn)
    move = HardPlayer(5, think=THINK, timed=True, clock=StopsAfter(1)).choose(game, seen)
    assert simulations == []
    assert move in game.legal_moves(state)
    assert move == HardPlayer(5, think=THINK, search="none").choose(game, seen)  # medium's, with the others read
    # the same with the real clock and a think time shorter than medium's ranking takes
    assert HardPlayer(5, think=1e-9, timed=True).choose(game, seen) == move and simulations == []


@pytest.mark.parametrize("ruleset, players, when", POSITIONS)
def test_a_deadline_that_never_comes_changes_nothing(ruleset, players, when, simulations):
    """Where the machine keeps up, the budget ends the search first: the timed player's move and random source are
    the untimed one's (so the window plays the arena's moves there)."""
    game, state = position(ruleset, players, when)
    seen = game.observe(state, state.turn)
    untimed = HardPlayer(5, think=THINK)
    move = untimed.choose(game, seen)
    spent = len(simulations)
    assert spent > 0  # a searched position
    timed = HardPlayer(5, think=THINK, timed=True, clock=lambda: 0.0)
    assert timed.choose(game, seen) == move
    assert len(simulations) == 2 * spent and timed.random.getstate() == untimed.random.getstate()


@pytest.mark.parametrize("ruleset, players, when, simulated", [
    ("aquarius", 4, 14, 7), ("aquarius-rising", 3, "end", 25), ("elemental-towers", 1, 6, 5), ("dominus", 2, 6, 13)])
def test_the_deadline_stops_the_search_between_simulations(ruleset, players, when, simulated, simulations):
    game, state = position(ruleset, players, when)
    seen = game.observe(state, state.turn)
    move = HardPlayer(5, think=THINK, timed=True, clock=StopsAfter(1 + simulated)).choose(game, seen)
    assert len(simulations) == simulated  # the deadline read before each simulation; far fewer than the budget
    assert move in game.legal_moves(state)


def test_ismcts_too_stops_at_the_deadline(simulations):
    game, state = position("aquarius", 4, 14)
    seen = game.observe(state, state.turn)
    assert HardPlayer(5, think=THINK, timed=True, search="ismcts", clock=StopsAfter(1)).choose(game, seen) \
        == HardPlayer(5, think=THINK, search="none").choose(game, seen)
    HardPlayer(5, think=THINK, timed=True, search="ismcts", clock=StopsAfter(4)).choose(game, seen)
    assert simulations == [1, 1, 1]


def test_the_deadline_holds_in_the_worker_process():
    """The window chooses in a worker process (bots/worker.py): the timed player goes there as it is, and its
    deadline is taken there, when it begins to choose."""
    game, state = position("aquarius-rising", 3, "end")
    seen = game.observe(state, state.turn)
    worker = Worker()
    try:
        worker.submit(game, HardPlayer(5, think=1e-9, timed=True), seen)
        give_up = time.monotonic() + 60
        while (answer := worker.poll()) is None:
            assert time.monotonic() < give_up, "no answer came"
            time.sleep(0.01)
    finally:
        worker.close()
    _, move, player = answer
    assert move == HardPlayer(5, think=THINK, search="none").choose(game, seen) and player.timed


def test_the_windows_seats_and_h_are_timed_the_arenas_are_not(monkeypatch):
    session = Session.new("aquarius", {}, [Seat("Ann"), Seat("Hal", "computer", "hard")], seed=3, autosave=False)
    assert session.bots[1].timed
    session.set_think(2.5)  # play --think
    assert session.bots[1].timed and session.bots[1].think == 2.5
    session.set_think(2.5, timed=False)
    assert not session.bots[1].timed
    session.set_think(None)
    assert suggestion.advisor(session)[0].timed

    from aquarius3d.bots import RandomPlayer
    from aquarius3d.commands import matches

    made = []

    def making(level, seed=0, think=None, timed=False):
        made.append((level, timed))
        return RandomPlayer(seed)

    monkeypatch.setattr(matches, "make_player", making)
    matches.play_one(load_ruleset("aquarius"), ["hard", "medium"], seed=1, index=0, think=0.2)
    assert made == [("hard", False), ("medium", False)]  # seed-exact budgets alone
    assert make_player("hard").timed is False and make_player("hard", timed=True).timed
