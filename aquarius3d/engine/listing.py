"""Listing the legal moves of the player to play, as groups built lazily (Game.legal_moves, Game.choose_move).

Placements come first, per element code in the hand (sorted) and per way it may lie: where a placement block
declares `frontier_cells` (its cells are the frontier's where a face connects), they are counted from the
table's frontier slots (slots.py) in a few ORs, and only the chosen one is listed; otherwise the block lists
them, remembered per frontier. Then the moves of the action cards in the hand, by name.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .groups import ITEMS, SIZED, EveryCellGroup, PlaceGroup, PlaceRows, SlotPlaceGroup
from .moves import Place

new = object.__new__

if TYPE_CHECKING:
    from .game import Game
    from .state import State


def move_groups(game: Game, state: State, first: bool = False) -> list[Any]:
    """Legal moves in order, as lists or MoveGroups (placements of one card and orientation built lazily).

    With `first`, stop at the first group found: enough to know whether anything can be played.
    """
    phase = state.phase  # (State.over, read without the property's call)
    if phase != "play":
        if phase == "over":
            return []
        return [g for g in [game.turn_rules.phase_moves(game, state)] if g]
    seat = state.turn
    groups: list[Any] = []
    hand = state.hands[seat]
    codes: set[str] = set(map(game._code_of, hand))  # (a hand's element codes, and None for its other cards)
    codes.discard(None)
    if codes and game._every_cell and state.table.need:
        # Every frontier cell for every face: one group, a row per card and way up, sorted when asked.
        ways = game._ways
        groups.append(EveryCellGroup([(code, turned) for code in sorted(codes) for turned, _, _ in ways[code]],
                                     list(state.table.need)))
        if first:
            return groups
        codes = set()
    if codes:
        table = state.table
        if game._slot_rows and table.cards:  # (the commonest case, decided at once: see below)
            vertical = None
            known = None
            slots = table._sorted[2] or table.slots()  # (Table.slots, its call saved once they are kept)
            index, cells = slots.index, slots.cells
        else:
            vertical = game._vertical_spots
            free = None
            if vertical is not None and game._vertical_free is not None:
                free = game._vertical_free(game, state)  # asked once for the whole hand
                if not free:
                    vertical = None
            if game._frontier_cells and table.cards:
                slots = table._sorted[2] or table.slots()
                index, cells = slots.index, slots.cells
                known = None
            else:
                cells_of = game.placement.cells
                frontier = table.frontier()
                # The cells each face may take depend on the frontier alone: remembered for the last frontier
                # seen (a frontier list is never changed, only replaced), which a player's observation shares
                # with the state.
                memo = game._cells_memo
                if memo[0] is not frontier:
                    memo = game._cells_memo = (frontier, {})
                known = memo[1]
        ways = game._ways
        if known is None and vertical is None:
            # Every placement in one group, a row per card and way up (nothing comes between them).
            rows = []
            size = 0
            shapes_of = game._row_ways
            for code in sorted(codes):
                for turned, places, p0, p1, p2, p3, p4, p5, p6, p7 in shapes_of[code]:
                    if p0 is not None:  # a card of panels: one element a segment (ORs written out: no loop)
                        mask = (index[p0] | index[p1] | index[p2] | index[p3] | index[p4] | index[p5] | index[p6]
                                | index[p7])
                    else:
                        mask = 0
                        for place in places:
                            mask |= index[place]
                    if mask:
                        rows.append((mask, code, turned))
                        size += mask.bit_count()
            if rows:
                # PlaceRows(rows, cells), its fields set without its __init__'s call (one every turn).
                group = new(PlaceRows)
                group.rows = rows
                group.cells = cells
                group.size = size
                groups.append(group)
                if first:
                    return groups
            codes = set()
        for code in sorted(codes):
            for turned, lies, places in ways[code]:
                if known is None:
                    mask = 0
                    for place in places:
                        mask |= index[place]
                    if mask:
                        groups.append(SlotPlaceGroup(mask, cells, code, turned))
                else:
                    found = known.get(lies.code)
                    if found is None:
                        found = known[lies.code] = cells_of(table, lies, frontier)
                    if found:
                        groups.append(PlaceGroup(found, code, turned))
                if vertical is not None:
                    spots = vertical(game, state, lies, free) if free is not None else vertical(game, state, lies)
                    if spots:
                        groups.append([Place(code, cell, turned, level) for cell, level in spots])
                if first and groups:
                    return groups
    actions: set[str] = set(map(game._action_of, hand))
    actions.discard(None)
    for name in sorted(actions):
        block = game.actions.get(name)
        if block is not None:
            for group in block.move_groups(game, state, seat):
                kind = group.__class__
                if group.size if kind in SIZED else group.items if kind in ITEMS else group:  # (no __len__ call)
                    groups.append(group)
    return groups
