"""Many games between computer levels, seats rotated, for `aquarius3d arena` (no Panda3D).

    result = arena(load_ruleset("aquarius"), ["medium", "random", "random", "random"], games=400, seed=1)

Game i seats entrant (s + i) mod n at seat s, so no level keeps the first seat. Each game is seeded from
(seed, i) only, and each player from (seed, i, seat), so the results are the same whatever the number of
worker processes or the Ray cluster they are played on (`ray=`). Per entrant, in the order given:
    wins        games it won alone; a game won by several players together is a draw (counted in
                `draws`, for nobody); Elemental Towers (solitaire): games that reached Artisan (11+)
    mean_score  Aquarius and Aquarius Rising: 1 for a win, 1/k for a win shared by k, 0 otherwise;
                Dominus: the player's total points; Elemental Towers: the final score
    mean_move_ms  the mean time the player took to choose a move
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TextIO, TypedDict

from ..core.errors import DataError
from ..bots import level_name
from ..bots.kit import kit_of
from .matches import MatchResult, play_one, wilson

if TYPE_CHECKING:
    import argparse

    from ..engine.game import Game

ARENA_THINK = 0.2  # seconds a searching level thinks per move unless --think says otherwise (the targets)


Progress = Callable[[int, int], None]  # progress(games done, games)
Job = tuple[str, dict[str, Any], list[str], int, int, float]  # ruleset, options, levels, seed, game index, think


class ArenaResult(TypedDict):
    """The arena's figures, per entrant in the order given (see above)."""

    ruleset: str
    players: list[str]
    games: int
    wins: list[int]
    draws: int
    mean_score: list[float]
    mean_move_ms: list[float]


_GAMES: dict[tuple[str, str], Game] = {}  # per worker process: the game compiled once


def _job(args: Job) -> MatchResult:
    ruleset, options, levels, seed, index, think = args
    key = (ruleset, repr(sorted(options.items())))
    if key not in _GAMES:
        from ..rules.ruleset import load_ruleset

        _GAMES[key] = load_ruleset(ruleset, options)
    return play_one(_GAMES[key], levels, seed, index, think)


def arena(game: Game, levels: list[str], games: int, seed: int, think: float | None = None, workers: int = 1,
          progress: Progress | None = None, source: str | None = None, per_game: list[list[float]] | None = None,
          ray: str | None = None) -> ArenaResult:
    """Play the games and gather the figures (`progress(done, games)` after each game, if given).

    `ray`, if given, is a Ray cluster's address (or `auto`, `local`): the games are played there as tasks
    (aquarius3d/commands/cluster.py) instead of here in `workers` processes, with the same results.

    `per_game`, if given, receives each game's scores per entrant, in game order (for `--plot`'s histogram).

    `source` is what worker processes load the ruleset from (its id, or the file it came from).
    """
    levels = [level_name(level) for level in levels]
    think = ARENA_THINK if think is None else think
    if not game.min_players <= len(levels) <= game.max_players:
        raise DataError(f"--players: {game.id} is for {game.min_players} to {game.max_players} players, "
                         f"not {len(levels)}")
    jobs = [(source or game.id, dict(game.options), levels, seed, i, think) for i in range(games)]
    results: list[MatchResult] = []
    if ray is not None:
        from .cluster import play_on_ray

        results = play_on_ray(game, levels, games, seed, think, ray, progress)
    elif workers > 1 and games > 1:
        import multiprocessing

        with multiprocessing.get_context("spawn").Pool(workers) as pool:
            for result in pool.imap(_job, jobs, chunksize=max(1, min(8, games // (4 * workers)))):
                results.append(result)
                if progress:
                    progress(len(results), games)
    else:
        for i in range(games):
            results.append(play_one(game, levels, seed, i, think))
            if progress:
                progress(len(results), games)
    if per_game is not None:
        per_game.extend(list(r["score"]) for r in results)
    n = len(levels)
    spent = [sum(r["spent"][e] for r in results) for e in range(n)]
    moves = [sum(r["moves"][e] for r in results) for e in range(n)]
    return {
        "ruleset": game.id,
        "players": levels,
        "games": games,
        "wins": [sum(r["won"][e] for r in results) for e in range(n)],
        "draws": sum(r["draw"] for r in results),
        "mean_score": [round(sum(r["score"][e] for r in results) / max(1, games), 4) for e in range(n)],
        "mean_move_ms": [round(1000 * spent[e] / moves[e], 3) if moves[e] else 0.0 for e in range(n)],
    }


def progress_bar(stream: TextIO | None = None) -> Progress | None:
    """A one-line progress bar on a terminal (stderr), or None when it is not one."""
    stream = stream or sys.stderr
    if not stream.isatty():
        return None

    def show(done: int, total: int) -> None:
        width = 30
        filled = width * done // total
        stream.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} games")
        if done == total:
            stream.write("\n")
        stream.flush()

    return show


def describe(result: ArenaResult, name: str, seed: int, solitaire: bool = False) -> str:
    """The figures as text: per entrant, wins with a 95% interval, mean score and mean move time (a solitaire
    game's wins are the games that reached Artisan)."""
    games = result["games"]
    lines = [f"{games} games of {name}, seed {seed}, seats rotated"]
    label = "reached Artisan (11+)" if solitaire else "wins"
    for e, level in enumerate(result["players"]):
        wins = result["wins"][e]
        low, high = wilson(wins, games)
        lines.append(f"  {e + 1}. {level:<7} {label} {wins}/{games} = {100 * wins / games:.1f}% "
                     f"(95% {100 * low:.1f}-{100 * high:.1f}%), mean score {result['mean_score'][e]:.2f}, "
                     f"{result['mean_move_ms'][e]:.1f} ms a move")
    if not solitaire:
        lines.append(f"  draws (wins shared by several players): {result['draws']}")
    return "\n".join(lines)


def command(args: argparse.Namespace, options: dict[str, Any]) -> int:
    """`aquarius3d arena` (cli.py parses the line; `options` are the --option pairs read)."""
    import json

    from ..rules.ruleset import load_ruleset

    if args.games < 1:
        raise DataError(f"--games: expected at least 1, got {args.games}")
    if args.workers < 1:
        raise DataError(f"--workers: expected at least 1, got {args.workers}")
    if args.ray is not None and args.workers > 1:
        raise DataError("--ray and --workers: the cluster plays the games side by side; give one of them")
    if args.think is not None and args.think <= 0:
        raise DataError(f"--think: expected a number of seconds above 0, got {args.think}")
    game = load_ruleset(args.ruleset, options)
    levels = []
    for i, word in enumerate(part.strip() for part in args.players.split(",")):
        try:
            levels.append(level_name(word))
        except ValueError as exc:
            raise DataError(f"--players: entrant {i + 1}: {exc}") from None
    scores: list[list[float]] | None = None
    if args.plot:
        from .arena_plot import check_target, require_matplotlib

        require_matplotlib()  # before any game is played
        check_target(args.plot)
        scores = []
    result = arena(game, levels, args.games, args.seed, args.think, args.workers, progress_bar(), args.ruleset,
                   scores, ray=args.ray)
    if args.plot and scores is not None:
        from .arena_plot import draw

        draw(result, scores, game.ruleset.name, args.seed, args.plot, kit_of(game).solitaire)
    print(json.dumps(result) if args.json else describe(result, game.ruleset.name, args.seed, kit_of(game).solitaire))
    return 0
