"""What the table does after each move, so that everyone can follow: the move slides in and stays outlined,
the seats round the table show who is to move, a computer's move is named, a sound is played, the
hand-off cover waits until the move has been seen, and in Elemental Towers the drawn action card is shown.

It reads the session only (its state, stage, log and events), never the rules modules; the table
screen (screens/table_screen.py) calls `observe()` on each redraw, `step()` on each frame and asks `busy()`.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from direct.gui.DirectGui import DirectFrame
from panda3d.core import NodePath, Point3

from ..i18n import action_name, language, tr
from ..session import Stage
from ..session.events import Played, Refused
from ..view.motion import LastMove
from ..view.score_light import ScoreLight
from ..view.seat_labels import SeatLabels
from ..view.camera import Rect
from ..view.hand import Hand
from ..view.sound import Sounds
from . import layout
from .overlays import Tuck, covering, node_rect
from .trade_counts import TradeCounts

if TYPE_CHECKING:
    from direct.task.Task import Task

    from .table_screen import TableScreen

DRAWN = (Stage.TABLE_CARD, Stage.TARGET, Stage.ROW, Stage.TRADE_PIECE)  # an action card drawn waits (Towers)
COVER_PAUSE = 1.3  # seconds between the move before a hand-off and the cover: the move is seen first
HAND = (0.0, -0.85)  # where the hand lies on screen: a human's card slides from the table under it


class Feedback:
    """The last move's slide and rim, the seats, the sounds, the paced cover, the drawn action card."""

    def __init__(self, screen: TableScreen) -> None:
        self.screen = screen
        self.session = screen.session
        self.last_move = LastMove(screen.scene)
        self.score_light = ScoreLight(screen.scene)  # (Elemental Towers: a moment on what a move made score)
        self.overlay = screen.parts.overlay  # the seats' and the piles' labels, placed on the screen each frame
        self.overlay.root.reparentTo(screen.root)
        self.seats = SeatLabels(screen.scene, self.overlay)
        self.sounds = Sounds(screen.base, screen.app.settings.get("volume", 60))
        self._read = len(self.session.events)  # moves made before the table opened (a loaded game) do not slide
        if self.session.flow.draws_action and not self.session.state.log:  # (what the first turn's draw did: a
            screen.status = "\n".join(self.session.messages)  # Shuffle Goals acting at once, said at the top too)
        self.cover_due: float | None = None
        self._placed: tuple[object, ...] | None = None  # what the labels were last placed for
        self._build_action_card()
        self.trade_counts = TradeCounts(screen)
        self.tuck = Tuck(screen)  # (the HUD's words a panel over the table would cover: put away while it shows)
        # the labels are placed last before each frame is drawn, after the camera (and a recorder) moved
        self.task = screen.base.taskMgr.add(self._place_task, "aquarius3d-labels", sort=49)

    def _place_task(self, task: Task) -> object:  # (task.cont or task.done, for Panda3D)
        self.tuck.step()
        self.trade_counts.step()  # (Zap a Card offered: the counts of the trays it would change, large enough)
        self._point_at_action()
        self.place_labels()
        return task.cont

    def _point_at_action(self) -> None:
        """The drawn action card under the pointer: shown enlarged, its effect read, as a hand's action card."""
        screen = self.screen
        if self.action_card.isHidden() or screen.keys.enlarging():  # (the keyboard leads: its focus's, keyboard.py)
            return
        point, aspect = screen.picker.mouse(), screen.base.getAspectRatio()
        over = self.drawn.index_at(point, aspect) if point is not None and screen.keys.modal() is None else None
        self.drawn.enlarge(over, aspect, screen.kept_clear() if over is not None else None)

    def _build_action_card(self) -> None:
        """Elemental Towers' drawn action card: its face (the picture and its name, as the hand draws an action card)
        where the hand's card stands while a card is placed, the prompt strip over it; pointed at, it shows enlarged
        with what it does (view/hand.py). At the right middle of the window, a cream panel over the scoring row, it
        made the camera frame the table smaller while it showed, and larger again at the next card (at 1280x720 a
        card 74 pixels wide, 67 beside the panel). `action_card` is its frame (aspect2d units, no colour of its own)."""
        screen = self.screen
        self.action_card = screen.keep(DirectFrame(frameColor=(0, 0, 0, 0), frameSize=(0, 0, 0, 0), parent=screen.root))
        self.drawn = Hand(self.action_card, screen.scene)  # (one card: the action drawn, never one of a hand)
        self._drawn_for: tuple[str, float, float, str] | None = None
        self.action_card.hide()

    # -- after each redraw ------------------------------------------------------------------------------

    def observe(self, now: float | None = None) -> None:
        """Called after the scene took the session's state: start what a new move brings, update the seats."""
        now = time.monotonic() if now is None else now
        session = self.session
        self.sounds.volume = self.screen.app.settings.get("volume", 60)  # changed in Settings during the game
        self._update_seats()
        new = session.events_since(self._read)
        self._read += len(new)
        played = [event for event in new if isinstance(event, Played)]
        if played:
            self._moved(played[-1], now)
        elif self.last_move.stale():  # the move was undone: no rim round an empty place
            self.last_move.clear()
            self.score_light.clear()
        elif any(isinstance(event, Refused) for event in new):
            self.sounds.play("invalid")
        self._show_action()

    def _moved(self, played: Played, now: float) -> None:
        session, screen = self.session, self.screen
        origin = self.seats.spot(played.seat) if played.computer else screen.picker.table_point(HAND)
        self.last_move.show(screen.scene.arrived, origin or self.seats.spot(played.seat), now)
        if played.result.over:
            self.sounds.play("win")
        else:
            self.sounds.play("action" if played.result.move.action else "place")
        # A computer's move is named at the top too, until the next move: nobody misses it; so is what an action
        # card drawn with the move did at once (Elemental Towers: "Shuffle Goals: done", the scoring row it made). The
        # move's own notice (the score it changed) is said with them, never instead of them (the HUD shows the notice
        # alone when the words at the top lack it).
        news = self._resolved_on_drawing()[1]
        lines = session.messages[played.said:played.said + (1 if news else 2)] + news if played.computer else news
        if played.notice and lines and played.notice not in lines:
            lines.append(played.notice)
        screen.status = "\n".join(lines)
        if session.stage == Stage.COVER:
            screen.hud.cover_held = True
            self.cover_due = now + COVER_PAUSE
        spaces, places = session.flow.score_lit()  # (Elemental Towers: the towers and row places it changed, lit)
        row = screen.parts.scoring_row
        self.score_light.show(spaces, [row.cards[i] for i in places if i < len(row.cards)] if row else [], now)

    def _update_seats(self) -> None:
        session = self.session
        seen = session.observation()
        humans = [i for i, s in enumerate(session.seats) if s.kind == "human"]
        lines = []
        for i, seat in enumerate(session.seats if not session.flow.solitaire else ()):  # (a solitaire game's one
            # seat said nothing the turn panel does not: "Ann, Score 0 (Novice)" by the hand, moving with the steps)
            cards = seen["hand_sizes"][i] if i < len(seen["hand_sizes"]) else 0
            line = session.flow.seat_line(i, cards)
            if line is not None:  # one line (Aquarius Rising: in the gap between two trays of a column, view/rising.py)
                lines.append(line)
                continue
            counts = session.flow.score_line() or tr("seat_cards", count=cards)
            thinking = i == session.seat and self.screen.thinking.thinking()  # a hard seat searching (thinking.py)
            lines.append(f"{seat.name}\n{counts}" + (f"\n{tr('seat_thinking')}" if thinking else ""))
        current = None if session.stage in (Stage.OVER, Stage.ROUND_OVER) else session.seat
        trays = self.screen.parts.trays if session.flow.pyramids else None  # (Rising: the seats sit at their trays)
        self.seats.update(lines, current, session.near_seat,
                          None if session.flow.solitaire else list(seen["hand_sizes"]),
                          None if trays is None else trays.seat_places(),
                          None if trays is None else trays.seat_fallbacks(), bool(humans))

    def _show_action(self) -> None:
        """Elemental Towers: the action card drawn and waiting to act, its face in the hand's place (the prompt strip
        over it). One that acted at once is told in the notice instead (`_moved`): its card would only say it is
        done."""
        session = self.session
        action = session.action if session.flow.draws_action and session.stage in DRAWN else None
        if action is None:
            self.action_card.hide()
            return
        hud = self.screen.hud
        scale, aspect = hud.scale, self.screen.base.getAspectRatio()
        height, centre = layout.hand_place(scale, aspect, 1, hud.prompt.corner, 0.0)
        drawn = (action, height, centre, language())
        if drawn != self._drawn_for:  # (drawn again only when another card is drawn or the layout changed)
            self._drawn_for = drawn
            self.drawn.draw([{"kind": "action", "code": action}], None, False, height, layout.HAND_BOTTOM * scale,
                            0.0, centre, layout.CARD_H * scale)
            self.action_card["frameSize"] = self.drawn.nodes[0][1]
        self.action_card.show()

    def strip_place(self, hand: bool, corner: float) -> tuple[bool, float]:
        """Where the prompt strip and the dialog lie (hud.py: over a hand or along the window's bottom, right of what
        the bottom left corner holds, `corner` wide at 100%), with the drawn action card in the hand's place: over it,
        as over the card placed; with a dialog of choices (Trade Goals' four swaps), beside it along the window's
        bottom (over it, the dialog took the table's middle: at 1280x720 a card came 58 pixels wide, 74 before)."""
        if self.action_card.isHidden():
            return hand, corner
        if not self.session.options():
            return True, corner
        scale, aspect = self.screen.hud.scale, self.screen.base.getAspectRatio()
        right = self.action_card["frameSize"][1]  # (layout.band: its left edge MARGIN right of the card)
        return False, (right + aspect - layout.MARGIN * (2 - scale)) / scale

    def _resolved_on_drawing(self) -> tuple[str | None, list[str]]:
        """Elemental Towers: an action card drawn with the last move that acted (or could not) at once, and what the
        log says of it from there ("Ann drew Shuffle Goals: done", "The scoring row is now Fire 5, Space 4, ..."),
        each line once; else (None, [])."""
        session, played = self.session, self.session.last_played
        state = session.state
        if played is None or not state.discard or not session.flow.draws_action:
            return None, []
        top = session.game.deck.cards[state.discard[-1]].code
        name = action_name(top)
        drawer = session.seats[played.seat].name
        outcomes = (tr("log_drew_done", name=drawer, action=name), tr("log_drew_impossible", name=drawer, action=name))
        lines = session.messages[played.said + 1:]
        first = next((i for i, line in enumerate(lines) if line in outcomes), None)
        if first is None:
            return None, []
        return top, list(dict.fromkeys(lines[first:]))  # (two shuffles drawn at once: "done" twice, the row once)

    # -- each frame --------------------------------------------------------------------------------------

    def step(self, now: float) -> None:
        self.last_move.step(now)
        self.score_light.step(now)
        if self.cover_due is not None and now >= self.cover_due:
            self.release()

    def release(self) -> None:
        """Show the hand-off cover now (its pause is over, or someone clicked)."""
        self.cover_due = None
        if self.screen.hud.cover_held:
            self.screen.hud.cover_held = False
            self.screen.refresh()

    def busy(self) -> bool:
        return self.last_move.busy() or self.score_light.busy() or self.cover_due is not None

    def place_labels(self) -> None:
        """Put the seats' and the piles' labels next to their places as the camera sees them now, clear of one
        another, of the HUD and of the cards, piles and trays (and of the first-game tour's callout and gold frame: the
        Deck's label lay across it), and never under a menu or overlay (view/labels.py)."""
        screen = self.screen
        if screen.elevation_on:
            return
        lens, cam, root = screen.base.cam.node().getLens(), screen.base.cam, screen.scene.root
        obstacles = screen.obstacles() + self._bottom_band()
        covered = covering(screen)  # the menus, dialogs and overlays over the table: no label shows under them
        marks = [node_rect(screen, mark) for mark in screen.tour.marks()]  # (the tour's callout and gold frame)
        key = (tuple(cam.getMat(root)), screen.base.getAspectRatio(), tuple(obstacles), tuple(covered), tuple(marks),
               len(self.session.state.log),
               str(self.session.stage), self.session.selected,
               tuple((label.node().getText(), label.getPythonTag("anchor")) for label in self.overlay.shown()))
        if key == self._placed:
            return
        self._placed = key
        from ..view.framing import scene_boxes
        from ..view.labels import screen_rect

        row = screen.parts.scoring_row
        if row is not None and row.cards:  # (its values as large as its places' spacing on the screen lets them)
            def film(point: tuple[float, float, float]) -> tuple[float, float] | None:
                seen = Point3()
                return (seen.x, seen.y) if lens.project(cam.getRelativePoint(root, Point3(*point)), seen) else None
            row.fit_labels(film, screen.base.getAspectRatio())

        # a hand of backs the camera left under the notice's words hides (its label still counts its cards)
        fans = [screen_rect(lens, cam, root, box) for box in self.seats.fans]
        self.seats.clear_of(screen.hud.words(), fans)
        # every card, pyramid, ghost, pile, tray and hand of backs, as far as it reaches on the screen
        rects = [screen_rect(lens, cam, root, box) for box in scene_boxes(screen.scene, (), screen.parts.furniture())]
        avoid = [rect for rect in [*rects, *fans, *marks] if rect is not None]
        self.overlay.place(screen.base, root, obstacles, avoid, covered)

    def _bottom_band(self) -> list[Rect]:
        """The HUD's bottom band as one block, for the labels (screen units): the prompt strip, the dialog, the hand
        and what lies between them, down to the window's bottom. A label there read as the HUD's: at 150% Aquarius
        Rising's home tray's label stood between the strip and the hand."""
        hud = self.screen.hud
        rects = [hud._rect(hud.base.aspect2d, rect) for rect in hud.band()]
        if not rects:
            return []
        return [(min(r[0] for r in rects), max(r[1] for r in rects), -1.0, max(r[3] for r in rects))]

    def replace_labels(self) -> None:
        """Place the labels again before the next frame (one moved to another anchor with the same words)."""
        self._placed = None

    def obstacles(self) -> list[Rect]:
        """The drawn action card, while it shows (screen units): in the hand's place, which the framing keeps clear
        through the turn (screens/turn_band.py), so the camera stays."""
        if self.action_card.isHidden():
            return []
        render2d = self.screen.base.render2d
        x0, x1, z0, z1 = self.action_card["frameSize"]
        low = render2d.getRelativePoint(self.action_card, Point3(x0, 0, z0))
        high = render2d.getRelativePoint(self.action_card, Point3(x1, 0, z1))
        return [(low.x, high.x, low.z, high.z)]

    def nodes(self) -> list[NodePath]:
        """The opponents' hands of card backs, for framing (the labels are on the screen: their anchors are
        framed, TableParts.label_boxes)."""
        return [self.seats.backs] if self.seats.backs.getNumChildren() else []

    def cleanup(self) -> None:
        self.screen.base.taskMgr.remove(self.task)
        self.last_move.finish()
        self.last_move.root.removeNode()
        self.score_light.glow.root.removeNode()
        self.seats.cleanup()
