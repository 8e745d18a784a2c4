"""The table of computer levels in docs/opponents.md's "Results": arena matches on fresh seeds, as Markdown.

    python tools/ladder.py [--seed 20261123] [--games 400] [--hard-games 100] [--think 0.2] [--workers 2]
                           [--only hard] [--only aquarius-rising:medium]

Each line is one `aquarius3d arena` match (seats rotated, game i seeded from (seed, i)); the share is the
first entrant's wins with its 95% Wilson interval, next to a seat's fair share. Matches with the searching
level (hard) play `--hard-games` games at `--think` seconds a move (a budget of simulations calibrated to
about that time, so the figures do not depend on the machine); `--only hard` (or `--only
aquarius-rising:medium`, repeatable) plays only the matches whose first entrant is that level (in that game). Pick a new seed to check the figures on games nobody has looked at; do not
tune the players against one.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # this checkout's code, not an installed copy

from aquarius3d.commands.arena import arena  # noqa: E402
from aquarius3d.commands.matches import wilson  # noqa: E402
from aquarius3d.rules.ruleset import load_ruleset  # noqa: E402

MATCHES = (
    ("aquarius", {}, ["hard", "random", "random", "random"]),
    ("aquarius", {}, ["hard", "medium", "medium", "medium"]),
    ("aquarius", {}, ["hard", "medium"]),
    ("aquarius-rising", {}, ["hard", "random", "random"]),
    ("aquarius-rising", {}, ["medium", "random", "random"]),
    ("dominus", {}, ["hard", "random"]),
    ("elemental-towers", {}, ["hard"]),
    ("aquarius", {}, ["medium", "random", "random", "random"]),
    ("aquarius", {}, ["easy", "random", "random", "random"]),
    ("aquarius", {}, ["medium", "easy", "easy", "easy"]),
    ("aquarius", {"first_edition": True}, ["medium", "random"]),
    ("dominus", {}, ["medium", "random"]),
    ("dominus", {}, ["easy", "random"]),
    ("dominus", {}, ["medium", "easy"]),
    ("elemental-towers", {}, ["medium"]),
    ("elemental-towers", {}, ["random"]),
)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=20261123)
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--hard-games", type=int, default=100)
    parser.add_argument("--think", type=float, default=0.2)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--only", action="append", metavar="LEVEL|RULESET:LEVEL",
                        help="play only the matches whose first entrant is this level (in this game); repeatable")
    args = parser.parse_args()
    print("| game | players | games | first entrant's wins (95% interval) | fair share | draws | mean score | ms a move |")
    print("|---|---|---|---|---|---|---|---|")
    for ruleset, options, levels in MATCHES:
        if args.only and levels[0] not in args.only and f"{ruleset}:{levels[0]}" not in args.only:
            continue
        game = load_ruleset(ruleset, options)
        start = time.perf_counter()
        games = args.hard_games if "hard" in levels else args.games
        result = arena(game, levels, games, args.seed, think=args.think, workers=args.workers)
        low, high = wilson(result["wins"][0], games)
        name = game.ruleset.name + "".join(f", {k}" for k in options)
        wins = result["wins"][0]
        print(f"| {name} | {', '.join(levels)} | {games} | {wins} = {100 * wins / games:.1f}% "
              f"({100 * low:.1f}-{100 * high:.1f}%) | {'-' if len(levels) == 1 else f'{100 / len(levels):.0f}%'} | "
              f"{result['draws']} | {result['mean_score'][0]:.2f} | {result['mean_move_ms'][0]:.1f} |", flush=True)
        print(f"  ({time.perf_counter() - start:.0f} s)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
