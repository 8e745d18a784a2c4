"""Keyboard focus on a screen: Tab / Shift+Tab go through what may be chosen, in reading order, Enter chooses
the one in focus, and a bright blue frame marks it.

Every screen but the table gets `ButtonFocus` (screens/__init__.py binds it): its buttons, boxes, game menu
and name fields, top to bottom and left to right. The table has its own ring (screens/keyboard.py: the hand,
the tray, the glowing spots, then its buttons) and draws its focus with the same `Marker`.

When the environment names a file in AQUARIUS3D_STATUS, the screen showing writes there what a player sees
of it (the screen, the stage, what is in focus and where each thing to choose is, in window pixels): a tool
driving the real window with real input events (tools/xplay.py) waits on it instead of sleeping.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from direct.gui.DirectGui import DGG, DirectButton, DirectCheckButton, DirectEntry, DirectFrame, DirectOptionMenu
from panda3d.core import CardMaker, LVecBase4f, NodePath, Point3

from .widgets import Dropdown

if TYPE_CHECKING:
    from direct.showbase.ShowBase import ShowBase

    from ..view.camera import Orbit
    from . import Screen

Rect = tuple[float, float, float, float]  # left, right, bottom, top (aspect2d units)
Point = tuple[float, float, float]  # a point of the scene (millimetres, render's frame)

# The focus frame: sky blue, unlike the table's golds (the last move's rim, the tour's marker, the glowing quarters),
# on a dark rim either side so it reads on any card, the felt or a panel
BLUE = (0.25, 0.85, 1.0, 1)
EDGE = (0.03, 0.03, 0.05, 0.9)
LINE = 0.009  # the blue line's thickness (aspect2d units); the rim adds as much outside and inside
PAD = 0.012  # room between what is in focus and its frame
ROW = 0.04  # widgets whose middles are closer than this in height stand in one row
STATUS_ENV = "AQUARIUS3D_STATUS"


class Marker:
    """A blue frame on a dark rim round a rectangle of aspect2d, drawn over everything else on the screen (menus,
    help and the tour too: what is in focus may be on them). A node of the screen's: it goes with the screen."""

    def __init__(self, screen: Screen) -> None:
        self.root = screen.keep(DirectFrame(parent=screen.base.aspect2d, frameColor=(0, 0, 0, 0),
                                            frameSize=(0, 0, 0, 0)))
        self.root.setBin("gui-popup", 90)
        self.root.setDepthTest(False)
        self.root.setDepthWrite(False)
        maker = CardMaker("focus-bar")
        maker.setFrame(0, 1, 0, 1)
        self.bars = [self.root.attachNewNode(maker.generate()) for _ in range(8)]
        for i, bar in enumerate(self.bars):
            bar.setColor(*(EDGE if i < 4 else BLUE))
            bar.setTransparency(True)
            bar.setBin("gui-popup", 90 + (i >= 4))
        self.rect: Rect | None = None
        self.root.hide()

    def show(self, rect: Rect | None) -> None:
        """Frame this rectangle (None: hide the frame)."""
        if self.root.isEmpty():
            return
        self.rect = rect
        if rect is None:
            self.root.hide()
            return
        left, right, bottom, top = rect[0] - PAD, rect[1] + PAD, rect[2] - PAD, rect[3] + PAD
        for bars, grow, width in ((self.bars[:4], LINE, 3 * LINE), (self.bars[4:], 0.0, LINE)):
            x0, x1, z0, z1 = left - grow, right + grow, bottom - grow, top + grow
            for bar, (bx, bz, sx, sz) in zip(bars, ((x0, z1 - width, x1 - x0, width), (x0, z0, x1 - x0, width),
                                                    (x0, z0, width, z1 - z0), (x1 - width, z0, width, z1 - z0))):
                bar.setPos(bx, 0, bz)
                bar.setScale(max(sx, 1e-4), 1, max(sz, 1e-4))
        self.root.show()


# -- widgets ----------------------------------------------------------------------------------------------

def shown(node: NodePath) -> bool:
    """Is a node drawn: there, not hidden, and neither it nor any node above it stashed?"""
    if node.isEmpty() or node.isHidden():
        return False
    while not node.isEmpty():
        if node.isStashed():
            return False
        node = node.getParent()
    return True


def choosable(widget: NodePath) -> bool:
    """A button, box, menu or field that is drawn and answers now (a greyed one does not; a button without a
    command, such as the goal card held to peek, is no choice)."""
    if not isinstance(widget, (DirectButton, DirectEntry)) or not shown(widget):
        return False
    if widget["state"] == DGG.DISABLED:
        return False
    return isinstance(widget, (DirectEntry, DirectOptionMenu)) or widget["command"] is not None


def widget_rect(base: ShowBase, widget: NodePath) -> Rect:
    """Where a widget's clickable frame lies, in aspect2d units."""
    left, right, bottom, top = widget.guiItem.getFrame()
    low = base.aspect2d.getRelativePoint(widget, Point3(left, 0, bottom))
    high = base.aspect2d.getRelativePoint(widget, Point3(right, 0, top))
    return (min(low.x, high.x), max(low.x, high.x), min(low.z, high.z), max(low.z, high.z))


def box(low: Point, high: Point) -> list[Point]:
    """The eight corners of a box."""
    return [(x, y, z) for x in (low[0], high[0]) for y in (low[1], high[1]) for z in (low[2], high[2])]


def screen_rect(base: ShowBase, corners: Iterable[Point], orbit: Orbit | None = None) -> Rect | None:
    """Where points of the scene show on the screen: the rectangle round them (aspect2d units; beyond the window's
    edges if they are), seen by the camera where it stands or, given `orbit`, from there (where it eases to:
    CameraMan.destination()); None if there are none or any lies behind the eye."""
    eye = base.cam
    if orbit is not None:  # (a stand-in eye there: the same lens)
        eye = base.render.attachNewNode("screen-rect-eye")
        orbit.apply(eye)
    lens, aspect = base.cam.node().getLens().getProjectionMat(), base.getAspectRatio()
    points: list[tuple[float, float]] = []
    for corner in corners:
        seen = eye.getRelativePoint(base.render, Point3(*corner))
        full = lens.xform(LVecBase4f(seen.x, seen.y, seen.z, 1.0))
        if full[3] <= 1e-6:
            points = []
            break  # (behind the camera)
        points.append((full[0] / full[3] * aspect, full[1] / full[3]))
    if orbit is not None:
        eye.removeNode()
    if not points:
        return None
    return (min(p[0] for p in points), max(p[0] for p in points), min(p[1] for p in points), max(p[1] for p in points))


def reading_order(placed: Iterable[tuple[float, float, Any]]) -> list[Any]:
    """Things at (x, z) in reading order: rows from the top down (middles within ROW of each other share a row),
    each from left to right."""
    rows: list[list[tuple[float, float, Any]]] = []
    for item in sorted(placed, key=lambda p: -p[1]):
        if rows and abs(rows[-1][0][1] - item[1]) < ROW:
            rows[-1].append(item)
        else:
            rows.append([item])
    return [thing for row in rows for _, _, thing in sorted(row, key=lambda p: p[0])]


def screen_widgets(screen: Screen) -> list[NodePath]:
    """Every widget a screen keeps, its groups' too (screens/__init__.py)."""
    return [*screen.widgets, *(w for group in screen._groups for w in group)]


def ordered_widgets(screen: Screen, widgets: Iterable[NodePath]) -> list[NodePath]:
    """The choosable ones among widgets, in reading order."""
    placed = []
    for widget in widgets:
        if choosable(widget):
            left, right, bottom, top = widget_rect(screen.base, widget)
            placed.append(((left + right) / 2, (bottom + top) / 2, widget))
    return screen.reading(reading_order(placed))


def widget_label(widget: NodePath) -> str:
    if isinstance(widget, DirectEntry):
        return str(widget.get())
    text = widget["text"]
    return str(text if isinstance(text, str) else text[0] if text else "")


def press(widget: NodePath) -> None:
    """Enter on a widget: a button's command, a box ticked or not; a drop-down menu's list opened (its entry in
    force lit), or, open, the entry lit taken; a name field takes the typing (Enter there is the field's own)."""
    if isinstance(widget, DirectEntry):
        widget["focus"] = 1
    elif isinstance(widget, Dropdown):
        widget.pick() if widget.is_open() else widget.open_list()
    elif isinstance(widget, DirectOptionMenu):
        widget.showPopupMenu()
    elif isinstance(widget, (DirectButton, DirectCheckButton)):
        widget.commandFunc(None)


def window_point(base: ShowBase, x: float, z: float) -> list[int]:
    """An aspect2d point in the window's pixels (from the top left corner)."""
    width, height = base.win.getXSize(), base.win.getYSize()
    return [round((x / base.getAspectRatio() + 1) / 2 * width), round((1 - z) / 2 * height)]


def window_rect(base: ShowBase, rect: Rect) -> list[int]:
    """An aspect2d rectangle in window pixels: left, top, right, bottom."""
    return [*window_point(base, rect[0], rect[3]), *window_point(base, rect[1], rect[2])]


def write_status(status: dict[str, Any]) -> None:
    """What the screen shows, for a tool driving the window (only when AQUARIUS3D_STATUS names a file)."""
    target = os.environ.get(STATUS_ENV)
    if not target:
        return
    path = Path(target)
    partial = path.with_name(path.name + ".part")
    try:
        partial.write_text(json.dumps(status), encoding="utf-8")
        partial.replace(path)
    except OSError:
        pass  # a status nobody can read is no reason to stop the game


class ButtonFocus:
    """Tab / Shift+Tab through a screen's choosable widgets, Enter presses the one in focus."""

    def __init__(self, screen: Screen) -> None:
        self.screen = screen
        self.marker = Marker(screen)
        self.widget: NodePath | None = None
        self._last: tuple[str, float, float] | None = None  # the focused widget's words and place

    def ring(self) -> list[NodePath]:
        return ordered_widgets(self.screen, screen_widgets(self.screen))

    def step(self, step: int) -> None:
        """Tab (1) or Shift+Tab (-1): the next (previous) widget, round again at the end; in an open drop-down list,
        its next (previous) entry."""
        if self.list_step(step):
            return
        ring = self.ring()
        if not ring:
            self.focus(None)
            return
        at = ring.index(self.widget) + step if self.widget in ring else (0 if step > 0 else -1)
        self.focus(ring[at % len(ring)])

    def focus(self, widget: NodePath | None) -> None:
        if isinstance(self.widget, DirectEntry) and widget is not self.widget and not self.widget.isEmpty():
            self.widget["focus"] = 0  # typing goes to the field in focus only
        self.widget = widget
        if widget is None:
            self._last = None
            self.marker.show(None)
        else:
            scroll = getattr(self.screen, "scroll", None)
            if scroll is not None:  # a form higher than the window: scrolled to show it (scrolling.py)
                scroll.into_view(widget, widget_rect(self.screen.base, widget))
            rect = widget_rect(self.screen.base, widget)
            self._last = (widget_label(widget), (rect[0] + rect[1]) / 2, (rect[2] + rect[3]) / 2)
            self.marker.show(rect)
        self.report()

    def list_step(self, step: int) -> bool:
        """The arrow keys (and Tab) in the open list of the drop-down in focus: the next (1) or previous (-1) entry
        lit. Whether there was such a list."""
        widget = self.widget
        if isinstance(widget, Dropdown) and not widget.isEmpty() and widget.is_open():
            widget.step_list(step)
            return True
        return False

    def press(self) -> None:
        """Enter: press the widget in focus; after it (a form drawn again) the focus stays on the widget of the
        same words nearest where it was, else the nearest one."""
        widget = self.widget
        if widget is None or widget.isEmpty() or not choosable(widget):
            return
        last = self._last
        press(widget)
        if self.screen.root is None or self.marker.root.isEmpty():
            return  # the screen went (a new game started, Back)
        ring = self.ring()
        if widget in ring:
            self.focus(widget)
        elif ring and last is not None:
            def distance(other: NodePath) -> tuple[bool, float]:
                rect = widget_rect(self.screen.base, other)
                x, z = (rect[0] + rect[1]) / 2, (rect[2] + rect[3]) / 2
                return widget_label(other) != last[0], (x - last[1]) ** 2 + (z - last[2]) ** 2
            self.focus(min(ring, key=distance))
        else:
            self.focus(None)

    def drop(self) -> None:
        """The mouse was used: no frame until Tab again."""
        if self.widget is not None:
            self.focus(None)

    def report(self) -> None:
        if not os.environ.get(STATUS_ENV):
            return
        base = self.screen.base
        targets = [{"kind": "button", "label": widget_label(w), "at": window_point(
            base, (r[0] + r[1]) / 2, (r[2] + r[3]) / 2)} for w in self.ring() for r in [widget_rect(base, w)]]
        rect = self.marker.rect if self.widget is not None else None
        write_status({"screen": self.screen.name, "window": [base.win.getXSize(), base.win.getYSize()],
                      "focus": None if self.widget is None else {
                          "kind": "button", "label": widget_label(self.widget),
                          "rect": window_rect(base, rect) if rect is not None else None},
                      "targets": targets})
