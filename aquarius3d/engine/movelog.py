"""The game's log, "seat: move" a line, each line written only when someone reads it.

Every move applied adds a line to `State.log`; most are never read (a random or searching player's games), and
writing the text of a move was about 3% of an Aquarius move. A MoveLog keeps the seat and the move (moves are
frozen values) and writes the line the first time it is read, keeping it. Read it as a list of strings: iterate,
`len`, index, `reversed`, compare with a list; `list(log)` gives the plain list (`State.to_dict`). Lines are added
with `add` (the engine) or `append`/`extend`, and taken off with `pop`/`clear`, as from a list.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any


class MoveLog:
    """A list of "seat: move" lines whose lines are written on first reading."""

    __slots__ = ("_items", "_written")

    def __init__(self, lines: Iterable[str] = ()) -> None:
        self._items: list[Any] = list(lines)  # a line, or (seat, move) until it is read
        self._written = len(self._items)  # the items before this are all lines

    def add(self, seat: int, move: object) -> None:
        """The line f"{seat}: {move}", written when read."""
        self._items.append((seat, move))

    def append(self, line: str) -> None:
        self._items.append(line)

    def extend(self, lines: Iterable[str]) -> None:
        self._items.extend(lines)

    def pop(self, index: int = -1) -> str:
        items = self._lines()
        line = items.pop(index)
        self._written = len(items)
        return line

    def clear(self) -> None:
        self._items.clear()
        self._written = 0

    def _lines(self) -> list[str]:
        items = self._items
        if self._written < len(items):
            for i in range(self._written, len(items)):
                item = items[i]
                if item.__class__ is tuple:
                    items[i] = f"{item[0]}: {item[1]}"
            self._written = len(items)
        return items

    def copy(self) -> MoveLog:
        other = MoveLog.__new__(MoveLog)
        other._items = list(self._items)  # (an unwritten item is a pair of a number and a frozen move)
        other._written = self._written
        return other

    def __len__(self) -> int:
        return len(self._items)

    def __iter__(self) -> Iterator[str]:
        return iter(self._lines())

    def __reversed__(self) -> Iterator[str]:
        return reversed(self._lines())

    def __getitem__(self, index: Any) -> Any:
        return self._lines()[index]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, MoveLog):
            return self._lines() == other._lines()
        if isinstance(other, list):
            return self._lines() == other
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # (a list is not hashable either)

    def __repr__(self) -> str:
        return repr(self._lines())

    def __reduce__(self) -> tuple[Any, ...]:
        return MoveLog, (self._lines(),)


def log_move(log: MoveLog | list[str], seat: int, move: object) -> None:
    """Add a move's line to a state's log (a MoveLog, or a plain list given to a State by hand)."""
    if log.__class__ is MoveLog:
        log.add(seat, move)
    else:
        log.append(f"{seat}: {move}")
