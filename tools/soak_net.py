"""A bounded soak of hosted games on loopback: computer clients killed and started again at random.

    python tools/soak_net.py [--games 50] [--clients 4] [--kills 2] [--seed 1] [--ruleset aquarius]

Each game: `aquarius3d host RULESET --players remote,...` on 127.0.0.1 (a port of its own, --exit-at-end), and one
`aquarius3d join CODE --bot LEVEL --name P<i>` process a seat; while they play, `--kills` times a client chosen at
random is killed (SIGKILL: no goodbye) and the same command started again, which takes the seat back by the token
it kept. A game is lost when the host or a client does not end with 0, when a client's end screen is not the
host's, or when the hosted save does not say the game is over. Every process is waited for (a game has 120 s);
at the end, none of them may still run. Prints one line a game and a summary; exit 1 if a game was lost or a
process was left behind. Nothing reaches beyond 127.0.0.1. tests/test_net_soak.py runs it for a few games.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import selectors
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAME_SECONDS = float(os.environ.get("SOAK_GAME_SECONDS", "120"))
LEVELS = ("random", "easy")


def start(args: list[str], home: str) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "AQUARIUS3D_HOME": home}
    return subprocess.Popen([sys.executable, "-m", "aquarius3d", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, cwd=ROOT, env=env)


def first_line(process: subprocess.Popen[str], seconds: float = 30.0) -> str:
    assert process.stdout is not None
    with selectors.DefaultSelector() as selector:
        selector.register(process.stdout, selectors.EVENT_READ)
        if not selector.select(seconds):
            raise RuntimeError(f"the host printed nothing within {seconds:g} s")
    return process.stdout.readline().rstrip("\n")


BACK = re.compile(r".+ is back \(seat \d+, .+\)")  # the host's line for a client that took its seat back


def host_ended(host_out: str, end: str) -> bool:
    """Whether the host's output ends with a client's end screen, but for a client's return after it: a client
    killed just before the end and started again just after it takes its seat back (the host says so, after the
    result) and is shown the end. (A full-suite run lost a game to that once: "the clients' end screens differ".)"""
    lines = host_out.splitlines(keepends=True)
    while lines and BACK.fullmatch(lines[-1].rstrip("\n")):
        lines.pop()
    return bool(end) and "".join(lines).endswith(end)


def until_dealt(host: subprocess.Popen[str], deadline: float) -> str:
    """The host's lines up to the deal's ('Aquarius: P1, P0, ...'): the clients are all in."""
    assert host.stdout is not None
    lines = ""
    with selectors.DefaultSelector() as selector:
        selector.register(host.stdout, selectors.EVENT_READ)
        while time.monotonic() < deadline and selector.select(max(0.01, deadline - time.monotonic())):
            line = host.stdout.readline()
            lines += line
            if not line or re.fullmatch(r"[^:]+: P\d+(, P\d+)+\n", line):
                break
    return lines


def one_game(number: int, ruleset: str, clients: int, kills: int, rng: random.Random,
             started: list[subprocess.Popen[str]]) -> tuple[bool, str, int]:
    """Play one game; (kept, what happened, kills done)."""
    with tempfile.TemporaryDirectory(prefix="aquarius3d-soak-") as home:
        host = start(["host", ruleset, "--players", ",".join(["remote"] * clients), "--port", "0", "--bind",
                      "127.0.0.1", "--exit-at-end", "--pace", "0.05", "--seed", str(number)], home)
        started.append(host)
        code = first_line(host).removeprefix("join code: ")
        commands = [["join", code, "--bot", LEVELS[i % len(LEVELS)], "--name", f"P{i}", "--pace", "0.05",
                     "--seed", str(number * 10 + i)] for i in range(clients)]
        players = [start(command, home) for command in commands]
        started.extend(players)
        deadline = time.monotonic() + GAME_SECONDS
        early = until_dealt(host, deadline)
        dealt = time.monotonic()
        done = 0
        for moment in sorted(rng.uniform(0.1, 1.5) for _ in range(kills)):  # seconds into the game
            time.sleep(max(0.0, dealt + moment - time.monotonic()))
            seat = rng.randrange(clients)
            if players[seat].poll() is not None:
                continue  # the game may be over already
            players[seat].send_signal(signal.SIGKILL)
            players[seat].wait(10)
            players[seat] = start(commands[seat], home)
            started.append(players[seat])
            done += 1
        outs = []
        for player in players:
            try:
                outs.append(player.communicate(timeout=max(1.0, deadline - time.monotonic())))
            except subprocess.TimeoutExpired:
                host.kill()
                told = host.communicate(timeout=10)[0]
                return False, (f"a client did not end within {GAME_SECONDS:g} s; the host said: "
                               + " | ".join((early + told).splitlines()[-8:])), done
        try:
            rest, errors = host.communicate(timeout=max(1.0, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            return False, f"the host did not end within {GAME_SECONDS:g} s", done
        rest = early + rest
        if host.returncode != 0:
            return False, f"the host ended with {host.returncode}: {errors.strip()[-300:]}", done
        # A client started again just as the game ended finds no host: that loses nothing (the others saw the end).
        late = [i for i, (p, (_, err)) in enumerate(zip(players, outs)) if p.returncode == 2 and "cannot join" in err]
        bad = [(p.returncode, err.strip()[-300:]) for i, (p, (_, err)) in enumerate(zip(players, outs))
               if p.returncode != 0 and i not in late]
        if bad or len(late) == len(players):
            return False, f"a client ended with {bad[0][0]}: {bad[0][1]}" if bad else "no client saw the end", done
        ends = {out for i, (out, _) in enumerate(outs) if i not in late}
        if len(ends) != 1 or not host_ended(rest, next(iter(ends))):
            return False, "the clients' end screens differ from the host's", done
        saved = json.loads((Path(home) / "saves" / "hosted.json").read_text())
        if not saved.get("over"):
            return False, "the hosted save does not say the game is over", done
        return True, f"{len(saved['moves'])} moves, {rest.count(' is back (seat ')} seats taken back", done


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument("--kills", type=int, default=2, help="clients killed (and started again) a game")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--ruleset", default="aquarius")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    started: list[subprocess.Popen[str]] = []
    lost = kills = 0
    began = time.monotonic()
    try:
        for number in range(args.games):
            kept, said, done = one_game(number, args.ruleset, args.clients, args.kills, rng, started)
            kills += done
            lost += not kept
            print(f"game {number + 1}: {'kept' if kept else 'LOST'}, {done} kills, {said}", flush=True)
    finally:
        left = [p for p in started if p.poll() is None]
        for process in left:
            process.kill()
            process.wait(10)
        for process in started:
            for stream in (process.stdout, process.stderr):
                if stream is not None:
                    stream.close()
    print(f"{args.games} games, {kills} clients killed and started again, {lost} lost, {len(left)} processes left "
          f"behind, {time.monotonic() - began:.0f} s")
    return 1 if lost or left else 0


if __name__ == "__main__":
    sys.exit(main())
