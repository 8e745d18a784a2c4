"""The saved games as the Load list and `aquarius3d saves` show them, each checked by replaying it."""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path

from ..core.errors import DataError
from ..files.saves import AUTOSAVE, modified, save_path, saved_games


@dataclass
class SaveEntry:
    """One saved game as the Load list and `aquarius3d saves` show it: a summary, or why it is broken."""

    path: Path
    name: str
    date: str
    ok: bool
    game: str = ""  # the ruleset's name
    players: tuple[str, ...] = ()
    turn: int = 0
    reason: str = ""  # why it cannot be loaded, when not ok
    ruleset: str = ""  # the ruleset's id (the window names the game in the player's language)

    def line(self) -> str:
        if not self.ok:
            return f"{self.name}  {self.date}  broken: {self.reason}"
        return f"{self.name}  {self.date}  {self.game}, {', '.join(self.players)}, turn {self.turn}"


def list_games(autosave: bool = True) -> list[SaveEntry]:
    """Every saved game, newest first (the autosave first when asked for), each checked by loading it."""
    from .play import Session

    paths = saved_games()
    auto = save_path(AUTOSAVE)
    if autosave and (auto.exists() or auto.is_symlink()):
        paths.insert(0, auto)
    entries = []
    for path in paths:
        stamp = modified(path)
        date = time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(stamp)) if stamp else "?"  # (saves a minute apart)
        try:
            session = Session.load(path, autosave=False)
        except DataError as exc:
            reason = exc.in_words()  # a move that cannot be replayed is said in words
            if reason.startswith(f"{path.name}: "):
                reason = reason[len(path.name) + 2:]
            entries.append(SaveEntry(path, path.stem, date, False, reason=reason))
            continue
        entries.append(SaveEntry(path, path.stem, date, True, session.game.ruleset.name,
                                 tuple(s.name for s in session.seats), session.state.turn_number,
                                 ruleset=session.game.id))
    return entries
