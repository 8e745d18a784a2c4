"""Where the card being chosen may go: the spots every family shares (a hand card on the table or on a
house's storey, a table card moved by Move a Card). Worked out from the position and the choice alone; the
session keeps them once per position and choice (`Session.spots`), for every reader."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.cards import face
from ..engine.moves import Move, MoveCard, Place
from .choice import Cell, Choice, Spot
from .stages import Stage

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..engine.state import State
    from .flows.base import Flow


def card_cells(game: Game, state: State, flow: Flow, code: str, turned: bool) -> list[tuple[Cell, int]]:
    """Where a card of the hand may go lying upright or turned round: (cell, storey), the table's cells first,
    then the storeys of houses (Aquarius Rising). A symmetric card turned round lies as it did: none."""
    upright = face(code)
    if turned and upright.symmetric:
        return []
    lies = upright.turned if turned else upright
    found: list[tuple[Cell, int]] = [((c[0], c[1]), 0) for c in game.placement.cells(state.table, lies)]
    return found + [((cell[0], cell[1]), level) for cell, level in flow.spots_above(lies)]


def shared_spots(game: Game, state: State, flow: Flow, choice: Choice, code: str | None) -> dict[Move, Spot]:
    """The spots of the shared stages: placing the hand card `code`, or where Move a Card's card may go."""
    if choice.stage == Stage.PLACE and code is not None:
        lies = face(code).turned.code if choice.turned else code
        return {Place(code, cell, choice.turned, level): Spot(cell, level, card=lies)
                for cell, level in card_cells(game, state, flow, code, choice.turned)}
    if choice.stage == Stage.TARGET and choice.source is not None and "move_a_card" in game.actions:
        current = state.table.faces[choice.source]
        lying = current.turned if choice.turned else current
        found: dict[Move, Spot] = {}
        for move in game.actions["move_a_card"].moves(game, state, state.turn):
            if not isinstance(move, MoveCard) or move.source != choice.source:
                continue
            if move.turned == choice.turned or lying.symmetric and not move.turned:
                found[move] = Spot((move.target[0], move.target[1]), card=lying.code)
        return found
    return {}
