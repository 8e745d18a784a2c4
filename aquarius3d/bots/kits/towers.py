"""Elemental Towers' kit for the computer players: a solitaire, judged by its score.

Medium's judgement is bots/towers_eval.py, 20 a point of the score the position is expected to end with; the leaf
is the same evaluation, to the end (its final score counts in it). One turn depends on no hidden card, so the search
plans the whole turn (the card, then the actions it earns), and a turn of its playout ends when the next card is
drawn, even an action card, which is left unresolved: the same for every candidate, and Move a Card's hundreds of
choices would cost most of a simulation otherwise.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ...engine.moves import Move
from ...games.towers.pieces import score_of
from ..kit import Kit, Scored, register
from ..towers_eval import position_value, score_moves

if TYPE_CHECKING:
    from ...engine.game import Game
    from ...engine.hidden import Observation
    from ...engine.state import State


class TowersKit(Kit):
    width = 8
    # tools/calibrate_hard.py --searches 120 on a quiet machine: 155-157 over three runs. With medium's new judgement
    # a move took about 0.3 processor-seconds at 0.2 s, 0.1 once the playout stopped at the draw.
    rate = 155.0
    scale = 40.0  # two points of score
    has_leaf = True
    turn_ends_at_draw = True
    solitaire = True

    def score(self, game: Game, observation: Observation, moves: list[Move], rng: random.Random) -> Scored | None:
        return score_moves(game, observation, moves, rng)

    def value(self, game: Game, world: State, seat: int) -> float:
        return position_value(game, world)

    def final_scores(self, game: Game, state: State) -> list[int] | None:
        return [score_of(game, state)[0]]


register("towers", TowersKit())
