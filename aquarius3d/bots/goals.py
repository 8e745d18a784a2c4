"""Who may hold which goal, from one seat's knowledge: shared by the evaluations of games with goal cards.

Goals are named by element ("fire", ...). A seat knows its own goal and, from `Observation.known`, the
place of goals it traded away or saw; every other goal in the game is equally likely to be in any other
seat's hand or among the unused goals.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine.hidden import HIDDEN

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..engine.hidden import Observation


def own_goal(game: Game, observation: Observation) -> str | None:
    """The element of the observing seat's goal, or None (no goal, or one it may not look at)."""
    goal = observation.view.goals[observation.seat]
    if goal is None or goal == HIDDEN:
        return None
    return str(game.deck.cards[goal].code)


def goal_elements(game: Game) -> list[str]:
    """The elements of the goal cards in play, once each."""
    cards = game.deck.cards
    return sorted({str(cards[g].code) for g in game.goal_ids()})


def known_goals(game: Game, observation: Observation) -> dict[int, str]:
    """Other seats whose goal the observing seat knows: seat -> element."""
    cards = game.deck.cards
    found: dict[int, str] = {}
    for card, (kind, holder) in observation.known.items():
        if kind == "goal" and cards[card].kind == "goal" and holder != observation.seat:
            found[holder] = str(cards[card].code)
    return found


def threats(game: Game, observation: Observation, mine: str, given: str | None = None) -> dict[str, float]:
    """Per element other than `mine`, the chance that another seat holds it as its goal.

    `given`: a goal the seat is about to hand over (it becomes a sure threat).
    """
    others = sum(1 for s, g in enumerate(observation.view.goals) if s != observation.seat and g is not None)
    sure = set(known_goals(game, observation).values())
    if given is not None:
        sure.add(given)
    sure.discard(mine)
    unknown = [e for e in goal_elements(game) if e != mine and e not in sure]
    left = max(0, others - len(sure))
    share = min(1.0, left / len(unknown)) if unknown else 0.0
    chances = {e: share for e in unknown}
    chances.update({e: 1.0 for e in sure})
    return chances


def unplaced(game: Game, observation: Observation, mine: str) -> list[str]:
    """The goal elements the seat could receive from an unknown place (not its own, not placed elsewhere)."""
    placed = set(known_goals(game, observation).values())
    return [e for e in goal_elements(game) if e != mine and e not in placed] or [mine]
