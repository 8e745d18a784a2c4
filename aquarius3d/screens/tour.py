"""The first-game tour: short callouts that point at the hand, the goal, the glowing spots, the log, the menu.

It starts the first time a human player sees their own hand at the table, and never again once
finished or skipped: the settings file keeps `tour: false` (Settings can ask for it once more).
Each callout is a panel beside a gold frame round what it speaks of, in any window: the hand, the goal card,
the cards on the table and the cells a card may take, the log's panel (shown for the step even before any move),
the game menu (shown for its step, its buttons inert); Enter or Next goes on, Esc or "Skip the tour" ends it.
Elemental Towers' first step speaks of the card drawn: one to place, or an action card waiting for its choice (the
card shown large on the right, its choices in the strip and the buttons beside it). A callout never covers the hand,
the strip and its dialog, the turn panel (top left) or a drawn action card. While it shows, the table's own keys rest
(screens/table_screen.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from panda3d.core import TextNode

from ..i18n import action_name, tr
from ..session import Stage
from . import layout
from .focus import widget_rect
from .widgets import PANEL as PANEL_COLOUR

if TYPE_CHECKING:
    from panda3d.core import NodePath

    from ..view.camera import Box
    from .table_screen import TableScreen

GOLD = (1.0, 0.82, 0.3, 1)
PANEL = (-0.62, 0.62, -0.2, 0.2)  # the callout's panel round its middle (aspect2d units)
PAD = 0.03  # room between what a step speaks of and its gold frame
GAP = 0.03  # between the frame and the callout
EDGE = 0.01  # kept inside the window's edge
Rect = tuple[float, float, float, float]
STEPS = ("tour_hand", "tour_goal", "tour_spots", "tour_log", "tour_rules")


def steps(goal: bool, tray: bool) -> list[str]:
    """A game's steps: the goal's where the player holds one (not Elemental Towers' solitaire, nor Dominus: it
    framed an empty place); the tray's after the spots in Aquarius Rising (a playtest: its tour never spoke of the
    pyramids, which are half of a turn there)."""
    keys = [key for key in STEPS if key != "tour_goal" or goal]
    return keys[:keys.index("tour_spots") + 1] + ["tour_tray"] + keys[keys.index("tour_spots") + 1:] if tray else keys


class Tour:
    """Kept by the table screen (its widgets are the screen's)."""

    def __init__(self, screen: TableScreen) -> None:
        self.screen = screen
        self.step = -1
        self.keys: list[str] = list(STEPS)  # this game's steps (start: no goal's step where there is no goal)
        self.frame: Rect = (0.0, 0.0, 0.0, 0.0)  # the gold frame's place (aspect2d units), while a step shows
        self.showing_menu = False  # the game menu shown for the step that speaks of it
        self.size = 1.0  # the callout's scale at most (the interface scale, as far as the window lets it)
        base = screen.base
        self.marker = screen.panel((-0.01, 0.01, -0.01, 0.01), parent=base.aspect2d, colour=(0, 0, 0, 0))
        self.bars = [screen.panel((0, 0, 0, 0), parent=self.marker, colour=GOLD) for _ in range(4)]
        self.panel = screen.panel(PANEL, parent=base.aspect2d, colour=PANEL_COLOUR)
        self.words = screen.text("", (-0.56, 0.1), 0.045, TextNode.ALeft, parent=self.panel, wrap=26)
        self.next = screen.button(tr("tour_next"), self.advance, (0.38, -0.13), 0.05, parent=self.panel)
        self.skip = screen.button(tr("tour_skip"), self.finish, (-0.3, -0.13), 0.05, parent=self.panel)
        for node in (self.marker, self.panel):
            node.setBin("gui-popup", 70)
            node.hide()

    @property
    def shown(self) -> bool:
        return 0 <= self.step < len(self.keys)

    def wanted(self) -> bool:
        """Should the tour start now: never seen, and a human looking at their own hand?"""
        session = self.screen.session
        return self.step == -1 and self.screen.app.settings.get("tour", True) and session.viewer is not None \
            and session.seats[session.viewer].kind == "human" and session.stage not in (Stage.OVER, Stage.ROUND_OVER)

    def start(self) -> None:
        """The steps this game has (`steps`)."""
        screen = self.screen
        self.keys = steps(not screen.hud.goal_card.isHidden(), screen.session.flow.pyramids)
        self.step = 0
        self._draw()

    def advance(self) -> None:
        if not self.shown:
            return
        self.step += 1
        if self.step >= len(self.keys):
            self.finish()
            return
        self._draw()

    def finish(self) -> None:
        """Done or skipped: remembered in the settings file, never shown again unless asked for."""
        self.step = len(self.keys)
        self.marker.hide()
        self.panel.hide()
        self._props(None)
        app = self.screen.app
        app.settings["tour"] = False
        app.store_settings()
        self.screen.tour_closed()

    def marks(self) -> list[NodePath]:
        """The callout and its gold frame's four sides while a step shows them: the table's labels find their places
        clear of them (the Deck's label lay across the frame's side; under the callout, a label is not shown)."""
        return [self.panel, *self.bars] if self.shown and not self.marker.isHidden() else []

    def hand_box(self) -> tuple[float, float, float, float] | None:
        """The hand's cards' extent (left, right, bottom, top) in aspect2d units, if it holds any."""
        boxes = [box for _, box in self.screen.hud.hand.nodes]
        if not boxes:
            return None
        return min(b[0] for b in boxes), max(b[1] for b in boxes), min(b[2] for b in boxes), max(b[3] for b in boxes)

    def tray_box(self) -> Rect | None:
        """Aquarius Rising: the player's own tray as it shows on the screen (aspect2d units), if it does."""
        from ..view.framing import node_boxes

        screen = self.screen
        trays, viewer = screen.parts.trays, screen.session.viewer
        if trays is None or viewer is None or viewer >= len(trays.seats):
            return None
        found = self.on_screen(node_boxes(screen.scene, [trays.seats[viewer]]))
        return found[0] if found else None

    def log_box(self) -> tuple[float, float, float, float]:
        """Where the log's panel stands (screens/hud.py), in aspect2d units."""
        return self.screen.hud.log_rect()

    def table_box(self) -> Rect | None:
        """Where a chosen card's ghosts glow: the cells a card may take next, with the cards on the table, as they
        show on the screen where the camera is going (aspect2d units, inside the window), clear of the hand and the
        prompt strip (`clear_of`)."""
        from ..core import geometry
        from ..view.framing import card_box, scene_boxes

        screen = self.screen
        need = screen.session.state.table.need
        spots = self.on_screen([card_box(cell, geometry.card_bottom(geometry.card_top(0))) for cell in need])
        everything = self.on_screen(scene_boxes(screen.scene, need))
        if not everything:
            return None
        return clear_of(everything, spots or everything, self.kept(), 0.0)  # (_draw keeps its frame off them)

    def on_screen(self, boxes: list[Box]) -> list[Rect]:
        """Boxes of the table as they show on the screen where the camera is going (aspect2d units, inside the
        window); those partly behind the eye left out."""
        from ..view.camera import corners, project
        from ..view.framing import tangents

        screen = self.screen
        camera = screen.camera
        orbit = camera.destination()  # (not where it passes, easing there)
        tan_x, tan_y = tangents(screen.perspective)
        aspect = screen.base.getAspectRatio()
        found = []
        for box in boxes:
            points = [project(corner, orbit, tan_x, tan_y) for corner in corners([box])]
            seen = [p for p in points if p is not None]
            if seen and len(seen) == len(points):
                found.append((max(-1.0, min(p[0] for p in seen)) * aspect, min(1.0, max(p[0] for p in seen)) * aspect,
                              max(-1.0, min(p[1] for p in seen)), min(1.0, max(p[1] for p in seen))))
        return found

    def card_rects(self) -> list[Rect]:
        """The table's cards and pyramids on the screen, Elemental Towers' scoring row and the trays (Elemental
        Towers' supply: the spots' callout hid it) (aspect2d units): a callout rather covers a pile than what is
        played or played from."""
        from ..view.framing import card_box, node_boxes, pyramid_box
        from ..view.scene import pyramid_transform

        scene, parts = self.screen.scene, self.screen.parts
        boxes = [card_box(view.cell, view.bottom) for view in scene.views.values()]
        boxes += [pyramid_box(pyramid_transform(view), view.code[0]) for view in scene.pyramid_views.values()]
        row = parts.scoring_row
        boxes += node_boxes(scene, list(row.cards)) if row is not None else []
        boxes += node_boxes(scene, parts.trays.seats) if parts.trays is not None else []  # (what is played from)
        return self.on_screen(boxes)

    def action_box(self) -> Rect | None:
        """Elemental Towers' action card drawn and waiting for its choice, as it shows in the hand's place (aspect2d
        units); None when none shows."""
        card = self.screen.feedback.action_card
        return None if card.isHidden() else widget_rect(self.screen.base, card)

    def hand_words(self) -> str:
        """The first step's words: the hand; Elemental Towers' card drawn to place; or the action card drawn, which
        waits for its choice (in the dialog's buttons, or on the table as the strip says)."""
        session = self.screen.session
        if not session.flow.draws_action:
            return tr("tour_hand")
        if not self.action_waits() or session.action is None:
            return tr("tour_hand_drawn")
        action = action_name(session.action)
        buttons = self.screen.hud.prompt.dialog_rect is not None
        return tr("tour_hand_action" if buttons else "tour_hand_action_table", action=action)

    def action_waits(self) -> bool:
        """Is Elemental Towers' action card drawn and waiting for its choice (shown in the hand's place)? No card is to
        be placed then: no ghost glows on the table."""
        session = self.screen.session
        return session.flow.draws_action and session.action is not None and self.action_box() is not None

    def spots_words(self) -> str:
        """The table's step: where a chosen card's ghost glows; while an action card waits, that one glows where the
        next card drawn may go, once the action is done (a playtest: the step said a ghost glows, and none did)."""
        return tr("tour_spots_action") if self.action_waits() else tr("tour_spots")

    def box(self, key: str) -> Rect | None:
        """What a step speaks of, in aspect2d units (left, right, bottom, top): the hand (or Elemental Towers' action
        card drawn), the goal card, the cards and spots of the table, the log's panel, the game menu."""
        screen = self.screen
        if key == "tour_hand":
            return self.hand_box() or self.action_box()
        if key == "tour_goal":
            return widget_rect(screen.base, screen.hud.goal_card)
        if key == "tour_spots":
            return self.table_box()
        if key == "tour_log":
            return self.log_box()
        if key == "tour_tray":
            return self.tray_box()
        return widget_rect(screen.base, screen.menu.panel)

    def _props(self, key: str | None) -> None:
        """Show what a step speaks of that is not on the screen yet: the log's panel before any move or folded (J), the game menu
        (its buttons inert: Enter goes on, Esc ends the tour); put them away after."""
        screen = self.screen
        menu = key == "tour_rules"
        if menu:
            screen.menu.shade.show()
            self._fit_menu()
        elif self.showing_menu:
            screen.menu.shade.hide()
            self._fit_menu(restore=True)
        for button in screen.menu.buttons.values():
            button.guiItem.setActive(not menu)
        self.showing_menu = menu
        hud, moves = screen.hud, bool(screen.session.messages)
        if key == "tour_log":  # the log unfolded for its step, folded or not as the player keeps it after
            hud.log_panel.show()
            hud.log.show()
            hud.log_tab.hide()
            if not moves:  # (no move yet: the panel says what it will hold)
                hud.log.setText(tr("tour_log_empty"))
            hud.fit_log()  # (as high as what it says now)
        else:
            if not moves:
                hud.log.setText("")
            hud.fold_log(moves)

    def _fit_menu(self, restore: bool = False) -> None:
        """The game menu for its step: as large as it and the callout under it fit in the window together, raised
        as far as that needs (at 150% in a 16:9 window the menu alone is nearly as high as the window); `restore`:
        back as the menu is drawn for itself, in the middle."""
        panel, aspect = self.screen.menu.panel, self.screen.base.getAspectRatio()
        frame = tuple(panel["frameSize"])
        size = layout.fitted(self.screen.interface_scale(), frame, aspect)
        if restore:
            panel.setScale(size)
            panel.setZ(0)
            return
        callout = PANEL[3] - PANEL[2]
        room = 2 - 2 * EDGE - 2 * PAD - GAP  # the window's height less the gold frame's room and the gap
        size = min(size, self.size, room / (frame[3] - frame[2] + callout))
        panel.setScale(size)
        panel.setZ(max(0.0, -1 + EDGE + GAP + PAD + (callout - frame[2]) * size))  # (the callout fits under it)

    def rescale(self, size: float) -> None:
        """The interface scale changed (or the window's shape): the callout at most `size`, the step drawn again."""
        self.size = size
        self.panel.setScale(size)
        if self.shown:
            self._props(self.keys[self.step])
            self._draw()

    def redraw(self) -> None:
        """Draw the step again where things are now (the window changed shape, the table was redrawn)."""
        if self.shown:
            self._draw()

    def _draw(self) -> None:
        key = self.keys[self.step]
        self._props(key)
        aspect = self.screen.base.getAspectRatio()
        box = self.box(key) or (-0.13, 0.13, 0.17, 0.43)
        left, right, bottom, top = box[0] - PAD, box[1] + PAD, box[2] - PAD, box[3] + PAD
        for part in self.kept():  # the frame's room short of the hand and the strip, where what it frames is clear
            if layout.overlap((left, right, bottom, top), part) and not layout.overlap(box, part):
                if part[3] <= box[2]:
                    bottom = max(bottom, part[3])
                elif part[2] >= box[3]:
                    top = min(top, part[2])
                elif part[1] <= box[0]:
                    left = max(left, part[1])
                elif part[0] >= box[1]:
                    right = min(right, part[0])
        left, right = max(-aspect + EDGE, left), min(aspect - EDGE, right)  # the frame inside the window
        bottom, top = max(-1 + EDGE, bottom), min(1 - EDGE, top)
        self.frame = (left, right, bottom, top)
        x, z = (left + right) / 2, (bottom + top) / 2
        hw, hh = (right - left) / 2, (top - bottom) / 2
        self.marker.setPos(x, 0, z)
        w = 0.012  # a gold frame round what the callout speaks of
        for bar, frame in zip(self.bars, ((-hw, hw, hh - w, hh), (-hw, hw, -hh, -hh + w), (-hw, -hw + w, -hh, hh),
                                          (hw - w, hw, -hh, hh))):
            bar["frameSize"] = frame
        self.marker.show()
        self.words.setText(self.hand_words() if key == "tour_hand" else self.spots_words() if key == "tour_spots"
                           else tr(key))
        last = self.step == len(self.keys) - 1
        self.next["text"] = tr("tour_done") if last else tr("tour_next")
        # the callout at the interface scale where it fits beside its frame, else smaller (to 100%), else over it
        sizes = [self.size - 0.05 * i for i in range(int((self.size - 1.0) / 0.05 + 1e-6) + 1)] or [self.size]
        for size, clear in [(size, True) for size in sizes] + [(size, False) for size in sizes]:
            place = self._panel_place(aspect, size, clear=clear)  # (clear of the table's cards, if it can be)
            if place is not None:
                break
        else:
            size, place = self.size, self._panel_place(aspect, self.size, over=True)
        assert place is not None
        self.panel.setScale(size)
        self.panel.setPos(*place)
        self.panel.show()

    def kept(self) -> list[Rect]:
        """What the callout never covers (aspect2d units): the hand's cards and the prompt strip (with an action's
        dialog beside it), what the player reads and clicks while the tour shows, the turn panel in the top left
        corner (a playtest: the log's callout garbled its Discard and Score lines) and Elemental Towers' action card
        drawn; nothing while the step shows the game menu (its shade lies over them)."""
        if self.showing_menu:
            return []
        screen = self.screen
        hand, action = self.hand_box(), self.action_box()
        heights = screen.heights  # (Aquarius Rising's ranking, in the bottom left corner: a callout hid it)
        panel = [widget_rect(screen.base, heights.panel)] if heights.shown else []
        turn = [widget_rect(screen.base, screen.hud.info_panel)]
        return ([hand] if hand is not None else []) + screen.hud.prompt.rects() + panel + turn \
            + ([action] if action is not None else [])

    def _panel_place(self, aspect: float, size: float, over: bool = False,
                     clear: bool = False) -> tuple[float, float, float] | None:
        """The callout's place beside its frame at this scale, inside the window, clear of it and of what it must
        never cover (`kept`): below, above, left or right of it (sliding along that side as far as it must), else at
        the window's bottom or just under what it keeps clear of, whichever fits first (with `clear`, only where it
        covers none of the table's cards: at 1024x600 and 150% the hand's callout hid the first card); None if none
        does. With `over`: clear of what it must never cover, over as
        little of the frame as can be (over it anyway where even that cannot be)."""
        left, right, bottom, top = self.frame
        half_w, half_h = PANEL[1] * size, PANEL[3] * size
        low_x, high_x, low_z, high_z = -aspect + half_w + EDGE, aspect - half_w - EDGE, -1 + half_h + EDGE, 1 - half_h - EDGE
        x = max(low_x, min(high_x, (left + right) / 2))
        z = max(low_z, min(high_z, (bottom + top) / 2))
        kept = self.kept()
        cards = self.card_rects() if clear else []
        zs = [z, high_z, *(part[3] + GAP + half_h for part in kept)]  # (beside it: higher, clear of the hand, the strip)
        xs = [x, low_x, high_x, *(px for part in kept + cards  # (or slid beside what it keeps clear of)
                                  for px in (part[1] + GAP + half_w, part[0] - GAP - half_w) if low_x <= px <= high_x)]
        places = [(px, bottom - GAP - half_h) for px in xs] + [(px, top + GAP + half_h) for px in xs] \
            + [(left - GAP - half_w, pz) for pz in zs] + [(right + GAP + half_w, pz) for pz in zs]
        places += [(px, part[3] + GAP + half_h) for part in kept for px in xs]
        places += [(px, pz) for pz in zs for px in xs]  # (else wherever it fits: at the window's top, say)
        lows = [low_z, *(part[2] - GAP - half_h for part in kept if part[2] - GAP - half_h >= low_z)]
        places += [(px, pz) for pz in lows for px in xs]  # (else lower: under the strip beside the hand, where
        # Elemental Towers' supply under the piles left the only room clear of the table: untried, it hid the supply)
        window = (-aspect + EDGE, aspect - EDGE, -1 + EDGE, 1 - EDGE)

        def rect(px: float, pz: float) -> Rect:
            return (px - half_w, px + half_w, pz - half_h, pz + half_h)

        fits = [(px, pz) for px, pz in places if layout.inside(rect(px, pz), window, 1e-9)
                and not any(layout.overlap(rect(px, pz), part) for part in kept)]
        for px, pz in fits:
            if not layout.overlap(rect(px, pz), self.frame) and not any(layout.overlap(rect(px, pz), c) for c in cards):
                return (px, 0, pz)
        if not over:
            return None
        grid = [(low_x + (high_x - low_x) * i / 8, low_z + (high_z - low_z) * j / 8) for i in range(9) for j in range(9)]
        free = fits + [(px, pz) for px, pz in grid if not any(layout.overlap(rect(px, pz), part) for part in kept)]
        if free:  # over the least of the frame
            px, pz = min(free, key=lambda p: covered(rect(*p), self.frame))
            return (px, 0, pz)
        below, above = bottom + 1, 1 - top
        return (x, 0, max(-1 + half_h + EDGE, bottom - GAP - half_h) if below >= above
                else min(1 - half_h - EDGE, top + GAP + half_h))


def union(rects: list[Rect]) -> Rect:
    return min(r[0] for r in rects), max(r[1] for r in rects), min(r[2] for r in rects), max(r[3] for r in rects)


def clear_of(rects: list[Rect], wanted: list[Rect], kept: list[Rect], pad: float) -> Rect:
    """The rectangle round `rects`, cut where it reaches within `pad` of a rectangle of `kept` (the hand, the prompt
    strip): on the side that keeps the most of `wanted` (the spots), then of `rects`, wholly inside it. The table's
    cards and spots never lie under the hand or the strip (the camera frames them clear of them), but the rectangle
    round them can: the cards beside the strip and the spots above it."""
    frame = union(rects)
    for part in kept:
        x0, x1, y0, y1 = part[0] - pad, part[1] + pad, part[2] - pad, part[3] + pad
        if not layout.overlap(frame, (x0, x1, y0, y1)):
            continue
        cuts = [(max(frame[0], x1), frame[1], frame[2], frame[3]), (frame[0], min(frame[1], x0), frame[2], frame[3]),
                (frame[0], frame[1], max(frame[2], y1), frame[3]), (frame[0], frame[1], frame[2], min(frame[3], y0))]
        cuts = [c for c in cuts if c[0] < c[1] and c[2] < c[3]]
        if not cuts:
            continue

        def held(cut: Rect) -> tuple[int, int, float]:
            return (sum(layout.inside(r, cut) for r in wanted), sum(layout.inside(r, cut) for r in rects),
                    (cut[1] - cut[0]) * (cut[3] - cut[2]))
        best = max(cuts, key=held)
        inner = [r for r in rects if layout.inside(r, best)]  # (shrunk round what it holds)
        frame = best if not inner else (max(best[0], union(inner)[0]), min(best[1], union(inner)[1]),
                                        max(best[2], union(inner)[2]), min(best[3], union(inner)[3]))
    return frame


def covered(a: Rect, b: Rect) -> float:
    """How much of rectangle b a covers (its area)."""
    return max(0.0, min(a[1], b[1]) - max(a[0], b[0])) * max(0.0, min(a[3], b[3]) - max(a[2], b[2]))
