"""The connected groups of panels of each element on the table, as union-finds kept up to date card by card.

A panel is known here by a number, `cell_id(cell) << 3 | panel` (a face has at most 4 panels): a number hashes
and compares faster than the pair (cell, panel), and finding a group's root is a Python engine's innermost loop
when cards are placed and winners checked. Cell ids are handed out once per process, in the order cells are
first used, and never change (`CELLS[id]` is the cell again); every table shares them, so a table's copies
name panels alike. Groups are given out as sets of (cell, panel) pairs, as before.
"""

from __future__ import annotations


from ..core.cards import DIRECTIONS, FACING, MY_SIDE, Face

Cell = tuple[int, int]
Node = tuple[Cell, int]  # a panel: its card's cell and its index on the face
UnionFind = tuple[dict[int, int], dict[int, int]]  # parent of each panel number; size of each root's group
# Per direction, my segment and the neighbour's segment that touch.
_PAIRS = tuple((d, tuple(zip(MY_SIDE[d], FACING[d]))) for d in DIRECTIONS)
_PAIRS_OF = tuple(pairs for _, pairs in _PAIRS)  # the same, by the direction's index
# The single element bits of each element mask (a wild panel has five).
_BITS_OF = tuple(tuple(1 << i for i in range(5) if mask >> i & 1) for mask in range(32))

IDS: dict[Cell, int] = {}  # cell -> its id
CELLS: list[Cell] = []  # id -> cell


def cell_id(cell: Cell) -> int:
    found = IDS.get(cell)
    if found is None:
        found = IDS[cell] = len(CELLS)
        CELLS.append(cell)
    return found


# Per face code, (panel, element bit) for every element of every panel (a wild panel has five).
_PANEL_BITS: dict[str, tuple[tuple[int, int], ...]] = {}


def _panel_bits(card_face: Face) -> tuple[tuple[int, int], ...]:
    found = _PANEL_BITS[card_face.code] = tuple(
        (panel, bit) for panel, mask in enumerate(card_face.panels) for bit in _BITS_OF[mask])
    return found


# Per face code, per element bit (1 to 16), the panels showing that element.
_PANELS_OF: dict[str, list[tuple[int, ...]]] = {}


def _panels_of(card_face: Face) -> list[tuple[int, ...]]:
    found = _PANELS_OF[card_face.code] = [
        tuple(panel for panel, mask in enumerate(card_face.panels) if mask & bit) for bit in range(17)]
    return found


def _find(parent: dict[int, int], node: int) -> int:
    """Union-find root, halving the path on the way."""
    while parent[node] != node:
        parent[node] = parent[parent[node]]
        node = parent[node]
    return node


class PanelGroups:
    """Table's part that answers for groups of panels (a mixin: Table holds the data)."""

    __slots__ = ()
    faces: dict[Cell, Face]
    _groups: dict[int, UnionFind] | None  # None: not kept (Table's `groups`), made when first asked for
    _largest: dict[int, int]
    bound: list[int]

    def _made(self) -> dict[int, UnionFind]:
        """The union-finds (Table: made from its cards when they were not kept)."""
        raise NotImplementedError

    def _join(self, cell: Cell, mine: Face, touching: list[tuple[Cell, int]]) -> None:
        """Add a newly placed card's panels (its face `mine`) to the union-finds of their elements and join them
        with those of the cards `touching` it, each given as (its cell, the direction's index in DIRECTIONS), in
        DIRECTIONS' order."""
        groups = self._groups
        assert groups is not None  # (only called while they are kept)
        faces = self.faces
        ids = IDS
        base = (ids.get(cell) or cell_id(cell)) << 3  # (id 0 is the first cell ever used: cell_id answers it)
        for panel, bit in _PANEL_BITS.get(mine.code) or _panel_bits(mine):
            parent, size = groups[bit]
            node = base | panel
            parent[node] = node
            size[node] = 1
        segments, owner = mine.segments, mine.segment_panel
        bound = self.bound
        for n, k in touching:
            other = faces[n]
            pairs = _PAIRS_OF[k]
            theirs, their_owner = other.segments, other.segment_panel
            there_base = ids[n] << 3
            for s, t in pairs:
                shared = segments[s] & theirs[t]
                if not shared:
                    continue
                here, there = base | owner[s], there_base | their_owner[t]
                for bit in _BITS_OF[shared]:
                    parent, size = groups[bit]
                    a = here  # _find(parent, here) and _find(parent, there), written out (the innermost loop)
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

    def _split(self, cell: Cell, lifted: Face, bit: int) -> None:
        """After the card at cell was lifted: the groups of one element that held its panels, found again.

        Each piece of a group that held a lifted panel touches that panel (the group was connected), so the
        pieces are walked from the lifted card's neighbours alone, over panel numbers: the rest of the
        union-find is neither read nor changed. Each piece's first panel found becomes its root, every panel
        of it pointing there (a root only names a group, until the table changes: group_root).
        """
        parent, size = self._made()[bit]
        faces, ids = self.faces, IDS
        base = ids[cell] << 3
        segments = lifted.segments
        gone = [base | p for p, mask in enumerate(lifted.panels) if mask & bit]
        for root in {_find(parent, node) for node in gone}:
            size.pop(root, None)  # the group's old root: named again below if it is still a root
        for node in gone:
            del parent[node]
        # Where the pieces start: the panels of the neighbours touching a lifted segment of this element.
        x, y = cell
        starts = []
        for (dx, dy), pairs in _PAIRS:
            n = (x + dx, y + dy)
            other = faces.get(n)
            if other is None:
                continue
            theirs, their_owner = other.segments, other.segment_panel
            for s, t in pairs:
                if segments[s] & bit and theirs[t] & bit:
                    starts.append(ids[n] << 3 | their_owner[t])
        cells = CELLS
        done: set[int] = set()
        for start in starts:
            if start in done:
                continue
            group = {start}
            todo = [start]
            while todo:
                node = todo.pop()
                at = cells[node >> 3]
                panel = node & 7
                cx, cy = at
                mine = faces[at]
                mine_segments, owner = mine.segments, mine.segment_panel
                for (dx, dy), pairs in _PAIRS:
                    n = (cx + dx, cy + dy)
                    other = faces.get(n)
                    if other is None:
                        continue
                    for s, t in pairs:
                        if owner[s] == panel and mine_segments[s] & bit and other.segments[t] & bit:
                            found = ids[n] << 3 | other.segment_panel[t]
                            if found not in group:
                                group.add(found)
                                todo.append(found)
            for node in group:
                parent[node] = start
            size[start] = len(group)  # (the old roots' sizes went above: no other panel of these had one)
            done |= group

    def _union_find(self, bit: int) -> UnionFind:
        """(parent, size) of one element's union-find, over panel numbers."""
        return self._made()[bit]

    def group_size(self, cell: Cell, panel: int, bit: int) -> int:
        """Panels in the connected group of one element that holds a given panel."""
        parent, size = (self._groups or self._made())[bit]
        return size[_find(parent, IDS[cell] << 3 | panel)]

    def group_root(self, cell: Cell, panel: int, bit: int) -> tuple[int, int]:
        """The connected group of one element holding a panel: an id for it (stable until the table changes)
        and its size. Computer players use it to see which groups a card would join, without placing it."""
        parent, size = (self._groups or self._made())[bit]
        root = _find(parent, IDS[cell] << 3 | panel)
        return root, size[root]

    def _group(self, start: Node, bit: int) -> set[Node]:
        faces = self.faces
        seen = {start}
        todo = [start]
        while todo:
            node = todo.pop()
            (x, y), panel = node
            mine = faces[node[0]]
            segments, owner = mine.segments, mine.segment_panel
            for d, pairs in _PAIRS:
                n = (x + d[0], y + d[1])
                other = faces.get(n)
                if other is None:
                    continue
                for s, t in pairs:
                    if owner[s] == panel and segments[s] & bit and other.segments[t] & bit:
                        found = (n, other.segment_panel[t])
                        if found not in seen:
                            seen.add(found)
                            todo.append(found)
        return seen

    def groups(self, bit: int) -> list[set[Node]]:
        """Every connected group of panels of one element."""
        seen: set[Node] = set()
        found = []
        for cell, card_face in sorted(self.faces.items()):
            for panel, mask in enumerate(card_face.panels):
                if mask & bit and (cell, panel) not in seen:
                    group = self._group((cell, panel), bit)
                    seen |= group
                    found.append(group)
        return found

    def largest_group(self, bit: int) -> int:
        largest = self._largest.get(bit)
        if largest is None:
            largest = self._largest[bit] = max((self._groups or self._made())[bit][1].values(), default=0)  # (roots only)
        return largest

    def largest_group_at(self, cell: Cell, bit: int) -> int:
        """Largest group of an element among those touching the card at cell."""
        parent, size = (self._groups or self._made())[bit]
        base = IDS[cell] << 3
        card = self.faces[cell]
        best = 0
        for panel in (_PANELS_OF.get(card.code) or _panels_of(card))[bit]:
            node = base | panel
            while (up := parent[node]) != node:  # _find, written out (asked after every card placed)
                parent[node] = top = parent[up]
                node = top
            found = size[node]
            if found > best:
                best = found
        return best
