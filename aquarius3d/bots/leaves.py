"""What a searched position is worth to a seat, as a reward in [0, 1], for the `hard` player (bots/hard.py).

The leaves are whole sampled worlds (determinizations), so the goals of the other seats are those of the
world: each family's medium evaluation is asked with those goals as sure threats. In Aquarius the leaf, at the
seat's own turn, is its chance to win from there, by a model fitted on medium players' games
(bots/aquarius_chance.py): 1 when a card in its hand completes its goal now, much less when another seat's hand
holds such a card, and so on by the goal groups, the open ends and the cards held. In Aquarius Rising it counts
60 per goal action (Trade or Rotate Goals) in the seat's hand: the last goal action played decides most games
(bots/rising_goals.py). An ended game is worth 1 for a win (1/k for a win shared by k) and 0 otherwise (Elemental
Towers, a solitaire, is judged by its evaluation to the end: its final score counts in it). In Dominus played as
one round (the default) a position still in play is worth the seat's chance to win the round
(bots/dominus_eval.win_chance, a model of the race to empty the hand). Any other position still in play is squashed
by a logistic around the value of the position the search started from, with a scale per family (`SCALE`, in the
evaluation's units: a millimetre in Rising, a point in Dominus, 20 a point of score in Elemental Towers; in
Aquarius, 10 a panel, its scale is only that of medium's ranking, which hard.py keeps as a prior).
"""

from __future__ import annotations

import math

from . import aquarius_chance

WIN_SCORE = 1_000_000.0  # medium's score for a move that wins at once
SCALE = {"aquarius": 15.0, "rising": 20.0, "dominus": 4.0, "towers": 40.0}


def has_leaf(game) -> bool:
    """Whether the family has an evaluation of whole positions (Elemental Connections, without goals, has not)."""
    if game.family == "aquarius":
        return bool(game.goal_ids())
    return game.family in SCALE


def value(game, world, seat: int) -> float:
    """The family's evaluation of a position still in play, for `seat`, with the world's goals."""
    cards = game.deck.cards
    if game.family == "aquarius":
        return 0.0  # its leaf is a chance (bots/aquarius_chance.py), not centred on the start
    if game.family == "rising":
        from .rising_eval import position_value

        goal = str(cards[world.goals[seat]].code)
        rivals = {str(cards[g].code) for s, g in enumerate(world.goals) if s != seat and g is not None}
        from .rising_eval import GOAL_CARD
        from .rising_goals import is_goal_action

        held = sum(1 for c in world.hands[seat] if is_goal_action(game, c))  # the last goal action decides
        return position_value(game, world, seat, goal, {e: 1.0 for e in rivals if e != goal}) + GOAL_CARD * held
    if game.family == "dominus":
        hand = [game.scoring.hand_value(game, h) for h in world.hands]
        scores = world.data.scores if world.data is not None and world.data.scores else [0] * len(world.hands)
        others = [s for s in range(len(world.hands)) if s != seat]
        lead = scores[seat] - max(scores[s] for s in others)
        return lead + 0.5 * (sum(hand[s] for s in others) / len(others) - hand[seat]) + 2.0 * (
            sum(len(world.hands[s]) for s in others) / len(others) - len(world.hands[seat]))
    from .towers_eval import position_value as towers_value

    return towers_value(game, world)


def outcome(world, seat: int) -> float:
    """An ended game's reward: 1 for a win, 1/k for a win shared by k, 0 for a loss."""
    if seat in world.winners:
        return 1.0 / len(world.winners)
    return 0.0


def reward(game, world, seat: int, centre: float) -> float:
    if world.over and game.family != "towers":  # a solitaire's end is judged by its score, like any position
        return outcome(world, seat)
    if game.family == "aquarius":  # the chance to win from the seat's turn (a fitted model)
        return aquarius_chance.win_chance(game, world, seat)
    if game.family == "dominus" and game.rounds == 1:  # the chance to win the round, which is the game
        from .dominus_eval import win_chance

        return win_chance(game, world, seat)
    scale = SCALE.get(game.family, 10.0)
    x = (value(game, world, seat) - centre) / scale
    return 1.0 / (1.0 + math.exp(-max(-40.0, min(40.0, x))))
