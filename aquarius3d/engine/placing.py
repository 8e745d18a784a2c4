"""A card put on the table in one walk: the frontier, its slots and the union-finds of panels, together.

Table.place did three things, each a call with its own walk round the card and its own lists: the frontier
(`need`), the frontier's slots (slots.FrontierSlots.placed) and the groups of panels (unions.PanelGroups._join).
A card placed is the commonest change of every game on a grid, so `put` does the three in one walk round the
card, with what each step needs per face read from tables made once per face code (`_PUT`). It changes exactly
what the three did, in the same order (slots are taken and freed as before, the union-finds joined in
DIRECTIONS' order), so the table is the same afterwards, to the slot.
"""

from __future__ import annotations

from bisect import bisect_left
from typing import TYPE_CHECKING, Any

from ..core.cards import DIRECTIONS, Face
from . import slots as slot_module
from .slots import _BIT_PLACES, bit_places, left_places
from .unions import _BITS_OF, _PAIRS_OF, IDS, cell_id

if TYPE_CHECKING:
    from .table import Table

Cell = tuple[int, int]

# Per face code: (the panels' (panel, element bit) pairs, the face's segments, their panels, and per direction
# (dx, dy, per pair of touching segments (my segment's mask, its panel, the neighbour's segment), what the card
# adds to the empty cell that way (Face.toward), that side's bits' places)).
_PUT: dict[str, tuple[Any, ...]] = {}


def _edited(items: list[tuple[Cell, Any]], gone: list[Cell], changed: list[tuple[Cell, Any]]) -> list[Any]:
    """A new list of (cell, value) sorted by cell: `items` without the cells `gone`, with `changed` set."""
    found = items.copy()
    for cell in gone:
        i = bisect_left(found, (cell,))  # (cell,) sorts just before any (cell, value)
        if i < len(found) and found[i][0] == cell:
            del found[i]
    for cell, value in changed:
        i = bisect_left(found, (cell,))
        if i < len(found) and found[i][0] == cell:
            found[i] = (cell, value)
        else:
            found.insert(i, (cell, value))
    return found


def _put_plan(placed: Face) -> tuple[Any, ...]:
    panel_bits = tuple((panel, bit) for panel, mask in enumerate(placed.panels) for bit in _BITS_OF[mask])
    toward = placed.toward
    segments, owner = placed.segments, placed.segment_panel
    steps = tuple((dx, dy, tuple((segments[s], owner[s], t) for s, t in _PAIRS_OF[k]), toward[k],
                   _BIT_PLACES.get(toward[k]) or bit_places(toward[k]))
                  for k, (dx, dy) in enumerate(DIRECTIONS))
    plan = _PUT[placed.code] = (panel_bits, placed.segments, placed.segment_panel, steps)
    return plan


def put(table: Table, cell: Cell, card_id: int, placed: Face) -> int:
    """Put a card lying as `placed` on an empty cell; returns the segments that faced into the cell before (0:
    it was not in the frontier), from which the elements the card connects through follow
    (cards.connected_elements)."""
    if table._share is not None:
        table._own()
    cards = table.cards
    if cell in cards:
        raise ValueError(f"cell {cell} is taken")
    largest = table._largest
    if largest:
        largest.clear()
    cards[cell] = card_id
    faces = table.faces
    faces[cell] = placed
    need = table.need
    left = need.pop(cell, 0)
    x, y = cell
    panel_bits, _, _, steps = _PUT.get(placed.code) or _put_plan(placed)
    kept = table._sorted
    slots = kept[2]
    if slots is not None:
        # FrontierSlots.placed, written out: new lists when something else holds them, the cell's slot freed.
        slot_cells = slots.cells
        alone = slot_module._ALONE
        refcount = slot_module._refcount
        if alone is None or refcount(slot_cells) > alone:
            slots.cells = slot_cells = list(slot_cells)
        index = slots.index
        if alone is None or refcount(index) > alone:
            slots.index = index = list(index)
        slot_of, free = slots.slot, slots.free
        known = _BIT_PLACES.get
        if left:
            # The cell leaves the frontier: its slot leaves every place it faced (the places of what it faced,
            # remembered per value: slots.left_places).
            gone = slot_of.pop(cell)
            keep = ~(1 << gone)
            for place in known(left) or left_places(left):
                index[place] &= keep
            slot_cells[gone] = None
            free.append(gone)
    groups = table._groups
    if groups is not None:
        base = (IDS.get(cell) or cell_id(cell)) << 3  # (id 0 is the first cell ever used: cell_id answers it)
        for panel, bit in panel_bits:
            parent, size = groups[bit]
            node = base | panel
            parent[node] = node
            size[node] = 1
        bound = table.bound
    frontier = kept[0]  # the sorted frontier, when it is kept
    added_cells = []
    for dx, dy, pairs, side, places in steps:
        n = (x + dx, y + dy)
        other = faces.get(n)
        if other is None:
            # An empty neighbour faces what it faced, and now this card's side too (sides never overlap). A cell
            # of the frontier holds a slot, when they are kept; one new to it takes a slot.
            was = need.get(n)
            if was is not None:
                need[n] = was | side
                if slots is not None:
                    bit = 1 << slot_of[n]
                    for place in places:
                        index[place] |= bit
            else:
                need[n] = side
                if slots is not None:
                    if free:
                        slot = free.pop()
                        slot_cells[slot] = n
                    else:
                        slot = len(slot_cells)
                        slot_cells.append(n)
                    slot_of[n] = slot
                    bit = 1 << slot
                    for place in places:
                        index[place] |= bit
            if frontier is not None:
                added_cells.append(n)
        elif groups is not None:
            # The panels join those of the card touching this side (unions.PanelGroups._join, written out).
            theirs, their_owner = other.segments, other.segment_panel
            there_base = IDS[n] << 3
            for mine, panel, t in pairs:  # (my segment's mask and panel, the segment of theirs it touches)
                shared = mine & theirs[t]
                if not shared:
                    continue
                here, there = base | panel, there_base | their_owner[t]
                for bit in _BITS_OF[shared]:
                    parent, size = groups[bit]
                    a = here
                    while (up := parent[a]) != a:
                        parent[a] = top = parent[up]
                        a = top
                    b = there
                    while (up := parent[b]) != b:
                        parent[b] = top = parent[up]
                        b = top
                    if a != b:
                        if size[a] < size[b]:
                            a, b = b, a
                        parent[b] = a
                        size[a] = joined = size[a] + size.pop(b)  # sizes are kept for roots only
                        if joined > bound[bit]:
                            bound[bit] = joined
    if frontier is not None:
        kept[0] = _edited(frontier, [cell], [(n, need[n]) for n in added_cells])
    kept[1] = None
    return left
