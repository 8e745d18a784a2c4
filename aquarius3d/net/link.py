"""One connection at the host: the seat it plays once its hello is taken, how often it may still send, and
what waits to go out to it.

Each link writes its own messages, in order, from a queue of its own (`write`), so that a player who stops
reading holds up nobody else: past MAX_WAITING unsent messages it is closed instead.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from .protocol import POLICY, Bucket, encode

if TYPE_CHECKING:
    from websockets.asyncio.server import ServerConnection

MAX_WAITING = 256  # messages queued for a player who does not read them: past this, the connection is closed
FLUSH_SECONDS = 5.0  # the longest the host waits for a link's last messages to go out before closing it


def close_reason(text: str) -> str:
    """A close frame's reason: at most 123 bytes of UTF-8."""
    data = text.encode("utf-8")
    return text if len(data) <= 123 else data[:120].decode("utf-8", "ignore") + "..."


class Link:
    def __init__(self, ws: ServerConnection, now: float) -> None:
        self.ws = ws
        self.seat: int | None = None  # the seat it plays, once its hello is taken
        self.bucket = Bucket(now)
        self.log_sent = 0  # lines of the log it was sent
        self.events_sent = 0  # events of the session it was told of
        self.closing = False
        self._outbox: asyncio.Queue[str] = asyncio.Queue()
        self._writer = asyncio.create_task(self._write())
        self._tasks: set[asyncio.Task[Any]] = set()

    @property
    def address(self) -> str:
        where = self.ws.remote_address
        return f"{where[0]}:{where[1]}" if isinstance(where, tuple) and len(where) >= 2 else "?"

    def send(self, message: dict[str, Any]) -> None:
        """Queue a message for this player (never waits)."""
        if self.closing:
            return
        if self._outbox.qsize() >= MAX_WAITING:
            self.close(POLICY, "not reading: too many messages waiting")
            return
        self._outbox.put_nowait(encode(message))

    async def _write(self) -> None:
        while True:
            text = await self._outbox.get()
            try:
                await self.ws.send(text)
            except Exception:  # closed under it: the handler sees the close and lets the seat go
                self.closing = True
            finally:
                self._outbox.task_done()

    async def flush(self, seconds: float = FLUSH_SECONDS) -> None:
        """Wait (a bounded time) until what was queued has gone out."""
        try:
            await asyncio.wait_for(self._outbox.join(), seconds)
        except TimeoutError:
            pass

    def close(self, code: int, reason: str) -> None:
        """Close this connection with a reason, now, without waiting for it."""
        self.closing = True
        task = asyncio.ensure_future(self.ws.close(code, close_reason(reason)))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def finish(self, code: int, reason: str) -> None:
        """Send what is queued (a bounded time), then close with a reason."""
        await self.flush()
        self.closing = True
        await self.ws.close(code, close_reason(reason))

    def stop(self) -> None:
        """The connection has ended: its writer stops."""
        self.closing = True
        self._writer.cancel()
