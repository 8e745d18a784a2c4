"""What `aquarius3d analyze` answers for Dominus: the table it applied and the points in each hand."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.vocabulary import ACTIONS
from .blocks import card_points

if TYPE_CHECKING:
    from ...engine.game import Game
    from ...positions.file import Position
    from ...engine.state import State
    from ...engine.table import Table


STOREYS = False
PIECES = False


def answers(game: Game, position: Position, table: Table, groups: dict[str, int]) -> tuple[list[str], Any, dict[str, Any]]:
    limits = game.placement.limits
    assert limits is not None  # (every Dominus placement block has them)
    found: dict[str, Any] = {"table": limits()}  # the table's size and the cells round the starter
    found["hand_points"] = [sum(card_points(code) for code in seat.hand if code not in ACTIONS)
                            for seat in position.players]
    return [], None, found


def play_data(game: Game, position: Position, table: Table, storeys: dict[Any, Any], pyramids: dict[Any, Any]) -> tuple[Any, list[int] | None]:
    """The family's part of a state to play a check file's moves from, and the goals it lays out (none here)."""
    return None, None


def facts(game: Game, state: State) -> dict[str, Any]:
    """What check files may expect after a move, beyond the common facts (nothing more here)."""
    return {}
