"""The saved games, newest first: a button each."""

from __future__ import annotations

from .. import saves
from ..i18n import tr
from . import Screen


class LoadScreen(Screen):
    name = "load"

    def build(self) -> None:
        self.text(tr("menu_saved_games"), (0, 0.75), 0.08)
        found = saves.saved_games()[:10]
        if not found:
            self.text(tr("menu_no_saves"), (0, 0.4), 0.055)
        for i, path in enumerate(found):
            self.button(path.stem, self.app.load_game, (0, 0.55 - i * 0.11), 0.055, args=(path,))
        self.button(tr("menu_back"), self.app.show_menu, (0, -0.8), 0.07)
