"""Playing complete games with computer players, for `aquarius3d simulate` and benchmarks."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, NotRequired, TypedDict

from ..bots import RandomPlayer
from ..bots.kit import kit_of
from ..core.errors import DataError

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..engine.moves import Move
    from ..engine.state import State


class Simulation(TypedDict):
    """What `simulate` gives: per game, its winners' seats and its turns."""

    games: int
    winners: list[list[int]]
    turns: list[int]
    games_per_second: float | None
    scores: NotRequired[list[int]]  # Elemental Towers: each game's final score


def play_game(game: Game, players: int, seed: int, max_moves: int = 10_000) -> State:
    """One complete game between random players, each seeing only its own observation; returns the final state.

    Seat s's player draws from its own source, seeded from (seed, s): the same seed plays the same game.
    A random player reads only its seat's legal moves, which its observation lists exactly as the state does:
    it picks from the state without an observation being built (RandomPlayer.choose_in), the same move.
    """
    state = game.new_state([f"Bot {i + 1}" for i in range(players)], seed=seed)
    choosers: list[Callable[[Game, State], Move]] = [RandomPlayer(seed * 31 + seat).choose_in for seat in range(players)]
    apply = game.apply_unchecked
    for _ in range(max_moves):
        if state.over:
            return state
        apply(state, choosers[state.turn](game, state))  # a move legal for the state: it comes from it
    # Only a ruleset can make a game endless (nobody can ever win or end it): the user's file, not our bug.
    raise DataError(f"a game of {game.ruleset.name} (seed {seed}) did not end in {max_moves:,} moves: "
                    "does the ruleset let a game end when players are stuck?")


def simulate(game: Game, players: int, games: int, seed: int) -> Simulation:
    """Play `games` games with seeds seed, seed+1, ...; winners and turns per game."""
    winners: list[list[int]]
    turns: list[int]
    scores: list[int]
    winners, turns, scores = [], [], []
    kit = kit_of(game)
    scored = kit.solitaire  # a solitaire (Elemental Towers): the final score of each game
    start = time.perf_counter()
    for i in range(games):
        state = play_game(game, players, seed + i)
        winners.append(list(state.winners))
        turns.append(state.turn_number)
        points = kit.final_scores(game, state) if scored else None
        if points is not None:
            scores.append(points[0])
    elapsed = time.perf_counter() - start
    result: Simulation = {
        "games": games,
        "winners": winners,
        "turns": turns,
        "games_per_second": round(games / elapsed, 1) if elapsed > 0 else None,
    }
    if scored:
        result["scores"] = scores
    return result
