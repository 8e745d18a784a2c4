"""Aquarius Rising's pyramid step, listed fast: the pyramids the player to play may stand, and whether any.

The same rules as blocks.pyramid_reason (checked against it in tests/test_engine.py), generated per card
and quarter from what the supply offers instead of tried one by one.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from ...cards import DRAGON
from ...vocabulary import ALL_COLOURS, LETTERS, PYRAMID_COLOUR, SIZES, WILD_COLOURS, pyramid_order
from .state import rising

if TYPE_CHECKING:
    from ...engine.state import State

WILD = WILD_COLOURS
_NO_PYRAMIDS: list[str | None] = [None, None, None, None]  # a card with no pyramid (never changed)


_KINDS = tuple(size + colour for colour in ALL_COLOURS for size in SIZES)  # every pyramid, in supply order
# Per quarter letter (None: a wild quarter) and size (None: any), every pyramid it could take, in supply order.
_CANDIDATES = {
    (letter, size): tuple(p for p in _KINDS if p[1] in ((PYRAMID_COLOUR[letter],) if letter else ()) + WILD
                          and (size is None or p[0] == size))
    for letter in (*LETTERS, None) for size in (None, *SIZES)
}


_KIND_BIT = {kind: 1 << i for i, kind in enumerate(_KINDS)}
_CANDIDATE_BITS = tuple((letter, size, sum(_KIND_BIT[p] for p in candidates))
                        for (letter, size), candidates in _CANDIDATES.items())
_PICKED: dict[int, tuple[str, ...]] = {}  # a set of kinds as a bit set -> those kinds in supply order


def _picked(bits: int) -> tuple[str, ...]:
    found = _PICKED.get(bits)
    if found is None:
        found = _PICKED[bits] = tuple(kind for i, kind in enumerate(_KINDS) if bits >> i & 1)
    return found


def offers_for(supply: list[str]) -> dict[str | None, dict[str | None, tuple[str, ...]]]:
    """_offers of a supply, found from the set of its kinds as a bit set (a supply changes every turn)."""
    bits = 0
    kind_bit = _KIND_BIT
    for pyramid in supply:
        bit = kind_bit.get(pyramid)
        if bit is None:
            return _offers(frozenset(supply))
        bits |= bit
    return _offers_of_bits(bits)


@lru_cache(maxsize=4096)
def _offers_of_bits(bits: int) -> dict[str | None, dict[str | None, tuple[str, ...]]]:
    found: dict[str | None, dict[str | None, tuple[str, ...]]] = {letter: {} for letter in (*LETTERS, None)}
    for letter, size, candidates in _CANDIDATE_BITS:
        found[letter][size] = _picked(bits & candidates)
    return found


@lru_cache(maxsize=512)
def _offers(supply: frozenset[str]) -> dict[str | None, dict[str | None, tuple[str, ...]]]:
    """What a quarter may take from a supply: per quarter letter (None: a wild quarter), per size the pyramids
    on the card must share (None: no pyramid there yet), the pyramids in supply order (the quarter's colour
    first, then white, then clear)."""
    return _offers_sorted(supply)


def _offers_sorted(supply: frozenset[str]) -> dict[str | None, dict[str | None, tuple[str, ...]]]:
    """_offers for a supply holding pyramids outside the usual kinds, by sorting it."""
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
    offers = offers_for(supply)
    storeys, faces, closed = data.storeys, state.table.faces, data.closed
    for where, places in data.pyramids.items():
        if None not in places or where in closed:
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
        size = (places[0] or places[1] or places[2] or places[3])[0]  # type: ignore[index]
        letters = code if len(code) == 4 else _NO_LETTERS
        for quarter in range(4):
            if places[quarter] is None and offers[letters[quarter]][size]:
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
    offers = offers_for(supply)
    pyramids, storeys, closed = data.pyramids, data.storeys, data.closed
    holders = pyramids  # (every entry holds a pyramid)
    cards = [(cell, 0, f.code) for cell, f in state.table.in_order()]
    if storeys:
        cards += [(cell, level, code) for (cell, level), (_, code) in sorted(storeys.items())]
    rows = []
    for cell, level, code in cards:
        where = (cell, level)
        if where in closed:
            continue
        if where in holders:
            places = pyramids[where]
            if None not in places or code == DRAGON or (storeys and (cell, level + 1) in storeys):
                continue
            size = (places[0] or places[1] or places[2] or places[3])[0]  # type: ignore[index]
        else:
            if code == DRAGON or (storeys and (cell, level + 1) in storeys):
                continue
            x, y = cell
            if (((x, y + 1), level) in holders or ((x + 1, y), level) in holders
                    or ((x, y - 1), level) in holders or ((x - 1, y), level) in holders):
                continue
            places = _NO_PYRAMIDS
            size = None
        letters = code if len(code) == 4 else _NO_LETTERS  # quarter_letter, for the four quarters
        offered = offers[letters[0]][size], offers[letters[1]][size], offers[letters[2]][size], offers[letters[3]][size]
        for quarter in range(4):
            if places[quarter] is None and (options := offered[quarter]):
                rows.append((options, cell, quarter, level))
                if first:
                    return rows
    return rows
