"""The players around the table: each seat's name and counts at its side, the seat to move in gold.

The home seat (the first person at the screen) sits at the near edge, the camera's side; the others
spread round the far half of the table, in seat order from left to right, clear of the piles at the
left and right ends; in Aquarius Rising each seat sits at its tray of pyramids (view/rising.py). Each label is
drawn flat on the screen, one size however far the camera stands, next to its seat's place on the table
(view/labels.py keeps the labels clear of one another and of the HUD); `spot(seat)` is where a seat's cards
come from when they slide in (view/motion.py).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from panda3d.core import NodePath

from ..core import geometry
from .atlas import FaceAtlas
from .camera import Box
from .labels import ScreenLabels

if TYPE_CHECKING:
    from .scene import TableScene

NEAR = 270.0  # degrees round the table's centre (0: the right, 90: the far side): the home seat
FAR = (125.0, 55.0)  # the others, from left to right across the far half
MARGIN = 22.0  # millimetres beyond the outermost spots a card may take, where the labels stand
BACKS = 48.0  # millimetres from a label, away from the cards, to the middle of its hand of card backs
BACK_SCALE = 0.32  # a hand's cards, shrunk
TEXT = (0.96, 0.94, 0.86, 1.0)
TURN = (1.0, 0.8, 0.25, 1.0)
SCALE, TURN_SCALE = 0.038, 0.043  # a label's size on the screen (aspect2d units), the seat to move's a little bigger


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
    """One screen label per seat, at its place round the cards' box, and the opponents' hands as card backs."""

    def __init__(self, scene: TableScene, overlay: ScreenLabels) -> None:
        self.scene = scene
        self.overlay = overlay
        self.labels: list[NodePath] = []
        self.backs = self.scene.root.attachNewNode("hands")
        self.spots: list[tuple[float, float]] = []
        self.fans: list[Box] = []  # a box round each hand of backs (millimetres): the labels keep clear of them
        self.current: int | None = None

    def update(self, lines: list[str], current: int | None, home: int, hands: list[int] | None = None,
               places: list[tuple[tuple[float, float], tuple[float, float]]] | None = None) -> None:
        """`lines`: each seat's text (name and counts); `current`: the seat to move, in gold; `hands`: each hand's
        size, shown as small card backs fanned beyond the label of every seat but the home one; `places`: each
        seat's place and the middle of its hand of backs, when the family seats the players itself (Aquarius
        Rising: at their trays), else round the table."""
        while len(self.labels) < len(lines):
            self.labels.append(self.overlay.add("seat-label", first=True))
        while len(self.labels) > len(lines):
            self.overlay.remove(self.labels.pop())
        self.backs.removeNode()
        self.backs = self.scene.root.attachNewNode("hands")  # lit like the cards on the table
        self.spots = []
        self.fans = []
        self.current = current
        if places is None or len(places) != len(lines):
            places = self.round_table(len(lines), home)
        for seat, (label, text, ((x, y), fan)) in enumerate(zip(self.labels, lines, places)):
            self.spots.append((x, y))
            node = label.node()
            node.setText(text)
            node.setTextColor(*(TURN if seat == current else TEXT))
            label.setScale(TURN_SCALE if seat == current else SCALE)
            self.overlay.anchor(label, (x, y, 12.0))
            if hands is not None and seat != home and seat < len(hands):
                self._fan(hands[seat], *fan)

    def round_table(self, count: int, home: int) -> list[tuple[tuple[float, float], tuple[float, float]]]:
        """Each seat's place round the cards' box (clear of every ghost), and its hand's beyond it."""
        (x0, y0, _), (x1, y1, _) = self.scene.bounds()
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        rx = (x1 - x0) / 2 + geometry.CELL_X + geometry.CARD_WIDTH / 2 + MARGIN  # clear of every ghost
        ry = (y1 - y0) / 2 + geometry.CELL_Y + geometry.CARD_LENGTH / 2 + MARGIN
        found = []
        for angle in seat_angles(count, home):
            a = math.radians(angle)
            x, y = cx + rx * math.cos(a), cy + ry * math.sin(a)
            found.append(((x, y), (x + BACKS * math.cos(a), y + BACKS * math.sin(a))))
        return found

    def _fan(self, count: int, x: float, y: float) -> None:
        """A hand of `count` cards, backs up, small and fanned round (x, y)."""
        back = self.scene._mesh(FaceAtlas.BACK)
        shown = min(count, 12)
        reach = (shown - 1) / 2 * 9.0 * 0.8 + geometry.CARD_LENGTH / 2 * BACK_SCALE
        if shown:
            self.fans.append(((x - reach, y - reach, 0.0), (x + reach, y + reach, 0.4 + 0.3 * shown)))
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
        text: str = self.labels[seat].node().getText()
        return text

    def cleanup(self) -> None:
        for label in self.labels:
            self.overlay.remove(label)
        self.labels = []
        self.backs.removeNode()
