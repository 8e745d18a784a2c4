"""A game across computers in the window (issue 31): what steps the network with the frames and ties it to the
screens. The network itself is net/window.py (a hosted game, a joined one, on an asyncio loop stepped here).

    start_hosting(app, game, chairs, bind, port)     # the Host form's Host button
    start_joining(app, code, name)                   # the Join form's Join button

`Online` is a task of Panda3D's (after the table's tick, before the frame is drawn) that steps the game's loop a
few passes, never waiting: each frame reads what the host or the players sent and writes what the window did. It
opens the table once the cards are dealt (the host's when every remote seat is taken, a player's when the first
state comes), redraws what shows when the game says something changed (the table, the waiting room, a form's
note), and ends the game's connections when its table is left (the menu, another game).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from ..net.window import HostedGame, JoinedGame, Pump

if TYPE_CHECKING:
    from direct.task.Task import Task

    from ..app import App
    from ..engine.game import Game
    from ..net.code import JoinCode
    from ..net.seating import Chair
    from ..session import Session

NetGame = HostedGame | JoinedGame
SORT = 45  # after the table's tick (a click's move is told the same frame), before the pacer and the frame


class Online:
    def __init__(self, app: App, game: NetGame, pump: Pump) -> None:
        self.app, self.game, self.pump = app, game, pump
        self.table_opened = False
        self.closing = False
        self.task = app.base.taskMgr.add(self._task, "aquarius3d-net", sort=SORT)

    @property
    def session(self) -> Session | None:
        return self.game.session

    def _task(self, task: Task) -> object:
        self.step()
        return task.cont

    def step(self) -> None:
        """One frame's share: the network stepped, then what it changed shown."""
        changed = self.game.step()
        if self.closing:
            if self.game.finished:
                self._end()
            return
        session = self.game.session
        if session is not None and not self.table_opened and self.game.problem is None:
            self.table_opened = True
            self.app.open_session(session)
            changed = False  # (drawn as it opened)
        elif self.table_opened and not self._table_kept():
            self.close()  # the table was left: the game's connections end
            return
        if changed:
            self._show()

    def _table_kept(self) -> bool:
        """Is this game's table showing, or waiting under a screen opened over it (settings, the rules)?"""
        from .table_screen import TableScreen

        screens = self.app.screens
        return any(isinstance(screen, TableScreen) and screen.session is self.game.session
                   for screen in [screens.current, *screens.suspended])

    def _show(self) -> None:
        """Redraw what shows of this game: the table, or a screen that follows it (the waiting room, a form)."""
        current: Any = self.app.screens.current
        table = self.app.table
        if table is not None and table.session is self.game.session:
            table.refresh()
        elif hasattr(current, "net_changed"):
            current.net_changed(self)
        self.app.pacer.poke()  # drawn now, not at the idle window's next heartbeat

    def close(self) -> None:
        """Stop hosting, or leave: the connections close in the next frames, then the loop."""
        if not self.closing:
            self.closing = True
            self.game.close()

    def _end(self) -> None:
        self.app.base.taskMgr.remove(self.task)
        self.pump.close()
        if self.app.online is self:
            self.app.online = None

    def again(self) -> None:
        """Play again, across computers: this game's connections end, and its form shows again (the host's, or the
        Join form filled in with the same code and name: a host that plays again gives a new code)."""
        self.close()
        if self.game.hosting:
            self.app.screens.switch("host")
        else:
            code, name = self.app.last_join or ("", "")
            self.app.screens.switch("join_game", code=code, player=name)

    def shut(self) -> None:
        """The window is closing: end now, waiting a bounded moment for the goodbyes."""
        self.close()
        for _ in range(50):
            if self.game.finished:
                break
            self.pump.step()
            self.pump.run(_pause(), 1.0)
        self._end()


async def _pause() -> None:
    import asyncio

    await asyncio.sleep(0.02)


def _replace(app: App, online: Online) -> Online:
    if app.online is not None:
        app.online.shut()
    app.online = online
    return online


def start_hosting(app: App, game: Game, chairs: list[Chair], bind: str, port: int) -> Online:
    """Host a game: listening begins (its code, or why it cannot, comes in the next frames)."""
    pump = Pump()
    seed = random.SystemRandom().randrange(2**31)
    return _replace(app, Online(app, HostedGame(game, chairs, seed, bind, port, pump), pump))


def start_joining(app: App, code: JoinCode, name: str) -> Online:
    """Join a game by its code (welcomed, or why not, in the next frames)."""
    pump = Pump()
    return _replace(app, Online(app, JoinedGame(code, name, pump), pump))


def open_from_command(app: App, hosting: dict[str, Any] | None = None, joining: dict[str, str] | None = None) -> None:
    """`aquarius3d host` with a person at this computer (its waiting room, the code printed on the terminal too), or
    `aquarius3d join CODE` without --bot (the Join form filled in; joining at once when a name was given)."""
    if hosting is not None:
        pump = Pump()
        seed = hosting.pop("seed")
        _replace(app, Online(app, HostedGame(seed=seed, pump=pump, **hosting), pump))
        app.screens.switch("lobby")
    elif joining is not None:
        app.screens.switch("join_game", code=joining["code"], player=joining["name"], now=bool(joining["name"]))
