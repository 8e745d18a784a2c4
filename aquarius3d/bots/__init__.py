"""Computer players, by level. They only ever choose among legal moves, from what their seat may know.

    player = make_player("medium", seed=7)
    move = player.choose(game, game.observe(state, seat))   # the seat to play; never the real state

Every player has the same interface: `choose(game, observation) -> Move`, where the observation is
`Game.observe(state, seat)` (engine/hidden.py): its own hand and goal and the table are real, every card
the seat cannot see is a hole. A player that wants to try moves asks `game.determinize(observation, rng)`
for a whole state consistent with what it saw and plays on a copy of it. Each player draws its chances
from its own seeded source, so a level, a seed and an observation always give the same move.

Levels:
    random   a uniformly chosen legal move (a baseline)
    easy     medium's judgement with mistakes: now and then a random move, else one of its best few
    medium   a greedy player with a real evaluation, one move ahead (Aquarius: its goal group, what the
             move gives the others, when an action card is worth playing; Dominus: emptying its hand,
             keeping playable cards, leaving the next player stuck; Elemental Towers: towers of the
             row's best colours and the pieces that could stack; Aquarius Rising: its goal element's
             height by the tie-break chain, rivals above it, houses left open for the next storey;
             Elemental Connections: cards that still fit, the next player stuck).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from .greedy import EasyPlayer, MediumPlayer
from .hard import HardPlayer
from .random_player import RandomPlayer

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..engine.hidden import Observation
    from ..engine.moves import Move


class Player(Protocol):
    level: str
    think: float | None

    def choose(self, game: Game, observation: Observation) -> Move: ...


class Level(Protocol):
    """A level's player class: made with a seed and, for searching levels, seconds to think and whether they are
    a deadline in wall time as well as a budget (`timed`, bots/hard.py; the levels that do not search ignore it)."""

    def __call__(self, seed: int = 0, think: float | None = None, timed: bool = False) -> Player: ...


LEVELS: dict[str, Level] = {"random": RandomPlayer, "easy": EasyPlayer, "medium": MediumPlayer, "hard": HardPlayer}
DEFAULT_LEVEL = "medium"  # what `bot` and `computer` mean
SEAT_LEVELS = ("medium", "hard", "easy", "random")  # the order a seat button offers the levels in (new-game form)
ALIASES = ("bot", "computer")


def level_name(text: str) -> str:
    """A level's name from what a user typed ('bot' and 'computer' are the default level); ValueError if unknown."""
    name = str(text).strip().lower()
    if name in ALIASES:
        return DEFAULT_LEVEL
    if name not in LEVELS:
        raise ValueError(f"unknown computer level {text!r} (levels: {', '.join(LEVELS)}; "
                         f"'bot' is {DEFAULT_LEVEL})")
    return name


def is_level(text: str) -> bool:
    """Whether a word names a level (or is 'bot' / 'computer')."""
    name = str(text).strip().lower()
    return name in LEVELS or name in ALIASES


def make_player(level: str, seed: int = 0, think: float | None = None, timed: bool = False) -> Player:
    """A computer player of that level with its own seeded random source (`think`: seconds, for searching levels;
    `timed`: a searching level also stops at a deadline `think` seconds of wall time after it begins a choice, as
    the window's seats do; untimed, as in the arena, its moves are a function of the seed alone)."""
    return LEVELS[level_name(level)](seed, think=think, timed=timed)


__all__ = ["ALIASES", "DEFAULT_LEVEL", "LEVELS", "SEAT_LEVELS", "EasyPlayer", "HardPlayer", "MediumPlayer", "Player", "RandomPlayer",
           "is_level", "level_name", "make_player"]
