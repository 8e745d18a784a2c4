"""The random player: a uniformly chosen legal move, from its own seeded source."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ..engine.moves import Move

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..engine.hidden import Observation
    from ..engine.state import State


class RandomPlayer:
    level = "random"

    def __init__(self, seed: int = 0, think: float | None = None, timed: bool = False) -> None:
        self.random = random.Random(seed)
        self.think = think

    def choose(self, game: Game, observation: Observation) -> Move:
        """A legal move of the observing seat chosen uniformly: legal_moves(view)[k] for a random k."""
        return game.choose_move(observation.view, self.random.randrange)

    def choose_in(self, game: Game, state: State) -> Move:
        """choose(game, game.observe(state, state.turn)) without building the observation: this player reads
        nothing but the legal moves, and a seat's observation lists the very moves the state lists, group by
        group (tests/test_speed_structures.py). For games between random players (simulate, benchmarks)."""
        return game.choose_move(state, self.random.randrange)
