"""The arrangement of cards on the table (level 0) and what follows from it.

The table keeps, next to the cards, the frontier: every empty cell beside a
card, with the segments that face into it packed the way Face.bits packs a
face's own segments. A face connects at a cell when `face.bits & need` is not
zero, so listing legal placements is one AND per cell and face.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from typing import Any

from ..core.cards import DIRECTIONS, FACING, MY_SIDE, SEG_BITS, SEG_MASK, Face, connected_elements, face
from .placing import _edited, put
from .slots import FrontierSlots, bit_places as bit_places  # (bit_places: re-exported, it lived here)
from .unions import _BITS_OF, Node as Node, PanelGroups, UnionFind

Cell = tuple[int, int]
# Per direction (dx, dy, the neighbour's two facing segments, the shifts that put them where mine sit in Face.bits).
_FACING_SHIFTS = tuple(
    (d[0], d[1], FACING[d][0], SEG_BITS * MY_SIDE[d][0], FACING[d][1], SEG_BITS * MY_SIDE[d][1]) for d in DIRECTIONS
)
# Per direction d: the empty cell at a card's cell + d, and, in that cell's facing segments (need), every bit
# but those of its side that faces the card (what the card adds there: Face.toward).
_KEEP = tuple(
    ~((SEG_MASK << SEG_BITS * MY_SIDE[(-dx, -dy)][0]) | (SEG_MASK << SEG_BITS * MY_SIDE[(-dx, -dy)][1]))
    for dx, dy in DIRECTIONS
)
_STEPS = tuple((dx, dy, k) for k, (dx, dy) in enumerate(DIRECTIONS))
# Per direction d: _STEPS' step with its _KEEP mask, and the index of -d (a neighbour at d faces back that way:
# its Face.toward there is what it faces into this cell).
_AROUND_BACK = tuple((dx, dy, _KEEP[k], DIRECTIONS.index((-dx, -dy))) for dx, dy, k in _STEPS)


# Per face code, the ways a card lying so may lie once moved: (turned, packed segments, their bits' places, and
# those places again as eight items when there are eight (a card of panels: one element a segment), else
# nothing), as it lies, then turned 180 degrees unless that is the same face (Table.shift_rows).
_SHIFT_WAYS: dict[str, tuple[tuple[Any, ...], ...]] = {}


def _shift_ways(lies: Face) -> tuple[tuple[Any, ...], ...]:
    ways = []
    for turned, way in ((False, lies), (True, lies.turned)):
        if turned and way.code == lies.code:
            break
        places = bit_places(way.bits)
        ways.append((turned, way.bits, places) + (places if len(places) == 8 else (None,) * 8))
    found = _SHIFT_WAYS[lies.code] = tuple(ways)
    return found


class _Shared:
    """The token tables hold while they share their dicts (Table.copy): whoever changes first copies them."""

    __slots__ = ()


class _Holder:
    """Holds a token as a table does, to count the references one holder gives it."""

    __slots__ = ("token",)

    def __init__(self, token: _Shared) -> None:
        self.token = token


def _calibrate() -> int | None:
    """References a token has when one table alone holds it, as sys.getrefcount counts them here (None: no
    getrefcount, as on PyPy, then a table that shared its dicts always copies them before a change)."""
    count = getattr(sys, "getrefcount", None)
    if count is None:
        return None
    holder = _Holder(_Shared())
    alone: int = count(holder.token)
    other = _Holder(holder.token)
    return alone if count(holder.token) > alone and other.token is holder.token else None


_refcount = sys.getrefcount
_ALONE = _calibrate()


class Table(PanelGroups):
    """Cards on the table by cell, with the frontier kept up to date.

    A copy shares the original's dicts (a copy is taken for every observation, and most are only read);
    the first of them to change copies them then, unless the others are gone by that time.
    """

    __slots__ = ("cards", "faces", "need", "_largest", "bound", "_groups", "_sorted", "_share")

    def __init__(self, groups: bool = True) -> None:
        self.cards: dict[Cell, int] = {}  # cell -> card id
        self.faces: dict[Cell, Face] = {}  # cell -> face as it lies
        self.need: dict[Cell, int] = {}  # frontier cell -> packed facing segments
        self._largest: dict[int, int] = {}  # element bit -> largest group, until the table changes
        # Per element bit (1 to 16), at least the size of its largest group: raised as groups join, kept as they
        # split (then it may be more), 1 to start with. A win check skips the elements whose bound is short.
        # Without union-finds kept, no bound is known until they are made: a bound no goal is above stands in.
        self.bound: list[int] = [1] * 17 if groups else [1 << 30] * 17
        # Per element bit, a union-find over panels (parent, size), kept up to date as cards are
        # placed and lifted. With `groups` false, none until a group is asked for (a game that never asks,
        # Elemental Towers, saves their upkeep): then they are made from the cards and kept from then on.
        self._groups: dict[int, UnionFind] | None = {1 << i: ({}, {}) for i in range(5)} if groups else None
        # need's items sorted once asked for, kept up to date from then on, in new lists (a list given out
        # never changes); faces' items sorted, until the table changes; the frontier's slots (slots.py) once
        # asked for, kept up to date from then on. Shared with copies, as the dicts are.
        self._sorted: list[Any] = [None, None, None]
        self._share: _Shared | None = None  # held while the dicts are shared with copies

    def __len__(self) -> int:
        return len(self.cards)

    def __getstate__(self) -> dict[str, Any]:
        """A table sent to another process (the window's computer player thinks in one) travels without its
        union-finds: their panel numbers are this process's (unions.IDS), which another process does not share.
        It makes them again from the cards when a group is first asked for there (`_made`)."""
        return {"cards": dict(self.cards), "faces": dict(self.faces), "need": dict(self.need),
                "largest": dict(self._largest)}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__init__(groups=False)  # type: ignore[misc]
        self.cards, self.faces, self.need = state["cards"], state["faces"], state["need"]
        self._largest = state["largest"]

    def copy(self) -> "Table":
        """A table that changes apart from this one; its dicts are shared until either changes."""
        other = Table.__new__(Table)
        share = self._share
        if share is None:
            share = self._share = _Shared()
        other._share = share
        other.cards = self.cards
        other.faces = self.faces
        other.need = self.need
        other._largest = self._largest
        other.bound = self.bound
        other._groups = self._groups
        other._sorted = self._sorted
        return other

    def _own(self) -> None:
        """Before a change: take private copies of the dicts if a copy of this table still shares them.

        Only `_share` tells: nothing else ever refers to it, so while any other table holds it, it has more
        references than one holder gives it. The union-finds are copied whole (a few hundred entries at most,
        C speed): rebuilding them costs far more. Reads never need this: the path halving of `_find` and the
        `_largest` cache leave what the shared dicts mean unchanged.
        """
        if _ALONE is None or _refcount(self._share) > _ALONE:
            self.cards = dict(self.cards)
            self.faces = dict(self.faces)
            self.need = dict(self.need)
            self._largest = dict(self._largest)
            self.bound = list(self.bound)
            if self._groups is not None:
                self._groups = {bit: (dict(uf[0]), dict(uf[1])) for bit, uf in self._groups.items()}
            kept = self._sorted = list(self._sorted)
            if kept[2] is not None:
                kept[2] = kept[2].copy()
        self._share = None

    def _made(self) -> dict[int, UnionFind]:
        """The union-finds, made from the cards on the table if they were not kept (`groups` false)."""
        groups = self._groups
        if groups is None:
            self._groups = groups = {1 << i: ({}, {}) for i in range(5)}
            self.bound = [1] * 17  # (a new list: copies may share the old one)
            before: set[Cell] = set()  # joined card by card, each with the cards before it, as when placed
            for cell, card_face in self.faces.items():
                x, y = cell
                touching = [(n, k) for dx, dy, k in _STEPS if (n := (x + dx, y + dy)) in before]
                before.add(cell)
                self._join(cell, card_face, touching)
        return groups

    # -- changes -----------------------------------------------------------

    def place(self, cell: Cell, card_id: int, code: str) -> None:
        """Put a card on an empty cell, lying as the face `code` (placing.put: the frontier, its slots and the
        groups of panels kept up to date in one walk)."""
        put(self, cell, card_id, face(code))

    def remove(self, cell: Cell) -> tuple[int, str]:
        if self._share is not None:
            self._own()
        card_id = self.cards.pop(cell)
        lifted = self.faces.pop(cell)
        code = lifted.code
        self._largest.clear()
        # Only the groups of the elements the lifted card shows can split: relabel those (a rebuild of the
        # whole union-find cost most of the time of a Move a Card or a Zap).
        if self._groups is not None:
            for bit in _BITS_OF[lifted.elements]:
                self._split(cell, lifted, bit)
        x, y = cell
        cards, need = self.cards, self.need
        kept = self._sorted
        slots = kept[2]
        if slots is not None:
            slots.renew()
        # An empty neighbour no longer faces the lifted card's side; the lifted card's cell faces what is left.
        gone, changed = [], []
        for dx, dy, k in _STEPS:
            n = (x + dx, y + dy)
            if n not in cards:
                was = need[n]
                left = was & _KEEP[k]
                if slots is not None:
                    slots.set(n, was, left)
                if left:
                    need[n] = left
                    changed.append((n, left))
                else:
                    del need[n]
                    gone.append(n)
        own = self._facing(cell)
        if own:
            need[cell] = own
            changed.append((cell, own))
            if slots is not None:
                slots.set(cell, 0, own)
        if kept[0] is not None:
            kept[0] = _edited(kept[0], gone, changed)
        kept[1] = None
        return card_id, code

    def _facing(self, cell: Cell, without: Cell | None = None) -> int:
        """Packed segments of the neighbours that face into an empty cell (ignoring one cell)."""
        x, y = cell
        need = 0
        faces = self.faces
        for dx, dy, c, a, e, b in _FACING_SHIFTS:
            n = (x + dx, y + dy)
            other = faces.get(n)
            if other is not None and n != without:
                segments = other.segments
                need |= (segments[c] << a) | (segments[e] << b)
        return need

    # -- questions ---------------------------------------------------------

    def connects(self, cell: Cell, card_face: Face) -> int:
        """Elements the face would connect through at an empty cell (0: none)."""
        need = self.need.get(cell)
        if need is None or cell in self.cards:
            return 0
        return connected_elements(card_face.bits, need)

    def frontier(self) -> list[tuple[Cell, int]]:
        """Frontier cells with their facing segments, in a fixed order (the same list until the table changes:
        do not change it)."""
        frontier: list[tuple[Cell, int]] | None = self._sorted[0]
        if frontier is None:
            frontier = self._sorted[0] = sorted(self.need.items())
        return frontier

    def slots(self) -> FrontierSlots:
        """The frontier as bit sets of slots (slots.py), built on first asking and kept up to date from then on
        (its lists are new after every change: do not change them)."""
        found: FrontierSlots | None = self._sorted[2]
        if found is None:
            found = self._sorted[2] = FrontierSlots(self.need)
        return found

    def in_order(self) -> list[tuple[Cell, Face]]:
        """The cards' cells with their faces, sorted by cell (the same list until the table changes: do not
        change it)."""
        found: list[tuple[Cell, Face]] | None = self._sorted[1]
        if found is None:
            found = self._sorted[1] = sorted(self.faces.items())
        return found

    def lifted(self, source: Cell) -> tuple[dict[Cell, int], int]:
        """What lifting the card at `source` off would change in the frontier: the facing segments its empty
        neighbours would keep (0: none, they would leave the frontier), and those its own cell would face."""
        x, y = source
        need = self.need
        changed = {}
        for dx, dy, k in _STEPS:
            n = (x + dx, y + dy)
            if n in need:
                changed[n] = need[n] & _KEEP[k]  # 0 when only the lifted card faced it
        return changed, self._facing(source)

    def shift_rows(self, turn_in_place: bool) -> tuple[list[tuple[int, Cell, bool, Cell | None]], int]:
        """Where each card may go with Move a Card, as rows (mask, source, turned, last) over slots() (a ShiftGroup's
        rows), with the number of moves they hold: per card (in cell order) and way it may lie, the slots of the
        frontier without it (frontier_without) where it connects, in one walk round each card; `last` is its own
        cell when it may turn in place there (`turn_in_place`, only turned, when turned it still connects), else
        None.

        A card's targets are the frontier's slots where it connects (a few ORs of `index`), with its empty
        neighbours judged again by what they would face once it is lifted (only its side leaves them).
        """
        slots = self.slots()
        index, slot = slots.index, slots.slot
        need, faces = self.need, self.faces
        rows: list[tuple[int, Cell, bool, Cell | None]] = []
        size = 0
        # The walk round each card written out, direction by direction (DIRECTIONS' order; what it gathers is
        # ORed and ANDed, so the order changes nothing). Cards in cell order: the cells alone are sorted (pairs
        # of numbers compare in C, where (cell, face) pairs went through the generic comparison).
        (ax, ay, akeep, aback), (bx, by, bkeep, bback), (cx, cy, ckeep, cback), (dx, dy, dkeep, dback) = _AROUND_BACK
        ways_of = _SHIFT_WAYS.get
        for source in sorted(faces):
            lies = faces[source]
            x, y = source
            changes = []
            own = 0  # what the source's own cell would face
            n = (x + ax, y + ay)
            other = faces.get(n)
            if other is not None:
                own = other.toward[aback]
            elif (was := need.get(n)) is not None:
                changes.append((1 << slot[n], was & akeep))
            n = (x + bx, y + by)
            other = faces.get(n)
            if other is not None:
                own |= other.toward[bback]
            elif (was := need.get(n)) is not None:
                changes.append((1 << slot[n], was & bkeep))
            n = (x + cx, y + cy)
            other = faces.get(n)
            if other is not None:
                own |= other.toward[cback]
            elif (was := need.get(n)) is not None:
                changes.append((1 << slot[n], was & ckeep))
            n = (x + dx, y + dy)
            other = faces.get(n)
            if other is not None:
                own |= other.toward[dback]
            elif (was := need.get(n)) is not None:
                changes.append((1 << slot[n], was & dkeep))
            for turned, bits, places, p0, p1, p2, p3, p4, p5, p6, p7 in ways_of(lies.code) or _shift_ways(lies):
                if p0 is not None:  # a card of panels: one element a segment (ORs written out: no loop)
                    mask = (index[p0] | index[p1] | index[p2] | index[p3] | index[p4] | index[p5] | index[p6]
                            | index[p7])
                else:
                    mask = 0
                    for place in places:
                        mask |= index[place]
                for bit, now in changes:
                    # The slot is in `mask` when the card connects there now; lifted, it must still connect
                    # (what it faces there only loses the card's side).
                    if not bits & now:
                        mask &= ~bit
                if turned and turn_in_place and own & bits:
                    rows.append((mask, source, turned, source))
                    size += mask.bit_count() + 1
                elif mask:
                    rows.append((mask, source, turned, None))
                    size += mask.bit_count()
        return rows, size

    def frontier_without(self, source: Cell, frontier: list[tuple[Cell, int]] | None = None) -> list[tuple[Cell, int]]:
        """The frontier as it would be with the card at `source` lifted off, in a fixed order: the frontier's,
        then the source's cell last.

        Only the source and its empty neighbours change, so the rest is reused.
        """
        changed, own = self.lifted(source)
        if frontier is None:
            frontier = self.frontier()
        if changed:
            get = changed.get
            result = [(cell, now) for cell, was in frontier if (now := get(cell, was))]
        else:
            result = list(frontier)
        if own:
            result.append((source, own))
        return result

    def neighbours(self, cell: Cell) -> list[Cell]:
        x, y = cell
        return [(x + dx, y + dy) for dx, dy in DIRECTIONS if (x + dx, y + dy) in self.cards]

    def links(self, cell: Cell) -> Iterator[tuple[int, Cell, int, int]]:
        """Touching segment pairs from the card at cell: (my panel, other cell, other panel, shared mask)."""
        return self.touching(cell, self.faces[cell])

    def touching(self, cell: Cell, mine: Face) -> Iterator[tuple[int, Cell, int, int]]:
        """links() for a card lying as `mine` at `cell`, on the table there or not (a card that would go there)."""
        x, y = cell
        for d in DIRECTIONS:
            n = (x + d[0], y + d[1])
            other = self.faces.get(n)
            if other is None:
                continue
            for s, t in zip(MY_SIDE[d], FACING[d]):
                shared = mine.segments[s] & other.segments[t]
                if shared:
                    yield mine.segment_panel[s], n, other.segment_panel[t], shared

    def card_components(self) -> list[set[Cell]]:
        """Cards grouped by connection (touching segments sharing an element)."""
        seen: set[Cell] = set()
        parts = []
        for start in sorted(self.cards):
            if start in seen:
                continue
            part = {start}
            todo = [start]
            while todo:
                cell = todo.pop()
                for _, n, _, _ in self.links(cell):
                    if n not in part:
                        part.add(n)
                        todo.append(n)
            seen |= part
            parts.append(part)
        return parts
