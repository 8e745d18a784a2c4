"""Aquarius Rising's pyramid step, listed fast: the pyramids the player to play may stand, and whether any.

The same rules as blocks.pyramid_reason (checked against it in tests/test_engine.py), generated per card
and quarter from what the supply offers instead of tried one by one.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from ...engine.moves import PlacePyramid
from ...core.vocabulary import ALL_COLOURS, LETTERS, PYRAMID_COLOUR, SIZES, WILD_COLOURS, pyramid_order
from .spots import KEYS, open_spots
from .state import rising

if TYPE_CHECKING:
    from ...engine.state import State

WILD = WILD_COLOURS
Offers = tuple[tuple[str, ...], ...]  # per key (spots.KEY[quarter letter, size]), the pyramids offered

_KINDS = tuple(size + colour for colour in ALL_COLOURS for size in SIZES)  # every pyramid, in supply order
# Per quarter letter (None: a wild quarter) and size (None: any), every pyramid it could take, in supply order.
_CANDIDATES = {
    (letter, size): tuple(p for p in _KINDS if p[1] in ((PYRAMID_COLOUR[letter],) if letter else ()) + WILD
                          and (size is None or p[0] == size))
    for letter in (*LETTERS, None) for size in (None, *SIZES)
}


_KIND_BIT = {kind: 1 << i for i, kind in enumerate(_KINDS)}
# Per key (spots.KEYS' order), the kinds it could take as a bit set.
_CANDIDATE_BITS = tuple(sum(_KIND_BIT[p] for p in _CANDIDATES[key]) for key in KEYS)
_PICKED: dict[int, tuple[str, ...]] = {}  # a set of kinds as a bit set -> those kinds in supply order


def _picked(bits: int) -> tuple[str, ...]:
    found = _PICKED.get(bits)
    if found is None:
        found = _PICKED[bits] = tuple(kind for i, kind in enumerate(_KINDS) if bits >> i & 1)
    return found


def offers_for(supply: list[str]) -> Offers:
    """What a quarter may take from a supply: per key (spots.KEY: the quarter's letter (None: a wild quarter),
    the size the pyramids on the card must share (None: no pyramid there yet)), the pyramids in supply order (the quarter's colour
    first, then white, then clear). Found from the set of the supply's kinds as a bit set (a supply changes
    every turn)."""
    bits = 0
    kind_bit = _KIND_BIT
    for pyramid in supply:
        bit = kind_bit.get(pyramid)
        if bit is None:
            return _offers(frozenset(supply))
        bits |= bit
    return _offers_of_bits(bits)


@lru_cache(maxsize=4096)
def _offers_of_bits(bits: int) -> Offers:
    return tuple([_picked(bits & candidates) for candidates in _CANDIDATE_BITS])


@lru_cache(maxsize=512)
def _offers(supply: frozenset[str]) -> Offers:
    """offers_for a supply holding pyramids outside the usual kinds, by sorting it."""
    by_colour: dict[str, list[str]] = {}
    for pyramid in sorted(set(supply), key=pyramid_order):
        by_colour.setdefault(pyramid[1], []).append(pyramid)
    wild = [p for colour in WILD for p in by_colour.get(colour, ())]
    offer: dict[str | None, list[str]] = {letter: by_colour.get(PYRAMID_COLOUR[letter], []) + wild for letter in LETTERS}
    offer[None] = wild
    return tuple(tuple(p for p in offer[letter] if size is None or p[0] == size) for letter, size in KEYS)


def can_stand_pyramid(state: "State") -> bool:
    """Whether the player to play may stand a pyramid."""
    return bool(pyramid_rows(state)[0])


def pyramid_rows(state: "State") -> tuple[list[tuple[Any, ...]], int]:
    """The pyramids the player to play may stand, as rows (pyramids, cell, quarter, level): per open card
    (spots.py), in cell order then storeys, and per free quarter, the pyramids offered there; with the
    number of pyramid moves they make. Remembered in the index for the supply asked about."""
    data = rising(state)
    supply = data.supply[state.turn]
    if not supply:
        return [], 0
    index = open_spots(state, data)
    known = index.rows
    if known is not None and known[0] is supply:
        return known[1], known[2]
    offers = offers_for(supply)
    rows = []
    count = 0
    for cell, _, free in index.ground:
        for quarter, key in free:
            options = offers[key]
            if options:
                rows.append((options, cell, quarter, 0))
                count += len(options)
    for (cell, level), _, free in index.upper:
        for quarter, key in free:
            options = offers[key]
            if options:
                rows.append((options, cell, quarter, level))
                count += len(options)
    index.rows = (supply, rows, count)
    return rows, count


class PyramidGroup:
    """The pyramid moves of pyramid_rows' rows, each built only when asked for (the engine's SpreadGroup,
    with the count pyramid_rows made as it listed them)."""

    __slots__ = ("rows", "size")

    def __init__(self, rows: list[tuple[Any, ...]], size: int) -> None:
        self.rows = rows
        self.size = size

    def __len__(self) -> int:
        return self.size

    def __getitem__(self, index: int) -> PlacePyramid:
        if index < 0:
            index += self.size
        if 0 <= index:
            for options, cell, quarter, level in self.rows:
                if index < len(options):
                    return PlacePyramid(options[index], cell, quarter, level)
                index -= len(options)
        raise IndexError("no move with that index")

    def __iter__(self) -> Iterator[PlacePyramid]:
        for options, cell, quarter, level in self.rows:
            for option in options:
                yield PlacePyramid(option, cell, quarter, level)
