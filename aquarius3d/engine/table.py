"""The arrangement of cards on the table (level 0) and what follows from it.

The table keeps, next to the cards, the frontier: every empty cell beside a
card, with the segments that face into it packed the way Face.bits packs a
face's own segments. A face connects at a cell when `face.bits & need` is not
zero, so listing legal placements is one AND per cell and face.
"""

from __future__ import annotations

from ..cards import DIRECTIONS, FACING, MY_SIDE, SEG_BITS, Face, connected_elements, face

Cell = tuple[int, int]
# Per direction, my segment and the neighbour's segment that touch.
_PAIRS = tuple((d, tuple(zip(MY_SIDE[d], FACING[d]))) for d in DIRECTIONS)


class Table:
    """Cards on the table by cell, with the frontier kept up to date."""

    __slots__ = ("cards", "faces", "need", "_largest", "_groups")

    def __init__(self) -> None:
        self.cards: dict[Cell, int] = {}  # cell -> card id
        self.faces: dict[Cell, Face] = {}  # cell -> face as it lies
        self.need: dict[Cell, int] = {}  # frontier cell -> packed facing segments
        self._largest: dict[int, int] = {}  # element bit -> largest group, until the table changes
        # Per element bit, a union-find over panels (parent, size), kept up to date as cards are
        # placed; None after a card is lifted (rebuilt on the next question).
        self._groups: dict[int, tuple[dict, dict]] | None = {1 << i: ({}, {}) for i in range(5)}

    def __len__(self) -> int:
        return len(self.cards)

    def copy(self) -> "Table":
        other = Table()
        other.cards = dict(self.cards)
        other.faces = dict(self.faces)
        other.need = dict(self.need)
        other._groups = None
        return other

    # -- changes -----------------------------------------------------------

    def place(self, cell: Cell, card_id: int, code: str) -> None:
        if cell in self.cards:
            raise ValueError(f"cell {cell} is taken")
        self._largest.clear()
        self.cards[cell] = card_id
        self.faces[cell] = face(code)
        if self._groups is not None:
            self._join(cell)
        self.need.pop(cell, None)
        x, y = cell
        for dx, dy in DIRECTIONS:
            n = (x + dx, y + dy)
            if n not in self.cards:
                self.need[n] = self._facing(n)

    def remove(self, cell: Cell) -> tuple[int, str]:
        card_id = self.cards.pop(cell)
        code = self.faces.pop(cell).code
        self._largest.clear()
        self._groups = None
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
        for d in DIRECTIONS:
            n = (x + d[0], y + d[1])
            other = faces.get(n)
            if other is not None and n != without:
                (a, b), (c, e) = MY_SIDE[d], FACING[d]
                need |= (other.segments[c] << (SEG_BITS * a)) | (other.segments[e] << (SEG_BITS * b))
        return need

    # -- questions ---------------------------------------------------------

    def connects(self, cell: Cell, card_face: Face) -> int:
        """Elements the face would connect through at an empty cell (0: none)."""
        need = self.need.get(cell)
        if need is None or cell in self.cards:
            return 0
        return connected_elements(card_face.bits, need)

    def frontier(self) -> list[tuple[Cell, int]]:
        """Frontier cells with their facing segments, in a fixed order."""
        return sorted(self.need.items())

    def frontier_without(self, source: Cell, frontier: list | None = None) -> list[tuple[Cell, int]]:
        """The frontier as it would be with the card at `source` lifted off, in a fixed order.

        Only the source and its empty neighbours change, so the rest is reused.
        """
        x, y = source
        touched = {(x + dx, y + dy) for dx, dy in DIRECTIONS}
        result = []
        for cell, need in frontier if frontier is not None else self.frontier():
            if cell in touched:
                need = self._facing(cell, source)
                if not need:
                    continue
            result.append((cell, need))
        own = self._facing(source)
        if own:
            result.append((source, own))
        return result

    def neighbours(self, cell: Cell) -> list[Cell]:
        x, y = cell
        return [(x + dx, y + dy) for dx, dy in DIRECTIONS if (x + dx, y + dy) in self.cards]

    def links(self, cell: Cell):
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

    def _join(self, cell: Cell) -> None:
        """Add a newly placed card's panels to the union-finds and join them with their neighbours'."""
        groups = self._groups
        for panel, mask in enumerate(self.faces[cell].panels):
            for bit, (parent, size) in groups.items():
                if mask & bit:
                    parent[(cell, panel)] = (cell, panel)
                    size[(cell, panel)] = 1
        for mine, n, theirs, shared in self.links(cell):
            for bit, (parent, size) in groups.items():
                if shared & bit:
                    a, b = _find(parent, (cell, mine)), _find(parent, (n, theirs))
                    if a != b:
                        if size[a] < size[b]:
                            a, b = b, a
                        parent[b] = a
                        size[a] += size[b]

    def _union_finds(self) -> dict:
        if self._groups is None:
            self._groups = {1 << i: ({}, {}) for i in range(5)}
            faces = self.faces
            self.faces = {}
            for cell, card_face in faces.items():
                self.faces[cell] = card_face
                self._join(cell)
        return self._groups

    def group_size(self, cell: Cell, panel: int, bit: int) -> int:
        """Panels in the connected group of one element that holds a given panel."""
        parent, size = self._union_finds()[bit]
        return size[_find(parent, (cell, panel))]

    def group_root(self, cell: Cell, panel: int, bit: int) -> tuple[tuple[Cell, int], int]:
        """The connected group of one element holding a panel: an id for it (stable until the table changes)
        and its size. Computer players use it to see which groups a card would join, without placing it."""
        parent, size = self._union_finds()[bit]
        root = _find(parent, (cell, panel))
        return root, size[root]

    def _group(self, start, bit: int) -> set:
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

    def groups(self, bit: int) -> list[set]:
        """Every connected group of panels of one element."""
        seen: set = set()
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
            parent, size = self._union_finds()[bit]
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


def _find(parent: dict, node):
    """Union-find root, halving the path on the way."""
    while parent[node] != node:
        parent[node] = parent[parent[node]]
        node = parent[node]
    return node
