"""Medium's judgement in Dominus: empty the hand, keep cards that still fit, leave the next player stuck.

Each placement is scored on a copy of the table (nothing hidden is needed: only the seat's own hand, the
table and the cards it has not seen):
    going out wins the round;
    0.5 per point of the card played (aces 1, deuces 2, quads 4: those are the points a hand still holds;
    a small weight: measured, a larger one wins fewer rounds, so it mostly breaks ties);
    2 per way each card left in hand could still be played on the table the move leaves (a cell, either
    way up), counting up to 3 ways a card: a card with a spot to spare still fits after the next player
    takes one (measured against the earlier 4 per card that fits at all: 61.7% of 2,500 games against
    random instead of 59.6%, on seeds 31 and 32);
    30 * the chance that the next player cannot play and must draw: (1 - f)^h, where f is the share of
    the cards the seat has not seen that fit somewhere, and h the next player's hand size.

`win_chance` judges a whole position instead (a world the `hard` player sampled, its turn come round again):
the chance that the seat to move wins the round, from a logistic model of the race to empty the hand (the
cards each side holds, how many fit nowhere on the table, the ways they fit, the last two cards, the hand
points). Hard's leaf used to be the lead in cards and points alone, blind to a hand left without a spot: with
this one (and six moves tried, bots/hard.py) hard won 62.8% of 400 games against random on the fresh seed 20261201,
against 59.8% of the same games before (66.7% of 300 games on the development seed 71001).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import TYPE_CHECKING

from ..core.cards import canonical, face
from ..engine.moves import Move, Place
from ..engine.table import Cell, Table
from ..games.dominus.blocks import card_points
from .kit import Scored

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..engine.hidden import Observation
    from ..engine.hooks import PlacementBlock
    from ..engine.state import State

Frontier = list[tuple[Cell, int]]

WIN = 1_000_000.0
POINT, STUCK = 0.5, 30.0  # weights chosen on arena seed 900 (400 games each), not the README's
SPOT, SPOTS_COUNTED = 2.0, 3  # chosen on arena seeds 31 and 32 (2,500 games against random), not the README's


def score_moves(game: Game, observation: Observation, moves: list[Move], rng: random.Random) -> Scored:
    view, seat, placement = observation.view, observation.seat, game.placement
    hand, unseen = element_codes(game, observation)
    after_next = (seat + 1) % len(view.players)
    next_hand = len(view.hands[after_next]) if after_next != seat else 0
    scored: Scored = []
    for move in moves:
        if not isinstance(move, Place):
            scored.append((-1.0, move))
            continue
        if len(hand) == 1:
            scored.append((WIN, move))
            continue
        table = view.table.copy()
        table.place(move.cell, -1, move.lies_as)
        frontier = table.frontier()
        fit = _fitter(placement, table, frontier)

        rest = list(hand)
        rest.remove(next(c for c in rest if canonical(c) == canonical(move.code)))
        worth = POINT * card_points(move.code) + SPOT * sum(_spots(placement, table, frontier, code) for code in rest)
        if unseen and next_hand:
            share = sum(fit(code) for code in unseen) / len(unseen)
            worth += STUCK * (1.0 - share) ** next_hand
        scored.append((worth, move))
    return scored


def element_codes(game: Game, observation: Observation) -> tuple[list[str], list[str]]:
    """The element cards (codes) in the seat's hand, and those it has seen nowhere (hand, table, discard)."""
    view, seat, cards = observation.view, observation.seat, game.deck.cards
    hand = [cards[c].code for c in view.hands[seat] if cards[c].kind == "element"]
    seen = set(view.hands[seat]) | set(view.table.cards.values()) | set(view.discard)
    unseen = [cards[c].code for c in game.play_ids() if c not in seen and cards[c].kind == "element"]
    return hand, unseen


def _fitter(placement: PlacementBlock, table: Table, frontier: Frontier) -> Callable[[str], bool]:
    """Whether a card code fits anywhere on this table (either way up), remembered per physical card."""
    fits: dict[str, bool] = {}

    def fit(code: str) -> bool:
        key = canonical(code)
        if key not in fits:
            upright = face(code)
            fits[key] = bool(placement.cells(table, upright, frontier)) or (
                not upright.symmetric and bool(placement.cells(table, upright.turned, frontier)))
        return fits[key]

    return fit


def _spots(placement: PlacementBlock, table: Table, frontier: Frontier, code: str) -> int:
    """The ways a card could be played on this table (cells, either way up), counted up to SPOTS_COUNTED: a card
    with several spots still fits after the next player takes one."""
    upright = face(code)
    found = len(placement.cells(table, upright, frontier))
    if found < SPOTS_COUNTED and not upright.symmetric:
        found += len(placement.cells(table, upright.turned, frontier))
    return min(SPOTS_COUNTED, found)


# -- hard's leaf: the chance to win the round from a whole (sampled) position ------------------------------------

# A logistic model of the chance that the seat to move wins the round (two players, one round), fitted on 80,355
# positions (each seat's turn, after its draws) of 5,000 games, 3,000 medium against random and 2,000 medium against
# medium, on development seeds 101 and 102 (tools/fit_dominus_chance.py plays such games and fits it again):
# (name, weight) per feature, "rival" being the other seat with the fewest cards.
CHANCE = (("bias", 0.045), ("cards", 0.109), ("rival cards", -0.042), ("dead", -0.094), ("rival dead", 0.028),
          ("spots", 0.086), ("rival spots", -0.129), ("points lead", 0.095), ("one card", 1.028),
          ("two cards", 0.356), ("rival one card", -0.368), ("rival two cards", -0.163),
          ("rival one live card", -2.578), ("two live cards", 1.386), ("rival two live cards", -0.949))


def chance_features(game: Game, world: State, seat: int) -> list[float] | None:
    """The features CHANCE weighs, in its order, for `seat` to move in a whole position; None when it holds one
    card that fits (a sure win)."""
    cards, placement, table = game.deck.cards, game.placement, world.table
    frontier = table.frontier()
    rival = min((s for s in range(len(world.hands)) if s != seat), key=lambda s: (len(world.hands[s]), s))
    mine = [_spots(placement, table, frontier, cards[c].code) for c in world.hands[seat]]
    theirs = [_spots(placement, table, frontier, cards[c].code) for c in world.hands[rival]]
    n, m = len(mine), len(theirs)
    dead, rival_dead = mine.count(0), theirs.count(0)
    if n == 1 and not dead:
        return None
    lead = (sum(card_points(cards[c].code) for c in world.hands[rival])
            - sum(card_points(cards[c].code) for c in world.hands[seat]))
    return [1.0, n, m, dead, rival_dead, sum(mine), sum(theirs), lead, n == 1, n == 2, m == 1, m == 2,
            m == 1 and not rival_dead, n == 2 and not dead, m == 2 and not rival_dead]


def win_chance(game: Game, world: State, seat: int) -> float:
    """The chance that `seat`, to move in a whole position, wins the round (the logistic model CHANCE): its
    cards and the rival's, how many of each fit nowhere on the table ("dead"), the ways they fit (up to 3 a
    card), the hand points, and the last two cards; one card that fits is a sure win."""
    values = chance_features(game, world, seat)
    if values is None:
        return 1.0
    x = sum(weight * float(v) for (_, weight), v in zip(CHANCE, values))
    return 1.0 / (1.0 + math.exp(-max(-40.0, min(40.0, x))))
