"""Labels drawn flat on the screen that follow points of the table: the seats' names, the piles' counts, Elemental
Towers' scoring row, Aquarius Rising's storeys.

A 3D text on the felt shrinks with the distance and turns unreadable when the camera stands back to
show a whole table; these labels keep one size on the screen. Each has an anchor (a point of the
table); `place` projects every anchor through the camera's lens and puts each label near it, at the
nearest spot (trying rings round the anchor, no farther than REACH, a seat's SEAT_REACH) where it lies inside the window, clear of
every HUD rectangle, of the labels placed before it and of the cards, pyramids, trays and piles (`avoid`): a label
never lies on a card or another label, nor between another label and its place (nor has one between it and its own:
the deck's count stood over a seat's name over the deck, and read as far from its pile). A label with no such spot is not shown, nor one whose place is out of view;
nor one that would lie under a menu, dialog or overlay (`covered`: the game menu, the Join form, F1's help, the
hand-off cover's words), which draw over the table and all its labels. A label `over_table` (Aquarius Rising's M
marks, each over its house among the others: the leading elements' label found no spot clear of the cards and was
not shown) keeps clear of the HUD and the other labels only. A label `beside` its anchor starts right
of it, level with it (within `span` millimetres of the table either way: Elemental Towers' values stay by their
own card); a `group` of labels (those values) stands all on one side of their places, right of them or all left. Everything is in screen units (render2d: -1..1 each way, y up), as the framing's obstacles are
(view/framing.py, screens/hud.py).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

from panda3d.core import NodePath, Point3, TextNode, Vec4

from .camera import Box, corners

if TYPE_CHECKING:
    from direct.showbase.ShowBase import ShowBase
    from panda3d.core import Lens

Rect = tuple[float, float, float, float]  # x0, x1, y0, y1

WINDOW: Rect = (-0.99, 0.99, -0.99, 0.99)
GAP = 0.008  # screen units kept between two labels, or a label and a panel, a card or a pile
REACH = 0.2  # how far from its place a label may move to stay clear (screen units); with no clear spot, not shown
SEAT_REACH = 0.3  # a seat's label may go a little farther (between two trays of Aquarius Rising, say): it is a name
TWO_SIDES_FIRST = 0.12  # a label with another side tries both sides within this reach before going farther on either
STEPS = [0.0] + [0.02 * i for i in range(1, 31)]  # ring radii tried, up to the farthest reach (a callout's)
DIRECTIONS = [(math.cos(math.radians(a)), math.sin(math.radians(a)))
              for a in (90, 270, 0, 180, 45, 135, 315, 225, 22.5, 157.5, 337.5, 202.5, 67.5, 112.5, 292.5, 247.5)]
TEXT = (0.96, 0.94, 0.86, 1.0)
OFF_SCREEN = 10.0  # where a label goes while it is not shown (they used to pile up at the window's edge)


def overlaps(a: Rect, b: Rect, gap: float = 0.0) -> bool:
    return a[0] < b[1] + gap and b[0] < a[1] + gap and a[2] < b[3] + gap and b[2] < a[3] + gap


def nearest(point: tuple[float, float], rect: Rect) -> tuple[float, float]:
    """The point of a rectangle nearest to a point."""
    return min(max(point[0], rect[0]), rect[1]), min(max(point[1], rect[2]), rect[3])


def crosses(start: tuple[float, float], end: tuple[float, float], rect: Rect) -> bool:
    """Does the segment from start to end pass through the rectangle's inside?"""
    low, high = 0.0, 1.0
    dx, dy = end[0] - start[0], end[1] - start[1]
    for delta, begin, edge0, edge1 in ((dx, start[0], rect[0], rect[1]), (dy, start[1], rect[2], rect[3])):
        if abs(delta) < 1e-12:
            if not edge0 < begin < edge1:
                return False
            continue
        t0, t1 = (edge0 - begin) / delta, (edge1 - begin) / delta
        low, high = max(low, min(t0, t1)), min(high, max(t0, t1))
    return high - low > 1e-9


def between(origin: tuple[float, float], rect: Rect, placed: Sequence[tuple[tuple[float, float], Rect]]) -> bool:
    """Would a label at `rect` for a place at `origin` stand between another placed label and its place, or have one
    between it and its own (each label and its place, as (place, rect), in `placed`)?"""
    own = nearest(origin, rect)
    for place, other in placed:
        if crosses(place, nearest(place, other), rect) or crosses(origin, own, other):
            return True
    return False


def box_rect(points: Sequence[tuple[float, float] | None]) -> Rect | None:
    """The screen rectangle round projected points (None when any is behind the eye)."""
    seen = [p for p in points if p is not None]
    if not points or len(seen) < len(points):
        return None
    return (min(p[0] for p in seen), max(p[0] for p in seen), min(p[1] for p in seen),
            max(p[1] for p in seen))


def screen_rect(lens: Lens, cam: NodePath, root: NodePath, box: Box) -> Rect | None:
    """The screen rectangle round a box of the table (its corners through the lens), reaching beyond the window
    where the box does; None when a corner lies behind the eye."""
    matrix = lens.getProjectionMat()
    points = []
    for corner in corners([box]):
        eye = cam.getRelativePoint(root, Point3(*corner))
        full = matrix.xform(Vec4(eye.x, eye.y, eye.z, 1.0))
        if full[3] <= 1e-6:
            return None
        points.append((full[0] / full[3], full[1] / full[3]))
    return box_rect(points)


class ScreenLabels:
    """2D labels, each following an anchor of the table, placed clear of one another and of the HUD."""

    def __init__(self) -> None:
        self.root = NodePath("screen-labels")
        self.root.setBin("fixed", 40)
        self.labels: list[NodePath] = []
        self.rects: dict[int, Rect] = {}  # id of a label -> where it was last placed (screen units)
        self._placed: tuple[object, ...] | None = None

    def add(self, name: str, scale: float = 0.042, backed: bool = True, first: bool = False,
            parent: NodePath | None = None, reach: float = REACH, group: str | None = None) -> NodePath:
        """A new label (hidden until it has text and an anchor); `scale` in aspect2d units; `first`: placed before
        the others (the seats' labels, tied to their places, before the piles' counts, which may go round);
        `parent`: a group of labels under the root, shown and hidden together (Aquarius Rising's storeys); `reach`:
        how far from its place it may go to stay clear; `group`: labels placed together, all on the same side of
        their places (Elemental Towers' values: all right of their cards, or all left)."""
        text = TextNode(name)
        text.setAlign(TextNode.ACenter)
        text.setTextColor(*TEXT)
        text.setShadow(0.05, 0.05)
        text.setShadowColor(0, 0, 0, 0.85)
        if backed:
            text.setCardColor(0.05, 0.06, 0.08, 0.62)
            text.setCardAsMargin(0.3, 0.3, 0.15, 0.1)
            text.setCardDecal(True)
        label = (parent or self.root).attachNewNode(text)
        label.setScale(scale)
        label.setPos(OFF_SCREEN, 0, OFF_SCREEN)  # out of view until placed: never at the window's middle, over the cards
        label.setPythonTag("anchor", None)
        label.setPythonTag("first", first)
        label.setPythonTag("reach", reach)
        label.setPythonTag("group", group)
        self.labels.append(label)
        return label

    def remove(self, label: NodePath) -> None:
        self.labels.remove(label)
        label.removeNode()

    @staticmethod
    def anchor(label: NodePath, point: tuple[float, float, float] | None, lift: float = 0.0,
               beside: bool = False, span: float = 0.0, other_side: tuple[float, float, float] | None = None,
               above: tuple[float, float, float] | None = None) -> None:
        """Where on the table the label belongs (scene coordinates, mm); `lift`: screen units above it preferred;
        `beside`: the label starts at the anchor, to its right (a value next to its card), not centred on it;
        `span`: millimetres of the table either way along y within which a label beside stays level with it;
        `other_side`: where the label goes instead when its place has no clear spot: for a label beside, ending to
        the left of that point (the right side under a panel); for another, round that point (a seat's label on
        the near side of its tray when the far side is full); `above`: a point of the table the label's bottom stays above on the
        screen (a heading over a column, never level with the first label beside it, whose band ends there)."""
        label.setPythonTag("anchor", None if point is None else (tuple(point), lift))
        label.setPythonTag("beside", beside)
        label.setPythonTag("span", span)
        label.setPythonTag("other_side", other_side)
        label.setPythonTag("above", above)

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
        scale = label.getSz(self.root) * self.root.getSz()  # (the root is scaled as the interface is, Settings)
        return frame[0] * scale / aspect, frame[1] * scale / aspect, frame[2] * scale, frame[3] * scale

    def place(self, base: ShowBase, scene_root: NodePath, obstacles: Sequence[Rect],
              avoid: Sequence[Rect] = (), covered: Sequence[Rect] = ()) -> None:
        """Put every label shown near its anchor's place on the screen, or out of view (see the module's
        docstring)."""
        lens, cam = base.cam.node().getLens(), base.cam
        aspect = base.getAspectRatio()
        shown = self.shown()
        key = (tuple(cam.getMat(scene_root)), aspect, tuple(obstacles), tuple(avoid), tuple(covered),
               tuple((label.node().getText(), label.getPythonTag("anchor"), label.getScale().x) for label in shown))
        if key == self._placed:
            return
        self._placed = key
        self.rects = {}
        taken: list[Rect] = []
        placed: list[tuple[tuple[float, float], Rect]] = []  # each label placed, and its place on the screen
        hard = list(obstacles) + list(avoid)

        def screen(x: float, y: float, z: float) -> Point3 | None:
            film = Point3()
            return film if lens.project(cam.getRelativePoint(scene_root, Point3(x, y, z)), film) else None

        def spot(label: NodePath, sides: tuple[bool, ...], hard_now: list[Rect]
                 ) -> tuple[tuple[float, float], tuple[float, float]] | None:
            """Where a label goes (its middle, and its place on the screen) on these sides of its place (True: its
            own side, False: `other_side`), or None."""
            (x, y, z), lift = label.getPythonTag("anchor")
            span = label.getPythonTag("span") or 0.0
            left, right, bottom, top = self.size(label, aspect)
            width, height = right - left, top - bottom
            beside = bool(label.getPythonTag("beside"))
            shift = width / 2 + GAP if beside else 0.0
            most = label.getPythonTag("reach")
            # near either of its places before far from its own: a Rising seat's label drifted its whole reach from
            # beyond its tray to beside the next tray's hand of backs, where it read as that seat's, while the near
            # side of its own tray was free (TWO_SIDES_FIRST)
            other = label.getPythonTag("other_side") is not None and False in sides and most > TWO_SIDES_FIRST
            tries = [(own, TWO_SIDES_FIRST) for own in sides] if other else []
            for own, reach in tries + [(own, most) for own in sides]:
                point = (x, y, z) if own else label.getPythonTag("other_side")
                if point is None:
                    continue
                film = screen(*point)
                if film is None:
                    continue
                band: tuple[float, float] | None = None
                if span:  # level with its own card: between the card's near and far ends
                    near = screen(point[0], point[1] - span, point[2])
                    far = screen(point[0], point[1] + span, point[2])
                    if near is None or far is None:
                        continue
                    band = (min(near.y, far.y), max(near.y, far.y))
                floor = label.getPythonTag("above") if own else None
                if floor is not None:  # over the first label of a column beside it
                    low = screen(*floor)
                    if low is None:
                        continue
                    band = (low.y + height / 2, WINDOW[3])
                if own:
                    centre = self._spot(film.x + shift, film.y + lift, width, height, hard_now, band, beside,
                                        reach, placed=placed, origin=(film.x, film.y))
                else:  # the other side instead (beside: on the left of it)
                    centre = self._spot(film.x - shift, film.y + lift, width, height, hard_now, band, False,
                                        reach, leftward=beside, placed=placed, origin=(film.x, film.y))
                if centre is not None:
                    if not any(overlaps(rect_at(label, centre), other) for other in covered):
                        return centre, (film.x, film.y)
                    return None  # (under a menu, a dialog or an overlay)
            return None

        def rect_at(label: NodePath, centre: tuple[float, float]) -> Rect:
            left, right, bottom, top = self.size(label, aspect)
            half_w, half_h = (right - left) / 2, (top - bottom) / 2
            return centre[0] - half_w, centre[0] + half_w, centre[1] - half_h, centre[1] + half_h

        def put(label: NodePath, where: tuple[tuple[float, float], tuple[float, float]] | None) -> None:
            if where is None:
                label.setPos(base.render2d, OFF_SCREEN, 0, OFF_SCREEN)  # out of view, no clear place, or under a menu
                return
            (cx, cy), origin = where
            left, right, bottom, top = self.size(label, aspect)
            rect = rect_at(label, (cx, cy))
            # the text's origin, such that its frame's middle falls on the spot chosen
            label.setPos(base.render2d, cx - (left + right) / 2, 0, cy - (bottom + top) / 2)
            self.rects[id(label)] = rect
            taken.append(rect)
            placed.append((origin, rect))

        done: set[int] = set()
        for label in shown:
            if id(label) in done:
                continue
            group = label.getPythonTag("group")
            members = [other for other in shown if group is not None and other.getPythonTag("group") == group] \
                or [label]
            done.update(id(member) for member in members)
            if len(members) == 1:  # (a label `over_table` may lie over the cards: Rising's M marks, over houses)
                put(label, spot(label, (True, False), (list(obstacles) if label.getPythonTag("over_table") else hard)
                                + taken))
                continue
            # a group (Elemental Towers' values) stands on one side of its places, all of it: each tried in turn on
            # its own side, then all on the other; the side where more of them find room
            best: list[tuple[tuple[float, float], tuple[float, float]] | None] = []
            for own in (True, False):
                start_taken, start_placed = len(taken), len(placed)
                found = []
                for member in members:
                    where = spot(member, (own,), hard + taken)
                    found.append(where)
                    if where is not None:
                        rect = rect_at(member, where[0])
                        taken.append(rect)
                        placed.append((where[1], rect))
                del taken[start_taken:], placed[start_placed:]
                if sum(w is not None for w in found) > sum(w is not None for w in best):
                    best = found
                if all(w is not None for w in found):
                    break
            for member, where in zip(members, best or [None] * len(members)):
                put(member, where)

    @staticmethod
    def _spot(x: float, y: float, width: float, height: float, hard: list[Rect],
              band: tuple[float, float] | None = None, rightward: bool = False,
              reach: float = REACH, leftward: bool = False,
              placed: Sequence[tuple[tuple[float, float], Rect]] = (),
              origin: tuple[float, float] | None = None) -> tuple[float, float] | None:
        """The nearest spot round (x, y), no farther than `reach`, for a label of this size: inside the window,
        clear of the hard rectangles; with `band`, its middle's height within it; `rightward`: never left of x (a
        value beside its card does not go over the card), `leftward` never right of it; never between a label
        placed and its place, nor with one between it and its own place (`origin`), so that each reads as its
        own thing's. None when there is none."""
        wx0, wx1, wy0, wy1 = WINDOW
        for radius in (r for r in STEPS if r <= reach + 1e-9):
            for dx, dy in DIRECTIONS if radius else [(0.0, 0.0)]:
                if rightward and dx < -1e-9 or leftward and dx > 1e-9:
                    continue
                cx, cy = x + dx * radius, y + dy * radius
                if band is not None and not band[0] <= cy <= band[1]:
                    continue
                rect = (cx - width / 2, cx + width / 2, cy - height / 2, cy + height / 2)
                if rect[0] < wx0 or rect[1] > wx1 or rect[2] < wy0 or rect[3] > wy1:
                    continue
                if not any(overlaps(rect, other, GAP) for other in hard) \
                        and (origin is None or not between(origin, rect, placed)):
                    return cx, cy
        return None
