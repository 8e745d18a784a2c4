"""Nothing lost when a line drops (issue 31, point 5), on loopback: a player whose line is cut comes back to the
same seat by its token and sees the table as it is; while a seat is away the others are told (and, when the
host says so, a computer plays for the absent player); a computer client killed and run again takes its seat
back; a host killed mid-game and started again with --load gives the same seats to the same players, who
come back by themselves. Every process is ended by the test."""

import asyncio
import io
import json
import signal
import socket
import time

import pytest

from aquarius3d.bots import make_player
from aquarius3d.net.client import play_bot
from aquarius3d.net.wire import observation_of
from netting import LOOPBACK, hello, raw, run, start_host, until
from test_net import first_line, processes  # noqa: F401  (the fixture that ends every process)


pytestmark = pytest.mark.usefixtures("private_home")  # (conftest.py: a home of the test's own)


def test_a_cut_line_comes_back_to_the_same_seat_by_itself():
    async def go():
        host, task = await start_host("aquarius", "remote,remote,random", seed=4)
        players = [asyncio.create_task(play_bot(host.code, "random", name, i, out=io.StringIO(), pace=0.01))
                   for i, name in enumerate(("Ann", "Bo"))]
        cuts = 0
        for _ in range(2000):
            await asyncio.sleep(0.01)
            if all(p.done() for p in players):
                break
            if host.session is None or host.session.state.over:
                continue
            if host.seq >= 4 + 6 * cuts and cuts < 2 and host.chairs[1].link is not None:
                host.chairs[1].link.ws.transport.abort()  # the line drops, without a word
                cuts += 1
        results = await asyncio.gather(*players)
        await asyncio.wait_for(task, 10)
        return host, results, cuts
    host, results, cuts = run(go(), 60)
    assert results == [0, 0] and host.session.state.over and cuts == 2
    printed = host.out.getvalue()
    assert printed.count("Bo is away (seat 2): waiting for them") == 2 and printed.count("Bo is back (seat 2") == 2


def test_the_others_are_told_who_is_away_and_a_computer_stands_in_when_the_host_says():
    async def go():
        host, task = await start_host("aquarius", "remote,remote", seed=6)
        host.away_bot = 0.3
        ann = await raw(host)
        await ann.send(hello(host, "Ann"))
        bo = await raw(host)
        await bo.send(hello(host, "Bo"))
        await until(bo, "state")
        await bo.close()  # Bo leaves after the deal and never comes back
        chooser, seen_away, states = make_player("random", 1), [], 0
        while True:
            state = await until(ann, "state", 20)
            states += 1
            seen_away.append((state["turn"], state["seats"][1]["away"]))
            if state["view"]["phase"] == "over":
                break
            if state["your_move"]:
                seen = observation_of(state["view"], state["seat"])
                await ann.send(json.dumps({"type": "move", "seq": state["seq"],
                                           "move": str(chooser.choose(host.game, seen))}))
        await asyncio.wait_for(task, 10)
        return host, seen_away
    host, seen_away = run(go(), 60)
    assert host.session.state.over
    assert (1, True) in seen_away  # "waiting for Bo": Bo's turn, Bo away
    printed = host.out.getvalue()
    assert "Bo is away (seat 2): waiting for them, then a computer plays for them after 0.3 s" in printed
    assert "Bo is still away: a computer plays for them until they are back" in printed
    assert sum(1 for line in host.session.state.log if line.startswith("1: ")) >= 2


def wait_for_lines(process, count, seconds=30):
    """Lines the process prints, until `count` of them or `seconds`."""
    import selectors

    lines, end = [], time.monotonic() + seconds
    with selectors.DefaultSelector() as selector:
        selector.register(process.stdout, selectors.EVENT_READ)
        while len(lines) < count and time.monotonic() < end:
            if selector.select(max(0.01, end - time.monotonic())):
                line = process.stdout.readline()
                if not line:
                    break
                lines.append(line.rstrip("\n"))
    return lines


@pytest.mark.slow
def test_a_killed_computer_client_run_again_takes_its_seat_back(processes):  # noqa: F811
    host = processes.start("host", "aquarius", "--players", "remote,remote,random", "--port", "0", "--bind",
                           LOOPBACK, "--exit-at-end", "--seed", "8", "--pace", "0.05")
    code = first_line(host).removeprefix("join code: ")
    ann = processes.start("join", code, "--bot", "random", "--name", "Ann", "--pace", "0.05")
    bo = processes.start("join", code, "--bot", "random", "--name", "Bo", "--pace", "0.05")
    before = wait_for_lines(host, 8)  # the deal and a few moves
    assert any(line.startswith("Ann placed") or line.startswith("Bo placed") for line in before), before
    bo.send_signal(signal.SIGKILL)
    bo.wait(10)
    again = processes.start("join", code, "--bot", "random", "--name", "Bo", "--pace", "0.05")
    outs = [player.communicate(timeout=90) for player in (ann, again)]
    rest, errors = host.communicate(timeout=30)
    assert host.returncode == 0 and ann.returncode == 0 and again.returncode == 0, (errors, outs)
    printed = "\n".join(before) + "\n" + rest
    seat = next(line for line in printed.splitlines() if line.startswith("Bo joined (seat "))[16]
    assert f"Bo is away (seat {seat}): waiting for them" in printed and f"Bo is back (seat {seat}," in printed
    assert outs[0][0] == outs[1][0] and outs[0][0].strip()


@pytest.mark.slow
def test_a_host_started_again_with_load_gives_the_same_seats_to_the_same_players(processes, private_home):  # noqa: F811
    with socket.socket() as probe:
        probe.bind((LOOPBACK, 0))
        port = str(probe.getsockname()[1])
    host = processes.start("host", "aquarius", "--players", "remote,medium,remote", "--port", port, "--bind",
                           LOOPBACK, "--exit-at-end", "--seed", "9", "--pace", "0.05")
    code = first_line(host).removeprefix("join code: ")
    players = [processes.start("join", code, "--bot", "random", "--name", name, "--pace", "0.05")
               for name in ("Ann", "Bo")]
    before = wait_for_lines(host, 10)
    host.send_signal(signal.SIGKILL)  # the host's machine stops: no goodbye
    host.wait(10)
    saved = json.loads((private_home / "saves" / "hosted.json").read_text())
    assert not saved.get("over") and len(saved["moves"]) >= 3, before
    again = processes.start("host", "--load", str(private_home / "saves" / "hosted.json"), "--port", port, "--bind",
                            LOOPBACK, "--exit-at-end", "--pace", "0.05")
    assert first_line(again) == f"join code: {code}"  # the same secret, the same code
    outs = [player.communicate(timeout=120) for player in players]
    rest, errors = again.communicate(timeout=30)
    assert again.returncode == 0, errors
    assert all(player.returncode == 0 for player in players), outs
    final = json.loads((private_home / "saves" / "hosted.json").read_text())
    assert final["over"] and final["moves"][:len(saved["moves"])] == saved["moves"]
    assert [s["name"] for s in final["seats"]] == [s["name"] for s in saved["seats"]]
    assert "Ann is back (seat " in rest and "Bo is back (seat " in rest
    assert outs[0][0] == outs[1][0]


def test_a_player_without_the_token_comes_back_by_name_to_an_away_seat_only():
    async def go():
        host, task = await start_host("aquarius", "remote,remote", seed=2, exit_at_end=False)
        ann = await raw(host)
        await ann.send(hello(host, "Ann"))
        bo = await raw(host)
        await bo.send(hello(host, "Bo"))
        await until(bo, "state")
        impostor = await raw(host)
        await impostor.send(hello(host, "bo"))  # Bo is here: no seat for another Bo
        refused = await until(impostor, "refused")
        await bo.close()
        for _ in range(200):
            if host.chairs[1].link is None:
                break
            await asyncio.sleep(0.01)
        back = await raw(host)
        await back.send(hello(host, "BO"))  # Bo, away, lost the token: the seat by its name
        welcome = await until(back, "welcome")
        for ws in (ann, back):
            await ws.close()
        host.stop()
        await asyncio.wait_for(task, 10)
        return refused, welcome, host
    refused, welcome, host = run(go(), 30)
    assert refused["code"] == "full" and welcome["seat"] == 1 and welcome["name"] == "Bo"
    assert welcome["token"] == host.chairs[1].token
