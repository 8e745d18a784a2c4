"""`aquarius3d host` and `aquarius3d join`: their parsers (added to the command line's by cli.py) and their work.

    aquarius3d host aquarius --players "remote,remote,medium" --port 7600
    aquarius3d join 192.168.1.5:7600/k7f3-q9x2 --bot medium

The host prints `join code: HOST:PORT/SECRET` as its first line, then the game as it goes (the public log);
it runs without a window when every seat is remote or a computer, and opens the window's table when a seat is a
person's at this computer (`--players "Ann,remote,medium"`). A computer client plays the next free remote
seat until the end, prints the end and exits 0, or exits 2 with one line saying why it cannot join; without
--bot, `join` opens the window's Join form with the code (and joins at once when given --name).

The window is opened by the command line's `open_window` (cli.py hands it to `add_parsers`: this package lies
below the window's).
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..core.errors import DataError

if TYPE_CHECKING:
    import argparse
    import ssl

    from .host import Host

PLAYERS_HELP = ("seats separated by commas: 'remote' for a player joining from another computer, a computer level "
                "(random, easy, medium, hard; 'bot' is medium), optionally named: 'easy:Hal'")


def add_parsers(sub: Any, open_window: Callable[..., None] | None = None) -> None:
    """The two commands' parsers, on the command line's subparsers (cli.build_parser); `open_window(online=...)`
    opens the window on a game across computers (a host with a person at this computer, a person joining)."""
    p = sub.add_parser("host", help="host a game that players join from other computers, by a code")
    p.add_argument("ruleset", nargs="?")
    p.add_argument("--players", help=PLAYERS_HELP)
    p.add_argument("--option", action="append", metavar="KEY=VALUE", help="a ruleset option (repeatable)")
    p.add_argument("--port", type=int, default=7600, help="the TCP port to listen on (default 7600; 0: any free one)")
    p.add_argument("--bind", default="0.0.0.0", metavar="ADDRESS",
                   help="the address to listen on (default 0.0.0.0: every IPv4 network of this computer; "
                        "127.0.0.1: this computer only)")
    p.add_argument("--seed", type=int, help="deal the same game again (the same number, the same cards)")
    p.add_argument("--load", metavar="FILE", help="go on with a hosted game the host saved (the saves folder's "
                                                  "hosted.json): the same seats for the same players")
    p.add_argument("--exit-at-end", action="store_true", help="stop when the game ends")
    p.add_argument("--pace", type=float, default=0.0, metavar="SECONDS",
                   help="wait before each computer seat's move, so that people can follow (default 0)")
    p.add_argument("--cert", metavar="FILE", help="a TLS certificate (PEM): players connect by wss:// (the code says "
                                                  "so); --key FILE when its private key is in another file")
    p.add_argument("--key", metavar="FILE", help="the certificate's private key (PEM)")
    p.add_argument("--away-bot", type=float, metavar="SECONDS",
                   help="a remote player away this long on their turn has a computer play for them until they are back")
    p.add_argument("--window", action="store_true", help="open the window's table to watch, even when no seat is "
                                                         "played at this computer (one that is opens it anyway)")
    p.set_defaults(run=cmd_host, open_window=open_window)

    p = sub.add_parser("join", help="play a seat of a hosted game, by the code its host printed")
    p.add_argument("code", help="HOST:PORT/SECRET, as the host printed it")
    p.add_argument("--bot", metavar="LEVEL", help="play as a computer of that level, without a window (random, easy, "
                                                  "medium, hard); without it, the window's Join form opens")
    p.add_argument("--name", help="the name to play under (default: the level's; in the window, joins at once)")
    p.add_argument("--seed", type=int, help="the computer player's random seed")
    p.add_argument("--pace", type=float, default=0.0, metavar="SECONDS", help="wait before each move (default 0)")
    p.add_argument("--cafile", metavar="FILE", help="a wss:// host's certificate to trust (PEM), when no authority "
                                                    "this computer knows signed it")
    p.set_defaults(run=cmd_join, open_window=open_window)


def _seconds(option: str, value: float | None, most: float = 3600.0) -> float:
    if value is None:
        return 0.0
    if not 0 <= value <= most:  # (also refuses nan)
        raise DataError(f"{option}: expected a number of seconds from 0 to {most:g}, got {value}")
    return value


def _port(port: int) -> int:
    if not 0 <= port <= 65535:
        raise DataError(f"--port: expected a port from 1 to 65535 (or 0 for any free one), got {port}")
    return port


def make_host(args: argparse.Namespace) -> Host:
    """The host the arguments ask for, every mistake said before anything listens."""
    from ..rules.ruleset import load_ruleset, parse_option_pairs
    from ..session.seats import parse_seats
    from .code import new_secret
    from .host import Host
    from .seating import chairs_of

    if args.load:
        if args.ruleset or args.option or args.players is not None or args.seed is not None:
            raise DataError("--load: the saved game says the ruleset, options and players; give only the file")
        return _resumed(args)
    if not args.ruleset:
        raise DataError("host: name a ruleset (see 'aquarius3d rulesets') or give --load FILE")
    game = load_ruleset(args.ruleset, parse_option_pairs(args.option))
    if args.players is None:
        raise DataError("--players: say who sits where, for example 'remote,remote,medium'")
    chairs = chairs_of(parse_seats(args.players, remote=True), window=getattr(args, "open_window", None) is not None)
    if not game.min_players <= len(chairs) <= game.max_players:
        raise DataError(f"--players: {game.id} is for {game.min_players} to {game.max_players} players, not {len(chairs)}")
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    return _timed(Host(game, chairs, seed, new_secret(), exit_at_end=args.exit_at_end), args)


def _timed(host: Host, args: argparse.Namespace) -> Host:
    host.pace = _seconds("--pace", args.pace)
    host.away_bot = None if args.away_bot is None else _seconds("--away-bot", args.away_bot, 86400.0)
    return host


def _resumed(args: argparse.Namespace) -> Host:
    from pathlib import Path

    from ..files import saves
    from .host import Host
    from .seating import HostedSession, resumed_chairs

    path = Path(args.load)
    record = saves.read_record(path)
    chairs, secret = resumed_chairs(record, path.name, window=getattr(args, "open_window", None) is not None)
    try:
        session = HostedSession.resumed(record, chairs)
    except (ValueError, TypeError, KeyError, IndexError) as exc:
        raise DataError(f"{path.name}: cannot be replayed ({exc})") from None
    return _timed(Host(session.game, chairs, session.seed, secret, exit_at_end=args.exit_at_end, session=session), args)


def shown_address(bind: str) -> str:
    """The address a join code names: the one listened on, or this computer's address on its network when
    listening on every one (found by asking the system which way it would route; nothing is sent)."""
    if bind not in ("0.0.0.0", "", "::"):
        return bind
    import socket

    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 7600))  # TEST-NET-1: a UDP connect only picks the route; no packet leaves
            address: str = probe.getsockname()[0]
            return address
    except OSError:
        return socket.gethostname()


def _tls(args: argparse.Namespace) -> ssl.SSLContext | None:
    """The server's TLS context from --cert (and --key), every mistake said before anything listens."""
    if args.cert is None:
        if args.key is not None:
            raise DataError("--key: give the certificate too (--cert FILE)")
        return None
    import ssl

    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    try:
        context.load_cert_chain(args.cert, args.key)
    except (OSError, ssl.SSLError) as exc:
        raise DataError(f"--cert: cannot use {args.cert}{' and ' + args.key if args.key else ''}: "
                        f"{getattr(exc, 'strerror', None) or exc}") from None
    return context


def cmd_host(args: argparse.Namespace) -> int:
    host = make_host(args)
    port = _port(args.port)
    tls = _tls(args)
    open_window = getattr(args, "open_window", None)
    if (args.window or any(chair.kind == "human" for chair in host.chairs)) and open_window is not None:
        # a person here (a game hosted by a window goes on from --load in one again), or someone watching: the window
        if args.exit_at_end or args.pace:
            raise DataError(f"{'--exit-at-end' if args.exit_at_end else '--pace'}: not with a window (the window "
                            "paces the game and stays until you leave its table)")
        import sys

        open_window(online={"hosting": {"game": host.game, "chairs": host.chairs, "seed": host.seed,
                                             "bind": args.bind, "port": port, "out": sys.stdout, "tls": tls,
                                             "away_bot": host.away_bot, "secret": host.secret,
                                             "session": host.session}})
        return 0
    try:
        return asyncio.run(host.run(args.bind, port, shown_address(args.bind), tls))
    except OSError as exc:  # the port is taken, the address is not this computer's
        raise DataError(f"host: cannot listen on {args.bind}:{port}: {exc.strerror or exc}") from None


def cmd_join(args: argparse.Namespace) -> int:
    from ..bots import level_name
    from .client import HostGone, JoinRefused, play_bot
    from .code import parse_code

    code = parse_code(args.code)
    if args.bot is None:
        open_window = getattr(args, "open_window", None)
        if open_window is None:
            raise DataError("join: no window here: give --bot LEVEL to play as a computer")
        name = " ".join((args.name or "").split())
        open_window(online={"joining": {"code": str(code), "name": name}})
        return 0
    try:
        level = level_name(args.bot)
    except ValueError as exc:
        raise DataError(f"--bot: {exc}") from None
    name = " ".join((args.name or level.capitalize()).split())
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    pace = _seconds("--pace", args.pace)
    try:
        return asyncio.run(play_bot(code, level, name, seed, pace=pace, keep_token=True, cafile=args.cafile))
    except JoinRefused as exc:
        raise DataError(f"cannot join {code.host}:{code.port}: {exc}") from None
    except HostGone as exc:
        raise DataError(f"{exc}") from None
    except OSError as exc:
        raise DataError(f"cannot join {code.host}:{code.port}: {exc.strerror or exc}") from None
