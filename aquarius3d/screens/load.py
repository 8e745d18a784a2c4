"""The saved games, newest first: each names its game, players, turn and date; a broken one is greyed with the
reason (never hiding the rest)."""

from __future__ import annotations

from direct.gui.DirectGui import DirectButton

from ..files import saves
from ..session.saved import SaveEntry, list_games
from ..i18n import tr
from ..rules.names import game_name
from . import Screen
from .widgets import DIM

SHOWN = 10  # saves listed at most, newest first


def entry_text(entry: SaveEntry) -> str:
    """One saved game in words: "Aquarius: Ann, Bo, turn 12 (2026-11-23 11:31)", or why it cannot be loaded."""
    if not entry.ok:
        reason = entry.reason if len(entry.reason) <= 60 else entry.reason[:59] + "…"
        return tr("load_broken", name=entry.name, reason=reason, date=entry.date)
    players = ", ".join(entry.players) if len(entry.players) <= 4 else \
        ", ".join(entry.players[:3]) + ", " + tr("load_more_players", count=len(entry.players) - 3)
    game = game_name(entry.ruleset) if entry.ruleset else entry.game
    return tr("load_entry", game=game, players=players, turn=entry.turn, date=entry.date)


class LoadScreen(Screen):
    name = "load"

    def build(self) -> None:
        self.text(tr("menu_saved_games"), (0, 0.8), 0.08)
        found = list_games(autosave=False)[:SHOWN]
        self.entries = found
        self.deletes: list[DirectButton] = []  # each entry's Delete, asked twice (the first click asks "Sure?")
        if not found:
            self.text(tr("menu_no_saves"), (0, 0.4), 0.055)
        for i, entry in enumerate(found):
            z = 0.6 - i * 0.125
            if entry.ok:
                self.button(entry_text(entry), self.app.load_game, (-0.1, z), 0.048, args=(entry.path,))
            else:
                self.text(entry_text(entry), (-0.1, z - 0.01), 0.042, fg=DIM)
            self.deletes.append(self.button(tr("load_delete"), self.delete, (1.2, z), 0.042, args=(i,)))
        self.note = self.text("", (0, -0.72), 0.045)
        self.back_button(self.app.show_menu, (0, -0.85), 0.065)

    def delete(self, index: int) -> None:
        """Delete: the first click asks "Sure?", the second throws the save away and lists the rest again."""
        button, entry = self.deletes[index], self.entries[index]
        if button["text"] != tr("load_delete_sure"):
            for other in self.deletes:
                other["text"] = tr("load_delete")
            button["text"] = tr("load_delete_sure")
            return
        try:
            saves.delete(entry.path)
        except OSError as exc:
            self.note.setText(tr("load_delete_failed", name=entry.name, reason=exc.strerror or exc))
            return
        self.app.screens.replace("load")
