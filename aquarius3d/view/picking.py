"""Picking: from a point of the screen to the table (a cell, a quarter, a space, a ghost), and back.

Screen points run -1..1 each way (Panda3D's mouse coordinates). A point is picked on a level plane:
the table's top, or the height of a storey or of a pyramid's glow (Aquarius Rising, Elemental Towers).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from panda3d.core import Plane, Point3

from ..core import geometry
from ..core.vocabulary import QUARTERS

if TYPE_CHECKING:
    from direct.showbase.ShowBase import ShowBase

    from ..core.cards import Face
    from ..engine.moves import Move
    from .family import Pick

Cell = tuple[int, int]
ScreenPoint = tuple[float, float]  # -1..1 each way, as Panda3D's mouse runs
BODY = (0.15, 0.3, 0.5, 0.7)  # the heights a pyramid's body is picked at, shares of its height


def cell_of(x: float, y: float) -> tuple[int, int]:
    """The table cell under a point of the table plane."""
    return (round(x / geometry.CELL_X), round(y / geometry.CELL_Y))


def quarter_of(x: float, y: float, cell: Cell) -> int:
    """The quarter of a card (0 TL, 1 TR, 2 BL, 3 BR) under a point, as geometry.quarter_offset numbers them."""
    cx, cy = geometry.cell_centre(*cell)
    return (0 if y >= cy else 2) + (1 if x >= cx else 0)


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
        near, far = Point3(), Point3()
        if not self.base.cam.node().getLens().extrude(screen, near, far):
            return None
        render = self.base.render
        near = render.getRelativePoint(self.base.cam, near)
        far = render.getRelativePoint(self.base.cam, far)
        hit = Point3()
        z = geometry.card_top(0) if height is None else height
        if not Plane((0, 0, 1), (0, 0, z)).intersectsLine(hit, near, far):
            return None
        return (hit.x, hit.y)

    def cell_at(self, screen: ScreenPoint) -> Cell | None:
        point = self.table_point(screen)
        return None if point is None else cell_of(*point)

    def ghost_at(self, screen: ScreenPoint | None, spots: Mapping[Move, Pick],
                 faces: Mapping[Cell, Face]) -> Move | None:
        """The ghost (a move) under a screen point; `spots`: move -> where it is picked (view/family.py's Pick).

        Cards on houses are picked at their storey's height, Elemental Towers' pieces on their space; an Aquarius
        Rising pyramid on its glowing quarter (the card's face there) or on its body (its footprint, narrowing as
        it rises, at a few heights: a plane above the card alone took a click on the quarter's near half for the
        quarter before it, a large pyramid's more so). Of the ghosts met, the nearest to the eye along the ray.
        """
        if screen is None:
            return None
        eye = self.base.cam.getPos(self.base.render)
        points: dict[float, tuple[float, float] | None] = {}
        best: tuple[float, Move] | None = None
        for move, spot in spots.items():
            for height, inside in self._tests(spot, faces):
                if height not in points:
                    points[height] = self.table_point(screen, height)
                point = points[height]
                if point is None or not inside(*point):
                    continue
                distance = (point[0] - eye.x) ** 2 + (point[1] - eye.y) ** 2 + (height - eye.z) ** 2
                if best is None or distance < best[0]:
                    best = (distance, move)
        return None if best is None else best[1]

    @staticmethod
    def _tests(spot: Pick, faces: Mapping[Cell, Face]) -> list[tuple[float, Callable[[float, float], bool]]]:
        """The planes a ghost is picked on, each with the test of a point of it: does it meet the ghost there?"""
        cell, height, part = spot.cell, spot.height, spot.part
        if isinstance(part, str):  # Elemental Towers: a space, a panel of one or more quarters
            code = faces[cell].code
            return [(height, lambda x, y: cell_of(x, y) == cell
                     and code[QUARTERS.index(part)] == code[quarter_of(x, y, cell)])]
        if part is None:  # a card, at its storey's height
            return [(height, lambda x, y: cell_of(x, y) == cell)]
        if spot.base is None or spot.size is None:
            return [(height, lambda x, y: cell_of(x, y) == cell and quarter_of(x, y, cell) == part)]
        cx, cy = geometry.cell_centre(*cell)
        dx, dy = geometry.quarter_offset(part)
        qx, qy = cx + dx, cy + dy
        tall, half = geometry.PYRAMID_HEIGHT[spot.size], geometry.PYRAMID_BASE[spot.size] / 2
        tests: list[tuple[float, Callable[[float, float], bool]]] = [
            (spot.base, lambda x, y: cell_of(x, y) == cell and quarter_of(x, y, cell) == part)]  # its quarter

        def within(reach: float) -> Callable[[float, float], bool]:
            return lambda x, y: abs(x - qx) <= reach and abs(y - qy) <= reach

        return tests + [(spot.base + tall * rise, within(half * (1 - rise))) for rise in BODY]  # its body, narrowing

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
