"""Meshes built from geometry.py: cards as thin rounded slabs, the table top (pyramids: view/pieces.py).

All sizes come from aquarius3d.core.geometry, in millimetres (one scene unit is one
millimetre). A card's mesh has its bottom face at z = 0 and its top face at
z = CARD_THICKNESS, centred on the origin.
"""

from __future__ import annotations

import math

import numpy as np
from panda3d.core import (
    Geom,
    GeomNode,
    GeomTriangles,
    GeomVertexData,
    GeomVertexFormat,
    GeomVertexWriter,
)

from ..core import geometry

CORNER_STEPS = 5

Point = tuple[float, float, float]
Colour = tuple[float, ...]  # red, green, blue, alpha: 0-1 each
UvRect = tuple[float, float, float, float]  # u0, v0, u1, v1 of a face on its page (view/atlas.py)


def rounded_outline(width: float, length: float, radius: float, steps: int = CORNER_STEPS) -> list[tuple[float, float]]:
    """Points of a rounded rectangle, counter-clockwise, centred on the origin."""
    hx, hy = width / 2 - radius, length / 2 - radius
    points = []
    for cx, cy, start in ((hx, hy, 0), (-hx, hy, 90), (-hx, -hy, 180), (hx, -hy, 270)):
        for i in range(steps + 1):
            a = math.radians(start + 90 * i / steps)
            points.append((cx + radius * math.cos(a), cy + radius * math.sin(a)))
    return points


class _Builder:
    def __init__(self, name: str) -> None:
        self.data = GeomVertexData(name, GeomVertexFormat.getV3n3c4t2(), Geom.UHStatic)
        self.vertex = GeomVertexWriter(self.data, "vertex")
        self.normal = GeomVertexWriter(self.data, "normal")
        self.color = GeomVertexWriter(self.data, "color")
        self.uv = GeomVertexWriter(self.data, "texcoord")
        self.tris = GeomTriangles(Geom.UHStatic)
        self.count = 0

    def add(self, pos: Point, normal: Point, uv: tuple[float, float] = (0.0, 0.0), color: Colour = (1, 1, 1, 1)) -> int:
        self.vertex.addData3(*pos)
        self.normal.addData3(*normal)
        self.uv.addData2(*uv)
        self.color.addData4(*color)
        self.count += 1
        return self.count - 1

    def triangle(self, a: int, b: int, c: int) -> None:
        self.tris.addVertices(a, b, c)

    def node(self, name: str) -> GeomNode:
        geom = Geom(self.data)
        geom.addPrimitive(self.tris)
        node = GeomNode(name)
        node.addGeom(geom)
        return node


def card_node(face_uv: UvRect, back_uv: UvRect, name: str = "card") -> GeomNode:
    """A card slab: the face on top, the back below, a cream edge."""
    w, l, t = geometry.CARD_WIDTH, geometry.CARD_LENGTH, geometry.CARD_THICKNESS
    outline = rounded_outline(w, l, geometry.CARD_CORNER_RADIUS)
    b = _Builder(name)

    def uv_in(rect: UvRect, x: float, y: float, mirror: bool = False) -> tuple[float, float]:
        u0, v0, u1, v1 = rect
        s = x / w + 0.5
        if mirror:
            s = 1.0 - s
        return (u0 + s * (u1 - u0), v0 + (y / l + 0.5) * (v1 - v0))

    # Top (face), a fan around the centre.
    centre = b.add((0, 0, t), (0, 0, 1), uv_in(face_uv, 0, 0))
    ring = [b.add((x, y, t), (0, 0, 1), uv_in(face_uv, x, y)) for x, y in outline]
    for i in range(len(ring)):
        b.triangle(centre, ring[i], ring[(i + 1) % len(ring)])
    # Bottom (back), seen from below: mirrored, wound the other way.
    centre = b.add((0, 0, 0), (0, 0, -1), uv_in(back_uv, 0, 0, True))
    ring = [b.add((x, y, 0), (0, 0, -1), uv_in(back_uv, x, y, True)) for x, y in outline]
    for i in range(len(ring)):
        b.triangle(centre, ring[(i + 1) % len(ring)], ring[i])
    # Edge: a band of quads, textured with the cream border of the face tile.
    edge_uv = uv_in(face_uv, -w / 2 + 0.5, 0)
    n = len(outline)
    for i in range(n):
        (x1, y1), (x2, y2) = outline[i], outline[(i + 1) % n]
        nx, ny = (y2 - y1), -(x2 - x1)
        norm = math.hypot(nx, ny) or 1.0
        normal = (nx / norm, ny / norm, 0)
        a = b.add((x1, y1, 0), normal, edge_uv)
        c = b.add((x2, y2, 0), normal, edge_uv)
        d = b.add((x2, y2, t), normal, edge_uv)
        e = b.add((x1, y1, t), normal, edge_uv)
        b.triangle(a, c, d)
        b.triangle(a, d, e)
    return b.node(name)


def quad_node(width: float, length: float, color: Colour, name: str, z: float = 0.0, uv_scale: float = 1.0) -> GeomNode:
    """A flat rectangle facing up, centred on the origin."""
    b = _Builder(name)
    hw, hl = width / 2, length / 2
    corners = [(-hw, -hl), (hw, -hl), (hw, hl), (-hw, hl)]
    ids = [b.add((x, y, z), (0, 0, 1), ((x + hw) / width * uv_scale, (y + hl) / length * uv_scale), color)
           for x, y in corners]
    b.triangle(ids[0], ids[1], ids[2])
    b.triangle(ids[0], ids[2], ids[3])
    return b.node(name)


def box_faces(width: float, length: float, height: float) -> list[tuple[Point, list[Point]]]:
    """The five faces (no bottom) of a box standing on z = 0, centred on the origin: each normal and its four
    corners, wound outwards."""
    hw, hl = width / 2, length / 2
    return [
        ((0, 0, 1), [(-hw, -hl, height), (hw, -hl, height), (hw, hl, height), (-hw, hl, height)]),
        ((0, -1, 0), [(-hw, -hl, 0), (hw, -hl, 0), (hw, -hl, height), (-hw, -hl, height)]),
        ((0, 1, 0), [(hw, hl, 0), (-hw, hl, 0), (-hw, hl, height), (hw, hl, height)]),
        ((1, 0, 0), [(hw, -hl, 0), (hw, hl, 0), (hw, hl, height), (hw, -hl, height)]),
        ((-1, 0, 0), [(-hw, hl, 0), (-hw, -hl, 0), (-hw, -hl, height), (-hw, hl, height)]),
    ]


def box_node(width: float, length: float, height: float, color: Colour, name: str) -> GeomNode:
    """A box standing on z = 0, centred on the origin (the table's body, piles)."""
    b = _Builder(name)
    for normal, corners in box_faces(width, length, height):
        ids = [b.add(p, normal, (0, 0), color) for p in corners]
        b.triangle(ids[0], ids[1], ids[2])
        b.triangle(ids[0], ids[2], ids[3])
    return b.node(name)


def colour_grid_node(colours: np.ndarray, name: str) -> GeomNode:
    """A unit square (centred, facing up) split into a grid whose vertices take the colours given.

    `colours` is an array (rows + 1, columns + 1, 3) of 0-1 values.
    """
    rows, columns = colours.shape[0] - 1, colours.shape[1] - 1
    b = _Builder(name)
    for j in range(rows + 1):
        for i in range(columns + 1):
            r, g, bl = (float(v) for v in colours[j, i])
            b.add((i / columns - 0.5, j / rows - 0.5, 0.0), (0, 0, 1), (0, 0), (r, g, bl, 1))
    for j in range(rows):
        for i in range(columns):
            a = j * (columns + 1) + i
            b.triangle(a, a + 1, a + columns + 2)
            b.triangle(a, a + columns + 2, a + columns + 1)
    return b.node(name)
