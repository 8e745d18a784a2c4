"""An orbiting camera: a target point, a distance, a heading and a pitch.

The maths here is plain Python (tested without a window); `apply` places a
Panda3D camera node. The pitch never lets the camera go under the table.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from ..core import geometry

if TYPE_CHECKING:
    from panda3d.core import NodePath

MIN_PITCH = 4.0  # degrees above the table
MAX_PITCH = 89.5
MIN_DISTANCE = 120.0  # millimetres
MAX_DISTANCE = 6000.0

Point = tuple[float, float, float]
Box = tuple[Point, Point]  # a box's lowest and highest corners: (x0, y0, z0), (x1, y1, z1)
Rect = tuple[float, float, float, float]  # x0, x1, y0, y1 in screen units: -1..1 each way, y up


def _point(values: Iterable[float]) -> Point:
    """Three coordinates as a point."""
    x, y, z = values
    return (x, y, z)


@dataclass(frozen=True)
class Orbit:
    target: tuple[float, float, float] = (0.0, 0.0, 0.0)
    distance: float = 700.0
    heading: float = 0.0  # degrees; 0 looks along +y (from the player's seat)
    pitch: float = 55.0  # degrees above the table

    def clamped(self) -> "Orbit":
        return replace(
            self,
            distance=min(MAX_DISTANCE, max(MIN_DISTANCE, self.distance)),
            pitch=min(MAX_PITCH, max(MIN_PITCH, self.pitch)),
            heading=self.heading % 360.0,
        )

    def eye(self) -> tuple[float, float, float]:
        """Where the camera is."""
        h, p = math.radians(self.heading), math.radians(self.pitch)
        tx, ty, tz = self.target
        flat = self.distance * math.cos(p)
        return (tx - flat * math.sin(h), ty - flat * math.cos(h), tz + self.distance * math.sin(p))

    def orbit(self, d_heading: float, d_pitch: float) -> "Orbit":
        return replace(self, heading=self.heading + d_heading, pitch=self.pitch + d_pitch).clamped()

    def zoom(self, factor: float) -> "Orbit":
        return replace(self, distance=self.distance * factor).clamped()

    def zoom_at(self, factor: float, point: tuple[float, float, float]) -> "Orbit":
        """Zoom keeping `point` where it is on the screen: the eye and the target drawn towards it (or away)
        together, so every ray through it keeps its direction."""
        distance = min(MAX_DISTANCE, max(MIN_DISTANCE, self.distance * factor))
        f = distance / self.distance
        (tx, ty, tz), (px, py, pz) = self.target, point
        return replace(self, target=(px + (tx - px) * f, py + (ty - py) * f, pz + (tz - pz) * f), distance=distance)

    def pan(self, right: float, forward: float) -> "Orbit":
        """Move the target along the table, in the camera's own directions (millimetres)."""
        h = math.radians(self.heading)
        tx, ty, tz = self.target
        return replace(self, target=(tx + right * math.cos(h) + forward * math.sin(h),
                                     ty - right * math.sin(h) + forward * math.cos(h), tz))

    def blend(self, other: "Orbit", t: float) -> "Orbit":
        """Part of the way to another orbit (t from 0 to 1), turning the short way round."""
        t = t * t * (3 - 2 * t)  # ease in and out
        dh = ((other.heading - self.heading + 180.0) % 360.0) - 180.0
        return Orbit(
            _point(a + (b - a) * t for a, b in zip(self.target, other.target)),
            self.distance + (other.distance - self.distance) * t,
            self.heading + dh * t,
            self.pitch + (other.pitch - self.pitch) * t,
        ).clamped()

    def apply(self, camera: NodePath) -> None:
        camera.setPos(*self.eye())
        camera.lookAt(*self.target)


def framing(bounds: Box, fov_degrees: float = 40.0) -> tuple[Point, float]:
    """A target and distance that show a box ((x0, y0, z0), (x1, y1, z1)) whole."""
    (x0, y0, z0), (x1, y1, z1) = bounds
    centre = ((x0 + x1) / 2, (y0 + y1) / 2, 0.0)
    # At least five cells across, so a small table shows where the next cards can go
    # and the piles beside them.
    radius = max(x1 - x0, y1 - y0, (z1 - z0) * 2, 5 * geometry.CELL_Y) / 2
    distance = radius / math.tan(math.radians(fov_degrees) / 2) * 1.15
    return centre, max(MIN_DISTANCE, min(MAX_DISTANCE, distance))


def preset(name: str, bounds: Box) -> Orbit:
    """The named views: top (straight down), side (low elevation), orbit (the default three-quarter view)."""
    centre, distance = framing(bounds)
    if name == "top":
        return Orbit(centre, distance * 1.05, 0.0, MAX_PITCH)
    if name == "side":
        return Orbit(centre, distance, 0.0, MIN_PITCH + 4.0)
    if name == "orbit":
        return Orbit(centre, distance * 0.8, 0.0, 40.0)
    raise ValueError(f"unknown view {name!r} (top, side or orbit)")


# -- framing: a camera that fits boxes into a part of the screen --------------------------------------


def axes(heading: float, pitch: float) -> tuple[Point, Point, Point]:
    """The camera's right, up and forward directions (unit vectors) for an orbit's heading and pitch."""
    h, p = math.radians(heading), math.radians(pitch)
    forward = (math.sin(h) * math.cos(p), math.cos(h) * math.cos(p), -math.sin(p))
    right = (math.cos(h), -math.sin(h), 0.0)
    up = (right[1] * forward[2] - right[2] * forward[1], right[2] * forward[0] - right[0] * forward[2],
          right[0] * forward[1] - right[1] * forward[0])
    return right, up, forward


def corners(boxes: Iterable[Box]) -> list[Point]:
    """The eight corners of each box."""
    return [(x, y, z) for (x0, y0, z0), (x1, y1, z1) in boxes for x in (x0, x1) for y in (y0, y1) for z in (z0, z1)]


def _dot(a: Sequence[float], b: Sequence[float]) -> float:
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]


def fit(points: Iterable[Point], heading: float, pitch: float, tan_x: float, tan_y: float,
        rect: Rect = (-1.0, 1.0, -1.0, 1.0), ground: float = 0.0) -> Orbit | None:
    """The nearest orbit, looking along this heading and pitch, that shows every point inside `rect`.

    `tan_x`, `tan_y`: the tangents of half the lens's field of view across and up. With the camera's
    direction fixed, a point stays right of the rectangle's left edge when the eye lies on one side of
    a plane through it; the two planes through the extreme points on the left and right meet on the
    line where the eye is nearest, and so do those for the bottom and top edges. The eye takes the
    farther of the two depths and, across and up, the middle of what is then allowed (the picture is
    centred in the rectangle). None when the rectangle cannot hold the points (no room, behind the eye,
    or farther than MAX_DISTANCE); a small table is seen from MIN_DISTANCE, inside with room to spare.
    The orbit's target is where the line of sight meets the plane z = `ground`.
    """
    points = list(points)
    if not points:
        return None
    x0, x1, y0, y1 = rect
    right, up, forward = axes(heading, pitch)
    a, b, c, d = x0 * tan_x, x1 * tan_x, y0 * tan_y, y1 * tan_y
    if b - a <= 1e-9 or d - c <= 1e-9:
        return None
    local = [(_dot(p, right), _dot(p, up), _dot(p, forward)) for p in points]
    left_edge = min(r - a * f for r, _, f in local)
    right_edge = max(r - b * f for r, _, f in local)
    low_edge = min(u - c * f for _, u, f in local)
    high_edge = max(u - d * f for _, u, f in local)
    depth = min((left_edge - right_edge) / (b - a), (low_edge - high_edge) / (d - c))
    across = (right_edge + b * depth + left_edge + a * depth) / 2
    upward = (high_edge + d * depth + low_edge + c * depth) / 2
    if any(f - depth <= 1.0 for _, _, f in local):
        return None
    eye = _point(across * right[i] + upward * up[i] + depth * forward[i] for i in range(3))
    if forward[2] >= -1e-6 or eye[2] <= ground:
        return None
    distance = (eye[2] - ground) / -forward[2]
    target = _point(eye[i] + distance * forward[i] for i in range(3))
    if distance > MAX_DISTANCE:
        return None  # the camera may not stand so far away
    return Orbit(target, max(distance, MIN_DISTANCE), heading, pitch).clamped()


def project(point: Sequence[float], orbit: Orbit, tan_x: float, tan_y: float) -> tuple[float, float] | None:
    """Where a point appears on screen (-1..1 each way) seen from an orbit; None behind the eye."""
    right, up, forward = axes(orbit.heading, orbit.pitch)
    eye = orbit.eye()
    rel = tuple(point[i] - eye[i] for i in range(3))
    depth = _dot(rel, forward)
    if depth <= 0:
        return None
    return _dot(rel, right) / (depth * tan_x), _dot(rel, up) / (depth * tan_y)


def free_rects(obstacles: Iterable[Rect], window: Rect = (-1.0, 1.0, -1.0, 1.0), smallest: float = 0.4) -> list[Rect]:
    """The largest rectangles of the window that no obstacle overlaps (each at least `smallest` each way).

    For every band between two horizontal edges (of the window or an obstacle), the obstacles crossing
    the band leave gaps across it; each gap is a free rectangle.
    """
    wx0, wx1, wy0, wy1 = window
    boxes = [(max(wx0, ox0), min(wx1, ox1), max(wy0, oy0), min(wy1, oy1)) for ox0, ox1, oy0, oy1 in obstacles]
    boxes = [o for o in boxes if o[0] < o[1] and o[2] < o[3]]
    edges = sorted({wy0, wy1, *(o[2] for o in boxes), *(o[3] for o in boxes)})
    found: set[Rect] = set()
    for i, low in enumerate(edges):
        for high in edges[i + 1:]:
            if high - low < smallest:
                continue
            crossing = sorted((o[0], o[1]) for o in boxes if o[2] < high and o[3] > low)
            x = wx0
            for start, end in crossing + [(wx1, wx1)]:
                if start - x >= smallest:
                    found.add((x, start, low, high))
                x = max(x, end)
    # keep the maximal ones: a rectangle inside another is never better
    return sorted(r for r in found if not any(o != r and o[0] <= r[0] and o[1] >= r[1] and o[2] <= r[2]
                                              and o[3] >= r[3] for o in found))


def best_fit(points: Sequence[Point], heading: float, pitch: float, tan_x: float, tan_y: float, rects: Iterable[Rect],
             ground: float = 0.0) -> tuple[Orbit, Rect] | None:
    """The nearest fitting orbit over several free rectangles (the biggest picture), and the rectangle it used."""
    best: tuple[Orbit, Rect] | None = None
    for rect in rects:
        orbit = fit(points, heading, pitch, tan_x, tan_y, rect, ground)
        if orbit is not None and (best is None or orbit.distance < best[0].distance):
            best = (orbit, rect)
    return best
