"""Reading the other players' goals from their public moves, for the `hard` player's determinizations.

A person at the table watches what the others build: a player who keeps joining water to water probably
holds the water goal. The game's log is public (every seat sees every move), so the seat may use it too.
Walking the log in order, each other seat gathers evidence per element:
    Aquarius: 1 for each element its placed card joined to a card already there, and the same for a card it
    moved with Move a Card, where it lies now (by the table as it is now: a card since moved or zapped tells
    nothing);
    Aquarius Rising: its pyramids' pips per colour (a pyramid raises its colour's element);
    and whatever the caller adds at a point of the log (`extra`: in Aquarius, hard subtracts bots/aquarius_hands.RULED
    from each goal under which a placed card had a better spot);
and the evidence follows the goal cards: Trade Goals swaps two seats' evidence (a trade with the pile clears
the trader's), Rotate Goals passes it round the ring, Shuffle Goals clears everyone's.

`leaning_observation` then deals the goals the seat cannot place to the other seats, each goal drawn with
weight exp(beta * evidence), and hands back the observation with those places written as knowledge, so
that `Game.determinize` honours them. Beta is the family's (its kit's: 2 in Aquarius, bots/kits/aquarius.py;
elsewhere 0.5, the figure Aquarius Rising's measured results were played with).
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator
from typing import TYPE_CHECKING

from ..core.cards import DIRECTIONS, FACING, MY_SIDE, canonical, mask_letters
from ..engine.hidden import HIDDEN, Observation
from ..engine.moves import Move, MoveCard, Place, PlacePyramid, RotateGoals, ShuffleGoals, TradeGoals, parse_move
from ..core.vocabulary import ELEMENT_OF, ELEMENT_OF_COLOUR
from .kit import Leanings, Sample, kit_of

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..engine.state import State


def public_moves(view: State) -> Iterator[tuple[int, int, Move]]:
    """The public log read as moves: (index in the log, seat, move) for every line "seat: move" of a seat at the
    table (other lines, such as notes, are left out)."""
    seats = len(view.players)
    for index, line in enumerate(view.log):
        head, _, text = line.partition(": ")
        try:
            seat = int(head)
            move = parse_move(text)
        except ValueError:
            continue
        if 0 <= seat < seats:
            yield index, seat, move


def evidence(game: Game, observation: Observation, extra: dict[int, dict[str, float]] | None = None) -> Leanings:
    """Per seat, element -> evidence that it is that seat's goal now (the observing seat's own is left empty).
    `extra`: log index -> element -> evidence the move there adds for its seat (bots/aquarius_hands.py)."""
    view = observation.view
    seats = len(view.players)
    found: Leanings = [{} for _ in range(seats)]
    table = view.table
    placed_at: dict[tuple[int, int], int] = {}
    for index, seat, move in public_moves(view):
        if extra and index in extra:
            for name, amount in extra[index].items():
                found[seat][name] = found[seat].get(name, 0.0) + amount
        if isinstance(move, (Place, MoveCard)) and not (isinstance(move, Place) and move.level):
            if isinstance(move, MoveCard):
                placed_at.pop(move.source, None)
                cell = move.target
            else:
                cell = move.cell
            placed_at[cell] = index
            lies = table.faces.get(cell)
            if lies is None or (isinstance(move, Place) and canonical(lies.code) != canonical(move.code)):
                continue
            mask = 0
            x, y = cell
            for d in DIRECTIONS:
                n = (x + d[0], y + d[1])
                other = table.faces.get(n)
                if other is None or placed_at.get(n, -1) > index:
                    continue
                for s, t in zip(MY_SIDE[d], FACING[d]):
                    mask |= lies.segments[s] & other.segments[t]
            for letter in mask_letters(mask):
                name = ELEMENT_OF[letter]
                found[seat][name] = found[seat].get(name, 0.0) + 1.0
        elif isinstance(move, PlacePyramid):
            colour = ELEMENT_OF_COLOUR.get(move.pyramid[1])
            if colour:
                name = ELEMENT_OF[colour]
                found[seat][name] = found[seat].get(name, 0.0) + {"S": 1.0, "M": 2.0, "L": 3.0}[move.pyramid[0]]
        elif isinstance(move, TradeGoals):
            if move.seat is None:
                found[seat] = {}
            elif 0 <= move.seat < seats:
                found[seat], found[move.seat] = found[move.seat], found[seat]
        elif isinstance(move, RotateGoals):
            step = 1 if move.direction == "left" else -1
            pile = bool(view.unused_goals)  # the pile takes part in the ring; what came from it is unknown
            ring = found + ([{}] if pile else [])
            turned = [ring[(i - step) % len(ring)] for i in range(len(ring))]
            found = turned[:seats]
        elif isinstance(move, ShuffleGoals):
            found = [{} for _ in range(seats)]
    found[observation.seat] = {}
    return found


def draw_goals(game: Game, observation: Observation, leanings: Leanings, rng: random.Random) -> dict[int, tuple[str, int]]:
    """The goals the seat cannot place dealt to the other seats by the evidence: goal card -> ("goal", seat)."""
    view = observation.view
    seat = observation.seat
    cards = game.deck.cards
    known = observation.known
    placed = {holder for card, (kind, holder) in known.items() if kind == "goal"}
    visible = {g for g in view.goals if g is not None and g != HIDDEN} | {g for g in view.unused_goals if g != HIDDEN}
    pool = [g for g in game.goal_ids() if g not in visible and g not in known]
    open_seats = [s for s, g in enumerate(view.goals) if g == HIDDEN and s != seat and s not in placed]
    rng.shuffle(open_seats)
    chosen: dict[int, tuple[str, int]] = {}
    beta = kit_of(game).beta
    for other in open_seats:
        if not pool:
            break
        lean = leanings[other] if other < len(leanings) else {}
        leans = [min(20.0, lean.get(str(cards[g].code), 0.0)) for g in pool]
        shift = min(0.0, max(leans))  # (evidence against every goal left: the likeliest weighs 1, none 0)
        weights = [math.exp(beta * (x - shift)) for x in leans]
        pick = rng.choices(range(len(pool)), weights=weights)[0]
        chosen[pool.pop(pick)] = ("goal", other)
    return chosen


def leaning_observation(game: Game, observation: Observation, leanings: Leanings, rng: random.Random) -> Observation:
    """The observation with the other seats' unplaced goals drawn by the evidence, written as knowledge."""
    chosen = draw_goals(game, observation, leanings, rng)
    if not chosen:
        return observation
    seat = observation.seat
    copy = observation.view.copy()
    while len(copy.known) <= seat:
        copy.known.append({})
    copy.known[seat] = {**observation.known, **chosen}
    return Observation(seat, copy)


def leaning_draw(game: Game, observation: Observation, leanings: Leanings) -> Sample:
    """Draws a whole world consistent with the observation, the others' goals leaning on the evidence."""
    return lambda rng: game.determinize(leaning_observation(game, observation, leanings, rng), rng)


def goal_odds(game: Game, observation: Observation, leanings: Leanings, rng: random.Random,
              samples: int = 48) -> dict[int, dict[str, float]]:
    """Per other seat with a goal, element -> the chance it holds it: known places for sure, the rest by
    `samples` draws of `draw_goals`."""
    view = observation.view
    cards = game.deck.cards
    odds: dict[int, dict[str, float]] = {s: {} for s, g in enumerate(view.goals)
                                         if s != observation.seat and g is not None}
    for card, (kind, holder) in observation.known.items():
        if kind == "goal" and holder in odds and cards[card].kind == "goal":
            odds[holder] = {str(cards[card].code): 1.0}
    fixed = set(s for s, o in odds.items() if o)
    for _ in range(samples):
        for card, (_, holder) in draw_goals(game, observation, leanings, rng).items():
            if holder not in fixed:
                name = str(cards[card].code)
                odds[holder][name] = odds[holder].get(name, 0.0) + 1.0 / samples
    return odds
