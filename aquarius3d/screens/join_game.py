"""Join a game (issue 31): the host's join code, typed or pasted, and the name to play under. Join connects; the
waiting room (screens/lobby.py) shows the seats until the deal, then the table opens from this seat
(screens/online.py). What stops it is said on the form in words, and changes nothing."""

from __future__ import annotations

from typing import TYPE_CHECKING

from direct.gui.DirectGui import DirectEntry
from panda3d.core import TextNode

from ..core.errors import DataError
from ..i18n import tr
from ..net.code import JoinCode, parse_code
from ..net.protocol import MAX_NAME
from . import Screen, clipboard
from .online import start_joining
from .widgets import ENTRY, WARNING

if TYPE_CHECKING:
    from .online import Online

EXAMPLE = "192.168.1.5:7600/k7f3-q9x2"
DEFAULT_NAME = "Bo"


def read_name(text: str) -> str | None:
    """A player's name as typed (runs of spaces made one), or None when the host would refuse it."""
    name = " ".join(text.split())
    return name if 0 < len(name) <= MAX_NAME and name.isprintable() else None


class JoinGameScreen(Screen):
    name = "join_game"

    def build(self, code: str = "", player: str = "", now: bool = False) -> None:
        """`code`, `player`: the form filled in (the same game again, `aquarius3d join CODE`); `now`: join at once."""
        self.online: Online | None = None
        self.text(tr("menu_join"), (0, 0.6), 0.08)
        self.text(tr("join_code"), (-0.62, 0.3), 0.055, TextNode.ARight)
        self.code_entry = self.keep(DirectEntry(initialText=code, scale=0.06, width=14, pos=(-0.57, 0, 0.3),
                                                parent=self.root, focus=0 if code else 1, command=self.join_typed,
                                                **ENTRY))
        self.text(tr("join_code_example", example=EXAMPLE), (-0.57, 0.2), 0.04, TextNode.ALeft)
        if clipboard.can_paste():
            self.button(tr("join_paste"), self.paste, (1.0, 0.31), 0.05)
        self.text(tr("join_name"), (-0.62, 0.02), 0.055, TextNode.ARight)
        self.name_entry = self.keep(DirectEntry(initialText=player or DEFAULT_NAME, scale=0.06, width=8,
                                                pos=(-0.57, 0, 0.02), parent=self.root, command=self.join_typed,
                                                **ENTRY))
        self.note = self.text("", (0, -0.3), 0.05, fg=WARNING, wrap=40)
        self.button(tr("join_start"), self.join, (0.35, -0.6), 0.065)
        self.back_button(self.back, (-0.35, -0.6), 0.065)
        if now:
            self.join()

    def paste(self) -> None:
        text = clipboard.paste()
        if text:
            self.code_entry.enterText(text)
        else:
            self.note.setText(tr("join_nothing_to_paste"))

    def join_typed(self, _: str) -> None:
        """Enter in a field: join."""
        self.join()

    def read(self) -> tuple[JoinCode, str] | None:
        """The code and the name as typed; None, with why said on the form, when either will not do."""
        text = self.code_entry.get().strip()
        name = read_name(self.name_entry.get())
        if not text:
            self.note.setText(tr("join_no_code", example=EXAMPLE))
            return None
        try:
            code = parse_code(text)
        except DataError:
            self.note.setText(tr("join_bad_code", text=text if len(text) <= 40 else text[:39] + "…", example=EXAMPLE))
            return None
        if name is None:
            self.note.setText(tr("join_bad_name", most=MAX_NAME))
            return None
        return code, name

    def join(self) -> None:
        if self.online is not None:
            return  # (joining already)
        found = self.read()
        if found is None:
            return
        code, name = found
        self.app.last_join = (str(code), name)
        self.note.setText(tr("join_joining", where=f"{code.host}:{code.port}"))
        self.online = start_joining(self.app, code, name)

    def back(self) -> None:
        if self.online is not None:
            self.online.close()
        self.app.show_menu()

    def net_changed(self, online: Online) -> None:
        """Welcomed (the waiting room, or the table if the cards are dealt), or refused (said here)."""
        if online is not self.online:
            return
        game = online.game
        if game.problem is not None:
            self.note.setText(game.problem)
            online.close()
            self.online = None
        elif getattr(game, "lobby", None) is not None:
            self.app.screens.switch("lobby")
