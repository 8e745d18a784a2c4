"""One arena game (seated and seeded as `aquarius3d arena` does), and the interval of a win rate: what the arena,
its plots and a Ray cluster's tasks share (arena.py plays many)."""

from __future__ import annotations

import math
import random
import time
from typing import TYPE_CHECKING, TypedDict

from ..bots import make_player
from ..bots.kit import kit_of
from ..core.errors import DataError

if TYPE_CHECKING:
    from ..engine.game import Game

ARTISAN = 11  # Elemental Towers: a game "won" reaches this score
MAX_MOVES = 10_000


class MatchResult(TypedDict):
    """One arena game's figures, per entrant (in the order given)."""

    won: list[int]  # 1 for a game won alone (Elemental Towers: reached Artisan), else 0
    draw: bool  # won by several players together
    score: list[float]
    spent: list[float]  # seconds spent choosing moves
    moves: list[int]


def game_seed(seed: int, index: int) -> int:
    return random.Random(f"arena:{seed}:{index}").getrandbits(31)


def player_seed(seed: int, index: int, seat: int) -> int:
    return random.Random(f"arena:{seed}:{index}:{seat}").getrandbits(31)


def seating(entrants: int, index: int) -> list[int]:
    """The entrant at each seat in game `index`: (seat + index) mod n, so every entrant takes every seat in turn."""
    return [(s + index) % entrants for s in range(entrants)]


def play_one(game: Game, levels: list[str], seed: int, index: int, think: float | None = None) -> MatchResult:
    """Game `index`, seated by `seating`. Per entrant: won, score, time spent and moves made."""
    n = len(levels)
    entrant_at = seating(n, index)
    players = [make_player(levels[e], player_seed(seed, index, s), think) for s, e in enumerate(entrant_at)]
    state = game.new_state([f"{levels[e]} {e + 1}" for e in entrant_at], seed=game_seed(seed, index))
    spent = [0.0] * n
    moves = [0] * n
    for _ in range(MAX_MOVES):
        if state.over:
            break
        seat = state.turn
        start = time.perf_counter()
        move = players[seat].choose(game, game.observe(state, seat))
        spent[entrant_at[seat]] += time.perf_counter() - start
        moves[entrant_at[seat]] += 1
        game.apply(state, move)
    else:
        raise DataError(f"arena game {index} (seed {seed}) did not end in {MAX_MOVES:,} moves: "
                        "does the ruleset let a game end when players are stuck?")
    won = [0] * n
    score = [0.0] * n
    draw = False
    kit = kit_of(game)
    points = kit.final_scores(game, state)  # where the family counts them (Dominus, Elemental Towers)
    if kit.solitaire and points is not None:  # won by reaching Artisan
        score[0] = float(points[0])
        won[0] = int(points[0] >= ARTISAN)
    else:
        winners = [entrant_at[s] for s in state.winners]
        if len(winners) == 1:
            won[winners[0]] = 1
        draw = len(winners) > 1
        if points is not None:
            for s, e in enumerate(entrant_at):
                score[e] = float(points[s])
        else:
            for e in winners:
                score[e] = 1.0 / len(winners)
    return {"won": won, "draw": draw, "score": score, "spent": spent, "moves": moves}


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if games == 0:
        return 0.0, 1.0
    rate = wins / games
    middle = (rate + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, middle - half), min(1.0, middle + half)
