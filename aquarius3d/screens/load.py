"""The saved games, newest first: a button each, and a broken one greyed with the reason (never hiding the rest)."""

from __future__ import annotations

from .. import saves
from ..i18n import tr
from . import Screen


class LoadScreen(Screen):
    name = "load"

    def build(self) -> None:
        self.text(tr("menu_saved_games"), (0, 0.75), 0.08)
        found = saves.list_games(autosave=False)[:10]
        if not found:
            self.text(tr("menu_no_saves"), (0, 0.4), 0.055)
        for i, entry in enumerate(found):
            if entry.ok:
                self.button(entry.name, self.app.load_game, (0, 0.55 - i * 0.11), 0.055, args=(entry.path,))
            else:
                reason = entry.reason if len(entry.reason) <= 60 else entry.reason[:59] + "…"
                self.text(tr("load_broken", name=entry.name, reason=reason), (0, 0.54 - i * 0.11), 0.045,
                          fg=(0.68, 0.68, 0.68, 1))
        self.button(tr("menu_back"), self.app.show_menu, (0, -0.8), 0.07)
