"""What playing across computers costs on this machine's loopback (issue 31, point 8).

    python tools/bench_net.py [--games 20] [--players 2] [--ruleset aquarius] [--seed 1]

Each game: `aquarius3d host RULESET --players remote,...` in a process of its own (as a host runs), and every
remote seat a player in this process speaking the protocol (docs/protocol.md), choosing with the random level.
Measured:
- the time from a move sent (the player's "click", after it chose) to every other player holding the state that
  shows it (the message read and decoded): the median, 95th percentile (nearest rank) and maximum over all moves;
- the host's cost per game: its processor time (user + system, the whole process from start to exit, Python's
  start included, then without it: the same host started and stopped with no game), and the bytes it sent.
Nothing reaches beyond 127.0.0.1. The machine is shared: run it quiet, and compare only runs of the same minutes.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # this checkout's code, not an installed copy

from websockets.asyncio.client import connect  # noqa: E402

from aquarius3d.bots import make_player  # noqa: E402
from aquarius3d.net.code import parse_code  # noqa: E402
from aquarius3d.net.protocol import PROTOCOL  # noqa: E402
from aquarius3d.net.wire import observation_of  # noqa: E402
from aquarius3d.rules.ruleset import load_ruleset  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


def rank(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)]


def children_cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def start_host(args: list[str], home: str) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "AQUARIUS3D_HOME": home}
    return subprocess.Popen([sys.executable, "-m", "aquarius3d", "host", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, cwd=ROOT, env=env)


async def play(code_text: str, ruleset: str, players: int, seed: int) -> tuple[list[float], int]:
    """One game's latencies (seconds) and the bytes the host sent its players."""
    code = parse_code(code_text)
    game = load_ruleset(ruleset)
    sockets = []
    for i in range(players):
        ws = await connect(code.uri, compression=None, max_size=2**23)
        await ws.send(json.dumps({"type": "hello", "protocol": PROTOCOL, "secret": code.secret, "name": f"P{i}"}))
        sockets.append(ws)
    sent: dict[int, tuple[float, int]] = {}  # seq of the state a move answers -> (when it was sent, by whom)
    latencies: list[float] = []
    received = 0

    async def player(i: int) -> None:
        nonlocal received
        chooser = make_player("random", seed * 10 + i)
        ws = sockets[i]
        while True:
            data = await ws.recv()
            now = time.perf_counter()
            received += len(data.encode() if isinstance(data, str) else data)
            message = json.loads(data)
            if message["type"] != "state":
                continue
            moved = sent.get(message["seq"] - 1)  # the move this state shows, when a player sent one
            if moved is not None and moved[1] != i:
                latencies.append(now - moved[0])
            if message["view"]["phase"] == "over":
                return
            if message["your_move"]:
                move = str(chooser.choose(game, observation_of(message["view"], message["seat"])))
                sent[message["seq"]] = (time.perf_counter(), i)
                await ws.send(json.dumps({"type": "move", "seq": message["seq"], "move": move}))

    tasks = [asyncio.create_task(player(i)) for i in range(players)]
    await asyncio.wait_for(asyncio.gather(*tasks), 300)
    for ws in sockets:
        await ws.close()
    return latencies, received


def main() -> int:
    import tempfile

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--ruleset", default="aquarius")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    latencies: list[float] = []
    cpu: list[float] = []
    sent: list[int] = []
    moves: list[int] = []
    with tempfile.TemporaryDirectory(prefix="aquarius3d-bench-") as home:
        before = children_cpu()  # a host that starts and stops with no game: what a process costs to start
        idle = start_host([args.ruleset, "--players", "remote,remote", "--port", "0", "--bind", "127.0.0.1"], home)
        assert idle.stdout is not None
        idle.stdout.readline()
        idle.terminate()
        idle.communicate(timeout=30)
        start_cost = children_cpu() - before
        for number in range(args.games):
            before = children_cpu()
            host = start_host([args.ruleset, "--players", ",".join(["remote"] * args.players), "--port", "0", "--bind",
                               "127.0.0.1", "--exit-at-end", "--seed", str(args.seed * 1000 + number)], home)
            assert host.stdout is not None
            code = host.stdout.readline().removeprefix("join code: ").strip()
            found, received = asyncio.run(play(code, args.ruleset, args.players, args.seed * 1000 + number))
            host.communicate(timeout=60)
            cpu.append(children_cpu() - before)
            latencies += found
            sent.append(received)
            record = json.loads((Path(home) / "saves" / "hosted.json").read_text())
            moves.append(len(record["moves"]))
    ms = [1000 * t for t in latencies]
    print(f"{args.games} games of {args.ruleset}, {args.players} remote players, {sum(moves)} moves")
    print(f"move to the other players: median {rank(ms, 0.5):.2f} ms, 95th percentile {rank(ms, 0.95):.2f} ms, "
          f"maximum {max(ms):.2f} ms ({len(ms)} arrivals)")
    per_game = sum(cpu) / len(cpu)
    print(f"host: {per_game:.2f} s of processor a game, {per_game - start_cost:.2f} s without starting Python and "
          f"the rules ({start_cost:.2f} s), {1000 * (per_game - start_cost) / (sum(moves) / len(moves)):.1f} ms a move; "
          f"{sum(sent) / len(sent) / 1024:.0f} KiB sent a game")
    return 0


if __name__ == "__main__":
    sys.exit(main())
