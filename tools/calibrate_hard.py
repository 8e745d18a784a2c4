"""How many simulations a second the `hard` player runs here, per family: the figures behind each kit's `rate`
(bots/kits/<family>.py).

    python tools/calibrate_hard.py [--searches 20] [--only RULESET]

Plays games of each family (hard in the first seat against medium players) and times, in processor
seconds (so that other work on the machine does not count), the searches hard makes with a fixed number of
simulations. A kit's `rate` is then about simulations / second; `--think T` in the arena becomes
round(T * rate) simulations, the same number on any machine. Run it on a quiet machine: while other jobs run, a
processor-second does much less here (the figures before 2026-11-23's were taken so, a third to a half too low).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # this checkout's code, not an installed copy

from aquarius3d.bots import hard, make_player  # noqa: E402
from aquarius3d.bots.kit import kit_of  # noqa: E402
from aquarius3d.rules.ruleset import load_ruleset  # noqa: E402

GAMES = (("aquarius", 4), ("aquarius-rising", 3), ("dominus", 2), ("elemental-towers", 1))


def measure(ruleset: str, players: int, searches: int, budget: int = 20) -> float:
    game = load_ruleset(ruleset)
    spent, done = 0.0, 0
    original = hard._shallow

    def timed(*args):
        nonlocal spent, done
        start = time.process_time()
        chosen = original(*args)
        spent += time.process_time() - start
        done += 1
        return chosen

    hard._shallow = timed
    kit = kit_of(game)
    kit.rate = budget  # think 1 s = `budget` simulations (on the kit itself, its class keeps the figure)
    try:
        seed = 0
        while done < searches:
            state = game.new_state([f"p{i}" for i in range(players)], seed=seed)
            bots = [make_player("hard", seed, think=1.0)] + [make_player("medium", seed + i) for i in range(1, players)]
            while not state.over and done < searches:
                game.apply(state, bots[state.turn].choose(game, game.observe(state, state.turn)))
            seed += 1
    finally:
        hard._shallow = original
        del kit.rate
    return budget * done / spent


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--searches", type=int, default=20)
    parser.add_argument("--only", action="append", default=[], metavar="RULESET",
                        help="measure this ruleset only (repeatable): " + ", ".join(r for r, _ in GAMES))
    args = parser.parse_args()
    unknown = [r for r in args.only if r not in dict(GAMES)]
    if unknown:
        parser.error(f"--only: unknown ruleset {unknown[0]!r} (one of {', '.join(r for r, _ in GAMES)})")
    for ruleset, players in GAMES:
        if args.only and ruleset not in args.only:
            continue
        print(f"{ruleset}: {measure(ruleset, players, args.searches):.0f} simulations a second", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
