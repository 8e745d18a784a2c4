"""The table's HUD: turn and counts, the log, the goal, the prompt strip and its choice dialog, the cover, help, the end.

(The Join button and form are screens/join.py; the game menu screens/game_menu.py; the strip and the dialog
screens/prompt.py; where each part lies, at the interface scale, screens/layout.py.)

The HUD draws what the session says; the table screen (screens/table_screen.py) tells it when. `obstacles()`
gives the parts of the window the HUD and the hand cover, so that the camera frames the table
beside them (view/framing.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from direct.gui.DirectGui import DGG, DirectFrame
from panda3d.core import NodePath, Point3, TextNode

from ..core.vocabulary import LETTER_OF
from ..i18n import action_name, game_controls, language, tr
from ..session import Stage
from ..view.camera import Rect
from ..view.card_art import goal_texture
from ..view.hand import Hand
from . import cover, end_panel, goal_news, layout
from .layout import END, INFO, LOG
from .log_scroll import LogScroll
from .overlays import node_rect
from .prompt import Prompt
from .widgets import BUTTON, OVERLAY, Frame, newest_lines, side_by_side

if TYPE_CHECKING:
    from ..engine.moves import Move
    from ..rules.records import Ruleset
    from ..session import Session
    from ..view.scene import TableScene
    from .table_screen import TableScreen

DARK = (0.05, 0.06, 0.08, 0.62)
NOTICE_TEXT = 0.05  # the notice's size at 100%: smaller when its rows would not fit its band
INFO_TEXT = 0.045  # the counts' size in the turn panel (smaller when a row would run out of the panel)
TURN_TEXT = 0.065  # the turn's title at 100% (smaller when a long name would reach the Menu button)
MENU_TEXT = 0.04  # the Menu button's words
HELP = (-1.15, 1.15, -0.8, 0.68)  # F1's panel round the window's middle, at 100% (wider where the window is)
HELP_WIDEST = 1.55  # the most its half-width grows to, at 100%, so that each row of controls holds on one line
HELP_WORDS = (-0.08, 0.08, -0.66, 0.48)  # F1's words in its panel: in from its sides, over its page button
GOAL_TEXT = 0.045  # the goal's words at 100%, in the box over the goal card (smaller when they would not fit)
GOAL_WORDS = (-0.62, -0.04, 0.24, 0.5)  # that box, from the bottom right corner
LOG_TAB = (-0.04, -0.085)  # the folded log's tab, from the top right corner: its right edge, its words' baseline
LOG_TAB_TEXT = 0.045


class Hud:
    """Every 2D part of the table screen; `screen` keeps the widgets (screens/__init__.py)."""

    def __init__(self, screen: TableScreen, scene: TableScene) -> None:
        self.screen = screen
        base = self.base = screen.base
        root = screen.root
        assert root is not None  # (made as the screen is built)
        self.scale = 1.0  # the interface scale (Settings); `relayout` places everything again when it changes
        # the corners' parts grow from their corners: each corner has a node of the screen's, scaled
        self.top_left, self.top_right = screen.anchor(base.a2dTopLeft), screen.anchor(base.a2dTopRight)
        self.bottom_right, self.bottom_left = screen.anchor(base.a2dBottomRight), screen.anchor(base.a2dBottomLeft)
        self.right_centre = screen.anchor(base.a2dRightCenter)
        self.info_panel = screen.panel(INFO, parent=self.top_left, colour=DARK)
        self.log_panel = screen.panel(LOG, parent=self.top_right, colour=DARK)
        self.turn = screen.text("", (0.06, -0.1), TURN_TEXT, TextNode.ALeft, parent=self.top_left)
        self.info = screen.text("", (0.06, -0.18), 0.045, TextNode.ALeft, parent=self.top_left)
        # the game menu on the screen, not only behind Esc (a playtester found no way to it with the mouse)
        self.menu_button = screen.button(tr("hud_menu_button"), screen.open_menu, (0.0, -0.095), MENU_TEXT,
                                         parent=self.top_left)
        self._place_menu_button()
        self.notice = screen.text("", (0, 0.88), NOTICE_TEXT, fg=(1.0, 0.85, 0.45, 1), wrap=38)  # between the panels
        self.log = screen.text("", (LOG[0] + 0.04, -0.08), 0.04, TextNode.ALeft, parent=self.top_right,
                               wrap=(LOG[1] - LOG[0] - 0.08) / 0.04)  # in the panel, from its left
        # The log folds to a tab in the corner (J, or a click on either, unfolds or folds it; Settings keep the
        # choice): folded, the table's far rows come up to the window's top, and the cards larger (the notice still
        # says the newest move, the hand-off cover the moves since the player's last turn).
        self.log_open = False
        self.log_scroll = LogScroll()  # (the wheel over the panel: its own events, log_scroll.py)
        self.log_tab = screen.button(tr("hud_log_tab"), screen.toggle_log, LOG_TAB, LOG_TAB_TEXT, parent=self.top_right)
        self._place_log_tab()
        self.log_panel["state"] = DGG.NORMAL
        self.log_panel.bind(DGG.B1PRESS, lambda _event: screen.toggle_log())
        self.log_scroll.bind(self.log_panel, lambda: len(screen.session.messages), screen.refresh)
        self.goal = screen.text("", (GOAL_WORDS[1], 0.3), GOAL_TEXT, TextNode.ARight, parent=self.bottom_right)
        self.goal_card = screen.button(tr("hud_goal_button"), None, (-0.2, 0.13), 0.05, parent=self.bottom_right)
        self.hand = Hand(root, scene)
        self.choices_root = root.attachNewNode("choices")
        self.prompt = Prompt(screen, self.choices_root)  # what to do now, over the hand, and the choices beside it
        self.hint = self.prompt.text
        self.new_goal = goal_news.NewGoal(screen, root)  # a hot-seat mover's new goal, large over the prompt
        self.choice_widgets = self.prompt.widgets
        # The hand-off cover dims the table rather than hiding it: the moves since the player's last turn stay in
        # view behind it, and it shows no hand and no goal (the session shows none while it is up).
        self.cover = screen.keep(DirectFrame(frameColor=(0.05, 0.06, 0.08, 0.8), frameSize=(-4, 4, -1.2, 1.2),
                                             parent=root, state=DGG.NORMAL))
        self.cover_words = self.cover.attachNewNode("cover-words")  # scaled as the interface is, as far as fits
        words = self.cover_words
        self.cover_band = screen.keep(DirectFrame(frameColor=(0.02, 0.03, 0.04, 0.55), parent=words,
                                                  frameSize=(-1.3, 1.3, -0.05, 0.8)))  # under all it says (cover.py)
        self.cover_title = screen.text("", (0, 0.62), 0.1, parent=words)
        self.cover_since = screen.text("", (0, 0.45), 0.05, parent=words, wrap=40, fg=(0.95, 0.85, 0.55, 1))
        self.cover_hint = screen.text("", (0, -0.72), 0.05, parent=words, wrap=40)
        self.cover_note = screen.text("", (0, -0.58), 0.05, parent=words, wrap=40, fg=(1.0, 0.85, 0.45, 1))  # Ctrl+S
        self.cover_held = False  # the table screen holds the cover back a moment, so the last move is seen
        self._build_help()
        self._build_end()
        screen.relabelers.append(self.relabel)
        self.relayout(1.0)

    def relayout(self, scale: float) -> None:
        """Size every part for the interface scale (1.0, 1.25, 1.5) and the window's shape, as screens/layout.py
        says: the corners' parts from their corners, the notice between the top panels, the prompt over the hand."""
        self.scale = scale
        top = layout.top_scale(scale, self.base.getAspectRatio())
        self.top_left.setScale(top)
        self.top_right.setScale(top)
        self.log_rows = layout.log_rows(top)  # fewer, larger rows: the log's panel keeps about its height
        self.log_frame = layout.log_frame(self.log_rows)
        self.log_panel["frameSize"] = self.log_frame
        for corner in (self.bottom_right, self.bottom_left, self.right_centre):
            corner.setScale(scale)
        aspect = self.base.getAspectRatio()
        size, lowered = layout.end_place(scale, aspect)  # the end panel: under the log, as large as fits there
        self.end_panel.setScale(size / scale)
        self.end_panel.setZ(lowered / scale)
        high = min(scale, (1 - layout.MARGIN) / -HELP[2])  # F1's panel: as wide as the window lets it, then scaled
        wide = max(HELP[1], min(HELP_WIDEST, (aspect - layout.MARGIN) / high))
        self.help_panel["frameSize"] = (-wide, wide, HELP[2], HELP[3])
        self.help_panel.setScale(layout.fitted(scale, (-wide, wide, HELP[2], HELP[3]), aspect))
        self.fit_help(0.043 if self.help_page == "controls" else 0.038)
        self.cover_words.setScale(layout.fitted(scale, cover.WORDS, aspect))
        self.prompt.scale = scale
        self.prompt.cover_scale = self.cover_words.getSz()
        self.prompt.layout()
        self.fit_notice()
        self.fit_goal()
        self.fit_info()

    def relabel(self, old: str) -> None:
        """After a change of language: the rulings page is the ruleset's own text, drawn again in the new one; the
        buttons whose words changed width placed again."""
        self._place_help_buttons()
        self._place_menu_button()
        if self.help_page == "rulings":
            ruleset = self.screen.session.game.ruleset
            self.toggle_help_page(ruleset)
            self.toggle_help_page(ruleset)

    def _build_help(self) -> None:
        screen = self.screen
        self.help_panel = screen.panel(HELP, colour=OVERLAY)  # opaque: nothing of the HUD or the table reads through it
        self.help_title = screen.text(tr("help_title"), (0, 0.56), 0.07, parent=self.help_panel)
        self.help_body = screen.text(self.controls(), (-1.07, 0.44), 0.043,
                                     TextNode.ALeft, parent=self.help_panel, wrap=53)  # (this game's rows)
        self.help_page_button = screen.button(tr("help_rulings"), None, (0, -0.72), 0.05, parent=self.help_panel)
        self.help_close_button = screen.button(tr("help_close"), screen.toggle_help, (0, -0.72), 0.05,
                                               parent=self.help_panel)  # (Esc and F1 close it too)
        self._place_help_buttons()
        self.help_page = "controls"
        self.fit_help(0.043)
        self.help_panel.setBin("gui-popup", 60)  # above the hint and the log
        self.help_panel.hide()

    def _build_end(self) -> None:
        screen = self.screen
        self.end_panel = screen.panel(END, parent=self.right_centre)
        middle = (END[0] + END[1]) / 2
        self.end_title = screen.text("", (middle, 0.4), 0.075, parent=self.end_panel)
        self.end_lines = screen.text("", (middle, 0.29), 0.045, parent=self.end_panel, wrap=26)
        self.end_buttons = [screen.button(tr("end_play_again"), None, (middle - 0.3, -0.5), 0.055, parent=self.end_panel),
                            screen.button(tr("end_menu"), None, (middle + 0.3, -0.5), 0.055, parent=self.end_panel)]
        self.next_round_button = screen.button(tr("round_next"), None, (middle, -0.5), 0.055, parent=self.end_panel)
        self.same_cards_button = screen.button(tr("towers_same_deck"), None, (middle, -0.38), 0.055,
                                               parent=self.end_panel)
        self.end_panel.hide()

    # -- drawing from the session ---------------------------------------------------------------------

    def update(self, session: Session, status: str) -> None:
        """Texts, the goal, the hand, the cover and the end panel, as the session stands."""
        state = session.shown_state  # (between Dominus' rounds: the round as it ended)
        seen = session.observation()
        name = session.seats[session.seat].name
        self.turn.setText(session.turn_title())
        top = session.game.deck.cards[state.discard[-1]].code if state.discard else None
        info = [tr("hud_deck", count=len(state.deck)),
                tr("hud_discard", top=action_name(top)) if top else tr("hud_discard_empty")]
        flow = session.flow
        if session.game.goal_ids() and not flow.solitaire:
            info.append(tr("hud_unused_goals", count=len(state.unused_goals)))
        lines = [flow.seat_line(i, n) for i, n in enumerate(seen["hand_sizes"])]
        score = flow.score_line()
        if score is not None:  # a solitaire game: its score and rank
            sizes = score
        elif all(line is not None for line in lines):  # each seat the family's way (Aquarius Rising: its pyramids)
            sizes = "\n".join(line for line in lines if line is not None)
        else:  # "Ann: 4 cards" ("Ann : 4 cartes" in French), a seat a line; past three seats two a line, in the panel
            seats = [tr("name_and_counts", name=s.name, counts=tr("count_cards", count=n))
                     for s, n in zip(session.seats, seen["hand_sizes"])]
            step = 1 if len(seats) <= 3 else 2
            sizes = "\n".join("   ".join(seats[i:i + step]) for i in range(0, len(seats), step))
        self.info.setText("\n".join(info + [sizes]))
        self.fit_info()
        if session.stage == Stage.DRAFT:  # the three cards offered are shown as a hand to choose from
            seen = {**seen, "hand": flow.offered_cards()}
        ended = session.stage in (Stage.OVER, Stage.ROUND_OVER)
        cards = [] if ended else seen["hand"]
        join, heights = self.screen.join.button, getattr(self.screen, "heights", None)
        corner = (heights.corner_width() if heights is not None and heights.wanted  # (its width as drawn)
                  else self.screen.join.width() if not join.isHidden() else 0.0)  # (what the bottom left corner holds)
        # the right side: the goal (a seat's: none in a solitaire game, nor for one who only watches; Elemental Towers'
        # drawn action card stands in the hand's place, feedback.py)
        right = -layout.GOAL[0] if seen["goal"] is not None else 0.0
        height, centre = layout.hand_place(self.scale, self.base.getAspectRatio(), len(cards), corner, right)
        self.hand.draw(cards, session.selected, session.stage == Stage.PLACE and session.turned, height,
                       layout.HAND_BOTTOM * self.scale, layout.LIFT * self.scale, centre, layout.CARD_H * self.scale)
        self.prompt.hand, corner = self.screen.feedback.strip_place(bool(cards), corner)  # (no hand: lowest)
        self.prompt.corner, self.prompt.right = corner, right
        self.prompt.ceilings = [self._aspect_rect(self.top_left, tuple(self.info_panel["frameSize"])),
                                self._aspect_rect(self.top_right, self.log_frame), self.notice_rect()]
        self.prompt.say(session.hint() if not goal_news.covered(self.screen) else "")  # (the cover says whose turn)
        notice = session.notice if session.notice and session.notice not in status else status  # not said twice
        self.notice.setText(notice)
        self.fit_notice()
        newest_lines(self.log, self.log_scroll.lines(session.messages), self.log_rows)  # wrapped in its panel
        self.fold_log(bool(session.messages))
        self.goal.setText(session.goal_text() or session.goal_hint())
        self.fit_goal()
        self.show_goal_card(seen["goal"] if session.goal_text() else None)
        self.goal_card.hide() if seen["goal"] is None else self.goal_card.show()
        if goal_news.covered(self.screen) and not self.cover_held:  # (not over a mover's new goal)
            self.cover.show()
            self.cover_title.setText(tr("cover_title", name=name))
            since = session.since_last_turn()
            self.cover_since.setText("\n".join([tr("cover_since")] + since) if since else "")
            self.cover_hint.setText(tr("cover_hint", name=name))
            cover.stack(self, session.can_take_back())  # one under the other, all in the box
        else:
            self.cover.hide()
            self.cover_note.setText("")  # (said on the cover only while it shows)
        self._update_end(session)

    def show_goal_card(self, element: str | None) -> None:
        """The goal button: its name ("Goal") until the player peeks, then the goal card itself: its element's disc with
        the element's symbol (the symbols say the element without its colour) and the seven panels it asks for
        (view/card_art.py, as the Rules pages draw it); its name is said above it."""
        card = self.goal_card
        if element is None:
            if card["text"] != tr("hud_goal_button"):  # ("?" read as help: it says what it holds)
                card["frameTexture"] = None
                card["frameColor"] = BUTTON["frameColor"]
                card["text"] = tr("hud_goal_button")
                card["frameSize"] = None
                card.resetFrameSize()
            return
        card["text"] = ""
        card["frameTexture"] = goal_texture(LETTER_OF[element])
        card["frameColor"] = (1.0, 1.0, 1.0, 1.0)
        card["frameSize"] = layout.GOAL_CARD

    def _update_end(self, session: Session) -> None:
        if session.stage not in (Stage.OVER, Stage.ROUND_OVER):
            self.end_panel.hide()
            return
        self.end_panel.show()
        lines = session.summary()
        if session.stage == Stage.ROUND_OVER:
            self.end_title.setText(lines[0])
            self.end_lines.setText("\n".join(lines[1:]))
            going_on = self.next_round_button  # (Next round; Continue at a joined player's window)
            if going_on["text"] != session.go_on_words():
                going_on["text"] = session.go_on_words()
            going_on.show() if session.can_go_on() else going_on.hide()
            self.same_cards_button.hide()  # (Elemental Towers' own, at its end: never between Dominus' rounds)
            for button in self.end_buttons:
                button.hide()
            self.fit_end()
            return
        towers = session.flow.replays_deck  # (Elemental Towers: the same cards again, or a new deal)
        self.end_title.setText(tr("end_title"))
        self.end_lines.setText("\n".join(lines))
        self.next_round_button.hide()
        for button in self.end_buttons:
            button.show()
        self.same_cards_button.show() if towers else self.same_cards_button.hide()
        self.end_buttons[0]["text"] = tr("towers_new_deal") if towers else tr("end_play_again")
        self.fit_end()

    def draw_choices(self, session: Session, act: Callable[[Callable[..., object], Move | None], None]) -> None:
        """The stage's choices (players, directions, skips...) as the dialog's buttons, each saying what it does, and
        the take-back button at the strip's end (on the cover, which hides all else, under its words);
        `act(command, value)` on a click."""
        label = None
        if session.can_take_back():  # the same take-back as U (Elemental Towers: its undo of the turn)
            mover = session.take_back_mover()
            # at a screen shared by several people, whose move it takes back once another's turn shows (the cover)
            label = tr("hud_undo") if session.flow.own_undo else tr("hud_take_back") \
                if mover is None or mover == session.seat or session.humans < 2 \
                else tr("hud_take_back_of", name=session.seats[mover].name)
        # nothing to play: Pass as a button too (P at the keyboard), so that a player with only a mouse goes on
        passing = goal_news.done_button(self.screen) or ([(tr("hud_pass_button"), lambda _: session.pass_turn())]
                                                         if session.stage == Stage.CHOOSE and session.can_pass() else [])
        heights = getattr(self.screen, "heights", None)  # (drawn by now: its ties' lines may raise it over the hand)
        self.prompt.corner_top = heights.frame[3] if heights is not None and heights.wanted else 0.0
        self.prompt.draw(session.options(), label, act, session.choose, lambda _: session.take_back(),
                         self.cover if goal_news.covered(self.screen) else None, passing)
        self.new_goal.draw(self)

    def say(self, words: str) -> None:
        """Words in the prompt strip instead of the session's hint (H's suggestion), until the next redraw."""
        self.prompt.say(words)

    def toggle_help_page(self, ruleset: Ruleset) -> None:
        """Switch the help between the controls and this game's rulings (the ruleset's `rulings:`)."""
        self.help_page = "rulings" if self.help_page == "controls" else "controls"
        if self.help_page == "rulings":
            self.help_title.setText(tr("help_rulings_title", game=ruleset.name))
            self.help_body.setText("\n".join(f"- {r.text(language())}" for r in ruleset.rulings))
            self.fit_help(0.038)
            self.help_page_button["text"] = tr("help_controls")
        else:
            self.help_title.setText(tr("help_title"))
            self.help_body.setText(self.controls())
            self.fit_help(0.043)
            self.help_page_button["text"] = tr("help_rulings")
        self._place_help_buttons()

    def notice_rect(self) -> Frame:
        """The notice's place (aspect2d units): the top of the window between the turn panel and the log panel, or
        its tab when the log is folded (at 1024x600 and 150% a move's notice took four rows over the table, beside
        the room the folded log leaves)."""
        right = None
        if not self.log_open:
            left = self.log_tab.getX() + self.log_tab.guiItem.getFrame()[0] * LOG_TAB_TEXT
            right = self._aspect_rect(self.top_right, (left, left, 0.0, 0.0))[0]
        return layout.notice_rect(self.scale, self.base.getAspectRatio(), right)

    def fit_notice(self) -> None:
        """Wrap the notice to the width between the panels, at the largest size whose rows fit in its band: a long
        notice (Rotate Goals among five players, in French) never runs under the log or the turn panel."""
        left, right, bottom, top = self.notice_rect()
        node = self.notice.textNode
        size = layout.fit_text(node, right - left, top - bottom, NOTICE_TEXT * self.scale)
        self.notice.setScale(size)
        self.notice.setPos((left + right) / 2, top - (node.getTop() if node.getText() else 0.0) * size)

    def fit_help(self, size: float) -> None:
        """F1's words wrapped to its panel, over its page button, as large as its room lets them up to ROOMY times
        their size or the interface scale, and at least READABLE pixels high where they fit (at 1024x600 and 100%, 0.043 drew them 13 pixels high
        over an empty half panel); each row of controls on one row, the rulings' sentences no longer than LINE_EMS;
        the words a block in the panel's middle. Where the panel is drawn smaller than the interface scale (fitted to
        the window's height: about 122% at 150% in a 16:9 window), its words grow back towards the scale."""
        wide, sx = self.help_panel["frameSize"][1], self.help_panel.getSx()
        room = (-wide - HELP_WORDS[0], wide - HELP_WORDS[1], HELP_WORDS[2], HELP_WORDS[3])
        ceiling = max(size * max(layout.ROOMY, self.scale / sx),
                      layout.READABLE * self.scale / (sx * layout.window_pixels(self.base)[1] / 2))
        node = self.help_body.textNode
        found = layout.fit_words(node, room, size, ceiling, self.help_page == "controls")
        self.help_body.setScale(found)
        self.help_body.setPos(max(room[0], -node.getWidth() * found / 2),
                              room[3] - (node.getTop() if node.getText() else 0.0) * found)

    def controls(self) -> str:  # (F1: the keys of the game played, as its Rules page lists them)
        return "\n".join(game_controls(self.screen.session.family))

    def fit_end(self) -> None:
        """The end panel round its title, its lines and the buttons that show (Elemental Towers has two rows of
        them), low where the end keeps furniture clear of it: screens/end_panel.py."""
        rows = [[self.same_cards_button], self.end_buttons, [self.next_round_button]]
        end_panel.fit(self.end_panel, self.end_title, self.end_lines, rows, bool(self.screen.parts.end_furniture()))

    def end_frame(self) -> Frame:
        """The end panel's frame as drawn now (its units: screens/end_panel.py sizes it to its words)."""
        frame = self.end_panel["frameSize"]
        return (frame[0], frame[1], frame[2], frame[3])

    def _place_help_buttons(self) -> None:
        """F1's page button and its Close button side by side under its words, whatever their words' widths."""
        side_by_side([self.help_page_button, self.help_close_button], -0.72, gap=0.06)

    def _place_menu_button(self) -> None:
        """The Menu button at the right end of the turn panel's title row (its words as wide as the language's)."""
        right = self.menu_button.guiItem.getFrame()[1] * MENU_TEXT
        self.menu_button.setX(INFO[1] - 0.03 - right)

    def fit_info(self) -> None:
        """The counts in the turn panel: smaller when a row would run past the panel's right edge, and the panel as
        deep as its rows (five seats of Aquarius Rising are a row each)."""
        title = self.turn.textNode  # the turn's title left of the Menu button: smaller where a long name needs it
        room = self.menu_button.getX() + self.menu_button.guiItem.getFrame()[0] * MENU_TEXT - 0.03 - 0.06
        self.turn.setScale(min(TURN_TEXT, room / title.getWidth()) if title.getText() and title.getWidth() > 0
                           else TURN_TEXT)
        node = self.info.textNode
        width = INFO[1] - INFO[0] - 0.08  # (the words start 0.04 in from the panel's left edge)
        size = min(INFO_TEXT, width / node.getWidth()) if node.getText() and node.getWidth() > 0 else INFO_TEXT
        self.info.setScale(size)
        bottom = -0.18 + (node.getBottom() if node.getText() else 0.0) * size - 0.03
        self.info_panel["frameSize"] = (INFO[0], INFO[1], min(INFO[2], bottom), INFO[3])

    def fit_goal(self) -> None:
        """The goal's words in their box over the goal card, right-aligned, as large as fits (Aqua-Chicken's lines
        are long): they never run over the card or out of the goal's corner."""
        left, right, bottom, top = GOAL_WORDS
        node = self.goal.textNode
        size = layout.fit_text(node, right - left, top - bottom, GOAL_TEXT)
        self.goal.setScale(size)
        # its last row just over the goal card (an empty text's frame is no number: Panda3D leaves it unset)
        self.goal.setPos(right, bottom - (node.getBottom() if node.getText() else 0.0) * size)

    # -- where the table may show -----------------------------------------------------------------------

    def _rect(self, parent: NodePath, frame: Frame) -> Rect:
        """A rectangle (left, right, bottom, top) given in a 2D node's units, in screen units (-1..1)."""
        left, right, bottom, top = frame
        render2d = self.base.render2d
        low = render2d.getRelativePoint(parent, Point3(left, 0, bottom))
        high = render2d.getRelativePoint(parent, Point3(right, 0, top))
        return (low.x, high.x, low.z, high.z)

    def obstacles(self, ended: bool, join_button: bool = False, hand: bool = True) -> list[Rect]:
        """The parts of the window the HUD covers now, in screen units, each as drawn: the turn panel, the log's
        panel as high as its moves, the notice's words, the goal's words and card, the prompt strip and the dialog
        as wide as their words, the hand's cards, the Join button; the end panel when `ended` (it shows then: the
        table stands beside it). The camera frames the table in what is left, and the floating labels keep clear of
        them. (A word that grows mid-turn does not move the camera unless it would cover what is framed: the
        camera's follow checks that, screens/table_camera.py; `hand` is kept for the callers: the strip and the
        hand say themselves whether they show.)"""
        kept = [self._rect(self.top_left, tuple(self.info_panel["frameSize"]))]
        if not self.log_panel.isHidden():
            kept.append(self._rect(self.top_right, tuple(self.log_panel["frameSize"])))
        tab = None if self.log_tab.isHidden() else node_rect(self.screen, self.log_tab)
        kept += [tab] if tab is not None else []
        kept += self.words()
        if ended:
            kept.append(self._rect(self.end_panel, self.end_frame()))
        kept += [self._rect(self.base.aspect2d, rect) for rect in self.band()]
        if join_button:
            shown = node_rect(self.screen, self.screen.join.button)
            kept += [shown] if shown is not None else []
        return kept

    def words(self) -> list[Rect]:
        """The notice's and the goal's words and the goal card, where they are drawn now (screen units)."""
        nodes = [self.notice, self.goal] + ([self.goal_card] if not self.goal_card.isHidden() else [])
        found = [node_rect(self.screen, node) for node in nodes if not node.isHidden()]
        return [rect for rect in found if rect is not None and rect[0] < rect[1] and rect[2] < rect[3]]

    def band(self) -> list[Frame]:
        """What the prompt strip, the dialog and the hand take at the bottom now (aspect2d units): the strip as wide
        and high as its words and its button, the dialog as its buttons, the hand's cards down to the window's
        bottom."""
        kept = list(self.prompt.rects())
        cards = [box for _, box in self.hand.nodes]
        if cards:  # (up to where the chosen card rises: choosing one does not move the camera)
            kept.append((cards[0][0], cards[-1][1], -1.0, self.hand.band_top))
        return kept

    def fold_log(self, moves: bool) -> None:
        """The log's panel and words when it is unfolded (before the first move it says what it will hold), else
        its tab alone: from the game's start, so that a player finds it before the first move."""
        if self.log_tab["text"] != tr("hud_log_tab"):  # (another language)
            self.log_tab["text"] = tr("hud_log_tab")
            self.log_tab.resetFrameSize()
            self._place_log_tab()
        if not moves:
            self.log.setText(tr("tour_log_empty") if self.log_open else "")
        for node in (self.log_panel, self.log):
            node.show() if self.log_open else node.hide()
        self.log_tab.hide() if self.log_open else self.log_tab.show()
        self.fit_log()

    def _place_log_tab(self) -> None:
        """The tab's right edge LOG_TAB in from the corner, however long its words (French's are longer)."""
        right = self.log_tab.guiItem.getFrame()[1]
        self.log_tab.setX(LOG_TAB[0] - right * LOG_TAB_TEXT)

    def fit_log(self) -> None:
        """The log's panel as high as its rows of words, up to its place (`log_frame`, which the framing keeps)."""
        rows = min(max(1, self.log.textNode.getNumRows()), self.log_rows) if self.log.getText() else 1
        frame = layout.log_frame(rows)
        if tuple(self.log_panel["frameSize"]) != frame:
            self.log_panel["frameSize"] = frame

    def log_rect(self) -> Frame:
        """Where the log's panel stands as drawn (aspect2d units)."""
        return self._aspect_rect(self.top_right, tuple(self.log_panel["frameSize"]))

    def _aspect_rect(self, parent: NodePath, frame: Frame) -> Frame:
        left, right, bottom, top = frame
        low = self.base.aspect2d.getRelativePoint(parent, Point3(left, 0, bottom))
        high = self.base.aspect2d.getRelativePoint(parent, Point3(right, 0, top))
        return (low.x, high.x, low.z, high.z)
