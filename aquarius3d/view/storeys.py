"""What the scene shows of a game state: cards on every storey and their pyramids, placed by geometry.py."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from ..core import geometry
from ..games.rising.state import Quarters, RisingData
from .scene import CardView, PyramidView

if TYPE_CHECKING:
    from ..engine.state import State

Cell = tuple[int, int]


def _storeys(state: State, cell: Cell) -> Iterator[tuple[int, int, str, float, Quarters]]:
    """Walk a cell's house from the table up: (storey, card id, face code, top of the card, pyramids on it)."""
    data = state.data if isinstance(state.data, RisingData) else RisingData()
    storeys, placed = data.storeys, data.pyramids
    top, level = geometry.card_top(0), 0
    card_id, code = state.table.cards[cell], state.table.faces[cell].code
    while True:
        places = placed.get((cell, level), [None] * 4)
        yield level, card_id, code, top, places
        above = storeys.get((cell, level + 1))
        size = next((p[0] for p in places if p), None)
        if above is None or size is None:
            return
        top = geometry.card_top(level + 1, geometry.PYRAMID_HEIGHT[size], top)
        level += 1
        card_id, code = above


def state_views(state: State) -> tuple[dict[object, CardView], dict[object, PyramidView]]:
    """Card and pyramid views of a state, keyed by stable ids (card id; cell, storey and quarter)."""
    cards: dict[object, CardView] = {}
    pyramids: dict[object, PyramidView] = {}
    for cell in state.table.faces:
        for level, card_id, code, top, places in _storeys(state, cell):
            cards[card_id] = CardView(cell, code, level, geometry.card_bottom(top))
            for quarter, pyramid in enumerate(places):
                if pyramid:
                    pyramids[(cell, level, quarter)] = PyramidView(cell, level, quarter, pyramid, top)
    return cards, pyramids


def level_top(state: State, cell: Cell, level: int) -> float:
    """Height of the top face a card placed at (cell, storey) would have, from the supports below it."""
    if level == 0 or cell not in state.table.faces:
        return geometry.card_top(0)
    for storey, _, _, top, places in _storeys(state, cell):
        if storey == level - 1:
            size = next(p[0] for p in places if p)
            return geometry.card_top(level, geometry.PYRAMID_HEIGHT[size], top)
    raise ValueError(f"no storey {level - 1} at {cell}")


def surface_top(state: State, cell: Cell, level: int) -> float:
    """Height of the top face of the card already standing at (cell, storey): where pyramids go."""
    for storey, _, _, top, _ in _storeys(state, cell):
        if storey == level:
            return top
    raise ValueError(f"no storey {level} at {cell}")


def storey_tops(state: State) -> dict[Cell, list[tuple[int, float]]]:
    """Every house's storeys above the table: {cell: [(storey, top of its card), ...]} (houses only)."""
    found: dict[Cell, list[tuple[int, float]]] = {}
    for cell in state.table.faces:
        levels = [(level, top) for level, _, _, top, _ in _storeys(state, cell)]
        if len(levels) > 1:
            found[cell] = levels
    return found
