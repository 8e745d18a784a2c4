"""Aquarius Rising's end game for the `hard` player: its card played out to the last goal action.

The element highest among the held goals when the last goal action (Trade or Rotate Goals) is played wins
nearly every game (bots/rising_goals.py), and every goal action is played before the end: a hand's last
card must be played, so a goal action kept to the end is played when the hand holds nothing else, whether
the goal it gives away leads or not. Near the end of the deck (`END_DECK` cards or fewer), with goal actions
still to come, hard's card step is therefore judged by rollouts to the last goal action rather than one
turn deep:

    move = choose(game, observation, ranked, budget, rng, sample)

The candidates are medium's best few moves, the best move of every other card in hand and every goal action
(`candidates`). Each is tried in the same sampled worlds; the others play on, each as a random player or as
medium by how likely its public moves make either (`random_odds`), the seat itself as medium, until no goal
action is left in any hand or the deck (or the game ends); the rollout is worth the seat's share of the win
among the held goals, the heights as they then stand. Medium's first choice stands unless another beats it
world by world by more than `DOUBT` standard errors. A timed player's deadline (bots/deadline.py) stops the rollouts:
then only the candidates tried in at least two of the same worlds are compared, and with fewer than two of them
medium's first choice stands.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import TYPE_CHECKING

from ..core.cards import canonical
from ..engine.hidden import HIDDEN
from ..engine.moves import Move, Place, RotateGoals, ShuffleGoals, TradeGoals
from .deadline import Deadline
from .greedy import medium_move
from .infer import public_moves
from .kit import Sample, Scored
from .rising_eval import keys_and_open
from .rising_goals import goal_actions_left, is_goal_action, winners

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..engine.hidden import Observation
    from ..engine.state import State

END_DECK = 3  # deck cards left at most when the end game is searched
WIDTH = 3  # medium's best moves tried, besides one for each other card and every goal action
MOST = 10  # candidates at most
DOUBT = 0.5  # standard errors by which a move must beat medium's first choice
ROLLOUT_MOVES = 120  # moves a rollout plays at most
PRIOR_RANDOM = 0.5  # the chance, before any evidence, that another seat plays at random
EARLY_GOAL_ODDS = 8.0  # likelihood ratio (random : medium) of a goal action played while more cards were in hand
_GOAL_MOVES = (TradeGoals, RotateGoals, ShuffleGoals)


def applies(game: Game, observation: Observation) -> bool:
    """Whether the seat's card step is near enough the end, with goal actions still to come."""
    view = observation.view
    if view.phase != "play" or len(view.deck) > END_DECK:
        return False
    mine = any(is_goal_action(game, c) for c in view.hands[observation.seat])
    return mine or goal_actions_left(game, observation) > 0


def random_odds(game: Game, observation: Observation) -> list[float]:
    """Per seat, the chance it plays like a random player rather than like medium, from its public moves.

    Medium keeps its goal actions while it holds another card; a random player plays one as soon as it picks it.
    So each goal action another seat played while it still had cards to come (before its last two card plays
    when the deck is out; any while it lasts) multiplies the odds by EARLY_GOAL_ODDS."""
    view = observation.view
    seats = len(view.players)
    plays: list[list[bool]] = [[] for _ in range(seats)]  # per seat, its card plays: a goal action or not
    for _, seat, move in public_moves(view):
        if move.__class__.__name__ not in ("PlacePyramid", "Pass"):
            plays[seat].append(isinstance(move, _GOAL_MOVES))
    odds = []
    for seat in range(seats):
        early = plays[seat] if view.deck else plays[seat][:-2]
        count = sum(early)
        ratio = PRIOR_RANDOM / (1.0 - PRIOR_RANDOM) * EARLY_GOAL_ODDS ** count
        odds.append(0.0 if seat == observation.seat else ratio / (1.0 + ratio))
    return odds


def candidates(game: Game, observation: Observation, ranked: Scored) -> list[Move]:
    """Medium's best WIDTH moves, then every goal action, then the best move of every other card in hand."""
    chosen = [move for _, move in ranked[:WIDTH]]
    for _, move in ranked[WIDTH:]:
        if isinstance(move, _GOAL_MOVES) and move not in chosen:
            chosen.append(move)
    cards_done = {_card(move) for move in chosen}
    for _, move in ranked[WIDTH:]:
        card = _card(move)
        if card is not None and card not in cards_done:
            cards_done.add(card)
            chosen.append(move)
    return chosen[:MOST]


def _card(move: Move) -> str:
    if isinstance(move, Place):
        return canonical(move.code)
    return move.__class__.__name__


def choose(game: Game, observation: Observation, ranked: Scored, budget: int, rng: random.Random,
           sample: Sample, deadline: Deadline | None = None) -> Move:
    """The card to play, by rollouts to the last goal action in the same sampled worlds (until `deadline`, if
    given, passes)."""
    moves = candidates(game, observation, ranked)
    if len(moves) == 1:
        return moves[0]
    seat = observation.seat
    odds = random_odds(game, observation)
    rewards: list[list[float]] = [[] for _ in moves]
    cut = False
    for done in range(max(budget, 2 * len(moves))):
        if deadline is not None and deadline.passed():
            cut = True
            break
        i = done % len(moves)
        if i == 0:
            world = sample(rng)
            kinds = [rng.random() < p for p in odds]  # per seat: plays at random in this world
            seed = rng.getrandbits(32)
        replies = random.Random(seed)
        copy = world.copy()
        game.apply_unchecked(copy, moves[i])
        rewards[i].append(_rollout(game, copy, seat, kinds, replies, medium_move))
    tried = sum(1 for found in rewards if len(found) >= 2) if cut else len(moves)  # (tried in turn: the first)
    if tried < 2:
        return moves[0]
    paired = len(rewards[tried - 1])
    best, best_bound = 0, 0.0
    for i in range(1, tried):
        gains = [a - b for a, b in zip(rewards[i][:paired], rewards[0][:paired])]
        mean = sum(gains) / paired
        spread = math.sqrt(sum((g - mean) ** 2 for g in gains) / (paired - 1)) if paired > 1 else 0.0
        bound = mean - DOUBT * spread / math.sqrt(paired)
        if bound > best_bound:
            best, best_bound = i, bound
    return moves[best]


def _goal_actions_to_come(game: Game, world: State) -> bool:
    if any(is_goal_action(game, c) for c in world.deck):
        return True
    return any(is_goal_action(game, c) for hand in world.hands for c in hand)


def _rollout(game: Game, world: State, seat: int, kinds: list[bool], rng: random.Random,
             medium_move: Callable[[Game, State, random.Random], Move]) -> float:
    """Play on until no goal action is left to play: the seat's share of the win among the held goals."""
    for _ in range(ROLLOUT_MOVES):
        if world.over or not _goal_actions_to_come(game, world):
            break
        if kinds[world.turn]:
            move = game.choose_move(world, rng.randrange)
        else:
            move = medium_move(game, world, rng)
        game.apply_unchecked(world, move)
    if world.over:
        return 1.0 / len(world.winners) if seat in world.winners else 0.0
    keys, _ = keys_and_open(game, world)
    cards = game.deck.cards
    goals = [None if g is None or g == HIDDEN else str(cards[g].code) for g in world.goals]
    won = winners(keys, goals)
    return 1.0 / len(won) if seat in won else 0.0
