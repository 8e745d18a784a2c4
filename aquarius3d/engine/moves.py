"""Moves as frozen values with a one-line notation.

`str(move)` prints a move and `parse_move(text)` reads it back; the same text
is used in logs, saves, tests and bug reports:

    place FWAE @ 2,-1 turned    play an element card (its printed code), turned 180 degrees
    place FWAE @ 2,-1,1         ... on storey 1, on the pyramids of the card at 2,-1 (Aquarius Rising)
    pyramid Lr @ 0,0 TL         stand a large red pyramid on the top-left quarter of the card at 0,0
    pyramid Mb @ 0,0,1 BR       ... of the card on storey 1 there
    trade-pyramids 2            Zap a Card in Aquarius Rising: swap unplayed pyramids with seat 2
    two-pyramids                Move a Card in Aquarius Rising: play two pyramids this turn
    pass                        nothing can be played
    trade-hands 2               swap hands with seat 2 (seats count from 0)
    move 1,0 -> 2,0 turned      Move a Card: from a cell to a cell, turning it 180 degrees
    zap 1,0                     Zap a Card: take the card at 1,0 into your hand
    trade-goals 2 | trade-goals pile
    rotate-goals left | rotate-goals right
    shuffle-hands
    shuffle-goals
    join Cy                     between turns: Cy sits down at the end of the table (not a turn)

Elemental Towers (spaces are panels, named by their first quarter; #n is an earned action):

    build #0 1,0 TL             build a pyramid of the space's size and the match's colour
    shift #1 1,0 TL -> 2,0 BL   move a pyramid or tower of the match's colour one space
    skip #0                     let an earned action go
    swap-row 2                  Trade Goals: swap places 2 and 3 of the scoring row (0 is the top)
    trade-pyramid 1,0 TL M      Trade Hands: swap the lone pyramid there for the supply's medium one
    draft-discard 1             draft: keep two of the three cards offered, discard this one
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache
from operator import attrgetter
from typing import Any, ClassVar

from ..core.cards import CardCodeError, face
from ..core.errors import MoveSyntaxError
from ..core.vocabulary import QUARTERS
from ..core.text import short

MAX_MOVE_TEXT = 1000  # moves are short; a join names a player, whose name may be long but not this long

Cell = tuple[int, int]


def cell_text(cell: Cell) -> str:
    return f"{cell[0]},{cell[1]}"


class FrozenMoveError(AttributeError):
    """A move's fields cannot be changed."""


def _no_fields(move: Move) -> tuple[Any, ...]:
    return ()


def _compare(values: Callable[[Any], tuple[Any, ...]]) -> tuple[Callable[..., Any], Callable[..., int]]:
    """A class's __eq__ and __hash__, given the function listing a move's fields' values."""

    def __eq__(self: Move, other: object) -> Any:
        if other.__class__ is self.__class__:
            return values(self) == values(other)
        return NotImplemented

    def __hash__(self: Move) -> int:
        return hash(values(self))

    return __eq__, __hash__


class Move:
    """Base of every move: frozen values, equal and hashed as a frozen dataclass is (same class, the
    fields' values in order), printed the same way, and picklable.

    A subclass annotates its fields and sets them all at once in a plain `__init__`
    (`self.__dict__.update(...)`, the quickest way past the frozen `__setattr__`). Written out,
    a move class costs nothing to define at start-up, where `@dataclass` writes and compiles code
    for every class each time the program starts (about a millisecond each here, for some twenty
    moves). `_fields` names the fields, in order.
    """

    action: ClassVar[str | None] = None  # the action card a move plays, if any
    _fields: ClassVar[tuple[str, ...]] = ()
    _values: ClassVar[Any] = staticmethod(_no_fields)  # the fields' values as a tuple, in order
    __eq__, __hash__ = _compare(_no_fields)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._fields = tuple(name for klass in reversed(cls.__mro__[:-2])
                            for name in klass.__dict__.get("__annotations__", {}))
        if len(cls._fields) == 1:
            only = cls._fields[0]
            cls._values = staticmethod(lambda move: (getattr(move, only),))
        elif cls._fields:
            cls._values = staticmethod(attrgetter(*cls._fields))
        cls.__eq__, cls.__hash__ = _compare(cls._values)  # type: ignore[method-assign]

    def __repr__(self) -> str:
        return f"{type(self).__name__}({', '.join(f'{n}={getattr(self, n)!r}' for n in self._fields)})"

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenMoveError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenMoveError(f"cannot delete field {name!r}")

    def __reduce__(self) -> tuple[Any, ...]:
        return type(self), self._values(self)

    def __str__(self) -> str:  # pragma: no cover - every subclass overrides
        raise NotImplementedError


class Place(Move):
    """Play an element card: `code` names the card, which lies turned 180 degrees if `turned`.

    A card may be named by either of its faces: with EEWW in hand,
    `place WWEE @ 1,0` and `place EEWW @ 1,0 turned` are the same move.
    """

    code: str
    cell: Cell
    turned: bool
    level: int  # storey: 0 on the table, n on the pyramids of the card on storey n - 1

    def __init__(self, code: str, cell: Cell, turned: bool = False, level: int = 0) -> None:
        self.__dict__.update(code=code, cell=cell, turned=turned, level=level)

    @property
    def lies_as(self) -> str:
        return face(self.code).turned.code if self.turned else self.code

    def __str__(self) -> str:
        where = cell_text(self.cell) + (f",{self.level}" if self.level else "")
        return f"place {self.code} @ {where}" + (" turned" if self.turned else "")


class Pass(Move):

    def __str__(self) -> str:
        return "pass"


class TradeHands(Move):
    seat: int
    action = "trade_hands"

    def __init__(self, seat: int) -> None:
        self.__dict__.update(seat=seat)

    def __str__(self) -> str:
        return f"trade-hands {self.seat}"


class MoveCard(Move):
    source: Cell
    target: Cell
    turned: bool
    action = "move_a_card"

    def __init__(self, source: Cell, target: Cell, turned: bool = False) -> None:
        self.__dict__.update(source=source, target=target, turned=turned)

    def __str__(self) -> str:
        return f"move {cell_text(self.source)} -> {cell_text(self.target)}" + (" turned" if self.turned else "")


class Zap(Move):
    cell: Cell
    action = "zap_a_card"

    def __init__(self, cell: Cell) -> None:
        self.__dict__.update(cell=cell)

    def __str__(self) -> str:
        return f"zap {cell_text(self.cell)}"


class TradeGoals(Move):
    seat: int | None  # None: the top of the unused goals
    action = "trade_goals"

    def __init__(self, seat: int | None) -> None:
        self.__dict__.update(seat=seat)

    def __str__(self) -> str:
        return f"trade-goals {'pile' if self.seat is None else self.seat}"


class RotateGoals(Move):
    direction: str  # "left": each player passes to the next seat
    action = "rotate_goals"

    def __init__(self, direction: str) -> None:
        self.__dict__.update(direction=direction)

    def __str__(self) -> str:
        return f"rotate-goals {self.direction}"


class ShuffleHands(Move):
    action = "shuffle_hands"

    def __str__(self) -> str:
        return "shuffle-hands"


class ShuffleGoals(Move):
    action = "shuffle_goals"

    def __str__(self) -> str:
        return "shuffle-goals"


class PlacePyramid(Move):
    """Stand a pyramid from your supply on a quarter of a card (Aquarius Rising)."""

    pyramid: str  # size and colour, e.g. "Lr"
    cell: Cell
    quarter: int  # 0 TL, 1 TR, 2 BL, 3 BR
    level: int

    def __init__(self, pyramid: str, cell: Cell, quarter: int, level: int = 0) -> None:
        self.__dict__.update(pyramid=pyramid, cell=cell, quarter=quarter, level=level)

    def __str__(self) -> str:
        where = cell_text(self.cell) + (f",{self.level}" if self.level else "")
        return f"pyramid {self.pyramid} @ {where} {QUARTERS[self.quarter]}"


class TradePyramids(Move):
    seat: int
    action = "zap_a_card"

    def __init__(self, seat: int) -> None:
        self.__dict__.update(seat=seat)

    def __str__(self) -> str:
        return f"trade-pyramids {self.seat}"


class TwoPyramids(Move):
    action = "move_a_card"

    def __str__(self) -> str:
        return "two-pyramids"


class Build(Move):
    match: int
    cell: Cell
    space: str  # quarter name of the panel: TL, TR, BL, BR

    def __init__(self, match: int, cell: Cell, space: str) -> None:
        self.__dict__.update(match=match, cell=cell, space=space)

    def __str__(self) -> str:
        return f"build #{self.match} {cell_text(self.cell)} {self.space}"


class Shift(Move):
    match: int
    cell: Cell
    space: str
    to_cell: Cell
    to_space: str

    def __init__(self, match: int, cell: Cell, space: str, to_cell: Cell, to_space: str) -> None:
        self.__dict__.update(match=match, cell=cell, space=space, to_cell=to_cell, to_space=to_space)

    def __str__(self) -> str:
        return f"shift #{self.match} {cell_text(self.cell)} {self.space} -> {cell_text(self.to_cell)} {self.to_space}"


class Skip(Move):
    match: int

    def __init__(self, match: int) -> None:
        self.__dict__.update(match=match)

    def __str__(self) -> str:
        return f"skip #{self.match}"


class SwapRow(Move):
    index: int  # swaps the row's places index and index + 1
    action = "trade_goals"

    def __init__(self, index: int) -> None:
        self.__dict__.update(index=index)

    def __str__(self) -> str:
        return f"swap-row {self.index}"


class TradePiece(Move):
    cell: Cell
    space: str
    size: str  # the size taken from the supply
    action = "trade_hands"

    def __init__(self, cell: Cell, space: str, size: str) -> None:
        self.__dict__.update(cell=cell, space=space, size=size)

    def __str__(self) -> str:
        return f"trade-pyramid {cell_text(self.cell)} {self.space} {self.size}"


class DraftDiscard(Move):
    index: int  # which of the three offered cards goes to the box

    def __init__(self, index: int) -> None:
        self.__dict__.update(index=index)

    def __str__(self) -> str:
        return f"draft-discard {self.index}"


class Join(Move):
    """A new player sits down between turns (Aquarius FAQ); not a move of the player to play."""

    name: str

    def __init__(self, name: str) -> None:
        self.__dict__.update(name=name)

    def __str__(self) -> str:
        return f"join {self.name}"


_CELL = r"(-?\d+)\s*,\s*(-?\d+)"
_SPACE = r"(TL|TR|BL|BR)"


@lru_cache(maxsize=1)
def _patterns() -> list[tuple[re.Pattern[str], Callable[[re.Match[str]], Move]]]:
    """The notation's patterns, compiled when a move is first read (not at every start)."""
    return [
        (re.compile(rf"place\s+(\S+)\s*@\s*{_CELL}(?:\s*,\s*(\d+))?(\s+turned)?"),
         lambda m: Place(_code(m[1]), (int(m[2]), int(m[3])), bool(m[5]), int(m[4] or 0))),
        (re.compile(rf"pyramid\s+([SML][gyrbkwc])\s*@\s*{_CELL}(?:\s*,\s*(\d+))?\s+(TL|TR|BL|BR)"),
         lambda m: PlacePyramid(m[1], (int(m[2]), int(m[3])), QUARTERS.index(m[5]), int(m[4] or 0))),
        (re.compile(r"trade-pyramids\s+(\d+)"), lambda m: TradePyramids(int(m[1]))),
        (re.compile(r"two-pyramids"), lambda m: TwoPyramids()),
        (re.compile(r"pass"), lambda m: Pass()),
        (re.compile(r"trade-hands\s+(\d+)"), lambda m: TradeHands(int(m[1]))),
        (re.compile(rf"move\s+{_CELL}\s*->\s*{_CELL}(\s+turned)?"),
         lambda m: MoveCard((int(m[1]), int(m[2])), (int(m[3]), int(m[4])), bool(m[5]))),
        (re.compile(rf"zap\s+{_CELL}"), lambda m: Zap((int(m[1]), int(m[2])))),
        (re.compile(r"trade-goals\s+(\d+|pile)"), lambda m: TradeGoals(None if m[1] == "pile" else int(m[1]))),
        (re.compile(r"rotate-goals\s+(left|right)"), lambda m: RotateGoals(m[1])),
        (re.compile(r"shuffle-hands"), lambda m: ShuffleHands()),
        (re.compile(r"shuffle-goals"), lambda m: ShuffleGoals()),
        (re.compile(r"join\s+(\S.*)"), lambda m: Join(m[1].strip())),
        (re.compile(rf"build\s+#(\d+)\s+{_CELL}\s+{_SPACE}"), lambda m: Build(int(m[1]), (int(m[2]), int(m[3])), m[4])),
        (re.compile(rf"shift\s+#(\d+)\s+{_CELL}\s+{_SPACE}\s*->\s*{_CELL}\s+{_SPACE}"),
         lambda m: Shift(int(m[1]), (int(m[2]), int(m[3])), m[4], (int(m[5]), int(m[6])), m[7])),
        (re.compile(r"skip\s+#(\d+)"), lambda m: Skip(int(m[1]))),
        (re.compile(r"swap-row\s+(\d+)"), lambda m: SwapRow(int(m[1]))),
        (re.compile(rf"trade-pyramid\s+{_CELL}\s+{_SPACE}\s+([SML])"),
         lambda m: TradePiece((int(m[1]), int(m[2])), m[3], m[4])),
        (re.compile(r"draft-discard\s+(\d+)"), lambda m: DraftDiscard(int(m[1]))),
    ]


def _code(text: str) -> str:
    try:
        return face(text).code
    except CardCodeError as exc:
        raise MoveSyntaxError(str(exc)) from None


def parse_move(text: str) -> Move:
    """Read a move from its notation; raises MoveSyntaxError naming the text."""
    if not isinstance(text, str):
        raise MoveSyntaxError(f"{short(text)} is not a move: a move is written as text, like 'place FWAE @ 2,-1'")
    if len(text) > MAX_MOVE_TEXT:
        raise MoveSyntaxError(f"{short(text)} is not a move (longer than {MAX_MOVE_TEXT} characters)")
    line = " ".join(text.split())
    for pattern, build in _patterns():
        match = pattern.fullmatch(line)
        if match:
            return build(match)
    raise MoveSyntaxError(f"{short(text)} is not a move (for example 'place FWAE @ 2,-1 turned', 'zap 0,0', 'pass')")
