"""Who will hold which goal at the end of Aquarius Rising, for the computer players (bots/rising_eval.py, hard.py).

Measured on random games (three players, 200 games): the element standing highest among the held goals
when the last goal action (Trade or Rotate Goals) is played is still highest at the end in 94% of the
games, and every goal action in the deck is played before the end (each turn a card must be played, and
the game ends only when the hands are empty). So the game is decided less by whose goal stands highest
now than by who plays the last goal action, and what it brings. These functions judge a goal action by
the chance it wins, over the goal places the seat does not know:

    chance = win_chance(game, observation, keys, TradeGoals(1), rng)

`keys` are the elements' tie-break keys (rising_eval.keys_and_open). The goals the seat cannot place are
dealt at random among the places it does not know (the others' goals and the unused pile), its knowledge
first (`Observation.known`: the goal it gave away in a trade, and where that went since).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, cast

from ..engine.hidden import HIDDEN
from ..engine.moves import Move, RotateGoals, ShuffleGoals, ShuffleHands, TradeGoals, TradeHands

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..engine.hidden import Observation

# An element's tie-break key (rising_eval.keys_and_open): its height, its pips there, its next height, its pips
# there, its largest group.
Key = tuple[float, int, float, int, int]

SAMPLES = 48  # goal deals a goal action is judged over


def goal_actions_left(game: Game, observation: Observation) -> int:
    """Goal actions (Trade, Rotate, Shuffle Goals) still to come that the seat does not hold: every one is
    played before the end. Counted from the deck's contents less what the discard and the log show."""
    cards = game.deck.cards
    view = observation.view
    total = sum(1 for c in game.play_ids() if cards[c].code in _GOAL_CODES)
    played = sum(1 for c in view.discard if c != HIDDEN and cards[c].code in _GOAL_CODES)
    mine = sum(1 for c in view.hands[observation.seat] if c != HIDDEN and cards[c].code in _GOAL_CODES)
    return max(0, total - played - mine)


_GOAL_CODES = frozenset({"trade_goals", "rotate_goals", "shuffle_goals"})


def hand_goal_actions(game: Game, observation: Observation, move: Move) -> float:
    """How many goal actions the seat is expected to gain (or lose, below 0) by Trade Hands or Shuffle Hands:
    the goal actions it does not hold are spread over the cards it cannot see (the deck and the others'
    hands) in proportion to their numbers."""
    view = observation.view
    seat = observation.seat
    hand = view.hands[seat]
    mine = sum(1 for c in hand if is_goal_action(game, c))
    unseen = len(view.deck) + sum(len(h) for s, h in enumerate(view.hands) if s != seat)
    density = goal_actions_left(game, observation) / unseen if unseen else 0.0
    after = len(hand) - 1  # the Trade or Shuffle Hands card itself is played
    if isinstance(move, TradeHands):
        return density * len(view.hands[move.seat]) - mine
    if isinstance(move, ShuffleHands):
        cards = after + sum(len(h) for s, h in enumerate(view.hands) if s != seat)
        pool = mine + density * (cards - after)
        # dealt from the player round the table: about an equal share each
        share = after / cards if cards else 0.0
        return pool * share - mine
    return 0.0


def is_goal_action(game: Game, card: int) -> bool:
    return card != HIDDEN and game.deck.cards[card].code in _GOAL_CODES


def sample_places(game: Game, observation: Observation, rng: random.Random) -> tuple[list[str | None], list[str]]:
    """One deal of the goals consistent with what the seat knows: (element per seat, the unused pile in order)."""
    view = observation.view
    cards = game.deck.cards
    seat = observation.seat
    goals: list[str | None] = [None] * len(view.goals)
    unknown_seats = []
    for s, g in enumerate(view.goals):
        if g is None:
            continue
        if g != HIDDEN:
            goals[s] = str(cards[g].code)
        else:
            unknown_seats.append(s)
    seen = {g for g in view.goals if g is not None and g != HIDDEN}
    size = len(view.unused_goals)
    pile: list[str | None] = [None] * size
    loose: list[str] = []  # known to be in the pile, at a place not followed
    for card, (kind, holder) in observation.known.items():
        if card in seen or cards[card].kind != "goal":
            continue
        if kind == "goal" and holder in unknown_seats and holder != seat:
            goals[holder] = str(cards[card].code)
            unknown_seats.remove(holder)
            seen.add(card)
        elif kind == "unused":
            if 0 <= holder < size and pile[holder] is None:
                pile[holder] = str(cards[card].code)  # counted from the top
            else:
                loose.append(str(cards[card].code))
            seen.add(card)
    rest = [str(cards[g].code) for g in game.goal_ids() if g not in seen]
    rng.shuffle(rest)
    for s in unknown_seats:
        goals[s] = rest.pop() if rest else None
    free = [i for i, code in enumerate(pile) if code is None]
    rng.shuffle(free)
    for i, code in zip(free, loose + rest):
        pile[i] = code
    return goals, [code for code in pile if code is not None]


def after(goals: list[str | None], pile: list[str], seat: int, move: Move) -> tuple[list[str | None], list[str]]:
    """The goal places after `seat` plays a goal action (as the engine's Trade and Rotate Goals move them)."""
    goals, pile = list(goals), list(pile)
    if isinstance(move, TradeGoals):
        if move.seat is None:
            if pile:
                given = goals[seat]
                goals[seat] = pile.pop(0)
                if given is not None:
                    pile.append(given)
        else:
            goals[seat], goals[move.seat] = goals[move.seat], goals[seat]
    elif isinstance(move, RotateGoals):
        ring: list[str | None] = list(goals)
        has_pile = bool(pile)
        if has_pile:
            ring.append(pile.pop(0))
        ring = ring[-1:] + ring[:-1] if move.direction == "left" else ring[1:] + ring[:1]
        if has_pile:
            pile.append(cast(str, ring.pop()))  # (a seat's goal: every seat holds one in Aquarius Rising)
        goals = ring
    return goals, pile


def winners(keys: dict[str, Key], goals: list[str | None]) -> list[int]:
    """The seats whose goal element ranks highest by the tie-break chain (ties share)."""
    best = None
    found: list[int] = []
    for s, element in enumerate(goals):
        if element is None or element not in keys:
            continue
        key = keys[element]
        if best is None or key > best:
            best, found = key, [s]
        elif key == best:
            found.append(s)
    return found


def win_chance(game: Game, observation: Observation, keys: dict[str, Key], move: Move | None, rng: random.Random,
               samples: int = SAMPLES) -> float:
    """The seat's share of the win if the goals stood after `move` (None: as they are) and the heights stayed
    `keys`, over deals of the goals it cannot place. Shuffle Goals: a fair share of the goals in play."""
    seat = observation.seat
    total = 0.0
    for _ in range(samples):
        goals, pile = sample_places(game, observation, rng)
        if isinstance(move, ShuffleGoals):
            held = [g for g in goals if g is not None]
            rng.shuffle(held)
            goals = [held.pop() if g is not None else None for g in goals]
        elif move is not None:
            goals, pile = after(goals, pile, seat, move)
        won = winners(keys, goals)
        if seat in won:
            total += 1.0 / len(won)
    return total / samples
