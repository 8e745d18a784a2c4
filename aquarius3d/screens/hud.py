"""The table's HUD: turn and counts, the log, the hint, the goal, choice buttons, the cover, help, the end.

(The Join button and form are screens/join.py; the game menu screens/game_menu.py.)

The HUD draws what the session says; the table screen (screens/table_screen.py) tells it when. `obstacles()`
gives the parts of the window the HUD and the hand cover, so that the camera frames the table
beside them (view/framing.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, cast

from direct.gui.DirectGui import DGG, DirectButton, DirectFrame
from panda3d.core import NodePath, Point3, TextNode

from ..core.vocabulary import LETTER_OF
from ..i18n import action_name, language, tr
from ..session import Stage, words
from ..view.camera import Rect
from ..view.hand import Hand
from ..view.palette import ELEMENT_RGB
from .widgets import BUTTON, Frame, newest_lines, side_by_side

if TYPE_CHECKING:
    from ..engine.moves import Move
    from ..rules.records import Ruleset
    from ..session import Session
    from ..session.flows.towers import TowersFlow
    from ..view.scene import TableScene
    from .table_screen import TableScreen

DARK = (0.05, 0.06, 0.08, 0.62)
LOG = (-1.1, -0.02, -0.46, -0.02)  # the log panel, from the top right corner (aspect2d units)
INFO = (0.02, 0.82, -0.42, -0.02)  # the turn and counts, from the top left corner
END = (-1.32, -0.04, -0.62, 0.5)  # the end panel, from the middle of the right edge: the table stays beside it
GOAL = (-0.8, 0.0, 0.0, 0.52)  # the goal card and its text, from the bottom right corner
HINT_HALF = 1.05  # half the width kept for the hint and the choice buttons over the hand
BAND_TOP = -0.27  # the top of the hint, the choices and the hand (view/hand.py: up to -0.56)
HINT_Y = -0.5  # the hint's first row over the hand
WATCHED_HINT_Y, WATCHED_BAND_TOP = -0.88, -0.8  # with no human seat no hand is shown: the hint alone, at the bottom
NOTICE_BAND = (0.77, 0.975)  # the notice's rows at the top (aspect2d), between the turn panel and the log panel
NOTICE_GAP = 0.04  # kept clear between the notice and either panel
NOTICE_SCALES = (0.05, 0.045, 0.04, 0.035, 0.031, 0.028)  # the notice's size: the largest whose rows fit the band


class Hud:
    """Every 2D part of the table screen; `screen` keeps the widgets (screens/__init__.py)."""

    def __init__(self, screen: TableScreen, scene: TableScene) -> None:
        self.screen = screen
        base = self.base = screen.base
        root = screen.root
        assert root is not None  # (made as the screen is built)
        top_left, top_right, bottom_right = base.a2dTopLeft, base.a2dTopRight, base.a2dBottomRight
        screen.panel(INFO, parent=top_left, colour=DARK)
        self.log_panel = screen.panel(LOG, parent=top_right, colour=DARK)
        self.turn = screen.text("", (0.06, -0.1), 0.065, TextNode.ALeft, parent=top_left)
        self.info = screen.text("", (0.06, -0.18), 0.045, TextNode.ALeft, parent=top_left)
        self.hint = screen.text("", (0, HINT_Y), 0.05, wrap=40)
        self.notice = screen.text("", (0, 0.88), 0.05, fg=(1.0, 0.85, 0.45, 1), wrap=38)  # fitted between the panels
        self.log = screen.text("", (-0.06, -0.08), 0.04, TextNode.ARight, parent=top_right, wrap=26)  # in the panel
        self.goal = screen.text("", (-0.06, 0.3), 0.045, TextNode.ARight, parent=bottom_right, wrap=14)
        self.goal_card = screen.button("?", None, (-0.2, 0.14), 0.07, parent=bottom_right)
        self.hand = Hand(root, scene)
        self.choices_root = root.attachNewNode("choices")
        self.choice_widgets = screen.group()
        # The hand-off cover dims the table rather than hiding it: the moves since the player's last turn stay in
        # view behind it, and it shows no hand and no goal (the session shows none while it is up).
        self.cover = screen.keep(DirectFrame(frameColor=(0.05, 0.06, 0.08, 0.8), frameSize=(-4, 4, -1.2, 1.2),
                                             parent=root, state=DGG.NORMAL))
        self.cover_band = DirectFrame(frameColor=(0.02, 0.03, 0.04, 0.55), frameSize=(-1.3, 1.3, -0.05, 0.8),
                                      parent=self.cover)  # under the title and the moves since: they read on any table
        self.cover_title = screen.text("", (0, 0.62), 0.1, parent=self.cover)
        self.cover_since = screen.text("", (0, 0.45), 0.05, parent=self.cover, wrap=40, fg=(0.95, 0.85, 0.55, 1))
        self.cover_hint = screen.text("", (0, -0.72), 0.05, parent=self.cover, wrap=40)
        self.cover_note = screen.text("", (0, -0.58), 0.05, parent=self.cover, wrap=40, fg=(1.0, 0.85, 0.45, 1))  # Ctrl+S
        self.cover_held = False  # the table screen holds the cover back a moment, so the last move is seen
        self._build_help()
        self._build_end()
        screen.relabelers.append(self.relabel)

    def relabel(self, old: str) -> None:
        """After a change of language: the rulings page is the ruleset's own text, drawn again in the new one."""
        if self.help_page == "rulings":
            ruleset = self.screen.session.game.ruleset
            self.toggle_help_page(ruleset)
            self.toggle_help_page(ruleset)

    def _build_help(self) -> None:
        screen = self.screen
        self.help_panel = screen.panel((-1.15, 1.15, -0.8, 0.68))
        self.help_title = screen.text(tr("help_title"), (0, 0.56), 0.07, parent=self.help_panel)
        self.help_body = screen.text(tr("help_text"), (-1.07, 0.44), 0.043, TextNode.ALeft, parent=self.help_panel,
                                     wrap=53)
        self.help_page_button = screen.button(tr("help_rulings"), None, (0, -0.72), 0.05, parent=self.help_panel)
        self.help_page = "controls"
        self.help_panel.setBin("gui-popup", 60)  # above the hint and the log
        self.help_panel.hide()

    def _build_end(self) -> None:
        screen = self.screen
        self.end_panel = screen.panel(END, parent=self.base.a2dRightCenter)
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
        state = session.state
        seen = session.observation()
        name = session.seats[session.seat].name
        self.turn.setText(tr("turn_of", name=name) if session.stage != Stage.OVER else tr("end_title"))
        top = session.game.deck.cards[state.discard[-1]].code if state.discard else None
        info = [tr("hud_deck", count=len(state.deck)),
                tr("hud_discard", top=action_name(top)) if top else tr("hud_discard_empty")]
        if session.game.goal_ids() and session.family != "towers":
            info.append(tr("hud_unused_goals", count=len(state.unused_goals)))
        if session.family == "towers":
            score, rank, _ = cast("TowersFlow", session.flow).score()  # (the family's flow)
            sizes = tr("hud_score", score=score, rank=rank)
        elif session.family == "rising":
            sizes = "\n".join(words.rising_seat_line(session, i, n) for i, n in enumerate(seen["hand_sizes"]))
        else:  # "Ann: 4 cards" ("Ann : 4 cartes" in French), a seat a line; past three seats two a line, in the panel
            seats = [tr("name_and_counts", name=s.name, counts=tr("count_cards", count=n))
                     for s, n in zip(session.seats, seen["hand_sizes"])]
            step = 1 if len(seats) <= 3 else 2
            sizes = "\n".join("   ".join(seats[i:i + step]) for i in range(0, len(seats), step))
        self.info.setText("\n".join(info + [sizes]))
        self.hint.setText(session.hint())
        self.hint.setPos(0, HINT_Y if session.humans else WATCHED_HINT_Y)
        notice = session.notice if session.notice and session.notice not in status else status  # not said twice
        self.notice.setText(notice)
        self.fit_notice()
        newest_lines(self.log, session.messages[-8:], 9)  # moves in words wrap inside the log panel
        self.log_panel.show() if session.messages else self.log_panel.hide()
        self.goal.setText(session.goal_text() or session.goal_hint())
        rows = self.goal.textNode.getNumRows()  # past two rows, the text grows upwards, clear of the goal card
        self.goal.setPos(-0.06, 0.3 + 0.045 * self.goal.textNode.getLineHeight() * max(0, rows - 2))
        self.show_goal_card(seen["goal"] if session.goal_text() else None)
        self.goal_card.hide() if seen["goal"] is None else self.goal_card.show()
        if session.stage == Stage.DRAFT:  # the three cards offered are shown as a hand to choose from
            seen = {**seen, "hand": cast("TowersFlow", session.flow).offered_cards()}  # (only Towers drafts)
        ended = session.stage in (Stage.OVER, Stage.ROUND_OVER)
        self.hand.draw([] if ended else seen["hand"], session.selected,
                       session.stage == Stage.PLACE and session.turned)
        if session.stage == Stage.COVER and not self.cover_held:
            self.cover.show()
            self.cover_title.setText(tr("cover_title", name=name))
            since = session.since_last_turn()
            self.cover_since.setText("\n".join([tr("cover_since")] + since) if since else "")
            self.cover_hint.setText(tr("cover_hint", name=name))
        else:
            self.cover.hide()
            self.cover_note.setText("")  # (said on the cover only while it shows)
        self._update_end(session)

    def show_goal_card(self, element: str | None) -> None:
        """The goal button: "?" until the player peeks, then the goal's colour (its name is said beside it; a word
        did not fit the small card)."""
        if element is None:
            self.goal_card["text"] = "?"
            self.goal_card["frameColor"] = BUTTON["frameColor"]
            return
        red, green, blue = ELEMENT_RGB[LETTER_OF[element]]
        colour = (red / 255, green / 255, blue / 255, 1.0)
        self.goal_card["text"] = " "
        self.goal_card["frameColor"] = (colour, colour, colour, colour)

    def _update_end(self, session: Session) -> None:
        if session.stage not in (Stage.OVER, Stage.ROUND_OVER):
            self.end_panel.hide()
            return
        self.end_panel.show()
        lines = session.summary()
        middle = (END[0] + END[1]) / 2
        if session.stage == Stage.ROUND_OVER:
            self.end_title.setText(lines[0])
            self.end_lines.setText("\n".join(lines[1:]))
            self.next_round_button.show()
            self.same_cards_button.hide()  # (Elemental Towers' own, at its end: never between Dominus' rounds)
            for button in self.end_buttons:
                button.hide()
            return
        towers = session.family == "towers"
        self.end_title.setText(tr("end_title"))
        self.end_lines.setText("\n".join(lines))
        self.next_round_button.hide()
        for button in self.end_buttons:
            button.show()
        self.same_cards_button.show() if towers else self.same_cards_button.hide()
        self.end_buttons[0].setX(middle - 0.3)
        self.end_buttons[1].setX(middle + 0.3)
        self.end_buttons[0]["text"] = tr("towers_new_deal") if towers else tr("end_play_again")

    def draw_choices(self, session: Session, act: Callable[[Callable[..., object], Move | None], None]) -> None:
        """Buttons for the stage's choices (players, directions, skips...); `act(command, value)` on a click."""
        self.screen.forget(self.choice_widgets)
        stage = session.stage
        buttons: list[tuple[str, Callable[..., object], Move | None]] = [
            (option.label, session.choose, option.move) for option in session.options()]
        if session.can_take_back():  # the same take-back as U (Elemental Towers: its undo of the turn)
            label = tr("hud_undo") if session.family == "towers" else tr("hud_take_back")
            buttons.append((label, lambda _: session.take_back(), None))
        parent = self.cover if stage == Stage.COVER else self.choices_root  # the cover hides all else
        made = [DirectButton(text=label, scale=0.055, parent=parent, command=act,
                             extraArgs=[command, value], **BUTTON) for label, command, value in buttons]
        self.choice_widgets += side_by_side(made, -0.42)

    def toggle_help_page(self, ruleset: Ruleset) -> None:
        """Switch the help between the controls and this game's rulings (the ruleset's `rulings:`)."""
        self.help_page = "rulings" if self.help_page == "controls" else "controls"
        if self.help_page == "rulings":
            self.help_title.setText(tr("help_rulings_title", game=ruleset.name))
            self.help_body.setText("\n\n".join(f"- {r.text(language())}" for r in ruleset.rulings))
            self.help_body.setScale(0.038)
            self.help_page_button["text"] = tr("help_controls")
        else:
            self.help_title.setText(tr("help_title"))
            self.help_body.setText(tr("help_text"))
            self.help_body.setScale(0.043)
            self.help_page_button["text"] = tr("help_rulings")

    def notice_rect(self) -> Frame:
        """The notice's place (aspect2d units): the top of the window between the turn panel and the log panel."""
        aspect = self.base.getAspectRatio()
        return (-aspect + INFO[1] + NOTICE_GAP, aspect + LOG[0] - NOTICE_GAP, *NOTICE_BAND)

    def fit_notice(self) -> None:
        """Wrap the notice to the width between the panels, at the largest size whose rows fit in its band: a long
        notice (Rotate Goals among five players, in French) never runs under the log or the turn panel."""
        left, right, bottom, top = self.notice_rect()
        node = self.notice.textNode
        for scale in NOTICE_SCALES:
            node.setWordwrap((right - left) / scale)
            # from the first row's capitals to the last row's descenders
            if (0.8 + (node.getNumRows() - 1) * node.getLineHeight() + 0.35) * scale <= top - bottom:
                break
        self.notice.setScale(scale)  # (the smallest, if even that is too big)
        self.notice.setPos((left + right) / 2, top - 0.8 * scale)

    # -- where the table may show -----------------------------------------------------------------------

    def _rect(self, parent: NodePath, frame: Frame) -> Rect:
        """A rectangle (left, right, bottom, top) given in a 2D node's units, in screen units (-1..1)."""
        left, right, bottom, top = frame
        render2d = self.base.render2d
        low = render2d.getRelativePoint(parent, Point3(left, 0, bottom))
        high = render2d.getRelativePoint(parent, Point3(right, 0, top))
        return (low.x, high.x, low.z, high.z)

    def obstacles(self, ended: bool, join_button: bool = False, hand: bool = True) -> list[Rect]:
        """The parts of the window the HUD keeps for itself, in screen units: the camera frames the table
        in what is left. They are the HUD's places, not its present text, so the framing does not shift
        while the same turn goes on; at the end the hand and hint give way to the result beside the table.
        `hand`: whether a hand may show (some seat is a human's); if not, only the hint's rows at the bottom."""
        base = self.base
        kept = [self._rect(base.a2dTopLeft, INFO), self._rect(base.a2dTopRight, LOG),
                self._rect(base.aspect2d, self.notice_rect()), self._rect(base.a2dBottomRight, GOAL)]
        if ended:
            kept.append(self._rect(base.a2dRightCenter, END))
        else:
            half = max(HINT_HALF, Hand.width(len(self.hand.nodes)) / 2)
            kept.append(self._rect(base.aspect2d, (-half, half, -1.0, BAND_TOP if hand else WATCHED_BAND_TOP)))
        if join_button:
            kept.append(self._rect(base.a2dBottomLeft, (0.0, 0.36, 0.0, 0.16)))
        return kept

