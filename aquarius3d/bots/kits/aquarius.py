"""Aquarius' kit for the computer players (and Elemental Connections', Aquarius without goals).

Medium's judgement is bots/aquarius_eval.py; the replies `hard` imagines are scored by bots/aquarius_fast.py (the
same scores, in less time). The leaf, at the seat's own turn, is its chance to win from there, by a model fitted on
medium players' games (bots/aquarius_chance.py): 1 when a card in its hand completes its goal now, much less when
another seat's hand holds such a card, and so on. The others' goals are read from what they joined and moved
(bots/infer.py) and from their placements read as medium's choices, which also tests the hands the worlds deal
them (bots/aquarius_hands.py); with the goals read, medium's judgement keeps its answers to a rival about to win
and judges Rotate Goals by the seat the new goal comes from (bots/aquarius_eval.py).

Elemental Connections has no goals: its judgement is bots/connections_eval.py, and it has no leaf (medium's
ranking stands).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ...core.vocabulary import BIT, LETTER_OF
from ...engine.moves import Move
from .. import aquarius_chance, aquarius_eval, aquarius_fast, aquarius_hands, connections_eval, infer
from ..kit import Kit, Leanings, Reading, Scored, outcome, register

if TYPE_CHECKING:
    from ...engine.game import Game
    from ...engine.hidden import Observation
    from ...engine.state import State


class AquariusKit(Kit):
    width = 4
    # Measured with tools/calibrate_hard.py on a quiet machine: 313-321 over three runs; measured again on
    # 2026-11-26 (ninth round, on the machine the sessions now run on, quiet, three runs of --searches 200 with the
    # hands read: 503-528; this machine ran the 315 of before in about 0.11 s a move).
    rate = 515.0
    scale = 15.0  # only that of medium's ranking, which hard keeps as a prior: the leaf is a chance
    # In games of four medium players (200 games, every seat's reading every fourth turn) the mean log of the chance
    # given to a seat's true goal was -0.80 with 0.5 and without the moved cards, -0.63 with 2, -0.59 with 2 and the
    # moved cards (-0.59 at 2.5, -0.61 at 3; the most likely goal was the true one 72% of the time, then 78%; with the
    # placements' rulings, over twelve games, -0.28 against -0.63 and 90% against 78%).
    beta = 2.0
    has_leaf = True

    def for_game(self, game: Game) -> Kit:
        return self if game.goal_ids() else CONNECTIONS

    def score(self, game: Game, observation: Observation, moves: list[Move], rng: random.Random) -> Scored | None:
        return aquarius_eval.score_moves(game, observation, moves, rng)

    def quick_score(self, game: Game, observation: Observation, moves: list[Move],
                    rng: random.Random) -> Scored | None:
        return aquarius_fast.score_moves(game, observation, moves, rng)

    def value(self, game: Game, world: State, seat: int) -> float:
        return 0.0  # the leaf is a chance, not centred on the start

    def reward(self, game: Game, world: State, seat: int, centre: float) -> float:
        if world.over:
            return outcome(world, seat)
        return aquarius_chance.win_chance(game, world, seat)

    def read(self, game: Game, observation: Observation, hands: bool) -> Reading | None:
        rulings, found = aquarius_hands.read(game, observation) if hands else ({}, [])
        leanings = infer.evidence(game, observation, rulings)
        draw = infer.leaning_draw(game, observation, leanings)
        return Reading(leanings, aquarius_hands.sampler(game, observation, draw, found) if found else draw)

    def read_score(self, game: Game, observation: Observation, moves: list[Move], leanings: Leanings,
                   rng: random.Random) -> Scored | None:
        odds = {seat: {BIT[LETTER_OF[name]]: chance for name, chance in chances.items()}
                for seat, chances in infer.goal_odds(game, observation, leanings, rng).items()}
        return aquarius_eval.score_moves(game, observation, moves, rng, odds=odds)


class ConnectionsKit(Kit):
    def score(self, game: Game, observation: Observation, moves: list[Move], rng: random.Random) -> Scored | None:
        return connections_eval.score_moves(game, observation, moves, rng)


CONNECTIONS = ConnectionsKit()
register("aquarius", AquariusKit())
