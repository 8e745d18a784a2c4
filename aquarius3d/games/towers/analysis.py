"""What `aquarius3d analyze` answers for Elemental Towers: whether the pieces could stand, the score and rank."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.vocabulary import COLOURS, ELEMENTS, SIZES
from .pieces import rank_of, score_of, structure_errors, towers_state
from .state import towers

if TYPE_CHECKING:
    from ...engine.game import Game
    from ...positions.file import Position
    from ...engine.state import State
    from ...engine.table import Table


STOREYS = False
PIECES = True


def answers(game: Game, position: Position, table: Table, groups: dict[str, int]) -> tuple[list[str], Any, dict[str, Any]]:
    state = towers_state(game, position, table)
    errors = structure_errors(game, state, position)
    if position.scoring_row is not None and sorted(position.scoring_row) != sorted(ELEMENTS):
        errors.append("scoring_row: expected each of the five elements once, top (5 points) to bottom (1)")
    score, _ = score_of(game, state)
    return errors, None, {"score": score, "rank": rank_of(game, score)}


def play_data(game: Game, position: Position, table: Table, storeys: dict[Any, Any], pyramids: dict[Any, Any]) -> tuple[Any, list[int] | None]:
    """The pieces, what the supply has left, and the scoring row, to play a check file's moves from."""
    laid = towers_state(game, position, table)
    data = towers(laid)
    used: dict[str, int] = {}
    for here in data.pieces.values():
        for piece in here.values():
            for kind in piece:
                used[kind] = used.get(kind, 0) + 1
    data.supply = {size + colour: game.setup.per_kind - used.get(size + colour, 0) for colour in COLOURS for size in SIZES}
    return data, laid.unused_goals


def facts(game: Game, state: State) -> dict[str, Any]:
    """The score and rank if the game ended now."""
    score, _ = score_of(game, state)
    return {"score": score, "rank": rank_of(game, score)}
