"""The random player: a uniformly chosen legal move, from its own seeded source."""

from __future__ import annotations

import random


class RandomPlayer:
    def __init__(self, seed: int = 0) -> None:
        self.random = random.Random(seed)

    def choose(self, game, state):
        """A legal move chosen uniformly: legal_moves(state)[k] for a random k."""
        return game.choose_move(state, self.random.randrange)
