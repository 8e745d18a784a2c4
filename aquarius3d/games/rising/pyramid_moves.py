"""Aquarius Rising's pyramid step, listed fast: the pyramids the player to play may stand, and whether any.

The same rules as blocks.pyramid_reason (checked against it in tests/test_engine.py), generated per card
and quarter from what the supply offers instead of tried one by one.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from ...cards import DRAGON
from ...vocabulary import LETTERS, PYRAMID_COLOUR, SIZES, WILD_COLOURS, pyramid_order
from .state import rising

if TYPE_CHECKING:
    from ...engine.state import State

WILD = WILD_COLOURS
_NO_PYRAMIDS: list[str | None] = [None, None, None, None]  # a card with no pyramid (never changed)


@lru_cache(maxsize=512)
def _offers(supply: frozenset[str]) -> dict[str | None, dict[str | None, tuple[str, ...]]]:
    """What a quarter may take from a supply: per quarter letter (None: a wild quarter), per size the pyramids
    on the card must share (None: no pyramid there yet), the pyramids in supply order (the quarter's colour
    first, then white, then clear)."""
    by_colour: dict[str, list[str]] = {}
    for pyramid in sorted(set(supply), key=pyramid_order):
        by_colour.setdefault(pyramid[1], []).append(pyramid)
    wild = [p for colour in WILD for p in by_colour.get(colour, ())]
    offer: dict[str | None, list[str]] = {letter: by_colour.get(PYRAMID_COLOUR[letter], []) + wild for letter in LETTERS}
    offer[None] = wild
    found: dict[str | None, dict[str | None, tuple[str, ...]]] = {}
    for letter, options in offer.items():
        found[letter] = {None: tuple(options), **{size: tuple(p for p in options if p[0] == size) for size in SIZES}}
    return found


_NO_LETTERS = (None, None, None, None)


def can_stand_pyramid(state: "State") -> bool:
    """Whether the player to play may stand a pyramid: the cards already holding some, with a free quarter,
    asked first (no neighbour to look at), then every card (_pyramid_rows)."""
    data = rising(state)
    supply = data.supply[state.turn]
    if not supply:
        return False
    offers = _offers(frozenset(supply))
    storeys, faces = data.storeys, state.table.faces
    for where, places in data.pyramids.items():
        if None not in places or not any(places):
            continue
        cell, level = where
        if level:
            entry = storeys.get(where)
            code = entry[1] if entry else None
        else:
            card = faces.get(cell)
            code = card.code if card else None
        if code is None or code == DRAGON or (cell, level + 1) in storeys:
            continue
        size = next(p[0] for p in places if p)
        letters = code if len(code) == 4 else _NO_LETTERS
        if any(places[quarter] is None and offers[letters[quarter]][size] for quarter in range(4)):
            return True
    return bool(pyramid_rows(state, first=True))


def pyramid_rows(state: "State", first: bool = False) -> list[tuple[Any, ...]]:
    """The pyramids the player to play may stand, as rows (pyramids, cell, quarter, level): per card, in
    cell order then storeys, and per free quarter, the pyramids offered there. With `first`, stop at the
    first row (enough to know that a pyramid can be played)."""
    data = rising(state)
    supply = data.supply[state.turn]
    if not supply:
        return []
    offers = _offers(frozenset(supply))
    pyramids, storeys = data.pyramids, data.storeys
    holders = {k for k, places in pyramids.items() if any(places)}
    cards = [(cell, 0, f.code) for cell, f in state.table.in_order()]
    if storeys:
        cards += [(cell, level, code) for (cell, level), (_, code) in sorted(storeys.items())]
    rows = []
    for cell, level, code in cards:
        if (cell, level + 1) in storeys or code == DRAGON:
            continue
        places = pyramids[cell, level] if (cell, level) in holders else None
        if places is None:
            x, y = cell
            if (((x, y + 1), level) in holders or ((x + 1, y), level) in holders
                    or ((x, y - 1), level) in holders or ((x - 1, y), level) in holders):
                continue
            places = _NO_PYRAMIDS
            size = None
        else:
            size = next(p[0] for p in places if p)
        letters = code if len(code) == 4 else _NO_LETTERS  # quarter_letter, for the four quarters
        for quarter in range(4):
            if places[quarter] is not None:
                continue
            options = offers[letters[quarter]][size]
            if options:
                rows.append((options, cell, quarter, level))
                if first:
                    return rows
    return rows
