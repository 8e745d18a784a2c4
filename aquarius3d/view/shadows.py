"""Shadows on the felt at the low tier: drawn as soft dark shapes, not looked up a pixel at a time.

On a software renderer every pixel of felt costs, and the felt is most of the picture: looking up a light
map there (view/lighting.py's ground light, at the medium and high tiers) costs more than the whole budget
leaves. So at the low tier the felt and the cards lying on it are lit per vertex, as the fixed-function
pipeline did, and the shadows on them are geometry drawn over them, a few thousand pixels:

- **cast shadows**: every card on a storey, every pyramid and the trays' pyramids, projected along the key
  light onto the plane they fall on (the felt; a tray's board), as their convex outline with a soft edge
  (a core, then a ring fading out); a see-through pyramid's lighter (Sky High's clear ones hardly cast
  any). The stencil counts the shadows drawn on a pixel, so where two overlap the second is not drawn
  again: one shadow is as dark as two, as under a real light.
- **contact shadows**: a ring fading outwards round everything lying on the felt (cards, trays, piles).

Storeys and pyramids themselves still look the shadow map up (they are few pixels), so a storey shades the
pyramids and cards under it at every tier.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from panda3d.core import NodePath, Vec3

from .meshes import Colour, _Builder

Point2 = tuple[float, float]
Point3t = tuple[float, float, float]
Rect = tuple[float, float, float, float]
Caster = tuple[float, Sequence[Point3t], float]  # the plane (z) its shadow falls on, its corners, how dark (0-1)

SHADOW_RGB = (0.02, 0.03, 0.06)
SHADOW_ALPHA = 0.5  # as dark as the felt in the ground light's shadow (view/lighting.py: KEY against the rest)
SOFT = 3.0  # millimetres over which a cast shadow's edge fades
LIFT = 0.3  # millimetres above its plane a shadow is drawn
CONTACT_REACH = 5.0  # millimetres a contact shadow fades over
CONTACT_ALPHA = 0.4


def project(point: Point3t, plane: float, toward: Vec3) -> Point2:
    """Where a point's shadow falls on the plane z = plane, the light coming from `toward`."""
    x, y, z = point
    k = (z - plane) / toward.z
    return (x - toward.x * k, y - toward.y * k)


def hull(points: Iterable[Point2]) -> list[Point2]:
    """The convex hull of points, counter-clockwise (Andrew's monotone chain)."""
    found = sorted(set(points))
    if len(found) < 3:
        return found

    def cross(o: Point2, a: Point2, b: Point2) -> float:
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    lower: list[Point2] = []
    for p in found:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    upper: list[Point2] = []
    for p in reversed(found):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    return lower[:-1] + upper[:-1]


def offset(polygon: Sequence[Point2], distance: float) -> list[Point2]:
    """A convex counter-clockwise polygon moved outwards (or inwards, distance < 0) by `distance`."""
    n = len(polygon)
    moved = []
    for i in range(n):
        (x0, y0), (x1, y1), (x2, y2) = polygon[i - 1], polygon[i], polygon[(i + 1) % n]
        n1 = _outward(x0, y0, x1, y1)
        n2 = _outward(x1, y1, x2, y2)
        bx, by = n1[0] + n2[0], n1[1] + n2[1]
        length = math.hypot(bx, by) or 1.0
        bx, by = bx / length, by / length
        cosine = max(0.35, bx * n1[0] + by * n1[1])
        moved.append((x1 + bx * distance / cosine, y1 + by * distance / cosine))
    return moved


def _outward(x0: float, y0: float, x1: float, y1: float) -> Point2:
    dx, dy = x1 - x0, y1 - y0
    length = math.hypot(dx, dy) or 1.0
    return (dy / length, -dx / length)


def _ring(b: _Builder, inner: Sequence[Point2], outer: Sequence[Point2], z: float, inner_colour: Colour,
          outer_colour: Colour) -> None:
    up = (0.0, 0.0, 1.0)
    ids_in = [b.add((x, y, z), up, (0, 0), inner_colour) for x, y in inner]
    ids_out = [b.add((x, y, z), up, (0, 0), outer_colour) for x, y in outer]
    n = len(inner)
    for i in range(n):
        j = (i + 1) % n
        b.triangle(ids_in[i], ids_out[i], ids_out[j])
        b.triangle(ids_in[i], ids_out[j], ids_in[j])


def cast_node(casters: Iterable[Caster], toward: Vec3, name: str = "cast-shadows") -> NodePath:
    """The cast shadows of these casters as one node: every core first, then every soft edge."""
    clear: Colour = (*SHADOW_RGB, 0.0)
    shapes = []
    for plane, corners, strength in casters:
        outline = hull(project(p, plane, toward) for p in corners)
        if len(outline) >= 3:
            shapes.append((strength, plane + LIFT, outline))
    shapes.sort(key=lambda shape: -shape[0])  # the darkest first: where a lighter one overlaps it, it stays
    b = _Builder(name)
    up = (0.0, 0.0, 1.0)
    for strength, z, outline in shapes:
        core = offset(outline, -SOFT / 2)
        ids = [b.add((x, y, z), up, (0, 0), (*SHADOW_RGB, SHADOW_ALPHA * strength)) for x, y in core]
        for i in range(1, len(ids) - 1):
            b.triangle(ids[0], ids[i], ids[i + 1])
    for strength, z, outline in shapes:
        _ring(b, offset(outline, -SOFT / 2), offset(outline, SOFT / 2), z, (*SHADOW_RGB, SHADOW_ALPHA * strength),
              clear)
    return NodePath(b.node(name))


def contact_node(rects: Iterable[Rect], name: str = "contact-shadows") -> NodePath:
    """Soft rings round rectangles lying on the felt."""
    b = _Builder(name)
    dark: Colour = (*SHADOW_RGB, CONTACT_ALPHA)
    clear: Colour = (*SHADOW_RGB, 0.0)
    for x0, y0, x1, y1 in rects:
        inner = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
        _ring(b, inner, offset(inner, CONTACT_REACH), 0.0, dark, clear)
    return NodePath(b.node(name))
