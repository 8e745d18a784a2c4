"""Aquarius Rising's kit for the computer players.

Medium's judgement is bots/rising_eval.py. The leaf's value is that evaluation with the world's goals as sure
threats, plus GOAL_CARD (60) per goal action (Trade or Rotate Goals) in the seat's hand: the last goal action played
decides most games (bots/rising_goals.py), which is also why the search does not try the goal actions beyond
medium's best few (medium keeps them for the end). The others' goals are read from their pyramids' pips
(bots/infer.py). Near the end of the deck, with goal actions still to come, the card step is chosen by rollouts to
the last goal action (bots/rising_end.py), with `end_budget` times the search's simulations: those few moves decide
most games.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ...engine.moves import Move
from .. import infer, rising_end
from ..deadline import Deadline
from ..kit import Kit, Reading, Sample, Scored, register
from ..rising_eval import GOAL_CARD, position_value, score_moves
from ..rising_goals import is_goal_action

if TYPE_CHECKING:
    from ...engine.game import Game
    from ...engine.hidden import Observation
    from ...engine.state import State


class RisingKit(Kit):
    width = 4
    rate = 155.0  # tools/calibrate_hard.py --searches 120 on a quiet machine: 155-159 over three runs
    scale = 20.0  # millimetres
    # The end game's rollouts cost about five of the other steps' each and come in about one move in ten, so the
    # other steps give up half their budget to keep a game's processor time at `think` a move on average (timed
    # over six whole games of seed 424242: 107 ms a hard move, 104 for the code before the end game; 1.8 times the
    # budget for every step won no more games, README).
    search_share = 0.5
    end_budget = 4  # the end game's simulations per simulation of the budget
    has_leaf = True

    def score(self, game: Game, observation: Observation, moves: list[Move], rng: random.Random) -> Scored | None:
        return score_moves(game, observation, moves, rng)

    def value(self, game: Game, world: State, seat: int) -> float:
        cards = game.deck.cards
        mine = world.goals[seat]
        assert mine is not None  # (every seat holds a goal in Aquarius Rising)
        goal = str(cards[mine].code)
        rivals = {str(cards[g].code) for s, g in enumerate(world.goals) if s != seat and g is not None}
        held = sum(1 for c in world.hands[seat] if is_goal_action(game, c))  # the last goal action decides
        return position_value(game, world, seat, goal, {e: 1.0 for e in rivals if e != goal}) + GOAL_CARD * held

    def read(self, game: Game, observation: Observation, hands: bool) -> Reading | None:
        if not game.goal_ids():
            return None
        leanings = infer.evidence(game, observation)
        return Reading(leanings, infer.leaning_draw(game, observation, leanings))

    def always_searched(self, move: Move) -> bool:
        return False  # the goal actions are held for the end (bots/rising_goals.py)

    def end_game(self, game: Game, observation: Observation) -> bool:
        return rising_end.applies(game, observation)

    def end_move(self, game: Game, observation: Observation, ranked: Scored, budget: int, rng: random.Random,
                 sample: Sample, deadline: Deadline | None = None) -> Move:
        return rising_end.choose(game, observation, ranked, budget * self.end_budget, rng, sample, deadline)


register("rising", RisingKit())
