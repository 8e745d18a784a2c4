"""Rules engine benchmark: complete random games per second for every game, µs per move, and legal placements.

    python tools/bench_rules.py [--seconds 3] [--only aquarius,dominus] [--profile]

Runs on one core, in this checkout's code, timed in CPU seconds of this process. For each game it plays complete games
between random players (seeds 0, 1, 2, ...) for about `--seconds` and prints games
per second and microseconds per move; then the time to list the legal placements
of a hand of 4 on a 50-card Aquarius table. The targets and today's figures are in docs/performance.md.
Whole-process figures (start-up included) come from timing `aquarius3d simulate`.
With `--profile`, it plays 200 games of each game under cProfile instead and prints
where the time goes (the 20 functions with the most time of their own).

The machine is shared: compare against the code before a change in the same minutes
(`git worktree add /tmp/before <commit>`, run both alternately).
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # this checkout's code, not an installed copy

from aquarius3d.engine.moves import Place  # noqa: E402
from aquarius3d.rules.ruleset import load_ruleset  # noqa: E402
from aquarius3d.commands.simulate import play_game  # noqa: E402

GAMES = (("aquarius", 4), ("aquarius-rising", 3), ("elemental-towers", 1), ("dominus", 2))


def games_per_second(ruleset: str, players: int, seconds: float) -> tuple[float, float, int]:
    """(games a second, µs a move, games played), playing whole games for about `seconds`."""
    game = load_ruleset(ruleset)
    play_game(game, players, 10_000)  # warm up
    played = moves = 0
    start = time.process_time()  # this process's CPU time: steadier than the clock on a shared machine
    while time.process_time() - start < seconds or played < 3:
        state = play_game(game, players, played)
        moves += len(state.log)
        played += 1
    elapsed = time.process_time() - start
    return played / elapsed, elapsed / max(moves, 1) * 1e6, played


def profile(ruleset: str, players: int, games: int = 200) -> None:
    game = load_ruleset(ruleset)
    play_game(game, players, 10_000)  # warm up
    profiler = cProfile.Profile()
    profiler.enable()
    for seed in range(games):
        play_game(game, players, seed)
    profiler.disable()
    print(f"== {ruleset} {players}p, {games} games")
    pstats.Stats(profiler).sort_stats("tottime").print_stats(20)


def big_table(game, cards: int, seed: int):
    """A state with `cards` element cards on the table, placed by random legal placements."""
    while True:
        state = game.new_state(["A", "B"], seed=seed)
        elements = [i for i in state.deck if game.deck.cards[i].kind == "element"]
        state.deck = [i for i in state.deck if i not in elements]
        chooser = random.Random(seed)
        while len(state.table) < cards and elements:
            card = elements.pop()
            state.hands[0] = [card]
            state.turn = 0
            places = [m for m in game.legal_moves(state) if isinstance(m, Place)]
            if places:
                move = places[chooser.randrange(len(places))]
                state.table.place(move.cell, card, move.lies_as)
        if len(state.table) >= cards:
            on_table = set(state.table.cards.values())
            spare = [c for c in game.play_ids() if game.deck.cards[c].kind == "element" and c not in on_table]
            return state, spare
        seed += 1


def placements(samples: int = 2000) -> tuple[float, float, int, int]:
    game = load_ruleset("aquarius")
    state, spare = big_table(game, 50, 1)
    chooser = random.Random(2)
    timings = []
    for _ in range(samples):
        state.hands[0] = chooser.sample(spare, 4)
        start = time.perf_counter()
        game.legal_moves(state)
        timings.append(time.perf_counter() - start)
    timings.sort()
    return statistics.median(timings) * 1e3, timings[int(len(timings) * 0.95)] * 1e3, len(state.table), len(state.table.need)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="how long to play each game")
    parser.add_argument("--only", default="", help="comma-separated ruleset ids")
    parser.add_argument("--profile", action="store_true", help="profile 200 games of each instead of timing them")
    args = parser.parse_args()
    wanted = set(filter(None, args.only.split(",")))
    for ruleset, players in GAMES:
        if wanted and ruleset not in wanted:
            continue
        if args.profile:
            profile(ruleset, players)
            continue
        rate, per_move, played = games_per_second(ruleset, players, args.seconds)
        print(f"{ruleset} {players}p: {rate:.0f} games/s, {per_move:.0f} µs a move ({played} games)")
    if not args.profile and (not wanted or "placements" in wanted):
        median, p95, cards, cells = placements()
        print(f"legal placements, hand of 4 on a {cards}-card table ({cells} open cells): "
              f"median {median:.3f} ms, 95th percentile {p95:.3f} ms")


if __name__ == "__main__":
    main()
