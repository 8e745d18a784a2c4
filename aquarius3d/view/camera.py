"""An orbiting camera: a target point, a distance, a heading and a pitch.

The maths here is plain Python (tested without a window); `apply` places a
Panda3D camera node. The pitch never lets the camera go under the table.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from .. import geometry

MIN_PITCH = 4.0  # degrees above the table
MAX_PITCH = 89.5
MIN_DISTANCE = 120.0  # millimetres
MAX_DISTANCE = 6000.0


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
            tuple(a + (b - a) * t for a, b in zip(self.target, other.target)),
            self.distance + (other.distance - self.distance) * t,
            self.heading + dh * t,
            self.pitch + (other.pitch - self.pitch) * t,
        ).clamped()

    def apply(self, camera) -> None:
        camera.setPos(*self.eye())
        camera.lookAt(*self.target)


def framing(bounds, fov_degrees: float = 40.0) -> tuple[tuple[float, float, float], float]:
    """A target and distance that show a box ((x0, y0, z0), (x1, y1, z1)) whole."""
    (x0, y0, z0), (x1, y1, z1) = bounds
    centre = ((x0 + x1) / 2, (y0 + y1) / 2, 0.0)
    # At least five cells across, so a small table shows where the next cards can go
    # and the piles beside them.
    radius = max(x1 - x0, y1 - y0, (z1 - z0) * 2, 5 * geometry.CELL_Y) / 2
    distance = radius / math.tan(math.radians(fov_degrees) / 2) * 1.15
    return centre, max(MIN_DISTANCE, min(MAX_DISTANCE, distance))


def preset(name: str, bounds) -> Orbit:
    """The named views: top (straight down), side (low elevation), orbit (the default three-quarter view)."""
    centre, distance = framing(bounds)
    if name == "top":
        return Orbit(centre, distance * 1.05, 0.0, MAX_PITCH)
    if name == "side":
        return Orbit(centre, distance, 0.0, MIN_PITCH + 4.0)
    if name == "orbit":
        return Orbit(centre, distance * 0.8, -20.0, 52.0)
    raise ValueError(f"unknown view {name!r} (top, side or orbit)")
