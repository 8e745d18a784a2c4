"""Legal moves in groups, each move built only when asked for.

Listing moves is the engine's hot path: a random player counts thousands of moves and builds one. A group
has a length, gives its i-th move, and iterates its moves in order (the i-th of the iteration is the i-th
asked for); `Game.choose_move` picks across groups by index.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import compress
from typing import Any

from .moves import Move, Place
from .slots import _SELECT, picked

_new = object.__new__


class MoveGroup:
    """Moves of one shape, built only when asked for: the i-th is `build(items[i])`.

    Listing moves is the engine's hot path; a computer player that picks one move
    among thousands should not build the others.
    """

    __slots__ = ("items", "build")

    def __init__(self, items: list[Any], build: Callable[[Any], Move]) -> None:
        self.items = items
        self.build = build

    def __len__(self) -> int:
        return len(self.items)

    def __getitem__(self, index: int) -> Move:
        return self.build(self.items[index])

    def __iter__(self) -> Iterator[Move]:
        return map(self.build, self.items)


class SortedGroup(MoveGroup):
    """A MoveGroup whose items are sorted only when a move is asked for: counting them needs no sort (Zap a
    Card's cells: sorting a table's cells cost more than the rest of the turn's listing). `items` is the
    group's own list."""

    __slots__ = ("ordered",)

    def __init__(self, items: list[Any], build: Callable[[Any], Move]) -> None:
        self.items = items
        self.build = build
        self.ordered = False

    def _sorted(self) -> list[Any]:
        if not self.ordered:
            self.items.sort()
            self.ordered = True
        return self.items

    def __getitem__(self, index: int) -> Move:
        return self.build(self._sorted()[index])

    def __iter__(self) -> Iterator[Move]:
        return map(self.build, self._sorted())


class PlaceGroup(MoveGroup):
    """The placements of one card, one way up, at the cells listed (MoveGroup without a closure per card)."""

    __slots__ = ("code", "turned")

    def __init__(self, cells: list[tuple[int, int]], code: str, turned: bool) -> None:
        self.items = cells
        self.code = code
        self.turned = turned

    def __getitem__(self, index: int) -> Move:
        return Place(self.code, self.items[index], self.turned)

    def __iter__(self) -> Iterator[Move]:
        code, turned = self.code, self.turned
        return (Place(code, cell, turned) for cell in self.items)


class SpreadGroup:
    """Moves spread from rows `(options, *rest)`: each option gives the move `build(option, *rest)`, in order.

    For moves that differ in one part only (the pyramids that may stand on one quarter): one row instead of
    a move, or an item, each.
    """

    __slots__ = ("rows", "build", "size")

    def __init__(self, rows: list[tuple[Any, ...]], build: Callable[..., Move]) -> None:
        self.rows = rows
        self.build = build
        self.size = sum(len(row[0]) for row in rows)

    def __len__(self) -> int:
        return self.size

    def __getitem__(self, index: int) -> Move:
        if index < 0:
            index += self.size
        if 0 <= index:
            for options, *rest in self.rows:
                if index < len(options):
                    return self.build(options[index], *rest)
                index -= len(options)
        raise IndexError("no move with that index")

    def __iter__(self) -> Iterator[Move]:
        build = self.build
        for options, *rest in self.rows:
            for option in options:
                yield build(option, *rest)


class CrossGroup:
    """The moves `build(first, second)` for every first of `firsts`, and for each every second of `seconds`."""

    __slots__ = ("firsts", "seconds", "build")

    def __init__(self, firsts: list[Any], seconds: tuple[Any, ...], build: Callable[[Any, Any], Move]) -> None:
        self.firsts = firsts
        self.seconds = seconds
        self.build = build

    def __len__(self) -> int:
        return len(self.firsts) * len(self.seconds)

    def __getitem__(self, index: int) -> Move:
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError("no move with that index")
        first, second = divmod(index, len(self.seconds))
        return self.build(self.firsts[first], self.seconds[second])

    def __iter__(self) -> Iterator[Move]:
        build, seconds = self.build, self.seconds
        for first in self.firsts:
            for second in seconds:
                yield build(first, second)


class MaskGroup:
    """Moves `build(cell)` for the cells of a list picked by a bit set (bit i: cells[i]), in the list's order,
    then `last` when it is not None. Counting them is one bit count; cells are picked out only when asked for.
    """

    __slots__ = ("mask", "cells", "last", "build", "size")

    def __init__(self, mask: int, cells: list[Any], last: Any, build: Callable[[Any], Move]) -> None:
        self.mask = mask
        self.cells = cells
        self.last = last
        self.build = build
        self.size = mask.bit_count() + (last is not None)

    def __len__(self) -> int:
        return self.size

    def _picked(self) -> list[Any]:
        cells, mask = self.cells, self.mask
        found = []
        while mask:
            low = mask & -mask
            found.append(cells[low.bit_length() - 1])
            mask ^= low
        if self.last is not None:
            found.append(self.last)
        return found

    def __getitem__(self, index: int) -> Move:
        return self.build(self._picked()[index])

    def __iter__(self) -> Iterator[Move]:
        return map(self.build, self._picked())


class PlaceRows:
    """Placements row by row, for rows (mask, code, turned): one card one way up at the cells of the frontier
    slots in `mask` (slots.py), in cell order. Counting them is a bit count per row; a row's cells are listed
    only when one of its moves is asked for (a hand's placements in one group)."""

    __slots__ = ("rows", "cells", "size")

    def __init__(self, rows: list[tuple[int, str, bool]], cells: list[Any]) -> None:
        self.rows = rows
        self.cells = cells
        self.size = sum(mask.bit_count() for mask, _, _ in rows)

    def __len__(self) -> int:
        return self.size

    def __getitem__(self, index: int) -> Move:
        if index < 0:
            index += self.size
        if 0 <= index:
            for mask, code, turned in self.rows:
                size = mask.bit_count()  # (counted again: a C call, cheaper than a list of counts kept)
                if index < size:
                    # (slots.picked, written out: one is picked for every placement chosen)
                    found = list(compress(self.cells, bin(mask)[:1:-1].encode().translate(_SELECT)))
                    found.sort()
                    # Place(code, cell, turned), its fields set as Place.__init__ sets them, without its call.
                    move = _new(Place)
                    fields = move.__dict__
                    fields["code"] = code
                    fields["cell"] = found[index]
                    fields["turned"] = turned
                    fields["level"] = 0
                    return move
                index -= size
        raise IndexError("no move with that index")

    def __iter__(self) -> Iterator[Move]:
        for mask, code, turned in self.rows:
            for cell in picked(mask, self.cells):
                yield Place(code, cell, turned)


class ShiftGroup:
    """Moves `build(source, cell, turned)` row by row, for rows (mask, source, turned, last): the cells of the
    frontier slots in `mask` (slots.py), in cell order, then `last` when it is not None (Move a Card: one row
    per card and way it may lie). Counting them is a bit count per row; a row's cells are listed only when one
    of its moves is asked for."""

    __slots__ = ("rows", "cells", "build", "size")

    def __init__(self, rows: list[tuple[int, Any, bool, Any]], cells: list[Any], build: Callable[..., Move],
                 size: int) -> None:
        self.rows = rows
        self.cells = cells
        self.build = build
        self.size = size  # the rows' moves, counted as the rows were made (Table.shift_rows)

    def __len__(self) -> int:
        return self.size

    def _row(self, row: tuple[int, Any, bool, Any]) -> list[Any]:
        mask, _, _, last = row
        found = picked(mask, self.cells)
        if last is not None:
            found.append(last)
        return found

    def __getitem__(self, index: int) -> Move:
        if index < 0:
            index += self.size
        if 0 <= index:
            for row in self.rows:
                size = row[0].bit_count() + (row[3] is not None)  # (counted again: cheaper than a list kept)
                if index < size:
                    return self.build(row[1], self._row(row)[index], row[2])
                index -= size
        raise IndexError("no move with that index")

    def __iter__(self) -> Iterator[Move]:
        build = self.build
        for row in self.rows:
            for cell in self._row(row):
                yield build(row[1], cell, row[2])


class Chain:
    """Several move groups read as one, still built lazily (an action's moves in a phase of their own)."""

    __slots__ = ("groups",)

    def __init__(self, groups: list[Any]) -> None:
        self.groups = [g for g in groups if len(g)]

    def __len__(self) -> int:
        return sum(len(g) for g in self.groups)

    def __getitem__(self, index: int) -> Move:
        for group in self.groups:
            if index < len(group):
                move: Move = group[index]
                return move
            index -= len(group)
        raise IndexError("no move with that index")

    def __iter__(self) -> Iterator[Move]:
        for group in self.groups:
            yield from group


class SlotPlaceGroup:
    """The placements of one card, one way up, at the frontier slots in `mask` (slots.py), in cell order:
    counting them is one bit count, and the cells are listed only when a move is asked for."""

    __slots__ = ("mask", "cells", "code", "turned", "size")

    def __init__(self, mask: int, cells: list[Any], code: str, turned: bool) -> None:
        self.mask = mask
        self.cells = cells
        self.code = code
        self.turned = turned
        self.size = mask.bit_count()

    def __len__(self) -> int:
        return self.size

    def __getitem__(self, index: int) -> Move:
        return Place(self.code, picked(self.mask, self.cells)[index], self.turned)

    def __iter__(self) -> Iterator[Move]:
        code, turned = self.code, self.turned
        return (Place(code, cell, turned) for cell in picked(self.mask, self.cells))


class EveryCellGroup:
    """Placements row by row, for rows (code, turned): one card one way up at every cell of `cells` (a frontier's
    cells, in any order, the group's own list), in cell order. Counting them is a product; the cells are
    sorted only when a move is asked for."""

    __slots__ = ("rows", "cells", "size", "ordered")

    def __init__(self, rows: list[tuple[str, bool]], cells: list[Any]) -> None:
        self.rows = rows
        self.cells = cells
        self.size = len(rows) * len(cells)
        self.ordered = False

    def __len__(self) -> int:
        return self.size

    def _sorted(self) -> list[Any]:
        if not self.ordered:
            self.cells.sort()
            self.ordered = True
        return self.cells

    def __getitem__(self, index: int) -> Move:
        if index < 0:
            index += self.size
        if not 0 <= index < self.size:
            raise IndexError("no move with that index")
        row, at = divmod(index, len(self.cells))
        code, turned = self.rows[row]
        return Place(code, self._sorted()[at], turned)

    def __iter__(self) -> Iterator[Move]:
        cells = self._sorted()
        for code, turned in self.rows:
            for cell in cells:
                yield Place(code, cell, turned)


# The groups that keep their number of moves in `size`, and those whose moves are one an item of `items`: the
# engine reads these without calling their __len__ (Game.choose_move, listing.move_groups).
SIZED: frozenset[Any] = frozenset({SpreadGroup, MaskGroup, PlaceRows, ShiftGroup, SlotPlaceGroup, EveryCellGroup})
ITEMS: frozenset[Any] = frozenset({MoveGroup, SortedGroup, PlaceGroup})
