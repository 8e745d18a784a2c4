"""The generic invariant test every ruleset passes (the OpenSpiel idea).

Random complete games: every legal move applies, an illegal one is refused
without a change, every card is in exactly one place at every step, the
observations hide what they must, and the record replays identically.
"""

import json
import random

import pytest

from aquarius3d.rules.ruleset import available, load_ruleset

from helpers import assert_every_card_once, sweep
from test_ruleset import option_combinations

CASES = [(name, options) for name in available() for options in option_combinations(name)]


@pytest.mark.parametrize("name, options", sweep(CASES), ids=[f"{n}-{o}" for n, o in CASES])
def test_random_playouts(name, options):
    game = load_ruleset(name, options)
    for seed in range(6):
        players = game.min_players + seed % (game.max_players - game.min_players + 1)
        state = game.new_state([f"P{i}" for i in range(players)], seed=seed)
        chooser = random.Random(seed)
        steps = 0
        while not state.over:
            assert_every_card_once(game, state)
            moves = game.legal_moves(state)
            assert moves, "a game that is not over always has a move (pass at least)"
            for move in moves[:3] + moves[-3:]:
                game.check(state, move)
            before = json.dumps(state.to_dict())
            with pytest.raises(ValueError):
                game.apply(state, "zap 999,999")
            assert json.dumps(state.to_dict()) == before
            for seat in range(players):
                seen = game.observation(state, seat)
                assert [g is not None for g in seen["goals"]] == [
                    s == seat and state.goals[s] is not None for s in range(players)
                ]
                assert seen["deck"] == len(state.deck) and "hands" not in seen
            game.apply(state, moves[chooser.randrange(len(moves))])
            steps += 1
            if not state.over and seed % 2 and chooser.random() < 0.05:
                try:  # someone pulls up a chair between turns, where the rules allow it
                    game.apply(state, f"join Late{steps}")
                    players = len(state.players)
                except ValueError:
                    pass
            assert steps < 2000
        assert_every_card_once(game, state)
        assert state.winners and all(0 <= w < players for w in state.winners)
        assert game.legal_moves(state) == []
        record = json.loads(json.dumps(game.record(state, seed)))
        assert game.replay(record) == state
