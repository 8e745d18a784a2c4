"""A hosted game and a joined one as the window sees them (issue 31): the network beside Panda3D's loop.

    pump = Pump()
    hosted = HostedGame(game, chairs, seed, "0.0.0.0", 7600, pump)    # or JoinedGame(code, "Bo", pump)
    each frame: if hosted.step(): redraw        # the code, the seats, the session once dealt, `problem` in words

The host and the guest run on an asyncio loop that the window steps once a frame (`Pump.step`: a few passes
of the loop, each polling the sockets without waiting), in the window's own thread. Why not asyncio in a
thread of its own: the host's window plays its people's moves on the very session the host hands remote
moves to, and the session is made for one thread; stepped, the window and the host never touch it at once,
with no lock and nothing handed across. Reading, writing, the handshakes and TLS are the loop's
non-blocking sockets, so a frame never waits on the network; a computer seat's choice runs in a thread (the
host's, or the window's worker). A message is handled at most one step late: 1/60 s while the table
moves, 1/30 s while the window idles (view/pacing.py), below anything a player notices.
"""

from __future__ import annotations

import asyncio
import errno
import io
import socket
import ssl
from typing import TYPE_CHECKING, Any, TextIO

from websockets.exceptions import ConnectionClosed

from ..i18n import tr
from ..rules.ruleset import load_ruleset
from . import tokens
from .client import FINAL, Guest, HostGone, JoinRefused
from .code import JoinCode, new_secret
from .commands import shown_address
from .guest_session import GuestSession
from .host import Host
from .protocol import HOST_TYPES, ProtocolError, decode
from .seating import HOSTED

if TYPE_CHECKING:
    from collections.abc import Coroutine

    from ..engine.game import Game
    from ..session import Session
    from .seating import Chair

PASSES = 4  # passes of the loop a frame: a message read, answered and its answer written within one frame


class Pump:
    """An asyncio loop run a few passes at a time by the window (never waiting for the network)."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()

    def step(self, passes: int = PASSES) -> None:
        """Run what is ready: each pass polls the sockets without waiting (a callback is ready: the stop)."""
        for _ in range(passes):
            self.loop.call_soon(self.loop.stop)
            self.loop.run_forever()

    def run(self, coroutine: Coroutine[Any, Any, Any], seconds: float) -> Any:
        """Run a coroutine to its end, at most `seconds` (waiting: for leaving, or tests; never a frame)."""
        return self.loop.run_until_complete(asyncio.wait_for(coroutine, seconds))

    def close(self) -> None:
        """Cancel what still runs (a bounded second to wind down) and close the loop."""
        if self.loop.is_closed():
            return
        pending = [task for task in asyncio.all_tasks(self.loop) if not task.done()]
        for task in pending:
            task.cancel()
        if pending:
            self.loop.run_until_complete(asyncio.wait(pending, timeout=1.0))
        self.loop.run_until_complete(self.loop.shutdown_asyncgens())
        self.loop.close()


def listen_problem(exc: BaseException, bind: str, port: int) -> str:
    """Why a host cannot listen, in the player's words."""
    number = getattr(exc, "errno", None)
    if isinstance(exc, socket.gaierror):
        return tr("net_address_unknown", address=bind)
    if number == errno.EADDRINUSE:
        return tr("net_port_in_use", port=port)
    if number == errno.EADDRNOTAVAIL:
        return tr("net_address_not_here", address=bind)
    if number == errno.EACCES:
        return tr("net_port_denied", port=port)
    return tr("net_cannot_listen", address=bind, port=port, reason=getattr(exc, "strerror", None) or exc)


class Lines(io.StringIO):
    """Where the host writes its log (what `aquarius3d host` prints) in a window: the newest lines kept."""

    def __init__(self) -> None:
        super().__init__()
        self.lines: list[str] = []

    def write(self, text: str) -> int:
        self.lines.extend(line for line in text.splitlines() if line)
        del self.lines[:-200]
        return len(text)


class HostedGame:
    """A game this window hosts: its people play at the table, the others join by the code."""

    hosting = True

    def __init__(self, game: Game, chairs: list[Chair], seed: int, bind: str, port: int, pump: Pump,
                 save: str | None = HOSTED, out: TextIO | None = None, tls: ssl.SSLContext | None = None,
                 away_bot: float | None = None, secret: str | None = None, session: Session | None = None) -> None:
        """`out`: where the host writes its log (`aquarius3d host` with a window: the terminal, the code first);
        `tls`: a certificate's context (wss://); `away_bot`: seconds before a computer plays for an absent player;
        `secret` and `session`: a hosted game going on (`aquarius3d host --load`: the same code and tokens, the table
        as it was saved, its remote players away until they come back)."""
        self.pump, self.bind, self.port = pump, bind, port
        self.host = Host(game, chairs, seed, secret or new_secret(), out=Lines() if out is None else out, save=save,
                         session=session)
        self.host.window = True
        self.host.away_bot = away_bot
        self.problem: str | None = None  # why it cannot listen, in words
        self.task = pump.loop.create_task(self.host.run(bind, port, shown_address(bind), tls))
        self._shown: tuple[Any, ...] | None = None

    @property
    def code(self) -> JoinCode | None:
        return self.host.code if self.host.ready.is_set() else None

    @property
    def session(self) -> Session | None:
        return self.host.session

    @property
    def ruleset(self) -> str:
        return self.host.game.id

    @property
    def seat(self) -> int | None:
        """This window's own seat, for a player who joined (a host's window may have several, or none)."""
        return None

    def seats(self) -> list[dict[str, Any]]:
        return [chair.public() for chair in self.host.chairs]

    def free(self) -> int:
        return sum(1 for chair in self.host.chairs if chair.kind == "remote" and chair.token is None)

    def step(self) -> bool:
        """A frame's share: the network, then the table's news told to the players; True if what the window shows
        changed (a remote move, a player come or gone, a line logged, the code, a problem)."""
        self.host.table_changed()  # (the window may have moved since the last frame)
        self.pump.step()
        if self.task.done() and self.problem is None and not self.task.cancelled():
            exc = self.task.exception()
            if exc is not None:
                self.problem = listen_problem(exc, self.bind, self.port) if isinstance(exc, OSError) else \
                    tr("net_failed", reason=f"{exc.__class__.__name__}: {exc}")
        session = self.host.session
        shown = (self.code, self.problem, self.host.seq, tuple(map(str, self.seats())),
                 len(session.messages) if session is not None else 0)
        changed = shown != self._shown
        self._shown = shown
        return changed

    def close(self) -> None:
        """Stop hosting: the players are told the host is stopping (the window steps on until `finished`)."""
        self.host.stop()

    @property
    def finished(self) -> bool:
        return self.task.done()


def refusal_words(exc: JoinRefused, code: JoinCode) -> str:
    """Why this window cannot join, in the player's words (the host's own words beside an unknown code)."""
    where = f"{code.host}:{code.port}"
    known = {"secret": "net_refused_secret", "full": "net_refused_full", "version": "net_refused_version",
             "token": "net_refused_token", "not_host": "net_not_host"}
    if exc.code in known:
        return tr(known[exc.code], where=where)
    return tr("net_refused", where=where, reason=str(exc))


class JoinedGame:
    """A game hosted elsewhere that this window plays one seat of."""

    hosting = False

    def __init__(self, code: JoinCode, name: str, pump: Pump, keep_token: bool = True,
                 cafile: str | None = None) -> None:
        self.pump, self.name, self.keep_token = pump, name, keep_token
        self.code: JoinCode | None = code
        self.guest = Guest(code, name, cafile)
        self.problem: str | None = None  # why it cannot join or go on, in words
        self.note = ""  # the line's news: lost, back
        self.welcome: dict[str, Any] = {}
        self.lobby: dict[str, Any] | None = None
        self.session: GuestSession | None = None
        self.lost = False
        self._game: Game | None = None
        self._sending: set[asyncio.Task[Any]] = set()
        self._version = 0
        self._shown = -1
        self.task = pump.loop.create_task(self._run())

    @property
    def ruleset(self) -> str:
        return str(self.welcome.get("ruleset", ""))

    @property
    def seat(self) -> int | None:
        seat = self.welcome.get("seat")
        return seat if isinstance(seat, int) else None

    def seats(self) -> list[dict[str, Any]]:
        return list(self.lobby["seats"]) if self.lobby is not None else []

    def free(self) -> int:
        return int(self.lobby["free"]) if self.lobby is not None else 0

    def step(self) -> bool:
        """A frame's share of the network; True if what the window shows changed."""
        self.pump.step()
        changed, self._shown = self._version != self._shown, self._version
        return changed

    def _changed(self) -> None:
        self._version += 1

    def _tell(self, note: str) -> None:
        self.note = note
        if self.session is not None:
            self.session.notify(note)
        self._changed()

    async def _run(self) -> None:
        where = f"{self.guest.code.host}:{self.guest.code.port}"
        try:
            await self._join()
            await self._follow()
        except JoinRefused as exc:
            self.problem = refusal_words(exc, self.guest.code)
        except HostGone as exc:
            self.problem = tr("net_host_gone", where=where, reason=str(exc))
        except ProtocolError as exc:
            self.problem = tr("net_unreadable", where=where, reason=str(exc))
        except OSError as exc:
            refused = isinstance(exc, ConnectionRefusedError) or exc.errno == errno.ECONNREFUSED
            self.problem = tr("net_no_host", where=where, reason=tr("net_nobody_listens") if refused else
                              exc.strerror or exc)
        finally:
            if self.problem is not None and self.session is not None:
                self.session.notify(self.problem)
            self._changed()

    async def _join(self) -> None:
        guest, code = self.guest, self.guest.code
        guest.token = tokens.remembered(code, self.name) if self.keep_token else None
        try:
            self.welcome = await guest.join()
        except JoinRefused as exc:
            if exc.code != "token":
                raise
            guest.token = None  # a token of another game with the same code: join as new
            self.welcome = await guest.join()
        if self.keep_token:
            tokens.remember(code, self.name, guest.token)
        try:
            self._game = load_ruleset(str(self.welcome["ruleset"]), dict(self.welcome["options"]))
        except ValueError:
            await guest.leave()
            raise JoinRefused(tr("net_unknown_ruleset", ruleset=self.welcome.get("ruleset")), "ruleset") from None
        self._changed()

    async def _follow(self) -> None:
        """The host's messages until the game is over and the host closes, coming back when the line drops."""
        guest, fresh = self.guest, False
        while True:
            assert guest.ws is not None
            try:
                data = await guest.ws.recv()
            except ConnectionClosed as exc:
                over = self.session is not None and self.session.host_over
                if over or (exc.rcvd is not None and exc.rcvd.code in FINAL):
                    if not over:
                        self._tell(tr("net_host_closed", reason=exc.rcvd.reason if exc.rcvd else ""))
                    return
                self.lost = True
                self._tell(tr("net_lost_line"))
                await guest.come_back()
                self.lost, fresh = False, True
                self._tell(tr("net_back"))
                continue
            self._take(decode(data, HOST_TYPES), fresh)
            fresh = False

    def _take(self, message: dict[str, Any], fresh: bool) -> None:
        kind = message["type"]
        if kind == "lobby":
            self.lobby = message
        elif kind == "state":
            assert self._game is not None
            if self.session is None:
                self.session = GuestSession(self._game, message, self._send, self._look)
            else:
                self.session.take(message, fresh)
            if self.note and fresh:
                self.session.notify(self.note)
            if self.session.host_over and self.keep_token:  # (even behind a round's end the player reads)
                tokens.remember(self.guest.code, self.name, None)
        elif kind == "refused" and self.session is not None:
            self.session.refused(message)
        self._changed()

    def _send(self, seq: int, move: str) -> None:
        self._sent(self.guest.move(seq, move))

    def _look(self) -> None:
        self._sent(self.guest.look())

    def _sent(self, sending: Any) -> None:
        task = self.pump.loop.create_task(sending)
        self._sending.add(task)
        task.add_done_callback(self._sending.discard)

    def close(self) -> None:
        """Leave the game (the seat stays the player's: the same code and name take it back)."""
        if not self.task.done():
            self.task.cancel()
        self.task = self.pump.loop.create_task(self._leave())

    async def _leave(self) -> None:
        try:
            await asyncio.wait_for(self.guest.leave(), 3.0)
        except (TimeoutError, OSError, ConnectionClosed):
            pass

    @property
    def finished(self) -> bool:
        return self.task.done()
