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
"""

from __future__ import annotations

from ..cards import canonical, face
from ..engine.moves import Place
from ..games.dominus.blocks import card_points

WIN = 1_000_000.0
POINT, STUCK = 0.5, 30.0  # weights chosen on arena seed 900 (400 games each), not the README's
SPOT, SPOTS_COUNTED = 2.0, 3  # chosen on arena seeds 31 and 32 (2,500 games against random), not the README's


def score_moves(game, observation, moves, rng):
    view, seat, placement = observation.view, observation.seat, game.placement
    hand, unseen = element_codes(game, observation)
    after_next = (seat + 1) % len(view.players)
    next_hand = len(view.hands[after_next]) if after_next != seat else 0
    scored = []
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


def element_codes(game, observation) -> tuple[list[str], list[str]]:
    """The element cards (codes) in the seat's hand, and those it has seen nowhere (hand, table, discard)."""
    view, seat, cards = observation.view, observation.seat, game.deck.cards
    hand = [cards[c].code for c in view.hands[seat] if cards[c].kind == "element"]
    seen = set(view.hands[seat]) | set(view.table.cards.values()) | set(view.discard)
    unseen = [cards[c].code for c in game.play_ids() if c not in seen and cards[c].kind == "element"]
    return hand, unseen


def _fitter(placement, table, frontier):
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


def _spots(placement, table, frontier, code: str) -> int:
    """The ways a card could be played on this table (cells, either way up), counted up to SPOTS_COUNTED: a card
    with several spots still fits after the next player takes one."""
    upright = face(code)
    found = len(placement.cells(table, upright, frontier))
    if found < SPOTS_COUNTED and not upright.symmetric:
        found += len(placement.cells(table, upright.turned, frontier))
    return min(SPOTS_COUNTED, found)
