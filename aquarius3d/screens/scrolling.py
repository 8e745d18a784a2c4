"""A form higher than the window at the interface scale scrolls rather than shrinking (issue 27, point 10).

Its foot (its note and its buttons: what lies wholly below FOOT as drawn at 100%, or below the screen's own
`foot_line`) stays at the window's bottom on a band of the window's colour (on a form over the picture of the table:
as wide as its panel, of its colour), there only while the body reaches under it; the rest (its body) scrolls above
it, its top at the window's top: the wheel moves it, Tab brings the widget in focus into view, a bar at the window's
right edge shows how much there is and where the window is in it, and a "More below" button at the window's bottom
right (beside the foot's) says there is more until the form is scrolled to its end (a click scrolls on). The band never
cuts a row in half: it rises over a button, box or line of words it would cut, so the body shows whole rows only.
(screens/layout.py: `scrolled` says when; screens/__init__.py: `Screen.apply_scale`.)"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from direct.gui.DirectGui import DGG, DirectButton, DirectFrame
from panda3d.core import CardMaker, NodePath, Point3, TextNode, TransparencyAttrib

from ..i18n import tr
from .focus import shown, widget_rect
from .layout import MARGIN, Rect
from .widgets import BUTTON, down_arrow

if TYPE_CHECKING:
    from . import Screen

FOOT = -0.7  # a form's widgets wholly below this (aspect2d units, as drawn at 100%) are its foot
NOTE_ROW = 0.06  # the room kept for a row of a note not said yet (aspect2d units at 100%)
STEP = 0.16  # a turn of the wheel (aspect2d units)
BAR_WIDE = 0.014  # the bar's width, and its place from the window's right edge
TRACK = (0.55, 0.6, 0.7, 0.25)
THUMB = (0.78, 0.82, 0.9, 0.85)
WINDOW = (0.11, 0.12, 0.14, 1)  # the window's colour (app.py), under the foot
CUE_TEXT = 0.045  # the "More below" button's words (aspect2d units at 100%)
ROW_HIGH = 0.16  # a widget at most this high (aspect2d units at 100%) is never shown cut by the foot's band


class Scroll:
    """Kept by a screen: its root's `body` and `foot` nodes, and how far the body is scrolled up (`offset`,
    aspect2d units) out of how far it may be (`room`)."""

    def __init__(self, screen: Screen) -> None:
        self.screen = screen
        self.offset = 0.0
        self.room = 0.0  # how far it may scroll (0: the form fits)
        self.body: NodePath | None = None
        self.foot: NodePath | None = None
        self.band: DirectFrame | None = None  # under the foot: hides the body scrolled beneath it, takes its clicks
        self.bar: NodePath | None = None
        self.cue: DirectButton | None = None  # "More below": shown while the form is not scrolled to its end
        self.floor = -1.0  # the lowest the body shows (aspect2d units): the foot's top, or the window's bottom
        self.cover = -1.0  # the band's top as drawn (aspect2d units): the floor, or higher over a row it would cut
        self.foot_line = FOOT  # what lies wholly below it (as drawn at 100%) is the foot (a screen may move it)
        self.span: tuple[float, float] | None = None  # the band's left and right (aspect2d): a panel's, or the window
        self._top = 0.0  # the body's height with nothing scrolled (the root's units)
        self._size = 1.0  # the root's scale

    def gather(self, rect_of: Callable[[NodePath], Rect | None]) -> None:
        """Before the form is measured (its root at 100%, in place): every node of the root's in the body but the
        foot's, in the order they are drawn. `rect_of`: where a node is drawn (aspect2d units), if anywhere."""
        root = self.screen.root
        assert root is not None
        if self.body is None or self.body.isEmpty() or self.body.getParent() != root:
            self.body = root.attachNewNode("form-body")
            self.foot = root.attachNewNode("form-foot")
        assert self.foot is not None
        self.body.setZ(0.0)
        self.foot.setZ(0.0)
        for holder in (root, self.foot):
            for child in list(holder.getChildren()):
                if child not in (self.body, self.foot, self.band):
                    child.reparentTo(self.body, child.getSort())
        for child in list(self.body.getChildren()):
            rect = rect_of(child)
            if (rect[3] if rect is not None else self._height(child)) < self.foot_line:
                child.reparentTo(self.foot, child.getSort())

    def _height(self, node: NodePath) -> float:
        """Where a node drawing nothing stands (aspect2d units): an empty text (a note not said yet) by its line."""
        found = node.node()
        z = found.getTransform().getRow3(3).z if isinstance(found, TextNode) else 0.0
        return float(self.screen.base.aspect2d.getRelativePoint(node, Point3(0.0, 0.0, z)).z)

    def extents(self, rect_of: Callable[[NodePath], Rect | None]) -> tuple[Rect | None, Rect | None]:
        """The body's and the foot's rectangles as drawn now (aspect2d units), if they hold anything."""
        found: list[Rect | None] = []
        for holder in (self.body, self.foot):
            rects = []
            for child in holder.getChildren() if holder is not None else []:
                rect = rect_of(child) if child not in (self.band,) else None
                if rect is None and isinstance(child.node(), TextNode):  # a note not said yet: a row kept for it
                    z = self._height(child)
                    rect = (0.0, 0.0, z - NOTE_ROW / 3, z + NOTE_ROW)
                if rect is not None:
                    rects.append(rect)
            found.append((min(r[0] for r in rects), max(r[1] for r in rects), min(r[2] for r in rects),
                          max(r[3] for r in rects)) if rects else None)
        return found[0], found[1]

    def place(self, size: float, body: Rect | None, foot: Rect | None) -> None:
        """The form, `size` its scale, is higher than the window: the foot at the window's bottom, the body above it
        from the window's top, scrolled as far as it was (as far as it still can be). `body` and `foot`: their
        rectangles at 100% (None: none). Or, the body None: the form fits as it is drawn."""
        self._size = size
        if self.band is not None:
            self.band.hide()
        if self.foot is not None:
            self.foot.setZ(0.0)
        self.room, self.floor, self._top = 0.0, -1 + MARGIN, 0.0
        if body is not None:
            if foot is not None:
                assert self.foot is not None
                lift = (-1 + MARGIN) / size - foot[2]
                self.foot.setZ(lift)
                self.floor = (foot[3] + lift) * size + MARGIN
            self._top = (1 - MARGIN) / size - body[3]
            bottom = 1 - MARGIN - (body[3] - body[2]) * size  # (the body's bottom, its top at the window's top)
            if bottom >= self.floor - (MARGIN if foot is not None else 0.0) - 1e-6:  # it fits above the foot (if
                # not a margin above it) or the window's margin: no scrolling
                self.floor = min(self.floor, bottom)  # (at 125% a bar for the 0.01 of the margin it lacked)
            else:
                self.room = self.floor - bottom  # (scrolled, it ends a margin above the foot)
            if foot is not None and self.room > 0:  # (nothing under the foot to hide where the body fits above it)
                self._band(foot[3] + MARGIN / size)
        self.offset = min(max(self.offset, 0.0), self.room)
        self._draw()

    def _band(self, top: float) -> None:
        """The band under the foot, up to `top` (the foot's units), across the whole window or the panel the form
        stands on (`narrow`)."""
        if self.band is None or self.band.isEmpty():
            self.band = DirectFrame(parent=self.foot, frameColor=WINDOW, state=DGG.NORMAL)
        self.band.reparentTo(self.foot, -1)  # (drawn first of the foot, over the body: its clicks go nowhere)
        self.band["frameSize"] = (*self._across(), -20.0, top)
        self.band.show()

    def narrow(self, span: Rect | None, colour: tuple[float, float, float, float] = WINDOW) -> None:
        """The band no wider than the panel the form stands on (`span`, aspect2d units: its left and right, the
        rest unused), of that panel's `colour`; None: across the whole window, of the window's colour."""
        self.span = None if span is None else (span[0], span[1])
        if self.band is not None and not self.band.isEmpty():
            self.band["frameColor"] = WINDOW if span is None else colour
            self._lift_band()

    def _across(self) -> tuple[float, float]:
        """The band's left and right (the foot's units)."""
        if self.span is None or self.foot is None:
            return -20.0, 20.0
        aspect2d = self.screen.base.aspect2d
        left, right = (self.foot.getRelativePoint(aspect2d, Point3(x, 0.0, 0.0)).x for x in self.span)
        return left, right

    def by(self, amount: float) -> None:
        """Scroll up (positive: what is below comes into view) or down, within the form."""
        self.offset = min(max(self.offset + amount, 0.0), self.room)
        self._draw()

    def into_view(self, node: NodePath, rect: Rect) -> None:
        """Scroll just enough that a node of the body drawn at `rect` (aspect2d units, as it stands now) shows
        whole, above the foot (the foot's own always show)."""
        if self.room <= 0 or self.body is None or not self.body.isAncestorOf(node):
            return
        _, _, bottom, top = rect
        if top > 1 - MARGIN:
            self.by(1 - MARGIN - top)
        elif bottom < self.floor:
            self.by(self.floor - bottom)
            for _ in range(4):  # a taller widget of its row still cut: the band covers the row, so on to show it
                bottom = self._rect(node)[2]
                if bottom >= self.cover - 1e-6 or self.offset >= self.room:
                    break
                self.by(self.cover - bottom)

    def _rect(self, node: NodePath) -> Rect:
        found = self.screen.rect_of(node)
        return found if found is not None else (0.0, 0.0, self.floor, self.floor)

    def close(self) -> None:
        """The screen goes: the band with it (its other nodes go with the screen's root)."""
        if self.band is not None:
            self.band.destroy()
        if self.cue is not None:
            self.cue.destroy()
        self.band = self.body = self.foot = self.bar = self.cue = None
        self.offset = self.room = 0.0

    def _draw(self) -> None:
        screen = self.screen
        if screen.root is None:
            return
        if self.body is not None:
            self.body.setZ(self._top + self.offset / self._size)
        self._lift_band()
        if self.bar is not None:
            self.bar.removeNode()
            self.bar = None
        focus = screen.focus  # the keyboard's frame follows the widget it is round
        if focus is not None and focus.widget is not None and not focus.widget.isEmpty():
            focus.marker.show(widget_rect(screen.base, focus.widget))
        self._cue()
        if self.room <= 0:
            return
        self.bar = screen.anchor(screen.base.a2dRightCenter).attachNewNode("scroll-bar")
        self.bar.setTransparency(TransparencyAttrib.M_alpha)
        track = 1 - MARGIN - self.floor
        thumb = track * track / (track + self.room)
        upper = 1 - MARGIN - (track - thumb) * self.offset / self.room
        for name, colour, (high, low) in (("track", TRACK, (1 - MARGIN, self.floor)),
                                          ("thumb", THUMB, (upper, upper - thumb))):
            maker = CardMaker(f"scroll-{name}")
            maker.setFrame(-2 * BAR_WIDE, -BAR_WIDE, low, high)
            card = self.bar.attachNewNode(maker.generate())
            card.setColor(*colour)

    def _lift_band(self) -> None:
        """The band up over any row of the body it would cut (a button, a box, a line of words: what is at most
        ROW_HIGH high), so that the body shows only whole rows above the foot and nothing half hidden beside "More
        below"; a taller block (a page of the rules) is cut as it stands."""
        self.cover = self.floor
        band, foot, screen = self.band, self.foot, self.screen
        if band is None or band.isEmpty() or band.isHidden() or foot is None or self.body is None:
            return
        rows = []
        for widget in (*screen.widgets, *(w for group in screen._groups for w in group)):
            if widget.isEmpty() or not self.body.isAncestorOf(widget) or not shown(widget):
                continue
            rect = screen.rect_of(widget)
            if rect is not None and rect[3] - rect[2] <= ROW_HIGH * self._size:
                rows.append(rect)
        for _ in range(len(rows)):
            cut = [top for _, _, bottom, top in rows if bottom < self.cover - 1e-6 and top > self.cover + 1e-6]
            if not cut:
                break
            self.cover = max(cut)
        top = foot.getRelativePoint(self.screen.base.aspect2d, Point3(0.0, 0.0, self.cover)).z
        band["frameSize"] = (*self._across(), -20.0, top)

    def _cue(self) -> None:
        """"More below" at the window's bottom right, left of the bar, at the interface scale, while there is more
        below; a click scrolls on."""
        more = self.room > 0 and self.offset < self.room - 1e-6
        if not more:
            if self.cue is not None:
                self.cue.hide()
            return
        if self.cue is None or self.cue.isEmpty():
            arrow = down_arrow()
            self.cue = DirectButton(parent=self.screen.anchor(self.screen.base.a2dBottomRight),
                                    text=tr("scroll_more"), text_align=TextNode.ALeft, geom=arrow,
                                    geom_pos=(-0.8, 0, 0.3), command=self.by, extraArgs=[STEP], **BUTTON)
            self.cue.setBin("gui-popup", -1)  # over the foot's band (drawn after the anchors), under an open drop-down
        cue = self.cue
        cue.setScale(CUE_TEXT * self._size)
        left, right, bottom, _ = cue.getBounds()
        size = CUE_TEXT * self._size
        cue.setPos(-3 * BAR_WIDE - MARGIN - right * size, 0, MARGIN - bottom * size)
        cue.show()
