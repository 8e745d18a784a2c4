"""The seats at the table: a player's name, human or computer, and a computer's level; the names offered."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..bots import DEFAULT_LEVEL


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
    kind: str = "human"  # or "computer"
    level: str = DEFAULT_LEVEL  # a computer seat's level (aquarius3d/bots: random, easy, medium, hard)
