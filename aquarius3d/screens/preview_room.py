"""What of the table an action card shown enlarged for the keyboard's focus stands beside (issue 27 polish): Tab
onto a hand's action card (or Elemental Towers' drawn one) shows it large a moment to read, over the card's place,
and there it hid the table's cards and spots the player weighs it against for about three seconds (at 1024x600 the
cards just played stand right over the hand). It now stands sideways of them where it is as large there
(view/hand.py: `avoid`), over the felt or the piles; where nothing is clear, over its card as before."""

from __future__ import annotations

from typing import TYPE_CHECKING

from panda3d.core import LVecBase4f, Point3

if TYPE_CHECKING:
    from .focus import Rect
    from .table_screen import TableScreen


def avoided(screen: TableScreen) -> list[Rect]:
    """Where what the camera frames for the turn shows on the screen (aspect2d units): each card and spot, a
    pyramid's room, what the turn needs (Rising's tray, Elemental Towers' scoring row and supply); and the HUD's
    parts (the turn panel and its Menu button, the log, the notice, the goal: moved aside, it never covers those)."""
    base = screen.base
    aspect, lens = base.getAspectRatio(), base.cam.node().getLens().getProjectionMat()
    rects = [(left * aspect, right * aspect, bottom, top) for left, right, bottom, top in screen.obstacles()]
    for low, high in screen.frame_boxes(False, ring=False):  # (not the cells a card may take: none lit yet)
        points = []
        for corner in [(x, y, z) for x in (low[0], high[0]) for y in (low[1], high[1]) for z in (low[2], high[2])]:
            seen = base.cam.getRelativePoint(base.render, Point3(*corner))
            full = lens.xform(LVecBase4f(seen.x, seen.y, seen.z, 1.0))
            if full[3] <= 1e-6:
                break  # (behind the camera)
            points.append((full[0] / full[3] * aspect, full[1] / full[3]))
        else:
            rects.append((min(p[0] for p in points), max(p[0] for p in points),
                          min(p[1] for p in points), max(p[1] for p in points)))
    return rects
