"""How long the `hard` player takes a move the way the window runs it (timed, 1 s to think), per game family.

    python tools/bench_hard_times.py [--think 1.0] [--positions 20] [--untimed] [--worker] [--only RULESET]

The positions are fixed: seeded games between medium players (every seat), a few positions spread over each game
(the seat to move has more than one legal move; the end game among them), and for Aquarius Rising, apart, the card
steps of its end game (bots/rising_end.py: the deck nearly out, goal actions still to come). On each, a fresh hard
player (its seed the position's number) chooses from the seat's observation, and its wall time (what the player
waits) and processor time are taken. Prints a table: per family, the median, 95th percentile (nearest rank) and
maximum of each. `--untimed`: the arena's seed-exact budget of simulations alone, without the window's deadline
(what the window ran before it had one). `--worker`: each choice made in the worker process, as the window makes
it (bots/worker.py, screens/thinking.py): the wall time from the job sent to the answer come, the pickling both
ways and the pipe included (the process started before the first job). The machine is shared: run it quiet, and
compare only runs of the same minutes.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # this checkout's code, not an installed copy

from aquarius3d.bots import HardPlayer, make_player, rising_end  # noqa: E402
from aquarius3d.bots.worker import Worker  # noqa: E402
from aquarius3d.rules.ruleset import load_ruleset  # noqa: E402

# (label, ruleset, players, which positions: "spread" over each game, or "end": Rising's end game)
FAMILIES = (
    ("Aquarius, 4 players", "aquarius", 4, "spread"),
    ("Aquarius Rising, 3 players", "aquarius-rising", 3, "spread"),
    ("Aquarius Rising's end game, 3 players", "aquarius-rising", 3, "end"),
    ("Elemental Towers", "elemental-towers", 1, "spread"),
    ("Dominus, 2 players", "dominus", 2, "spread"),
)
SPREAD = (0.15, 0.4, 0.65, 0.9)  # where in a game its positions are taken (share of its moves)
FIRST_SEED = 9100


def positions(game, players: int, kind: str, count: int) -> list:
    """`count` positions (states) of seeded games between medium players, of the kind asked for."""
    found: list = []
    seed = FIRST_SEED
    while len(found) < count:
        state = game.new_state([f"p{s}" for s in range(players)], seed=seed)
        bots = [make_player("medium", seed * 10 + s) for s in range(players)]
        seen = []
        while not state.over:
            observation = game.observe(state, state.turn)
            if len(game.legal_moves(state)) > 1:
                if kind == "spread" or rising_end.applies(game, observation):
                    seen.append(state.copy())
            game.apply(state, bots[state.turn].choose(game, observation))
        if kind == "spread":
            seen = [seen[int(share * len(seen))] for share in SPREAD] if seen else []
        found.extend(seen[:count - len(found)])
        seed += 1
    return found


def nearest_rank(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)]


class Timing:
    """A player that times another's choices in processor seconds where it runs (in the worker, with --worker)."""

    level = "hard"

    def __init__(self, player: HardPlayer) -> None:
        self.player = player
        self.think = player.think
        self.spent = 0.0

    def choose(self, game, observation):
        start = time.process_time()
        move = self.player.choose(game, observation)
        self.spent = time.process_time() - start
        return move


def measure(ruleset: str, players: int, kind: str, count: int, think: float, timed: bool,
            worker: Worker | None) -> tuple[list[float], list[float]]:
    game = load_ruleset(ruleset)
    found = positions(game, players, kind, count)
    walls, cpus = [], []
    for number, state in [(0, found[0])] + list(enumerate(found)):  # the first once more, not counted: imports
        observation = game.observe(state, state.turn)
        player = Timing(HardPlayer(number, think=think, timed=timed))
        wall = time.perf_counter()
        if worker is None:
            move = player.choose(game, observation)
        else:
            worker.submit(game, player, observation)
            while (answer := worker.poll()) is None:
                time.sleep(0.001)
            _, move, player = answer
        walls.append(time.perf_counter() - wall)
        cpus.append(player.spent)
        assert move in game.legal_moves(state), move
    return walls[1:], cpus[1:]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--think", type=float, default=1.0, help="seconds to think (the window's default, 1)")
    parser.add_argument("--positions", type=int, default=20, help="positions per family (default 20)")
    parser.add_argument("--untimed", action="store_true", help="the arena's budget of simulations, no deadline")
    parser.add_argument("--worker", action="store_true", help="in the worker process, as the window does")
    parser.add_argument("--only", help="only the rows of this ruleset")
    args = parser.parse_args()
    mode = "untimed (the arena's budget)" if args.untimed else "timed (the window's deadline)"
    where = "in the worker process" if args.worker else "in this process"
    print(f"hard at think {args.think:g} s, {mode}, {where}, {args.positions} positions a row; seconds, "
          "median / 95th percentile / maximum")
    print()
    print("| game | wall time | processor time |")
    print("|---|---|---|")
    for label, ruleset, players, kind in FAMILIES:
        if args.only and args.only != ruleset:
            continue
        worker = Worker() if args.worker else None
        try:
            walls, cpus = measure(ruleset, players, kind, args.positions, args.think, not args.untimed, worker)
        finally:
            if worker is not None:
                worker.close()
        cells = [" / ".join(f"{f(v):.2f}" for f in (lambda v: nearest_rank(v, 0.5), lambda v: nearest_rank(v, 0.95),
                                                      max)) for v in (walls, cpus)]
        print(f"| {label} | {cells[0]} | {cells[1]} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
