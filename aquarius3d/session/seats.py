"""The seats at the table: a player's name, human or computer, and a computer's level; the names offered."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..bots import DEFAULT_LEVEL, is_level, level_name
from ..core.errors import DataError


DEFAULT_NAMES = ("Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus")  # names offered to new seats, in this order


def default_names(fewest: int, most: int) -> list[str]:
    """The players a game starts with when nobody says: two, or as many as it takes (one for a solitaire game)."""
    return list(DEFAULT_NAMES[:max(fewest, min(2, most))])


def same_name(names: Iterable[str]) -> str | None:
    """A name two players share (letter case and spaces round it aside), or None when each is their own."""
    seen: set[str] = set()
    for name in names:
        key = name.strip().casefold()
        if key in seen:
            return name.strip()
        seen.add(key)
    return None


@dataclass(frozen=True)
class Seat:
    name: str
    kind: str = "human"  # or "computer", or "remote": a player at another computer, whose moves the host passes on
    level: str = DEFAULT_LEVEL  # a computer seat's level (aquarius3d/bots: random, easy, medium, hard)


REMOTE = "remote"  # in a host's --players: a seat for a player who joins from another computer


def parse_seats(text: str, remote: bool = False) -> list[Seat]:
    """'Ann,medium,easy' -> seats. A computer player is its level (random, easy, medium, hard) or 'bot' /
    'computer' (the default level), optionally with a name: 'easy:Hal', 'bot:Hal'. With `remote` (a host's
    players), 'remote' is a seat for a player joining from another computer, named when they join. Anything
    else is a human player's name."""
    seats: list[Seat] = []
    for i, raw in enumerate(part.strip() for part in text.split(",")):
        if not raw:
            raise DataError(f"--players: player {i + 1} has no name (write names separated by commas)")
        kind, _, name = raw.partition(":")
        if remote and kind.strip().lower() == REMOTE and not name:
            seats.append(Seat("", REMOTE))
        elif is_level(kind):
            try:
                level = level_name(kind)
            except ValueError as exc:
                raise DataError(f"--players: player {i + 1}: {exc}") from None
            seats.append(Seat(name.strip() or f"Bot {sum(s.kind == 'computer' for s in seats) + 1}", "computer",
                              level))
        else:
            seats.append(Seat(raw, "human"))
    names = [s.name for s in seats if s.kind != REMOTE]
    if same_name(names) is not None:
        raise DataError(f"--players: two players are called the same ({', '.join(names)})")
    return seats
