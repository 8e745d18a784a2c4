"""Bad input from the network never hurts the game (issue 31, points 3 and 4), on loopback: each kind of bad
message closes its own connection with a reason or is refused in words, the table unchanged; a connection
without the secret gets nothing but a refusal; the host never crashes, never stops answering, and the game
of the others goes on to its end."""

import asyncio
import io
import json
import time

import pytest

from aquarius3d.net import host as host_module
from aquarius3d.net import protocol
from aquarius3d.net.client import play_bot
from aquarius3d.net.link import MAX_WAITING, Link
from aquarius3d.net.wire import observation_of
from aquarius3d.bots import make_player
from netting import closed, hello, raw, run, said, start_host, stop_host, until


pytestmark = pytest.mark.usefixtures("private_home")  # (conftest.py: a home of the test's own)


# -- before a seat: nothing but a refusal ------------------------------------------------------------


@pytest.mark.parametrize("send, code, reason", [
    ("{", 1008, "malformed message: not JSON"),
    ('{"type": "hello"', 1008, "malformed message: not JSON"),
    ("[]", 1008, "expected a JSON object"),
    ('{"type": "move", "seq": 1, "move": "pass"}', 1008, "the first message must be a hello"),
    (f'{{"type": "hello", "protocol": {protocol.PROTOCOL}, "secret": 7, "name": "Bo"}}', 1008, "secret must be text"),
    (f'{{"type": "hello", "protocol": {protocol.PROTOCOL}, "secret": "x", "name": "Bo", "seat": 0}}', 1008,
     "no field \"seat\""),
    (b"\x00" * 10, 1003, "messages are text"),
    ("x" * (protocol.MAX_MESSAGE + 1), 1009, ""),
])
def test_a_bad_first_message_closes_that_connection_with_a_reason(send, code, reason):
    async def go():
        host, task = await start_host(exit_at_end=False)
        ws = await raw(host)
        await ws.send(send)
        got = await closed(ws)
        ok = await raw(host)  # and the host answers the next one
        await ok.send(hello(host, "Ann"))
        welcome = await said(ok)
        await ok.close()
        await stop_host(host, task)
        return got, welcome
    (got_code, got_reason), welcome = run(go(), 30)
    assert got_code == code and reason in got_reason
    assert welcome["type"] == "welcome"


@pytest.mark.parametrize("secret, protocol_version, code", [
    ("aaaa-aaaa", protocol.PROTOCOL, "secret"), (None, protocol.PROTOCOL + 1, "version"),
    ("", protocol.PROTOCOL, "secret")])
def test_a_connection_without_the_secret_gets_nothing_but_a_refusal(secret, protocol_version, code):
    async def go():
        host, task = await start_host(exit_at_end=False)
        ws = await raw(host)
        await ws.send(hello(host, "Eve", secret=secret, protocol=protocol_version))
        everything = []
        close_code, _ = await closed(ws, kept=everything)
        free = host._free()
        await stop_host(host, task)
        return everything, close_code, free
    everything, close_code, free = run(go(), 30)
    assert [m["type"] for m in everything] == ["refused"] and everything[0]["code"] == code
    assert close_code == protocol.REFUSED and free == 2  # no seat was taken
    if code == "version":
        assert "use the same version of aquarius3d" in everything[0]["reason"]


def test_no_hello_in_time_and_too_many_connections_are_closed(monkeypatch):
    monkeypatch.setattr(host_module, "HELLO_SECONDS", 0.5)

    async def go():
        host, task = await start_host(exit_at_end=False)
        silent = await raw(host)
        started = time.monotonic()
        quiet = await closed(silent)
        waited = time.monotonic() - started
        crowd = [await raw(host) for _ in range(protocol.MAX_CONNECTIONS)]
        extra = await raw(host)
        crowded = await closed(extra)
        for ws in crowd:
            await ws.close()
        await stop_host(host, task)
        return quiet, waited, crowded
    quiet, waited, crowded = run(go(), 30)
    assert quiet == (1008, "no hello within 0.5 seconds") and waited < 5
    assert crowded == (1013, "too many connections: try again later")


# -- a seated player who misbehaves ------------------------------------------------------------------


async def seated(host, name, token=None):
    ws = await raw(host)
    await ws.send(hello(host, name, token=token))
    welcome = await until(ws, "welcome")
    return ws, welcome


class Hand:
    """Seat 0 played by hand over a raw connection: reads the host's messages, keeping the latest state."""

    def __init__(self, host, ws):
        self.host, self.ws, self.state = host, ws, None

    async def next(self, kind):
        """Read until a message of `kind`; a state read on the way is kept."""
        while True:
            message = await said(self.ws, 30)
            if message["type"] == "state":
                self.state = message
            if message["type"] == kind:
                return message

    async def turn(self):
        """The state in which it is this seat's move, or the game is over."""
        while self.state is None or not (self.state["your_move"] or self.state["view"]["phase"] == "over"):
            await self.next("state")
        return self.state

    async def send(self, data):
        await self.ws.send(data)

    async def move(self, seq, move):
        await self.ws.send(json.dumps({"type": "move", "seq": seq, "move": move}))


def test_a_misbehaving_player_is_refused_or_closed_and_the_game_goes_on():
    """Seat 0 is played by hand: it sends a move out of turn, then on its turns tries, one after another, a stale
    move, an illegal one, an unreadable one, a message too big, a binary one, a second hello, garbage and a flood,
    coming back with its token after each close; then it plays. Seat 1 is a computer client, seat 2 the host's
    computer. The game ends for all, and no refused move changed the table."""
    async def go():
        host, task = await start_host("aquarius", "remote,remote,random", seed=7)
        ws, welcome = await seated(host, "Rogue")
        hand, token = Hand(host, ws), welcome["token"]
        other = asyncio.create_task(play_bot(host.code, "random", "Bo", 3, out=io.StringIO()))
        chooser = make_player("random", 5)
        told, closes, turns = [], [], 0
        while hand.state is None or hand.state["your_move"]:  # a move out of turn: refused, nothing changes
            if hand.state is not None:
                await hand.move(hand.state["seq"], str(chooser.choose(host.game, observation_of(
                    hand.state["view"], 0))))
                hand.state = None
            await hand.next("state")
        mine = lambda: sum(1 for line in host.session.state.log if line.startswith("0: "))  # noqa: E731
        before = mine()
        await hand.move(hand.state["seq"], "pass")
        told.append(await hand.next("refused"))
        assert mine() == before  # (the others may have moved meanwhile, not this seat)
        tricks = ["stale", "illegal", "unknown", "big", "binary", "hello", "garbage", "flood"]
        while (state := await hand.turn())["view"]["phase"] != "over":
            turns += 1
            for trick in tricks if turns == 1 else ():  # all on its first turn: the table waits for this seat
                seq, before = state["seq"], host.session.state.to_dict()
                if trick in ("stale", "illegal", "unknown"):
                    card = next(host.game.deck.cards[c].code for c in state["view"]["hands"][0]
                                if host.game.deck.cards[c].kind == "element")
                    move = {"stale": "pass", "illegal": f"place {card} @ 40,40", "unknown": "fly away"}[trick]
                    await hand.move(seq - 1 if trick == "stale" else seq, move)
                    told.append(await hand.next("refused"))
                    assert host.session.state.to_dict() == before and host.seq == seq
                    continue
                if trick == "flood":
                    for _ in range(protocol.BURST + 5):
                        await hand.move(-1, "pass")
                else:
                    await hand.send({"big": json.dumps({"type": "move", "seq": seq, "move": "x" * 5000}),
                                     "binary": b"\x01\x02", "hello": hello(host, "Again"), "garbage": "]]]"}[trick])
                closes.append(await closed(hand.ws))
                assert host.session.state.to_dict() == before
                ws, _ = await seated(host, "Rogue", token)  # back to the same seat, the table as it is
                hand = Hand(host, ws)
                state = await hand.turn()
                assert state["seq"] == seq and state["log"]["from"] == 0
            await hand.move(state["seq"], str(chooser.choose(host.game, observation_of(state["view"], 0))))
            hand.state = None
        result = await asyncio.wait_for(other, 30)
        await asyncio.wait_for(task, 10)
        return host, told, closes, turns, result
    host, told, closes, turns, result = run(go(), 120)
    assert result == 0 and host.session.state.over and turns >= 2
    assert [m["code"] for m in told] == ["not_your_turn", "stale", "illegal", "illegal"]
    assert told[0]["reason"].startswith("it is ") and told[0]["reason"].endswith("'s turn")
    assert told[1]["reason"] == "the table changed before your move arrived: look again"
    assert told[2]["reason"] == "a card goes beside another card (corners do not count)"
    assert told[3]["reason"] == "the move cannot be read"
    assert [code for code, _ in closes] == [1009, 1003, 1008, 1008, 1008]
    assert closes[2][1] == "a hello comes once, first" and closes[3][1].startswith("malformed message")
    assert "too many messages" in closes[4][1]
    printed = host.out.getvalue()
    assert "internal error" not in printed and printed.count("Rogue is back") == 5


def test_the_host_answers_while_a_computer_seat_thinks():
    """A computer seat thinking in the host's worker thread keeps nobody waiting: a newcomer's hello is answered
    while the computer is still choosing (its choice is held until the answer has come, so the order is certain)."""
    import threading
    from concurrent.futures import ThreadPoolExecutor

    gate, asked = threading.Event(), threading.Event()

    class Held(ThreadPoolExecutor):
        """The host's worker: each choice waits for the gate (at most 30 s) before it is made."""

        def submit(self, fn, /, *args, **kwargs):
            def held():
                asked.set()
                gate.wait(30)
                return fn(*args, **kwargs)
            return super().submit(held)

    async def go():
        host, task = await start_host("aquarius", "hard,remote", seed=2, exit_at_end=False)
        host.thinker = Held(max_workers=1)
        bo, _ = await seated(host, "Bo")
        for _ in range(400):  # the deal is done and the computer seat has been asked for its move
            if asked.is_set():
                break
            await asyncio.sleep(0.005)
        eve = await raw(host)
        await eve.send(hello(host, "Eve", secret="aaaa-aaaa"))
        answer = await said(eve)
        thinking = host.session.stage == "computer" and not gate.is_set()
        turn = host.session.state.turn_number
        gate.set()
        moved = False
        for _ in range(2000):  # at most about 10 s for the move once let go
            moved = host.session.state.turn_number > turn
            if moved:
                break
            await asyncio.sleep(0.005)
        await eve.close()
        await bo.close()
        await stop_host(host, task)
        return answer, thinking, moved
    try:
        answer, thinking, moved = run(go(), 60)
    finally:
        gate.set()
    assert asked.is_set() and answer["code"] == "secret" and thinking
    assert moved  # and once let go, the computer's move is played


class Stuck:
    """A connection whose player never reads: every send waits forever."""

    remote_address = ("127.0.0.1", 1)

    def __init__(self):
        self.closes = []

    async def send(self, text):
        await asyncio.Event().wait()

    async def close(self, code, reason):
        self.closes.append((code, reason))


def test_a_player_who_does_not_read_is_closed_not_waited_for():
    async def go():
        ws = Stuck()
        link = Link(ws, 0.0)
        started = time.monotonic()
        for i in range(MAX_WAITING + 10):
            link.send({"type": "state", "seq": i})  # never waits, whoever does not read
        spent = time.monotonic() - started
        await asyncio.sleep(0.05)
        link.stop()
        return ws.closes, spent
    closes, spent = run(go(), 10)
    assert closes == [(1008, "not reading: too many messages waiting")] and spent < 0.5
