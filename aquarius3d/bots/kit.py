"""What a game family gives the computer players: its kit, registered by family as rule blocks are.

    kit = kit_of(game)                                  # the family's kit, its module imported when first asked for
    scored = kit.score(game, observation, moves, rng)   # medium's judgement of every move

The players (bots/greedy.py, bots/hard.py) know no family: one greedy ranking and one search, over a kit. Each
family's kit (bots/kits/<family>.py) says how to score a move (medium's judgement, and a quicker one for the replies
the search imagines), what a searched position is worth (the leaf), what the others' moves say about their goals
and hands, when the end game is played otherwise, how a finished game is scored, and the search's tuning. The
defaults here are what most families share; a kit changes what its family does otherwise.

The leaves are whole sampled worlds (determinizations), so the goals of the other seats are those of the world.
An ended game is worth 1 for a win (1/k for a win shared by k) and 0 otherwise, but in a solitaire, whose end is
judged by its score like any position. A position still in play is squashed by a logistic around the value of the
position the search started from, with the family's scale (`Kit.scale`, in its evaluation's units), unless the kit
judges it otherwise (Aquarius: the chance to win, bots/aquarius_chance.py).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from importlib import import_module
from typing import TYPE_CHECKING, NamedTuple

from ..engine.moves import Move, RotateGoals, ShuffleGoals, TradeGoals
from .deadline import Deadline

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..engine.hidden import Observation
    from ..engine.state import State

Scored = list[tuple[float, Move]]  # (score, move) per legal move, in the listing's order
Sample = Callable[[random.Random], "State"]  # draws a whole world consistent with what the seat saw
Leanings = list[dict[str, float]]  # per seat, goal element -> evidence that it is that seat's goal (bots/infer.py)
GOAL_MOVES = (TradeGoals, RotateGoals, ShuffleGoals)


class Reading(NamedTuple):
    """What the others' public moves say: the evidence on their goals, and worlds drawn leaning on it."""

    leanings: Leanings
    sample: Sample


class Kit:
    """A family's knowledge, for the players that know none (see the module docstring)."""

    # -- the search's tuning ----------------------------------------------------------------------------------
    width = 5  # medium's best moves the search tries at the root
    doubt = 1.0  # standard errors by which a move must beat medium's first choice, world by world (shallow search)
    rate = 50.0  # simulations a processor-second on the development machine (tools/calibrate_hard.py): the budget
    scale = 10.0  # the leaf's logistic scale, in the evaluation's units; how far medium's ranking holds as a prior
    beta = 0.5  # how sharply the others' goals are drawn by the evidence (bots/infer.py)
    search_share = 1.0  # the share of the budget the search spends outside the end game
    has_leaf = False  # whether whole positions can be judged (no search without it: medium's ranking stands)
    turn_ends_at_draw = False  # a turn of the playout ends when the seat's next card is drawn, in whatever step
    solitaire = False  # a game for one, judged by its final score (its end counts as any position)

    def for_game(self, game: Game) -> Kit:
        """The kit for this game of the family (Aquarius without goals, Elemental Connections, has another)."""
        return self

    # -- medium's judgement -----------------------------------------------------------------------------------
    def score(self, game: Game, observation: Observation, moves: list[Move], rng: random.Random) -> Scored | None:
        """[(score, move)] for each of the seat's legal moves; None when it cannot judge (no goal of its own
        it may look at): a random move then. A move that wins at once scores at least WIN_SCORE."""
        raise NotImplementedError

    def quick_score(self, game: Game, observation: Observation, moves: list[Move],
                    rng: random.Random) -> Scored | None:
        """`score`'s judgement for the replies the search imagines, cheaper where the family can make it so."""
        return self.score(game, observation, moves, rng)

    # -- the leaf ---------------------------------------------------------------------------------------------
    def value(self, game: Game, world: State, seat: int) -> float:
        """What a position still in play is worth to `seat`, in the evaluation's units, with the world's goals."""
        raise NotImplementedError

    def reward(self, game: Game, world: State, seat: int, centre: float) -> float:
        """A searched position's worth to `seat` in [0, 1] (`centre`: the value of the position the search began at)."""
        if world.over and not self.solitaire:
            return outcome(world, seat)
        return squash((self.value(game, world, seat) - centre) / self.scale)

    # -- reading the others -----------------------------------------------------------------------------------
    def read(self, game: Game, observation: Observation, hands: bool) -> Reading | None:
        """What the others' public moves say about their goals (and, with `hands`, their hands where the family
        can read them), with worlds drawn accordingly; None where the family's players are not read."""
        return None

    def read_score(self, game: Game, observation: Observation, moves: list[Move], leanings: Leanings,
                   rng: random.Random) -> Scored | None:
        """`score` with the others' goals read (`leanings`), where the family's judgement can use them."""
        return self.score(game, observation, moves, rng)

    def always_searched(self, move: Move) -> bool:
        """Whether the search tries this move even below medium's best few: the goal-changing actions, whose
        worth hangs on whose goal is whose, which the sampled worlds judge better than medium's average."""
        return isinstance(move, GOAL_MOVES)

    # -- the end game -----------------------------------------------------------------------------------------
    def end_game(self, game: Game, observation: Observation) -> bool:
        """Whether the seat's move is chosen by `end_move` instead of the search."""
        return False

    def end_move(self, game: Game, observation: Observation, ranked: Scored, budget: int, rng: random.Random,
                 sample: Sample, deadline: Deadline | None = None) -> Move:
        """The move near the end (`ranked`: medium's scores, best first; `budget`: the search's simulations;
        `deadline`: a timed player's, bots/deadline.py, which stops the work with the best answer so far)."""
        raise NotImplementedError

    # -- a finished game --------------------------------------------------------------------------------------
    def final_scores(self, game: Game, state: State) -> list[int] | None:
        """Each seat's score at the end where the family counts one; None where a game is only won or lost."""
        return None


def outcome(world: State, seat: int) -> float:
    """An ended game's reward: 1 for a win, 1/k for a win shared by k, 0 for a loss."""
    if seat in world.winners:
        return 1.0 / len(world.winners)
    return 0.0


def squash(x: float) -> float:
    """The logistic of x, x held within +-40."""
    return 1.0 / (1.0 + math.exp(-max(-40.0, min(40.0, x))))


_KITS: dict[str, Kit] = {}


def register(family: str, kit: Kit) -> None:
    """Give a family's kit (its module, bots/kits/<family>.py, does this when imported)."""
    if family in _KITS:
        raise ValueError(f"a kit for the {family} family registered twice")
    _KITS[family] = kit


def kit_of(game: Game) -> Kit:
    """The kit for a game, from its family's (bots/kits/<family>.py, imported the first time it is asked for)."""
    kit = _KITS.get(game.family)
    if kit is None:
        import_module(f"{__package__}.kits.{game.family}")
        kit = _KITS[game.family]
    return kit.for_game(game)
