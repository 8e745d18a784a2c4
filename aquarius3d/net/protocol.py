"""The messages a host and its players exchange (docs/protocol.md describes each): JSON objects, one to a
WebSocket text frame, each naming its `type`. This module makes them and reads them, and refuses anything
else with a `ProtocolError` that says what was wrong and how the connection ends.

A player's side sends three kinds, `hello` (first, once), `move` and `look` (Aqua-Chicken: the player looks at
their goal); the host sends `welcome`, `lobby`, `state` and `refused`. Everything a player sends is read here, within the limits below, before the host
looks at it: a message the host cannot read closes that connection with a reason, never the host.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from typing import Any

PROTOCOL = 2  # raise it when a message changes its meaning; a host and a player of different versions refuse each other
# (2: `look`, and an Aqua-Chicken player's own goal withheld from their view until they look)

# What a player may send (the host states them in `welcome`): past them the connection is closed with a reason.
MAX_MESSAGE = 4096  # bytes of one message (the transport closes a larger one: 1009)
RATE = 10.0  # messages a second, on average (a move the host plays is not counted)...
BURST = 20  # ...and this many at once
HELLO_SECONDS = 10.0  # a new connection says hello within this
MAX_NAME = 24  # characters of a player's name
MAX_MOVE = 200  # characters of a move's notation
MAX_CONNECTIONS = 16  # connections at once, said hello or not
MAX_HOST_MESSAGE = 8 * 2**20  # what a player accepts from the host (a whole log after reconnecting)

# Close codes (RFC 6455 and the range left to applications), with a reason in words beside each.
NORMAL = 1000  # the game is over, or the player left
GOING_AWAY = 1001  # the host is stopping
UNSUPPORTED = 1003  # a binary frame: messages are text
POLICY = 1008  # a message the host will not read: malformed, too frequent, not a hello first
TOO_BIG = 1009  # over MAX_MESSAGE (the transport says so itself)
INTERNAL = 1011  # the host's own fault, for this connection only
TRY_LATER = 1013  # too many connections
REPLACED = 4000  # the same seat's token connected again elsewhere
REFUSED = 4001  # the hello was refused: the reason was sent first (`refused`)

CLIENT_TYPES = ("hello", "move", "look")
HOST_TYPES = ("welcome", "lobby", "state", "refused")


class ProtocolError(Exception):
    """A message that cannot be taken: `close` is the close code it earns, the message the reason."""

    def __init__(self, reason: str, close: int = POLICY) -> None:
        super().__init__(reason)
        self.close = close


def encode(message: dict[str, Any]) -> str:
    """A message as sent: compact JSON, each object with its `type` first."""
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def decode(data: str | bytes, allowed: tuple[str, ...] = CLIENT_TYPES) -> dict[str, Any]:
    """A received message as a mapping with a known `type`; ProtocolError for anything else."""
    if isinstance(data, bytes):
        raise ProtocolError("messages are text (JSON), not binary", UNSUPPORTED)
    try:
        message = json.loads(data, parse_constant=_no_constant)
    except RecursionError:
        raise ProtocolError("malformed message: nested too deeply") from None
    except ValueError as exc:
        raise ProtocolError(f"malformed message: not JSON ({exc.__class__.__name__})") from None
    if not isinstance(message, dict):
        raise ProtocolError("malformed message: expected a JSON object")
    kind = message.get("type")
    if kind not in allowed:
        raise ProtocolError(f"malformed message: type must be one of {', '.join(allowed)}"
                            + (f", not {_short(kind)}" if kind is not None else ""))
    return message


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def _short(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=True)
    return text if len(text) <= 40 else text[:37] + "..."


def _field(message: dict[str, Any], key: str, kind: type, optional: bool = False) -> Any:
    value = message.get(key)
    if value is None and optional:
        return None
    if not isinstance(value, kind) or isinstance(value, bool) and kind is not bool:
        name = {str: "text", int: "a whole number"}.get(kind, kind.__name__)
        raise ProtocolError(f"malformed {message['type']}: {key} must be {name}")
    return value


@dataclass(frozen=True)
class Hello:
    """A player's first message: the protocol it speaks, the game's secret, its name, and its reconnect token
    when it comes back to a seat it had."""

    protocol: int
    secret: str
    name: str
    token: str | None = None


def _only(message: dict[str, Any], *keys: str) -> None:
    """A player's message has no field beyond its own (no seat to speak for, nothing for the host to guess at)."""
    extra = sorted(set(message) - {"type", *keys})
    if extra:
        raise ProtocolError(f"malformed {message['type']}: no field {_short(extra[0])} in protocol {PROTOCOL}")


def read_hello(message: dict[str, Any]) -> Hello:
    if message["type"] != "hello":
        raise ProtocolError("the first message must be a hello")
    protocol = _field(message, "protocol", int)
    if protocol != PROTOCOL:  # another version's hello may differ: the host refuses it by its version alone
        return Hello(protocol, "", "")
    _only(message, "protocol", "secret", "name", "token")
    secret = _field(message, "secret", str)
    name = " ".join(_field(message, "name", str).split())
    token = _field(message, "token", str, optional=True)
    if len(secret) > 64 or (token is not None and len(token) > 64):
        raise ProtocolError("malformed hello: secret and token are at most 64 characters")
    if not name or len(name) > MAX_NAME or not name.isprintable():
        raise ProtocolError(f"malformed hello: name must be 1 to {MAX_NAME} printable characters")
    return Hello(protocol, secret, name, token)


@dataclass(frozen=True)
class MoveSent:
    """A move in the project's notation (engine/moves.py), with the `seq` of the state it answers."""

    seq: int
    move: str


def read_move(message: dict[str, Any]) -> MoveSent:
    if message["type"] == "hello":
        raise ProtocolError("a hello comes once, first")
    _only(message, "seq", "move")
    seq = _field(message, "seq", int)
    move = _field(message, "move", str)
    if len(move) > MAX_MOVE:
        raise ProtocolError(f"malformed move: at most {MAX_MOVE} characters")
    return MoveSent(seq, move)


def read_look(message: dict[str, Any]) -> None:
    """Aqua-Chicken: the player looks at their goal (the first look counts; the view then holds the goal). No
    fields: a player looks for its own seat only."""
    _only(message)


# -- what the host sends ---------------------------------------------------------------------------------


def limits() -> dict[str, Any]:
    """The limits a player's messages are held to, as `welcome` states them."""
    return {"message_bytes": MAX_MESSAGE, "messages_per_second": RATE, "burst": BURST, "hello_seconds": HELLO_SECONDS,
            "name_characters": MAX_NAME}


def refused(code: str, reason: str, seq: int | None = None) -> dict[str, Any]:
    """A message (a hello or a move) turned down: a code for programs, the reason in words for people."""
    message: dict[str, Any] = {"type": "refused", "code": code, "reason": reason}
    if seq is not None:
        message["seq"] = seq
    return message


class Bucket:
    """How often a connection may send: RATE a second on average, BURST at once (a token bucket)."""

    def __init__(self, now: float, rate: float = RATE, burst: int = BURST) -> None:
        self.rate, self.burst = rate, burst
        self.tokens, self.last = float(burst), now

    def take(self, now: float) -> bool:
        """One message arrives at `now`: False when it comes too soon after the others."""
        if not math.isfinite(now):
            return False
        self.tokens = min(self.burst, self.tokens + max(0.0, now - self.last) * self.rate)
        self.last = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True

    def give_back(self) -> None:
        """A message that moved the game on is not counted: only what the host could not use wears the budget."""
        self.tokens = min(self.burst, self.tokens + 1)
