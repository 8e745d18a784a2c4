"""Secrets stay on the host (issue 31, point 2): every byte the host sends one seat over whole games of every
ruleset is recorded on the line (a loopback relay between that player and the host) and read back frame by
frame; none carries another seat's secret.

What each message may hold is pinned three ways. Its fields are exactly the documented ones (no field a
window would ignore). Its view is exactly the seat's observation at that moment (the host's game replayed
to the same move), and at every place that seat cannot see (the others' hands, the others' goals until the
end, the deck, face-down unused goals, a family's hidden piles) it holds a hole, never the card. And the raw
bytes are searched for the secrets as the host would write them: the deck's order and the others' hands
never appear, while the seat's own hand does (the search would find a leak).
"""

import asyncio
import io
import json

import pytest

from aquarius3d.engine.hidden import HIDDEN
from aquarius3d.net.client import play_bot
from aquarius3d.net.code import JoinCode
from aquarius3d.net.wire import seat_view
from netting import LOOPBACK, run, start_host

KEYS = {  # every field each kind of message may have (docs/protocol.md)
    "welcome": {"type", "protocol", "seat", "name", "token", "ruleset", "options", "limits"},
    "lobby": {"type", "seat", "seats", "free"},
    "state": {"type", "seq", "seat", "turn", "stage", "your_move", "seats", "view", "log", "events", "summary",
              "round_end"},
    "refused": {"type", "code", "reason", "seq"},
}
VIEW = {"players", "hands", "goals", "unused_goals", "deck", "discard", "table", "turn", "turn_number", "phase",
        "winners", "end_reason", "passes", "log", "targets", "joined", "goals_turned_in", "known", "data"}


pytestmark = pytest.mark.usefixtures("private_home")  # (conftest.py: a home of the test's own)


class Recorder:
    """A loopback relay between one player and the host that keeps every byte the host sends."""

    def __init__(self, host_port):
        self.host_port, self.received = host_port, bytearray()
        self.tasks = set()

    async def start(self):
        self.server = await asyncio.start_server(self._pair, LOOPBACK, 0)
        self.port = self.server.sockets[0].getsockname()[1]
        return self

    async def _pair(self, from_player, to_player):
        from_host, to_host = await asyncio.open_connection(LOOPBACK, self.host_port)

        async def pump(reader, writer, keep):
            try:
                while data := await reader.read(65536):
                    if keep:
                        self.received += data
                    writer.write(data)
                    await writer.drain()
            except (ConnectionError, OSError):
                pass
            finally:
                writer.close()
        for task in (asyncio.create_task(pump(from_player, to_host, False)),
                     asyncio.create_task(pump(from_host, to_player, True))):
            self.tasks.add(task)

    async def stop(self):
        self.server.close()
        await asyncio.gather(*self.tasks, return_exceptions=True)


def messages_on_the_line(data):
    """The host's side of one connection as bytes: the handshake's answer, then unmasked frames. Every byte is
    accounted for; text messages are returned with the raw bytes they came in."""
    head, sep, rest = bytes(data).partition(b"\r\n\r\n")
    assert sep and head.startswith(b"HTTP/1.1 101"), head[:60]
    assert b"sec-websocket-extensions" not in head.lower()  # no compression: the bytes are the messages
    found, i, parts, raw = [], 0, [], b""
    while i < len(rest):
        first, second = rest[i], rest[i + 1]
        assert first & 0x70 == 0 and not second & 0x80, "a reserved bit or a mask from the host"
        size, i = second & 0x7F, i + 2
        if size >= 126:
            width = 2 if size == 126 else 8
            size, i = int.from_bytes(rest[i:i + width], "big"), i + width
        payload = rest[i:i + size]
        assert len(payload) == size, "a frame cut short"
        i += size
        opcode = first & 0x0F
        if opcode in (1, 0):
            parts.append(payload)
            raw += payload
            if first & 0x80:
                found.append((json.loads(b"".join(parts)), raw))
                parts, raw = [], b""
        else:
            assert opcode in (8, 9, 10), opcode  # close, ping, pong
    return found


def hidden_places(game, state, seat):
    """Every place of the true state the seat cannot see, with the card lying there: (where, card)."""
    places = []
    for other, hand in enumerate(state.hands):
        if other != seat:
            places += [(("hands", other, i), card) for i, card in enumerate(hand)]
    if not state.over:
        places += [(("goals", other), g) for other, g in enumerate(state.goals) if other != seat and g is not None]
        if not game.setup.unused_goals_public:
            places += [(("unused_goals", i), g) for i, g in enumerate(state.unused_goals)]
    places += [(("deck", i), card) for i, card in enumerate(state.deck)]
    return places


def at(view, where):
    value = view
    for step in where:
        value = value[step]
    return value


def check_every_byte(session, seat, data):
    """What the recorded bytes say, against the game the host played (its record replayed move by move), and the
    words against the public log: the lines and the moves told are the log's, and nothing more."""
    game, record = session.game, session.record()
    found = messages_on_the_line(data)
    assert found and found[-1][0]["type"] == "state" and found[-1][0]["view"]["phase"] == "over"
    assert found[-1][0]["summary"] == session.summary()
    states, lines, played = 0, [], []
    unseen = session.chicken  # Aqua-Chicken: the seat's own goal is a hole until its player looks
    for message, raw in found:
        assert set(message) <= KEYS[message["type"]], message["type"]
        assert message.get("seat", seat) == seat
        if message["type"] != "state":
            continue
        states += 1
        lines[message["log"]["from"]:] = message["log"]["lines"]
        played += [event["move"] for event in message["events"] if event["type"] == "played"]
        view = message["view"]
        assert set(view) == VIEW
        truth = game.new_state(record["players"], record["seed"], record.get("targets"), record.get("preset"))
        for move in record["moves"][:len(view["log"])]:
            game.apply(truth, move)
        if unseen and not truth.over and view["goals"][seat] != HIDDEN:  # the goal comes with the look, not before
            unseen = False
            assert view["turn_number"] == session.looks[seat] and "Ann looked at their goal" in lines
        assert view == json.loads(json.dumps(seat_view(game, truth, seat, goal_unseen=unseen and not truth.over))), \
            "not the seat's observation"
        for where, card in hidden_places(game, truth, seat):
            assert at(view, where) == HIDDEN, f"{where} shows card {card}"
        if "round_end" in message:  # (Dominus between rounds: the finished round, as this seat may see it)
            ended = truth.data.ended
            assert message["stage"] == "round_over" and ended is not None
            assert message["round_end"] == json.loads(json.dumps(seat_view(game, ended, seat)))
            for where, card in hidden_places(game, ended, seat):
                assert at(message["round_end"], where) == HIDDEN, f"the round's end: {where} shows card {card}"
        if isinstance(view["data"], dict):
            assert "deck_cards" not in view["data"] and all(c == HIDDEN for c in view["data"].get("box", []))
        compact = lambda cards: json.dumps(cards, separators=(",", ":")).encode()  # noqa: E731  (as the host writes)
        if len(truth.deck) >= 3:
            assert compact(truth.deck[-3:])[1:-1] not in raw  # the next cards, in order
        for other, hand in enumerate(truth.hands):
            if other != seat and len(hand) >= 3 and not truth.over:
                assert compact(hand) not in raw
        if truth.hands[seat] and not truth.over:
            assert compact(truth.hands[seat]) in raw  # the search finds what is there
    assert lines == session.messages and played == record["moves"]
    assert not unseen  # (Aqua-Chicken: the watched computer looked before its first move, and its goal came)
    return states


GAMES = [
    pytest.param("aquarius", "remote,remote,medium,random", {}, id="aquarius"),
    pytest.param("aquarius", "remote,easy,remote", {"first_edition": True, "aqua_chicken": True}, id="aquarius-chicken"),
    pytest.param("aquarius-rising", "remote,remote,easy", {}, id="rising"),
    pytest.param("dominus", "remote,random,remote", {}, id="dominus"),
    pytest.param("dominus", "remote,remote", {"rounds": 3}, id="dominus-rounds"),
    pytest.param("elemental-towers", "remote", {}, id="towers"),
]


@pytest.mark.parametrize("ruleset, players, options", GAMES)
def test_no_byte_sent_to_a_seat_carries_another_seats_secret(ruleset, players, options):
    async def game():
        host, task = await start_host(ruleset, players, seed=11, options=options)
        relay = await Recorder(host.code.port).start()
        watched = asyncio.create_task(play_bot(JoinCode(LOOPBACK, relay.port, host.secret), "medium", "Ann", 1,
                                               out=io.StringIO()))
        for _ in range(200):  # the watched player takes the first seat before anyone else joins
            if host.chairs[0].token is not None:
                break
            await asyncio.sleep(0.025)
        others = [play_bot(host.code, "random", f"P{i}", seed=i, out=io.StringIO())
                  for i in range(players.count("remote") - 1)]
        results = await asyncio.gather(watched, *others)
        await asyncio.wait_for(task, 10)
        await relay.stop()
        return host, results, relay.received
    host, results, data = run(game(), 240)
    assert all(result == 0 for result in results) and host.chairs[0].name == "Ann"
    assert check_every_byte(host.session, 0, data) >= len(host.session.record()["moves"]) // 4
    if options.get("rounds", 1) > 1:  # each round's end was sent, and checked
        ends = [m for m, _ in messages_on_the_line(data) if m["type"] == "state" and "round_end" in m]
        assert len(ends) == options["rounds"] - 1
