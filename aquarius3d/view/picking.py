"""Picking: from a point of the screen to the table (a cell, a quarter, a space, a ghost), and back.

Screen points run -1..1 each way (Panda3D's mouse coordinates). A point is picked on a level plane:
the table's top, or the height of a storey or of a pyramid's glow (Aquarius Rising, Elemental Towers).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from panda3d.core import Point3

from ..core import geometry
from ..core.vocabulary import QUARTERS

if TYPE_CHECKING:
    from direct.showbase.ShowBase import ShowBase

    from ..core.cards import Face
    from ..engine.moves import Move
    from .family import Pick

Cell = tuple[int, int]
ScreenPoint = tuple[float, float]  # -1..1 each way, as Panda3D's mouse runs
Point = tuple[float, float, float]
Ray = tuple[Point, Point]  # a start and a step: its points are start + t * step


def cell_of(x: float, y: float) -> tuple[int, int]:
    """The table cell under a point of the table plane."""
    return (round(x / geometry.CELL_X), round(y / geometry.CELL_Y))


def quarter_of(x: float, y: float, cell: Cell) -> int:
    """The quarter of a card (0 TL, 1 TR, 2 BL, 3 BR) under a point, as geometry.quarter_offset numbers them."""
    cx, cy = geometry.cell_centre(*cell)
    return (0 if y >= cy else 2) + (1 if x >= cx else 0)


def plane_t(ray: Ray, z: float) -> float | None:
    """Where along a ray (its line: behind the eye too, as a lens' line is) it meets the level plane at z."""
    (_, _, oz), (_, _, dz) = ray
    return None if dz == 0 else (z - oz) / dz


def on_plane(z: float, inside: Callable[[float, float], bool]) -> Callable[[Ray], float | None]:
    """A flat target at height z (a card's face, a quarter, a space): where along a ray it meets it, if it does."""
    def meet(ray: Ray) -> float | None:
        t = plane_t(ray, z)
        if t is None:
            return None
        (ox, oy, _), (dx, dy, _) = ray
        return t if inside(ox + t * dx, oy + t * dy) else None
    return meet


def in_pyramid(foot: Point, size: str) -> Callable[[Ray], float | None]:
    """A pyramid standing with its base's middle at `foot`: where along a ray it enters the solid, if it does.
    The solid is five half-spaces (above its base, inside each of its four faces), the ray clipped by each."""
    fx, fy, fz = foot
    half = geometry.PYRAMID_BASE[size] / 2
    lean = half / geometry.PYRAMID_HEIGHT[size]  # a face's run inwards per unit of height
    sides = [((0.0, 0.0, -1.0), -fz)] + [((sx, sy, lean), sx * fx + sy * fy + half + lean * fz)
                                          for sx, sy in ((1.0, 0.0), (-1.0, 0.0), (0.0, 1.0), (0.0, -1.0))]

    def meet(ray: Ray) -> float | None:
        (ox, oy, oz), (dx, dy, dz) = ray
        enter, leave = -math.inf, math.inf
        for (nx, ny, nz), bound in sides:  # the points with n.p <= bound
            room = bound - (nx * ox + ny * oy + nz * oz)
            rate = nx * dx + ny * dy + nz * dz
            if rate == 0:
                if room < 0:
                    return None
            elif rate > 0:
                leave = min(leave, room / rate)
            else:
                enter = max(enter, room / rate)
        return enter if enter <= leave else None
    return meet


class Picker:
    """Rays from the camera through screen points, met with the table's planes."""

    def __init__(self, base: ShowBase) -> None:
        self.base = base

    def mouse(self) -> ScreenPoint | None:
        watcher = self.base.mouseWatcherNode
        if watcher is None or not watcher.hasMouse():
            return None
        point = watcher.getMouse()
        return (point.x, point.y)

    def table_point(self, screen: ScreenPoint, height: float | None = None) -> tuple[float, float] | None:
        """Where a screen point falls on a level plane (the table's top by default)."""
        ray = self.ray(screen)
        z = geometry.card_top(0) if height is None else height
        t = None if ray is None else plane_t(ray, z)
        if ray is None or t is None:
            return None
        (ox, oy, _), (dx, dy, _) = ray
        return (ox + t * dx, oy + t * dy)

    def cell_at(self, screen: ScreenPoint) -> Cell | None:
        point = self.table_point(screen)
        return None if point is None else cell_of(*point)

    def ray(self, screen: ScreenPoint) -> Ray | None:
        """The ray from the camera through a screen point, in the table's space: its start (on the lens' near
        plane) and its step (to the far plane); a point of it is start + t * step, t growing away from the eye."""
        near, far = Point3(), Point3()
        if not self.base.cam.node().getLens().extrude(screen, near, far):
            return None
        render = self.base.render
        near = render.getRelativePoint(self.base.cam, near)
        far = render.getRelativePoint(self.base.cam, far)
        return (near.x, near.y, near.z), (far.x - near.x, far.y - near.y, far.z - near.z)

    def ghost_at(self, screen: ScreenPoint | None, spots: Mapping[Move, Pick],
                 faces: Mapping[Cell, Face]) -> Move | None:
        """The ghost (a move) under a screen point; `spots`: move -> where it is picked (view/family.py's Pick).

        Cards on houses are picked at their storey's height, Elemental Towers' pieces on their space; an Aquarius
        Rising pyramid on its glowing quarter (the card's face there) or on its body, the solid drawn (a plane
        above the card alone took a click on the quarter's near half for the quarter before it; a body met at a
        few heights missed its tip, at the back of a card all of whose quarters glow the one part that shows).
        Of the ghosts met, the nearest to the eye along the ray.
        """
        ray = None if screen is None else self.ray(screen)
        if ray is None:
            return None
        best: tuple[float, Move] | None = None
        for move, spot in spots.items():
            for meet in self._meets(spot, faces):
                t = meet(ray)
                if t is not None and (best is None or t < best[0]):
                    best = (t, move)
        return None if best is None else best[1]

    @staticmethod
    def _meets(spot: Pick, faces: Mapping[Cell, Face]) -> list[Callable[[Ray], float | None]]:
        """How a ray meets a ghost: each a test giving where along the ray it meets it (None: it does not)."""
        cell, height, part = spot.cell, spot.height, spot.part
        if isinstance(part, str):  # Elemental Towers: a space, a panel of one or more quarters
            code = faces[cell].code
            return [on_plane(height, lambda x, y: cell_of(x, y) == cell
                             and code[QUARTERS.index(part)] == code[quarter_of(x, y, cell)])]
        if part is None:  # a card, at its storey's height
            return [on_plane(height, lambda x, y: cell_of(x, y) == cell)]
        quarter = on_plane(spot.base if spot.base is not None else height,
                           lambda x, y: cell_of(x, y) == cell and quarter_of(x, y, cell) == part)
        if spot.base is None or spot.size is None:
            return [quarter]
        cx, cy = geometry.cell_centre(*cell)
        dx, dy = geometry.quarter_offset(part)
        return [quarter, in_pyramid((cx + dx, cy + dy, spot.base), spot.size)]  # its quarter's face, its body

    def space_at(self, screen: ScreenPoint, faces: Mapping[Cell, Face]) -> tuple[Cell, str] | None:
        """The space (cell and panel) under a screen point, picked a little above the cards (pyramids stand there)."""
        point = self.table_point(screen, geometry.card_top(0) + 8.0)
        if point is None:
            return None
        cell = cell_of(*point)
        face = faces.get(cell)
        if face is None:
            return None
        code = face.code
        quarter = quarter_of(*point, cell)
        return cell, QUARTERS[code.index(code[quarter])]

    def screen_of_point(self, x: float, y: float, z: float) -> ScreenPoint | None:
        """The screen point where a point of the table appears (None behind the camera)."""
        point = self.base.cam.getRelativePoint(self.base.render, Point3(x, y, z))
        projected = Point3()
        if not self.base.cam.node().getLens().project(point, projected):
            return None
        return (projected.x, projected.y)

    def screen_of_cell(self, cell: Cell) -> ScreenPoint | None:
        """The screen point where a cell's centre appears (for tests and hints)."""
        return self.screen_of_point(*geometry.cell_centre(*cell), geometry.card_top(0))
