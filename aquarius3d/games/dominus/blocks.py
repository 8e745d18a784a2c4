"""The building blocks of Dominus: exact edges within the table, first out, hand points, rounds.

Rule text: shared/rules/dominus.md (Elliott's variation for two players).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, ClassVar, Literal

from ...core.errors import Why
from ...core.cards import DIRECTIONS, FACING, MY_SIDE, SEG_BITS, SEG_MASK, face, mask_letters
from ...engine.blocks import Block, Bounds, block, field
from ...engine.hooks import PlacementBlock, WinBlock
from .state import Round, dominus

MAX_TABLE = 60  # cards each way (3.8 m of table), as the table option allows; more is a typing mistake
TableSide = Annotated[int, Bounds(ge=1, le=MAX_TABLE)]

if TYPE_CHECKING:
    from ...engine.table import Cell, Table
    from ...core.cards import Face
    from ...engine.game import Game
    from ...engine.state import State


def side_matches(face_bits: int, need: int) -> list[tuple[int, bool]]:
    """For each side that touches a card (0 top, 1 right, 2 bottom, 3 left): does it match on both halves?"""
    found = []
    for side in range(4):
        a, b = 2 * side, 2 * side + 1
        need_a = (need >> (SEG_BITS * a)) & SEG_MASK
        need_b = (need >> (SEG_BITS * b)) & SEG_MASK
        if need_a or need_b:
            ok = bool((face_bits >> (SEG_BITS * a)) & need_a) and bool((face_bits >> (SEG_BITS * b)) & need_b)
            found.append((side, ok))
    return found


SIDE_NAMES = ("top", "right", "bottom", "left")
_LOW = sum(1 << (SEG_BITS * i) for i in range(8))  # the lowest bit of each of the 8 packed segments


def _touched(packed: int) -> int:
    """One bit per packed segment (at its lowest bit) that holds any element."""
    return (packed | packed >> 1 | packed >> 2 | packed >> 3 | packed >> 4) & _LOW


def matches_completely(face_bits: int, need: int) -> bool:
    """Whether every touching half-side shares an element with the face (side_matches, in a few integer steps)."""
    return _touched(face_bits & need) == _touched(need)


# The last frontier list ExactMatchBlock._open was asked about, the table size, and its answer (the list is
# held, so it cannot be freed and its id reused).
_OPEN: list[Any] = [None, None, None]


@block("placement", "exact_match")
class ExactMatchBlock(PlacementBlock):
    """Dominus placement: every edge the new card touches must match completely.

    "Any edge that touches other cards must completely match the edge it is
    touching, as in dominoes. No 'half matches' ... You can place a single card
    against multiple card edges (fill in a hole), providing all edges match."
    "You are limited by the physical boundaries of the playing surface. No
    playing off the edge of the table." Ruling: the table is `table` cards
    (columns, rows) and the starter, dealt "into the middle of the table", lies
    at its centre, at 0,0; a card may go only where it lies wholly on the table:
    at most (columns - 1) // 2 whole cards either side of the starter and
    (rows - 1) // 2 above or below it (a 14-wide table leaves 6 either side, a
    7-wide one 3). Ruling: the default, 14 x 7 cards, is the middle 89 x 62 cm
    of a 120 x 80 cm kitchen table, leaving room round the edge for the
    players' hands and the deck. Ruling: a table is 1 to 60 cards each way
    (60 cards are 3.8 m), as the table option allows: more is a typing mistake.
    """

    type: Literal["exact_match"]
    table: tuple[TableSide, TableSide] = field(
        (14, 7), description="the table's size in cards (columns, rows), each 1 to 60, the starter at its centre; "
                             "every card must lie wholly on it")

    def reach(self) -> tuple[int, int]:
        """Whole cards that fit on the table either side of the starter, and above or below it."""
        return (self.table[0] - 1) // 2, (self.table[1] - 1) // 2

    def on_table(self, cell: Cell) -> bool:
        """Whether a card at this cell lies wholly on the table."""
        across, along = self.reach()
        return abs(cell[0]) <= across and abs(cell[1]) <= along

    def limits(self) -> dict[str, Any]:
        """The table as analyze reports it: its size and the cells a card may take (the starter at 0,0)."""
        across, along = self.reach()
        return {"columns": self.table[0], "rows": self.table[1], "x": [-across, across], "y": [-along, along]}

    def starter_problem(self, cells: set[Cell]) -> str | None:
        """Why a position's cards cannot be a Dominus table: it is laid around the starter, at 0,0."""
        if cells and (0, 0) not in cells:
            return "no card at [0, 0]: a Dominus table is laid around the starter card, which lies there"
        return None

    def _edge_text(self) -> str:
        across, along = self.reach()
        return (f"a {self.table[0]} x {self.table[1]} table holds at most {_cards(across)} either side "
                f"of the starter and {along} above or below it")

    def reason(self, table: Table, cell: Cell, card_face: Face) -> Why | None:
        facts = {"cell": cell, "lies": card_face.code}
        if cell in table.cards:
            return Why("taken", f"{cell[0]},{cell[1]} already holds a card", facts)
        if not table.cards:
            return None if cell == (0, 0) else Why("not_next", "the table is empty: the first card goes at 0,0", facts)
        need = table.need.get(cell)
        if need is None:
            return Why("not_next", f"{cell[0]},{cell[1]} is not next to any card (corners do not count)", facts)
        wrong = [SIDE_NAMES[side] for side, ok in side_matches(card_face.bits, need) if not ok]
        if wrong:
            if len(wrong) == 1:
                return Why("no_fit", f"{card_face.code} at {cell[0]},{cell[1]}: its {wrong[0]} edge does not match "
                                     "completely", facts)
            names = ", ".join(wrong[:-1]) + " and " + wrong[-1]
            return Why("no_fit", f"{card_face.code} at {cell[0]},{cell[1]}: its {names} edges do not match completely",
                       facts)
        if not self.on_table(cell):
            return Why("off_table", f"{cell[0]},{cell[1]} is off the edge of the table ({self._edge_text()})", facts)
        return None

    def cells(self, table: Table, card_face: Face, frontier: list[tuple[Cell, int]] | None = None) -> list[Cell]:
        if not table.cards:
            return [(0, 0)]
        bits = card_face.bits
        low = _LOW
        # matches_completely, inlined: this runs for every frontier cell and every face in hand
        return [cell for cell, need, wanted in self._open(frontier or table.frontier())
                if (hit := bits & need) and (hit | hit >> 1 | hit >> 2 | hit >> 3 | hit >> 4) & low == wanted]

    def _open(self, frontier: list[tuple[Cell, int]]) -> list[tuple[Cell, int, int]]:
        """The frontier cells on the table, each with its facing segments and the segments a face must match
        there; worked out once per frontier list (Table.frontier gives the same list until the table changes)."""
        if _OPEN[0] is frontier and _OPEN[1] == self.table:
            known: list[tuple[Cell, int, int]] = _OPEN[2]
            return known
        across, along = self.reach()
        low = _LOW
        found = [(cell, need, (need | need >> 1 | need >> 2 | need >> 3 | need >> 4) & low) for cell, need in frontier
                 if -across <= cell[0] <= across and -along <= cell[1] <= along]
        _OPEN[:] = [frontier, self.table, found]
        return found

    def arrangement_errors(self, table: Table) -> list[str]:
        """Every touching edge matches completely, the cards are one piece, and they lie on the table."""
        errors = []
        for (x, y), mine in sorted(table.faces.items()):
            for d in ((1, 0), (0, 1)):  # each touching pair once
                other = table.faces.get((x + d[0], y + d[1]))
                if other is None:
                    continue
                if not all(mine.segments[s] & other.segments[t] for s, t in zip(MY_SIDE[d], FACING[d])):
                    side = "right" if d == (1, 0) else "top"
                    errors.append(f"{x},{y} and {x + d[0]},{y + d[1]}: the {side} edge of {mine.code} "
                                  f"does not match {other.code} completely")
        cells = set(table.cards)
        if cells:
            start = min(cells)
            seen, todo = {start}, [start]
            while todo:
                x, y = todo.pop()
                for dx, dy in DIRECTIONS:
                    n = (x + dx, y + dy)
                    if n in cells and n not in seen:
                        seen.add(n)
                        todo.append(n)
            if len(seen) < len(cells):
                errors.append(f"the cards are not one arrangement: {len(cells) - len(seen)} of them do not touch the rest")
            off = [f"{x},{y}" for x, y in sorted(cells) if not self.on_table((x, y))]
            if off:
                listed = off[0] if len(off) == 1 else ", ".join(off[:-1]) + " and " + off[-1]
                verb = "is" if len(off) == 1 else "are"
                errors.append(f"{listed} {verb} off the edge of the table: {self._edge_text()}")
        return errors

    def connects(self, table: Table, cell: Cell, card_face: Face) -> int:
        need = table.need.get(cell, 0)
        return 0 if not need else card_face.elements


def _cards(count: int) -> str:
    return f"{count} card" if count == 1 else f"{count} cards"


@block("win", "out_of_cards")
class OutOfCardsBlock(WinBlock):
    """Dominus: "The first player to run out of cards is the winner of this round." """

    type: Literal["out_of_cards"]
    reason: ClassVar[str] = "out of cards"

    def winners(self, game: "Game", state: "State", mover: int, cell: Cell | None = None) -> list[int]:
        return [mover] if cell is not None and not state.hands[mover] else []


@block("end", "blocked")
class BlockedBlock(Block):
    """Dominus: when nobody can play, "the player with the lowest total wins the round".

    Ruling: the round is blocked when the deck is empty and every player has
    passed in turn; equal lowest totals share the round.
    """

    type: Literal["blocked"]
    reason: ClassVar[str] = "blocked"

    def finished(self, game: "Game", state: "State") -> bool:
        return not state.deck and state.passes >= len(state.players)

    def winners(self, game: "Game", state: "State", last_player: int) -> list[int]:
        totals = [game.scoring.hand_value(game, hand) for hand in state.hands]
        low = min(totals)
        return [seat for seat, total in enumerate(totals) if total == low]


def card_points(code: str) -> int:
    """Aces 1, deuces (two elements) 2, quads (four elements) 4: the number of elements shown."""
    return len(mask_letters(face(code).elements))


@block("scoring", "hand_points")
class HandPointsBlock(Block):
    """Dominus scoring, over `rounds` rounds (an option).

    "The winner scores points for the cards left in opponents' hands": aces 1,
    deuces 2, quads 4. In a blocked round "the value of that player's hand is
    subtracted from the player's score for that round". Rulings: the next round
    is dealt afresh from the whole deck and the first turn passes to the left
    (the dealer moves on); after the last round the highest total wins, equal
    totals share.
    """

    type: Literal["hand_points"]

    def hand_value(self, game: "Game", hand: list[int]) -> int:
        return sum(card_points(game.deck.cards[c].code) for c in hand if game.deck.cards[c].kind == "element")

    def round_over(self, game: "Game", state: "State", winners: list[int], reason: str) -> bool:
        """Score the round; deal the next one and return True, or return False when the game is over."""
        seats = len(state.players)
        data = dominus(state)
        values = [self.hand_value(game, hand) for hand in state.hands]
        points = [0] * seats
        for seat in winners:
            points[seat] = sum(v for s, v in enumerate(values) if s not in winners)
            if reason == BlockedBlock.reason:
                points[seat] -= values[seat]
        data.scores = [a + b for a, b in zip(data.scores or [0] * seats, points)]
        data.rounds.append(Round(tuple(winners), tuple(points), tuple(values), reason))
        if len(data.rounds) < game.rounds:
            ended = state.copy()  # (its data is a copy, without `ended`: one round's end, never a chain of them)
            self.deal_again(game, state)
            data.ended = ended
            return True
        best = max(data.scores)
        state.winners = [s for s, total in enumerate(data.scores) if total == best]
        return False

    def deal_again(self, game: "Game", state: "State") -> None:
        from ...engine.table import Table

        state.table = Table()
        state.hands = [[] for _ in state.players]
        state.deck, state.discard = [], []
        state.passes = 0
        game.setup.run(game, state)
        state.turn = len(dominus(state).rounds) % len(state.players)
        state.turn_number += 1
        game.turn_rules.start(game, state)
