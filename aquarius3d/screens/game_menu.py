"""The in-game menu, opened by Esc when nothing is being chosen: resume, save, load, settings, rules, leave.

It lies over the table (the table stays where it was, dimmed behind it); Load and Settings open the
existing screens over the game, which waits suspended and comes back with their Back button.
While the menu shows, the table's own keys and clicks are off; Esc or Enter resumes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..i18n import tr
from .widgets import OVERLAY

if TYPE_CHECKING:
    from .table_screen import TableScreen

ENTRIES = ("resume", "save", "load", "settings", "rules", "quit")


class GameMenu:
    """A panel of buttons kept by the table screen (its widgets are the screen's)."""

    def __init__(self, screen: TableScreen) -> None:
        self.screen = screen
        app = screen.app
        self.shade = screen.panel((-4, 4, -1.2, 1.2), colour=(0, 0, 0, 0.45))
        panel = self.panel = screen.panel((-0.6, 0.6, -0.52, 0.62), parent=self.shade, colour=OVERLAY)
        screen.text(tr("game_menu_title"), (0, 0.5), 0.075, parent=panel)
        commands = {"resume": screen.close_menu, "save": self.save, "load": lambda: app.open_over("load"),
                    "settings": lambda: app.open_over("settings"), "rules": self.rules,
                    "quit": lambda: app.show_menu(leave=True)}
        labels = {"resume": tr("game_menu_resume"), "save": tr("game_menu_save"), "load": tr("menu_load"),
                  "settings": tr("menu_settings"), "rules": tr("game_menu_rules"), "quit": tr("game_menu_quit")}
        self.buttons = {name: screen.button(labels[name], commands[name], (0, 0.34 - i * 0.14), 0.06, parent=panel)
                        for i, name in enumerate(ENTRIES)}
        self.note = screen.text("", (0, -0.47), 0.045, parent=panel)
        self.shade.setBin("gui-popup", 50)
        self.shade.hide()

    @property
    def shown(self) -> bool:
        return not self.shade.isHidden()

    def show(self) -> None:
        self.note.setText("")
        self.shade.show()

    def hide(self) -> None:
        self.shade.hide()

    def save(self) -> None:
        self.screen.save_named()
        self.note.setText(self.screen.status)  # saved as ..., or why not

    def rules(self) -> None:
        """The Rules screen over the game: this game's rules, rulings and controls first (F1 keeps the quick help)."""
        self.screen.app.show_rules(self.screen.session.game.ruleset)
