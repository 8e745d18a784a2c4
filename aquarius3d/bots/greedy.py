"""Greedy computer players: `medium` scores every legal move one ply ahead; `easy` is medium with mistakes.

The scores come from the family's kit (bots/kit.py: aquarius_eval.py, rising_eval.py, dominus_eval.py,
towers_eval.py; connections_eval.py for Elemental Connections, Aquarius without goals), which sees only the
observation (and states determinized from it). A seat that cannot see a goal of its own (Aqua-Chicken)
gets a random legal move.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ..engine.moves import Move
from .kit import Scored, kit_of

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..engine.hidden import Observation
    from ..engine.state import State


def scored_moves(game: Game, observation: Observation, rng: random.Random, quick: bool = False) -> Scored | None:
    """[(score, move)] for every legal move of the observing seat, or None when the kit cannot judge them.

    `quick`: a cheaper judgement where the family has one (Aquarius: the same scores worked out faster, with
    fewer card moves tried: bots/aquarius_fast.py), for the replies the `hard` player imagines in its search."""
    kit = kit_of(game)
    moves = game.legal_moves(observation.view)
    if len(moves) == 1:
        return [(0.0, moves[0])]
    if quick:
        return kit.quick_score(game, observation, moves, rng)
    return kit.score(game, observation, moves, rng)


class MediumPlayer:
    """The best move by the family's evaluation; equal best moves are drawn from the player's own source."""

    level = "medium"

    def __init__(self, seed: int = 0, think: float | None = None, timed: bool = False) -> None:  # (timed: no search)
        self.random = random.Random(seed)
        self.think = think

    def choose(self, game: Game, observation: Observation) -> Move:
        scored = scored_moves(game, observation, self.random)
        if not scored:
            return game.choose_move(observation.view, self.random.randrange)
        best = max(score for score, _ in scored)
        top = [move for score, move in scored if score >= best - 1e-9]
        return top[self.random.randrange(len(top))]


class EasyPlayer:
    """Medium's judgement with a child's mistakes: a random legal move one time in four; otherwise one of the
    three best moves, the best most often (weights 3, 2, 1)."""

    level = "easy"
    BLUNDER = 0.25
    WEIGHTS = (3, 2, 1)

    def __init__(self, seed: int = 0, think: float | None = None, timed: bool = False) -> None:  # (timed: no search)
        self.random = random.Random(seed)
        self.think = think

    def choose(self, game: Game, observation: Observation) -> Move:
        if self.random.random() < self.BLUNDER:
            return game.choose_move(observation.view, self.random.randrange)
        scored = scored_moves(game, observation, self.random)
        if not scored:
            return game.choose_move(observation.view, self.random.randrange)
        order = sorted(range(len(scored)), key=lambda i: -scored[i][0])  # stable: ties keep the listing order
        top = order[:len(self.WEIGHTS)]
        pick = self.random.choices(top, weights=self.WEIGHTS[:len(top)])[0]
        return scored[pick][1]


def medium_move(game: Game, world: State, rng: random.Random) -> Move:
    """Medium's move for the seat to play in a world, from that seat's own observation of it."""
    observation = game.observe(world, world.turn)
    scored = scored_moves(game, observation, rng, quick=True)
    if not scored:
        return game.choose_move(world, rng.randrange)
    best = max(score for score, _ in scored)
    top = [move for score, move in scored if score >= best - 1e-9]
    return top[rng.randrange(len(top))]
