"""The solid pieces, built from geometry.py: Looney Pyramids as hollow plastic shells, their contact shadows,
the table's wooden rim and the trays' boards.

A pyramid is drawn the way a clear hollow shell is seen: its inner walls first, then its outer walls,
in one draw with back faces culled, so that from any side the far wall shows through the near one in the
right order (two pyramids are put in order by the scene: view/scene.py). The walls are PYRAMID_WALL
thick; the pips are raised domes near the foot of each face (1, 2, 3 for small, medium, large) that
catch the light, lying within the base's square and far below the tip: the bounds stay the rules' own.
"""

from __future__ import annotations

import math

from panda3d.core import GeomNode

from ..core import geometry
from .meshes import Colour, Point, _Builder, box_faces

PIP_UP = 0.11  # how far up a face a pip's centre stands, as a share of the way to the tip
PIP_RADIUS = 0.06  # a pip's radius, as a share of the base's edge
PIP_RISE = 0.35  # a pip's height, as a share of its radius
PIP_STEPS = 10
EDGE_DARK = 0.9  # millimetres of the dark band along each edge of a face, within it (the outline)
EDGE_LIGHT = 0.7  # and of the light band just inside it
CONTACT_REACH = 4.5  # millimetres a pyramid's contact shadow reaches beyond its base
CONTACT_ALPHA = 0.42  # its darkness at the base's edge


def _face_normal(a: Point, b: Point, c: Point) -> Point:
    ux, uy, uz = b[0] - a[0], b[1] - a[1], b[2] - a[2]
    vx, vy, vz = c[0] - a[0], c[1] - a[1], c[2] - a[2]
    nx, ny, nz = uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx
    length = math.sqrt(nx * nx + ny * ny + nz * nz) or 1.0
    return (nx / length, ny / length, nz / length)


def pyramid_node(size: str, colour: Colour, name: str = "pyramid", inner: bool = True,
                 pip_steps: int = PIP_STEPS) -> GeomNode:
    """A Looney Pyramid of a size: a hollow shell with an open base on z = 0, its tip at the size's height;
    without its inner walls (`inner` false: the low tier) it is a thin shell of plastic."""
    half = geometry.PYRAMID_BASE[size] / 2
    height = geometry.PYRAMID_HEIGHT[size]
    slant = math.hypot(height, half)
    inner_half = half - geometry.PYRAMID_WALL * slant / height
    inner_tip = height - geometry.PYRAMID_WALL * slant / half
    b = _Builder(name)
    corners = [(-half, -half), (half, -half), (half, half), (-half, half)]
    # Inner walls first (seen from inside: wound the other way, normals towards the axis).
    if inner and inner_half > 0.5 and inner_tip > 1.0:
        scale = inner_half / half
        for i in range(4):
            (x1, y1), (x2, y2) = corners[i], corners[(i + 1) % 4]
            p1, p2, tip = (x1 * scale, y1 * scale, 0.0), (x2 * scale, y2 * scale, 0.0), (0.0, 0.0, inner_tip)
            nx, ny, nz = _face_normal(p1, p2, tip)
            normal = (-nx, -ny, -nz)
            a, c, d = (b.add(p, normal, (0, 0), colour) for p in (p1, p2, tip))
            b.triangle(a, d, c)
    # Outer walls.
    pip_colour = (*colour[:3], min(1.0, colour[3] + 0.2))
    for i in range(4):
        (x1, y1), (x2, y2) = corners[i], corners[(i + 1) % 4]
        p1, p2, tip = (x1, y1, 0.0), (x2, y2, 0.0), (0.0, 0.0, height)
        normal = _face_normal(p1, p2, tip)
        _outlined_face(b, (p1, p2, tip), normal, colour)
        _pips(b, p1, p2, tip, normal, geometry.PYRAMID_PIPS[size], half * 2, pip_colour, pip_steps)
    return b.node(name)


def _unit(v: Point) -> Point:
    length = math.sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]) or 1.0
    return (v[0] / length, v[1] / length, v[2] / length)


def _along(a: Point, b: Point, t: float) -> Point:
    """a + t * (b - a)... or, with b a direction, a + t * b."""
    return (a[0] + t * b[0], a[1] + t * b[1], a[2] + t * b[2])


def _outlined_face(b: _Builder, corners: tuple[Point, Point, Point], normal: Point, colour: Colour) -> None:
    """A face of plastic with its outline in it, the three side by side (never one over another: the glow pass adds
    each one's light): a black band of ink along each edge (the plastic seen edge-on stops all the light), a light
    band just inside it (the light a rounded edge catches), and the face's colour within. The outline reads on any
    panel, its own colour included: the light ones by the dark band, the dark ones (Space, the felt) by the light
    band (issue 27, point 5). Back faces are culled, so only the edges of the faces towards the camera are drawn:
    the pyramid's outline, not a wireframe. The dark band's outer normals lean out, as a rounded edge's do."""
    ink: Colour = (0.0, 0.0, 0.0, 1.0)  # it stops the light and reflects none (view/shaders.py)
    light: Colour = (1.0, 1.0, 1.0, 0.0)  # pure white: the glow adds view/shaders.py's RIM_LIGHT, the filter nothing
    edges = []
    for i in range(3):
        start, end, other = corners[i], corners[(i + 1) % 3], corners[(i + 2) % 3]
        along = _unit((end[0] - start[0], end[1] - start[1], end[2] - start[2]))
        towards = (other[0] - start[0], other[1] - start[1], other[2] - start[2])
        dot = towards[0] * along[0] + towards[1] * along[1] + towards[2] * along[2]
        edges.append((start, _unit(_along(towards, along, -dot))))
    inner = EDGE_DARK + EDGE_LIGHT
    parts: list[tuple[list[Point], Colour, int | None]] = [
        (_clipped(list(corners), [(e, inner, True) for e in edges]), colour, None)]
    for i, edge in enumerate(edges):
        others = [(e, EDGE_DARK, True) for j, e in enumerate(edges) if j != i]
        parts.append((_clipped(list(corners), [(edge, EDGE_DARK, False)]), ink, i))
        parts.append((_clipped(list(corners), [(edge, EDGE_DARK, True), (edge, inner, False), *others]), light, None))
    for polygon, tone, rim in parts:
        if len(polygon) < 3:
            continue
        ids = []
        for p in polygon:
            lean = normal
            if rim is not None and abs(_distance(p, *edges[rim])) < 1e-6:
                lean = _unit(_along(normal, edges[rim][1], -0.9))
            ids.append(b.add(p, lean, (0, 0), tone))
        for k in range(1, len(ids) - 1):  # a convex polygon, wound as the face is
            b.triangle(ids[0], ids[k], ids[k + 1])


def _distance(p: Point, start: Point, inward: Point) -> float:
    """How far a point of the face lies from an edge's line (`start` on it, `inward` across it), inwards."""
    return (p[0] - start[0]) * inward[0] + (p[1] - start[1]) * inward[1] + (p[2] - start[2]) * inward[2]


def _clipped(polygon: list[Point], limits: list[tuple[tuple[Point, Point], float, bool]]) -> list[Point]:
    """A convex polygon of a face cut by lines parallel to its edges: each limit keeps the part at least (True) or
    at most (False) so far from an edge's line; its corners in the polygon's own order (its winding kept)."""
    for (start, inward), limit, above in limits:
        kept: list[Point] = []
        for k, p in enumerate(polygon):
            q = polygon[(k + 1) % len(polygon)]
            dp, dq = _distance(p, start, inward) - limit, _distance(q, start, inward) - limit
            p_in = dp >= -1e-9 if above else dp <= 1e-9
            q_in = dq >= -1e-9 if above else dq <= 1e-9
            if p_in:
                kept.append(p)
            if p_in != q_in:
                t = dp / (dp - dq)
                kept.append((p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1]), p[2] + t * (q[2] - p[2])))
        polygon = kept
        if len(polygon) < 3:
            return []
    return polygon


def _pips(b: _Builder, p1: Point, p2: Point, tip: Point, normal: Point, count: int, edge: float,
          colour: Colour, steps: int) -> None:
    """Raised domes along the foot of a face: a ring on the face, its centre lifted along the normal."""
    radius = PIP_RADIUS * edge
    along = [(p2[k] - p1[k]) / edge for k in range(3)]  # unit, along the base
    up_x, up_y, up_z = (tip[k] - (p1[k] + p2[k]) / 2 for k in range(3))
    up_len = math.sqrt(up_x * up_x + up_y * up_y + up_z * up_z)
    up = (up_x / up_len, up_y / up_len, up_z / up_len)  # unit, up the face
    for p in range(count):
        t = (p + 1) / (count + 1)
        foot = [p1[k] + (p2[k] - p1[k]) * t for k in range(3)]
        centre = [foot[k] + up[k] * up_len * PIP_UP for k in range(3)]
        lift = 0.02
        apex = tuple(centre[k] + normal[k] * (radius * PIP_RISE + lift) for k in range(3))
        top = b.add((apex[0], apex[1], apex[2]), normal, (0, 0), colour)
        ring = []
        for s in range(steps):
            angle = 2 * math.pi * s / steps
            ca, sa = math.cos(angle), math.sin(angle)
            out = [along[k] * ca + up[k] * sa for k in range(3)]
            point = tuple(centre[k] + out[k] * radius + normal[k] * lift for k in range(3))
            bend = [normal[k] * 0.55 + out[k] * 0.83 for k in range(3)]
            norm = math.sqrt(sum(v * v for v in bend))
            ring.append(b.add((point[0], point[1], point[2]), (bend[0] / norm, bend[1] / norm, bend[2] / norm),
                              (0, 0), colour))
        for s in range(steps):
            b.triangle(top, ring[s], ring[(s + 1) % steps])


def contact_node(size: str, name: str = "contact") -> GeomNode:
    """A pyramid's contact shadow: dark under its base and fading over CONTACT_REACH mm round it (alpha)."""
    half = geometry.PYRAMID_BASE[size] / 2
    out = half + CONTACT_REACH
    b = _Builder(name)
    dark: Colour = (0.0, 0.0, 0.0, CONTACT_ALPHA)
    clear: Colour = (0.0, 0.0, 0.0, 0.0)
    up = (0.0, 0.0, 1.0)
    centre = b.add((0.0, 0.0, 0.0), up, (0, 0), (0.0, 0.0, 0.0, CONTACT_ALPHA * 0.8))
    square = [(-1, -1), (1, -1), (1, 1), (-1, 1)]
    inner = [b.add((x * half, y * half, 0.0), up, (0, 0), dark) for x, y in square]
    outer = [b.add((x * out, y * out, 0.0), up, (0, 0), clear) for x, y in square]
    for i in range(4):
        j = (i + 1) % 4
        b.triangle(centre, inner[i], inner[j])
        b.triangle(inner[i], outer[i], outer[j])
        b.triangle(inner[i], outer[j], inner[j])
    return b.node(name)


# -- wood ----------------------------------------------------------------------------------------------

RIM_WIDTH = 40.0  # millimetres across the rim's top
RIM_TOP = 8.0  # the rim's top above the felt
RIM_FOOT = -30.0  # where its outer side ends, below the felt
RIM_ROUND = 4.0  # radius of the rounded edges
WOOD_SPAN = 600.0  # millimetres of rim the wood texture spans along its length


def _profile() -> list[tuple[float, float, float, float]]:
    """The rim's cross-section from the felt over the top to the outside: (across, up, normal across, normal up).
    `across` 0 is the felt's edge, RIM_WIDTH the outside."""
    points = [(0.0, -0.05, -1.0, 0.0), (0.0, RIM_TOP - RIM_ROUND, -1.0, 0.0)]
    for i in range(1, 6):  # the inner edge, rounded
        a = math.pi - i * math.pi / 2 / 6
        points.append((RIM_ROUND + RIM_ROUND * math.cos(a), RIM_TOP - RIM_ROUND + RIM_ROUND * math.sin(a),
                       math.cos(a), math.sin(a)))
    points.append((RIM_ROUND, RIM_TOP, 0.0, 1.0))
    points.append((RIM_WIDTH - RIM_ROUND, RIM_TOP, 0.0, 1.0))
    for i in range(1, 6):  # the outer edge, rounded
        a = math.pi / 2 - i * math.pi / 2 / 6
        points.append((RIM_WIDTH - RIM_ROUND + RIM_ROUND * math.cos(a), RIM_TOP - RIM_ROUND + RIM_ROUND * math.sin(a),
                       math.cos(a), math.sin(a)))
    points += [(RIM_WIDTH, RIM_TOP - RIM_ROUND, 1.0, 0.0), (RIM_WIDTH, RIM_FOOT, 1.0, 0.0)]
    return points


def rim_node(length: float, name: str = "rim", grain_offset: float = 0.0) -> GeomNode:
    """A straight piece of the rim along x (centred), its felt side at y = 0 and its outside at y = -RIM_WIDTH,
    with square ends; the wood's grain runs along it."""
    b = _Builder(name)
    white: Colour = (1.0, 1.0, 1.0, 1.0)
    profile = _profile()
    distance = [0.0]
    for (u1, z1, _, _), (u2, z2, _, _) in zip(profile, profile[1:]):
        distance.append(distance[-1] + math.hypot(u2 - u1, z2 - z1))
    across_span = distance[-1]
    rows = []
    for (u, z, nu, nz), d in zip(profile, distance):
        v = d / across_span * 0.9 + 0.05
        row = [b.add((x, -u, z), (0.0, -nu, nz), (grain_offset + (x + length / 2) / WOOD_SPAN, v), white)
               for x in (-length / 2, length / 2)]
        rows.append(row)
    for r0, r1 in zip(rows, rows[1:]):
        b.triangle(r0[0], r1[0], r1[1])
        b.triangle(r0[0], r1[1], r0[1])
    for end, sign in ((-length / 2, -1.0), (length / 2, 1.0)):  # the square ends, flat
        normal = (sign, 0.0, 0.0)
        ids = [b.add((end, -u, z), normal, (0.1 + u / RIM_WIDTH * 0.05, 0.5 + z / 200.0), white) for u, z, _, _ in profile]
        for i in range(1, len(ids) - 1):
            if sign > 0:
                b.triangle(ids[0], ids[i], ids[i + 1])
            else:
                b.triangle(ids[0], ids[i + 1], ids[i])
    return b.node(name)


def board_node(width: float, length: float, height: float, colour: Colour, name: str = "board") -> GeomNode:
    """A wooden board standing on z = 0 (a tray), its top textured with the grain along its width."""
    b = _Builder(name)
    hw, hl = width / 2, length / 2
    for normal, corners in box_faces(width, length, height):
        ids = [b.add(p, normal, ((p[0] + hw) / WOOD_SPAN + 0.3, 0.1 + (p[1] + hl) / (length * 1.4)), colour)
               for p in corners]
        b.triangle(ids[0], ids[1], ids[2])
        b.triangle(ids[0], ids[2], ids[3])
    return b.node(name)
