"""A family's one-step placement (engine/steps.py) plays exactly as the engine's phases.

Seeded games between random players are played twice, once with the game's step and once with the step
taken away (the engine's phases, block by block): after every move the states and the results must be the
same. Aquarius has a step for its usual blocks; its variants change blocks it knows or reaches it
differently (own targets, no bonus, the last card wins).
"""

from __future__ import annotations

import random

import pytest

from aquarius3d.engine.game import Game
from aquarius3d.engine.moves import Place
from aquarius3d.rules.ruleset import load_ruleset

CASES = [
    ("aquarius", {}, 2), ("aquarius", {}, 4), ("aquarius", {}, 5),
    ("aquarius", {"first_edition": True}, 3),
    ("aquarius", {"elemental_connections": True}, 2),
    ("aquarius", {"basic": True, "keep_wild": True}, 4),
    ("aquarius", {"single_action": "zap_a_card"}, 3),
    ("aquarius", {"target": 5}, 3),
]


def _result(done) -> tuple:
    return (str(done.move), done.seat, done.bonus, done.connected, list(done.winners), done.over)


def _play_both(game: Game, players: int, seed: int, targets=None) -> int:
    """Plays one seeded game with the step and without it, comparing after every move; the placements made."""
    step = game._place_step
    states = [game.new_state([f"p{s}" for s in range(players)], seed=seed, targets=targets) for _ in range(2)]
    chooser = random.Random(seed)
    placed = 0
    while not states[0].over:
        moves = game.legal_moves(states[0])
        assert [str(m) for m in moves] == [str(m) for m in game.legal_moves(states[1])]
        move = moves[chooser.randrange(len(moves))]
        placed += type(move) is Place
        game._place_step = step
        fast = game.apply_unchecked(states[0], move)
        game._place_step = None
        slow = game.apply_unchecked(states[1], move)
        game._place_step = step
        assert _result(fast) == _result(slow), (seed, str(move))
        assert states[0].to_dict() == states[1].to_dict(), (seed, str(move))
        assert states[0].table.bound == states[1].table.bound
    return placed


@pytest.mark.parametrize("ruleset,options,players", CASES)
def test_place_step_plays_as_the_phases(ruleset, options, players):
    game = load_ruleset(ruleset, options)
    assert game._place_step is not None  # these games have one: the comparison is not of the phases with themselves
    placed = sum(_play_both(game, players, seed) for seed in range(12))
    assert placed > 100


def test_place_step_with_own_targets():
    """Young players' own targets: the win is the block's, seat by seat."""
    game = load_ruleset("aquarius", {"basic": True})
    assert sum(_play_both(game, 3, seed, targets=[3, None, 5]) for seed in range(20)) > 50


def test_no_step_for_other_blocks():
    """Dominus draws until it can play and scores rounds: its placements go through the phases."""
    assert load_ruleset("dominus")._place_step is None
    assert load_ruleset("aquarius-rising")._place_step is None
    assert load_ruleset("elemental-towers")._place_step is None


def test_a_pickled_game_keeps_its_step():
    """A game sent to another process (a computer player thinking there) makes its step again."""
    import pickle

    game = load_ruleset("aquarius")
    again = pickle.loads(pickle.dumps(game))
    assert again._place_step is not None and again._place_step is not game._place_step
    assert sum(_play_both(again, 3, seed) for seed in range(3)) > 20
