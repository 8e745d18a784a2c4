"""The players around the table: each seat's name and counts at its side, the seat to move in gold.

The home seat (the first person at the screen) sits at the near edge of the table, the camera's side; the
others along the far edge, in seat order from left to right, clear of the piles at the left and right ends; each
label lies on the felt just inside the rim by its seat, as a player sits at the table's edge, and its hand of card
backs before it, towards the cards. In Aquarius Rising each seat sits at its tray of pyramids (view/rising.py).
Each label is drawn flat on the screen, one size however far the camera stands, next to its seat's place on the
table (view/labels.py keeps the labels clear of one another, the HUD and the cards); `spot(seat)` is where a
seat's cards come from when they slide in (view/motion.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from panda3d.core import NodePath

from ..core import geometry
from .atlas import FaceAtlas
from .camera import Box
from .labels import SEAT_REACH, Rect, ScreenLabels

if TYPE_CHECKING:
    from .scene import TableScene

INSET = 34.0  # millimetres from the felt's edge (the rim's inner side) to a seat's label
SPREAD = 0.55  # how far along the far edge the others sit, as a share of half the felt's width either way
BACKS = 46.0  # millimetres from a label towards the cards to the middle of its hand of card backs
BACK_SCALE = 0.32  # a hand's cards, shrunk
TEXT = (0.96, 0.94, 0.86, 1.0)
TURN = (1.0, 0.8, 0.25, 1.0)
SCALE, TURN_SCALE = 0.038, 0.043  # a label's size on the screen (aspect2d units), the seat to move's a little bigger


def seat_sides(count: int, home: int) -> list[float]:
    """Where each seat sits along its edge, from -1 (the left end) to 1 (the right end): home in the middle of
    the near edge, the others spread across the far edge in seat order, from left to right."""
    others = [(home + i) % count for i in range(1, count)]
    along = [0.0] * count
    for i, seat in enumerate(others):
        along[seat] = 0.0 if len(others) == 1 else -1.0 + 2.0 * i / (len(others) - 1)
    return along


class SeatLabels:
    """One screen label per seat, at its place round the cards' box, and the opponents' hands as card backs."""

    def __init__(self, scene: TableScene, overlay: ScreenLabels) -> None:
        self.scene = scene
        self.overlay = overlay
        self.labels: list[NodePath] = []
        self.backs = self.scene.root.attachNewNode("hands")
        self.spots: list[tuple[float, float]] = []
        self.fans: list[Box] = []  # a box round each hand of backs (millimetres): the labels keep clear of them
        self.hands: list[NodePath] = []  # each hand of backs, as `fans` (hidden while under the notice's words)
        self.current: int | None = None

    def update(self, lines: list[str], current: int | None, home: int, hands: list[int] | None = None,
               places: list[tuple[tuple[float, float], tuple[float, float]]] | None = None,
               instead: list[tuple[float, float]] | None = None, hand_shown: bool = False) -> None:
        """`lines`: each seat's text (name and counts); `current`: the seat to move, in gold; `hands`: each hand's
        size, shown as small card backs fanned beyond the label of every seat but the home one; `places`: each
        seat's place and the middle of its hand of backs, when the family seats the players itself (Aquarius
        Rising: at their trays), else round the table; `instead`: with `places`, where each seat's label stands
        when its place has no clear spot (Rising: before the near edge of its tray); `hand_shown`: the home seat's
        hand shows along the window's bottom (a person plays here), and its label at the near edge says nothing
        more: it is not shown (framed, it stood under the hand and the prompt strip, and pushed the table aside at
        the top view and T; shown unframed, it floated between the cards and the strip)."""
        while len(self.labels) < len(lines):
            self.labels.append(self.overlay.add("seat-label", first=True, reach=SEAT_REACH))
        while len(self.labels) > len(lines):
            self.overlay.remove(self.labels.pop())
        self.backs.removeNode()
        self.backs = self.scene.root.attachNewNode("hands")  # lit like the cards on the table
        self.spots = []
        self.fans, self.hands = [], []
        self.current = current
        if places is None or len(places) != len(lines):
            places, instead = self.round_table(len(lines), home), None
        for seat, (label, text, ((x, y), fan)) in enumerate(zip(self.labels, lines, places)):
            self.spots.append((x, y))
            node = label.node()
            node.setText(text)
            node.setTextColor(*(TURN if seat == current else TEXT))
            label.setScale(TURN_SCALE if seat == current else SCALE)
            other = instead[seat] if instead is not None and seat < len(instead) else None
            self.overlay.anchor(label, (x, y, 12.0), other_side=None if other is None else (*other, 12.0))
            # (the home seat's hand shows along the window's bottom: its label said nothing more, between the cards
            # and the prompt strip, or beside the raised card at 150%; Rising's labels its tray, and stays)
            label.hide() if hand_shown and seat == home and instead is None else label.show()
            if hands is not None and seat != home and seat < len(hands):
                self._fan(hands[seat], *fan)

    def round_table(self, count: int, home: int) -> list[tuple[tuple[float, float], tuple[float, float]]]:
        """Each seat's place at the table's edge (on the felt, just inside the rim), and its hand's before it."""
        (x0, y0), (x1, y1) = self.scene.table_extent
        cx = (x0 + x1) / 2
        found = []
        for seat, along in enumerate(seat_sides(count, home)):
            if seat == home:
                x, y, inward = cx, y0 + INSET, 1.0
            else:
                x, y, inward = cx + along * SPREAD * (x1 - x0) / 2, y1 - INSET, -1.0
            found.append(((x, y), (x, y + inward * BACKS)))
        return found

    def _fan(self, count: int, x: float, y: float) -> None:
        """A hand of `count` cards, backs up, small and fanned round (x, y)."""
        back = self.scene._mesh(FaceAtlas.BACK)
        shown = min(count, 12)
        reach = (shown - 1) / 2 * 9.0 * 0.8 + geometry.CARD_LENGTH / 2 * BACK_SCALE
        if not shown:
            return
        self.fans.append(((x - reach, y - reach, 0.0), (x + reach, y + reach, 0.4 + 0.3 * shown)))
        hand = self.backs.attachNewNode("hand")
        self.hands.append(hand)
        for i in range(shown):
            card = hand.attachNewNode(back.makeCopy())
            card.setR(180)  # the back faces up
            card.setScale(BACK_SCALE)
            spread = (i - (shown - 1) / 2) * 9.0
            card.setPos(x + spread * 0.8, y, 0.4 + 0.3 * i)
            card.setH(-spread * 1.2)
        hand.flattenStrong()  # one draw call for the hand

    def clear_of(self, rects: list[Rect], seen: list[Rect | None]) -> None:
        """Hide each hand of backs whose place on the screen (`seen`, as `fans`) lies under one of `rects` (the
        notice's words: a playtest at 1280x720 found Cy's and Di's hands under a computer's move told there), show
        the others. Its seat's label still says how many cards it holds."""
        for hand, rect in zip(self.hands, seen):
            under = rect is not None and any(r[0] < rect[1] and rect[0] < r[1] and r[2] < rect[3] and rect[2] < r[3]
                                             for r in rects)
            if under:
                hand.hide()
            else:
                hand.show()

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
