"""Rules engine benchmark: complete random games per second, and legal placements for a hand.

    python tools/bench_rules.py [--games 600] [--players 4]

Runs on one core. The targets (issue 2): at least 300 complete 4-player games
a second, and at most 1 ms to list the legal placements of a hand of 4 on a
50-card table.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from aquarius3d.engine.moves import Place
from aquarius3d.ruleset import load_ruleset
from aquarius3d.simulate import simulate


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
            return state, [c for c in game.play_ids() if game.deck.cards[c].kind == "element" and c not in state.table.cards.values()]
        seed += 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()

    game = load_ruleset("aquarius")
    simulate(game, args.players, 20, 10_000)  # warm up
    result = simulate(game, args.players, args.games, 0)
    print(f"complete {args.players}-player games: {result['games_per_second']:.0f} per second "
          f"({sum(result['turns']) / len(result['turns']):.1f} turns on average)")

    state, spare = big_table(game, 50, 1)
    chooser = random.Random(2)
    timings = []
    for _ in range(2000):
        state.hands[0] = chooser.sample(spare, 4)
        start = time.perf_counter()
        game.legal_moves(state)
        timings.append(time.perf_counter() - start)
    print(f"legal placements, hand of 4 on a {len(state.table)}-card table "
          f"({len(state.table.need)} open cells): median {statistics.median(timings) * 1e3:.3f} ms, "
          f"95th percentile {sorted(timings)[int(len(timings) * 0.95)] * 1e3:.3f} ms")


if __name__ == "__main__":
    main()
