"""How many four-player Aquarius games `hard` wins against three medium players when told what its seat cannot see.

    python tools/hard_told.py --told goals [--games 400] [--seed 99000] [--workers 2]

A harness, not a player: it hands hard's search the truth in place of its guesses, to measure what each hidden thing
is worth, so where its play can still gain. `--told` is one of
    none    hard as it plays (its own reading of the others' goals, worlds dealt at random)
    goals   the others' true goals, in its ranking and in every world it samples (hands and deck dealt at random)
    hands   the true goals and hands in every world (the deck shuffled again each world)
    all     the true state itself (the deck order too)
Game i has seed SEED + i and hard sits in seat i mod 4 (the others medium, seeded from the game); think 0.2.
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # this checkout's code, not an installed copy

_TRUE: dict = {}  # the state being played, in this process


def _tell(told: str) -> None:
    """Patch hard's guesses in this process so that they read the state being played."""
    from aquarius3d.bots import hard, infer

    if told == "none":
        return

    def goal_odds(game, observation, leanings, rng, samples=48):
        state = _TRUE["state"]
        return {s: {str(game.deck.cards[g].code): 1.0} for s, g in enumerate(state.goals) if s != observation.seat}

    def draw_goals(game, observation, leanings, rng):
        state = _TRUE["state"]
        return {g: ("goal", s) for s, g in enumerate(state.goals) if s != observation.seat}

    infer.goal_odds = goal_odds
    infer.draw_goals = draw_goals
    if told in ("hands", "all"):
        def sample(rng):
            world = _TRUE["state"].copy()
            if told == "hands":
                rng.shuffle(world.deck)
            return world

        hard.HardPlayer._sampler = lambda self, game, observation, *reading: sample


def play(job: tuple[str, int, int]) -> bool:
    """One game: whether hard won it."""
    from aquarius3d.bots import make_player
    from aquarius3d.rules.ruleset import load_ruleset

    told, seed, index = job
    if _TRUE.get("told") != told:
        _tell(told)
        _TRUE["told"] = told
    game = load_ruleset("aquarius")
    seat = index % 4
    state = game.new_state(list("abcd"), seed=seed + index)
    players = [make_player("hard" if s == seat else "medium", (seed + index) * 10 + s, think=0.2) for s in range(4)]
    while not state.over:
        _TRUE["state"] = state
        game.apply(state, players[state.turn].choose(game, game.observe(state, state.turn)))
    return seat in state.winners


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--told", choices=("none", "goals", "hands", "all"), default="none")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=99000)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    jobs = [(args.told, args.seed, i) for i in range(args.games)]
    with multiprocessing.get_context("spawn").Pool(args.workers) as pool:
        won = sum(pool.map(play, jobs, chunksize=4))
    print(f"told {args.told}: hard won {won} of {args.games} games ({100.0 * won / args.games:.1f}%)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
