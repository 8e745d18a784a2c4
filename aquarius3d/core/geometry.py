"""The physical model: every dimension in millimetres, and the placement maths.

This module is the one source of physical facts. The rules compute heights with
these functions and the view positions every node with them, so what a player
sees and what the rules decide cannot drift apart.

Coordinates: x grows to the right, y away from the viewer, z up; the table top
is z = 0. A card cell (x, y) of the table grid has its centre at
(x * CELL_X, y * CELL_Y).
"""

from __future__ import annotations


from . import vocabulary
from .values import Value

# Cards: poker size on Looney Labs' 11 pt stock.
CARD_WIDTH = 63.5
CARD_LENGTH = 88.9
CARD_THICKNESS = 0.28
CARD_CORNER_RADIUS = 3.0

# The grid of the table: cards lie edge to edge, with a hair of air between
# them so that neighbouring meshes never z-fight.
CARD_GAP = 0.5
CELL_X = CARD_WIDTH + CARD_GAP
CELL_Y = CARD_LENGTH + CARD_GAP

# Looney Pyramids: base edge and height per size; pips equal the size number.
PYRAMID_SIZES = vocabulary.SIZES
PYRAMID_BASE = {"S": 14.29, "M": 19.84, "L": 25.40}
PYRAMID_HEIGHT = {"S": 25.40, "M": 34.93, "L": 44.45}
PYRAMID_PIPS = {"S": 1, "M": 2, "L": 3}
PYRAMID_WALL = 2.7

# A pyramid set on the next larger one rests this far above the larger one's
# base: its outside fits the larger one's cavity.
NEST_RISE = {"S": 19.5, "M": 19.5}
"""Rise of the base of a pyramid of this size when nested in the next larger size."""

QUARTERS = vocabulary.QUARTERS


def cell_centre(x: int, y: int) -> tuple[float, float]:
    """Centre of a table cell in millimetres."""
    return (x * CELL_X, y * CELL_Y)


def quarter_offset(quarter: int) -> tuple[float, float]:
    """Offset of a quarter's centre (0 TL, 1 TR, 2 BL, 3 BR) from its card's centre."""
    dx = CARD_WIDTH / 4 if quarter in (1, 3) else -CARD_WIDTH / 4
    dy = CARD_LENGTH / 4 if quarter in (0, 1) else -CARD_LENGTH / 4
    return (dx, dy)


def card_top(level: int, support_height: float | None = None, below_top: float | None = None) -> float:
    """Height of a card's top face.

    A card on the table (level 0) has its top face at the card thickness. A card
    resting on the tips of pyramids of height `support_height`, standing on a
    card whose top face is at `below_top`, has its top face at
    below_top + support_height + thickness.
    """
    if level == 0:
        return CARD_THICKNESS
    if support_height is None or below_top is None:
        raise ValueError("a card above the table needs the supports below it")
    return below_top + support_height + CARD_THICKNESS


def card_bottom(top: float) -> float:
    """Height of a card's bottom face, given its top face."""
    return top - CARD_THICKNESS


def pyramid_tip(card_top_z: float, size: str) -> float:
    """Height of the tip of an upright pyramid standing on a card's top face."""
    return card_top_z + PYRAMID_HEIGHT[size]


def house_tops(support_sizes: list[str]) -> list[float]:
    """Top face heights of each storey of a house.

    `support_sizes[i]` is the size of the pyramids standing on storey i that hold
    storey i + 1; the list of tops has one more entry than the list of sizes.
    """
    tops = [card_top(0)]
    for size in support_sizes:
        tops.append(card_top(len(tops), PYRAMID_HEIGHT[size], tops[-1]))
    return tops


def tower_tip(card_top_z: float, sizes: list[str]) -> float:
    """Height of the tip of a tower (sizes bottom-up, each one smaller) on a card."""
    z = card_top_z
    for lower, upper in zip(sizes, sizes[1:]):
        if PYRAMID_SIZES.index(upper) != PYRAMID_SIZES.index(lower) - 1:
            raise ValueError(f"a {upper} pyramid does not nest on a {lower} pyramid")
        z += NEST_RISE[upper]
    return z + PYRAMID_HEIGHT[sizes[-1]]


def tower_bases(card_top_z: float, sizes: list[str]) -> list[float]:
    """Height of the base of each pyramid of a tower, bottom-up."""
    bases = [card_top_z]
    for upper in sizes[1:]:
        bases.append(bases[-1] + NEST_RISE[upper])
    return bases


class Constants(Value, frozen=True):
    """The constants analyze reports, as a plain record."""

    card_thickness: float = CARD_THICKNESS
    pyramid_height: tuple[tuple[str, float], ...] = tuple(PYRAMID_HEIGHT.items())

    def to_dict(self) -> dict[str, float | dict[str, float]]:
        return {"card_thickness": self.card_thickness, "pyramid_height": dict(self.pyramid_height)}
