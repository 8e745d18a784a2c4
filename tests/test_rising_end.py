"""Aquarius Rising's end game for `hard` (bots/rising_end.py): rollouts to the last goal action."""

import random

from aquarius3d.bots import make_player, rising_end
from aquarius3d.bots.hard import HardPlayer
from aquarius3d.engine.moves import RotateGoals, TradeGoals, parse_move
from aquarius3d.rules.ruleset import load_ruleset


def end_positions(game, seeds):
    """Card steps near the end of the deck with goal actions to come, from games between random players."""
    for seed in seeds:
        state = game.new_state(["a", "b", "c"], seed=seed)
        bots = [make_player("random", seed * 10 + i) for i in range(3)]
        while not state.over:
            observation = game.observe(state, state.turn)
            if rising_end.applies(game, observation) and len(game.legal_moves(state)) > 1:
                yield state.copy()
                break
            game.apply(state, bots[state.turn].choose(game, observation))


def test_the_end_game_reads_nothing_its_seat_cannot_see():
    game = load_ruleset("aquarius-rising")
    rng = random.Random(3)
    tried = 0
    for n, state in enumerate(end_positions(game, seeds=[1, 2, 3, 4])):
        seat = state.turn
        other = game.determinize(game.observe(state, seat), rng)
        one = HardPlayer(n, think=0.05).choose(game, game.observe(state, seat))
        two = HardPlayer(n, think=0.05).choose(game, game.observe(other, seat))
        assert one == two, f"hard chose {one} and {two} in positions seat {seat} cannot tell apart"
        assert one in game.legal_moves(state)
        tried += 1
    assert tried >= 3


def test_an_early_goal_action_reads_as_a_random_player():
    game = load_ruleset("aquarius-rising")
    state = next(end_positions(game, seeds=[5]))
    observation = game.observe(state, state.turn)
    odds = rising_end.random_odds(game, observation)
    assert odds[observation.seat] == 0.0
    view = observation.view
    early = {s for s in range(3) if s != observation.seat and any(
        isinstance(parse_move(line.partition(": ")[2]), (TradeGoals, RotateGoals))
        for line in view.log[:-12] if line.startswith(f"{s}: "))}
    for s in range(3):
        if s in early:
            assert odds[s] > rising_end.PRIOR_RANDOM
        elif s != observation.seat:
            assert 0.0 < odds[s] < 1.0
