"""The table: a game of a Session in 3D, the hand and the HUD, picking, and a camera that frames it.

The screen speaks to the session only (session.py and its family flow): it shows the session's state
and stage, and turns clicks and keys into the session's choices. Its parts live in their own modules:
the HUD (screens/hud.py), the hand (view/hand.py), picking (view/picking.py), the family's furniture
and ghosts (view/family.py) and the camera (view/framing.py, view/camera.py).
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING, Callable

from direct.gui.DirectGui import DGG

from ..files import saves
from ..i18n import tr
from ..session import Session, Stage
from ..view.family import TableParts
from ..view.framing import CameraMan
from ..view.outlines import SOURCE_DIM
from ..view.picking import Cell, Picker, ScreenPoint
from ..view.rising import Trays
from ..view.scene import TableScene
from . import Screen, layout
from .elevation import aim_elevation, show_elevation
from .end_moment import EndMoment
from .feedback import Feedback
from .focus import widget_rect
from .game_menu import GameMenu
from .heights import HeightPanel
from .house_height import HouseHeight
from .hud import Hud
from .join import JoinPanel
from .keyboard import TableKeys
from .suggest import Advice, suggest
from .table_camera import Framing, TableCamera
from .thinking import Thinking
from .tour import Tour
from .tray_tip import TrayTip
from .turn_band import TurnBand

if TYPE_CHECKING:
    from direct.task.Task import Task
    from ..engine.moves import Move
    from ..session.suggestion import Suggestion


BOT_PAUSE = 0.9  # seconds a computer waits before its move (and after the last one slid in), so players can follow
TAKE_BACK_PAUSE = 2.0  # more seconds it waits after a move that may still be taken back (U)


class TableScreen(TableCamera, Screen):
    name = "game"
    button_focus = False  # its keyboard focus goes round the table too (screens/keyboard.py)

    def build(self, session: Session) -> None:
        self.session = session
        base = self.base
        self.scene = TableScene(base.render)
        self.parts = TableParts(self.scene, session)
        self.hud = hud = Hud(self, self.scene)
        hud.log_open = bool(self.app.settings.get("log_open", False))
        self.picker = Picker(base)
        self.camera = CameraMan(base.camera)
        self.perspective = base.cam.node().getLens()
        self.elevation_on = False
        self.help_shown = False
        self.status = ""
        self.hover_cell: Cell | None = None
        self.hover_move: Move | None = None
        self._pointer: ScreenPoint | None = None  # where the mouse was last seen: moved, it leads, not the keys
        self._drag: tuple[str, float, float] | None = None
        self._framed_for: Framing | None = None
        self.turn_band = TurnBand()  # the turns framed once while a person plays (table_camera._turn_obstacles)
        self.whole = False  # whether the last framing took in the whole table (see framed)
        self.glance: str | None = None  # T: the whole table asked for, or the cards (table_camera.toggle_glance)
        self.game_pitch = True  # the game's view (table_camera.PLAY_PITCHES) until the player turns the camera
        self.hold = False  # computers wait (view/recorder.py: for the picture of the last move)
        self.bot_pause = BOT_PAUSE  # none when nobody watches (an offscreen recording)
        hud.goal_card.bind(DGG.B1PRESS, lambda _: self.peek(True))
        hud.goal_card.bind(DGG.B1RELEASE, lambda _: self.peek(False))
        hud.cover.bind(DGG.B1PRESS, lambda _: self.reveal())
        hud.help_page_button["command"] = self.toggle_help_page
        hud.end_buttons[0]["command"] = self.app.play_again
        hud.end_buttons[1]["command"] = self.app.show_menu
        hud.next_round_button["command"] = self.next_round
        hud.same_cards_button["command"] = self.app.play_same_cards
        self.join = JoinPanel(self)
        self.menu = GameMenu(self)
        self.tour = Tour(self)
        self.thinking = Thinking(self)  # hard seats and H think in a worker process
        self.feedback = Feedback(self)
        self.advice = Advice(self)  # H's suggestion on show: a click on its ghost or Enter plays it
        self.keys = TableKeys(self)  # Tab, Shift+Tab and Enter: the table by keyboard alone
        self.tray_tip = TrayTip(self)
        self.heights = HeightPanel(self)  # Aquarius Rising: the height ranking, always on (K)
        self.house_height = HouseHeight(self)  # the hovered house's height, the elements' marks (M), C
        self.end_moment = EndMoment(self)  # what won, lit up and shown, before the result panel
        self.refresh()
        self.frame_now()
        self._bot_due = time.monotonic() + BOT_PAUSE
        self.task = base.taskMgr.add(self._tick, "aquarius3d-tick")

    def suspend(self) -> None:
        """Load or settings opened over the game: the table hides and waits, computers too."""
        super().suspend()
        self.thinking.cancel()
        self.scene.root.stash()
        self.base.taskMgr.remove(self.task)
        self.base.cam.node().setActive(True)

    def resume(self) -> None:
        super().resume()
        self.scene.root.unstash()
        self.task = self.base.taskMgr.add(self._tick, "aquarius3d-tick")
        self.refresh()

    def cleanup(self) -> None:
        self.thinking.close()
        self.feedback.cleanup()
        self.end_moment.cleanup()
        self.show_elevation(False)
        self.base.taskMgr.remove(self.task)
        self.base.cam.node().setActive(True)
        super().cleanup()
        self.scene.close()

    def bind_inputs(self) -> None:
        """The table's logical inputs (named in screens/inputs.py); while the game menu shows, only its own."""
        bind = self.bind
        if self.tour.shown:  # the first-game tour: Enter goes on (or presses the button Tab is on), Esc skips it
            bind("focus_next", self.keys.step, (1,))
            bind("focus_previous", self.keys.step, (-1,))
            bind("confirm", self.keys.enter, (self.tour.advance,))
            bind("cancel", self.tour.finish)
            bind("peek", self.peek, (True,), release=self.peek, release_args=(False,))  # (its goal step: "hold G")
            return
        if self.join.shown:  # the Join form's name field takes the typing: no table key may fire under it
            bind("confirm", self.join.confirm)
            bind("cancel", self.join.hide)
            return
        bind("focus_next", self.keys.step, (1,))
        bind("focus_previous", self.keys.step, (-1,))
        bind("confirm", self.keys.enter)  # what is in focus, or the cover lifted, or an action confirmed
        if self.menu.shown:
            bind("cancel", self.close_menu)
            return
        bind("click", self._pointer_click, release=self._end_drag)
        bind("drag_orbit", self._start_drag, ("orbit",), release=self._end_drag)
        bind("drag_pan", self._start_drag, ("pan",), release=self._end_drag)
        bind("zoom_in", self.zoom, (0.88,))
        bind("zoom_out", self.zoom, (1 / 0.88,))
        for name, args in {"orbit_left": (-8, 0), "orbit_right": (8, 0), "orbit_up": (0, 5),
                           "orbit_down": (0, -5)}.items():
            bind(name, self.rotate, args, repeat=True)
        for name, args in {"pan_forward": (0, 40), "pan_back": (0, -40), "pan_left": (-40, 0),
                           "pan_right": (40, 0)}.items():
            bind(name, self.pan, args, repeat=True)
        bind("storeys", self.toggle_storeys)
        bind("elevation", self.toggle_elevation)
        bind("heights", self.toggle_heights)
        bind("log", self.toggle_log)
        bind("marks", self.house_height.toggle_marks)
        bind("centre", self.house_height.centre)
        bind("view_top", self.view, ("top",))
        bind("view_side", self.view, ("side",))
        bind("view_orbit", self.view, ("orbit",))
        bind("fit", self.fit)
        bind("whole_table", self.toggle_glance)
        bind("rotate", self.key_turn)
        bind("cancel", self.key_escape)
        bind("reveal", self.reveal)
        bind("pass", self.key_pass)
        bind("undo", self.key_undo)
        bind("peek", self.peek, (True,), release=self.peek, release_args=(False,))
        bind("help", self.toggle_help)
        bind("screenshot", self.screenshot)
        bind("save", self.save_named)
        bind("suggest", self.thinking.suggest)

    # -- drawing --------------------------------------------------------------------------------------

    def refresh(self) -> None:
        """Redraw everything from the session: table, ghosts, furniture, hand, HUD, cover; frame if it moved on."""
        session = self.session
        with self.scene.table.changing():  # (the felt's shadows drawn once, for all that moved)
            self.parts.sync()
            self.parts.update(self.camera.orbit.distance)  # the trays first: the seats sit at them (Rising)
            self.feedback.observe()
            self.parts.hover(self.hover_cell, self.hover_move)
        cards = session.state.table.cards  # the cards an action may take, a little lighter as well as outlined, or
        # the card Move a Card lifts, dimmed (what won a game is lit by the end's light, end_moment.py)
        choices = session.table_choices() if session.stage == Stage.TABLE_CARD else ()
        moving = self.parts.moving()
        self.scene.highlight({moving} if moving is not None else {cards[c] for c in choices if c in cards},
                             SOURCE_DIM if moving is not None else (1.0, 1.0, 0.82, 1))
        self.feedback.last_move.quiet(bool(choices) or moving is not None)  # (its gold is neither)
        if self.elevation_on:
            self._aim_elevation()
        self.hud.update(session, self.status)
        self.end_moment.update()  # (the result panel waits while what won is shown)
        self.heights.update()
        self.house_height.update()
        self.join.update(session)
        self.hud.draw_choices(session, self._act)
        self._follow()
        self.keys.update()
        self.tour.redraw()  # (the step's frame where things are now)
        if self.tour.wanted():
            self.tour.start()
            self.ignoreAll()
            self.bind_inputs()

    def apply_scale(self) -> None:
        """The interface scale (Settings) on the table: the HUD and the hand where screens/layout.py puts them, the
        floating labels, and the panels over the table (game menu, Join form, tour, heights) as large as they fit;
        drawn again. Called as the table is built and whenever it comes back from Settings."""
        scale = self.interface_scale()
        aspect = self.base.getAspectRatio()
        self.hud.relayout(scale)
        self.parts.overlay.root.setScale(scale)
        for panel in (self.menu.panel, self.join.panel):
            panel.setScale(layout.fitted(scale, tuple(panel["frameSize"]), aspect))
        self.tour.rescale(layout.fitted(scale, tuple(self.tour.panel["frameSize"]), aspect))
        self.heights.rescale(scale)
        self.refresh()

    def tour_closed(self) -> None:
        self.ignoreAll()
        self.bind_inputs()

    def _act(self, command: Callable[..., object], value: Move | None) -> None:
        command(value)
        self.refresh()

    def window_aspect(self) -> float:
        return float(self.base.getAspectRatio())

    def _start_drag(self, mode: str) -> None:
        point = self.picker.mouse()
        if point is not None:
            self._drag = (mode, point[0], point[1])

    def _end_drag(self) -> None:
        self._drag = None

    def busy(self) -> bool:
        """Is anything moving or about to, with nobody touching the window: the camera, a drag, a computer?"""
        computer = self.session.stage == Stage.COMPUTER and not self.menu.shown  # the menu pauses the game
        return (self.camera.easing or self._drag is not None or computer or self.feedback.busy() or self.thinking.busy()
                or self.end_moment.running())

    def _tick(self, task: Task) -> object:  # (task.cont or task.done, for Panda3D)
        now = time.monotonic()
        self.camera.step(now)
        self.feedback.step(now)
        self.end_moment.step(now)
        if self._framed_for is not None and self._framed_for[-1] != self.base.getAspectRatio():
            self.apply_scale()  # the window changed shape: the HUD placed in it, the table framed again
        point = self.picker.mouse()
        if self._drag is not None and point is not None:
            mode, x, y = self._drag
            dx, dy = point[0] - x, point[1] - y
            if mode == "orbit":
                self.rotate(dx * 120, -dy * 60)
            else:
                self.pan(-dx * 400, -dy * 400)
            self._drag = (mode, point[0], point[1])
        session = self.session
        if point is not None and point != self._pointer:
            self.keys.pointer_moved()
        self._pointer = point
        if point is not None and session.stage in (Stage.PLACE, Stage.TARGET, Stage.PYRAMID, Stage.TABLE_CARD) \
                and not self.keys.previewing():
            cell = self.picker.cell_at(point)
            move = self.ghost_at(point)
            if cell != self.hover_cell or move != self.hover_move:
                self.hover(cell, move)
            if session.stage == Stage.PYRAMID:  # the player's tray: the pyramid pointed at brightens
                self.parts.hover_tray(self.parts.tray_pyramid_at(self.picker.table_point(point, Trays.TOP)))
        if not self.keys.enlarging():  # an action card of the hand under the pointer: shown enlarged, its words read
            hand = self.hud.hand
            aspect = self.base.getAspectRatio()
            over = hand.index_at(point, aspect) if point is not None and self.keys.modal() is None else None
            hand.enlarge(over, aspect, self.kept_clear() if over is not None else None)  # (above the strip and the
            # dialog, never on them: what to keep clear of is gathered only while a card is under the pointer)
        self.tray_tip.update(point)  # a greyed pyramid under the pointer says why (Aquarius Rising)
        self.house_height.follow(point)  # the house under the pointer says its height (Aquarius Rising)
        self.keys.follow()
        due = self._bot_due + (TAKE_BACK_PAUSE if session.stage == Stage.COMPUTER and session.can_take_back() else 0)
        ready = session.stage == Stage.COMPUTER and now >= due and not self.menu.shown and not self.hold
        if self.thinking.step(ready):  # a hard seat thinks in a worker meanwhile (screens/thinking.py)
            self._bot_due = now + self.bot_pause
            self.refresh()
        elif session.stage != Stage.COMPUTER:
            self._bot_due = now + self.bot_pause
        return task.cont

    def kept_clear(self) -> list[layout.Rect]:
        """What a hand card shown enlarged never covers (aspect2d units): the prompt strip and the choice dialog
        (what to do now, and the buttons to do it), Rising's heights panel, a hot-seat mover's new goal (goal_news)."""
        heights = getattr(self, "heights", None)
        panel = [widget_rect(self.base, heights.panel)] if heights is not None and heights.shown else []
        return self.hud.prompt.rects() + panel + self.hud.new_goal.rects()

    def hover(self, cell: Cell | None, move: Move | None = None) -> None:
        """The pointer is over a cell (and a ghost): light the ghost, mark the edges (Dominus)."""
        self.hover_cell, self.hover_move = cell, move
        self.parts.hover(cell, move)

    # -- Aquarius Rising: storeys and the side elevation ----------------------------------------------------

    def toggle_storeys(self) -> None:
        """L: label every storey of every house with its number and height."""
        if self.parts.storey_labels is not None:
            self.parts.storey_labels.toggle()

    def toggle_log(self) -> None:
        """J (or a click on the log or its tab): the log of moves unfolded, or folded to its tab; kept in Settings.
        The camera frames the table anew clear of what now shows."""
        self.hud.log_open = not self.hud.log_open
        self.app.settings["log_open"] = self.hud.log_open
        self.app.store_settings()
        self.refresh()

    def toggle_heights(self) -> None:
        """K: the height ranking's panel hidden, or shown again (the table framed anew beside it)."""
        self.heights.toggle()
        self.refresh()

    def toggle_elevation(self) -> None:
        """E: the side elevation (orthographic, with a millimetre ruler), or back to the orbit view."""
        self.show_elevation(not self.elevation_on)

    def show_elevation(self, on: bool) -> None:
        show_elevation(self, on)

    def _aim_elevation(self) -> None:
        aim_elevation(self)

    # -- picking ------------------------------------------------------------------------------------------

    def ghost_at(self, screen: ScreenPoint | None) -> Move | None:
        return self.picker.ghost_at(screen, self.parts.ghost_spots, self.session.state.table.faces)

    def _pointer_click(self) -> None:
        """The mouse's left button, over the table (the help over it takes no clicks on the table)."""
        if not self.help_shown:
            self.click()

    def click(self, screen: ScreenPoint | None = None) -> None:
        """A left click at a screen point (the mouse, if none given), handed to the session as what it picked:
        a hand card, a ghost (the move it makes), a pyramid of the tray, a space of a card, a table cell."""
        session = self.session
        screen = screen or self.picker.mouse()
        if screen is None:
            return
        if session.stage == Stage.COVER:
            if not session.goal_news_open:  # (over a mover's new goal only its Done hands over: no stray click)
                self.reveal()
            return
        if self.advice.clicked(screen):  # (on the suggested ghost: the suggestion played)
            return
        index = self.hud.hand.index_at(screen, self.base.getAspectRatio())
        tray = self.parts.tray_pyramid_at(self.picker.table_point(screen, Trays.TOP))
        move = self.ghost_at(screen)
        if index is not None:
            session.select(index)
        elif tray is not None:
            session.select_pyramid(tray)
        elif move is not None:
            session.choose(move)
        elif session.stage in (Stage.EARNED, Stage.TRADE_PIECE):
            spot = self.picker.space_at(screen, session.state.table.faces)
            if spot is not None:
                session.choose_space(*spot)
        elif session.stage in (Stage.PLACE, Stage.TARGET, Stage.TABLE_CARD):
            cell = self.picker.cell_at(screen)
            if cell is not None:
                session.choose_table_card(cell) if session.stage == Stage.TABLE_CARD else session.choose_cell(cell)
        self.refresh()

    # -- keys ---------------------------------------------------------------------------------------------

    def reveal(self) -> None:
        """The hand-off cover: held back a moment, a click shows it at once; on it, a click shows the turn. Space (and
        Enter) at a round's end: go on, as its button does. Over a mover's new goal: the cover now (goal_news.py)."""
        if self.session.goal_news_open:
            self.session.reveal()
            self.feedback.release()  # (the cover at once, not the rest of its pause)
            self.refresh()
        elif self.hud.cover_held:
            self.feedback.release()
        elif self.session.stage == Stage.COVER:
            self.session.reveal()
            self.refresh()
        elif self.session.stage == Stage.ROUND_OVER and self.session.can_go_on() and not self.menu.shown:
            self.next_round()

    def suggest(self, wait: bool = True) -> Suggestion | None:
        """A move suggested to the human to move, and why (screens/suggest.py), thought here; H thinks in the
        worker instead (`wait=False`, screens/thinking.py) and shows it when it comes."""
        if not wait:
            self.thinking.suggest()  # (said when it comes)
        return suggest(self) if wait else None

    def key_turn(self) -> None:
        self.session.turn_card()
        self.refresh()

    def key_escape(self) -> None:
        """Esc: close the menu or the help, else undo the choice under way, else (nothing being chosen) the game menu."""
        if self.menu.shown:
            self.close_menu()
            return
        if self.help_shown:
            self.toggle_help()
            return
        if self.advice.dismiss():  # (H's suggestion put away, not the game menu opened)
            return
        before = self.session.choice
        if not self.session.cancel():
            self.open_menu()
        self.refresh()
        self.keys.recall(before)  # the focus back on what had been picked

    def open_menu(self) -> None:
        self._drag = None
        self.menu.show()
        self.hud.hand.root.hide()  # under the menu
        self.ignoreAll()
        self.bind_inputs()

    def close_menu(self) -> None:
        self.menu.hide()
        self.hud.hand.root.show()
        self.ignoreAll()
        self.bind_inputs()

    def key_undo(self) -> None:
        """U or Ctrl+Z: take back the move just made (Elemental Towers: back to the start of the turn)."""
        self.session.take_back()
        self.refresh()

    def key_pass(self) -> None:
        self.session.pass_turn()
        self.refresh()  # passed, or why not

    def peek(self, on: bool) -> None:
        self.session.peek(on)
        self.refresh()

    def next_round(self) -> None:
        self.session.next_round()
        self.status = ""  # (the last round's news: gone with its table)
        self.refresh()

    def toggle_help(self) -> None:
        """F1: the help over the table; the hand goes under it (it showed through the panel)."""
        self.help_shown = not self.help_shown
        self.hud.help_panel.show() if self.help_shown else self.hud.help_panel.hide()
        self.hud.hand.root.hide() if self.help_shown else self.hud.hand.root.show()

    def toggle_help_page(self) -> None:
        self.hud.toggle_help_page(self.session.game.ruleset)

    def tell(self, text: str) -> None:
        """The window's own news (a picture taken, a game saved): at the top, and on the cover while it shows."""
        self.status = text
        self.hud.cover_note.setText(text)
        self.refresh()

    def screenshot(self) -> Path | None:
        folder = saves.pictures_dir()
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / time.strftime("aquarius3d-%Y%m%d-%H%M%S.png")
        if not self.base.win.saveScreenshot(str(path)):
            return None
        self.tell(tr("screenshot_saved", path=path))
        return path

    def save_named(self) -> Path | None:
        try:
            path = saves.save(self.session.record(), time.strftime("%Y-%m-%d %H-%M-%S"))
        except OSError as exc:
            self.tell(tr("save_failed", reason=exc.strerror or exc))
            return None
        self.tell(tr("saved_as", name=path.stem))
        return path
