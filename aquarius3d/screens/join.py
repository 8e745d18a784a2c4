"""A late joiner (Aquarius: a new player may sit down while the game goes on): the Join button and its form."""

from __future__ import annotations

from typing import TYPE_CHECKING

from direct.gui.DirectGui import DirectEntry

from ..i18n import tr

if TYPE_CHECKING:
    from ..session import Session
    from .table_screen import TableScreen

NAMES = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus"]
EDGE = 0.04  # the button's left edge in from the bottom left corner, and the room kept right of it (at 100%)


class JoinPanel:
    """The Join button in the bottom left corner, and the form it opens: a name, human or computer.

    `screen` keeps the widgets and is redrawn (`refresh`) when a seat is added or the form closes.
    """

    def __init__(self, screen: TableScreen) -> None:
        self.screen = screen
        # what it does in its words ("Join" alone read as joining another's game): its left edge in from the corner
        self.button = screen.button(tr("hud_join"), self.show, (0.0, 0.08), 0.05, parent=screen.hud.bottom_left)
        self._place_button()
        self.panel = screen.panel((-0.6, 0.6, -0.25, 0.25))
        screen.text(tr("join_title"), (0, 0.15), 0.06, parent=self.panel)
        self.entry = screen.keep(DirectEntry(initialText="", scale=0.05, width=9, pos=(-0.45, 0, 0.02),
                                             parent=self.panel, text_fg=(0.1, 0.1, 0.1, 1),
                                             frameColor=(0.9, 0.9, 0.86, 1)))
        self.kind = "human"
        self.kind_button = screen.button(tr("menu_human"), self.toggle_kind, (0.35, 0.03), 0.05, parent=self.panel)
        screen.button(tr("join_ok"), self.confirm, (0.25, -0.15), 0.055, parent=self.panel)
        screen.button(tr("menu_back"), self.hide, (-0.25, -0.15), 0.055, parent=self.panel)
        self.panel.hide()

    def _place_button(self) -> None:
        """The button's left edge EDGE in from the corner."""
        self.button.setX(EDGE - self.button.guiItem.getFrame()[0] * 0.05)

    def width(self) -> float:
        """How wide the bottom left corner's button and its margins are (at 100%: the hand and the prompt strip start
        right of it)."""
        return float(self.button.getX() + self.button.guiItem.getFrame()[1] * 0.05 + EDGE)

    def update(self, session: Session) -> None:
        """The button shows while a player may join and the form is closed (its left edge kept in from the corner,
        whatever the language's words)."""
        self._place_button()
        self.button.show() if session.can_join() and self.panel.isHidden() else self.button.hide()

    @property
    def shown(self) -> bool:
        return not self.panel.isEmpty() and not self.panel.isHidden()

    def show(self) -> None:
        """The form, its name field taking the typing: while it shows, only Enter (join) and Esc (back) are the
        table's keys, so a name typed with R, E, W or P in it turns, looks or passes nothing."""
        session = self.screen.session
        if session.can_join():
            taken = {s.name for s in session.seats}
            self.entry.enterText(next(n for n in NAMES if n not in taken))
            self.panel.show()
            self.button.hide()
            self.entry["focus"] = 1
            self.screen.ignoreAll()
            self.screen.bind_inputs()

    def hide(self) -> None:
        was_shown = self.shown
        self.panel.hide()
        if not self.entry.isEmpty():
            self.entry["focus"] = 0
        if was_shown:
            self.screen.ignoreAll()
            self.screen.bind_inputs()
        self.screen.refresh()

    def toggle_kind(self) -> None:
        self.kind = "computer" if self.kind == "human" else "human"
        self.kind_button["text"] = tr("menu_human") if self.kind == "human" else tr("menu_computer")

    def confirm(self) -> None:
        name = self.entry.get().strip()
        if name:
            self.screen.session.join(name, self.kind)
        self.hide()
