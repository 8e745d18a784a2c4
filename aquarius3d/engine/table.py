"""The arrangement of cards on the table (level 0) and what follows from it.

The table keeps, next to the cards, the frontier: every empty cell beside a
card, with the segments that face into it packed the way Face.bits packs a
face's own segments. A face connects at a cell when `face.bits & need` is not
zero, so listing legal placements is one AND per cell and face.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..cards import DIRECTIONS, FACING, MY_SIDE, SEG_BITS, Face, connected_elements, face
from ..vocabulary import ALL_ELEMENTS

Cell = tuple[int, int]
Node = tuple[Cell, int]  # a panel: its card's cell and its index on the face
UnionFind = tuple[dict[Node, Node], dict[Node, int]]  # parent of each panel; size of each root's group
# Per direction, my segment and the neighbour's segment that touch.
_PAIRS = tuple((d, tuple(zip(MY_SIDE[d], FACING[d]))) for d in DIRECTIONS)
# Per direction (dx, dy, the neighbour's two facing segments, the shifts that put them where mine sit in Face.bits).
_FACING_SHIFTS = tuple(
    (d[0], d[1], FACING[d][0], SEG_BITS * MY_SIDE[d][0], FACING[d][1], SEG_BITS * MY_SIDE[d][1]) for d in DIRECTIONS
)
# The single element bits of each element mask (a wild panel has five).
_BITS_OF = tuple(tuple(1 << i for i in range(5) if mask >> i & 1) for mask in range(32))


class Table:
    """Cards on the table by cell, with the frontier kept up to date."""

    __slots__ = ("cards", "faces", "need", "_largest", "_groups", "_frontier")

    def __init__(self) -> None:
        self.cards: dict[Cell, int] = {}  # cell -> card id
        self.faces: dict[Cell, Face] = {}  # cell -> face as it lies
        self.need: dict[Cell, int] = {}  # frontier cell -> packed facing segments
        self._largest: dict[int, int] = {}  # element bit -> largest group, until the table changes
        # Per element bit, a union-find over panels (parent, size), kept up to date as cards are
        # placed and lifted.
        self._groups: dict[int, UnionFind] = {1 << i: ({}, {}) for i in range(5)}
        self._frontier: list[tuple[Cell, int]] | None = None  # need's items sorted, until the table changes

    def __len__(self) -> int:
        return len(self.cards)

    def copy(self) -> "Table":
        other = Table()
        other.cards = dict(self.cards)
        other.faces = dict(self.faces)
        other.need = dict(self.need)
        other._largest = dict(self._largest)
        # The union-finds are copied (a few hundred entries at most, C speed): rebuilding them costs far more.
        other._groups = {bit: (dict(uf[0]), dict(uf[1])) for bit, uf in self._groups.items()}
        other._frontier = self._frontier  # never changed in place, only replaced
        return other

    # -- changes -----------------------------------------------------------

    def place(self, cell: Cell, card_id: int, code: str) -> None:
        if cell in self.cards:
            raise ValueError(f"cell {cell} is taken")
        self._largest.clear()
        self._frontier = None
        cards = self.cards
        cards[cell] = card_id
        self.faces[cell] = face(code)
        self._join(cell, ALL_ELEMENTS)
        need = self.need
        need.pop(cell, None)
        x, y = cell
        facing = self._facing
        for dx, dy in DIRECTIONS:
            n = (x + dx, y + dy)
            if n not in cards:
                need[n] = facing(n)

    def remove(self, cell: Cell) -> tuple[int, str]:
        card_id = self.cards.pop(cell)
        lifted = self.faces.pop(cell)
        code = lifted.code
        self._largest.clear()
        # Only the groups of the elements the lifted card shows can split: relabel those (a rebuild of the
        # whole union-find cost most of the time of a Move a Card or a Zap).
        for bit in _BITS_OF[lifted.elements]:
            self._split(cell, lifted, bit)
        self._frontier = None
        x, y = cell
        for target in ((x, y), *((x + dx, y + dy) for dx, dy in DIRECTIONS)):
            if target in self.cards:
                continue
            need = self._facing(target)
            if need:
                self.need[target] = need
            else:
                self.need.pop(target, None)
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
        frontier = self._frontier
        if frontier is None:
            frontier = self._frontier = sorted(self.need.items())
        return frontier

    def frontier_without(self, source: Cell, frontier: list[tuple[Cell, int]] | None = None) -> list[tuple[Cell, int]]:
        """The frontier as it would be with the card at `source` lifted off, in a fixed order.

        Only the source and its empty neighbours change, so the rest is reused.
        """
        x, y = source
        need = self.need
        facing = self._facing
        changed = {}
        for dx, dy in DIRECTIONS:
            n = (x + dx, y + dy)
            if n in need:
                changed[n] = facing(n, source)  # 0 when only the lifted card faced it
        if frontier is None:
            frontier = self.frontier()
        if changed:
            get = changed.get
            result = [(cell, now) for cell, was in frontier if (now := get(cell, was))]
        else:
            result = list(frontier)
        own = facing(source)
        if own:
            result.append((source, own))
        return result

    def neighbours(self, cell: Cell) -> list[Cell]:
        x, y = cell
        return [(x + dx, y + dy) for dx, dy in DIRECTIONS if (x + dx, y + dy) in self.cards]

    def links(self, cell: Cell) -> Iterator[tuple[int, Cell, int, int]]:
        """Touching segment pairs from the card at cell: (my panel, other cell, other panel, shared mask)."""
        mine = self.faces[cell]
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

    def _join(self, cell: Cell, live: int) -> None:
        """Add a newly placed card's panels to the union-finds of the `live` element bits and join them with
        their neighbours'."""
        groups = self._groups
        faces = self.faces
        mine = faces[cell]
        for panel, mask in enumerate(mine.panels):
            node = (cell, panel)
            for bit in _BITS_OF[mask & live]:
                parent, size = groups[bit]
                parent[node] = node
                size[node] = 1
        segments, owner = mine.segments, mine.segment_panel
        x, y = cell
        for d, pairs in _PAIRS:
            n = (x + d[0], y + d[1])
            other = faces.get(n)
            if other is None:
                continue
            for s, t in pairs:
                shared = segments[s] & other.segments[t] & live
                if not shared:
                    continue
                here, there = (cell, owner[s]), (n, other.segment_panel[t])
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
        parent, size = self._groups[bit]
        roots = {_find(parent, (cell, p)) for p, mask in enumerate(lifted.panels) if mask & bit}
        members = [node for node in parent if _find(parent, node) in roots]
        for node in members:
            del parent[node]
            size.pop(node, None)  # sizes are kept for roots only
        todo = {node for node in members if node[0] != cell}
        while todo:
            start = todo.pop()
            group = self._group(start, bit)  # the lifted card is off `faces`: walks only what is left
            for node in group:
                parent[node] = start
            todo -= group
            size[start] = len(group)

    def _union_find(self, bit: int) -> UnionFind:
        """(parent, size) of one element's union-find."""
        return self._groups[bit]

    def group_size(self, cell: Cell, panel: int, bit: int) -> int:
        """Panels in the connected group of one element that holds a given panel."""
        parent, size = self._union_find(bit)
        return size[_find(parent, (cell, panel))]

    def group_root(self, cell: Cell, panel: int, bit: int) -> tuple[tuple[Cell, int], int]:
        """The connected group of one element holding a panel: an id for it (stable until the table changes)
        and its size. Computer players use it to see which groups a card would join, without placing it."""
        parent, size = self._union_find(bit)
        root = _find(parent, (cell, panel))
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
            parent, size = self._union_find(bit)
            largest = self._largest[bit] = max((size[n] for n in parent if parent[n] == n), default=0)
        return largest

    def largest_group_at(self, cell: Cell, bit: int) -> int:
        """Largest group of an element among those touching the card at cell."""
        card_face = self.faces[cell]
        return max(
            (self.group_size(cell, p, bit) for p, mask in enumerate(card_face.panels) if mask & bit),
            default=0,
        )

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


def _find(parent: dict[Node, Node], node: Node) -> Node:
    """Union-find root, halving the path on the way."""
    while parent[node] != node:
        parent[node] = parent[parent[node]]
        node = parent[node]
    return node
