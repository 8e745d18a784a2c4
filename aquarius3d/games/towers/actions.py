"""Elemental Towers' action cards, resolved when drawn: Shuffle Goals, Trade Goals, Move a Card, Zap a
Card and Trade Hands (the earned actions of a match are in blocks.py's turn)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from ...core.cards import face
from ...core.vocabulary import QUARTERS, SIZES, colour_name, size_name
from ...engine import rng as random_source
from ...engine.moves import MoveCard, ShuffleGoals, SwapRow, TradePiece, Zap
from ...engine.table import _KEEP, _STEPS
from ...engine.hidden import learn
from ...core.errors import refused
from .state import towers
from .pieces import _set_piece, piece_at, pieces_of, space_of
from ..aquarius.actions import ActionBlock
from ...engine.blocks import block, field

if TYPE_CHECKING:
    from ...engine.table import Cell, Table
    from ...engine.game import Game
    from ...engine.moves import Move
    from ...engine.state import State


@block("action", "towers_shuffle_goals")
class TowersShuffleGoals(ActionBlock):
    """Shuffle Goals: "Randomly rearrange the five cards in the scoring row"."""

    type: Literal["towers_shuffle_goals"]
    move_type = ShuffleGoals
    automatic: ClassVar[bool] = True

    def moves(self, game: Game, state: State, seat: int) -> list[Move]:
        return [ShuffleGoals()]

    def apply(self, game: Game, state: State, seat: int, move: ShuffleGoals) -> None:
        state.rng = random_source.shuffle(state.rng, state.unused_goals)


@block("action", "towers_trade_goals")
class TowersTradeGoals(ActionBlock):
    """Trade Goals: "Swap the positions of any two adjacent cards in the scoring row"."""

    type: Literal["towers_trade_goals"]
    move_type = SwapRow

    def moves(self, game: Game, state: State, seat: int) -> list[Move]:
        return [SwapRow(i) for i in range(len(state.unused_goals) - 1)]

    def check(self, game: Game, state: State, seat: int, move: SwapRow) -> None:
        if not 0 <= move.index < len(state.unused_goals) - 1:
            raise refused("row_place", f"swap-row takes a place from 0 to {len(state.unused_goals) - 2} (0 is the top)")

    def apply(self, game: Game, state: State, seat: int, move: SwapRow) -> None:
        row, i = state.unused_goals, move.index
        row[i], row[i + 1] = row[i + 1], row[i]


@block("action", "towers_move_a_card")
class TowersMoveACard(ActionBlock):
    """Move a Card: "Move any element card on the table, along with any pyramids currently on it, to a
    different position in the arrangement. Immediately resolve any matches".

    Ruling: the card goes to an empty cell edge to edge with another card (it may
    lie turned 180 degrees; its pyramids turn with it); the rest of the
    arrangement may come apart, as the text asks nothing more.
    """

    type: Literal["towers_move_a_card"]
    move_type = MoveCard

    def moves(self, game: Game, state: State, seat: int) -> list[Move]:
        return [move for group in self.move_groups(game, state, seat) for move in group]

    def move_groups(self, game: Game, state: State, seat: int) -> list[Any]:
        """Per card, every empty cell edge to edge with another card, upright and turned (built lazily)."""
        table = state.table
        frontier = len(table.need)
        rows: list[tuple[Cell, tuple[Cell, ...], tuple[bool, ...], int]] = []
        for source in sorted(table.cards):
            # The frontier without the card (in the same order), less its own cell: the card goes elsewhere.
            dropped = _only_beside(table, source)
            count = frontier - len(dropped)
            if count:
                ways = _UPRIGHT if table.faces[source].symmetric else _EITHER_WAY
                rows.append((source, dropped, ways, count * len(ways)))
        return [MoveCardRows(rows, list(table.need))] if rows else []

    def possible(self, state: State) -> bool:
        """Whether some card may move (move_groups not empty), stopping at the first that may: a drawn Move a
        Card asks this before anyone chooses."""
        table = state.table
        frontier = len(table.need)
        return any(frontier > len(_only_beside(table, source)) for source in table.cards)

    def check(self, game: Game, state: State, seat: int, move: MoveCard) -> None:
        table = state.table
        if move.source not in table.cards:
            raise refused("no_card", f"there is no card at {move.source[0]},{move.source[1]}")
        if move.target == move.source:
            raise refused("no_fit", "move the card to a different position", cell=move.target, source=move.source,
                          lies=table.faces[move.source].code)
        if move.target in table.cards:
            raise refused("taken", f"{move.target[0]},{move.target[1]} already holds a card", cell=move.target,
                          source=move.source)
        if not any(c == move.target for c, _ in table.frontier_without(move.source)):
            raise refused("not_next", f"{move.target[0]},{move.target[1]} is not edge to edge with another card",
                          cell=move.target, source=move.source)

    def apply(self, game: Game, state: State, seat: int, move: MoveCard) -> None:
        card_id, code = state.table.remove(move.source)
        lies = face(code).turned.code if move.turned else code
        state.table.place(move.target, card_id, lies)
        carried = pieces_of(state).pop(move.source, {})
        if carried:
            moved = {}
            for name, piece in carried.items():
                quarter = QUARTERS.index(name)
                moved[space_of(lies, 3 - quarter if move.turned else quarter)] = piece
            pieces_of(state)[move.target] = moved


_UPRIGHT: tuple[bool, ...] = (False,)  # a symmetric card lies one way
_EITHER_WAY: tuple[bool, ...] = (False, True)


def _only_beside(table: Table, source: Cell) -> tuple[Cell, ...]:
    """The empty cells that only the card at `source` is edge to edge with: they leave the frontier when it is
    lifted (table.frontier_without's changes, without the new frontier)."""
    x, y = source
    need = table.need
    found: tuple[Cell, ...] = ()
    for dx, dy, k in _STEPS:
        n = (x + dx, y + dy)
        facing = need.get(n)
        if facing is not None and not facing & _KEEP[k]:
            found += (n,)
    return found


class MoveCardRows:
    """Move a Card's moves, row by row for rows (source, dropped, ways, count): the card at `source` to every
    cell of the frontier (`cells`, the group's own list, sorted when first read: the frontier's order) but the
    `dropped` ones, each lying every way of `ways`, `count` moves in all. Counting them is a sum; the cells are
    sorted and listed only for a move asked for."""

    __slots__ = ("rows", "cells", "size", "ordered")

    def __init__(self, rows: list[tuple[Cell, tuple[Cell, ...], tuple[bool, ...], int]], cells: list[Cell]) -> None:
        self.rows = rows
        self.cells = cells
        self.size = sum(row[3] for row in rows)
        self.ordered = False

    def __len__(self) -> int:
        return self.size

    def _cells(self, dropped: tuple[Cell, ...]) -> list[Cell]:
        if not self.ordered:
            self.cells.sort()
            self.ordered = True
        if dropped:
            return [cell for cell in self.cells if cell not in dropped]
        return self.cells

    def __getitem__(self, index: int) -> MoveCard:
        if index < 0:
            index += self.size
        if 0 <= index:
            for source, dropped, ways, count in self.rows:
                if index < count:
                    at, way = divmod(index, len(ways))
                    return MoveCard(source, self._cells(dropped)[at], ways[way])
                index -= count
        raise IndexError("no move with that index")

    def __iter__(self) -> Iterator[MoveCard]:
        for source, dropped, ways, _ in self.rows:
            for cell in self._cells(dropped):
                for turned in ways:
                    yield MoveCard(source, cell, turned)


@block("action", "towers_zap_a_card")
class TowersZapACard(ActionBlock):
    """Zap a Card: "Remove an element card from the arrangement, and shuffle it back into the deck. If that
    card had pyramids on it, return them to the supply." Ruling: the arrangement may come apart. Ruling: the
    only card on the table cannot be zapped, as there is no arrangement left to remove it from and no card
    could then go "exactly edge-to-edge with another card"; with one card Zap a Card is impossible ("These
    actions are mandatory, unless impossible (e.g. no need to 'Move a Card' if there is only one card on the
    table)") and is discarded. The option `zap_last_card` takes the other reading: the table may empty, and
    the next element card starts it again at 0,0.
    """

    type: Literal["towers_zap_a_card"]
    move_type = Zap
    last_card: bool = field(False, description="the only card on the table may be zapped, emptying the table (the "
                                               "next element card starts it again at 0,0)")

    def moves(self, game: Game, state: State, seat: int) -> list[Move]:
        if len(state.table.cards) == 1 and not self.last_card:
            return []
        return [Zap(cell) for cell in sorted(state.table.cards)]

    def check(self, game: Game, state: State, seat: int, move: Zap) -> None:
        if move.cell not in state.table.cards:
            raise refused("no_card", f"there is no card at {move.cell[0]},{move.cell[1]}")
        if len(state.table.cards) == 1 and not self.last_card:
            raise refused("zap_last_card", "the only card on the table cannot be zapped: the arrangement would be "
                                           "gone (set the option zap_last_card to allow it)")

    def apply(self, game: Game, state: State, seat: int, move: Zap) -> None:
        card_id, _ = state.table.remove(move.cell)
        supply = towers(state).supply
        for piece in pieces_of(state).pop(move.cell, {}).values():
            for kind in piece:
                supply[kind] += 1
        state.deck.append(card_id)
        learn(state, 0, [card_id], ("deck", -1))  # seen, and shuffled back in
        state.rng = random_source.shuffle(state.rng, state.deck)


@block("action", "towers_trade_hands")
class TowersTradeHands(ActionBlock):
    """Trade Hands: "Trade a single pyramid on any space for a pyramid from the supply of the same color but
    different size." Ruling: a single pyramid is one standing alone; a tower never unstacks.
    """

    type: Literal["towers_trade_hands"]
    move_type = TradePiece

    def moves(self, game: Game, state: State, seat: int) -> list[Move]:
        found: list[Move] = []
        supply = towers(state).supply
        for cell, here in sorted(pieces_of(state).items()):
            for name, piece in sorted(here.items()):
                if len(piece) != 1:
                    continue
                for size in SIZES:
                    if size != piece[0][0] and supply.get(size + piece[0][1], 0) > 0:
                        found.append(TradePiece(cell, name, size))
        return found

    def check(self, game: Game, state: State, seat: int, move: TradePiece) -> None:
        piece = piece_at(state, move.cell, move.space)
        if not piece:
            raise refused("no_trade", f"there is no pyramid on {move.cell[0]},{move.cell[1]} {move.space}",
                          cell=move.cell, space=move.space)
        if len(piece) != 1:
            raise refused("no_trade", "a tower cannot be unstacked: trade a single pyramid", cell=move.cell,
                          space=move.space)
        if move.size == piece[0][0]:
            raise refused("trade_size", "trade for a pyramid of a different size", pyramid=move.size + piece[0][1])
        if towers(state).supply.get(move.size + piece[0][1], 0) <= 0:
            raise refused("trade_size", f"the supply has no {size_name(move.size)} {colour_name(piece[0][1])} pyramid",
                          pyramid=move.size + piece[0][1])

    def apply(self, game: Game, state: State, seat: int, move: TradePiece) -> None:
        piece = piece_at(state, move.cell, move.space)
        assert piece is not None  # (checked)
        supply = towers(state).supply
        supply[piece[0]] += 1
        kind = move.size + piece[0][1]
        supply[kind] -= 1
        _set_piece(state, move.cell, move.space, [kind])
