"""Fit the model of the chance to win a round of Dominus that `hard` judges its searched positions by.

    python tools/fit_dominus_chance.py [--games 5000] [--seeds 101 102] [--workers 2]

Plays games of Dominus (two players; half of them medium against random, half medium against medium, seats
alternating) and records, at the start of every turn (after the draws of a player who could not play), the
features bots/dominus_eval.win_chance reads for the seat to move, with whether that seat won the round. A
logistic regression (Newton's method, a small ridge) fitted on them prints the weights to paste into
`dominus_eval.CHANCE`; positions where the seat holds one card that fits are left out (a sure win, handled
exactly). The figures in CHANCE came from an earlier script of the same design (3,000 games medium against random,
2,000 medium against medium, 80,355 positions; held-out log loss 0.577 against 0.658 for the card counts alone);
this one deals its games from other seeds, so its weights come out close to those, not equal. The log loss of
the fit on a quarter of the positions held out is printed too.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # this checkout's code, not an installed copy

from logistic import fit  # noqa: E402  (tools/logistic.py, beside this script)

from aquarius3d.bots.dominus_eval import CHANCE, chance_features  # noqa: E402

_GAME: list = []


def play(job: tuple[str, str, int, int]) -> list[tuple[list[float], float]]:
    """One game's positions: the features for the seat to move at each turn's start, and whether it won."""
    from aquarius3d.bots import make_player
    from aquarius3d.rules.ruleset import load_ruleset

    first, second, seed, index = job
    if not _GAME:
        _GAME.append(load_ruleset("dominus"))
    game = _GAME[0]
    rng = random.Random(f"dominus-chance:{seed}:{index}")
    levels = (first, second) if index % 2 == 0 else (second, first)
    players = [make_player(level, rng.getrandbits(31)) for level in levels]
    state = game.new_state(["a", "b"], seed=rng.getrandbits(31))
    seen: list[tuple[int, list[float] | None]] = []
    last = None
    while not state.over:
        if state.turn_number != last:
            last = state.turn_number
            seen.append((state.turn, chance_features(game, state, state.turn)))
        seat = state.turn
        game.apply(state, players[seat].choose(game, game.observe(state, seat)))
    return [(features, 1.0 / len(state.winners) if seat in state.winners else 0.0)
            for seat, features in seen if features is not None]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5000, help="games in all, split over the seeds")
    parser.add_argument("--seeds", type=int, nargs="+", default=[101, 102])
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    per_seed = max(1, args.games // len(args.seeds))
    jobs = [(("medium", "random") if n % 2 == 0 else ("medium", "medium")) + (seed, i)
            for n, seed in enumerate(args.seeds) for i in range(per_seed)]
    with multiprocessing.get_context("spawn").Pool(args.workers) as pool:
        rows = [row for rows in pool.imap(play, jobs, chunksize=8) for row in rows]
    weights, loss = fit(rows)
    print(f"{len(rows):,} positions from {len(jobs):,} games; held-out log loss {loss:.4f}")
    print("CHANCE = (" + ", ".join(f'("{name}", {w})' for (name, _), w in zip(CHANCE, weights)) + ")")
    return 0


if __name__ == "__main__":
    sys.exit(main())
