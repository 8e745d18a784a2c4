"""Playing across computers, on loopback: the join code, the messages and their limits, a whole hosted game
of computer clients, and the two commands as a user runs them (every process ended by the test)."""

import asyncio
import io
import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from aquarius3d.core.errors import DataError
from aquarius3d.net import protocol
from aquarius3d.net.client import Guest, play_bot
from aquarius3d.net.code import JoinCode, new_secret, parse_code
from aquarius3d.net.protocol import Bucket, ProtocolError, decode, read_hello, read_move
from aquarius3d.session.rows import cells, plain
from netting import LOOPBACK, run, start_host, stop_host

ROOT = Path(__file__).resolve().parent.parent


def env():
    return {**os.environ, "PYTHONPATH": str(ROOT)}  # the checkout's code, and the test's own AQUARIUS3D_HOME


pytestmark = pytest.mark.usefixtures("private_home")  # (conftest.py: a home of the test's own)


# -- the code, the messages, the limits --------------------------------------------------------------


def test_a_join_code_reads_back_as_printed():
    secret = new_secret()
    assert protocol and len(secret) == 9 and secret[4] == "-"
    for code in (JoinCode("192.168.1.5", 7600, secret), JoinCode("::1", 7600, secret), JoinCode("box.lan", 1, secret)):
        assert parse_code(str(code)) == code
    assert parse_code(f"  ws://127.0.0.1:7600/{secret.upper()} ") == JoinCode("127.0.0.1", 7600, secret)
    assert JoinCode("::1", 7600, secret).uri == "ws://[::1]:7600/"


@pytest.mark.parametrize("text, says", [
    ("127.0.0.1:7600", "expected HOST:PORT/SECRET"),
    ("127.0.0.1:7600/secret", "expected HOST:PORT/SECRET"),
    ("127.0.0.1/k7f3-q9x2", "expected HOST:PORT before the slash"),
    ("127.0.0.1:99999/k7f3-q9x2", "port 99999 is not between 1 and 65535"),
    ("[::zz]:7600/k7f3-q9x2", "expected HOST:PORT before the slash"),
])
def test_a_mistyped_code_says_what_is_wrong(text, says):
    with pytest.raises(DataError, match=says):
        parse_code(text)


@pytest.mark.parametrize("data, says", [
    (b"\x00\x01", "not binary"),
    ("{", "not JSON"),
    ("[1, 2]", "expected a JSON object"),
    ('{"type": "shout"}', "type must be one of hello, move, look, not \"shout\""),
    ('{"type": "move", "seq": NaN, "move": "pass"}', "not JSON"),
    ("[" * 100_000, "nested too deeply"),
])
def test_a_message_that_cannot_be_read_is_refused_with_a_reason(data, says):
    with pytest.raises(ProtocolError, match=says):
        decode(data)


def test_a_hello_and_a_move_are_checked_field_by_field():
    good = {"type": "hello", "protocol": 2, "secret": "k7f3-q9x2", "name": "  Bo   Smith "}
    assert read_hello(good).name == "Bo Smith"
    for change, says in (({"protocol": "1"}, "protocol must be a whole number"), ({"name": ""}, "name must be"),
                         ({"name": "x" * 25}, "name must be"), ({"name": "a\x07b"}, "name must be"),
                         ({"token": 5}, "token must be text"), ({"secret": "s" * 65}, "at most 64")):
        with pytest.raises(ProtocolError, match=says):
            read_hello({**good, **change})
    assert read_move({"type": "move", "seq": 3, "move": "pass"}).seq == 3
    for change, says in (({"seq": True}, "seq must be a whole number"), ({"move": "p" * 201}, "at most 200")):
        with pytest.raises(ProtocolError, match=says):
            read_move({"type": "move", "seq": 1, "move": "pass", **change})


def test_the_bucket_lets_a_burst_through_then_the_rate():
    bucket = Bucket(0.0, rate=10, burst=20)
    assert all(bucket.take(0.0) for _ in range(20)) and not bucket.take(0.0)
    assert bucket.take(0.1) and not bucket.take(0.1)
    assert not bucket.take(float("nan"))


# -- a hosted game on loopback -----------------------------------------------------------------------


def test_two_computer_clients_and_a_computer_seat_play_a_whole_game():
    async def game():
        host, task = await start_host("aquarius", "remote,medium,remote", seed=5)
        outs = [io.StringIO() for _ in range(2)]
        results = await asyncio.gather(*(play_bot(host.code, level, name, seed=i, out=out)
                                         for i, (level, name, out) in enumerate(zip(("random", "medium"), ("Ann", "Ann"), outs))))
        await asyncio.wait_for(task, 10)
        return host, results, outs
    host, results, outs = run(game(), 60)
    assert results == [0, 0]
    assert host.session.state.over and [c.name for c in host.chairs] == ["Ann", "Bot 1", "Ann 2"]
    summary = plain(host.session.summary())  # (the result's rows in columns: no tab reaches a console)
    assert outs[0].getvalue().splitlines() == outs[1].getvalue().splitlines() == summary
    assert not any("\t" in line for line in summary) and any(cells(line) for line in host.session.summary())
    printed = host.out.getvalue().splitlines()
    assert printed[0] == f"join code: {host.code}" and printed[-len(summary):] == summary


@pytest.mark.parametrize("ruleset, players", [
    ("aquarius-rising", "remote,easy"), ("dominus", "remote,remote"), ("elemental-towers", "remote")])
def test_the_host_plays_every_ruleset_with_remote_seats(ruleset, players):
    async def game():
        host, task = await start_host(ruleset, players, seed=2)
        results = await asyncio.gather(*(play_bot(host.code, "random", f"P{i}", seed=i, out=io.StringIO())
                                         for i in range(players.count("remote"))))
        await asyncio.wait_for(task, 10)
        return host, results
    host, results = run(game(), 120)
    assert results == [0] * players.count("remote") and host.session.state.over


def test_a_guest_is_refused_by_a_wrong_secret_and_a_full_table():
    async def game():
        host, task = await start_host("aquarius", "remote,remote", exit_at_end=False)
        wrong = Guest(JoinCode(LOOPBACK, host.code.port, "aaaa-aaaa"), "Eve")
        with pytest.raises(Exception, match="wrong secret"):
            await wrong.join()
        first, second, third = (Guest(host.code, name) for name in ("Ann", "Bo", "Cy"))
        await first.join()
        await second.join()
        with pytest.raises(Exception, match="every seat is taken"):
            await third.join()
        await first.leave()
        await second.leave()
        await stop_host(host, task)
    run(game(), 30)


# -- the commands -------------------------------------------------------------------------------------


class Processes:
    """Processes a test starts, every one ended when it ends."""

    def __init__(self):
        self.started = []

    def start(self, *args):
        process = subprocess.Popen([sys.executable, "-m", "aquarius3d", *args], stdout=subprocess.PIPE,
                                   stderr=subprocess.PIPE, text=True, cwd=ROOT, env=env())
        self.started.append(process)
        return process

    def end(self):
        for process in self.started:
            if process.poll() is None:
                process.kill()
            process.wait(10)
            for stream in (process.stdout, process.stderr):
                stream.close()


@pytest.fixture
def processes():
    started = Processes()
    yield started
    started.end()


def first_line(process, seconds=20):
    """The first line a process prints, waiting at most `seconds`."""
    import selectors

    with selectors.DefaultSelector() as selector:
        selector.register(process.stdout, selectors.EVENT_READ)
        assert selector.select(seconds), f"nothing printed within {seconds} s: {process.args}"
    return process.stdout.readline().rstrip("\n")


def test_host_and_join_play_a_game_from_the_command_line(processes, tmp_path):
    host = processes.start("host", "aquarius", "--players", "remote,remote,random", "--port", "0", "--bind",
                           LOOPBACK, "--exit-at-end", "--seed", "3")
    line = first_line(host)
    assert line.startswith(f"join code: {LOOPBACK}:"), line
    code = line.removeprefix("join code: ")
    joins = [processes.start("join", code, "--bot", level, "--seed", "1") for level in ("random", "medium")]
    outs = [join.communicate(timeout=60) for join in joins]
    rest, errors = host.communicate(timeout=30)
    assert host.returncode == 0, errors
    for join, (out, err) in zip(joins, outs):
        assert join.returncode == 0 and err == "", err
        assert out.splitlines()[0].endswith(("wins!", "win!")) and out.splitlines() == rest.splitlines()[-len(out.splitlines()):]
    assert (tmp_path / "saves" / "hosted.json").exists()
    record = json.loads((tmp_path / "saves" / "hosted.json").read_text())
    assert record["over"] and [s["kind"] for s in record["seats"]] == ["remote", "remote", "computer"]


def test_join_says_in_one_line_why_it_cannot(processes):
    with socket.socket() as probe:  # a loopback port nobody listens on
        probe.bind((LOOPBACK, 0))
        port = probe.getsockname()[1]
    done = subprocess.run([sys.executable, "-m", "aquarius3d", "join", f"{LOOPBACK}:{port}/k7f3-q9x2", "--bot", "easy"],
                          capture_output=True, text=True, cwd=ROOT, env=env(), timeout=30)
    assert done.returncode == 2 and len(done.stderr.splitlines()) == 1, done.stderr
    assert done.stderr.startswith(f"aquarius3d: cannot join {LOOPBACK}:{port}: ")
    done = subprocess.run([sys.executable, "-m", "aquarius3d", "join", "nowhere", "--bot", "easy"],
                          capture_output=True, text=True, cwd=ROOT, env=env(), timeout=30)
    assert done.returncode == 2 and "expected HOST:PORT/SECRET" in done.stderr
    host = processes.start("host", "aquarius", "--players", "remote,remote", "--port", "0", "--bind", LOOPBACK)
    code = first_line(host).removeprefix("join code: ")
    wrong = code.rsplit("/", 1)[0] + "/aaaa-aaaa"
    started = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "aquarius3d", "join", wrong, "--bot", "easy"],
                          capture_output=True, text=True, cwd=ROOT, env=env(), timeout=30)
    assert done.returncode == 2 and done.stderr.splitlines() == [
        f"aquarius3d: cannot join {wrong.split('/')[0]}: wrong secret: check the join code the host printed"]
    assert time.monotonic() - started < 20


@pytest.mark.parametrize("args, says", [
    (["aquarius", "--players", "Ann,remote", "--exit-at-end"], "--exit-at-end: not with a window"),
    (["aquarius", "--players", "medium,easy"], "no seat is 'remote'"),
    (["aquarius", "--players", "remote"], "aquarius is for 2 to 5 players, not 1"),
    (["aquarius"], "--players: say who sits where"),
    (["--load", "nowhere.json"], "no such saved game"),
    (["aquarius", "--players", "remote,remote", "--port", "70000"], "--port: expected a port"),
    (["aquarius", "--players", "remote,remote", "--away-bot", "-1"], "--away-bot: expected a number of seconds"),
    (["aquarius", "--players", "remote,remote", "--pace", "nan"], "--pace: expected a number of seconds"),
])
def test_host_refuses_what_it_cannot_do_before_listening(args, says):
    done = subprocess.run([sys.executable, "-m", "aquarius3d", "host", *args], capture_output=True, text=True,
                          cwd=ROOT, env=env(), timeout=30)
    assert done.returncode == 2 and says in done.stderr and "Traceback" not in done.stderr, done.stderr


def test_a_player_refuses_a_host_of_another_protocol_version():
    from websockets.asyncio.server import serve

    async def other_version(ws):
        await ws.recv()
        await ws.send(json.dumps({"type": "welcome", "protocol": 3, "seat": 0, "token": "t"}))
        await ws.wait_closed()

    async def go():
        async with serve(other_version, LOOPBACK, 0) as server:
            port = server.sockets[0].getsockname()[1]
            with pytest.raises(Exception, match="the host speaks protocol 3 and this player 2: use the same version"):
                await Guest(JoinCode(LOOPBACK, port, "k7f3-q9x2"), "Bo").join()
    run(go(), 20)


def test_a_look_has_no_field():
    from aquarius3d.net.protocol import read_look

    read_look(decode('{"type": "look"}'))
    with pytest.raises(ProtocolError, match='malformed look: no field "seat"'):
        read_look(decode('{"type": "look", "seat": 0}'))
