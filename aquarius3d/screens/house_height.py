"""Heights read in the 3D view (a part of the table screen): in Aquarius Rising the house under the pointer (or
the spot the keyboard lights) says its height in millimetres and its elements' ranks in a label beside its top;
M marks the highest point of each goal element over its house; in every game C centres the orbit on the house or
card under the pointer.

The heights are the rules' (view/house_marks.py gathers the rules' points per house) and read as everywhere else
(i18n.height); the ranks are RisingFlow.height_places', written as the K panel writes them ("1=" only for elements
the whole tie-break chain leaves equal). The label is a screen label placed by view/labels.py's rules: never over
a card, another label or a panel of the HUD; none while the pointer is on a panel of the HUD or once the game is
over (the result panel speaks then).
"""

from __future__ import annotations

import math
import time
from dataclasses import replace
from typing import TYPE_CHECKING, cast

from panda3d.core import LineSegs, Mat4, Point3

from ..core import geometry
from ..i18n import FLAT, element_name, height as height_text, tr
from ..session import Stage
from ..view.house_marks import ElementMarks, column_at, house_tops
from ..view.labels import ScreenLabels
from ..view.rising import element_tops

if TYPE_CHECKING:
    from panda3d.core import NodePath

    from ..session.flows.rising import RisingFlow
    from ..view.picking import Cell, ScreenPoint
    from .table_screen import TableScreen

DWELL = 0.15  # seconds the pointer rests on a house before its label shows
LABEL_SCALE = 0.036  # the hovered house's label (aspect2d units)
LABEL_LIFT = 0.05  # screen units above the house's top it is first tried at
LABEL_REACH = 0.6  # how far from the house it may go to stay clear of the cards (a line joins them when far)
LEADER_FROM = 0.06  # screen units from the house's top beyond which the line is drawn
LEADER = (0.96, 0.94, 0.86, 0.8)


class HouseHeight:
    """Kept by the table screen: the hovered house's label, the elements' markers (M) and the orbit's centring (C)."""

    def __init__(self, screen: TableScreen) -> None:
        self.screen = screen
        self.rising = screen.session.flow.pyramids  # (houses of storeys on pyramids: Aquarius Rising)
        overlay = screen.parts.overlay
        self.label = overlay.add("house-height", LABEL_SCALE, first=True, reach=LABEL_REACH)
        overlay.labels.remove(self.label)  # placed before every other label: it is what the player asks about now
        overlay.labels.insert(0, self.label)
        self.label.setTag("house-height", "")
        self.marks = ElementMarks(screen.scene.root, overlay)
        self.tops: dict[Cell, tuple[float, tuple[str, ...]]] = {}  # each house's highest point and its elements
        self.ranks: dict[str, int] = {}
        self.places: dict[str, str] = {}  # each ranked element's place as written: "2", or "2=" when shared
        self.highest: dict[str, float] = {}  # each element's highest point on the table (mm)
        self.house: Cell | None = None  # the house the label speaks of
        self._under: Cell | None = None  # the house under the pointer, since when
        self._since = 0.0
        self._pointer: tuple[object, ...] | None = None
        self._held: ScreenPoint | None = None  # where the pointer was when the table moved under it, till it moves
        self.leader = overlay.root.attachNewNode("house-height-leader")  # from the label to its house, when far
        self._leader: tuple[object, ...] | None = None

    def update(self) -> None:
        """After every redraw: the houses' heights and the ranks as the table stands, the markers and the label."""
        if not self.rising:
            return
        state = self.screen.session.state
        self.tops = house_tops(state)
        flow = cast("RisingFlow", self.screen.session.flow)
        self.ranks = {element: rank for element, _, rank in flow.height_ranking() if rank is not None}
        self.places = flow.height_places()
        tops = element_tops(state)
        self.highest = {element: height for element, (height, _) in tops.items()}
        if tops != self.marks.tops:
            self.marks.update(tops)
        self._say()

    # -- the house under the pointer ----------------------------------------------------------------------

    def house_at(self, point: ScreenPoint) -> Cell | None:
        """The house (or card) the pointer is on: the first one a ray from the eye through the point meets."""
        screen = self.screen
        near, far = Point3(), Point3()
        if not screen.base.cam.node().getLens().extrude(point, near, far):
            return None
        root = screen.scene.root
        near, far = root.getRelativePoint(screen.base.cam, near), root.getRelativePoint(screen.base.cam, far)
        tops = {cell: self.tops[cell][0] if cell in self.tops else geometry.card_top(0)
                for cell in screen.session.state.table.faces}
        return column_at((near.x, near.y, near.z), (far.x, far.y, far.z), tops)

    def follow(self, point: ScreenPoint | None, now: float | None = None) -> None:
        """Each frame: the house under the pointer, once the pointer has rested on it DWELL seconds, or the keyboard's
        lit spot while it leads (none while its focus is elsewhere: the tray's pyramid, a card, a button), gets the label; it goes as soon as the pointer leaves its house, goes onto a panel
        of the HUD, the camera moves, a move is played (then it waits for the pointer to move again), or the game
        ends. (A pointer sweeping across the table places no label: each one placed places the others again.)"""
        if not self.rising:
            return
        now = time.monotonic() if now is None else now
        screen = self.screen
        focus = screen.keys.focus  # the keyboard leads while it has a focus: a lit spot's house, else none (one tip
        keys = focus is not None and focus.kind in ("spot", "table")  # at a time: a pyramid's is the tray tip's)
        over = screen.session.stage == Stage.OVER
        wanted = (point, focus, screen.hover_cell, screen.camera.orbit, len(screen.session.state.log), over)
        if wanted != self._pointer:
            # the camera moved, or a move was played (taken back): the label goes at once, and comes back only once
            # the pointer moves again, for the house under it then (a playtest: labels stayed over the board, the
            # table moved under a pointer left where it clicked; the label answers the pointer, not the table)
            moved = self._pointer is not None and wanted[3:] != self._pointer[3:] and point == self._pointer[0]
            self._held = point if moved else None if point != self._held else self._held
            self._pointer = wanted
            on_hud = point is not None and any(left <= point[0] <= right and bottom <= point[1] <= top
                                               for left, right, bottom, top in screen.obstacles())
            under = None if over or focus is not None and not keys else screen.hover_cell if keys else (
                self.house_at(point) if point is not None and not on_hud else None)
            if under != self._under or moved:
                self._under, self._since = under, now
            if moved and self.house is not None:
                self.house = None
                self._say()
        if self._under != self.house:
            if self.house is not None:  # left its house: the label goes at once
                self.house = None
                self._say()
            if self._under is not None and (keys or self._held is None and now - self._since >= DWELL):
                self.house = self._under
                self._say()
        self._lead()

    def _lead(self) -> None:
        """A thin line from the label to its house's top, when the label had to stand away from it."""
        screen, overlay = self.screen, self.screen.parts.overlay
        if self.label.isHidden() or not screen.feedback.overlay.labels:
            return
        screen.feedback.place_labels()  # (the camera has moved this frame already: placed where it is now)
        rect = overlay.rects.get(id(self.label))
        anchor = self.label.getPythonTag("anchor")
        top = screen.picker.screen_of_point(*anchor[0]) if rect is not None and anchor is not None else None
        wanted = (rect, top)
        if wanted == self._leader:
            return
        self._leader = wanted
        self.leader.getChildren().detach()
        if rect is None or top is None:
            return
        aspect = screen.base.getAspectRatio()
        x = min(max(top[0], rect[0]), rect[1])  # the label's nearest point to the house's top
        y = min(max(top[1], rect[2]), rect[3])
        if math.hypot((x - top[0]) * aspect, y - top[1]) < LEADER_FROM:
            return
        line = LineSegs("leader")
        line.setThickness(1.5)
        line.setColor(*LEADER)
        line.moveTo(x, 0, y)
        line.drawTo(top[0], 0, top[1])
        line.setThickness(5.0)
        line.moveTo(top[0], 0, top[1])  # a dot on the house's top
        line.drawTo(top[0], 0, top[1])
        node = self.leader.attachNewNode(line.create())
        node.setMat(screen.base.render2d, Mat4.identMat())

    def _say(self) -> None:
        screen = self.screen
        shown = self.house in self.tops and not screen.elevation_on and screen.session.stage != Stage.OVER
        house = self.house if shown else None
        if house is None:
            self.label.node().setText("")
            self.label.hide()
            self.leader.getChildren().detach()
            self._leader = None
            return
        height, elements = self.tops[house]
        if height <= FLAT:  # a card alone on the felt: its thickness is no height to read
            self.label.node().setText(tr("house_flat"))
        else:
            ranks = "  ".join(self.said(element, height) for element in self.ordered(elements, height))
            self.label.node().setText(tr("house_height", height=height_text(height), ranks=ranks))
        x, y = geometry.cell_centre(*house)
        self.label.setPythonTag("house", house)
        ScreenLabels.anchor(self.label, (x, y, height), LABEL_LIFT)
        self.label.show()
        self.screen.feedback.replace_labels()

    def holds_highest(self, element: str, height: float) -> bool:
        """Whether a house whose top is `height` holds `element`'s highest point (another house may hold one as
        high too: the rules count the height, not the house)."""
        return element in self.places and abs(self.highest.get(element, -1.0) - height) <= 1e-6

    def ordered(self, elements: tuple[str, ...], height: float) -> list[str]:
        """The elements at a house's top as its label lists them: those whose highest point it holds by their rank,
        then those standing higher in another house."""
        return sorted(elements, key=lambda element: (not self.holds_highest(element, height),
                                                     self.ranks.get(element, 99), element))

    def said(self, element: str, height: float) -> str:
        """An element at a house's top, in its label: its rank (as the K panel writes it) when this house holds its
        highest point, else that it stands higher elsewhere (its rank is another house's)."""
        if self.holds_highest(element, height):
            return tr("house_rank", element=element_name(element), rank=self.places[element])
        return tr("house_elsewhere", element=element_name(element))

    # -- keys ---------------------------------------------------------------------------------------------

    def toggle_marks(self) -> None:
        """M: the highest point of each goal element marked over its house, or the marks put away."""
        if self.rising:
            self.marks.show(not self.marks.shown)
            self.screen.feedback.replace_labels()

    def centre(self, point: ScreenPoint | None = None) -> None:
        """C: the orbit's centre moved (eased) to the house or card under the pointer (the keyboard's lit spot while
        it leads), half-way up the house; to the point of the felt there when none is. The camera then stays."""
        screen = self.screen
        point = point if point is not None else screen.picker.mouse()
        house = screen.hover_cell if screen.keys.previewing() else None
        if house is None and point is not None:
            house = self.house_at(point)
        if house is not None:
            x, y = geometry.cell_centre(*house)
            top = self.tops[house][0] if house in self.tops else geometry.card_top(0)
            target = (x, y, (geometry.card_top(0) + top) / 2)
        else:
            spot = screen.picker.table_point(point) if point is not None else None
            if spot is None:
                return
            target = (spot[0], spot[1], geometry.card_top(0))
        screen.show_elevation(False)
        screen.camera.ease_to(replace(screen.camera.orbit, target=target))
        screen.camera.moved_by_player = True  # (the game's framing leaves it there until F, Home, 1, 2 or 3)

    def nodes(self) -> list[NodePath]:
        return [self.label, self.leader, self.marks.root]
