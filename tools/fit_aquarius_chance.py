"""Fit the model of the chance to win a game of Aquarius that `hard` judges its searched positions by.

    python tools/fit_aquarius_chance.py [--games 8000] [--seeds 301 302] [--workers 2]

Plays games of Aquarius between medium players (two to five seats; half the games have four, the count the
docs/opponents.md's figures are for) and records, at the start of every turn, the features bots/aquarius_chance.win_chance
reads for the seat to move, with whether that seat won (1/k for a win shared by k). A logistic regression
(Newton's method, a small ridge) fitted on them prints the weights to paste into `aquarius_chance.CHANCE`;
positions where the seat's own hand completes its goal are left out (a sure win, handled exactly). The log loss of
the fit on a quarter of the positions held out is printed, beside that of the same fit without the rivals'
features. The figures in CHANCE came from this script as it stands (defaults: 8,000 games, 231,022 positions;
held-out log loss 0.5515, 0.5768 without the rivals' features; about 2.5 minutes on two cores).
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # this checkout's code, not an installed copy

from logistic import fit  # noqa: E402  (tools/logistic.py, beside this script)

from aquarius3d.bots.aquarius_chance import NAMES, features  # noqa: E402

COUNTS = (4, 3, 4, 5, 4, 2)  # seats, game by game: half the games with four
_GAME: list = []


def play(job: tuple[int, int]) -> list[tuple[list[float], float]]:
    """One game's positions: the features for the seat to move at each turn's start, and whether it won."""
    from aquarius3d.bots import make_player
    from aquarius3d.rules.ruleset import load_ruleset

    seed, index = job
    if not _GAME:
        _GAME.append(load_ruleset("aquarius"))
    game = _GAME[0]
    rng = random.Random(f"aquarius-chance:{seed}:{index}")
    seats = COUNTS[index % len(COUNTS)]
    players = [make_player("medium", rng.getrandbits(31)) for _ in range(seats)]
    state = game.new_state([f"p{i}" for i in range(seats)], seed=rng.getrandbits(31))
    seen: list[tuple[int, list[float] | None]] = []
    last = None
    while not state.over:
        if state.turn_number != last and state.phase == "play":
            last = state.turn_number
            seen.append((state.turn, features(game, state, state.turn)))
        seat = state.turn
        game.apply(state, players[seat].choose(game, game.observe(state, seat)))
    return [(values, 1.0 / len(state.winners) if seat in state.winners else 0.0)
            for seat, values in seen if values is not None]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=8000, help="games in all, split over the seeds")
    parser.add_argument("--seeds", type=int, nargs="+", default=[301, 302])
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    per_seed = max(1, args.games // len(args.seeds))
    jobs = [(seed, i) for seed in args.seeds for i in range(per_seed)]
    with multiprocessing.get_context("spawn").Pool(args.workers) as pool:
        rows = [row for rows in pool.imap(play, jobs, chunksize=16) for row in rows]
    weights, loss = fit(rows)
    own = [i for i, name in enumerate(NAMES) if not name.startswith(("rival", "answers_vs"))]
    _, own_loss = fit(rows, own)
    print(f"{len(rows):,} positions from {len(jobs):,} games; held-out log loss {loss:.4f} "
          f"({own_loss:.4f} without the rivals' features)")
    print("CHANCE = (" + ", ".join(f"{w}" for w in weights) + ")  # " + ", ".join(NAMES))
    return 0


if __name__ == "__main__":
    sys.exit(main())
