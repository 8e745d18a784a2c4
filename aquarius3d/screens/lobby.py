"""The waiting room of a game across computers (issue 31), until every seat has its player and the cards are dealt
(then the table opens: screens/online.py). The host sees the join code, large, to read out or copy, with who has
joined and how many are still awaited; a player who joined sees the same seats and their own."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..i18n import tr
from ..rules.names import game_name
from . import Screen, clipboard
from .widgets import PANEL, WARNING

if TYPE_CHECKING:
    from .online import Online

CODE_SCALE = 0.13  # the join code's letters: read across a room, typed without a slip


def seat_line(number: int, seat: dict[str, Any], mine: bool) -> str:
    """One seat in words: "2. Bo (joined)", "3. a free seat", "4. Bot 1 (computer: medium)"."""
    kind, name = seat.get("kind"), seat.get("name")
    if kind == "computer":
        said = tr("lobby_computer", name=name, level=tr(f"level_{seat.get('level', 'medium')}"))
    elif kind == "local":
        said = tr("lobby_at_host", name=name)
    elif not name:
        said = tr("lobby_free")
    else:
        said = tr("lobby_joined", name=name) if not seat.get("away") else tr("lobby_left", name=name)
    return f"{number}. {said}" + (f"  {tr('lobby_you')}" if mine else "")


class LobbyScreen(Screen):
    name = "lobby"

    def build(self) -> None:
        online = self.app.online
        assert online is not None  # (opened by the Host or Join form)
        self.online: Online = online
        hosting = online.game.hosting
        self.title = self.text("", (0, 0.8), 0.075)
        self.code = self.text("", (0, 0.5), CODE_SCALE)
        self.code.hide()
        self.copied = self.text("", (0, 0.33), 0.045)
        if hosting:
            self.panel((-1.4, 1.4, 0.42, 0.68), colour=PANEL).reparentTo(self.root, -1)  # behind the code
            self.code.show()
            self.text(tr("lobby_give_code"), (0, 0.35), 0.045, wrap=50)
            if clipboard.can_copy():
                self.button(tr("lobby_copy"), self.copy, (1.15, 0.53), 0.05)
        self.waiting = self.text("", (0, 0.18), 0.06)
        self.seats = self.text("", (0, 0.05), 0.05, wrap=50)
        self.note = self.text("", (0, -0.6), 0.05, fg=WARNING, wrap=40)
        self.button(tr("lobby_stop" if hosting else "lobby_leave"), self.leave, (0, -0.85), 0.065)
        self.net_changed(online)

    def net_changed(self, online: Online) -> None:
        """Draw what the game says now: the code, who sits where, how many are awaited, what went wrong."""
        if online is not self.online:
            return
        game = online.game
        self.title.setText(tr("lobby_hosting" if game.hosting else "lobby_joined_game", game=game_name(game.ruleset)))
        code = game.code
        self.code.setText(str(code) if code is not None else "")
        mine = game.seat
        seats = game.seats()
        free = game.free()
        self.waiting.setText(tr("lobby_waiting", count=free) if free else tr("lobby_dealing"))
        self.seats.setText("\n".join(seat_line(i + 1, seat, i == mine) for i, seat in enumerate(seats)))
        self.note.setText(game.problem or "")

    def copy(self) -> None:
        code = self.online.game.code
        if code is not None:
            self.copied.setText(tr("lobby_copied") if clipboard.copy(str(code)) else tr("lobby_not_copied"))

    def leave(self) -> None:
        """Stop hosting (the players who joined are told), or leave the table before the deal (the seat is free)."""
        self.online.close()
        self.app.show_menu()
