"""Light on a few pieces of the table: the winning group or house when a game ends (screens/end_moment.py), a
moment on what a move made score in Elemental Towers (view/score_light.py).

A lit card gets a gold rim with light fading inward from it, over its edge only (its panels keep their colours:
a wash over the whole face turned black Space olive), and a halo on the felt round it when it lies on the table;
a lit pyramid gets its edges drawn in gold. All of it is added light (additive blending, unlit, no
shadows), a few small nodes beside the table's batches: it never rebuilds them, and `pulse` only scales a colour.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from panda3d.core import (
    ColorBlendAttrib,
    Geom,
    GeomNode,
    GeomTriangles,
    GeomVertexData,
    GeomVertexFormat,
    GeomVertexWriter,
    LineSegs,
    NodePath,
    TransparencyAttrib,
)

from ..core import geometry
from .scene import CardView, PyramidView, card_transform, pyramid_corners, pyramid_transform

GOLD = (1.0, 0.82, 0.35)
HALO = 14.0  # millimetres the halo reaches beyond a card lying on the felt
HALO_LIGHT = 0.6
BAND = 7.0  # millimetres the light reaches inward from a lit card's edge (its middle stays as it is)
BAND_LIGHT = 0.45
RIM = 3.0  # the gold rim's and the pyramids' edges' width, in pixels


def band_node(width: float, length: float, reach: float, light: float, name: str) -> GeomNode:
    """A band of light along a rectangle lying flat: `light` at its edge, fading to nothing `reach` millimetres
    away from it (outwards where reach > 0, inwards where reach < 0)."""
    data = GeomVertexData(name, GeomVertexFormat.getV3c4(), Geom.UHStatic)
    vertex, colour = GeomVertexWriter(data, "vertex"), GeomVertexWriter(data, "color")
    tris = GeomTriangles(Geom.UHStatic)
    edge = [(-width / 2, -length / 2), (width / 2, -length / 2), (width / 2, length / 2), (-width / 2, length / 2)]
    for (x, y) in edge:
        vertex.addData3(x, y, 0.0)
        colour.addData4(*GOLD, light)
    for (x, y) in edge:
        vertex.addData3(x + math.copysign(reach, x), y + math.copysign(reach, y), 0.0)
        colour.addData4(*GOLD, 0.0)
    for side in range(4):  # a quad between each edge and its faded one
        a, b = side, (side + 1) % 4
        tris.addVertices(a, b, b + 4)
        tris.addVertices(a, b + 4, a + 4)
    geom = Geom(data)
    geom.addPrimitive(tris)
    node = GeomNode(name)
    node.addGeom(geom)
    return node


def halo_node(width: float, length: float) -> GeomNode:
    """A soft band of light round a rectangle lying flat: bright at its edge, fading to nothing HALO beyond."""
    return band_node(width, length, HALO, HALO_LIGHT, "glow-halo")


def rim_node(x0: float, y0: float, x1: float, y1: float, z: float) -> GeomNode:
    """A lit card's gold rim: the rectangle from (x0, y0) to (x1, y1) at height z, RIM pixels wide."""
    rim = LineSegs("glow-rim")
    rim.setThickness(RIM)
    rim.setColor(*GOLD, 1.0)
    rim.moveTo(x0, y0, z)
    for x, y in ((x1, y0), (x1, y1), (x0, y1), (x0, y0)):
        rim.drawTo(x, y, z)
    return rim.create()


class Glow:
    """The lit pieces, keyed as the scene keys them (card ids; a pyramid's key)."""

    def __init__(self, root: NodePath) -> None:
        self.root = root.attachNewNode("glow")
        self.root.setLightOff(2)
        self.root.setShaderOff(2)
        self.root.setDepthWrite(False)
        self.root.setTwoSided(True)  # (a band fading inward winds the other way round)
        self.root.setTransparency(TransparencyAttrib.M_alpha)
        self.root.setAttrib(ColorBlendAttrib.make(ColorBlendAttrib.M_add, ColorBlendAttrib.O_incoming_alpha,
                                                  ColorBlendAttrib.O_one))
        self.root.setBin("fixed", 30)
        self.lit: set[object] = set()

    def show(self, cards: Mapping[object, CardView], pyramids: Mapping[object, PyramidView]) -> None:
        """Light these cards and pyramids (and put out any lit before)."""
        self.clear()
        ground = geometry.card_bottom(geometry.card_top(0))
        for key, view in cards.items():
            x, y, bottom = card_transform(view)
            top = bottom + geometry.CARD_THICKNESS + 0.15
            band = self.root.attachNewNode(band_node(geometry.CARD_WIDTH, geometry.CARD_LENGTH, -BAND, BAND_LIGHT,
                                                     "glow-band"))
            band.setPos(x, y, top)
            if view.level == 0 and abs(view.bottom - ground) < 0.5:  # lying on the felt: a halo round it
                halo = self.root.attachNewNode(halo_node(geometry.CARD_WIDTH, geometry.CARD_LENGTH))
                halo.setPos(x, y, ground + 0.15)
                halo.setPythonTag("lit", key)
            hw, hl = geometry.CARD_WIDTH / 2, geometry.CARD_LENGTH / 2
            node = self.root.attachNewNode(rim_node(x - hw, y - hl, x + hw, y + hl, top))
            for part in (band, node):
                part.setPythonTag("lit", key)
            self.lit.add(key)
        for key, pyramid in pyramids.items():
            corners = pyramid_corners(pyramid_transform(pyramid), pyramid.code[0])
            edges = LineSegs("glow-edges")
            edges.setThickness(RIM)
            edges.setColor(*GOLD, 1.0)
            base, tip = corners[:4], corners[4]
            edges.moveTo(*base[-1])
            for corner in base:
                edges.drawTo(*corner)
            for corner in base:
                edges.moveTo(*corner)
                edges.drawTo(*tip)
            self.root.attachNewNode(edges.create()).setPythonTag("lit", key)
            self.lit.add(key)

    def add_standing(self, nodes: list[NodePath], key: object) -> None:
        """Light these card nodes too, wherever they stand and lean (Elemental Towers' scoring row): the gold rim, the
        band fading inward and a halo round it, drawn in each card's own frame just over its face."""
        for node in nodes:
            bounds = node.getTightBounds(node)
            if bounds is None:
                continue
            low, high = bounds
            width, length, top = high.x - low.x, high.y - low.y, high.z + 0.15
            holder = self.root.attachNewNode("glow-standing")
            holder.setMat(node.getMat(self.root))
            for reach, light in ((-BAND, BAND_LIGHT), (HALO, HALO_LIGHT)):  # (inward over its edge, and a halo round it)
                band = holder.attachNewNode(band_node(width, length, reach, light, "glow-band"))
                band.setPos((low.x + high.x) / 2, (low.y + high.y) / 2, top)
            holder.attachNewNode(rim_node(low.x, low.y, high.x, high.y, top))
            holder.setPythonTag("lit", key)
            self.lit.add(key)

    def pulse(self, seconds: float) -> None:
        """Breathe: the added light swells and ebbs, about once a second."""
        level = 0.7 + 0.3 * math.sin(seconds * 2 * math.pi)
        self.root.setColorScale(level, level, level, 1.0)

    def steady(self) -> None:
        self.root.clearColorScale()

    def clear(self) -> None:
        self.root.getChildren().detach()
        self.root.clearColorScale()
        self.lit = set()
