"""What the scene shows of a game state: cards on every storey and their pyramids, placed by geometry.py."""

from __future__ import annotations

from .. import geometry
from .scene import CardView, PyramidView


def state_views(state) -> tuple[dict, dict]:
    """Card and pyramid views of a state, keyed by stable ids (card id; cell, storey and quarter)."""
    cards, pyramids = {}, {}
    extra = state.extra
    storeys = extra.get("storeys", {})
    placed = extra.get("pyramids", {})
    for cell, f in state.table.faces.items():
        top = geometry.card_top(0)
        level = 0
        card_id, code = state.table.cards[cell], f.code
        while True:
            cards[card_id] = CardView(cell, code, level, geometry.card_bottom(top))
            places = placed.get(f"{cell[0]},{cell[1]},{level}", [None] * 4)
            for quarter, pyramid in enumerate(places):
                if pyramid:
                    pyramids[(cell, level, quarter)] = PyramidView(cell, level, quarter, pyramid, top)
            above = storeys.get(f"{cell[0]},{cell[1]},{level + 1}")
            if above is None:
                break
            size = next(p[0] for p in places if p)
            top = geometry.card_top(level + 1, geometry.PYRAMID_HEIGHT[size], top)
            level += 1
            card_id, code = above
    return cards, pyramids
