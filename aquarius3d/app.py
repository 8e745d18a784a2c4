"""The window: it switches screens (menus in screens/), and still draws the table, hand and HUD of a Session.

The App wraps a ShowBase (a window, or an offscreen buffer for tests); every
screen owns its nodes and removes them when it closes (see screens/__init__.py).
Nothing here decides a rule: the session says what is legal, the scene shows it.
"""

from __future__ import annotations

import time
from pathlib import Path

from direct.gui.DirectGui import DGG, DirectButton, DirectEntry, DirectFrame
from panda3d.core import CardMaker, NodePath, Plane, Point3, TextNode

from . import geometry, saves
from .engine.moves import MoveCard, Place, Shift
from .errors import DataError
from .i18n import action_name, element_name, language, pyramid_name, set_language, tr
from .screens import Screens, inputs
from .screens.load import LoadScreen
from .screens.menu import MenuScreen
from .screens.new_game import NewGameScreen
from .screens.settings import SettingsScreen
from .screens.widgets import BUTTON, PANEL, TEXT, newest_lines, side_by_side
from .session import Seat, Session
from .view.camera import Orbit, preset
from .view.pacing import Pacer
from .view.piles import Piles
from .view.houses import level_top, state_views, surface_top
from .view.rising import Elevation, StoreyLabels, Trays, element_tops
from .view.towers import ScoringRow, SpaceRings, piece_views, tower_views
from .view.scene import PYRAMID_RGB, CardView, PyramidView, TableScene
from .vocabulary import ELEMENT_NAME_OF_COLOUR, QUARTERS

BOT_PAUSE = 0.7  # seconds a computer waits before its move, so players can follow
TRANSITION = 0.45  # seconds for a camera preset
HAND_CARD_H = 0.36  # height of a hand card on screen (aspect2d units)


def cell_of(x: float, y: float) -> tuple[int, int]:
    """The table cell under a point of the table plane."""
    return (round(x / geometry.CELL_X), round(y / geometry.CELL_Y))




def quarter_of(x: float, y: float, cell) -> int:
    """The quarter of a card (0 TL, 1 TR, 2 BL, 3 BR) under a point, as geometry.quarter_offset numbers them."""
    cx, cy = geometry.cell_centre(*cell)
    return (0 if y >= cy else 2) + (1 if x >= cx else 0)


class App:
    def __init__(self, base=None, offscreen: bool = False, size=(1280, 720)) -> None:
        settings = saves.load_settings()
        set_language(settings["language"])
        if base is None:
            from .view.config import configure

            configure(offscreen=offscreen, size=tuple(settings["window"]) if not offscreen else size,
                      antialiasing=settings["antialiasing"] and not offscreen)
            from direct.showbase.ShowBase import ShowBase

            base = ShowBase(windowType="offscreen" if offscreen else None)
        self.base = base
        base.disableMouse()
        base.setBackgroundColor(0.11, 0.12, 0.14, 1)
        base.camLens.setNearFar(5.0, 20000.0)
        self.settings = settings
        self.session: Session | None = None
        self.screens = Screens(self, {"menu": MenuScreen, "new": NewGameScreen, "load": LoadScreen,
                                      "settings": SettingsScreen})
        self.scene: TableScene | None = None
        self.piles: Piles | None = None
        self.hand_nodes: list[tuple[NodePath, tuple[float, float, float, float]]] = []
        self.orbit = Orbit()
        self._orbit_goal: tuple[Orbit, Orbit, float] | None = None
        self._drag: tuple[str, float, float] | None = None
        self._bot_due = 0.0
        self.hover_cell = None
        self.hover_move = None
        self.ghost_spots: dict = {}  # move -> (cell, height of the plane it is picked on, quarter or None)
        self.trays: Trays | None = None
        self.scoring_row: ScoringRow | None = None
        self.rings: SpaceRings | None = None
        self.storey_labels: StoreyLabels | None = None
        self.elevation: Elevation | None = None
        self.elevation_on = False
        self.perspective = base.cam.node().getLens()
        self.help_shown = False
        self.status = ""
        self._bind_keys()
        base.taskMgr.add(self._tick, "aquarius3d-tick")
        self.pacer = Pacer(base, self.busy)  # draws only while something moves (view/pacing.py)
        self.show_menu()

    # -- screens ----------------------------------------------------------------------------------

    @property
    def screen(self) -> str | None:
        """The name of the screen showing: "menu", "new", "load", "settings" or "game"."""
        return self.screens.name

    @property
    def screen_root(self) -> NodePath | None:
        return None if self.screens.current is None else self.screens.current.root

    @property
    def widgets(self) -> list:
        return [] if self.screens.current is None else self.screens.current.widgets

    def _switch(self, name: str, **options):
        self.hand_nodes = []
        return self.screens.switch(name, **options)

    def _button(self, text, command, pos, scale=0.06, parent=None, args=()):
        return self.screens.current.button(text, command, pos, scale, parent, args)

    def _text(self, text, pos, scale=0.05, align=TextNode.ACenter, parent=None, fg=TEXT, wrap=None):
        """Text on screen; `parent` may be a corner anchor (base.a2dTopLeft and so on)."""
        return self.screens.current.text(text, pos, scale, align, parent, fg, wrap)

    def _panel(self, frame, parent=None, colour=PANEL):
        return self.screens.current.panel(frame, parent, colour)

    def show_menu(self, note: str = "") -> MenuScreen:
        self._leave_game()
        return self._switch("menu", note=note)

    def show_new_game(self) -> NewGameScreen:
        return self._switch("new")

    def show_load(self) -> LoadScreen:
        return self._switch("load")

    def show_settings(self) -> SettingsScreen:
        return self._switch("settings")

    def store_settings(self) -> None:
        try:
            saves.store_settings(self.settings)
        except OSError as exc:
            self.status = tr("save_failed", reason=exc.strerror or exc)

    def quit(self) -> None:
        self.base.userExit()

    # -- starting and ending games -----------------------------------------------------------------

    def start_game(self, ruleset: str, options: dict, seats: list[Seat], seed: int | None = None,
                   targets: list | None = None) -> None:
        self.open_session(Session.new(ruleset, options, seats, seed, targets=targets))

    def continue_game(self) -> None:
        path = saves.save_path(saves.AUTOSAVE)
        if not path.exists():
            if self.screen == "menu":
                self.screens.current.note.setText(tr("menu_no_autosave"))
            else:
                self.show_menu(tr("menu_no_autosave"))
            return
        self.load_game(path)

    def load_game(self, path: Path) -> None:
        try:
            session = Session.load(Path(path))
        except DataError as exc:
            self.show_menu(str(exc))
            return
        self.open_session(session)

    def open_session(self, session: Session) -> None:
        self._leave_game()
        self._switch("game")
        self.session = session
        self.scene = TableScene(self.base.render)
        self.piles = Piles(self.scene)
        if self.rising:
            self.trays = Trays(self.scene)
            self.storey_labels = StoreyLabels(self.scene)
            self.elevation = Elevation(self.scene)
        self.scoring_row = self.rings = None
        if session.family == "towers":
            self.trays = Trays(self.scene)  # the supply, by colour and size
            self.scoring_row = ScoringRow(self.scene)
            self.rings = SpaceRings(self.scene)
        self._build_hud()
        self.refresh()
        self.orbit = self.framed("orbit")
        self.orbit.apply(self.base.camera)
        self._bot_due = time.monotonic() + BOT_PAUSE

    @property
    def rising(self) -> bool:
        """Does this game build houses on pyramids (Aquarius Rising)?"""
        return self.session is not None and self.session.game.family == "rising"

    def _leave_game(self) -> None:
        self.show_elevation(False)
        self.base.cam.node().setActive(True)
        if self.scene is not None:
            self.scene.root.removeNode()
        self.scene = None
        self.trays = self.storey_labels = self.elevation = None
        self.scoring_row = self.rings = None
        self.piles = None
        self.session = None

    def play_same_cards(self) -> None:
        """Elemental Towers: the same cards reshuffled, to beat the best score with them."""
        old = self.session
        session = Session.new(old.game.id, old.game.options, old.seats,
                              preset={"same_deck": old.flow.deck_cards()})
        self.open_session(session)

    def play_again(self) -> None:
        old = self.session
        self.start_game(old.game.id, old.game.options, old.seats)

    # -- the game screen -------------------------------------------------------------------------

    def _build_hud(self) -> None:
        root = self.screen_root
        base = self.base
        top_left, top_right, bottom_right = base.a2dTopLeft, base.a2dTopRight, base.a2dBottomRight
        self._panel((0.02, 0.82, -0.42, -0.02), parent=top_left, colour=(0.05, 0.06, 0.08, 0.62))
        self.log_panel = self._panel((-1.1, -0.02, -0.46, -0.02), parent=top_right, colour=(0.05, 0.06, 0.08, 0.62))
        self.hud_turn = self._text("", (0.06, -0.1), 0.065, TextNode.ALeft, parent=top_left)
        self.hud_info = self._text("", (0.06, -0.18), 0.045, TextNode.ALeft, parent=top_left)
        self.hud_hint = self._text("", (0, -0.5), 0.05, wrap=40)
        self.hud_notice = self._text("", (0, 0.88), 0.05, fg=(1.0, 0.85, 0.45, 1))
        self.hud_log = self._text("", (-0.06, -0.08), 0.04, TextNode.ARight, parent=top_right, wrap=26)  # in the panel
        self.hud_goal = self._text("", (-0.06, 0.3), 0.045, TextNode.ARight, parent=bottom_right, wrap=14)
        self.goal_card = self._button("?", None, (-0.2, 0.14), 0.07, parent=bottom_right)
        self.goal_card.bind(DGG.B1PRESS, lambda _: self.peek(True))
        self.goal_card.bind(DGG.B1RELEASE, lambda _: self.peek(False))
        self.hand_root = root.attachNewNode("hand")
        self.choices_root = root.attachNewNode("choices")
        self.choice_widgets = self.screens.current.group()
        self.cover = DirectFrame(frameColor=(0.07, 0.08, 0.1, 1), frameSize=(-4, 4, -1.2, 1.2), parent=root,
                                 state=DGG.NORMAL)
        self.cover.bind(DGG.B1PRESS, lambda _: self.reveal())
        self.widgets.append(self.cover)
        self.cover_title = self._text("", (0, 0.1), 0.1, parent=self.cover)
        self.cover_hint = self._text("", (0, -0.08), 0.05, parent=self.cover, wrap=34)
        self.help_panel = self._panel((-1.15, 1.15, -0.8, 0.68))
        self.help_title = self._text(tr("help_title"), (0, 0.56), 0.07, parent=self.help_panel)
        self.help_body = self._text(tr("help_text"), (-1.07, 0.44), 0.043, TextNode.ALeft, parent=self.help_panel,
                                    wrap=53)
        self.help_page_button = self._button(tr("help_rulings"), self.toggle_help_page, (0, -0.72), 0.05,
                                             parent=self.help_panel)
        self.help_page = "controls"
        self.help_panel.setBin("gui-popup", 60)  # above the hint and the log
        self.help_panel.hide()
        self.end_panel = self._panel((-0.9, 0.9, -0.4, 0.45))
        self.end_title = self._text("", (0, 0.33), 0.08, parent=self.end_panel)
        self.end_lines = self._text("", (0, 0.18), 0.05, parent=self.end_panel, wrap=32)
        self.end_buttons = [
            self._button(tr("end_play_again"), self.play_again, (-0.4, -0.3), 0.06, parent=self.end_panel),
            self._button(tr("end_menu"), self.show_menu, (0.4, -0.3), 0.06, parent=self.end_panel),
        ]
        self.next_round_button = self._button(tr("round_next"), self.next_round, (0, -0.3), 0.06, parent=self.end_panel)
        self.same_cards_button = self._button(tr("towers_same_deck"), self.play_same_cards, (0, -0.3), 0.06,
                                              parent=self.end_panel)
        self.end_panel.hide()
        self.join_button = self._button(tr("hud_join"), self.show_join, (0.16, 0.08), 0.05, parent=self.base.a2dBottomLeft)
        self.join_panel = self._panel((-0.6, 0.6, -0.25, 0.25))
        self._text(tr("join_title"), (0, 0.15), 0.06, parent=self.join_panel)
        self.join_entry = DirectEntry(initialText="", scale=0.05, width=9, pos=(-0.45, 0, 0.02), parent=self.join_panel,
                                      text_fg=(0.1, 0.1, 0.1, 1), frameColor=(0.9, 0.9, 0.86, 1))
        self.widgets.append(self.join_entry)
        self.join_kind = "human"
        self.join_kind_button = self._button(tr("menu_human"), self._toggle_join_kind, (0.35, 0.03), 0.05,
                                             parent=self.join_panel)
        self._button(tr("join_ok"), self.confirm_join, (0.25, -0.15), 0.055, parent=self.join_panel)
        self._button(tr("menu_back"), self.hide_join, (-0.25, -0.15), 0.055, parent=self.join_panel)
        self.join_panel.hide()

    def refresh(self) -> None:
        """Redraw everything from the session: table, ghosts, hand, HUD, cover."""
        session = self.session
        if session is None or self.scene is None:
            return
        state, cards = session.state, session.game.deck.cards
        seen = session.observation()
        card_views, pyramid_views = state_views(state)
        if session.family == "towers":
            pyramid_views = piece_views(state)
        self.scene.sync(card_views, pyramid_views)
        self._show_ghosts()
        self._hover_ghost()
        winning = session.winning_cells()
        self.scene.highlight({state.table.cards[c] for c in winning if c in state.table.cards})
        if session.stage == "table_card":
            self.scene.highlight(set(state.table.cards.values()), (1.0, 1.0, 0.82, 1))
        top = cards[state.discard[-1]].code if state.discard else None
        has_actions = any(session.game.deck.cards[i].kind == "action" for i in session.game.play_ids())
        self.piles.update(
            len(state.deck), len(state.discard) if has_actions else None,
            len(state.unused_goals) if session.game.goal_ids() and session.family != "towers" else None,
            {"deck": tr("hud_deck", count=len(state.deck)),
             "discard": tr("hud_discard", top=action_name(top)) if top else tr("hud_discard_empty"),
             "goals": tr("hud_unused_goals", count=len(state.unused_goals))},
        )
        name = session.seats[session.seat].name
        self.hud_turn.setText(tr("turn_of", name=name) if session.stage != "over" else tr("end_title"))
        info = [tr("hud_deck", count=len(state.deck)),
                tr("hud_discard", top=action_name(top)) if top else tr("hud_discard_empty")]
        if session.game.goal_ids() and session.family != "towers":
            info.append(tr("hud_unused_goals", count=len(state.unused_goals)))
        if session.family == "towers":
            score, rank, _ = session.flow.score()
            sizes = tr("hud_score", score=score, rank=rank)
            self._draw_towers()
        elif self.rising:
            sizes = "\n".join(tr("hud_seat_pyramids", name=s.name, cards=n, pyramids=sum(c for _, c in session.flow.supply(i)))
                              for i, (s, n) in enumerate(zip(session.seats, seen["hand_sizes"])))
            self._draw_rising()
        else:
            sizes = "   ".join(f"{s.name}: {n}" for s, n in zip(session.seats, seen["hand_sizes"]))
        self.hud_info.setText("\n".join(info + [sizes]))
        self.hud_hint.setText(session.hint())
        self.hud_notice.setText(session.notice or self.status)
        newest_lines(self.hud_log, session.messages[-8:], 9)  # moves in words wrap inside the log panel
        self.log_panel.show() if session.messages else self.log_panel.hide()
        self.hud_goal.setText(session.goal_text() or session.goal_hint())
        rows = self.hud_goal.textNode.getNumRows()  # past two rows, the text grows upwards, clear of the goal card
        self.hud_goal.setPos(-0.06, 0.3 + 0.045 * self.hud_goal.textNode.getLineHeight() * max(0, rows - 2))
        self.goal_card["text"] = element_name(seen["goal"]) if session.goal_text() else "?"
        if seen["goal"] is None:
            self.goal_card.hide()
        else:
            self.goal_card.show()
        if session.stage == "draft":  # the three cards offered are shown as a hand to choose from
            seen = {**seen, "hand": session.flow.offered_cards()}
        self._draw_hand(seen)
        self._draw_choices()
        if session.stage == "cover":
            self.cover.show()
            self.cover_title.setText(tr("cover_title", name=name))
            self.cover_hint.setText(tr("cover_hint", name=name))
        else:
            self.cover.hide()
        self.base.cam.node().setActive(session.stage != "cover")  # the opaque cover hides the table: skip drawing it
        if session.stage in ("over", "round_over"):
            self.end_panel.show()
            lines = session.summary()
            if session.stage == "round_over":
                self.end_title.setText(lines[0])
                self.end_lines.setText("\n".join(lines[1:]))
                self.next_round_button.show()
                for button in self.end_buttons:
                    button.hide()
            else:
                self.end_title.setText(tr("end_title"))
                self.end_lines.setText("\n".join(lines))
                self.next_round_button.hide()
                for button in self.end_buttons:
                    button.show()
                self.same_cards_button.show() if session.family == "towers" else self.same_cards_button.hide()
                spread = 0.58 if session.family == "towers" else 0.4  # three buttons for Elemental Towers
                self.end_buttons[0].setX(-spread)
                self.end_buttons[1].setX(spread)
                self.end_buttons[0]["text"] = tr("towers_new_deal") if session.family == "towers" else tr("end_play_again")
        else:
            self.end_panel.hide()
        self.join_button.show() if session.can_join() and self.join_panel.isHidden() else self.join_button.hide()
        self._draw_limit()
        self._draw_edge_marks()

    def _draw_hand(self, seen: dict) -> None:
        for child in self.hand_root.getChildren():
            child.removeNode()
        self.hand_nodes = []
        hand = seen["hand"]
        if not hand:
            return
        width = HAND_CARD_H * geometry.CARD_WIDTH / geometry.CARD_LENGTH
        gap = 0.03
        total = len(hand) * width + (len(hand) - 1) * gap
        left = -total / 2
        for i, card in enumerate(hand):
            x0 = left + i * (width + gap)
            z0 = -0.97
            lifted = 0.05 if i == self.session.selected else 0.0
            node = self._hand_card(card, width).copyTo(self.hand_root)
            node.setPos(x0, 0, z0 + lifted)
            node.setPythonTag("hand", i)
            self.hand_nodes.append((node, (x0, x0 + width, z0 + lifted, z0 + lifted + HAND_CARD_H)))

    def _hand_card(self, card: dict, width: float) -> NodePath:
        maker = CardMaker("hand-card")
        maker.setFrame(0, width, 0, HAND_CARD_H)
        if card["kind"] == "element":
            code = card["code"]
            if self.session.stage == "place" and self.session.turned:
                from .cards import face

                code = face(code).turned.code
            texture = self.scene.face_texture(code)
            u0, v0, u1, v1 = self.scene.atlas.uv(code)
            maker.setUvRange((u0, v0), (u1, v1))
            node = NodePath(maker.generate())
            node.setTexture(texture)
            return node
        node = NodePath(maker.generate())
        node.setColor(0.95, 0.92, 0.84, 1)
        band = CardMaker("action-band")
        band.setFrame(0.012, width - 0.012, HAND_CARD_H * 0.72, HAND_CARD_H - 0.012)
        band_node = node.attachNewNode(band.generate())
        band_node.setColor(0.36, 0.2, 0.52, 1)
        band_node.setY(-0.002)
        mark = TextNode("action-mark")
        mark.setText("!")
        mark.setAlign(TextNode.ACenter)
        mark.setTextColor(1, 0.86, 0.4, 1)
        mark_node = band_node.attachNewNode(mark)
        mark_node.setScale(0.07)
        mark_node.setPos(width / 2, -0.003, HAND_CARD_H * 0.78)
        label = TextNode("action-label")
        label.setText(action_name(card["code"]))
        label.setAlign(TextNode.ACenter)
        label.setTextColor(0.25, 0.12, 0.4, 1)
        label.setWordwrap(6)
        text = node.attachNewNode(label)
        text.setScale(0.042)
        text.setPos(width / 2, -0.01, HAND_CARD_H * 0.5)
        return node

    def _draw_choices(self) -> None:
        self.screens.current.forget(self.choice_widgets)
        session = self.session
        buttons = []
        if session.stage == "player":
            for seat in session.player_choices():
                label = tr("hud_pile") if seat is None else session.seats[seat].name
                buttons.append((label, self.choose_player, seat))
        elif session.stage == "direction":
            buttons = [(tr("dir_left"), session.choose_direction, "left"), (tr("dir_right"), session.choose_direction, "right")]
        elif session.stage == "confirm":
            buttons = [(action_name(session.action), lambda _: session.confirm(), None)]
        elif session.stage == "pyramid":
            self._draw_supply()
            return
        elif session.stage == "earned":
            buttons = [(tr("hud_skip", element=element_name(ELEMENT_NAME_OF_COLOUR[colour]).lower()), session.flow.skip, index)
                       for index, colour in session.flow.earned()]
        elif session.stage == "row":
            row = [element_name(e) for e in session.flow.row()]  # the places by their elements, not numbers
            buttons = [(tr("hud_swap", first=row[i], second=row[i + 1]), session.flow.swap_row, i) for i in range(4)]
        elif session.stage == "trade_piece":
            buttons = [(tr("hud_take", size=tr(f"size_{size}")), session.flow.trade_size, size)
                       for size in session.flow.tradeable()]
        if session.family == "towers" and session.flow.can_undo():
            buttons.append((tr("hud_undo"), lambda _: session.flow.undo(), None))
        made = [DirectButton(text=label, scale=0.055, parent=self.choices_root, command=self._act,
                             extraArgs=[command, value], **BUTTON) for label, command, value in buttons]
        self.choice_widgets += side_by_side(made, -0.42)

    def _act(self, command, value) -> None:
        command(value)
        self.refresh()

    def choose_player(self, seat) -> None:
        self.session.choose_player(seat)

    def next_round(self) -> None:
        if self.session is not None:
            self.session.next_round()
            self.refresh()

    def show_join(self) -> None:
        if self.session is not None and self.session.can_join():
            names = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus"]
            taken = {s.name for s in self.session.seats}
            self.join_entry.enterText(next(n for n in names if n not in taken))
            self.join_panel.show()
            self.join_button.hide()

    def hide_join(self) -> None:
        self.join_panel.hide()
        self.refresh()

    def _toggle_join_kind(self) -> None:
        self.join_kind = "computer" if self.join_kind == "human" else "human"
        self.join_kind_button["text"] = tr("menu_human") if self.join_kind == "human" else tr("menu_computer")

    def confirm_join(self) -> None:
        name = self.join_entry.get().strip()
        if self.session is not None and name:
            self.session.join(name, self.join_kind)
        self.hide_join()

    # -- Dominus: the table's edge, and which edges match ------------------------------------------

    def _draw_limit(self) -> None:
        """The cells a card may take on this table, round the starter at 0,0 (Dominus' `table` option)."""
        reach = getattr(self.session.game.placement, "reach", None)
        if reach is None:
            self.scene.show_limit(None)
            return
        across, along = reach()
        self.scene.show_limit(((-across, -along), (across, along)))

    def _draw_edge_marks(self) -> None:
        """While placing in Dominus, mark each edge the card would touch at the hovered cell: matching or not.

        Off the table (outside the outline) nothing is marked: no card goes there whatever its edges.
        """
        session = self.session
        marks = {}
        on_table = getattr(session.game.placement, "on_table", None)
        if session.stage == "place" and on_table is not None and self.hover_cell is not None:
            from .cards import face
            from .games.dominus.blocks import side_matches

            need = session.state.table.need.get(self.hover_cell)
            if need and on_table(self.hover_cell) and self.hover_cell not in session.state.table.cards:
                code = session._selected_code()
                lies = face(code).turned if session.turned else face(code)
                marks = dict(side_matches(lies.bits, need))
        self.scene.show_edge_marks(self.hover_cell, marks)

    # -- input: the player's hands on the table -------------------------------------------------------

    def _bind_keys(self) -> None:
        """The table's logical inputs (named in screens/inputs.py), bound for the whole window for now."""
        base = self.base

        def bind(name, handler, *args, **kw):
            inputs.bind(base, name, handler, args, **kw)

        bind("click", self.click, release=self._end_drag)
        bind("drag_orbit", self._start_drag, "orbit", release=self._end_drag)
        bind("drag_pan", self._start_drag, "pan", release=self._end_drag)
        bind("zoom_in", self.zoom, 0.88)
        bind("zoom_out", self.zoom, 1 / 0.88)
        for name, args in {"orbit_left": (-8, 0), "orbit_right": (8, 0), "orbit_up": (0, 5),
                           "orbit_down": (0, -5)}.items():
            bind(name, self.rotate, *args, repeat=True)
        for name, args in {"pan_forward": (0, 40), "pan_back": (0, -40), "pan_left": (-40, 0),
                           "pan_right": (40, 0)}.items():
            bind(name, self.pan, *args, repeat=True)
        bind("storeys", self.toggle_storeys)
        bind("elevation", self.toggle_elevation)
        bind("view_top", self.view, "top")
        bind("view_side", self.view, "side")
        bind("view_orbit", self.view, "orbit")
        bind("rotate", self.key_turn)
        bind("cancel", self.key_escape)
        bind("reveal", self.reveal)
        bind("confirm", self.key_enter)
        bind("pass", self.key_pass)
        bind("undo", self.key_undo)
        bind("peek", self.peek, True, release=self.peek, release_args=(False,))
        bind("help", self.toggle_help)
        bind("screenshot", self.screenshot)
        bind("save", self.save_named)

    def mouse(self):
        watcher = self.base.mouseWatcherNode
        if watcher is None or not watcher.hasMouse():
            return None
        point = watcher.getMouse()
        return (point.x, point.y)

    def table_point(self, screen, height: float | None = None) -> tuple[float, float] | None:
        """Where a screen point (-1..1 each way) falls on a level plane (the table's top by default)."""
        near, far = Point3(), Point3()
        if not self.base.cam.node().getLens().extrude(screen, near, far):
            return None
        render = self.base.render
        near = render.getRelativePoint(self.base.cam, near)
        far = render.getRelativePoint(self.base.cam, far)
        hit = Point3()
        z = geometry.card_top(0) if height is None else height
        if not Plane((0, 0, 1), (0, 0, z)).intersectsLine(hit, near, far):
            return None
        return (hit.x, hit.y)

    def ghost_at(self, screen):
        """The ghost (a move) under a screen point: cards on houses and pyramids are picked at their own height."""
        if screen is None:
            return None
        by_height: dict[float, list] = {}
        for move, spot in self.ghost_spots.items():
            by_height.setdefault(spot[1], []).append((move, spot))
        for height in sorted(by_height, reverse=True):
            point = self.table_point(screen, height)
            if point is None:
                continue
            cell = cell_of(*point)
            for move, (spot_cell, _, quarter) in by_height[height]:
                if spot_cell != cell:
                    continue
                if isinstance(quarter, str):  # Elemental Towers: a space, a panel of one or more quarters
                    code = self.session.state.table.faces[cell].code
                    if code[QUARTERS.index(quarter)] == code[quarter_of(*point, cell)]:
                        return move
                elif quarter is None or quarter == quarter_of(*point, cell):
                    return move
        return None

    def cell_at(self, screen) -> tuple[int, int] | None:
        point = self.table_point(screen)
        return None if point is None else cell_of(*point)

    def screen_of_cell(self, cell) -> tuple[float, float] | None:
        """The screen point (-1..1) where a cell's centre appears (for tests and hints)."""
        return self.screen_of_point(*geometry.cell_centre(*cell), geometry.card_top(0))

    def screen_of_point(self, x: float, y: float, z: float) -> tuple[float, float] | None:
        point = self.base.cam.getRelativePoint(self.base.render, Point3(x, y, z))
        projected = Point3()
        if not self.base.cam.node().getLens().project(point, projected):
            return None
        return (projected.x, projected.y)

    def hand_index_at(self, screen) -> int | None:
        aspect = self.base.getAspectRatio()
        x, z = screen[0] * aspect, screen[1]
        for i, (_, (x0, x1, z0, z1)) in enumerate(self.hand_nodes):
            if x0 <= x <= x1 and z0 <= z <= z1:
                return i
        return None

    def click(self, screen=None) -> None:
        """A left click at a screen point (the mouse, if none given)."""
        session = self.session
        if session is None:
            return
        screen = screen or self.mouse()
        if screen is None:
            return
        if session.stage == "cover":
            self.reveal()
            return
        index = self.hand_index_at(screen)
        if index is not None and session.stage == "draft":
            session.flow.draft_discard(index)
        elif index is not None:
            session.select(index)
        elif session.family == "towers" and session.stage in ("earned", "trade_piece"):
            move = self.ghost_at(screen)
            if move is not None:
                session.flow.choose_space(move.to_cell, move.to_space) if isinstance(move, Shift) else \
                    session.flow.choose_space(move.cell, move.space)
            else:
                spot = self.space_at(screen)
                if spot is not None:
                    session.flow.choose_space(*spot)
        elif session.stage == "place" and self.ghost_at(screen) is not None:
            move = self.ghost_at(screen)
            session.choose_cell(move.cell, move.level)
        elif session.stage == "pyramid":
            move = self.ghost_at(screen)
            if move is not None:
                session.flow.choose_quarter(move.cell, move.level, move.quarter)
        elif session.stage in ("place", "target"):
            cell = self.cell_at(screen)
            if cell is not None:
                session.choose_cell(cell)
        elif session.stage == "table_card":
            cell = self.cell_at(screen)
            if cell is not None:
                session.choose_table_card(cell)
        self.refresh()

    def reveal(self) -> None:
        if self.session is not None and self.session.stage == "cover":
            self.session.reveal()
            self.refresh()

    def key_turn(self) -> None:
        if self.session is not None:
            self.session.turn_card()
            self.refresh()

    def key_escape(self) -> None:
        if self.help_shown:
            self.toggle_help()
        elif self.session is not None:
            self.session.cancel()
            self.refresh()

    def key_undo(self) -> None:
        """U or Ctrl+Z (Elemental Towers): back to the start of the turn."""
        if self.session is not None and self.session.family == "towers" and self.session.flow.undo():
            self.refresh()

    def key_enter(self) -> None:
        if self.session is not None:
            self.session.confirm()
            self.refresh()

    def key_pass(self) -> None:
        if self.session is not None:
            self.session.pass_turn()
            self.refresh()  # passed, or why not

    def peek(self, on: bool) -> None:
        if self.session is not None:
            self.session.peek(on)
            self.refresh()

    def toggle_help(self) -> None:
        if self.session is None:
            return
        self.help_shown = not self.help_shown
        self.help_panel.show() if self.help_shown else self.help_panel.hide()

    def toggle_help_page(self) -> None:
        """Switch the help between the controls and this game's rulings (the ruleset's `rulings:`)."""
        if self.session is None:
            return
        self.help_page = "rulings" if self.help_page == "controls" else "controls"
        if self.help_page == "rulings":
            ruleset = self.session.game.ruleset
            self.help_title.setText(tr("help_rulings_title", game=ruleset.name))
            self.help_body.setText("\n\n".join(f"- {r.text(language())}" for r in ruleset.rulings))
            self.help_body.setScale(0.038)
            self.help_page_button["text"] = tr("help_controls")
        else:
            self.help_title.setText(tr("help_title"))
            self.help_body.setText(tr("help_text"))
            self.help_body.setScale(0.043)
            self.help_page_button["text"] = tr("help_rulings")

    def screenshot(self) -> Path | None:
        folder = saves.pictures_dir()
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / time.strftime("aquarius3d-%Y%m%d-%H%M%S.png")
        if self.base.win.saveScreenshot(str(path)):
            self.status = tr("screenshot_saved", path=path)
            self.refresh()
            return path
        return None

    def save_named(self) -> Path | None:
        if self.session is None:
            return None
        name = time.strftime("%Y-%m-%d %H-%M-%S")
        try:
            path = saves.save(self.session.record(), name)
        except OSError as exc:
            self.status = tr("save_failed", reason=exc.strerror or exc)
            self.refresh()
            return None
        self.status = tr("saved_as", name=path.stem)
        self.refresh()
        return path

    # -- the camera ---------------------------------------------------------------------------------

    def framed(self, name: str) -> Orbit:
        """A preset view, nudged so the cards sit above the hand along the bottom of the screen."""
        bounds = self.scene.bounds()
        if self.trays is not None:  # the pyramid trays in front of the seats are part of the picture
            (x0, y0, z0), (x1, y1, z1) = bounds
            width, reach = self.trays.extent(len(self.session.seats), 5)
            middle = (x0 + x1) / 2
            bounds = ((min(x0, middle - width / 2), y0, z0), (max(x1, middle + width / 2), y1 + reach, z1))
        shown = [pile for pile, stack in self.piles.stacks.items() if not stack.isHidden()]
        if shown:  # the piles beside the table, too
            (low, high), (p0, p1) = bounds, self.piles.extent(shown)
            bounds = (tuple(map(min, low, p0)), tuple(map(max, high, p1)))
        if self.scoring_row is not None:  # and the scoring row standing to the right of the cards
            (low, high), (r0, r1) = bounds, self.scoring_row.extent()
            bounds = (tuple(map(min, low, r0)), tuple(map(max, high, r1)))
        view = preset(name, bounds)
        if name == "top":
            return view.pan(0, -0.16 * view.distance)
        return view.pan(0, -0.1 * view.distance) if name == "orbit" else view

    def view(self, name: str) -> None:
        if name == "side" and self.rising:
            self.show_elevation(True)
            return
        self.show_elevation(False)
        if self.scene is not None:
            self._orbit_goal = (self.orbit, self.framed(name), time.monotonic())

    def rotate(self, heading: float, pitch: float) -> None:
        self.show_elevation(False)
        self._orbit_goal = None
        self.orbit = self.orbit.orbit(heading, pitch)
        self.orbit.apply(self.base.camera)

    def zoom(self, factor: float) -> None:
        if self.elevation_on:  # the elevation stays orthographic: zoom its film, keep the scale true
            self.elevation.zoom = max(0.2, min(2.0, self.elevation.zoom * factor))
            self._aim_elevation()
            return
        self._orbit_goal = None
        self.orbit = self.orbit.zoom(factor)
        self.orbit.apply(self.base.camera)

    def pan(self, right: float, forward: float) -> None:
        self.show_elevation(False)
        self._orbit_goal = None
        self.orbit = self.orbit.pan(right * self.orbit.distance / 700, forward * self.orbit.distance / 700)
        self.orbit.apply(self.base.camera)

    def _start_drag(self, mode: str) -> None:
        point = self.mouse()
        if point is not None and self.session is not None:
            self._drag = (mode, point[0], point[1])

    def _end_drag(self) -> None:
        self._drag = None

    def busy(self) -> bool:
        """Is anything moving or about to, with nobody touching the window: the camera, a drag, a computer?"""
        session = self.session
        return self._orbit_goal is not None or self._drag is not None or \
            (session is not None and session.stage == "computer")

    def _tick(self, task):
        now = time.monotonic()
        if self._orbit_goal is not None:
            start, goal, began = self._orbit_goal
            t = min(1.0, (now - began) / TRANSITION)
            self.orbit = start.blend(goal, t)
            self.orbit.apply(self.base.camera)
            if t >= 1.0:
                self._orbit_goal = None
        point = self.mouse()
        if self._drag is not None and point is not None:
            mode, x, y = self._drag
            dx, dy = point[0] - x, point[1] - y
            if mode == "orbit":
                self.rotate(dx * 120, -dy * 60)
            else:
                self.pan(-dx * 400, -dy * 400)
            self._drag = (mode, point[0], point[1])
        if point is not None and self.session is not None and self.session.stage in ("place", "target", "pyramid"):
            cell = self.cell_at(point)
            move = self.ghost_at(point)
            if cell != self.hover_cell or move != self.hover_move:
                self.hover_cell, self.hover_move = cell, move
                self._hover_ghost()
                self._draw_edge_marks()
        if self.storey_labels is not None and self.storey_labels.shown:
            self.storey_labels.fit(self.orbit.distance)
        session = self.session
        if session is not None and session.stage == "computer" and now >= self._bot_due:
            session.computer_move()
            self._bot_due = now + BOT_PAUSE
            self.refresh()
        elif session is not None and session.stage != "computer":
            self._bot_due = now + BOT_PAUSE
        return task.cont

    def _hover_ghost(self) -> None:
        if self.scene is None:
            return
        hovered = self.hover_move if self.hover_move in self.scene.ghosts else None
        if hovered is None:
            for move in self.scene.ghosts:
                target = move.cell if isinstance(move, Place) else move.target if isinstance(move, MoveCard) else None
                if target == self.hover_cell and getattr(move, "level", 0) == 0:
                    hovered = move
        self.scene.emphasise_ghost(hovered)

    # -- Aquarius Rising: ghosts at storey heights, the supply, storeys and the elevation ---------------------

    def _show_ghosts(self) -> None:
        """Ghost cards (on houses at their storey's height) or ghost pyramids, and where each is picked."""
        session, state = self.session, self.session.state
        views, self.ghost_spots = {}, {}
        for move, spot in session.ghosts().items():
            cell, code = spot[0], spot[1]
            level = spot[2] if len(spot) > 2 else 0
            top = level_top(state, cell, level) if self.rising else geometry.card_top(0)
            views[move] = CardView(cell, code, level, geometry.card_bottom(top))
            self.ghost_spots[move] = (cell, top, None)
        if session.family == "towers":
            from .games.towers.blocks import piece_at

            for move, (cell, space, piece) in session.flow.towers_ghosts().items():
                code = state.table.faces[cell].code
                below = piece_at(state, cell, space) or [] if isinstance(move, Shift) else []
                stacked = list(tower_views(cell, code, space, below + piece).values())[len(below):]
                for i, view in enumerate(stacked):
                    views[move if i == 0 else (move, i)] = view
                self.ghost_spots[move] = (cell, stacked[0].base + geometry.PYRAMID_HEIGHT[piece[0][0]] * 0.3, space)
        pyramid_ghosts = session.flow.pyramid_ghosts() if session.family == "rising" else {}
        for move, (cell, level, quarter, pyramid) in pyramid_ghosts.items():
            base = surface_top(state, cell, level)
            views[move] = PyramidView(cell, level, quarter, pyramid, base)
            self.ghost_spots[move] = (cell, base + geometry.PYRAMID_HEIGHT[pyramid[0]] * 0.3, quarter)
        self.scene.show_ghosts(views)

    def space_at(self, screen) -> tuple | None:
        """The space (cell and panel) under a screen point, picked a little above the cards (pyramids stand there)."""
        point = self.table_point(screen, geometry.card_top(0) + 8.0)
        if point is None:
            return None
        cell = cell_of(*point)
        face = self.session.state.table.faces.get(cell)
        if face is None:
            return None
        code = face.code
        quarter = quarter_of(*point, cell)
        return cell, QUARTERS[code.index(code[quarter])]

    def _draw_towers(self) -> None:
        """The supply on its tray, the scoring row, outlines of the pieces that may move."""
        session = self.session
        supply = session.flow.supply_left()
        self.trays.update([(tr("hud_towers_supply"), supply)], None)
        self.scoring_row.update(session.flow.row(), list(session.game.end.values), tr("hud_row"))
        self.rings.update(session.state, session.flow.movable() if session.source is None else set(),
                          session.source if session.stage in ("earned", "trade_piece") else None)
        if session.stage == "earned":
            self.hud_hint.setText(session.hint())

    def _draw_rising(self) -> None:
        session = self.session
        covered = session.stage == "cover"
        supplies = [(seat.name, session.flow.supply(i)) for i, seat in enumerate(session.seats)]
        self.trays.update(supplies, None if covered else session.seat)
        self.storey_labels.update(session.state)
        self.storey_labels.fit(self.orbit.distance)
        self.elevation.update(element_tops(session.state))
        if self.elevation_on:
            self._aim_elevation()

    def _draw_supply(self) -> None:
        """The player's pyramids as buttons, by colour and size, with counts: pick one, then a glowing quarter."""
        session = self.session
        supply = session.flow.supply()
        self.choice_widgets.append(self._text(tr("hud_supply"), (0, -0.3), 0.05, parent=self.choices_root))
        buttons = []
        for code, count in supply:
            rgb = PYRAMID_RGB[code[1]]
            chosen = code == session.flow.pyramid
            button = DirectButton(
                text=f"{pyramid_name(code)}: {count}", scale=0.042, parent=self.choices_root, command=self._act,
                extraArgs=[session.flow.select_pyramid, code], frameColor=(*rgb, 1),
                text_fg=(0.1, 0.1, 0.1, 1) if sum(rgb) / 3 > 0.55 else TEXT,
                relief=DGG.SUNKEN if chosen else DGG.RAISED, pad=(0.5, 0.35), borderWidth=(0.15, 0.15))
            if chosen:
                button["text"] = f"> {pyramid_name(code)}: {count} <"
                button.setScale(0.047)
            buttons.append(button)
        # Lay the buttons out in rows centred under the table, each as wide as its text.
        rows, row, used = [], [], 0.0
        for button in buttons:
            width = button.getWidth() * button.getScale()[0]
            if row and used + width > 2.2:
                rows.append(row)
                row, used = [], 0.0
            row.append((button, width))
            used += width + 0.025
        if row:
            rows.append(row)
        for r, row in enumerate(rows):
            x = -(sum(w for _, w in row) + 0.025 * (len(row) - 1)) / 2
            for button, width in row:
                button.setPos(x + width / 2, 0, -0.38 - r * 0.085)
                x += width + 0.025
        self.choice_widgets += buttons

    def toggle_storeys(self) -> None:
        """L: label every storey of every house with its number and height."""
        if self.storey_labels is not None:
            self.storey_labels.toggle()

    def toggle_elevation(self) -> None:
        """E: the side elevation (orthographic, with a millimetre ruler), or back to the orbit view."""
        self.show_elevation(not self.elevation_on)

    def show_elevation(self, on: bool) -> None:
        if on and self.elevation is None:
            return
        if on == self.elevation_on:
            return
        self.elevation_on = on
        furniture = [self.piles.root, self.trays.root, *self.scene.rim] if self.trays is not None else []
        if on:
            self._orbit_goal = None
            self.elevation.update(element_tops(self.session.state))
            self.elevation.root.show()
            for node in furniture:  # seen from the front they would stand before the houses
                node.hide()
            self._aim_elevation()
        else:
            self.base.cam.node().setLens(self.perspective)
            if self.elevation is not None:
                self.elevation.root.hide()
            for node in furniture:
                node.show()
            self.orbit.apply(self.base.camera)

    def _aim_elevation(self) -> None:
        self.base.cam.node().setLens(self.elevation.lens(self.base.getAspectRatio()))
        eye, target = self.elevation.camera_pose(self.base.getAspectRatio())
        self.base.camera.setPos(*eye)
        self.base.camera.lookAt(*target)

    def run(self) -> None:
        self.base.run()


def main(play: tuple | None = None, session: Session | None = None) -> None:
    """Open the window: the menu, or straight into a game (`aquarius3d play`), new or loaded (`--load`)."""
    saves.clean_temporary()
    app = App()
    if session is not None:
        app.open_session(session)
    elif play is not None:
        ruleset, options, seats, targets = play
        app.start_game(ruleset, options, seats, targets=targets)
    app.run()
