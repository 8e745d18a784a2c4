"""What of the table an action card shown enlarged for the keyboard's focus stands beside (issue 27 polish): Tab
onto a hand's action card (or Elemental Towers' drawn one) shows it large a moment to read, over the card's place,
and there it hid the table's cards and spots the player weighs it against for about three seconds (at 1024x600 the
cards just played stand right over the hand). It now stands at the nearest place sideways clear of them, over the
felt or the piles, as large as over its card or down to its size at 100% (view/hand.py: `avoid`); where nothing is
clear, over its card as before."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .focus import box, screen_rect

if TYPE_CHECKING:
    from .focus import Rect
    from .table_screen import TableScreen


def avoided(screen: TableScreen) -> list[Rect]:
    """Where what the camera frames for the turn shows on the screen (aspect2d units) from where the camera stands
    or eases to (CameraMan.destination(): Tab during the 0.3 s ease after a move or F reckons with the view it
    stops at): each card and spot, a pyramid's room, what the turn needs (Rising's tray, Elemental Towers' scoring
    row and supply); and the HUD's parts (the turn panel and its Menu button, the log, the notice, the goal: moved
    aside, it never covers those)."""
    aspect, orbit = screen.base.getAspectRatio(), screen.camera.destination()
    rects = [(left * aspect, right * aspect, bottom, top) for left, right, bottom, top in screen.obstacles()]
    for low, high in screen.frame_boxes(False, ring=False):  # (not the cells a card may take: none lit yet)
        rect = screen_rect(screen.base, box(low, high), orbit)
        rects += [rect] if rect is not None else []  # (behind the camera: none)
    return rects
