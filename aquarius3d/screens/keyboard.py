"""The table by keyboard alone: Tab / Shift+Tab go round what may be chosen now, Enter chooses it, Esc steps back.

What Tab goes through (the ring) follows the stage, as a click would find it:

    choose, draft      the hand's cards, left to right
    pyramid            the tray's pyramids that can be placed (Aquarius Rising), then, one picked, its quarters
    place, target      the glowing spots, in reading order on the table (top row first, left to right; a cell's
                       storeys after it), each previewed as the pointer's hover does (the ghost lit, Dominus'
                       edge marks)
    earned             Elemental Towers: the builds and the spaces holding a piece that may move, then (a piece
                       picked) where it may go
    trade_piece        Elemental Towers: the lone pyramids that may be traded
    table_card         the outlined cards on the table the action may take (Move a Card, Zap a Card), each
                       previewed as the pointer's hover does (its outline widened)

Elemental Towers' action card drawn and waiting to act comes first, before the choices it brings (drawn_keys.py).

then the buttons showing (players, directions, skips, take back, join, the end's). While the hand-off cover,
the game menu, the join form or the help shows, only its own buttons. A blue frame (focus.py's Marker) marks
the one in focus; the pointer moving puts it away, and the pointer leads again.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, NamedTuple, cast

from panda3d.core import NodePath, Point3

from ..core import geometry
from ..core.vocabulary import QUARTERS
from ..session import Stage
from ..view.rising import Trays
from ..view.towers import space_centre, space_quarters
from .drawn_keys import drawn_action, drawn_rect, show_drawn
from .preview_room import avoided
from .focus import (STATUS_ENV, Marker, Point, Rect, box, ordered_widgets, press, screen_rect, screen_widgets,
                    widget_label, widget_rect, window_point, window_rect, write_status)

if TYPE_CHECKING:
    from ..session.choice import Choice
    from ..session.flows.rising import RisingFlow
    from ..session.flows.towers import TowersFlow
    from ..view.family import Pick
    from .table_screen import TableScreen

RISES = (0.3, 0.55, 0.8, 0.92)  # heights up a pyramid ghost a click is tried at, shares of its height
PREVIEWED = ("spot", "pyramid", "table")  # kinds the keyboard lights as the pointer would
PREVIEW_SECONDS = 3.0  # an action card in the keyboard's focus shows enlarged this long, then goes: it covered the
# Menu button and Rising's tray while the focus stayed (a playtest at 1024x600 and 150%); Tab onto it shows it again


class Target(NamedTuple):
    """A thing that may be chosen: a hand `card` (its index), a tray `pyramid` (its code), a `spot` (its move), a
    `space` ((cell, space)), a `table` card (its cell), Elemental Towers' `drawn` action card (its code), or a `button` ((words, x, z): its place, as the HUD's
    buttons are made anew at each redraw)."""

    kind: str
    key: Any


class TableKeys:
    """The table screen's keyboard focus: kept by the screen, which calls `update` after each redraw and
    `follow` each frame."""

    def __init__(self, screen: TableScreen) -> None:
        self.screen = screen
        self.marker = Marker(screen)
        self.focus: Target | None = None
        self._widgets: dict[Target, NodePath] = {}
        self._lit: Target | None = None  # what the keyboard lit last (a ghost, a tray pyramid)
        self._place: tuple[tuple[int, int], int] | None = None  # the cell and storey of the spot in focus
        self._said: object = None  # what the status file was last written for
        self._since = 0.0  # when the keyboard's focus came onto the hand card it shows enlarged

    # -- the ring ---------------------------------------------------------------------------------------

    def modal(self) -> NodePath | None:
        """The panel whose buttons alone may be chosen now, if one shows over the table."""
        screen, hud = self.screen, self.screen.hud
        if screen.tour.shown:  # (its Skip and Next: a playtester's Tab did nothing while it showed)
            return cast(NodePath, screen.tour.panel)
        if screen.menu.shown:
            return cast(NodePath, screen.menu.shade)
        for panel in (screen.join.panel, hud.help_panel if screen.help_shown else None, hud.cover):
            if panel is not None and not panel.isHidden():
                return cast(NodePath, panel)
        return None

    def ring(self) -> list[Target]:
        """What Tab goes through now, in order."""
        modal = self.modal()
        return (self.table_targets() if modal is None else []) + self.buttons(modal)

    def buttons(self, modal: NodePath | None) -> list[Target]:
        screen, hud = self.screen, self.screen.hud
        panels = [screen.menu.shade, screen.join.panel, hud.help_panel, hud.cover, screen.tour.panel]
        self._widgets = {}
        found = []
        for widget in ordered_widgets(screen, screen_widgets(screen)):
            if widget in (hud.goal_card, hud.log_tab, hud.menu_button):  # held to peek: G does it; J folds and
                continue  # unfolds the log; Esc opens the menu
            if modal.isAncestorOf(widget) if modal is not None else not any(p.isAncestorOf(widget) for p in panels):
                left, right, bottom, top = widget_rect(screen.base, widget)
                target = Target("button", (widget_label(widget), round((left + right) / 2, 3),
                                           round((bottom + top) / 2, 3)))
                self._widgets[target] = widget
                found.append(target)
        return found

    def table_targets(self) -> list[Target]:
        session = self.screen.session
        stage, choice = session.stage, session.choice
        cards = [Target("card", i) for i in range(len(self.screen.hud.hand.nodes))]
        if stage in (Stage.CHOOSE, Stage.DRAFT):
            return cards
        if stage == Stage.PLACE and not session.fits(False) and not session.fits(True):
            return cards  # a card that fits nowhere, either way round: another one is chosen from the hand
        if stage == Stage.PYRAMID and choice.pyramid is None:
            rising = cast("RisingFlow", session.flow)  # (only Aquarius Rising has this stage)
            placeable = rising.placeable()
            return [Target("pyramid", code) for code, _ in rising.supply() if code in placeable]
        placed: list[tuple[tuple[int, int, int, int, str], Target]] = []
        shown = self.screen.parts.ghost_spots
        spaces = set()
        for move, spot in session.spots().items():
            if move in shown:
                part = spot.quarter if spot.quarter is not None else QUARTERS.index(spot.space) if spot.space else 0
                placed.append(((-spot.cell[1], spot.cell[0], spot.level, part, str(move)), Target("spot", move)))
                spaces.add((spot.cell, spot.space))
        others: set[tuple[tuple[int, int], str]] = set()
        if stage == Stage.EARNED and choice.source is None:
            others = cast("TowersFlow", session.flow).movable()  # (only Elemental Towers earns actions)
        elif stage == Stage.TRADE_PIECE and choice.source is None:
            others = cast("TowersFlow", session.flow).trade_spaces()
        for cell, space in others - spaces:
            placed.append(((-cell[1], cell[0], 0, QUARTERS.index(space), ""), Target("space", (cell, space))))
        if stage == Stage.TABLE_CARD:
            placed += [((-cell[1], cell[0], 0, 0, ""), Target("table", cell)) for cell in session.table_choices()]
        drawn = [Target("drawn", code) for code in drawn_action(self.screen)]
        return drawn + [target for _, target in sorted(placed, key=lambda p: p[0])]

    # -- keys -------------------------------------------------------------------------------------------

    def step(self, step: int) -> None:
        """Tab (1) or Shift+Tab (-1): the next (previous) thing of the ring, round again at its end."""
        ring = self.ring()
        if not ring:
            self.set(None)
            return
        at = ring.index(self.focus) + step if self.focus in ring else (0 if step > 0 else -1)
        self.set(ring[at % len(ring)])

    def enter(self, otherwise: Callable[[], None] | None = None) -> None:
        """Enter: H's suggestion played while it shows; else choose what is in focus; with nothing in focus,
        `otherwise` (the tour's Next) if given, else close the game menu, lift the cover, go on from a round's end
        (Next round, Continue), or confirm an action that needs nothing chosen (Shuffle Hands)."""
        screen = self.screen
        if otherwise is None and screen.advice.play():  # H's suggestion showing: it is played (screens/suggest.py)
            return
        if self.focus is not None and self.focus in self.ring():
            self.choose(self.focus)
        elif otherwise is not None:
            otherwise()
        elif screen.menu.shown:
            screen.close_menu()
        elif screen.session.stage in (Stage.COVER, Stage.ROUND_OVER):
            screen.reveal()
        else:
            screen.session.confirm()
            screen.refresh()

    def choose(self, target: Target) -> None:
        """What a click on it would do."""
        screen, session = self.screen, self.screen.session
        kind, key = target
        if kind == "button":
            press(self._widgets[target])  # (its command redraws what it changes)
            if screen.root is not None and not screen.root.isStashed():  # (the table may have gone: Play again)
                self.update()
            return
        if kind == "drawn":  # (in play already: on to the first choice it brings)
            self.step(1)
            return
        if kind == "card":
            session.select(key)
        elif kind == "pyramid":
            session.select_pyramid(key)
        elif kind == "spot":
            session.choose(key)
        elif kind == "space":
            session.choose_space(*key)
        elif kind == "table":
            session.choose_table_card(key)
        screen.refresh()

    def recall(self, before: Choice) -> None:
        """After Esc: the focus goes back to what had been picked (the card, the pyramid, the piece), if it
        may be chosen again."""
        ring = self.ring()
        for target in (Target("card", before.selected), Target("pyramid", before.pyramid),
                       Target("space", before.source), Target("table", before.source)):
            if target in ring:
                self.set(target)
                return

    def pointer_moved(self) -> None:
        """The mouse moved over the window: it leads again, the keyboard's focus goes."""
        if self.focus is not None:
            self.set(None)

    def enlarging(self) -> bool:
        """Does the keyboard lead the hand's enlarged card now: its focus's card, or none while its focus is on
        something else (the pointer's waits meanwhile: one tip at a time, the latest input's)?"""
        return self.focus is not None

    def previewing(self) -> bool:
        """Does the keyboard light a ghost or a tray pyramid now (the pointer's hover waits meanwhile)?"""
        return self.focus is not None and self.focus.kind in PREVIEWED

    # -- drawing ----------------------------------------------------------------------------------------

    def set(self, target: Target | None) -> None:
        self.focus = target
        self._light()
        if target is not None and target.kind not in ("button", "card", "drawn") and not self.in_view(target):
            self.screen.fit()  # (the player's camera had left it out of view: the table framed again, it in it)
        self.frame()

    def update(self) -> None:
        """After a redraw: the focus kept if it may still be chosen, else moved to what stands in its place (the
        spot of the same cell once the card is turned, the button of the same words), else put away."""
        ring = self.ring()
        focus = self.focus
        if focus is not None and focus not in ring:  # (a spot gone with the card turned: the first one then)
            self.focus = next((t for t in ring if self._same_place(focus, t)),
                              next((t for t in ring if t.kind == "spot"), None) if focus.kind == "spot" else None)
        self._light()
        self.frame()

    def _same_place(self, old: Target, new: Target) -> bool:
        if old.kind != new.kind:
            return False
        if old.kind == "button":
            return bool(old.key[0] == new.key[0])
        if old.kind == "spot":
            spot = self.screen.session.spots().get(new.key)
            return spot is not None and (spot.cell, spot.level) == self._place
        return False

    def _light(self) -> None:
        """Light the ghost or the tray pyramid in focus as the pointer's hover does; put out what it lit before."""
        screen, focus = self.screen, self.focus
        if focus is not None and focus.kind == "spot":
            spot = screen.session.spots()[focus.key]
            cell, self._place = spot.cell, (spot.cell, spot.level)
            if (screen.hover_cell, screen.hover_move) != (cell, focus.key):
                screen.hover(cell, focus.key)
        elif focus is not None and focus.kind == "table":
            if (screen.hover_cell, screen.hover_move) != (focus.key, None):
                screen.hover(focus.key, None)
        elif self._lit is not None and self._lit.kind in ("spot", "table"):
            screen.hover(None, None)
        if focus is not None and focus.kind == "pyramid":
            screen.parts.hover_tray(focus.key)
        elif self._lit is not None and self._lit.kind == "pyramid":
            screen.parts.hover_tray(None)
        if focus is not None and focus.kind == "card":  # an action card: enlarged, as the pointer shows it, a moment
            if focus != self._lit:
                self._since = time.monotonic()
            shown = not self._preview_over()
            screen.hud.hand.enlarge(focus.key if shown else None, screen.base.getAspectRatio(), screen.kept_clear(),
                                    avoided(screen) if shown else ())  # (beside the table's cards, if it can)
        elif self._lit is not None and self._lit.kind == "card" or focus is not None and screen.hud.hand.enlarged \
                is not None:  # (the card the pointer showed enlarged goes too: the keyboard leads)
            screen.hud.hand.enlarge(None)
        if focus is not None and focus.kind == "drawn":  # Towers' drawn card: the same, a moment
            self._since = time.monotonic() if focus != self._lit else self._since
            show_drawn(screen, not self._preview_over())
        elif focus is not None or self._lit is not None and self._lit.kind == "drawn":
            show_drawn(screen, False)
        self._lit = focus if focus is not None and focus.kind in (*PREVIEWED, "card", "drawn") else None

    def frame(self) -> None:
        """The blue frame round what is in focus, where it shows now (or none)."""
        focus = self.focus
        rect = self.rect(focus) if focus is not None else None
        if rect != self.marker.rect or (rect is None) != self.marker.root.isHidden():
            self.marker.show(rect)

    def follow(self) -> None:
        """Each frame: the frame follows what is in focus (the camera may move); the status is written if asked,
        here only, once the frame's keys and clicks have all been handled (never a state half-way through one)."""
        self.frame()
        if self.enlarging() and self._preview_over():  # (its moment is over: the tray and the buttons show again)
            if self.screen.hud.hand.enlarged is not None:
                self.screen.hud.hand.enlarge(None)
            show_drawn(self.screen, False)
        if os.environ.get(STATUS_ENV):
            self.report()

    def _preview_over(self) -> bool:
        return time.monotonic() - self._since >= PREVIEW_SECONDS

    def rect(self, target: Target) -> Rect | None:
        """Where a thing of the ring shows on the screen (aspect2d units), if it does."""
        screen = self.screen
        if target.kind == "button":
            widget = self._widgets.get(target)
            return widget_rect(screen.base, widget) if widget is not None and not widget.isEmpty() else None
        if self.modal() is not None:  # the table's things are under F1, the menu or a form: no frame over those
            return None
        if target.kind == "card":
            nodes = screen.hud.hand.nodes
            return nodes[target.key][1] if target.key < len(nodes) else None
        if target.kind == "drawn":
            return drawn_rect(screen)
        return screen_rect(screen.base, self.corners(target))  # (None behind the camera)

    def in_view(self, target: Target) -> bool:
        """Is a thing of the ring wholly inside the window?"""
        rect = self.rect(target)
        aspect = self.screen.base.getAspectRatio()
        return rect is not None and -aspect <= rect[0] and rect[1] <= aspect and -1 <= rect[2] and rect[3] <= 1

    def corners(self, target: Target) -> list[Point]:
        """The corners of a box round a thing on the table (millimetres, the scene's frame)."""
        screen, state = self.screen, self.screen.session.state
        kind, key = target
        if kind == "spot":
            node = screen.scene.ghosts.get(key)
            bounds = node.getTightBounds(screen.base.render) if node is not None else None
            if bounds:
                low, high = bounds
                return box((low.x, low.y, low.z), (high.x, high.y, high.z))
            cell = screen.parts.ghost_spots[key].cell
            return card_box(cell, geometry.card_top(0))
        if kind == "table":
            return card_box(key, geometry.card_top(0))
        if kind == "space":
            cell, space = key
            x, y = geometry.cell_centre(*cell)
            hw, hl = geometry.CARD_WIDTH / 4, geometry.CARD_LENGTH / 4
            quarters = [geometry.quarter_offset(q) for q in space_quarters(state.table.faces[cell].code, space)]
            z = geometry.card_top(0)
            return box((x + min(q[0] for q in quarters) - hw, y + min(q[1] for q in quarters) - hl, z),
                       (x + max(q[0] for q in quarters) + hw, y + max(q[1] for q in quarters) + hl, z + 20.0))
        trays = screen.parts.trays  # a pyramid of the player's tray
        assert trays is not None and trays.active is not None  # (its pyramids are in the ring)
        tray = trays.seats[trays.active]
        x, y = trays.spots[key]
        half = Trays.PITCH * 0.45
        found = [screen.base.render.getRelativePoint(tray, Point3(*corner))
                 for corner in box((x - half, y - half, 3.0), (x + half, y + half, 3.0 + geometry.PYRAMID_HEIGHT[key[0]]))]
        return [(p.x, p.y, p.z) for p in found]

    # -- the status file (AQUARIUS3D_STATUS, focus.py) ------------------------------------------------------

    def click_point(self, target: Target) -> tuple[float, float] | None:
        """Where a click picks a thing of the table (screen units, -1..1), if a click can reach it there."""
        screen = self.screen
        picker, session = screen.picker, screen.session
        kind, key = target
        if kind == "spot":
            return next((p for p in self._ghost_points(screen.parts.ghost_spots[key])
                         if self._reachable(p) and screen.ghost_at(p) == key), None)
        if kind == "pyramid":
            trays = screen.parts.trays
            assert trays is not None and trays.active is not None
            tray = trays.seats[trays.active]
            px, py = trays.spots[key]
            point = picker.screen_of_point(tray.getX() + px, tray.getY() + py, Trays.TOP)
            found = point is not None and screen.parts.tray_pyramid_at(picker.table_point(point, Trays.TOP)) == key
        elif kind == "space":
            cell, space = key
            point = picker.screen_of_point(*space_centre(cell, session.state.table.faces[cell].code, space),
                                           geometry.card_top(0) + 8.0)
            found = point is not None and picker.space_at(point, session.state.table.faces) == key
        else:
            point = picker.screen_of_cell(key)
            found = point is not None and picker.cell_at(point) == key
        return point if point is not None and found and self._reachable(point) else None

    def _reachable(self, point: tuple[float, float]) -> bool:
        """Whether a click at a screen point lands on the table: inside the window, not on the hand."""
        if abs(point[0]) > 0.98 or abs(point[1]) > 0.98:
            return False
        return self.screen.hud.hand.index_at(point, self.screen.base.getAspectRatio()) is None  # (not under the hand)

    def _ghost_points(self, spot: Pick) -> Iterator[tuple[float, float]]:
        """Screen points of a ghost a click may pick it at, the likeliest first: its middle (a pyramid's glowing
        quarter's, a little to the near side), then up a pyramid's body to near its tip (at the back of a card whose
        quarters all glow, the tip may be all that shows of it: real input found one no other point picked)."""
        cell, part = spot.cell, spot.part
        if isinstance(part, str):
            points = [(*space_centre(cell, self.screen.session.state.table.faces[cell].code, part), spot.height)]
        elif part is None:
            points = [(*geometry.cell_centre(*cell), spot.height)]
        else:
            cx, cy = geometry.cell_centre(*cell)
            dx, dy = geometry.quarter_offset(part)
            points = [(cx + dx * 0.8, cy + dy * 0.8, spot.height)]
            if spot.base is not None and spot.size is not None:
                tall = geometry.PYRAMID_HEIGHT[spot.size]
                points += [(cx + dx, cy + dy, spot.base + tall * rise) for rise in RISES]
        for point in points:
            found = self.screen.picker.screen_of_point(*point)
            if found is not None:
                yield found

    def report(self) -> None:
        """Write what the table shows to the status file, when it changed."""
        screen = self.screen
        session, base = screen.session, screen.base
        pointer = screen.picker.mouse()
        said = (len(session.state.log), session.choice, screen.hud.cover.isHidden(), screen.hud.cover_held,
                self.modal(), self.focus, screen.camera.orbit, base.getAspectRatio(), session.notice, screen.busy(),
                pointer, len(screen.hud.hand.nodes), screen.hover_move, session.hint(), screen.hud.log_open,
                screen.hud.log_scroll.back)
        if said == self._said:
            return
        self._said = said
        aspect = base.getAspectRatio()
        hand = session.observation()["hand"] if session.stage != Stage.DRAFT else session.flow.offered_cards()
        options = len(session.options())
        ring = self.ring()
        targets = []
        for target in ring:
            kind, key = target
            entry: dict[str, Any] = {"kind": kind, "label": str(key)}
            if kind == "button":
                widget = self._widgets[target]
                entry["label"] = key[0]
                left, right, bottom, top = widget_rect(base, widget)
                entry["at"] = window_point(base, (left + right) / 2, (bottom + top) / 2)
                choices = list(screen.hud.choice_widgets)
                entry["role"] = ("join" if widget is screen.join.button else
                                 "take_back" if widget in choices and choices.index(widget) >= options else "button")
            elif kind in ("card", "drawn"):
                x0, x1, z0, z1 = screen.hud.hand.nodes[key][1] if kind == "card" else drawn_rect(screen) or (0,) * 4
                entry["label"] = key if kind == "drawn" else hand[key]["code"] if key < len(hand) else ""
                entry["at"] = window_point(base, (x0 + x1) / 2, (z0 + z1) / 2)
            else:
                point = self.click_point(target)
                entry["at"] = window_point(base, point[0] * aspect, point[1]) if point is not None else None
            targets.append(entry)
        focus = self.focus
        framed = self.marker.rect if focus is not None and not self.marker.root.isHidden() else None
        log = screen.hud.log_panel
        write_status({
            "screen": "game", "window": [base.win.getXSize(), base.win.getYSize()], "stage": str(session.stage),
            "seat": session.seat, "player": session.seats[session.seat].name, "moves": len(session.state.log),
            "choice": {"selected": session.selected, "turned": session.turned, "pyramid": session.choice.pyramid,
                       "source": None if session.source is None else str(session.source)},
            "cover": not screen.hud.cover.isHidden(), "cover_held": screen.hud.cover_held,
            "menu": screen.menu.shown, "busy": screen.busy(), "notice": session.notice, "hint": session.hint(),
            "can_pass": session.can_pass(), "goal_news": session.goal_news_open,  # (a mover's new goal: Done first)
            "log": {"open": not log.isHidden(), "back": screen.hud.log_scroll.back,  # (the wheel over it scrolls it)
                    "rect": window_rect(base, widget_rect(base, log))},
            "hover": None if screen.hover_move is None else str(screen.hover_move),
            "pointer": None if pointer is None else window_point(base, pointer[0] * aspect, pointer[1]),
            "focus": None if focus is None else {
                "kind": focus.kind, "index": ring.index(focus) if focus in ring else None,
                "label": targets[ring.index(focus)]["label"] if focus in ring else str(focus.key),
                "rect": window_rect(base, framed) if framed is not None else None},
            "targets": targets})


def card_box(cell: tuple[int, int], top: float) -> list[Point]:
    """A card lying in a cell, its top at `top`."""
    x, y = geometry.cell_centre(*cell)
    half_w, half_l = geometry.CARD_WIDTH / 2, geometry.CARD_LENGTH / 2
    return box((x - half_w, y - half_l, top - geometry.CARD_THICKNESS), (x + half_w, y + half_l, top))
