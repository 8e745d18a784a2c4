"""Fuzz the command line with broken copies of the shipped files, and play checked games, for a while.

    python tools/fuzz.py --seconds 600 --seed 1 [--keep faults/]

Each round is one of: a position file from tests/positions mutated and run
through `analyze` and `check`; a ruleset from rulesets/ mutated and run through
`analyze` (an empty table) and `simulate` (one game); a whole game of a shipped
ruleset with random legal moves, checked after every move (aquarius3d.fuzz).
A fault is an exit status other than 0, 1 or 2, a traceback, a message that
does not name the file, a command taking over 10 s, or a failed game check. It
prints each new fault as found, then the inputs tried, the games played and the
faults. With --keep, each faulty input is written there for replaying.
Exit status: 0 without faults, 1 with.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))  # the fuzzing itself is test support (tests/fuzzing.py)

import fuzzing as fuzz  # noqa: E402
from aquarius3d.rules.ruleset import load_ruleset  # noqa: E402

GAMES = [("aquarius", {}), ("aquarius", {"first_edition": True}), ("aquarius", {"single_action": "trade_goals"}),
         ("aquarius-rising", {}), ("aquarius-rising", {"sky_high": True}), ("dominus", {}),
         ("elemental-towers", {}), ("elemental-towers", {"draft": True})]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60.0, help="how long to run (default 60)")
    parser.add_argument("--seed", type=int, default=0, help="the random seed (default 0)")
    parser.add_argument("--keep", type=Path, help="a folder to write each faulty input to")
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    positions, rulesets = fuzz.sources(ROOT)
    tried = {"position": 0, "ruleset": 0, "game": 0}
    games = 0
    faults: dict[str, str] = {}
    start = time.monotonic()
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        while time.monotonic() - start < args.seconds:
            roll = rng.random()
            data: bytes | None = None
            name = ""
            if roll < 0.6:
                source = rng.choice(positions)
                data, problem = fuzz.try_position(source, folder, rng)
                kind, name = "position", source.name
            elif roll < 0.9:
                source = rng.choice(rulesets)
                data, problem, played = fuzz.try_ruleset(source, folder, rng)
                kind, name = "ruleset", source.name
                games += played
            else:
                ruleset, options = rng.choice(GAMES)
                game = load_ruleset(ruleset, options)
                players = rng.randint(game.min_players, min(game.max_players, 5))
                seed = rng.randrange(2**31)
                kind, name = "game", f"{ruleset} {options} players={players} seed={seed}"
                try:
                    fuzz.play_checked(game, players, seed)
                    games += 1
                    problem = None
                except Exception as exc:  # every failure is a fault to report
                    problem = f"{exc.__class__.__name__}: {exc}"
            tried[kind] += 1
            if problem:
                key = f"{kind} {problem[:100]}"
                if key not in faults:
                    faults[key] = name
                    print(f"fault {len(faults)}: {kind} {name}: {problem[:300]}", flush=True)
                    if args.keep and data is not None:
                        args.keep.mkdir(parents=True, exist_ok=True)
                        (args.keep / f"{len(faults):03d}-{name}").write_bytes(data)
    total = sum(tried.values())
    print(f"{total} inputs tried in {time.monotonic() - start:.0f} s (seed {args.seed}): "
          f"{tried['position']} position files, {tried['ruleset']} rulesets, {tried['game']} checked games; "
          f"{games} games played to the end; {len(faults)} faults")
    return 1 if faults else 0


if __name__ == "__main__":
    sys.exit(main())
