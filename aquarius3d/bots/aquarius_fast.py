"""Medium's judgement in Aquarius made cheap for the replies the `hard` player imagines (bots/hard.py).

Each simulation of hard's search lets three other seats answer as medium would, so the speed of medium's
ranking sets how many sampled worlds a move's budget buys. This ranking gives the same scores as
`aquarius_eval.score_moves` (tests/test_aquarius_fast.py compares them), only worked out with less effort:

- a placement looks at the cards around its cell once per cell, not once per card and turn (`FastJudge`);
- Zap a Card and Move a Card are played on a copy of the table alone (their worth is the table they leave),
  not on a whole determinized state checked move by move; a Zap that cannot change any group that counts
  (the seat's own element, or an element that may be a rival's goal and is within four panels of the
  target) is worth the position as it is, plus the card in hand, without lifting it;
- Move a Card is tried on at most `MOVE_CARD_LIMIT` moves (medium: 240), spread over those medium would try.

It draws from the random source exactly as `aquarius_eval.score_moves` does, so that hard's games for a seed
are the same with either (one determinized state a decision with actions, for a Zap that empties the table).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ..core.cards import DIRECTIONS, FACING, MY_SIDE, Face, face
from ..engine.moves import Move, MoveCard, Place, Zap
from ..engine.hidden import HIDDEN
from ..engine.table import Cell
from .aquarius_eval import (
    BITS, KEEP_ACTION, WIN, Joined, Judge, Odds, _worth_trying, grown_size, off_table_worth, scored_by,
)
from .kit import Scored

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..engine.hidden import Observation
    from ..engine.state import State

MOVE_CARD_LIMIT = 24  # medium tries up to 240
# Per side segment of a cell: None beside an empty cell, else (the facing segment's elements, {element bit: (group
# root, size)} of the groups it belongs to).
Around = list[tuple[int, dict[int, tuple[int, int]]] | None]
# A face, the element bits each segment shows, and the panels of each element it shows.
Shape = tuple[Face, tuple[tuple[int, ...], ...], tuple[tuple[int, tuple[int, ...]], ...]]


class FastJudge(Judge):
    """Judge with the neighbourhood of each cell read once per decision."""

    def __init__(self, game: Game, observation: Observation, odds: Odds | None = None) -> None:
        super().__init__(game, observation, odds)
        self._around: dict[Cell, Around] = {}

    def _cell(self, cell: Cell) -> Around:
        """What a card at `cell` would face, per side segment (Around)."""
        known = self._around.get(cell)
        if known is not None:
            return known
        table = self.table
        faces = table.faces
        found: Around = [None] * 8
        x, y = cell
        for d in DIRECTIONS:
            n = (x + d[0], y + d[1])
            other = faces.get(n)
            if other is None:
                continue
            for s, t in zip(MY_SIDE[d], FACING[d]):
                segment = other.segments[t]
                roots = {bit: table.group_root(n, other.segment_panel[t], bit) for bit in BITS if segment & bit}
                found[s] = (segment, roots)
        self._around[cell] = found
        return found

    def placement(self, move: Place) -> float:
        lies, segment_bits, panel_bits = _shape(move.lies_as)
        around = self._around.get(move.cell) or self._cell(move.cell)
        joined: Joined = {}
        open_segments: dict[int, int] = {}
        segment_panel = lies.segment_panel
        for s in range(8):
            bits = segment_bits[s]
            if not bits:
                continue
            near = around[s]
            if near is None:
                for bit in bits:
                    open_segments[bit] = open_segments.get(bit, 0) + 1
                continue
            facing, groups = near
            for bit in bits:
                if facing & bit:
                    root, size = groups[bit]
                    joined.setdefault((segment_panel[s], bit), {})[root] = size
        grown: dict[int, int] = {}
        sizes = self.base
        for bit, panels in panel_bits:
            if len(panels) == 1:
                roots = joined.get((panels[0], bit))
                size = 1 + sum(roots.values()) if roots else 1
            else:
                size = grown_size(panels, bit, joined)
            grown[bit] = size
            if size > sizes[bit]:
                if sizes is self.base:
                    sizes = dict(sizes)
                sizes[bit] = size
        worth = self.value(sizes)
        if worth >= WIN:
            return worth
        mine = self.mine
        if grown.get(mine, 0) > 1:
            worth += 1.0 * open_segments.get(mine, 0)
        near_target = self.others_target - 3
        for bit, chance in self.threat.items():
            if chance and grown.get(bit, 0) >= near_target:
                worth -= 1.5 * chance * open_segments.get(bit, 0)
        if self.view.deck:
            connected = self.table.connects(move.cell, lies) if self.table.cards else 0
            worth += 2.0 * min(len(self.view.deck), self.game.bonus.extra_draws(lies, connected))
        return worth


_SHAPES: dict[str, Shape] = {}


def _shape(code: str) -> Shape:
    """A face with, per segment, the element bits it shows and, per element it shows, its panels."""
    found = _SHAPES.get(code)
    if found is None:
        lies = face(code)
        segment_bits = tuple(tuple(bit for bit in BITS if lies.segments[s] & bit) for s in range(8))
        panel_bits = tuple((bit, tuple(p for p, mask in enumerate(lies.panels) if mask & bit))
                           for bit in BITS if lies.elements & bit)
        found = _SHAPES[code] = lies, segment_bits, panel_bits
    return found


def score_moves(game: Game, observation: Observation, moves: list[Move], rng: random.Random) -> Scored | None:
    """[(score, move)] for each legal move, as `aquarius_eval.score_moves(..., MOVE_CARD_LIMIT)` scores them;
    None when the seat has no goal it may look at."""
    view = observation.view
    goal = view.goals[observation.seat]
    if goal is None or goal == HIDDEN:
        return None
    judge = FastJudge(game, observation)
    return scored_by(judge, moves, lambda actions, base, best_place: _actions(
        game, observation, judge, actions, base, best_place, rng))


def _counting(judge: Judge) -> int:
    """The element bits whose largest group a lifted card could change the worth of the position by."""
    near = judge.others_target - 4
    found = judge.mine
    for bit, chance in judge.threat.items():
        if chance and judge.base[bit] > near:
            found |= bit
    return found


def _actions(game: Game, observation: Observation, judge: Judge, moves: list[Move], base: float,
             best_place: float | None, rng: random.Random) -> Scored:
    view = observation.view
    seat = observation.seat
    table = judge.table
    counting = _counting(judge)
    guess = game.determinize(observation, rng)  # drawn as medium draws it: the same games for a seed
    found: Scored = []
    for move in _worth_trying(judge, moves, MOVE_CARD_LIMIT):
        if isinstance(move, Zap):
            if len(table.cards) < 2:  # the table empties: a new starter is flipped (the whole game's rule)
                worth = _played(game, guess, judge, move)
            elif not table.faces[move.cell].elements & counting:
                worth = base
            else:
                lifted = table.copy()
                lifted.remove(move.cell)
                worth = judge.value({bit: lifted.largest_group(bit) for bit in BITS})
            worth += 1.0  # a card more in hand
        elif isinstance(move, MoveCard):
            moved = table.copy()
            card_id, code = moved.remove(move.source)
            moved.place(move.target, card_id, face(code).turned.code if move.turned else code)
            worth = judge.value({bit: moved.largest_group(bit) for bit in BITS})
        else:
            worth = off_table_worth(judge, view, seat, move, base, best_place)
        found.append((worth if worth >= WIN else worth - KEEP_ACTION, move))
    return found


def _played(game: Game, guess: State, judge: Judge, move: Move) -> float:
    """The worth of the table an action leaves, played on a whole state determinized from the observation."""
    state = guess.copy()
    game.apply(state, move)
    return judge.value({bit: state.table.largest_group(bit) for bit in BITS})
