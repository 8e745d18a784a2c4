"""Medium's judgement in Elemental Connections (Aquarius without goals: whoever plays the last card wins).

Nobody has a goal, so what counts is being able to keep playing while the others cannot. Like Dominus'
evaluation (dominus_eval.py), each placement is scored on a copy of the table:
    2 per way each card left in hand could still be played on the table the move leaves (a cell, either
    way up), counting up to 3 ways a card, as Dominus' medium counts them (a card with a spot to spare
    still fits after the next player takes one; it replaced 4 per card that fits at all: measured in 200
    games against one random player, seed 61123, and two, seed 61124, medium won exactly its fair share
    before and after, 100 and 67 games: against random players the deal decides who plays the last card);
    30 * the chance that the next player cannot play: (1 - f)^h, where f is the share of the cards the
    seat has not seen that fit somewhere and h the next player's hand size (one more: they draw first
    while the deck lasts);
    with the deck empty and this the seat's last card, 60 * that chance for every other player in turn
    (the last card placed wins).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ..engine.moves import Move, Place
from .dominus_eval import SPOT, _fitter, _spots, element_codes
from .kit import Scored

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..engine.hidden import Observation

STUCK, LAST = 30.0, 60.0


def score_moves(game: Game, observation: Observation, moves: list[Move], rng: random.Random) -> Scored:
    view, seat, placement = observation.view, observation.seat, game.placement
    hand, unseen = element_codes(game, observation)
    players = len(view.players)
    draws = 1 if view.deck else 0
    scored: Scored = []
    for move in moves:
        if not isinstance(move, Place):
            scored.append((-1.0, move))
            continue
        table = view.table.copy()
        table.place(move.cell, -1, move.lies_as)
        frontier = table.frontier()
        fit = _fitter(placement, table, frontier)
        rest = list(hand)
        rest.remove(next(c for c in rest if _same(c, move.code)))
        worth = SPOT * sum(_spots(placement, table, frontier, code) for code in rest)
        share = sum(fit(code) for code in unseen) / len(unseen) if unseen else 0.0
        if players > 1:
            nxt = (seat + 1) % players
            worth += STUCK * (1.0 - share) ** (len(view.hands[nxt]) + draws)
            if not view.deck and not rest:
                stuck = 1.0
                for other in range(players):
                    if other != seat:
                        stuck *= (1.0 - share) ** len(view.hands[other])
                worth += LAST * stuck
        scored.append((worth, move))
    return scored


def _same(a: str, b: str) -> bool:
    from ..core.cards import canonical

    return canonical(a) == canonical(b)
