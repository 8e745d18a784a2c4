"""Helpers for the network tests: a host in the test's own event loop on loopback, raw connections that say
what a test wants, and a bound on every wait. Nothing here reaches beyond 127.0.0.1."""

import asyncio
import io
import json

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from aquarius3d.net.code import new_secret
from aquarius3d.net.host import Host
from aquarius3d.net.protocol import PROTOCOL
from aquarius3d.net.seating import chairs_of
from aquarius3d.rules.ruleset import load_ruleset
from aquarius3d.session.seats import parse_seats

LOOPBACK = "127.0.0.1"


def run(coroutine, seconds=60):
    """Run a test's coroutine to its end, failing it after `seconds`."""
    async def bounded():
        return await asyncio.wait_for(coroutine, seconds)
    return asyncio.run(bounded())


async def start_host(ruleset="aquarius", players="remote,remote", seed=1, options=None, exit_at_end=True,
                     save=None):
    """A host listening on a free loopback port, in the running loop; (host, its task)."""
    game = load_ruleset(ruleset, options or {})
    host = Host(game, chairs_of(parse_seats(players, remote=True)), seed, new_secret(), out=io.StringIO(),
                exit_at_end=exit_at_end, save=save)
    task = asyncio.create_task(host.run(LOOPBACK, 0))
    await asyncio.wait_for(host.ready.wait(), 10)
    return host, task


async def stop_host(host, task):
    host.stop()
    await asyncio.wait_for(task, 15)


def hello(host, name="Bo", token=None, protocol=PROTOCOL, secret=None):
    message = {"type": "hello", "protocol": protocol, "secret": host.secret if secret is None else secret,
               "name": name}
    if token is not None:
        message["token"] = token
    return json.dumps(message)


async def raw(host, **options):
    """A bare WebSocket connection to the host (the test speaks for it)."""
    return await connect(host.code.uri, compression=None, open_timeout=5, close_timeout=2, **options)


async def said(ws, seconds=10):
    """The host's next message, read."""
    return json.loads(await asyncio.wait_for(ws.recv(), seconds))


async def until(ws, kind, seconds=20, where=None):
    """Read the host's messages until one of `kind` (and, with `where`, one that passes it)."""
    loop = asyncio.get_running_loop()
    end = loop.time() + seconds
    while True:
        message = await said(ws, max(0.1, end - loop.time()))
        if message["type"] == kind and (where is None or where(message)):
            return message


async def closed(ws, seconds=10, kept=None):
    """The close code and reason the host ended the connection with (reading until it does; the messages read on
    the way go into `kept` when given)."""
    loop = asyncio.get_running_loop()
    end = loop.time() + seconds
    try:
        while loop.time() < end:
            message = await asyncio.wait_for(ws.recv(), max(0.1, end - loop.time()))
            if kept is not None:
                kept.append(json.loads(message))
    except ConnectionClosed as exc:
        await asyncio.wait_for(ws.wait_closed(), 5)
        return (exc.rcvd.code, exc.rcvd.reason) if exc.rcvd is not None else (None, "")
    raise AssertionError(f"the host did not close the connection within {seconds} s")
