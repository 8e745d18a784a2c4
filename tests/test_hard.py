"""The `hard` computer player: honest search, a budget that does not depend on the clock, reading goals."""

import json
import random
import subprocess
import sys

import pytest

from aquarius3d.bots import hard, infer, make_player
from aquarius3d.bots.hard import HardPlayer, iterations
from aquarius3d.bots.kit import kit_of
from aquarius3d.bots.rising_eval import keys_and_open
from aquarius3d.rules.ruleset import load_ruleset

from helpers import play_random, sweep


def searched_positions(game, players, seeds, steps=60, every=4):
    """Positions from games between medium players where the seat to play has several moves."""
    for seed in seeds:
        state = game.new_state([f"p{i}" for i in range(players)], seed=seed)
        bots = [make_player("medium", seed * 10 + i) for i in range(players)]
        for step in range(steps):
            if state.over:
                break
            if step % every == 0 and len(game.legal_moves(state)) > 1:
                yield state.copy()
            game.apply(state, bots[state.turn].choose(game, game.observe(state, state.turn)))


@pytest.mark.parametrize("ruleset, players", sweep([("dominus", 2), ("aquarius", 4), ("aquarius-rising", 3)], by=None))
def test_hard_does_not_read_what_its_seat_cannot_see(ruleset, players):
    """The true state and another one its seat cannot tell from it (every hidden card dealt again, consistently
    with what the seat saw: Game.determinize of its observation) give hard the same move for the same seed."""
    game = load_ruleset(ruleset)
    rng = random.Random(8)
    tried = 0
    for n, state in enumerate(searched_positions(game, players, seeds=[1, 2, 3], steps=40, every=5)):
        seat = state.turn
        other = game.determinize(game.observe(state, seat), rng)
        assert other.to_dict() != state.to_dict() or not state.deck
        one = HardPlayer(n, think=0.1).choose(game, game.observe(state, seat))
        two = HardPlayer(n, think=0.1).choose(game, game.observe(other, seat))
        assert one == two, f"hard chose {one} and {two} in positions seat {seat} cannot tell apart"
        tried += 1
    assert tried >= 4


def test_the_budget_is_a_count_of_simulations_not_a_clock():
    game = load_ruleset("aquarius")
    assert iterations(game, 0.2) == round(0.2 * kit_of(game).rate)
    assert iterations(game, None) == round(hard.DEFAULT_THINK * kit_of(game).rate)
    assert iterations(game, 0.0001) == hard.MIN_ITERATIONS
    calls = []
    original = hard.simulate

    def counting(*args):
        calls.append(1)
        return original(*args)

    hard.simulate = counting
    try:
        for state in searched_positions(game, 3, seeds=[4], steps=30, every=6):
            before = len(calls)
            HardPlayer(1, think=0.1).choose(game, game.observe(state, state.turn))
            assert len(calls) - before in (0, iterations(game, 0.1))  # 0: a move decided without search
    finally:
        hard.simulate = original
    assert calls


def test_hard_plays_a_winning_move_at_once():
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
                choice = HardPlayer(1, think=0.05).choose(game, game.observe(state, seat))
                assert choice in wins
                return
    pytest.fail("no position with a winning move found")


@pytest.mark.parametrize("search", ["shallow", "ismcts"])
def test_both_searches_play_legal_moves(search):
    for ruleset, players in (("aquarius", 3), ("aquarius-rising", 2), ("elemental-towers", 1)):
        game = load_ruleset(ruleset)
        for state in searched_positions(game, players, seeds=[3], steps=30, every=7):
            game.check(state, HardPlayer(2, think=0.05, search=search).choose(game, game.observe(state, state.turn)))


def test_the_log_tells_who_builds_which_element():
    """After a few rounds between medium players, the element with the most evidence is usually the seat's
    goal (with four or five goal elements in play, chance alone would give one in four at best)."""
    game = load_ruleset("aquarius")
    right = total = 0
    for seed in range(8):
        state = game.new_state(list("abcd"), seed=seed)
        bots = [make_player("medium", i) for i in range(4)]
        for _ in range(24):
            if state.over:
                break
            game.apply(state, bots[state.turn].choose(game, game.observe(state, state.turn)))
        if state.over:
            continue
        found = infer.evidence(game, game.observe(state, 0))
        assert found[0] == {}
        for seat in (1, 2, 3):
            if found[seat]:
                total += 1
                right += max(found[seat], key=found[seat].get) == game.deck.cards[state.goals[seat]].code
    assert total >= 10 and right >= 0.5 * total, (right, total)


def test_leaning_worlds_stay_consistent_with_what_the_seat_saw():
    game = load_ruleset("aquarius")
    rng = random.Random(3)
    for state in searched_positions(game, 4, seeds=[5], steps=30, every=5):
        seat = state.turn
        seen = game.observe(state, seat)
        leanings = infer.evidence(game, seen)
        world = game.determinize(infer.leaning_observation(game, seen, leanings, rng), rng)
        assert world.hands[seat] == state.hands[seat] and world.goals[seat] == state.goals[seat]
        assert sorted(world.goals + world.unused_goals) == sorted(state.goals + state.unused_goals)
        assert world.table.faces == state.table.faces


@pytest.mark.parametrize("options", [{}, {"sky_high": True, "to_the_clouds": True}, {"dragon_start": True}])
def test_rising_keys_match_the_rules_tie_break_chain(options):
    """Medium's one-pass keys are the rule block's `ranking_keys`, in every variant."""
    game = load_ruleset("aquarius-rising", options)
    checked = 0
    for seed in range(3):
        for state in play_random(game, 3, seed=seed, steps=150):
            assert keys_and_open(game, state)[0] == game.end.keys(state)
            checked += 1
    assert checked > 100


def test_arena_with_hard_gives_the_same_results_whatever_the_workers():
    def run(*extra):
        done = subprocess.run([sys.executable, "-m", "aquarius3d", "arena", "aquarius", "--players", "hard,medium",
                               "--games", "4", "--seed", "12", "--think", "0.02", "--json", *extra],
                              capture_output=True, text=True, timeout=600)
        assert done.returncode == 0, done.stderr
        result = json.loads(done.stdout)
        result.pop("mean_move_ms")
        return result

    assert run() == run("--workers", "2")
