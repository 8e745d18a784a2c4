"""A player's side of a hosted game: connect by the join code, say hello, and follow the table.

    guest = Guest(parse_code("127.0.0.1:7600/k7f3-q9x2"), "Bo")
    welcome = await guest.join()          # JoinRefused (with the host's reason) or OSError when it cannot
    message = await guest.receive()       # "lobby", "state" or "refused"; reconnects with the token if the line drops
    await guest.move(message["seq"], "P EEWW 0,1")

`play_bot` is `aquarius3d join CODE --bot LEVEL`: a computer player choosing from the view the host sent (its
seat's observation, wire.py), exactly as the host's own computer seats choose. In Aqua-Chicken it looks at its
goal before its first move (a computer plays by its goal; the side game counts the look).
"""

from __future__ import annotations

import asyncio
import ssl
import sys
from typing import Any, TextIO

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidStatus, InvalidURI

from ..session.rows import plain
from .code import JoinCode
from .protocol import (HOST_TYPES, MAX_HOST_MESSAGE, NORMAL, PROTOCOL, REFUSED, REPLACED, ProtocolError, decode,
                       encode)

CONNECT_SECONDS = 10.0  # to reach the host and be welcomed
COME_BACK_SECONDS = 60.0  # how long a player who lost the line tries to take their seat back
FINAL = (NORMAL, REFUSED, REPLACED)  # closes that end the game for this player: no coming back


class JoinRefused(Exception):
    """The host would not let this player in (or back): its reason, in words, and its code when it gave one."""

    def __init__(self, reason: str, code: str | None = None) -> None:
        super().__init__(reason)
        self.code = code


class HostGone(Exception):
    """The line to the host is lost and could not be found again."""


class Guest:
    def __init__(self, code: JoinCode, name: str, cafile: str | None = None) -> None:
        self.code, self.name = code, name
        self.tls: ssl.SSLContext | None = None
        if code.tls:  # the system's authorities, or the host's own certificate handed to the players (--cafile)
            self.tls = ssl.create_default_context(cafile=cafile)
        self.ws: ClientConnection | None = None
        self.welcome: dict[str, Any] = {}
        self.token: str | None = None
        self.reconnects = 0

    async def join(self) -> dict[str, Any]:
        """Connect and say hello (with the token when coming back); the host's welcome."""
        try:
            ws = await asyncio.wait_for(connect(self.code.uri, compression=None, max_size=MAX_HOST_MESSAGE,
                                                open_timeout=CONNECT_SECONDS, close_timeout=5, ssl=self.tls),
                                        CONNECT_SECONDS)
        except (InvalidStatus, InvalidURI) as exc:  # an answer, but not a WebSocket's
            raise JoinRefused(f"{self.code.host}:{self.code.port} is not an aquarius3d host ({exc})", "not_host") from None
        except TimeoutError:
            raise OSError(f"no answer from {self.code.host}:{self.code.port} within {CONNECT_SECONDS:g} seconds") from None
        except OSError:
            raise
        except Exception as exc:  # the line closed before an answer (a host stopping or starting), or garbage
            raise OSError(f"{self.code.host}:{self.code.port} gave no WebSocket answer ({exc})") from None
        hello = {"type": "hello", "protocol": PROTOCOL, "secret": self.code.secret, "name": self.name}
        if self.token is not None:
            hello["token"] = self.token
        try:
            await ws.send(encode(hello))
            answer = decode(await asyncio.wait_for(ws.recv(), CONNECT_SECONDS), HOST_TYPES)
        except (ConnectionClosed, TimeoutError, ProtocolError) as exc:
            await ws.close()
            raise JoinRefused(_closed_reason(exc, "the host did not welcome this player")) from None
        if answer["type"] != "welcome":
            await ws.close()
            raise JoinRefused(str(answer.get("reason") or "the host refused this player"), answer.get("code"))
        if answer.get("protocol") != PROTOCOL:
            await ws.close()
            raise JoinRefused(f"the host speaks protocol {answer.get('protocol')} and this player {PROTOCOL}: "
                              "use the same version of aquarius3d on both computers", "version")
        self.ws, self.welcome, self.token = ws, answer, answer.get("token")
        return answer

    async def receive(self) -> dict[str, Any]:
        """The host's next message; the seat is taken back with its token if the line drops (HostGone if it
        cannot be, JoinRefused if the host no longer wants this player)."""
        while True:
            assert self.ws is not None
            try:
                return decode(await self.ws.recv(), HOST_TYPES)
            except ConnectionClosed as exc:
                code = exc.rcvd.code if exc.rcvd is not None else None
                if code in FINAL:
                    raise HostGone(_closed_reason(exc, "the host closed the connection")) from None
                await self.come_back()

    async def come_back(self) -> None:
        """Take the seat back after the line dropped (with the token), trying for a while; HostGone when the host
        cannot be found again, JoinRefused when it says no."""
        loop = asyncio.get_running_loop()
        until, pause = loop.time() + COME_BACK_SECONDS, 0.25
        while True:
            try:
                await self.join()
                self.reconnects += 1
                return
            except (OSError, JoinRefused) as exc:
                if isinstance(exc, JoinRefused) and exc.code not in (None, "not_host"):
                    raise  # the host said no (the token, the secret), or speaks another protocol: final
                if loop.time() + pause > until:
                    raise HostGone(f"lost the line to {self.code.host}:{self.code.port} and could not find it again "
                                   f"within {COME_BACK_SECONDS:g} seconds") from None
                await asyncio.sleep(pause)
                pause = min(2.0, pause * 2)

    async def move(self, seq: int, move: str) -> None:
        """Send a move in notation, answering the state numbered `seq` (a lost line: the next receive comes back)."""
        assert self.ws is not None
        try:
            await self.ws.send(encode({"type": "move", "seq": seq, "move": move}))
        except ConnectionClosed:
            pass

    async def look(self) -> None:
        """Aqua-Chicken: this player looks at their goal (the host counts the first look and sends the goal)."""
        assert self.ws is not None
        try:
            await self.ws.send(encode({"type": "look"}))
        except ConnectionClosed:
            pass

    async def leave(self) -> None:
        if self.ws is not None:
            await self.ws.close(NORMAL, "goodbye")


def _closed_reason(exc: BaseException, default: str) -> str:
    if isinstance(exc, ConnectionClosed) and exc.rcvd is not None and exc.rcvd.reason:
        return exc.rcvd.reason
    if isinstance(exc, ProtocolError):
        return f"the host sent what this player cannot read ({exc})"
    return default


async def play_bot(code: JoinCode, level: str, name: str, seed: int, out: TextIO = sys.stdout,
                   err: TextIO = sys.stderr, pace: float = 0.0, keep_token: bool = False,
                   cafile: str | None = None) -> int:
    """Join, play the seat as a computer of that level until the game ends, print the end. The exit status:
    0 when the game ended; JoinRefused, HostGone or OSError when it could not be joined or followed. `pace`:
    seconds to wait before each move; `keep_token`: remember the seat's token (tokens.py), so that the same
    command run again comes back to the seat."""
    from ..bots import make_player
    from ..engine.hidden import HIDDEN
    from ..rules.ruleset import load_ruleset
    from . import tokens
    from .wire import observation_of

    guest = Guest(code, name, cafile)
    guest.token = tokens.remembered(code, name) if keep_token else None
    try:
        welcome = await guest.join()
    except JoinRefused as exc:
        if exc.code != "token":
            raise
        guest.token = None  # a token of another game with the same code: join as new
        welcome = await guest.join()
    if keep_token:
        tokens.remember(code, name, guest.token)
    try:
        game = load_ruleset(welcome["ruleset"], welcome["options"])
    except ValueError as exc:
        await guest.leave()
        raise JoinRefused(f"the host plays {welcome['ruleset']}, which this player cannot load: {exc}") from None
    player = make_player(level, seed)
    fallback = make_player("random", seed)  # for a move the host refused: the view and the host disagree (a bug)
    loop = asyncio.get_running_loop()
    refusals = 0
    last: dict[str, Any] | None = None
    answered: tuple[int, int] | None = None
    while True:
        message = await guest.receive()
        if message["type"] == "refused":
            print(f"aquarius3d join: the host refused a move: {message.get('reason')}", file=err, flush=True)
            refusals += 1
            if refusals > 3:
                await guest.leave()
                raise HostGone("the host refused this player's moves again and again")
            if message.get("code") == "illegal" and last is not None and last["seq"] == message.get("seq"):
                seen = observation_of(last["view"], last["seat"])
                await guest.move(last["seq"], str(fallback.choose(game, seen)))
            continue
        if message["type"] != "state":
            continue
        if message["view"]["phase"] == "over":
            for line in plain(list(message.get("summary", []))):  # (its rows in columns, for a console)
                print(line, file=out, flush=True)
            await guest.leave()
            if keep_token:
                tokens.remember(code, name, None)
            return 0
        seat = message["seat"]
        if message["your_move"] and message["view"]["goals"][seat:seat + 1] == [HIDDEN]:
            await guest.look()  # (Aqua-Chicken: the goal comes in the next state, under the same number)
            continue
        if message["your_move"] and (message["seq"], guest.reconnects) != answered:  # (once a state, unless the
            answered = (message["seq"], guest.reconnects)                          # line dropped meanwhile)
            last = message
            seen = observation_of(message["view"], message["seat"])
            move = await loop.run_in_executor(None, player.choose, game, seen)
            if pace > 0:
                await asyncio.sleep(pace)
            await guest.move(message["seq"], str(move))
