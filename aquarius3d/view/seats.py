"""The players around the table: each seat's name and counts at its side, the seat to move in gold.

The home seat (the first person at the screen) sits at the near edge, the camera's side; the others
spread round the far half of the table, in seat order from left to right, clear of the piles at the
left and right ends. Each label is a 3D text standing over the felt, turned to the camera; `spot(seat)`
is where a seat's cards come from when they slide in (view/motion.py).
"""

from __future__ import annotations

import math

from panda3d.core import NodePath, TextNode

from .. import geometry
from .atlas import FaceAtlas

NEAR = 270.0  # degrees round the table's centre (0: the right, 90: the far side): the home seat
FAR = (125.0, 55.0)  # the others, from left to right across the far half
MARGIN = 22.0  # millimetres beyond the outermost spots a card may take, where the labels stand
BACKS = 48.0  # millimetres from a label, away from the cards, to the middle of its hand of card backs
BACK_SCALE = 0.32  # a hand's cards, shrunk
TEXT = (0.96, 0.94, 0.86, 1.0)
TURN = (1.0, 0.8, 0.25, 1.0)


def seat_angles(count: int, home: int) -> list[float]:
    """The angle of each seat round the table: home at the near edge, the others across the far half."""
    others = [(home + i) % count for i in range(1, count)]
    angles = [NEAR] * count
    if len(others) == 1:
        angles[others[0]] = 90.0
    for i, seat in enumerate(others if len(others) > 1 else []):
        angles[seat] = FAR[0] + (FAR[1] - FAR[0]) * i / (len(others) - 1)
    return angles


class SeatLabels:
    """One billboard label per seat, round the cards' box."""

    def __init__(self, scene) -> None:
        self.scene = scene
        self.root = scene.root.attachNewNode("seats")
        self.root.setLightOff()
        self.labels: list[NodePath] = []
        self.backs = self.scene.root.attachNewNode("hands")
        self.spots: list[tuple[float, float]] = []
        self.current: int | None = None

    def _label(self) -> NodePath:
        text = TextNode("seat-label")
        text.setAlign(TextNode.ACenter)
        text.setShadow(0.05, 0.05)
        text.setShadowColor(0, 0, 0, 0.85)
        text.setCardColor(0.05, 0.06, 0.08, 0.55)
        text.setCardAsMargin(0.3, 0.3, 0.15, 0.1)
        text.setCardDecal(True)
        label = self.root.attachNewNode(text)
        label.setBillboardPointEye()
        label.setDepthTest(False)
        label.setDepthWrite(False)
        label.setBin("fixed", 45)
        return label

    def update(self, lines: list[str], current: int | None, home: int, hands: list[int] | None = None) -> None:
        """`lines`: each seat's text (name and counts); `current`: the seat to move, in gold; `hands`: each hand's
        size, shown as small card backs fanned beyond the label of every seat but the home one."""
        while len(self.labels) < len(lines):
            self.labels.append(self._label())
        while len(self.labels) > len(lines):
            self.labels.pop().removeNode()
        self.backs.removeNode()
        self.backs = self.scene.root.attachNewNode("hands")  # lit like the cards on the table
        (x0, y0, _), (x1, y1, _) = self.scene.bounds()
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        rx = (x1 - x0) / 2 + geometry.CELL_X + geometry.CARD_WIDTH / 2 + MARGIN  # clear of every ghost
        ry = (y1 - y0) / 2 + geometry.CELL_Y + geometry.CARD_LENGTH / 2 + MARGIN
        self.spots = []
        self.current = current
        for seat, (label, text, angle) in enumerate(zip(self.labels, lines, seat_angles(len(lines), home))):
            a = math.radians(angle)
            x, y = cx + rx * math.cos(a), cy + ry * math.sin(a)
            self.spots.append((x, y))
            node = label.node()
            node.setText(text)
            node.setTextColor(*(TURN if seat == current else TEXT))
            label.setPos(x, y, 12.0)
            label.setScale(17.0 if seat == current else 14.0)
            if hands is not None and seat != home and seat < len(hands):
                self._fan(hands[seat], x + BACKS * math.cos(a), y + BACKS * math.sin(a))

    def _fan(self, count: int, x: float, y: float) -> None:
        """A hand of `count` cards, backs up, small and fanned round (x, y)."""
        back = self.scene._mesh(FaceAtlas.BACK)
        shown = min(count, 12)
        for i in range(shown):
            card = self.backs.attachNewNode(back.makeCopy())
            card.setR(180)  # the back faces up
            card.setScale(BACK_SCALE)
            spread = (i - (shown - 1) / 2) * 9.0
            card.setPos(x + spread * 0.8, y, 0.4 + 0.3 * i)
            card.setH(-spread * 1.2)
        self.backs.flattenStrong()  # one draw call for all the hands

    def spot(self, seat: int) -> tuple[float, float] | None:
        return self.spots[seat] if 0 <= seat < len(self.spots) else None

    def text(self, seat: int) -> str:
        return self.labels[seat].node().getText()
