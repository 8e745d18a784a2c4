"""The random player: a uniformly chosen legal move, from its own seeded source."""

from __future__ import annotations

import random


class RandomPlayer:
    level = "random"

    def __init__(self, seed: int = 0, think: float | None = None) -> None:
        self.random = random.Random(seed)
        self.think = think

    def choose(self, game, observation):
        """A legal move of the observing seat chosen uniformly: legal_moves(view)[k] for a random k."""
        return game.choose_move(observation.view, self.random.randrange)
