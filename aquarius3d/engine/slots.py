"""The frontier as bit sets kept up to date card by card: which empty cells a face connects at, in a few ORs.

Each frontier cell holds a slot (a small number, reused once the cell leaves the frontier); per bit of the
packed facing segments (Face.bits), `index` is the set of slots whose cells face that bit. A face connects at
the slots `OR of index[p] for p in bit_places(face.bits)`: counting its placements is a bit count, and only
the cells of the placement chosen are ever listed (`picked`, in cell order, the frontier's order).

A table keeps one once it has been asked for (Table.slots), and edits it as cards are placed and lifted: a
change touches five cells at most, where sorting the frontier again or walking it for each face of a hand
cost a tenth of an Aquarius move. `index` and `cells` are new lists after every change (a list given out never
changes), so a group of moves built on them stays right, and `index` tells one table state from another; a card
placed (engine/placing.py, which edits the slots in its walk round the card) changes them in place when nothing
else holds them (sys.getrefcount tells, as for Table's copies).
"""

from __future__ import annotations

import sys
from itertools import compress
from typing import Any

from ..core.cards import SEG_BITS

Cell = tuple[int, int]
_BITS = 8 * SEG_BITS  # bits of a packed set of facing segments

_BIT_PLACES: dict[int, tuple[int, ...]] = {}
# The packed segments of each side of a cell (two segments a side, SEG_BITS bits each: cards.MY_SIDE).
_SIDE_MASKS = tuple(((1 << 2 * SEG_BITS) - 1) << 2 * SEG_BITS * side for side in range(4))


def bit_places(bits: int) -> tuple[int, ...]:
    """The places of the set bits of a face's packed segments (remembered per value)."""
    found = _BIT_PLACES.get(bits)
    if found is None:
        places = []
        rest = bits
        while rest:  # (lowest set bit first: a loop over the set bits alone)
            low = rest & -rest
            places.append(low.bit_length() - 1)
            rest ^= low
        found = _BIT_PLACES[bits] = tuple(places)
    return found


# What frontier cells face takes many values (thousands over many games, more in long searches): remembered up to
# this many, then each further one's places are found side by side from the sides' (a few hundred values).
_REMEMBERED = 1 << 15


def left_places(bits: int) -> tuple[int, ...]:
    """bit_places for what a frontier cell faces, made from its sides' (their values are few and remembered),
    remembered while fewer than _REMEMBERED values are."""
    found: tuple[int, ...] = ()
    for side in _SIDE_MASKS:
        part = bits & side
        if part:
            found += _BIT_PLACES.get(part) or bit_places(part)
    if len(_BIT_PLACES) < _REMEMBERED:
        _BIT_PLACES[bits] = found
    return found


class FrontierSlots:
    """Slots of the frontier cells and, per facing-segment bit, the set of slots that face it."""

    __slots__ = ("slot", "cells", "free", "index")

    def __init__(self, need: dict[Cell, int]) -> None:
        self.slot: dict[Cell, int] = {}  # frontier cell -> its slot
        self.cells: list[Any] = []  # slot -> cell (None: a free slot)
        self.free: list[int] = []  # free slots, the last one reused first
        self.index: list[int] = [0] * _BITS
        for cell, bits in need.items():
            self.set(cell, 0, bits)

    def copy(self) -> FrontierSlots:
        other = FrontierSlots.__new__(FrontierSlots)
        other.slot = dict(self.slot)
        other.cells = self.cells  # never changed in place (see renew)
        other.free = list(self.free)
        other.index = self.index
        return other

    def renew(self) -> None:
        """Before a change: new lists, so that what was given out stays as it was."""
        self.cells = list(self.cells)
        self.index = list(self.index)

    def set(self, cell: Cell, was: int, now: int) -> None:
        """A cell's facing segments went from `was` to `now` (0: not in the frontier). Call renew() first."""
        slots = self.slot
        slot = slots.get(cell)
        if slot is None:
            if not now:
                return
            if self.free:
                slot = self.free.pop()
                self.cells[slot] = cell
            else:
                slot = len(self.cells)
                self.cells.append(cell)
            slots[cell] = slot
        bit = 1 << slot
        index = self.index
        gone = was & ~now  # (values seldom repeat: walked bit by bit)
        while gone:
            low = gone & -gone
            index[low.bit_length() - 1] &= ~bit
            gone ^= low
        added = now & ~was  # (a card's side facing a cell: a few values, remembered)
        if added:
            for place in _BIT_PLACES.get(added) or bit_places(added):
                index[place] |= bit
        if not now:
            del slots[cell]
            self.cells[slot] = None
            self.free.append(slot)

    def mask(self, bits: int) -> int:
        """The slots of the cells a face with these packed segments connects at."""
        index = self.index
        found = 0
        for place in bit_places(bits):
            found |= index[place]
        return found


# Digits of a bit set written in binary, lowest first, as bytes 0 and 1 (picked).
_SELECT = bytes.maketrans(b"01", b"\x00\x01")


def _calibrate() -> int | None:
    """References a list has, counted as placing.put counts them, when a FrontierSlots alone holds it (None: no
    sys.getrefcount, as on PyPy; then put() always makes new lists)."""
    count = getattr(sys, "getrefcount", None)
    if count is None:
        return None
    holder = FrontierSlots({})
    cells = holder.cells
    alone: int = count(cells)
    other = [cells]
    return alone if count(cells) > alone and other[0] is holder.cells else None


_refcount = sys.getrefcount
_ALONE = _calibrate()


def picked(mask: int, cells: list[Any]) -> list[Cell]:
    """The cells of the slots in `mask`, sorted (the frontier's order).

    The slots' bits are read in C: the mask in binary, lowest bit first, as bytes 0 and 1, selects the cells
    (itertools.compress). A loop taking the lowest bit at a time made a new big number for each bit: about
    twice the instructions for a mask of a dozen cells among fifty slots.
    """
    found = list(compress(cells, bin(mask)[:1:-1].encode().translate(_SELECT)))
    found.sort()
    return found
