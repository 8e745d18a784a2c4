"""Medium's judgement in Aquarius Rising: one move ahead, on a state determinized from the seat's view.

The highest goal element wins at the end, by the rule's tie-break chain (games/rising/blocks.py
`ranking_keys`: height, pips there, the next height, pips there, the largest group). A position is worth,
to a seat whose goal is element G (heights in millimetres):
    1 per millimetre of G's highest point, 0.5 per pip of G's pyramids there, 0.2 per millimetre of its
    next height and 0.1 per panel of its largest group on the table;
    minus, for every other element E that may be somebody's goal (with chance p, bots/goals.py) and ranks
    above G by the chain, p * (25 + how many millimetres E stands above G);
    minus 12 * (the chance that a next player holds a threatening goal, at most 1) for every card standing on
    four pyramids with nothing above it whose next storey would rise above G: the next player may build
    there (what a storey gives others);
    at the end of the game, a win (shared wins divided) or a loss outright.
A card on the table leaves the heights as they are (the largest group, the last tie-break, is not looked at
for it): it adds 0.5 per quarter of G it offers to pyramids and takes off 0.5 * p per quarter of a
threatening element. Pyramids and storeys are scored by the position they leave. Action cards cost 2 to
play: Trade Pyramids (Zap a Card) is scored by the pyramids of G's colour each supply holds, Two Pyramids
(Move a Card) as one pyramid more (worth 6), Trade Hands by the cards it brings.

Goal actions. Every goal action in the deck is played before the end, and the element highest among the
held goals when the last one is played wins 94% of games (bots/rising_goals.py): whose goal stands highest
now matters less than who plays the last goal action. So Trade/Rotate/Shuffle Goals are kept (HOLD, 300)
while the hand has another card, and judged by the change in the chance to win they bring (WIN_SCALE, 200
for a whole win) over the goal places the seat does not know, the heights as they stand; Trade Hands and
Shuffle Hands count GOAL_CARD (60) per goal action they are expected to bring, less those they give away.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ..core import geometry
from ..core.cards import face, mask_letters
from ..games.rising.state import rising
from ..engine.moves import (
    Move, Pass, Place, PlacePyramid, RotateGoals, ShuffleGoals, ShuffleHands, TradeGoals, TradeHands, TradePyramids,
    TwoPyramids,
)
from ..core.vocabulary import (
    BIT, ELEMENT_OF, ELEMENT_OF_COLOUR, ELEMENTS, LETTER_OF, LETTERS, PYRAMID_COLOUR, WILD_COLOURS)
from ..engine.table import Cell
from . import rising_goals
from .goals import known_goals, own_goal, threats, unplaced
from .kit import Scored
from .rising_goals import Key

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..engine.hidden import Observation
    from ..engine.state import State

WIN = 1_000_000.0
HEIGHT, PIPS, SECOND, GROUP = 1.0, 0.5, 0.2, 0.1
LEAD, OPEN, FOOTING = 25.0, 12.0, 0.5
KEEP_ACTION, EXTRA_PYRAMID = 2.0, 6.0
HOLD, WIN_SCALE, GOAL_CARD = 300.0, 200.0, 60.0  # a goal action kept; a whole win; a goal action in hand
_NONE: Key = (-1.0, 0, -1.0, 0, 0)
_THICK = geometry.card_top(0)
_TALL = geometry.PYRAMID_HEIGHT
_PIPS = geometry.PYRAMID_PIPS
_LETTERS_OF = [mask_letters(mask) for mask in range(1 << len(LETTERS))]


def keys_and_open(game: Game, state: State) -> tuple[dict[str, Key], list[float]]:
    """The tie-break key of every element present, and the height a storey would reach on each open house.

    The same keys as games/rising/blocks.py `ranking_keys` (a test compares them), worked out in one pass
    over the houses: the search asks for them thousands of times a move.
    """
    data = rising(state)
    storeys, pyramids = data.storeys, data.pyramids
    found: dict[str, list[tuple[float, Cell, int]]] = {}
    spots: list[float] = []
    for cell, lies in state.table.faces.items():
        level, top, elements = 0, _THICK, lies.elements
        while True:
            for letter in _LETTERS_OF[elements]:
                found.setdefault(letter, []).append((top, cell, 0))
            places = pyramids.get((cell, level))
            size: str | None = None
            if places:
                for pyramid in places:
                    if pyramid:
                        size = pyramid[0]
                        if pyramid[1] not in WILD_COLOURS:
                            found.setdefault(ELEMENT_OF_COLOUR[pyramid[1]], []).append(
                                (top + _TALL[size], cell, _PIPS[size]))
            above = storeys.get((cell, level + 1))
            if above is None:
                if places and all(places) and size is not None:
                    spots.append(top + _TALL[size] + _THICK)
                break
            top += (_TALL[size] if size else 0.0) + _THICK
            elements = face(above[1]).elements
            level += 1
    by_height = game.end.pips == "height"
    table = state.table
    keys: dict[str, Key] = {}
    for letter, points in found.items():
        levels = sorted({round(h, 6) for h, _, _ in points}, reverse=True)
        first = levels[0]
        second = levels[1] if len(levels) > 1 else None

        def pips_at(height: float, points: list[tuple[float, Cell, int]] = points) -> int:
            if by_height:
                return sum(p for h, _, p in points if p and abs(h - height) < 1e-6)
            cells = {c for h, c, _ in points if abs(h - height) < 1e-6}
            return sum(p for _, c, p in points if p and c in cells)

        keys[ELEMENT_OF[letter]] = (first, pips_at(first), second if second is not None else -1.0,
                                    pips_at(second) if second is not None else 0, table.largest_group(BIT[letter]))
    return keys, spots


def value_of(keys: dict[str, Key], spots: list[float], goal: str, threat: dict[str, float]) -> float:
    mine = keys.get(goal, _NONE)
    worth = HEIGHT * max(0.0, mine[0]) + PIPS * mine[1] + SECOND * max(0.0, mine[2]) + GROUP * mine[4]
    for element, chance in threat.items():
        other = keys.get(element)
        if chance and other is not None and other > mine:
            worth -= chance * (LEAD + HEIGHT * max(0.0, other[0] - max(0.0, mine[0])))
    danger = min(1.0, sum(threat.values()))
    for height in spots:
        if height > mine[0]:
            worth -= OPEN * danger
    return worth


def position_value(game: Game, state: State, seat: int, goal: str, threat: dict[str, float]) -> float:
    """What a whole state is worth to `seat` with that goal (an ended game: a win, a share of one, or a loss)."""
    if state.over:
        if seat in state.winners:
            return WIN / len(state.winners)
        return -WIN
    keys, spots = keys_and_open(game, state)
    return value_of(keys, spots, goal, threat)


def score_moves(game: Game, observation: Observation, moves: list[Move], rng: random.Random) -> Scored | None:
    """[(score, move)] for each legal move; None (a random move) when the seat cannot see a goal of its own."""
    goal = own_goal(game, observation)
    if goal is None:
        return None
    seat = observation.seat
    threat = threats(game, observation, goal)
    guess = game.determinize(observation, rng)  # one whole state consistent with what the seat saw
    keys, spots = keys_and_open(game, guess)
    base = value_of(keys, spots, goal, threat)
    my_letter = LETTER_OF[goal]
    scored = []
    now = None
    hold = 0.0
    for move in moves:
        if isinstance(move, Place) and not move.level:
            # A card on the table raises nothing: the position stays as it is, but for its footing.
            worth = base
            for letter in move.lies_as:
                if letter == my_letter:
                    worth += FOOTING
                else:
                    worth -= FOOTING * threat.get(_element(letter), 0.0)
        elif isinstance(move, (Place, PlacePyramid)):
            state = guess.copy()
            game.apply_unchecked(state, move)  # a legal move of this very position
            worth = position_value(game, state, seat, goal, threat)
        elif isinstance(move, Pass):
            worth = base
        elif isinstance(move, (TradeGoals, RotateGoals, ShuffleGoals)):
            # The last goal action decides most games (bots/rising_goals.py): kept while another card can be
            # played, then judged by the change in the chance to win it brings, the heights as they stand.
            if now is None:
                now = rising_goals.win_chance(game, observation, keys, None, rng)
                hold = HOLD if any(not rising_goals.is_goal_action(game, c) for c in observation.view.hands[seat]) else 0.0
            worth = base + WIN_SCALE * (rising_goals.win_chance(game, observation, keys, move, rng) - now) - hold
        else:
            worth = _action(game, observation, move, goal, keys, spots, base) - KEEP_ACTION
        scored.append((worth, move))
    return scored


def _element(letter: str) -> str:
    return ELEMENTS[LETTERS.index(letter)] if letter in LETTERS else ""


def _goal_worth(game: Game, observation: Observation, keys: dict[str, Key], spots: list[float], elements: list[str],
                given: str) -> float:
    total = 0.0
    for element in elements:
        total += value_of(keys, spots, element, threats(game, observation, element, given))
    return total / len(elements)


def _supply_worth(supply: list[str], goal: str) -> float:
    colour = PYRAMID_COLOUR[LETTER_OF[goal]]
    return sum(geometry.PYRAMID_PIPS[p[0]] for p in supply if p[1] == colour) + 0.5 * sum(
        1 for p in supply if p[1] in ("c", "w"))


def _action(game: Game, observation: Observation, move: Move, goal: str, keys: dict[str, Key], spots: list[float],
            base: float) -> float:
    view = observation.view
    seat = observation.seat
    if isinstance(move, TradeGoals):
        known = known_goals(game, observation).get(move.seat) if move.seat is not None else None
        elements = [known] if known else unplaced(game, observation, goal)
        return _goal_worth(game, observation, keys, spots, elements, goal)
    if isinstance(move, RotateGoals):
        return _goal_worth(game, observation, keys, spots, unplaced(game, observation, goal), goal) - 1.0
    if isinstance(move, ShuffleGoals):
        in_play = sum(1 for g in view.goals if g is not None)
        mean = _goal_worth(game, observation, keys, spots, unplaced(game, observation, goal), goal)
        return (base + (in_play - 1) * mean) / max(1, in_play)
    if isinstance(move, TradePyramids):
        supply = rising(view).supply
        return base + 2.0 * (_supply_worth(supply[move.seat], goal) - _supply_worth(supply[seat], goal))
    if isinstance(move, TwoPyramids):
        return base + EXTRA_PYRAMID
    if isinstance(move, TradeHands):
        return base + 0.5 * (len(view.hands[move.seat]) - (len(view.hands[seat]) - 1)) + GOAL_CARD * (
            rising_goals.hand_goal_actions(game, observation, move))
    if isinstance(move, ShuffleHands):
        return base - 1.0 + GOAL_CARD * rising_goals.hand_goal_actions(game, observation, move)
    return base - 5.0  # an action this evaluation does not know: hardly ever
