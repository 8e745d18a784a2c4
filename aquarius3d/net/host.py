"""The host: the one place a hosted game lives. It owns the session (the deck, every hand and goal, the
computer seats), lets players in by the game's secret, hands each remote seat's moves to the session, and
sends each connection what its seat may know (wire.py) and nothing else.

    host = Host(game, chairs, seed, secret, out)
    exit_status = asyncio.run(host.run("0.0.0.0", 7600))

Everything a connection sends is read within the protocol's limits (protocol.py) by that connection's own
task; a message that breaks them closes that connection with a reason, and whatever goes wrong with one
connection ends there: the game, the host and the other seats go on. Computer seats think in a thread, so
the host keeps answering while they do. Moves are checked by the engine through the session, and only the
seat to move may move, answering the state it was last sent (`seq`).
"""

from __future__ import annotations

import asyncio
import hmac
import ssl
import sys
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any, TextIO

from websockets.asyncio.server import serve
from websockets.exceptions import ConnectionClosed

from ..bots import DEFAULT_LEVEL, make_player
from ..files import saves
from ..i18n import tr
from ..session import Session, Stage
from ..session.events import Refused, TakenBack
from ..session.rows import plain
from .code import JoinCode, new_token
from .link import Link, close_reason
from .protocol import (GOING_AWAY, HELLO_SECONDS, INTERNAL, MAX_CONNECTIONS, MAX_MESSAGE, NORMAL, PROTOCOL, RATE,
                       REFUSED, REPLACED, TRY_LATER, Hello, ProtocolError, decode, limits, read_hello, read_look,
                       read_move, refused)
from .seating import HOSTED, Chair, HostedSession, goal_unseen, hosted_record, record_look, unique_name
from .wire import event_message, seat_view

if TYPE_CHECKING:
    from websockets.asyncio.server import ServerConnection

    from ..engine.game import Game


class Refuse(Exception):
    """A hello turned down: the code and the reason are sent, then the connection is closed."""

    def __init__(self, code: str, reason: str) -> None:
        super().__init__(reason)
        self.code = code


class Host:
    def __init__(self, game: Game, chairs: list[Chair], seed: int, secret: str, out: TextIO = sys.stdout,
                 exit_at_end: bool = False, session: Session | None = None, save: str | None = HOSTED) -> None:
        self.game, self.chairs, self.seed, self.secret = game, chairs, seed, secret
        self.out, self.exit_at_end, self.save = out, exit_at_end, save
        self.session = session  # None until every remote seat has its player (a loaded game has one at once)
        self.seq = 0  # counts the changes of the table: a move answers the state of one number
        self.links: set[Link] = set()
        self.code: JoinCode | None = None
        self.said = len(session.messages) if session is not None else 0  # log lines printed
        self.save_failed = False
        self.wake = asyncio.Event()  # the table changed: a computer seat may be due
        self.done = asyncio.Event()  # stop serving (the game is over and --exit-at-end, or stop())
        self.ready = asyncio.Event()  # listening: `code` says where
        self.thinker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="aquarius3d-host-bot")
        self.pace = 0.0  # seconds before each computer move (--pace)
        self.away_bot: float | None = None  # seconds a remote player may be away on their turn before a computer plays
        self.stand_ins: dict[int, Any] = {}  # seat -> the computer playing for its absent player
        # A host in a window (net/window.py): the window plays its people's turns and the computer seats (with its
        # pauses, in its worker) and goes on between rounds, and says so by `table_changed()`.
        self.window = False
        self._told: tuple[int, bool] | None = None  # the table as the players were last told of it (`_mark`)

    # -- running ------------------------------------------------------------------------------------

    async def run(self, bind: str, port: int, shown_host: str | None = None, tls: ssl.SSLContext | None = None) -> int:
        """Serve until the game is over (with exit_at_end) or `stop()`; prints the join code first. With `tls`
        (a certificate's context), players connect by wss://."""
        async with serve(self._serve, bind, port, compression=None, max_size=MAX_MESSAGE, max_queue=4,
                         open_timeout=HELLO_SECONDS, ping_interval=20, ping_timeout=20, close_timeout=5,
                         server_header=None, ssl=tls) as server:
            port = server.sockets[0].getsockname()[1]
            self.code = JoinCode(shown_host or bind, port, self.secret, tls is not None)
            self.say(f"join code: {self.code}")
            self.ready.set()
            if self.session is None:
                self.say(f"waiting for {self._free()} player(s): aquarius3d join {self.code}")
            else:
                self.say(f"{self.game.ruleset.name} goes on, turn {self.session.state.turn_number}: waiting for "
                         f"{', '.join(c.name for c in self.chairs if c.kind == 'remote')} to come back")
                for chair in self.chairs:
                    chair.away_since = asyncio.get_running_loop().time() if chair.kind == "remote" else None
                self.wake.set()
            driver = asyncio.create_task(self._drive())
            try:
                await self.done.wait()
            finally:
                driver.cancel()
                over = self.session is not None and self.session.state.over
                await asyncio.gather(*(link.finish(NORMAL if over else GOING_AWAY,
                                                   "the game is over" if over else "the host is stopping")
                                       for link in list(self.links)), return_exceptions=True)
                self.thinker.shutdown(wait=False, cancel_futures=True)
        return 0

    def stop(self) -> None:
        self.done.set()

    def say(self, line: str) -> None:
        print(line, file=self.out, flush=True)

    def _free(self) -> int:
        return sum(1 for chair in self.chairs if chair.kind == "remote" and chair.token is None)

    # -- a connection --------------------------------------------------------------------------------

    async def _serve(self, ws: ServerConnection) -> None:
        loop = asyncio.get_running_loop()
        if len(self.links) >= MAX_CONNECTIONS:
            await ws.close(TRY_LATER, "too many connections: try again later")
            return
        link = Link(ws, loop.time())
        self.links.add(link)
        try:
            try:
                first = await asyncio.wait_for(ws.recv(), HELLO_SECONDS)
            except TimeoutError:
                raise ProtocolError(f"no hello within {HELLO_SECONDS:g} seconds") from None
            link.bucket.take(loop.time())
            self._hello(link, read_hello(decode(first)))
            async for data in ws:
                if not link.bucket.take(loop.time()):
                    raise ProtocolError(f"too many messages: at most {RATE:g} a second")
                self._message(link, decode(data))
        except Refuse as refusal:
            link.send(refused(refusal.code, str(refusal)))
            await link.flush()
            await _close(ws, REFUSED, str(refusal))
        except ProtocolError as exc:
            await _close(ws, exc.close, str(exc))
        except ConnectionClosed:
            pass
        except Exception as exc:  # our bug: this connection ends, the game goes on
            print(f"aquarius3d host: internal error on {link.address}'s message ({exc.__class__.__name__}: {exc})",
                  file=sys.stderr, flush=True)
            await _close(ws, INTERNAL, "the host failed to handle a message (its bug): connect again")
        finally:
            link.stop()
            self.links.discard(link)
            self._left(link)

    def _hello(self, link: Link, hello: Hello) -> None:
        if hello.protocol != PROTOCOL:
            raise Refuse("version", f"this host speaks protocol {PROTOCOL} and the player protocol {hello.protocol}: "
                                    "use the same version of aquarius3d on both computers")
        if not hmac.compare_digest(hello.secret.lower().encode(), self.secret.encode()):
            raise Refuse("secret", "wrong secret: check the join code the host printed")
        if hello.token is not None:
            seat = next((i for i, chair in enumerate(self.chairs) if chair.token is not None
                         and hmac.compare_digest(chair.token.encode(), hello.token.encode())), None)
            if seat is None:
                raise Refuse("token", "this reconnect token belongs to no seat of this game")
            old = self.chairs[seat].link
            if old is not None:
                old.seat = None
                old.close(REPLACED, "your seat was taken back by a new connection with its token")
        elif (seat := self._away_named(hello.name)) is None:
            seat = next((i for i, chair in enumerate(self.chairs) if chair.kind == "remote" and chair.token is None),
                        None)
            if seat is None:
                raise Refuse("full", "every seat is taken: a player who had one comes back with its token, or "
                                     "under the same name while the seat is away")
            self.chairs[seat].name = unique_name(hello.name, self.chairs)
            self.chairs[seat].token = new_token()
        chair = self.chairs[seat]
        chair.link, chair.away_since, link.seat = link, None, seat
        link.send({"type": "welcome", "protocol": PROTOCOL, "seat": seat, "name": chair.name, "token": chair.token,
                   "ruleset": self.game.id, "options": dict(self.game.options), "limits": limits()})
        self.say(f"{chair.name} {'is back' if self.session is not None else 'joined'} (seat {seat + 1}, {link.address})")
        if self.session is None and self._free() == 0:
            self._deal()
        elif self.session is None:
            self._tell_lobby()
        else:
            link.log_sent, link.events_sent = 0, len(self.session.events)
            self._tell_all()

    def _away_named(self, name: str) -> int | None:
        """After the deal, the away seat of that name: a player who lost their token comes back by their name
        (never to a seat whose player is here)."""
        if self.session is None:
            return None
        return next((i for i, chair in enumerate(self.chairs) if chair.kind == "remote" and chair.link is None
                     and chair.name.casefold() == name.casefold()), None)

    def _left(self, link: Link) -> None:
        seat = link.seat
        if seat is None or self.chairs[seat].link is not link:
            return
        chair = self.chairs[seat]
        chair.link = None
        if self.session is None:  # before the deal, the seat is free again
            self.say(f"{chair.name} left before the deal")
            chair.name, chair.token = "", None
            self._tell_lobby()
        elif not self.session.state.over:
            chair.away_since = asyncio.get_running_loop().time()
            self.say(f"{chair.name} is away (seat {seat + 1}): waiting for them" +
                     (f", then a computer plays for them after {self.away_bot:g} s" if self.away_bot is not None else ""))
            self._tell_all()
            self.wake.set()

    def _message(self, link: Link, message: dict[str, Any]) -> None:
        if message["type"] == "look":
            read_look(message)
            self._look(link)
            return
        sent = read_move(message)
        session, seat = self.session, link.seat
        if seat is None:
            return  # (replaced by a newer connection, still closing)
        if session is None:
            link.send(refused("not_started", "the game has not started: waiting for players", sent.seq))
        elif session.stage != Stage.REMOTE or session.seat != seat:
            link.send(refused("over" if session.state.over else "not_your_turn",
                              tr("refuse_over") if session.state.over else
                              tr("refuse_not_your_turn", name=self.chairs[session.seat].name), sent.seq))
        elif sent.seq != self.seq:
            link.send(refused("stale", tr("refuse_stale"), sent.seq))
        else:
            count = len(session.events)
            if session.submit(sent.move):
                link.bucket.give_back()
                self._changed()
            else:
                reason = next((e.reason for e in session.events[count:] if isinstance(e, Refused)), tr("refuse_generic"))
                link.send(refused("illegal", reason, sent.seq))

    def _look(self, link: Link) -> None:
        """Aqua-Chicken: the player of this connection looks at their goal. The first look is the one the side game
        counts: logged, saved, and the seat's view holds its goal from now on; every other look changes nothing.
        The table's number stays (a move under way elsewhere is not made stale by it)."""
        session, seat = self.session, link.seat
        if session is not None and seat is not None and record_look(session, seat):
            self._news()

    def _news(self) -> None:
        """Log lines without a move (a look): saved, printed and told, under the same number."""
        session = self.session
        assert session is not None
        self._autosave()
        for line in session.messages[self.said:]:
            self.say(line)
        self.said = len(session.messages)
        self._tell_all()

    # -- the table -----------------------------------------------------------------------------------

    def _deal(self) -> None:
        self.session = HostedSession(self.game, self.chairs, self.seed)
        self.say(f"{self.game.ruleset.name}: {', '.join(chair.name for chair in self.chairs)}")
        for link in self.links:
            link.log_sent, link.events_sent = 0, 0
        self._changed()

    def _changed(self) -> None:
        """The table changed: a new number, the autosave, the new lines printed, every seat told."""
        session = self.session
        assert session is not None
        self.seq += 1
        self._told = self._mark()
        self._autosave()
        if self.said > len(session.messages):
            self.said = 0
        for line in session.messages[self.said:]:
            self.say(line)
        self.said = len(session.messages)
        if session.state.over:
            for line in plain(session.summary()):  # (its rows in columns, for a console)
                self.say(line)
        self._tell_all()
        self.wake.set()

    def _mark(self) -> tuple[int, bool]:
        """What the players are told of when it changes: the moves made and taken back (every event but a
        refusal), and whether the score table between rounds shows."""
        session = self.session
        assert session is not None
        return sum(1 for event in session.events if not isinstance(event, Refused)), session.stage == Stage.ROUND_OVER

    def table_changed(self) -> bool:
        """The window's word that it may have changed the table (a move at its keyboard, a computer seat's, the next
        round): if it did, a new number, the autosave and every seat told, as for a remote move; a line logged
        without a move (Aqua-Chicken: a look at the window) is told under the same number. True if either."""
        if self.session is None:
            return False
        if self._mark() != self._told:
            self._changed()
            return True
        if len(self.session.messages) > self.said:
            self._news()
            return True
        return False

    def _autosave(self) -> None:
        if self.save is None or self.session is None:
            return
        try:
            saves.save(hosted_record(self.session, self.chairs, self.secret), self.save)
        except OSError as exc:
            if not self.save_failed:
                print(f"aquarius3d host: cannot save the game ({exc.strerror or exc}); trying again after each move",
                      file=sys.stderr, flush=True)
            self.save_failed = True
        else:
            self.save_failed = False

    def _tell_lobby(self) -> None:
        seats = [chair.public() for chair in self.chairs]
        for link in self.links:
            if link.seat is not None:
                link.send({"type": "lobby", "seat": link.seat, "seats": seats, "free": self._free()})

    def _tell_all(self) -> None:
        for link in self.links:
            if link.seat is not None:
                link.send(self.state_for(link))

    def state_for(self, link: Link) -> dict[str, Any]:
        """The state message for one connection: its seat's view, and the public news it has not had yet."""
        session = self.session
        assert session is not None and link.seat is not None
        new = session.events[link.events_sent:]
        if any(isinstance(event, TakenBack) for event in new) or link.log_sent > len(session.messages):
            link.log_sent = 0  # lines were taken back: the whole log again
        lines = session.messages[link.log_sent:]
        message: dict[str, Any] = {
            "type": "state", "seq": self.seq, "seat": link.seat, "turn": session.seat, "stage": str(session.stage),
            "your_move": session.stage == Stage.REMOTE and session.seat == link.seat,
            "seats": [chair.public() for chair in self.chairs],
            "view": seat_view(self.game, session.state, link.seat, goal_unseen=goal_unseen(session, link.seat)),
            "log": {"from": link.log_sent, "lines": lines},
            "events": [shown for shown in map(event_message, new) if shown is not None],
        }
        if session.stage in (Stage.OVER, Stage.ROUND_OVER):
            message["summary"] = session.summary()
        if session.stage == Stage.ROUND_OVER and session.round_end is not None:
            # (Dominus: the table as the round ended, shown with its points until the host goes on; `view` holds the
            # next deal already) this seat's own view of it, as of any state
            message["round_end"] = seat_view(self.game, session.round_end, link.seat)
        link.log_sent, link.events_sent = len(session.messages), len(session.events)
        return message

    async def _drive(self) -> None:
        """Play the computer seats (and an absent player's, with --away-bot) and pass the score table between
        rounds, as the table changes."""
        while True:
            try:
                await asyncio.wait_for(self.wake.wait(), self._patience())
            except TimeoutError:
                pass
            self.wake.clear()
            session = self.session
            while session is not None and (session.stage in (Stage.COMPUTER, Stage.ROUND_OVER) and not self.window
                                           or self._stand_in_due()):
                if session.stage == Stage.ROUND_OVER:
                    session.next_round()
                    self._changed()
                else:
                    before = self.seq
                    if await self._computer_moves(session):
                        self._changed()
                    elif self.seq == before:  # refused twice: a computer player's bug, said; the table waits
                        print(f"aquarius3d host: no move of {session.seats[session.seat].name}'s was taken",
                              file=sys.stderr, flush=True)
                        break
            if session is not None and session.state.over and self.exit_at_end:
                self.done.set()

    def _patience(self) -> float | None:
        """How long the driver may sleep: until an absent player's time is up, else until the table changes."""
        session = self.session
        if self.away_bot is None or session is None or session.stage != Stage.REMOTE:
            return None
        since = self.chairs[session.seat].away_since
        return None if since is None else max(0.0, since + self.away_bot - asyncio.get_running_loop().time())

    def _stand_in_due(self) -> bool:
        return self._patience() == 0.0

    async def _computer_moves(self, session: Session) -> bool:
        """A computer seat's move, or a stand-in's for an absent player; False if the table changed meanwhile."""
        seat, seq, remote = session.seat, self.seq, session.stage == Stage.REMOTE
        if remote and seat not in self.stand_ins:
            self.stand_ins[seat] = make_player(DEFAULT_LEVEL, self.seed * 31 + seat)
            self.say(f"{self.chairs[seat].name} is still away: a computer plays for them until they are back")
        player = self.stand_ins[seat] if remote else session.bots[seat]
        if self.pace > 0:
            await asyncio.sleep(self.pace)
        seen = session.game.observe(session.state, seat)
        try:
            move = await asyncio.get_running_loop().run_in_executor(self.thinker, player.choose, session.game, seen)
        except Exception as exc:  # a computer player's bug: said, and the seat plays on at random
            print(f"aquarius3d host: {session.seats[seat].name} could not choose ({exc.__class__.__name__}: {exc}); "
                  "a random move instead", file=sys.stderr, flush=True)
            move = make_player("random", self.seed + session.state.turn_number).choose(session.game, seen)
        if self.seq != seq or session.seat != seat:
            return False  # (the player came back and moved first)
        if (session.submit if remote else session.computer_move)(move):
            return True
        fallback = make_player("random", self.seed + session.state.turn_number).choose(session.game, seen)
        return (session.submit if remote else session.computer_move)(fallback)


async def _close(ws: ServerConnection, code: int, reason: str) -> None:
    """Close with a reason, reading on meanwhile: messages the player had queued are dropped unread, and the
    player's answering close is seen at once (unread messages would stop the reading, and the close would wait)."""
    async def discard() -> None:
        try:
            while True:
                await ws.recv()
        except Exception:
            return

    drain = asyncio.create_task(discard())
    try:
        await ws.close(code, close_reason(reason))
    finally:
        drain.cancel()
