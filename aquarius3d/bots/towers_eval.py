"""Medium's judgement in Elemental Towers (solitaire): one move ahead, on a state determinized from the view.

A position is worth 20 times the score it is expected to end with. Each colour's towers are priced in
actions still to earn (bots/towers_plan.py: the spaces its pyramids must travel, the builds still needed);
a tower is expected with the chance that the actions of its colour still to come, the earned ones not yet
used (`pending`) plus about `PER_CARD` for each card left in the deck (a Poisson count), pay for it and for
the cheaper towers of that colour before it. It is worth the row value of its colour's element, and the
mastery bonus is expected with the chance that every colour gets a complete tower. While a Shuffle Goals
may still come out of the deck (the chance of at least one among the unseen cards drawn), the row value
leans towards the row's mean by that chance. With the deck empty the worth is exactly 20 times the score.

The first version counted pieces (20 v for a complete tower, 10 v for two stacked, 1 v for a lone pyramid,
2 v for one next to a piece it could stack with): it scattered lone pyramids and left towers unfinished. On
100 games of the development seed 5150 medium's mean score went from 6.81 to 10.51 with this one; on that
seed PER_CARD 0.2 and 0.45 and the build prices (towers_plan.BUILD) 2, 2, 3 and 4, 4, 5 all did worse (9.9,
7.3, 7.8 and 9.9 on their 24 to 40 games, against 10.5 on the same games).
"""

from __future__ import annotations

import math
import random
from functools import lru_cache
from typing import TYPE_CHECKING

from ..core.vocabulary import COLOURS, ELEMENT_OF, ELEMENT_OF_COLOUR
from ..engine.moves import Move
from ..games.towers.pieces import pieces_of, row_elements
from ..games.towers.state import TowersData
from .kit import Scored
from .towers_plan import plans

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..engine.hidden import Observation
    from ..engine.state import State

PER_CARD = 0.3  # actions of one colour a card left in the deck brings, on average
POINT = 20.0  # the evaluation's unit: a point of score


def _values(game: Game, state: State) -> dict[str, int]:
    """Per pyramid colour, the row value of its element."""
    row = row_elements(game, state)
    values = list(game.end.values)
    found: dict[str, int] = {}
    for colour, element in ELEMENT_OF_COLOUR.items():
        name = ELEMENT_OF[element]
        found[colour] = values[row.index(name)] if name in row and row.index(name) < len(values) else 0
    return found


def shuffle_ahead(game: Game, state: State) -> float:
    """The chance that a Shuffle Goals is among the cards still to draw.

    Every card in the deck is drawn before the end, so a Shuffle Goals the player knows to lie in the deck comes
    for sure: the cards it has seen go into the deck (all of them when it plays the same cards again, the
    `same_deck` replay; an action card turned up as the starter and shuffled back; a card zapped back into it)
    are known to be there (`State.known`, which the observation keeps and the determinized worlds honour).
    The rest of the deck is drawn from the cards it has not seen (the rest of the deck and the cards out of
    the game together: the same count in every world dealt from one observation), for the chance of at least
    one Shuffle Goals among them."""
    cards = game.deck.cards
    data = state.data
    known = state.known[0] if state.known else {}
    in_deck = {c for c in state.deck if c in known and known[c][0] == "deck"}
    if any(cards[c].code == "shuffle_goals" for c in in_deck):
        return 1.0
    unseen = [c for c in state.deck if c not in in_deck] + (
        list(data.box) + list(data.pool) if isinstance(data, TowersData) else [])
    total = len(unseen)
    shuffles = sum(1 for c in unseen if c >= 0 and cards[c].code == "shuffle_goals")
    none = 1.0
    for i in range(len(state.deck) - len(in_deck)):
        if total - i <= 0:
            break
        none *= max(0.0, (total - shuffles - i) / (total - i))
    return 1.0 - none


@lru_cache(maxsize=4096)
def _at_least(k: int, rate: float) -> float:
    """P(a Poisson count of mean `rate` >= k)."""
    if k <= 0:
        return 1.0
    term = math.exp(-rate)
    below = term
    for i in range(1, k):
        term *= rate / i
        below += term
    return max(0.0, 1.0 - below)


def position_value(game: Game, state: State) -> float:
    data = state.data
    assert isinstance(data, TowersData)
    values = _values(game, state)
    mean = sum(game.end.values) / max(1, len(game.end.values))
    shuffle = shuffle_ahead(game, state) if state.deck else 0.0
    rate = PER_CARD * len(state.deck)
    pending: dict[str, int] = {}
    for match in data.pending:
        pending[match.colour] = pending.get(match.colour, 0) + 1
    worth = 0.0
    firsts: dict[str, float] = {}
    for colour, prices in plans(state, pieces_of(state), data.supply).items():
        value = (1.0 - shuffle) * values.get(colour, 0) + shuffle * mean
        spent = 0
        first: float | None = None
        for price in sorted(prices):
            spent += int(math.ceil(price))
            chance = _at_least(spent - pending.get(colour, 0), rate)
            worth += value * chance
            if first is None:
                first = chance
        firsts[colour] = first or 0.0
    every = math.prod(firsts.get(colour, 0.0) for colour in COLOURS)
    bonus: int = game.end.mastery_bonus
    return POINT * (worth + bonus * every)


def score_moves(game: Game, observation: Observation, moves: list[Move], rng: random.Random) -> Scored:
    guess = game.determinize(observation, rng)
    scored: Scored = []
    for move in moves:
        state = guess.copy()
        game.apply(state, move)
        scored.append((position_value(game, state), move))
    return scored
