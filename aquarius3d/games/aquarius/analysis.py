"""What `aquarius3d analyze` answers for an Aquarius table beyond the common keys: the winner if it ended now."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.vocabulary import ELEMENTS

if TYPE_CHECKING:
    from ...engine.game import Game
    from ...positions.file import Position
    from ...engine.state import State
    from ...engine.table import Table


STOREYS = False  # cards above the table, on pyramids
PIECES = False  # pyramids and towers standing on panels


def answers(game: Game, position: Position, table: Table, groups: dict[str, int]) -> tuple[list[str], Any, dict[str, Any]]:
    """(errors, a state for probes or None, answers) for a position's table (POSITIONS.md)."""
    found: dict[str, Any] = {}
    if game.goal_ids():
        found["winner"] = winner(game, groups, position.goals or list(ELEMENTS))
    return [], None, found


def winner(game: Game, groups: dict[str, int], contenders: list[str]) -> list[str]:
    """Elements that win if the game ended now: a group of the target wins, else the closest."""
    unique = [e for e in ELEMENTS if e in contenders]
    target = game.target
    reached = [e for e in unique if groups[e] >= target]
    if reached:
        return reached
    best = min(target - groups[e] for e in unique)
    return [e for e in unique if target - groups[e] == best]


def play_data(game: Game, position: Position, table: Table, storeys: dict[Any, Any], pyramids: dict[Any, Any]) -> tuple[Any, list[int] | None]:
    """The family's part of a state to play a check file's moves from, and the goals it lays out (none here)."""
    return None, None


def facts(game: Game, state: State) -> dict[str, Any]:
    """What check files may expect after a move, beyond the common facts (nothing more here)."""
    return {}
