"""The main menu: new game, host a game, join a game, continue, load, settings, rules, quit; a note line for what
went wrong."""

from __future__ import annotations

from direct.gui.DirectGui import DGG

from ..i18n import tr
from . import Screen
from .widgets import DIM


class MenuScreen(Screen):
    name = "menu"

    def build(self, note: str = "") -> None:
        app = self.app
        self.text(tr("app_title"), (0, 0.55), 0.13)
        entries = [("menu_new", app.show_new_game), ("menu_host", lambda: app.screens.switch("host")),
                   ("menu_join", lambda: app.screens.switch("join_game")), ("menu_continue", app.continue_game),
                   ("menu_load", app.show_load), ("menu_settings", app.show_settings), ("menu_rules", app.show_rules), ("menu_quit", app.quit)]
        for i, (key, command) in enumerate(entries):
            made = self.button(tr(key), command, (0, 0.36 - i * 0.12), 0.065)
            if key == "menu_continue":
                self.continue_button = made
                if app.autosaved() in ("none", "over"):  # no game being played: nothing to go on with
                    made["state"] = DGG.DISABLED
                    made["text_fg"] = DIM
        self.note = self.text(note, (0, -0.68), 0.05, wrap=40)
