"""The last move on the table: a rim round what it put down, and a slide from where it came.

`LastMove.show(keys, origin, now)` is told which pieces (card ids, pyramid keys of the scene) the last
move added or moved, and from where they came (a point on the table: the hand's edge for the player at
the screen, the seat's place for another). Each piece then slides (SLIDE s, eased, lifted in a low arc)
from there to its place, drawn by itself outside the scene's batch, and a rim stays round it until the
next move. While anything slides `busy()` is true, so the pacer (view/pacing.py) keeps drawing.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from panda3d.core import LineSegs, NodePath, Point3

from .lighting import CARD_GLOSS

if TYPE_CHECKING:
    from .scene import CardView, PyramidView, TableScene

SLIDE = 0.35  # seconds a placed piece takes from its origin to its place
LIFT = 40.0  # millimetres the piece rises at the middle of its slide
RIM = (1.0, 0.78, 0.2, 1.0)  # the last move's outline: warm gold
RIM_GAP = 2.5  # millimetres between a piece's edge and its rim
RIM_WIDTH = 4.0  # pixels


def ease(t: float) -> float:
    """Smooth start and stop (smoothstep) over 0..1."""
    t = max(0.0, min(1.0, t))
    return t * t * (3.0 - 2.0 * t)


class LastMove:
    """The pieces of the last move: sliding in, then outlined until the next move."""

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self.root = scene.root.attachNewNode("last-move")
        self.root.setLightOff()
        self.holder = self.root.attachNewNode("rims-holder")  # hidden while an action chooses on the table (quiet)
        self.rims = self.holder.attachNewNode("rims")
        self.keys: set[object] = set()
        self.views: dict[object, CardView | PyramidView | None] = {}  # each outlined piece as it was when outlined
        self.sliding: list[tuple[object, NodePath, Point3, Point3]] = []
        self.started = 0.0

    def _view(self, key: object) -> CardView | PyramidView | None:
        return self.scene.views.get(key) or self.scene.pyramid_views.get(key)

    def stale(self) -> bool:
        """Has what the rim goes round moved or gone since (a move undone or taken back)?"""
        return any(self._view(key) != view for key, view in self.views.items())

    def _node(self, key: object) -> NodePath | None:
        return self.scene.nodes.get(key) or self.scene.pyramid_nodes.get(key)

    def show(self, keys: Iterable[object], origin: tuple[float, float] | None, now: float) -> None:
        """A move put these pieces down: slide them in from `origin` (None: no slide) and outline them."""
        self.finish()
        self.keys = {key for key in keys if self._node(key) is not None}
        self.views = {key: self._view(key) for key in self.keys}
        self._draw_rims()
        if origin is None or not self.keys:
            return
        self.started = now
        for key in self.keys:
            node = self._node(key)
            if node is None:
                continue  # (every key kept has its node)
            copy = node.copyTo(self.root)
            copy.show()
            if key not in self.scene.pyramid_nodes:  # (a pyramid carries its plastic)
                self.scene.lighting.use(copy, "surface", CARD_GLOSS)
            self.scene.lighting.cast(copy)
            end = node.getPos(self.scene.root)
            start = Point3(origin[0], origin[1], end.z + 5.0)
            copy.setPos(start)
            self.sliding.append((key, copy, start, end))
            self.scene.flying.add(key)
        self.rims.hide()  # the rim comes when the piece has landed
        self.scene._rebatch()

    def step(self, now: float) -> None:
        """Move the sliding pieces on; land them when their time is up."""
        if not self.sliding:
            return
        t = (now - self.started) / SLIDE
        if t >= 1.0:
            self.finish()
            return
        k = ease(t)
        for _, copy, start, end in self.sliding:
            point = start + (end - start) * k
            copy.setPos(point.x, point.y, point.z + LIFT * 4 * k * (1 - k))

    def finish(self) -> None:
        """Land every sliding piece at once (the next move, or leaving the table)."""
        if not self.sliding:
            return
        for key, copy, _, _ in self.sliding:
            copy.removeNode()
            self.scene.flying.discard(key)
        self.sliding = []
        self.rims.show()
        self.scene._rebatch()

    def clear(self) -> None:
        self.finish()
        self.keys, self.views = set(), {}
        self._draw_rims()

    def quiet(self, quiet: bool) -> None:
        """No rim while an action chooses among the table's cards or places one of them (Zap a Card, Move a Card):
        its gold read as one more card to choose, or as the card being moved."""
        self.holder.hide() if quiet else self.holder.show()

    def busy(self) -> bool:
        return bool(self.sliding)

    def sliding_nodes(self) -> list[NodePath]:
        return [copy for _, copy, _, _ in self.sliding]

    def _draw_rims(self) -> None:
        """A gold rectangle round each piece of the last move, just above its top."""
        self.rims.removeNode()
        self.rims = self.holder.attachNewNode("rims")
        if not self.keys:
            return
        lines = LineSegs("last-move-rims")
        lines.setThickness(RIM_WIDTH)
        lines.setColor(*RIM)
        for key in self.keys:
            node = self._node(key)
            bounds = None if node is None else node.getTightBounds(self.scene.root)
            if bounds is None:
                continue
            low, high = bounds
            x0, y0, x1, y1 = low.x - RIM_GAP, low.y - RIM_GAP, high.x + RIM_GAP, high.y + RIM_GAP
            z = (high.z + 0.4) if key in self.scene.nodes else (low.z + 0.4)
            lines.moveTo(x0, y0, z)
            for x, y in ((x1, y0), (x1, y1), (x0, y1), (x0, y0)):
                lines.drawTo(x, y, z)
        self.rims.attachNewNode(lines.create())
