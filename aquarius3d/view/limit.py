"""Dominus' table: where cards may lie, drawn as the table's edge.

A playtest (issue 27, playtest 5) saw a thin bright yellow line nobody explained cut across the screen above the
hand and through the HUD's info panel (the panels are translucent: what lies under them shows through). Now the
felt beyond the edge is shaded darker, as if the table ended there; the edge itself is a pale line, bright enough
to read as a border on the felt, dim enough that seen through a panel it is no more than the felt's own grain; and
a screen label names it once (view/family.py places it with the others, view/labels.py).
"""

from __future__ import annotations

from panda3d.core import NodePath, TransparencyAttrib

from ..core import geometry
from .furniture import CONTACT_BIN, Table
from .meshes import box_node, quad_node

Cells = tuple[tuple[int, int], tuple[int, int]]
Rect = tuple[float, float, float, float]  # x0, y0, x1, y1 (table millimetres)

LINE_RGB = (0.34, 0.56, 0.46)  # the edge: the felt's green, lighter by a fifth: a border on it, faint through a panel
LINE_WIDTH = 3.0  # millimetres
SHADE_ALPHA = 0.42  # the felt beyond the edge, this much darker
SHADE_Z = 0.05  # millimetres above the felt: under every card and pile


def limit_rect(cells: Cells) -> Rect:
    """The edge round the cells ((x0, y0), (x1, y1)) where cards may lie, in table millimetres."""
    (x0, y0), (x1, y1) = cells
    return (x0 * geometry.CELL_X - geometry.CELL_X / 2, y0 * geometry.CELL_Y - geometry.CELL_Y / 2,
            x1 * geometry.CELL_X + geometry.CELL_X / 2, y1 * geometry.CELL_Y + geometry.CELL_Y / 2)


def beyond(rect: Rect, extent: tuple[tuple[float, float], tuple[float, float]]) -> list[Rect]:
    """The felt outside a rectangle, as up to four rectangles (the far and near bands whole, the sides between)."""
    (fx0, fy0), (fx1, fy1) = extent
    x0, y0, x1, y1 = rect
    bands = [(fx0, y1, fx1, fy1), (fx0, fy0, fx1, y0), (fx0, y0, x0, y1), (x1, y0, fx1, y1)]
    return [(a, b, c, d) for a, b, c, d in bands if c - a > 1e-6 and d - b > 1e-6]


class TableLimit:
    """The edge's line (`outline`: its box is what the whole-table view frames) and the shaded felt beyond it."""

    def __init__(self, parent: NodePath, table: Table) -> None:
        self.parent = parent
        self.table = table
        self.outline: NodePath | None = None
        self.shade: NodePath | None = None
        self.rect: Rect | None = None

    def show(self, cells: Cells | None) -> NodePath | None:
        """Draw the edge round `cells` (None: no edge, the table is open); the felt holds it within its rim.
        Returns the line's node."""
        for node in (self.outline, self.shade):
            if node is not None:
                node.removeNode()
        self.outline = self.shade = None
        self.rect = None
        if cells is None:
            self.table.hold("limit", [])
            return None
        left, bottom, right, top = self.rect = limit_rect(cells)
        self.table.hold("limit", [self.rect])  # (the felt grows to hold it: its extent is known after this)
        self.outline = self.parent.attachNewNode("table-limit")
        self.outline.setLightOff(1)
        self.outline.setShaderOff(1)
        width = LINE_WIDTH
        for x, y, sx, sy in (((left + right) / 2, top, right - left + width, width),
                             ((left + right) / 2, bottom, right - left + width, width),
                             (left, (top + bottom) / 2, width, top - bottom),
                             (right, (top + bottom) / 2, width, top - bottom)):
            bar = self.outline.attachNewNode(box_node(1, 1, 1, (*LINE_RGB, 1.0), "limit"))
            bar.setPos(x, y, 0)
            bar.setScale(sx, sy, 0.4)
        self.shade = self.parent.attachNewNode("table-limit-shade")
        for x0, y0, x1, y1 in beyond(self.rect, self.table.extent):
            band = self.shade.attachNewNode(quad_node(x1 - x0, y1 - y0, (0.0, 0.0, 0.0, SHADE_ALPHA), "limit-shade"))
            band.setPos((x0 + x1) / 2, (y0 + y1) / 2, SHADE_Z)
        self.shade.setTransparency(TransparencyAttrib.M_alpha)
        self.shade.setLightOff(1)
        self.shade.setShaderOff(1)
        self.shade.setTextureOff(1)
        self.shade.setDepthWrite(False)
        self.shade.setBin(CONTACT_BIN, 1)  # (after the felt, as its contact shadows are)
        return self.outline

    def far_edge(self) -> tuple[tuple[float, float, float], tuple[float, float, float]] | None:
        """Where the edge's label belongs: on the far edge, a cell in from its right end (clear of the middle, where a
        seat's hand lies beyond it); failing that, the middle of the right edge. None with no edge."""
        if self.rect is None:
            return None
        left, bottom, right, top = self.rect
        return (max((left + right) / 2, right - geometry.CELL_X), top, 0.5), (right, (top + bottom) / 2, 0.5)
