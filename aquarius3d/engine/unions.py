"""The connected groups of panels of each element on the table, as union-finds kept up to date card by card.

A panel is known here by a number, `cell_id(cell) << 3 | panel` (a face has at most 4 panels): a number hashes
and compares faster than the pair (cell, panel), and finding a group's root is a Python engine's innermost loop
when cards are placed and winners checked. Cell ids are handed out once per process, in the order cells are
first used, and never change (`CELLS[id]` is the cell again); every table shares them, so a table's copies
name panels alike. Groups are given out as sets of (cell, panel) pairs, as before.
"""

from __future__ import annotations


from ..cards import DIRECTIONS, FACING, MY_SIDE, Face

Cell = tuple[int, int]
Node = tuple[Cell, int]  # a panel: its card's cell and its index on the face
UnionFind = tuple[dict[int, int], dict[int, int]]  # parent of each panel number; size of each root's group
# Per direction, my segment and the neighbour's segment that touch.
_PAIRS = tuple((d, tuple(zip(MY_SIDE[d], FACING[d]))) for d in DIRECTIONS)
_SIDE_PAIRS = tuple((d[0], d[1], pairs) for d, pairs in _PAIRS)
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

    def _made(self) -> dict[int, UnionFind]:
        """The union-finds (Table: made from its cards when they were not kept)."""
        raise NotImplementedError

    def _join(self, cell: Cell, faces: dict[Cell, Face] | None = None) -> None:
        """Add a newly placed card's panels to the union-finds of their elements and join them with their
        neighbours' (those in `faces`: by default, the table's)."""
        groups = self._groups
        assert groups is not None  # (only called while they are kept)
        if faces is None:
            faces = self.faces
        mine = faces[cell]
        ids = IDS
        base = (ids.get(cell) or cell_id(cell)) << 3  # (id 0 is the first cell ever used: cell_id answers it)
        for panel, mask in enumerate(mine.panels):
            node = base | panel
            for bit in _BITS_OF[mask]:
                parent, size = groups[bit]
                parent[node] = node
                size[node] = 1
        segments, owner = mine.segments, mine.segment_panel
        x, y = cell
        for dx, dy, pairs in _SIDE_PAIRS:
            n = (x + dx, y + dy)
            other = faces.get(n)
            if other is None:
                continue
            theirs, their_owner = other.segments, other.segment_panel
            there_base = ids[n] << 3
            for s, t in pairs:
                shared = segments[s] & theirs[t]
                if not shared:
                    continue
                here, there = base | owner[s], there_base | their_owner[t]
                for bit in _BITS_OF[shared]:
                    parent, size = groups[bit]
                    a, b = _find(parent, here), _find(parent, there)
                    if a != b:
                        if size[a] < size[b]:
                            a, b = b, a
                        parent[b] = a
                        size[a] += size[b]

    def _split(self, cell: Cell, lifted: Face, bit: int) -> None:
        """After the card at cell was lifted: the groups of one element that held its panels, found again."""
        parent, size = self._made()[bit]
        base = IDS[cell] << 3
        roots = {_find(parent, base | p) for p, mask in enumerate(lifted.panels) if mask & bit}
        members = [node for node in parent if _find(parent, node) in roots]
        for node in members:
            del parent[node]
            size.pop(node, None)  # sizes are kept for roots only
        todo = {node for node in members if node >> 3 != base >> 3}
        cells, ids = CELLS, IDS
        while todo:
            start = todo.pop()
            # The lifted card is off `faces`: the walk covers only what is left.
            group = {ids[c] << 3 | p for c, p in self._group((cells[start >> 3], start & 7), bit)}
            for node in group:
                parent[node] = start
            todo -= group
            size[start] = len(group)

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
            parent, size = (self._groups or self._made())[bit]
            largest = self._largest[bit] = max((size[n] for n in parent if parent[n] == n), default=0)
        return largest

    def largest_group_at(self, cell: Cell, bit: int) -> int:
        """Largest group of an element among those touching the card at cell."""
        parent, size = (self._groups or self._made())[bit]
        base = IDS[cell] << 3
        best = 0
        for panel, mask in enumerate(self.faces[cell].panels):
            if mask & bit:
                found = size[_find(parent, base | panel)]
                if found > best:
                    best = found
        return best
