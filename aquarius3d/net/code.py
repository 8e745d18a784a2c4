"""The join code a host prints and players type: `HOST:PORT/SECRET`, as in `192.168.1.5:7600/k7f3-q9x2`
(an IPv6 address in brackets: `[::1]:7600/k7f3-q9x2`; `wss://` before it when the host has a certificate). The secret is random, from letters and digits that
cannot be mistaken for one another; a connection without it gets nothing but a refusal. Reconnect tokens,
one a seat, are longer: nobody types them."""

from __future__ import annotations

import ipaddress
import re
import secrets
from dataclasses import dataclass

from ..core.errors import DataError

DEFAULT_PORT = 7600
LETTERS = "abcdefghjkmnpqrstuvwxyz23456789"  # no i, l, o, 0, 1: read aloud or copied by hand without a slip
SECRET = re.compile(r"[a-z2-9]{4}-[a-z2-9]{4}")


def new_secret() -> str:
    """Eight random characters in two fours, `k7f3-q9x2` (about 40 bits)."""
    letters = "".join(secrets.choice(LETTERS) for _ in range(8))
    return f"{letters[:4]}-{letters[4:]}"


def new_token() -> str:
    """A seat's reconnect token (128 random bits)."""
    return secrets.token_urlsafe(16)


@dataclass(frozen=True)
class JoinCode:
    host: str
    port: int
    secret: str
    tls: bool = False  # a host with a certificate: its code begins wss://

    def __str__(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"{'wss://' if self.tls else ''}{host}:{self.port}/{self.secret}"

    @property
    def uri(self) -> str:
        """Where a player connects: ws://HOST:PORT/, or wss:// with TLS (the secret goes in the hello, never in
        the address)."""
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"{'wss' if self.tls else 'ws'}://{host}:{self.port}/"


def parse_code(text: str) -> JoinCode:
    """A code as a player typed it (spaces round it, capitals and a leading ws:// forgiven); DataError saying
    what is wrong otherwise."""
    raw = text.strip()
    tls = raw.lower().startswith("wss://")
    body = raw[6:] if tls else raw[5:] if raw.lower().startswith("ws://") else raw
    where, slash, secret = body.rpartition("/")
    secret = secret.strip().lower()
    if not slash or not SECRET.fullmatch(secret):
        raise DataError(f"join code {raw!r}: expected HOST:PORT/SECRET, such as 192.168.1.5:7600/k7f3-q9x2 "
                        "(the host prints it as its first line)")
    match = re.fullmatch(r"\[([0-9A-Fa-f:.]+)\]:(\d{1,5})|([^\s:/\[\]]+):(\d{1,5})", where)
    if not match:
        raise DataError(f"join code {raw!r}: expected HOST:PORT before the slash, such as 192.168.1.5:7600 "
                        "(an IPv6 address in brackets: [::1]:7600)")
    host = match.group(1) or match.group(3)
    port = int(match.group(2) or match.group(4))
    if not 1 <= port <= 65535:
        raise DataError(f"join code {raw!r}: port {port} is not between 1 and 65535")
    if match.group(1):
        try:
            ipaddress.IPv6Address(host)
        except ValueError:
            raise DataError(f"join code {raw!r}: {host} is not an IPv6 address") from None
    return JoinCode(host, port, secret, tls)
