"""Reading the others' goals and hands from the cards they placed, for the `hard` player (Aquarius).

A medium player places the card its judgement scores best (bots/aquarius_eval.py) and always takes a win. So
a placement tells two things about the seat that made it, judged on the table as it lay before the move:

- its goal (`ruled_out`): under a goal for which the placed card itself had a better spot, the seat would have
  put it there. Such goals get RULED less evidence at that point of the log (bots/infer.py), which follows the
  goal cards through trades and rotations like the rest of the evidence;
- its hand (`Test`): a turn draws before it plays, so every card in the seat's hand now was in its hand then,
  with the card it placed, unless that card earned bonus cards (which came after). None of them, with its goal,
  places better than the card it placed. That holds for each other seat's last turn when nobody's hand changed
  since but by plain placements.

The table before each move is read back from the public log (`history`): newest first, a placed card is taken
off, a moved card put back, a zapped card returned to its cell (its name from the move that put it there).

`sampler` wraps hard's determinization: a world that fails a hand test is dealt again, up to `TRIES` times (the
last one stands, so a seat that does not play as medium would, a person perhaps, costs time and nothing worse).
The goals are drawn again with the hands. Each test keeps, per goal, the best score of each card name on its
table, so that a world is judged by a few lookups once those are known.
"""

from __future__ import annotations

from ..cards import canonical, face, turn
from ..engine.hidden import Observation
from ..engine.moves import MoveCard, Pass, Place, Zap
from ..engine.state import State
from .aquarius_fast import FastJudge
from .infer import public_moves

TRIES = 12  # deals per world before one that fails a test is kept anyway
SLACK = 1e-6  # a score this much above the placed card's is better (medium breaks exact ties at random)
RULED = 3.0  # evidence taken from a goal under which a placed card had a better spot


def history(game, view):
    """(index in the log, seat, move, the table before it, the card placed or None) for the log's moves, newest
    first, as far back as the table can be read back."""
    table = view.table
    zapped = _zapped(view)
    ids = {canonical(card.code): i for i, card in enumerate(game.deck.cards) if card.kind != "goal"}
    for index, seat, move in reversed(list(public_moves(view))):
        card = None
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
            code = zapped.get(index)
            if code is None or move.cell in table.faces:
                return
            before = table.copy()
            before.place(move.cell, ids[canonical(code)], code)
        else:
            before = table
        yield index, seat, move, before, card
        table = before


def _zapped(view) -> dict[int, str]:
    """Log index of each Zap a Card -> the face that lay in its cell, where a move of the log put it there."""
    lying: dict = {}
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


def seen_by(world, seat: int, before, hand: list[int], goal: int | None = None) -> State:
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


def best_placement(game, view, seat: int) -> float:
    """The best score medium gives a placement from the hand of `seat` in `view` (-inf: none)."""
    judge = FastJudge(game, Observation(seat, view))
    return max((judge.placement(m) for m in game.legal_moves(view) if isinstance(m, Place)), default=float("-inf"))


def ruled_out(game, observation) -> dict[int, dict[str, float]]:
    """Log index of another seat's placement -> {goal element: -RULED} for each goal under which its card had a
    better spot (evidence for bots/infer.py)."""
    if game.family != "aquarius" or not game.goal_ids():
        return {}
    view = observation.view
    cards = game.deck.cards
    goals: dict[str, int] = {}
    for goal in game.goal_ids():
        goals.setdefault(str(cards[goal].code), goal)
    found: dict[int, dict[str, float]] = {}
    for index, seat, move, before, card in history(game, view):
        if card is None or seat == observation.seat:
            continue
        names = set()
        spots = None
        for name, goal in goals.items():
            then = seen_by(view, seat, before, [card], goal)
            if spots is None:
                spots = [m for m in game.legal_moves(then) if isinstance(m, Place)]
            judge = FastJudge(game, Observation(seat, then))
            placed = judge.placement(move)
            if any(judge.placement(m) > placed + SLACK for m in spots):
                names.add(name)
        if names:
            found[index] = {name: -RULED for name in names}
    return found


class Test:
    """One seat's last placement, read back: the table before it, the move, the card placed."""

    def __init__(self, seat: int, before, move: Place, card: int) -> None:
        self.seat = seat
        self.before = before
        self.move = move
        self.card = card
        self._scores: dict[int, tuple[float, dict[str, float]]] = {}  # goal -> (placed card's score, name -> best)

    def passes(self, game, world) -> bool:
        """Whether the seat, with its goal and hand in `world`, would have placed the card it did."""
        goal = world.goals[self.seat]
        if goal is None:
            return True
        found = self._scores.get(goal)
        if found is None:
            judge = FastJudge(game, Observation(self.seat, seen_by(world, self.seat, self.before, [self.card])))
            found = self._scores[goal] = (judge.placement(self.move), {})
        placed, best = found
        cards = game.deck.cards
        for card in [self.card, *world.hands[self.seat]]:
            if cards[card].kind != "element":
                continue
            name = canonical(cards[card].code)
            score = best.get(name)
            if score is None:
                score = best[name] = best_placement(game, seen_by(world, self.seat, self.before, [card]), self.seat)
            if score > placed + SLACK:
                return False
        return True


def tests(game, observation) -> list[Test]:
    """A test for each other seat whose last move reads back with no hand changed since (the docstring)."""
    if game.family != "aquarius" or game.bonus is None or not game.goal_ids():
        return []
    found: list[Test] = []
    seen: set[int] = set()
    for _, seat, move, before, card in history(game, observation.view):
        if seat == observation.seat or seat in seen:
            break
        seen.add(seat)
        if isinstance(move, Pass):
            continue
        if card is None:
            break
        lies = face(move.lies_as)
        if not game.bonus.extra_draws(lies, before.connects(move.cell, lies)):
            found.append(Test(seat, before, move, card))
    return found


def consistent(game, world, found: list[Test]) -> bool:
    """Whether every test passes in `world`."""
    return all(test.passes(game, world) for test in found)


def sampler(game, observation, draw):
    """`draw` (rng -> world) dealt again while a world fails the tests, at most `TRIES` deals."""
    found = tests(game, observation)
    if not found:
        return draw

    def sample(rng):
        world = draw(rng)
        for _ in range(TRIES - 1):
            if consistent(game, world, found):
                break
            world = draw(rng)
        return world

    return sample
