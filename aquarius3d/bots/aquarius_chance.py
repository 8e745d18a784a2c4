"""The chance that a seat wins a game of Aquarius from a whole position at the start of its turn: the leaf the
`hard` player judges its searched positions by (bots/leaves.py).

A logistic model (`CHANCE`) of what decides the race, read from a whole world (a determinization, where every
hand and goal is dealt): the seat's own goal group (how far from the target, its open ends), what the seat holds
(element cards, answers to a rival about to win, other actions), the rivals' goal groups (the nearest, how many
are one or two panels short) and how many rivals hold a card that completes theirs, the cards left in the deck and
the number of players. A card in the seat's own hand that completes its goal now is a sure win, handled exactly
(`wins_now`), so such positions are left out of the fit. The weights come from medium players' games
against each other (tools/fit_aquarius_chance.py), since `hard` plays the others' moves as medium would.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from ..core.cards import Face, face
from ..engine.table import Cell, Table
from .aquarius_eval import _LOW, ANSWER_CODES, Joined, grown_size

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..engine.state import State

NAMES = ("bias", "own_gap", "own_gap_1", "own_gap_2", "own_open", "own_elements", "own_answers", "own_actions",
         "rival_gap", "rivals_gap_1", "rivals_gap_2", "rival_open", "rivals_finish", "answers_vs_finish",
         "deck_low", "rivals")
NEAR_WIN = 3  # a seat's hand is searched for a finishing card when its goal group is this close to the target
# Fitted by tools/fit_aquarius_chance.py (see its docstring for the games and the held-out log loss).
CHANCE = (-0.469, -0.065, 0.25, 0.398, 0.13, 0.077, 0.2, -0.005, 0.115, -0.171, -0.061, -0.103, -1.22, 0.731, 0.054,
          -0.367)


def features(game: Game, world: State, seat: int) -> list[float] | None:
    """The model's inputs for `seat` (to play at the start of its turn in `world`), or None when its own hand
    completes its goal now (a sure win)."""
    if wins_now(game, world, seat):
        return None
    cards = game.deck.cards
    table = world.table
    seats = len(world.goals)
    gaps, opens = [], []
    for other in range(seats):
        goal = world.goals[other]
        if goal is None:
            gaps.append(99)
            opens.append(0)
            continue
        bit = game.goal_bit[goal]
        target = game.target_of(world, other)
        gaps.append(max(0, target - table.largest_group(bit)))
        spread = bit * _LOW
        opens.append(sum(1 for need in table.need.values() if need & spread))
    rivals = [other for other in range(seats) if other != seat and world.goals[other] is not None]
    hand = world.hands[seat]
    actions = [cards[c].code for c in hand if cards[c].kind == "action"]
    answers = sum(1 for code in actions if code in ANSWER_CODES)
    own = gaps[seat]
    if rivals:
        lead = min(rivals, key=lambda r: (gaps[r], -opens[r]))
        rival_gap, rival_open = gaps[lead], opens[lead]
        near1 = sum(1 for r in rivals if gaps[r] <= 1)
        near2 = sum(1 for r in rivals if gaps[r] <= 2)
        finishing = sum(1 for r in rivals if wins_now(game, world, r))
    else:
        rival_gap, rival_open, near1, near2, finishing = 7, 0, 0, 0, 0
    return [1.0, float(min(own, 7)), float(own <= 1), float(own <= 2), math.log1p(opens[seat]),
            float(len(hand) - len(actions)), float(answers), float(len(actions) - answers),
            float(min(rival_gap, 7)), float(near1), float(near2), math.log1p(rival_open), float(finishing),
            float(min(answers, finishing)), max(0.0, 10.0 - len(world.deck)) / 10.0, float(len(rivals))]


def win_chance(game: Game, world: State, seat: int) -> float:
    """The model's chance that `seat`, to play at the start of its turn in a whole position, wins (1 when its
    own hand completes its goal now)."""
    values = features(game, world, seat)
    if values is None:
        return 1.0
    x = sum(weight * v for weight, v in zip(CHANCE, values))
    return 1.0 / (1.0 + math.exp(-max(-40.0, min(40.0, x))))


def wins_now(game: Game, world: State, seat: int) -> bool:
    """Aquarius: whether an element card in the seat's hand, placed now, completes its goal group (at a leaf, the
    seat's own turn: the win is certain in that world)."""
    goal = world.goals[seat]
    if world.phase != "play" or goal is None:
        return False
    return finishes(game, world.table, world.hands[seat], game.goal_bit[goal], game.target_of(world, seat))


def finishes(game: Game, table: Table, hand: list[int], mine: int, target: int) -> bool:
    """Whether an element card of `hand`, placed on `table`, makes a group of element `mine` of `target` panels."""
    if table.largest_group(mine) < target - NEAR_WIN:
        return False
    spread = mine * _LOW
    cells = [cell for cell, need in table.need.items() if need & spread]
    cards = game.deck.cards
    for card in hand:
        if cards[card].kind != "element":
            continue
        upright = face(cards[card].code)
        for lies in (upright,) if upright.symmetric else (upright, upright.turned):  # (a symmetric card lies one way)
            if not lies.bits & spread:
                continue
            panels = [p for p, mask in enumerate(lies.panels) if mask & mine]
            for cell in cells:
                if table.connects(cell, lies) and _grown(table, lies, cell, mine, panels) >= target:
                    return True
    return False


def _grown(table: Table, lies: Face, cell: Cell, bit: int, panels: list[int]) -> int:
    """The largest group of element `bit` that a card lying as `lies` at an empty `cell` would make."""
    joined: Joined = {}
    for panel, n, their_panel, shared in table.touching(cell, lies):
        if shared & bit:
            root, size = table.group_root(n, their_panel, bit)
            joined.setdefault((panel, bit), {})[root] = size
    return grown_size(panels, bit, joined)
