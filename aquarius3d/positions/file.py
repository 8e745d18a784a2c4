"""Reading position and check files (POSITIONS.md): their form, every problem at once.

`read_position` checks a file's structure and raises PositionError, a
DataError naming every problem. Its first line is the first problem as
POSITIONS.md writes errors (`pos.yaml: cards[2].card: 'FWX' is not a card
code`); the lines after it give every problem, that one included, with its line
in the file (`pos.yaml:5: cards[2].card: 'FWX' is not a card code`). Values are
cut short in messages (yamlfile.short). The lines come from the YAML reader
(read_yaml keeps the line of every key path as it builds the data: no second
parse). What the rules say about a well-formed position is `analyze`'s part
(analyze.py).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any, NoReturn, TypeVar, cast

from ..core.cards import CardCodeError, face
from ..core.vocabulary import ACTIONS, ELEMENTS
from ..core.errors import DataError
from ..core.vocabulary import QUARTERS
from ..core.values import Value, field
from ..files.yamlfile import Lines, read_yaml
from ..core.text import Path_, path_text, place_of, short

_PYRAMID = re.compile(r"([SML])([gyrbkwc])")
KNOWN_KEYS = {"ruleset", "options", "cards", "goals", "players", "scoring_row", "probe", "turn",
              "description", "expect", "moves", "seed", "deck", "phase"}  # the last five: check files
CARD_KEYS = ("at", "card", "pyramids", "pieces")
PLAYER_KEYS = ("name", "goal", "hand", "target", "supply")
MOVE_KEYS = ("play", "expect", "illegal")
MAX_COORDINATE = 10_000  # a table is never this wide; bigger numbers are typing mistakes
MAX_LEVEL = 100
MAX_PROBLEMS = 50  # a file of garbage is not listed in full

T = TypeVar("T")
U = TypeVar("U")
Cell = tuple[int, int, int]  # x, y, level


class Pyramid(Value, frozen=True):
    size: str  # S, M or L
    colour: str  # g y r b k, or w (white) and c (clear)

    def __str__(self) -> str:
        return self.size + self.colour


class PlacedCard(Value):
    at: tuple[int, int, int]
    card: str  # the face as it lies
    pyramids: tuple[Pyramid | None, ...] | None = None
    pieces: dict[str, tuple[Pyramid, ...]] | None = None


class Seat(Value):
    name: str
    goal: str | None  # element name
    hand: list[str] = field(default_factory=list)  # card codes or action names
    target: int | None = None  # panels this player must connect, where the table agreed one
    supply: list[str] | None = None  # Aquarius Rising: unplayed pyramids


class Position(Value):
    source: str
    ruleset: str
    options: dict[Any, Any]  # option names to values, as the file says (loading the ruleset checks them)
    cards: list[PlacedCard]
    players: list[Seat]
    goals: list[str]  # goal element names held (from goals or players)
    scoring_row: list[str] | None
    probe: list[str]
    turn: int = 0
    extra: dict[str, Any] = field(default_factory=dict)  # keys tests add (expect, moves, illegal)
    lines: Lines = field(default_factory=dict, repr=False, compare=False)  # key path -> (file, line)

    def where(self, path: Path_) -> str:
        """`file:line` of a key path (or of the nearest key holding it); the file alone when not known."""
        line = line_of(self.lines, path)
        return f"{self.source}:{line}" if line else self.source


def line_of(lines: Lines, path: Path_) -> int | None:
    found = place_of(lines, path)
    return found[1] if found else None


class PositionError(DataError):
    """Every structural problem of a position file; `problems` holds (line or None, key path text, reason)."""

    def __init__(self, source: str, problems: list[tuple[int | None, str, str]]) -> None:
        self.source = source
        self.problems = problems
        text = [_said(source, None, *problems[0][1:])]  # POSITIONS.md's form of an error
        if any(line is not None for line, _, _ in problems) or len(problems) > 1:
            text += [_said(source, *problem) for problem in problems[:MAX_PROBLEMS]]
        if len(problems) > MAX_PROBLEMS:
            text.append(f"{source}: … and {len(problems) - MAX_PROBLEMS} more problems")
        super().__init__("\n".join(text))


def _said(source: str, line: int | None, key: str, reason: str) -> str:
    return f"{source}{f':{line}' if line else ''}: {f'{key}: ' if key else ''}{reason}"


class _Bad(Exception):
    """The value being read is wrong (already noted): skip it and go on."""


class _Reader:
    def __init__(self, source: str, data: Any, lines: Lines) -> None:
        self.source, self.data, self.lines = source, data, lines
        self.found: list[tuple[int, int | None, Path_, str]] = []

    def note(self, path: Path_, reason: str) -> None:
        """A problem at a key path; one whose key is not written (missing) is told after the others."""
        line = line_of(self.lines, path)
        order = line if path in self.lines and line is not None else 1 << 62  # (a written key has its line)
        self.found.append((order, line, path, reason))

    def fail(self, path: Path_, reason: str) -> NoReturn:
        self.note(path, reason)
        raise _Bad

    def done(self) -> None:
        if self.found:
            ordered = sorted(self.found, key=lambda p: p[0])  # stable: file order
            raise PositionError(self.source, [(line, path_text(path, self.data), reason)
                                              for _, line, path, reason in ordered])

    # -- values

    def element(self, path: Path_, value: Any) -> str:
        if isinstance(value, str) and value.strip().lower() in ELEMENTS:
            return value.strip().lower()
        self.fail(path, f"{short(value)} is not an element (one of {', '.join(ELEMENTS)})")

    def card_code(self, path: Path_, value: Any) -> str:
        if isinstance(value, str):
            try:
                return face(value).code
            except CardCodeError:
                pass
        self.fail(path, f"{short(value)} is not a card code")

    def card_or_action(self, path: Path_, value: Any) -> str:
        return value if isinstance(value, str) and value in ACTIONS else self.card_code(path, value)

    def pyramid(self, path: Path_, value: Any) -> Pyramid:
        match = _PYRAMID.fullmatch(value) if isinstance(value, str) else None
        if not match:
            self.fail(path, f"{short(value)} is not a pyramid (a size S, M or L and a colour g, y, r, b, k, w or c, "
                            "like Lr)")
        return Pyramid(match[1], match[2])

    def whole(self, path: Path_, value: Any, low: int, high: int, what: str) -> int:
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            self.fail(path, f"expected {what} from {low:,} to {high:,}, got {short(value)}")
        return value

    def listed(self, path: Path_, raw: Any, what: str, read: Callable[[Path_, Any], T]) -> list[T]:
        """Each item of a list read by read(path, item); a wrong item is noted and left out."""
        if not isinstance(raw, list):
            self.fail(path, f"expected a list of {what}, got {short(raw)}")
        items = []
        for i, item in enumerate(raw):
            try:
                items.append(read(path + (i,), item))
            except _Bad:
                pass
        return items

    def keys(self, path: Path_, entry: dict[Any, Any], known: tuple[str, ...]) -> None:
        for key in entry:
            if key not in known:
                self.note(path + (key,), f"unknown key (known: {', '.join(known)})")


def read_position(path: str | Path, display: str | None = None) -> Position:
    """Read a position file; PositionError names the file, line and key of every mistake."""
    source = display or str(path)
    if not Path(path).exists():
        raise DataError(f"{source}: no such file")
    data, lines = read_yaml(Path(path), source)
    return parse_position(data, source, lines)


def parse_position(data: Any, source: str = "<position>", lines: Lines | None = None) -> Position:
    """A position from parsed YAML; `lines` (from read_yaml) puts line numbers in the messages."""
    lines = lines or {}
    if not isinstance(data, dict):
        raise PositionError(source, [(line_of(lines, ()), "", "expected a mapping with at least 'ruleset' and "
                                                                   "'cards'")])
    r = _Reader(source, data, lines)
    for key in data:
        if key not in KNOWN_KEYS:
            r.note((key,), f"unknown key (known: {', '.join(sorted(KNOWN_KEYS))})")
    ruleset = data.get("ruleset")
    if not isinstance(ruleset, str) or not ruleset:
        r.note(("ruleset",), "missing: name a ruleset, for example 'ruleset: aquarius'")
    options = data.get("options") or {}
    if not isinstance(options, dict):
        r.note(("options",), f"expected a mapping of option names to values, got {short(options)}")
        options = {}
    cards = _attempt(lambda: _read_cards(r, data), [])
    players = _attempt(lambda: _read_players(r, data.get("players")), [])
    goals = [p.goal for p in players if p.goal]
    if data.get("goals") is not None:
        goals = _attempt(lambda: r.listed(("goals",), data["goals"], "elements", r.element), [])
    row = None
    if data.get("scoring_row") is not None:
        row = _attempt(lambda: r.listed(("scoring_row",), data["scoring_row"], "elements", r.element), None)
    probe = _attempt(lambda: r.listed(("probe",), data.get("probe") or [], "card codes", r.card_code), [])
    turn = data.get("turn", 0)
    if not isinstance(turn, int) or isinstance(turn, bool) or turn < 0 or (players and turn >= len(players)):
        r.note(("turn",), f"expected a seat number, got {short(turn)}")
    extra = {k: data[k] for k in ("expect", "moves", "seed", "description", "phase") if k in data}
    if "deck" in data:
        extra["deck"] = _attempt(lambda: r.listed(("deck",), data["deck"], "cards, top first", r.card_or_action), [])
    _check_file_keys(r, data)
    r.done()
    assert isinstance(ruleset, str)  # (else noted above, and done() raised)
    return Position(source, ruleset, dict(options), cards, players, goals, row, probe, turn, extra, lines)


def _attempt(read: Callable[..., T], otherwise: U, *args: Any) -> T | U:
    """read(*args), or `otherwise` when it found the value wrong (the problem is noted)."""
    try:
        return read(*args)
    except _Bad:
        return otherwise


def _read_cards(r: _Reader, data: dict[Any, Any]) -> list[PlacedCard]:
    if "cards" not in data:
        r.fail(("cards",), "missing: the cards on the table, a list (write 'cards: []' for an empty table)")
    raw = data["cards"]
    if not isinstance(raw, list):
        r.fail(("cards",), f"expected a list of cards, got {short(raw)}")
    cards: list[PlacedCard] = []
    taken: dict[Cell, int] = {}
    for i, entry in enumerate(raw):
        try:
            card = _read_card(r, ("cards", i), entry, taken)
        except _Bad:
            continue
        taken[card.at] = i
        cards.append(card)
    for card in cards:
        x, y, level = card.at
        if level > 0 and (x, y, level - 1) not in taken:
            r.note(("cards", taken[card.at], "at"), f"level {level} at {x},{y} has no card below it on level {level - 1}")
    return cards


def _read_card(r: _Reader, where: Path_, entry: Any, taken: dict[Cell, int]) -> PlacedCard:
    if not isinstance(entry, dict):
        r.fail(where, f"expected a mapping like {{at: [0, 0], card: FWAE}}, got {short(entry)}")
    r.keys(where, entry, CARD_KEYS)
    at = entry.get("at")
    cell: Cell | None = None
    if (not isinstance(at, list) or len(at) not in (2, 3)
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in at)):
        r.note(where + ("at",), f"expected [x, y] or [x, y, level] in whole numbers, got {short(at)}")
    elif not all(-MAX_COORDINATE <= v <= MAX_COORDINATE for v in at[:2]):
        r.note(where + ("at",), f"{short(at)} is farther than {MAX_COORDINATE:,} cells from the middle")
    elif len(at) == 3 and at[2] < 0:
        r.note(where + ("at",), f"level {at[2]} is below the table")
    elif len(at) == 3 and at[2] > MAX_LEVEL:
        r.note(where + ("at",), f"level {at[2]} is higher than {MAX_LEVEL}")
    else:
        cell = (at[0], at[1], at[2] if len(at) == 3 else 0)
        if cell in taken:
            r.note(where + ("at",), f"cell {_cell_text(cell)} already holds cards[{taken[cell]}]")
            cell = None
    code = None
    if "card" not in entry:
        r.note(where + ("card",), "missing card code")
    else:
        code = _attempt(lambda: r.card_code(where + ("card",), entry["card"]), None)
    pyramids = _attempt(lambda: _read_pyramids(r, where + ("pyramids",), entry.get("pyramids")), None)
    pieces = _attempt(lambda: _read_pieces(r, where + ("pieces",), entry.get("pieces")), None)
    if cell is None or code is None:
        raise _Bad
    return PlacedCard(cell, code, pyramids, pieces)


def _read_pyramids(r: _Reader, where: Path_, raw: Any) -> tuple[Pyramid | None, ...] | None:
    if raw is None:
        return None
    if not isinstance(raw, list) or len(raw) != 4:
        r.fail(where, f"expected four entries (TL, TR, BL, BR), got {short(raw)}")
    read = [None if p in ("-", None) else _attempt(r.pyramid, _Bad, where + (q,), p) for q, p in enumerate(raw)]
    if _Bad in read:
        raise _Bad
    return cast(tuple[Pyramid | None, ...], tuple(read))  # (no _Bad left)


def _read_pieces(r: _Reader, where: Path_, raw: Any) -> dict[str, tuple[Pyramid, ...]] | None:
    if raw is None:
        return None
    if not isinstance(raw, dict):
        r.fail(where, f"expected a mapping of quarters to pyramids, got {short(raw)}")
    pieces: dict[str, tuple[Pyramid | None, ...] | None] = {}
    for quarter, tower in raw.items():
        here = where + (quarter,)
        if quarter not in QUARTERS:
            r.note(here, "not a quarter (TL, TR, BL or BR)")
        elif not isinstance(tower, str) or not tower:
            r.note(here, f"expected a pyramid or a tower like Lr+Mr, got {short(tower)}")
        else:
            parts = [_attempt(r.pyramid, None, here, part.strip()) for part in tower.split("+")]
            pieces[quarter] = None if None in parts else tuple(parts)
    if None in pieces.values() or len(pieces) < len(raw):
        raise _Bad
    return cast(dict[str, tuple[Pyramid, ...]], pieces)  # (no None left)


def _read_players(r: _Reader, raw: Any) -> list[Seat]:
    if raw is None:
        return []
    return r.listed(("players",), raw, "players", lambda where, entry: _read_player(r, where, entry))


def _read_player(r: _Reader, where: Path_, entry: Any) -> Seat:
    i = cast(int, where[-1])  # (listed reads item i at path + (i,))
    if not isinstance(entry, dict):
        r.fail(where, f"expected a mapping like {{name: Ann, goal: fire, hand: [FWAE]}}, got {short(entry)}")
    r.keys(where, entry, PLAYER_KEYS)
    before = len(r.found)
    name = entry.get("name", f"Player {i + 1}")
    if not isinstance(name, (str, int)) or isinstance(name, bool):
        r.note(where + ("name",), f"expected a name, got {short(name)}")
    target = entry.get("target")
    if target is not None:
        _attempt(lambda: r.whole(where + ("target",), target, 1, 10_000, "a number of panels"), None)
    goal = entry.get("goal")
    if goal is not None:
        goal = _attempt(lambda: r.element(where + ("goal",), goal), None)
    hand = _attempt(lambda: r.listed(where + ("hand",), entry.get("hand") or [], "cards", r.card_or_action), [])
    supply = entry.get("supply")
    if supply is not None:
        supply = _attempt(lambda: [str(p) for p in r.listed(where + ("supply",), supply, "pyramids like [Lr, Sb]",
                                                            r.pyramid)], None)
    if len(r.found) > before:
        raise _Bad
    return Seat(str(name), goal, hand, target, supply)


def _check_file_keys(r: _Reader, data: dict[Any, Any]) -> None:
    """The keys of check files (checks.py): their form, so that running them meets no surprise."""
    if "description" in data and not isinstance(data["description"], str):
        r.note(("description",), f"expected text, got {short(data['description'])}")
    if "phase" in data and not isinstance(data["phase"], str):
        r.note(("phase",), f"expected the name of a phase, got {short(data['phase'])}")
    if "seed" in data:
        _attempt(lambda: r.whole(("seed",), data["seed"], 0, 2**63 - 1, "a whole number"), None)
    if "expect" in data and not isinstance(data["expect"], dict):
        r.note(("expect",), f"expected a mapping of analyze's answers, got {short(data['expect'])}")
    moves = data.get("moves")
    if moves is None:
        return
    if not isinstance(moves, list):
        r.note(("moves",), f"expected a list of moves, got {short(moves)}")
        return
    for i, step in enumerate(moves):
        where: Path_ = ("moves", i)
        if isinstance(step, str):
            continue
        if not isinstance(step, dict):
            r.note(where, f"expected a move or a mapping with play:, got {short(step)}")
            continue
        r.keys(where, step, MOVE_KEYS)
        if not isinstance(step.get("play"), str):
            r.note(where + ("play",), "missing: the move, as text" if "play" not in step
                   else f"expected a move as text, got {short(step['play'])}")
        if step.get("expect") is not None and not isinstance(step["expect"], dict):
            r.note(where + ("expect",), f"expected a mapping of facts, got {short(step['expect'])}")
        illegal = step.get("illegal")
        if "illegal" in step and (not isinstance(illegal, (str, int, float)) or isinstance(illegal, bool)):
            r.note(where + ("illegal",), f"expected (part of) the reason the move is refused, got {short(illegal)}")


def _cell_text(cell: Cell) -> str:
    return ",".join(str(v) for v in (cell if cell[2] else cell[:2]))
