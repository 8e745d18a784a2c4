"""Aquarius Rising, Zap a Card offered: the counts on the trays the trade would change read FLOOR_PX high or more.

While the offer shows, the whole table is framed (every tray the trade would change), and at 150% beside the larger
HUD the counts on those trays were drawn 5 to 7 pixels high (1024x600, 1280x720): too small to read what the trade
gives and takes. Each frame the camera has moved (or the trays were drawn again), every count on a ringed tray is
drawn larger, about the middle of its card, as much as it needs to reach FLOOR_PX (one factor a tray, the
smallest count's, so that a tray's counts stay alike), never smaller than view/rising.py drew it.

Counts stand beside their stacks, all on one side of them (Trays.PITCH apart both ways; within a column the larger
the stack, the further out its count). A count grown longer than a row's pitch would reach the next row's: then each
column's counts line up on its middle row's, which steps a little further out and the other rows' back in, so that
neighbours in a column stand side by side and only rows two apart share a line; the factor is bounded so that no
two counts' cards meet, even so. Those counts are drawn over the pyramids already (rising.py: while a trade is
offered nothing hides them), so they may reach over a stack.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from panda3d.core import NodePath, Point3, Vec3

from ..view.rising import Trays, glyph_bounds
from . import layout

if TYPE_CHECKING:
    from .table_screen import TableScreen

FLOOR_PX = 9.0  # a count's digits, in window pixels high, at the least
GAP = 2.0  # millimetres kept between two counts' cards
BASE = "count-base"  # a count's place and scale as rising.py drew it (python tag): the factor applies to them


def glyphs(label: NodePath) -> tuple[float, float, float, float]:
    """A count's digits as drawn (left, right, bottom, top in its own units), measured once."""
    if not label.hasPythonTag("count-glyphs"):
        label.setPythonTag("count-glyphs", glyph_bounds(label))
    found: tuple[float, float, float, float] = label.getPythonTag("count-glyphs")
    return found


class TradeCounts:
    """Kept by the table screen's feedback (screens/feedback.py), stepped each frame after the camera."""

    def __init__(self, screen: TableScreen) -> None:
        self.screen = screen
        self._done: tuple[object, ...] | None = None  # what the counts were last sized for

    def step(self) -> None:
        trays = self.screen.parts.trays
        if trays is None or self.screen.elevation_on:
            return
        ringed = [tray for tray in trays.seats if not tray.find("=trade-ring").isEmpty()]
        labels = [list(tray.findAllMatches("**/=count")) for tray in ringed]
        base = self.screen.base
        key = (tuple(base.cam.getMat(self.screen.scene.root)), base.getAspectRatio(),
               layout.window_pixels(base), tuple(label.getKey() for found in labels for label in found))
        if key == self._done:
            return
        self._done = key
        for found in labels:
            self.size(found)

    def drawn_px(self, label: NodePath) -> float | None:
        """How high a count's digits are drawn now, in window pixels (None when behind the eye)."""
        cam, lens = self.screen.base.cam, self.screen.base.cam.node().getLens()
        left, right, bottom, top = glyphs(label)
        middle, seen = (left + right) / 2, []
        for z in (bottom, top):
            film = Point3()
            if not lens.project(cam.getRelativePoint(label, Point3(middle, 0, z)), film):
                return None
            seen.append(film.y)
        return float(abs(seen[1] - seen[0])) * layout.window_pixels(self.screen.base)[1] / 2

    def size(self, labels: list[NodePath]) -> None:
        """One tray's counts: back as rising.py drew them, then grown to FLOOR_PX as far as they stay apart."""
        for label in labels:
            if not label.hasPythonTag(BASE):
                label.setPythonTag(BASE, (label.getPos(), label.getScale()))
            pos, scale = label.getPythonTag(BASE)
            label.setPos(pos)
            label.setScale(scale)
        heights = [px for px in (self.drawn_px(label) for label in labels) if px is not None and px > 0]
        if not heights:
            return
        wanted = max(1.0, FLOOR_PX / min(heights))
        cards = [label.node().getCardActual() for label in labels]  # (its own units: x across, z along the tray)
        widest = max((right - left) * label.getPythonTag(BASE)[1].x for label, (left, right, _, _) in zip(labels, cards))
        longest = max((top - bottom) * label.getPythonTag(BASE)[1].z for label, (_, _, bottom, top) in zip(labels, cards))
        pitch = Trays.PITCH
        cell = min((pitch - GAP) / widest, (pitch - GAP) / longest)  # the most each count grows inside its own cell
        # rows side by side: only rows two apart share a line, a column's two lines stay clear of the next column's
        side = min((pitch - 2 * GAP) / (2 * widest), (2 * pitch - GAP) / longest)
        factor = max(1.0, min(wanted, max(cell, side)))
        step = (widest * factor + GAP) / 2 if factor > cell else 0.0
        if factor == 1.0 and step == 0.0:
            return  # (large enough as drawn)
        # (side by side: each column's counts on its middle row's line first, then that row out and the others in)
        lines = {label.getTag("count")[1]: pos.x + (left + right) / 2 * scale.x
                 for label, (left, right, _, _) in zip(labels, cards) if label.getTag("count")[:1] == "M"
                 for pos, scale in [label.getPythonTag(BASE)]} if step else {}
        for label, (left, right, bottom, top) in zip(labels, cards):
            pos, scale = label.getPythonTag(BASE)
            line = lines.get(label.getTag("count")[1])
            if line is not None:
                pos = Point3(line - (left + right) / 2 * scale.x, pos.y, pos.z)
            tray, middle = label.getParent(), Point3((left + right) / 2, 0, (bottom + top) / 2)  # the card's middle
            before = tray.getRelativePoint(label, middle)
            label.setScale(scale * factor)
            side = label.getPythonTag("side") or 1.0  # (the side of its stack a count lies on, view/rising.py)
            aside = (step if label.getTag("count")[:1] == "M" else -step) * side  # (the middle row further that way)
            label.setPos(pos + before - tray.getRelativePoint(label, middle) + Vec3(aside, 0, 0))
