"""Reading the others' goals and hands from the cards they placed, for the `hard` player (Aquarius).

A medium player places the card its judgement scores best (bots/aquarius_eval.py) and always takes a win. So
a placement tells two things about the seat that made it, judged on the table as it lay before the move:

- its goal (`ruled_out`): under a goal for which the placed card itself had a better spot, the seat would have
  put it there. Such goals get RULED less evidence at that point of the log (bots/infer.py), which follows the
  goal cards through trades and rotations like the rest of the evidence;
- its hand (`Test`): a turn draws before it plays, so every card in the seat's hand now was in its hand then,
  with the card it placed, but for the bonus cards that card earned (they came after). None of them (bar as many
  as the bonus cards), with its goal, places better than the card it placed. That holds for each other seat's
  last turn since the observing seat's own, where it placed a card and since then no goal changed places and
  that seat's hand was not traded or shuffled.

The table before each move is read back from the public log (`history`): newest first, a placed card is taken
off, a moved card put back, a zapped card returned to its cell (its name from the move that put it there).

`sampler` wraps hard's determinization: in a world that fails a hand test the cards at fault are swapped with
cards of the deck, or, where the goal is at fault, the world is dealt again; up to `TRIES` times (the last world
stands, so a seat that does not play as medium would, a person perhaps, costs time and nothing worse). Each test
keeps, per goal, the best score of each card name on its table, so that a world is judged by a few lookups once
those are known.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from ..core.cards import canonical, face, turn
from ..engine.hidden import Observation
from ..engine.moves import (
    Move, MoveCard, Place, RotateGoals, ShuffleGoals, ShuffleHands, TradeGoals, TradeHands, Zap,
)
from ..engine.state import State
from ..engine.table import Cell, Table
from .aquarius_fast import FastJudge
from .infer import public_moves
from .kit import Sample

if TYPE_CHECKING:
    from ..engine.game import Game

Step = tuple[int, int, Move, Table, int | None]  # (log index, seat, move, the table before it, the card placed)

TRIES = 12  # deals and mends per world before one that fails a test is kept anyway
SLACK = 1e-6  # a score this much above the placed card's is better (medium breaks exact ties at random)
RULED = 3.0  # evidence taken from a goal under which a placed card had a better spot


def history(game: Game, view: State) -> Iterator[Step]:
    """(index in the log, seat, move, the table before it, the card placed or None) for the log's moves, newest
    first, as far back as the table can be read back."""
    table = view.table
    zapped = _zapped(view)
    ids = {canonical(card.code): i for i, card in enumerate(game.deck.cards) if card.kind != "goal"}
    for index, seat, move in reversed(list(public_moves(view))):
        card: int | None = None
        if isinstance(move, Place):
            if move.level or move.cell not in table.faces:
                return
            before = table.copy()
            card, _ = before.remove(move.cell)
        elif isinstance(move, MoveCard):
            if move.target not in table.faces or move.source in table.faces:
                return
            before = table.copy()
            moved, code = before.remove(move.target)
            before.place(move.source, moved, turn(code) if move.turned else code)
        elif isinstance(move, Zap):
            lay = zapped.get(index)
            if lay is None or move.cell in table.faces:
                return
            before = table.copy()
            before.place(move.cell, ids[canonical(lay)], lay)
        else:
            before = table
        yield index, seat, move, before, card
        table = before


def _zapped(view: State) -> dict[int, str]:
    """Log index of each Zap a Card -> the face that lay in its cell, where a move of the log put it there."""
    lying: dict[Cell, str] = {}
    found: dict[int, str] = {}
    for index, _, move in public_moves(view):
        if isinstance(move, Place):
            lying[move.cell] = move.lies_as
        elif isinstance(move, MoveCard):
            code = lying.pop(move.source, None)
            if code is not None:
                lying[move.target] = turn(code) if move.turned else code
        elif isinstance(move, Zap):
            code = lying.pop(move.cell, None)
            if code is not None:
                found[index] = code
    return found


def seen_by(world: State, seat: int, before: Table, hand: list[int], goal: int | None = None) -> State:
    """`world` as `seat` saw it before a move: the table `before`, holding `hand` (a shallow copy, only read)."""
    view = State.__new__(State)
    view.__dict__.update(world.__dict__)
    view.table = before
    view.hands = [hand if s == seat else h for s, h in enumerate(world.hands)]
    if goal is not None:
        view.goals = [goal if s == seat else g for s, g in enumerate(world.goals)]
    view.turn = seat
    view.phase = "play"
    view.known = []  # what the seat itself saw placed is not known here
    return view


def best_placement(game: Game, view: State, seat: int, judge: FastJudge | None = None,
                   spots: list[Place] | None = None) -> float:
    """The best score medium gives a placement from the hand of `seat` in `view` (-inf: none); `judge`, a
    FastJudge of that view, and `spots`, its placements, when the caller has them already."""
    judge = judge or FastJudge(game, Observation(seat, view))
    if spots is None:
        spots = [m for m in game.legal_moves(view) if isinstance(m, Place)]
    return max((judge.placement(m) for m in spots), default=float("-inf"))


def read(game: Game, observation: Observation) -> tuple[dict[int, dict[str, float]], list[Test]]:
    """What the others' placements say, the log read back once: the rulings on their goals (`ruled_out`) and
    the tests of their hands (`tests`, none for the seats no goal explains)."""
    if not game.goal_ids():
        return {}, []
    steps = list(history(game, observation.view))
    rulings, unlike = ruled_out(game, observation, steps)
    return rulings, tests(game, observation, unlike, steps)


def ruled_out(game: Game, observation: Observation,
              steps: Iterable[Step] | None = None) -> tuple[dict[int, dict[str, float]], frozenset[int]]:
    """Log index of another seat's placement -> {goal element: -RULED} for each goal under which its card had a
    better spot (evidence for bots/infer.py); and the seats that made a placement no goal explains (`unlike`:
    they do not play as medium, a person perhaps, so none of their placements is read). `steps`: `history`'s,
    when the caller has them."""
    if not game.goal_ids():
        return {}, frozenset()
    view = observation.view
    cards = game.deck.cards
    goals: dict[str, int] = {}
    for goal in game.goal_ids():
        goals.setdefault(str(cards[goal].code), goal)
    found: dict[int, dict[str, float]] = {}
    seats: dict[int, int] = {}
    unlike: set[int] = set()
    for index, seat, move, before, card in history(game, view) if steps is None else steps:
        if card is None or not isinstance(move, Place) or seat == observation.seat:
            continue
        seats[index] = seat
        names = set()
        spots: list[Place] | None = None
        for name, goal in goals.items():
            then = seen_by(view, seat, before, [card], goal)
            if spots is None:
                spots = [m for m in game.legal_moves(then) if isinstance(m, Place)]
            judge = FastJudge(game, Observation(seat, then))
            if best_placement(game, then, seat, judge, spots) > judge.placement(move) + SLACK:
                names.add(name)
        if len(names) == len(goals):
            unlike.add(seat)
        elif names:
            found[index] = {name: -RULED for name in names}
    return {index: names for index, names in found.items() if seats[index] not in unlike}, frozenset(unlike)


class Test:
    """One seat's last placement, read back: the table before it, the move, the card placed, and the bonus cards
    it drew after (`allowance`: that many cards of its hand now may be ones it did not hold then)."""

    def __init__(self, seat: int, before: Table, move: Place, card: int, allowance: int = 0) -> None:
        self.seat = seat
        self.before = before
        self.move = move
        self.card = card
        self.allowance = allowance
        self._scores: dict[int, tuple[float, dict[str, float]]] = {}  # goal -> (placed card's score, name -> best)

    def passes(self, game: Game, world: State) -> bool:
        """Whether the seat, with its goal and hand in `world`, would have placed the card it did."""
        wrong = self.failing(game, world)
        return wrong is not None and len(wrong) <= self.allowance

    def failing(self, game: Game, world: State) -> list[int] | None:
        """The cards of the seat's hand in `world` that would have placed better than the card it placed (None:
        under its goal in `world`, the placed card itself had a better spot)."""
        goal = world.goals[self.seat]
        if goal is None:
            return []
        found = self._scores.get(goal)
        if found is None:
            then = seen_by(world, self.seat, self.before, [self.card])
            judge = FastJudge(game, Observation(self.seat, then))
            found = self._scores[goal] = (judge.placement(self.move),
                                          {canonical(self.move.code): best_placement(game, then, self.seat, judge)})
        placed, best = found
        if best[canonical(self.move.code)] > placed + SLACK:
            return None
        cards = game.deck.cards
        wrong = []
        for card in world.hands[self.seat]:
            if cards[card].kind != "element":
                continue
            name = canonical(cards[card].code)
            score = best.get(name)
            if score is None:
                score = best[name] = best_placement(game, seen_by(world, self.seat, self.before, [card]), self.seat)
            if score > placed + SLACK:
                wrong.append(card)
        return wrong


def tests(game: Game, observation: Observation, unlike: frozenset[int] = frozenset(),
          steps: Iterable[Step] | None = None) -> list[Test]:
    """A test for each other seat's last move since the observing seat's own, where it was a placement and
    neither that seat's hand (but by its own bonus cards) nor any goal changed hands since (none for the seats
    in `unlike`). `steps`: `history`'s, when the caller has them."""
    if game.bonus is None or not game.goal_ids():
        return []
    found: list[Test] = []
    seen: set[int] = set()
    changed: set[int] = set()  # seats whose hands changed after the move looked at
    goals_moved = False
    for _, seat, move, before, card in history(game, observation.view) if steps is None else steps:
        if seat == observation.seat:
            break
        if seat not in seen:
            seen.add(seat)
            if (card is not None and isinstance(move, Place) and seat not in changed and seat not in unlike
                    and not goals_moved):
                lies = face(move.lies_as)
                bonus = game.bonus.extra_draws(lies, before.connects(move.cell, lies))
                found.append(Test(seat, before, move, card, bonus))
        if isinstance(move, TradeHands):
            changed |= {seat, move.seat}
        elif isinstance(move, ShuffleHands):
            changed |= set(range(len(observation.view.players)))
        elif isinstance(move, (TradeGoals, RotateGoals, ShuffleGoals)):
            goals_moved = True
    return found


def consistent(game: Game, world: State, found: list[Test]) -> bool:
    """Whether every test passes in `world`."""
    return all(test.passes(game, world) for test in found)


def sampler(game: Game, observation: Observation, draw: Sample, found: list[Test] | None = None) -> Sample:
    """`draw` (rng -> world) mended while a world fails the tests (`found`, or `tests`'): a hand card that would
    have placed better is swapped with one from the deck at random; a goal under which the placed card had a
    better spot (or a card the seat is known to hold failing) means a new deal. At most `TRIES` mends and deals;
    the last world stands."""
    if found is None:
        found = tests(game, observation)
    if not found:
        return draw
    known = {card for card, (kind, _) in observation.known.items() if kind == "hand"}

    def sample(rng: random.Random) -> State:
        world = draw(rng)
        for _ in range(TRIES - 1):
            for test in found:
                wrong = test.failing(game, world)
                if wrong is None or len(wrong) > test.allowance:
                    break
            else:
                return world
            if wrong is None or not world.deck or any(card in known for card in wrong):
                world = draw(rng)
                continue
            hand, deck = world.hands[test.seat], world.deck
            for card in wrong:
                j = rng.randrange(len(deck))
                hand[hand.index(card)], deck[j] = deck[j], card
        return world

    return sample
