"""Aquarius Rising's side elevation at the table: an orthographic view from the front with a millimetre
ruler and a marker at each element's highest point (E), and back to the orbiting camera.

The elevation is framed as the table is, clear of what the HUD draws (the table screen's `obstacles()`: the turn
panel, the notice, the prompt strip, the hand, the heights panel, the goal): its ruler, its 0 mm line, its houses and
its markers' words in the largest part of the window left free, never under a panel.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from ..view.camera import Rect, free_rects
from ..view.framing import MARGIN
from ..view.rising import element_tops

if TYPE_CHECKING:
    from ..session.flows.rising import RisingFlow
    from .table_screen import TableScreen

WINDOW: Rect = (-1.0, 1.0, -1.0, 1.0)


def show_elevation(table: TableScreen, on: bool) -> None:
    elevation = table.parts.elevation
    if (on and elevation is None) or on == table.elevation_on:
        return
    table.elevation_on = on
    furniture = table.parts.hidden_in_elevation()
    if on:
        assert elevation is not None  # (none: returned above)
        table.camera.finish()
        rising = cast("RisingFlow", table.session.flow)  # (only Aquarius Rising has an elevation)
        elevation.update(element_tops(table.session.state), rising.height_places())  # ties as the K panel ranks them
        elevation.root.show()
        for node in furniture:  # seen from the front they would stand before the houses
            node.hide()
        aim_elevation(table)
    else:
        table.base.cam.node().setLens(table.perspective)
        if elevation is not None:
            elevation.root.hide()
        for node in furniture:
            node.show()
        table.camera.orbit.apply(table.base.camera)


def aim_elevation(table: TableScreen) -> None:
    elevation = table.parts.elevation
    assert elevation is not None  # (aimed only while it shows)
    aspect = table.base.getAspectRatio()
    lens = elevation.lens(aspect)
    table.base.cam.node().setLens(lens)
    eye, target = elevation.camera_pose(aspect)
    table.base.camera.setPos(*eye)
    table.base.camera.lookAt(*target)
    bounds = elevation.root.getTightBounds(table.base.cam)  # the ruler, the lines and their words, as the eye sees
    if not bounds:
        return
    low, high = bounds
    rects = [(x0 + MARGIN, x1 - MARGIN, y0 + MARGIN, y1 - MARGIN) for x0, x1, y0, y1 in free_rects(table.obstacles())]
    width, height, across, up = film_for((low.x, high.x, low.z, high.z), rects or [WINDOW], aspect, elevation.zoom)
    lens.setFilmSize(width, height)
    lens.setFilmOffset(across, up)


def film_for(content: Rect, rects: list[Rect], aspect: float, zoom: float) -> tuple[float, float, float, float]:
    """The orthographic film (width, height, and its offset, in mm) that draws `content` (mm across and up, as the
    eye sees it) as large as it goes in one of the free rectangles (screen units), its scale true both ways: in the
    middle of the rectangle at zoom 1 or wider; zoomed in (`zoom` below 1), from the rectangle's bottom left corner,
    so the ruler and the 0 mm line stay in view."""
    left, right, bottom, top = content
    best: tuple[float, Rect] | None = None
    for rect in rects:
        x0, x1, y0, y1 = rect
        if x1 <= x0 or y1 <= y0:
            continue
        needed = max(2 * (right - left) / (x1 - x0), 2 * (top - bottom) * aspect / (y1 - y0))  # the film's width
        if best is None or needed < best[0]:
            best = (needed, rect)
    if best is None:
        best = (max(2 * (right - left) / 2, 2 * (top - bottom) * aspect / 2), WINDOW)
    needed, (x0, x1, y0, y1) = best
    width = needed * zoom
    height = width / aspect
    if zoom < 1.0:  # (a point at u across is drawn at (u - offset) * 2 / width on the screen)
        return width, height, left - x0 * width / 2, bottom - y0 * height / 2
    middle, level = (left + right) / 2, (bottom + top) / 2
    return width, height, middle - (x0 + x1) / 2 * width / 2, level - (y0 + y1) / 2 * height / 2
