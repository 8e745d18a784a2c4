"""Dominus' kit for the computer players.

Medium's judgement is bots/dominus_eval.py. Played as one round (the default), a searched position is worth the
seat's chance to win the round (bots/dominus_eval.win_chance, a model of the race to empty the hand), which judges a
searched world better than medium's one-move view: hence six moves tried and half a standard error to beat medium's
first choice (66.7% of 300 games against random on development seed 71001, against 65.3% with 4 and 1.0 on the same
games). Over several rounds the leaf's value is the lead in points, in cards and in hand points, a point its unit.
A finished game is scored by the points of the rounds.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ...engine.moves import Move
from ...games.dominus.state import DominusData
from ..dominus_eval import score_moves, win_chance
from ..kit import Kit, Scored, outcome, register

if TYPE_CHECKING:
    from ...engine.game import Game
    from ...engine.hidden import Observation
    from ...engine.state import State


class DominusKit(Kit):
    width = 6
    doubt = 0.5
    rate = 1475.0  # tools/calibrate_hard.py --searches 120 on a quiet machine: 1,470-1,484 over three runs
    scale = 4.0  # points
    has_leaf = True

    def score(self, game: Game, observation: Observation, moves: list[Move], rng: random.Random) -> Scored | None:
        return score_moves(game, observation, moves, rng)

    def value(self, game: Game, world: State, seat: int) -> float:
        hand: list[int] = [game.scoring.hand_value(game, h) for h in world.hands]
        scores = _scores(world)
        others = [s for s in range(len(world.hands)) if s != seat]
        lead = scores[seat] - max(scores[s] for s in others)
        return lead + 0.5 * (sum(hand[s] for s in others) / len(others) - hand[seat]) + 2.0 * (
            sum(len(world.hands[s]) for s in others) / len(others) - len(world.hands[seat]))

    def reward(self, game: Game, world: State, seat: int, centre: float) -> float:
        if world.over:
            return outcome(world, seat)
        if game.rounds == 1:  # the chance to win the round, which is the game
            return win_chance(game, world, seat)
        return super().reward(game, world, seat, centre)

    def final_scores(self, game: Game, state: State) -> list[int] | None:
        return _scores(state)


def _scores(state: State) -> list[int]:
    """The running totals per seat (zeros before the first round ends)."""
    data = state.data
    if isinstance(data, DominusData) and data.scores:
        return list(data.scores)
    return [0] * len(state.hands)


register("dominus", DominusKit())
