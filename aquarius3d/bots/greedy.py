"""Greedy computer players: `medium` scores every legal move one ply ahead; `easy` is medium with mistakes.

The scores come from each family's evaluation (aquarius_eval.py, rising_eval.py, dominus_eval.py,
towers_eval.py; connections_eval.py for Elemental Connections, Aquarius without goals), which sees only the
observation (and states determinized from it). A seat that cannot see a goal of its own (Aqua-Chicken)
gets a random legal move.
"""

from __future__ import annotations

import random

from . import aquarius_eval, aquarius_fast, connections_eval, dominus_eval, rising_eval, towers_eval

SCORERS = {"aquarius": aquarius_eval.score_moves, "dominus": dominus_eval.score_moves,
           "towers": towers_eval.score_moves, "rising": rising_eval.score_moves}


def scorer_of(game):
    """The family's evaluation (Aquarius without goals, Elemental Connections, has its own)."""
    if game.family == "aquarius" and not game.goal_ids():
        return connections_eval.score_moves
    return SCORERS.get(game.family)


def scored_moves(game, observation, rng: random.Random, quick: bool = False):
    """[(score, move)] for every legal move of the observing seat, or None when its family has no evaluation.

    `quick`: a cheaper judgement where the family has one (Aquarius: the same scores worked out faster, with
    fewer card moves tried: bots/aquarius_fast.py), for the replies the `hard` player imagines in its search."""
    scorer = scorer_of(game)
    if quick and scorer is aquarius_eval.score_moves:
        scorer = aquarius_fast.score_moves
    if scorer is None:
        return None
    moves = game.legal_moves(observation.view)
    if len(moves) == 1:
        return [(0.0, moves[0])]
    return scorer(game, observation, moves, rng)


class MediumPlayer:
    """The best move by the family's evaluation; equal best moves are drawn from the player's own source."""

    level = "medium"

    def __init__(self, seed: int = 0, think: float | None = None) -> None:
        self.random = random.Random(seed)
        self.think = think

    def choose(self, game, observation):
        scored = scored_moves(game, observation, self.random)
        if not scored:
            return game.choose_move(observation.view, self.random.randrange)
        best = max(score for score, _ in scored)
        top = [move for score, move in scored if score >= best - 1e-9]
        return top[self.random.randrange(len(top))]


class EasyPlayer:
    """Medium's judgement with a child's mistakes: a random legal move one time in four; otherwise one of the
    three best moves, the best most often (weights 3, 2, 1)."""

    level = "easy"
    BLUNDER = 0.25
    WEIGHTS = (3, 2, 1)

    def __init__(self, seed: int = 0, think: float | None = None) -> None:
        self.random = random.Random(seed)
        self.think = think

    def choose(self, game, observation):
        if self.random.random() < self.BLUNDER:
            return game.choose_move(observation.view, self.random.randrange)
        scored = scored_moves(game, observation, self.random)
        if not scored:
            return game.choose_move(observation.view, self.random.randrange)
        order = sorted(range(len(scored)), key=lambda i: -scored[i][0])  # stable: ties keep the listing order
        top = order[:len(self.WEIGHTS)]
        pick = self.random.choices(top, weights=self.WEIGHTS[:len(top)])[0]
        return scored[pick][1]


def medium_move(game, world, rng: random.Random):
    """Medium's move for the seat to play in a world, from that seat's own observation of it."""
    observation = game.observe(world, world.turn)
    scored = scored_moves(game, observation, rng, quick=True)
    if not scored:
        return game.choose_move(world, rng.randrange)
    best = max(score for score, _ in scored)
    top = [move for score, move in scored if score >= best - 1e-9]
    return top[rng.randrange(len(top))]
