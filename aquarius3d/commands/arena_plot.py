"""`aquarius3d arena --plot FILE.png`: the arena's figures drawn with matplotlib (the optional `plot` extra).

matplotlib is imported only here, and only when --plot is given: `require_matplotlib` is called before any game
is played, so a missing matplotlib costs nothing. Multi-player games: per entrant (in the order given) its win
rate as a bar with the 95% Wilson interval, and a dashed line at the fair share (1/players). Elemental Towers
(solitaire): a histogram of the final scores, with the Artisan line (11) and the mean marked.
"""

from __future__ import annotations

import os
import tempfile
from types import ModuleType
from typing import TYPE_CHECKING

from .matches import ARTISAN, wilson
from ..core.errors import DataError

if TYPE_CHECKING:
    from .arena import ArenaResult

NO_MATPLOTLIB = "--plot needs matplotlib: pip install '.[plot]'"


def require_matplotlib() -> ModuleType:
    """The pyplot module on the Agg backend (no display), or a DataError with one clear line."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise DataError(NO_MATPLOTLIB) from None
    return plt


def check_target(path: str) -> None:
    """Fail early (before the games) when the picture could not be written there."""
    folder = os.path.dirname(os.path.abspath(path)) or "."
    if not path.lower().endswith(".png"):
        raise DataError(f"--plot {path}: expected a .png file name")
    if os.path.isdir(path):
        raise DataError(f"--plot {path}: is a folder, expected a .png file name")
    if not os.path.isdir(folder):
        raise DataError(f"--plot {path}: no folder {folder}")
    if not os.access(folder, os.W_OK):
        raise DataError(f"--plot {path}: cannot write in {folder}")


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def draw(result: ArenaResult, scores: list[list[float]], name: str, seed: int, path: str, towers: bool) -> None:
    """Draw the figures into `path` (a PNG), written to a temporary file first and then renamed into place.

    `scores` holds, per game, each entrant's score (what `arena(..., per_game=...)` gathered).
    """
    plt = require_matplotlib()
    games = result["games"]
    figure, axes = plt.subplots(figsize=(7, 4.5), dpi=100)
    try:
        if towers:
            finals = [game[0] for game in scores]
            low, high = int(min(finals + [0])), int(max(finals + [ARTISAN]))
            axes.hist(finals, bins=[b - 0.5 for b in range(low, high + 2)], color="#4c78a8", edgecolor="white")
            axes.axvline(ARTISAN, color="#b8860b", linestyle="--", label=f"Artisan ({ARTISAN})")
            mean = sum(finals) / len(finals)
            axes.axvline(mean, color="#c0392b", label=f"mean {mean:.2f}")
            reached = result["wins"][0]
            axes.set_xlabel(f"final score (reached Artisan: {reached}/{games} = {100 * reached / games:.1f}%)")
            axes.set_ylabel("games")
            axes.legend()
        else:
            players = result["players"]
            rates = [wins / games for wins in result["wins"]]
            intervals = [wilson(wins, games) for wins in result["wins"]]
            below = [rate - low for rate, (low, _) in zip(rates, intervals)]
            above = [high - rate for rate, (_, high) in zip(rates, intervals)]
            labels = [f"{e + 1}. {level}" for e, level in enumerate(players)]
            axes.bar(range(len(players)), rates, yerr=[below, above], capsize=6, color="#4c78a8")
            axes.set_xticks(range(len(players)), labels)
            fair = 1 / len(players)
            axes.axhline(fair, color="#555555", linestyle="--", label=f"fair share (1/{len(players)})")
            axes.set_ylim(0, 1)
            axes.set_ylabel("win rate (95% Wilson interval)")
            if result["draws"]:
                axes.set_xlabel(f"draws (wins shared): {result['draws']}")
            axes.legend()
        axes.set_title(f"{name}: {games} games, seed {seed}")
        figure.tight_layout()
        folder = os.path.dirname(os.path.abspath(path))
        handle, temporary = tempfile.mkstemp(suffix=".png", prefix=".plot-", dir=folder)
        try:
            with os.fdopen(handle, "wb") as out:
                figure.savefig(out, format="png")
            os.chmod(temporary, 0o666 & ~_umask())  # mkstemp makes it private; a picture is not
            os.replace(temporary, path)
        except BaseException:
            os.unlink(temporary)
            raise
    except OSError as exc:
        raise DataError(f"--plot {path}: cannot write the picture: {exc.strerror or exc}") from None
    finally:
        plt.close(figure)
