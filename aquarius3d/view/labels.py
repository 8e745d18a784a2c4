"""Labels drawn flat on the screen that follow points of the table: the seats' names and the piles' counts.

A 3D text on the felt shrinks with the distance and turns unreadable when the camera stands back to
show a whole table; these labels keep one size on the screen. Each has an anchor (a point of the
table); `place` projects every anchor through the camera's lens and puts each label near it, at the
first spot (trying rings round the anchor, nearest first) where it lies inside the window, outside
every HUD rectangle and clear of the labels placed before it; if it can, also clear of the cards and
pyramids (`avoid`); a label whose place is out of view is put out of view too. Everything is in screen
units (render2d: -1..1 each way, y up), as the framing's obstacles are (view/framing.py, screens/hud.py).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

from panda3d.core import NodePath, Point3, TextNode

if TYPE_CHECKING:
    from direct.showbase.ShowBase import ShowBase

Rect = tuple[float, float, float, float]  # x0, x1, y0, y1

WINDOW: Rect = (-0.99, 0.99, -0.99, 0.99)
GAP = 0.008  # screen units kept between two labels, or a label and a panel
SOFT_REACH = 0.15  # how far from its anchor a label may move to stay clear of the cards (beyond, it may lie on them)
STEPS = [0.0] + [0.035 * i for i in range(1, 16)] + [0.6 + 0.1 * i for i in range(1, 15)]  # ring radii tried
DIRECTIONS = [(math.cos(math.radians(a)), math.sin(math.radians(a))) for a in (90, 270, 0, 180, 45, 135, 315, 225)]
TEXT = (0.96, 0.94, 0.86, 1.0)
OFF_SCREEN = 10.0  # where a label goes while its place is out of view (they used to pile up at the window's edge)


def overlaps(a: Rect, b: Rect, gap: float = 0.0) -> bool:
    return a[0] < b[1] + gap and b[0] < a[1] + gap and a[2] < b[3] + gap and b[2] < a[3] + gap


def box_rect(points: Sequence[tuple[float, float] | None]) -> Rect | None:
    """The screen rectangle round projected points (None when any is behind the eye)."""
    seen = [p for p in points if p is not None]
    if not points or len(seen) < len(points):
        return None
    return (min(p[0] for p in seen), max(p[0] for p in seen), min(p[1] for p in seen),
            max(p[1] for p in seen))


class ScreenLabels:
    """2D labels, each following an anchor of the table, placed clear of one another and of the HUD."""

    def __init__(self) -> None:
        self.root = NodePath("screen-labels")
        self.root.setBin("fixed", 40)
        self.labels: list[NodePath] = []
        self.rects: dict[int, Rect] = {}  # id of a label -> where it was last placed (screen units)
        self._placed: tuple[object, ...] | None = None

    def add(self, name: str, scale: float = 0.042, backed: bool = True, first: bool = False) -> NodePath:
        """A new label (hidden until it has text and an anchor); `scale` in aspect2d units; `first`: placed before
        the others (the seats' labels, tied to their places, before the piles' counts, which may go round)."""
        text = TextNode(name)
        text.setAlign(TextNode.ACenter)
        text.setTextColor(*TEXT)
        text.setShadow(0.05, 0.05)
        text.setShadowColor(0, 0, 0, 0.85)
        if backed:
            text.setCardColor(0.05, 0.06, 0.08, 0.62)
            text.setCardAsMargin(0.3, 0.3, 0.15, 0.1)
            text.setCardDecal(True)
        label = self.root.attachNewNode(text)
        label.setScale(scale)
        label.setPythonTag("anchor", None)
        label.setPythonTag("first", first)
        self.labels.append(label)
        return label

    def remove(self, label: NodePath) -> None:
        self.labels.remove(label)
        label.removeNode()

    @staticmethod
    def anchor(label: NodePath, point: tuple[float, float, float] | None, lift: float = 0.0,
               beside: bool = False) -> None:
        """Where on the table the label belongs (scene coordinates, mm); `lift`: screen units above it preferred;
        `beside`: the label starts at the anchor, to its right (a value next to its card), not centred on it."""
        label.setPythonTag("anchor", None if point is None else (tuple(point), lift))
        label.setPythonTag("beside", beside)

    def shown(self) -> list[NodePath]:
        """The labels shown, in the order they are placed."""
        shown = [label for label in self.labels
                 if not label.isHidden() and label.node().getText() and label.getPythonTag("anchor") is not None]
        return sorted(shown, key=lambda label: not label.getPythonTag("first"))

    def in_view(self) -> list[NodePath]:
        """The labels shown whose places were in view when they were last placed (the others are out of it)."""
        return [label for label in self.shown() if id(label) in self.rects]

    def anchors(self) -> list[tuple[float, float, float]]:
        """The anchors of the labels shown: the framing keeps them in view."""
        return [label.getPythonTag("anchor")[0] for label in self.shown()]

    def size(self, label: NodePath, aspect: float) -> tuple[float, float, float, float]:
        """A label's frame round its origin, in screen units: left, right, bottom, top."""
        node = label.node()
        frame = node.getCardActual() if node.hasCard() else node.getFrameActual()
        scale = label.getScale().x
        return frame[0] * scale / aspect, frame[1] * scale / aspect, frame[2] * scale, frame[3] * scale

    def place(self, base: ShowBase, scene_root: NodePath, obstacles: Sequence[Rect],
              avoid: Sequence[Rect] = ()) -> None:
        """Put every label shown near its anchor's place on the screen (see the module's docstring)."""
        lens, cam = base.cam.node().getLens(), base.cam
        aspect = base.getAspectRatio()
        shown = self.shown()
        key = (tuple(cam.getMat(scene_root)), aspect, tuple(obstacles), tuple(avoid),
               tuple((label.node().getText(), label.getPythonTag("anchor"), label.getScale().x) for label in shown))
        if key == self._placed:
            return
        self._placed = key
        self.rects = {}
        taken: list[Rect] = []
        hard = list(obstacles)
        for label in shown:
            (x, y, z), lift = label.getPythonTag("anchor")
            film = Point3()
            if not lens.project(cam.getRelativePoint(scene_root, Point3(x, y, z)), film):
                label.setPos(base.render2d, OFF_SCREEN, 0, OFF_SCREEN)  # its place is out of view: so is the label
                continue
            left, right, bottom, top = self.size(label, aspect)
            width, height = right - left, top - bottom
            shift = width / 2 + GAP if label.getPythonTag("beside") else 0.0
            centre = self._spot(film.x + shift, film.y + lift, width, height, hard + taken, list(avoid))
            cx, cy = centre
            rect = (cx - width / 2, cx + width / 2, cy - height / 2, cy + height / 2)
            # the text's origin, such that its frame's middle falls on the spot chosen
            label.setPos(base.render2d, cx - (left + right) / 2, 0, cy - (bottom + top) / 2)
            self.rects[id(label)] = rect
            taken.append(rect)

    @staticmethod
    def _spot(x: float, y: float, width: float, height: float, hard: list[Rect], soft: list[Rect]) -> tuple[float, float]:
        """The nearest spot round (x, y) for a label of this size: clear of the hard rectangles and the window's
        edge, and of the soft ones too when any such spot exists."""
        wx0, wx1, wy0, wy1 = WINDOW
        first_hard = None
        for radius in STEPS:
            for dx, dy in DIRECTIONS if radius else [(0.0, 0.0)]:
                cx = min(wx1 - width / 2, max(wx0 + width / 2, x + dx * radius))
                cy = min(wy1 - height / 2, max(wy0 + height / 2, y + dy * radius))
                rect = (cx - width / 2, cx + width / 2, cy - height / 2, cy + height / 2)
                if any(overlaps(rect, other, GAP) for other in hard):
                    continue
                if radius <= SOFT_REACH and not any(overlaps(rect, other) for other in soft):
                    return cx, cy
                if first_hard is None:
                    first_hard = (cx, cy)
            if radius >= SOFT_REACH and first_hard is not None:
                return first_hard
        if first_hard is not None:
            return first_hard
        return (min(wx1 - width / 2, max(wx0 + width / 2, x)), min(wy1 - height / 2, max(wy0 + height / 2, y)))
