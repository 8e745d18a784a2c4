"""What `aquarius3d analyze` answers for Dominus: the table it applied and the points in each hand."""

from __future__ import annotations

from typing import Any

from ...decks import ACTIONS
from .blocks import card_points

STOREYS = False
PIECES = False


def answers(game, position, table, groups: dict[str, int]) -> tuple[list[str], Any, dict[str, Any]]:
    found: dict[str, Any] = {"table": game.placement.limits()}  # the table's size and the cells round the starter
    found["hand_points"] = [sum(card_points(code) for code in seat.hand if code not in ACTIONS)
                            for seat in position.players]
    return [], None, found


def play_data(game, position, table, storeys: dict, pyramids: dict) -> tuple[Any, list[int] | None]:
    """The family's part of a state to play a check file's moves from, and the goals it lays out (none here)."""
    return None, None


def facts(game, state) -> dict[str, Any]:
    """What check files may expect after a move, beyond the common facts (nothing more here)."""
    return {}
