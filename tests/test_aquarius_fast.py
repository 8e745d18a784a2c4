"""The quick judgement of the replies `hard` imagines in Aquarius (bots/aquarius_fast.py) scores every move as
medium's own evaluation does (with the same cap on card moves tried, drawing the same chances), only faster."""

import random

import pytest

from aquarius3d.bots import aquarius_eval, aquarius_fast, make_player
from aquarius3d.engine.moves import MoveCard, Place, Zap
from aquarius3d.rules.ruleset import load_ruleset

from helpers import play_random


def positions(game, seed):
    """Positions of random play (actions of every kind) and of medium play (groups near the target)."""
    yield from (state.copy() for state in play_random(game, 4, seed=seed, steps=120))
    state = game.new_state([f"p{i}" for i in range(4)], seed=seed)
    bots = [make_player("medium", seed * 10 + i) for i in range(4)]
    while not state.over:
        yield state.copy()
        game.apply(state, bots[state.turn].choose(game, game.observe(state, state.turn)))


@pytest.mark.parametrize("options", [{}, {"first_edition": True}])
def test_the_quick_judgement_gives_medium_scores(options):
    game = load_ruleset("aquarius", options)
    kinds = set()
    compared = 0
    for seed in range(2):
        for state in positions(game, seed):
            seen = game.observe(state, state.turn)
            moves = game.legal_moves(seen.view)
            full = aquarius_eval.score_moves(game, seen, moves, random.Random(1), aquarius_fast.MOVE_CARD_LIMIT)
            quick = aquarius_fast.score_moves(game, seen, moves, random.Random(1))
            assert len(quick) == len(full) and {m for _, m in quick} == {m for _, m in full}
            expected = {move: score for score, move in full}
            for score, move in quick:
                assert score == pytest.approx(expected[move], abs=1e-9), (move, state.to_dict())
                kinds.add(type(move))
            compared += 1
    assert compared > 100 and {Place, Zap, MoveCard} <= kinds
