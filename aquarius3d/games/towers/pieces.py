"""Elemental Towers: the spaces on a card, the pieces standing on them and the score they make.

Spaces, matches, pieces and stacks, the towers the scoring row pays for, the
builds and shifts a match allows, and what a position file's pieces say
(analyze's `valid`). The rule blocks that use them are in blocks.py (setup,
placement, turn, end) and actions.py (the action cards).
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from ...core.vocabulary import (
    COLOURS, ELEMENT_OF, ELEMENT_OF_COLOUR, LETTER_OF, PYRAMID_COLOUR, QUARTERS, SIZES, colour_name, size_name)
from ...engine.moves import Build, Shift
from .state import Match, TowersData, towers

if TYPE_CHECKING:
    from ...engine.table import Cell
    from ...positions.file import Position
    from ...engine.table import Table
    from ...engine.game import Game
    from ...engine.state import State


SPACE_SIZE = {1: "S", 2: "M", 4: "L"}  # quarters a panel covers -> the pyramid that fits it
# Quarters side by side within a card, and across the shared side of a neighbour:
# (dx, dy) -> pairs (my quarter, its quarter).
INNER = ((0, 1), (2, 3), (0, 2), (1, 3))
ACROSS = {
    (1, 0): ((1, 0), (3, 2)),
    (-1, 0): ((0, 1), (2, 3)),
    (0, 1): ((0, 2), (1, 3)),
    (0, -1): ((2, 0), (3, 1)),
}
RANKS_DEFAULT = [[0, "Novice"], [6, "Apprentice"], [11, "Artisan"], [16, "Architect"], [21, "Master Builder"]]


def space_of(code: str, quarter: int) -> str:
    """The space (panel) a quarter belongs to, named by the panel's first quarter in reading order."""
    return QUARTERS[code.index(code[quarter])]


@lru_cache(maxsize=None)
def space_names(code: str) -> tuple[str, ...]:
    """space_of(code, q) for each quarter q, remembered per face."""
    return tuple(space_of(code, q) for q in range(len(code)))


@lru_cache(maxsize=None)
def spaces(code: str) -> dict[str, tuple[str, str]]:
    """A face's spaces: name -> (element letter, pyramid size that fits). Only four-quarter faces have spaces."""
    if len(code) != 4 or not all(c in LETTER_OF.values() for c in code):
        return {}
    found = {}
    for q, letter in enumerate(code):
        name = space_of(code, q)
        if name not in found:
            found[name] = (letter, SPACE_SIZE.get(code.count(letter), "M"))
    return found


@lru_cache(maxsize=None)
def _space_links(code: str, name: str) -> tuple[tuple[str, ...], tuple[tuple[int, int, tuple[int, ...]], ...]]:
    """What a space touches, for a face: the spaces of the same card beside it (in INNER's order, repeats
    kept), and per side (ACROSS's order) the quarters of a neighbour there that its panel touches."""
    names = space_names(code)
    mine = {q for q in range(4) if names[q] == name}
    inner = tuple(names[other] for a, b in INNER for q, other in ((a, b), (b, a)) if q in mine and other not in mine)
    across = tuple((dx, dy, theirs) for (dx, dy), pairs in ACROSS.items()
                   if (theirs := tuple(other for q, other in pairs if q in mine)))
    return inner, across


def neighbours_of_space(state: "State", cell: Cell, name: str) -> list[tuple[tuple[int, int], str]]:
    """Spaces adjacent to a space: panels sharing an edge, on the same card or a card beside it."""
    faces = state.table.faces
    inner, across = _space_links(faces[cell].code, name)
    found = [(cell, other) for other in inner]
    x, y = cell
    for dx, dy, theirs in across:
        n = (x + dx, y + dy)
        there = faces.get(n)
        if there is not None:
            names = space_names(there.code)
            for other in theirs:
                found.append((n, names[other]))
    return list(dict.fromkeys(found))


_SIDES = tuple(ACROSS.items())  # ((dx, dy), quarter pairs) per side, in ACROSS's order


@lru_cache(maxsize=None)
def _touching(code: str, side: int, theirs: str) -> tuple[tuple[str, str, str], ...]:
    """The matches across one side (_SIDES[side]) between a face and the face beside it there: (colour, my
    space, its space) per pair of touching same-element panels, each pair once; none unless both have spaces."""
    if not spaces(theirs):
        return ()
    mine, other_names = space_names(code), space_names(theirs)
    found: dict[tuple[str, str, str], None] = {}
    for q, other in _SIDES[side][1]:
        if code[q] == theirs[other]:
            found[(PYRAMID_COLOUR[code[q]], mine[q], other_names[other])] = None
    return tuple(found)


def matches(state: "State", cell: Cell) -> list[Match]:
    """The matches the card at a cell makes with its neighbours: one per pair of touching same-element panels."""
    faces = state.table.faces
    code = faces[cell].code
    if not spaces(code):
        return []
    x, y = cell
    found = []
    for side, ((dx, dy), _) in enumerate(_SIDES):
        there = faces.get((x + dx, y + dy))
        if there is not None:
            for colour, mine, theirs in _touching(code, side, there.code):
                found.append(Match(colour, ((x, y, mine), (x + dx, y + dy, theirs))))
    return found


def pieces_of(state: "State") -> dict[tuple[int, int], dict[str, list[str]]]:
    return towers(state).pieces


def piece_at(state: "State", cell: Cell, name: str) -> list[str] | None:
    here = towers(state).pieces.get((cell[0], cell[1]))
    return here.get(name) if here else None


def _set_piece(state: "State", cell: Cell, name: str, piece: list[str] | None) -> None:
    pieces = towers(state).pieces
    cell = (cell[0], cell[1])
    here = dict(pieces.get(cell, ()))  # replaced, not changed: copies of the state share it (TowersData.copy)
    if piece:
        here[name] = piece
    else:
        here.pop(name, None)
    if here:
        pieces[cell] = here
    else:
        pieces.pop(cell, None)


def stack_reason(moving: list[str], target: list[str] | None) -> str | None:
    """Why a pyramid or tower cannot move onto a space holding `target`, or None."""
    if not target:
        return None
    if target[-1][1] != moving[0][1]:
        return "pyramids of different colours never share a space"
    below, above = SIZES.index(target[-1][0]), SIZES.index(moving[0][0])
    if below != above + 1:
        if below == above + 2:
            return "a small pyramid may not be stacked directly onto a large one"
        return "a pyramid stacks only onto a same-coloured pyramid exactly one size larger"
    return None


def complete_towers(state: "State") -> list[tuple[tuple[int, int], str, str]]:
    """Every complete tower (large, medium and small of one colour): (cell, space, colour)."""
    found = []
    for cell, here in sorted(pieces_of(state).items()):
        for name, piece in sorted(here.items()):
            if [p[0] for p in piece] == ["L", "M", "S"]:
                found.append((cell, name, piece[0][1]))
    return found


def row_elements(game: "Game", state: "State") -> list[str]:
    """The scoring row, top (5 points) first, as element names."""
    return [game.deck.cards[g].code for g in state.unused_goals]


def score_of(game: "Game", state: "State") -> tuple[int, list[tuple[tuple[int, int], str, str, int]]]:
    """The final score if the game ended now, and each complete tower with its value."""
    row = row_elements(game, state)
    end = game.end
    values = list(end.values)
    towers = []
    for cell, name, colour in complete_towers(state):
        element = ELEMENT_OF[ELEMENT_OF_COLOUR[colour]]
        value = values[row.index(element)] if element in row and row.index(element) < len(values) else 0
        towers.append((cell, name, colour, value))
    total = sum(t[3] for t in towers)
    if {t[2] for t in towers} >= set(COLOURS):
        total += end.mastery_bonus
    return total, towers


def rank_of(game: "Game", score: int) -> str:
    name: str = game.end.ranks[0][1]
    for least, title in game.end.ranks:
        if score >= least:
            name = title
    return name


def _event(state: "State", text: str) -> None:
    towers(state).events.append(text)


def build_reason(state: "State", match: Match, cell: Cell, name: str) -> str | None:
    where = list(match.spaces)
    if (cell[0], cell[1], name) not in where:
        spots = " or ".join(f"{x},{y} {q}" for x, y, q in where)
        return f"this match builds on one of its own two spaces ({spots})"
    if piece_at(state, cell, name):
        return f"the space {cell[0]},{cell[1]} {name} is not empty"
    size = spaces(state.table.faces[(cell[0], cell[1])].code)[name][1]
    if towers(state).supply.get(size + match.colour, 0) <= 0:
        return f"the supply has no {size_name(size)} {colour_name(match.colour)} pyramid left"
    return None


def build_moves(state: "State", index: int, match: Match) -> list[Build]:
    """The builds a match allows: on either of its spaces, when empty and the supply has the pyramid that fits."""
    return [Build(*choice[1:]) for choice in earned_choices(state, index, match, [], shifts=False)]


def shift_reason(state: "State", colour: str, move: Shift) -> str | None:
    moving = piece_at(state, move.cell, move.space)
    if not moving:
        return f"there is no pyramid on {move.cell[0]},{move.cell[1]} {move.space}"
    if moving[0][1] != colour:
        return f"this action moves a {colour_name(colour)} pyramid or tower, not a {colour_name(moving[0][1])} one"
    if (move.to_cell, move.to_space) not in neighbours_of_space(state, move.cell, move.space):
        return (f"{move.to_cell[0]},{move.to_cell[1]} {move.to_space} is not a space next to "
                f"{move.cell[0]},{move.cell[1]} {move.space} (panels must share an edge)")
    return stack_reason(moving, piece_at(state, move.to_cell, move.to_space))


# A pyramid stacks onto one exactly one size larger: (size below, size moving).
_STACKS = frozenset((SIZES[i + 1], SIZES[i]) for i in range(len(SIZES) - 1))


def shift_moves(state: "State", index: int, colour: str) -> list[Shift]:
    """Every move of a pyramid or tower of a colour onto an adjacent space."""
    match = Match(colour, ((0, 0, ""), (0, 0, "")))  # (no builds asked: its spaces are not read)
    return [Shift(*choice[1:]) for choice in earned_choices(state, index, match, [], builds=False)]


def earned_choices(state: "State", index: int, match: Match, found: list[tuple[Any, ...]], builds: bool = True,
                   shifts: bool = True) -> list[tuple[Any, ...]]:
    """What the earned action `index` allows, appended to `found` as (move class, its values...): the builds
    (on either of the match's spaces, when empty and the supply has the pyramid that fits: build_reason's
    tests), then the shifts of a pyramid or tower of its colour onto an adjacent space (shift_reason's), in
    one pass; the moves are made only for the one chosen (blocks.py's EarnedGroup)."""
    data = towers(state)
    pieces = data.pieces
    colour = match.colour
    if builds:
        supply, faces = data.supply, state.table.faces
        where: tuple[tuple[int, int, str], ...] = match.spaces
        if where[0] == where[1]:  # (a match of one space twice, from a position file: one build)
            where = where[:1]
        for x, y, name in where:
            cell = (x, y)
            here = pieces.get(cell)
            if here and here.get(name):
                continue
            if supply.get(spaces(faces[cell].code)[name][1] + colour, 0) > 0:
                found.append((Build, index, cell, name))
    if shifts:
        for cell in sorted(pieces) if len(pieces) > 1 else pieces:
            here = pieces[cell]
            for name in sorted(here) if len(here) > 1 else here:
                piece = here[name]
                bottom = piece[0]
                if bottom[1] != colour:
                    continue
                for to_cell, to_name in neighbours_of_space(state, cell, name):
                    there = pieces.get(to_cell)
                    target = there.get(to_name) if there else None
                    if not target or (target[-1][1] == colour and (target[-1][0], bottom[0]) in _STACKS):
                        found.append((Shift, index, cell, name, to_cell, to_name))
    return found


# -- action cards: resolved when drawn ---------------------------------------------------------------

def structure_errors(game: "Game", state: "State", position: Position) -> list[str]:
    """Why a position's pieces could not stand where they are (analyze's `valid`)."""
    errors = []
    supply: Counter[str] = Counter()
    for i, card in enumerate(position.cards):
        if not card.pieces:
            continue
        here = spaces(card.card)
        for quarter, tower in card.pieces.items():
            where = f"cards[{i}].pieces.{quarter}"
            kinds = [str(p) for p in tower]
            for kind in kinds:
                supply[kind] += 1
                if kind[1] not in COLOURS:
                    errors.append(f"{where}: Elemental Towers has no {kind} pyramid")
            if quarter not in here:
                errors.append(f"{where}: {quarter} is not the first quarter of a panel on {card.card}")
                continue
            if len(kinds) > 1:
                if len({k[1] for k in kinds}) > 1:
                    errors.append(f"{where}: a tower is one colour")
                elif [k[0] for k in kinds] not in (["L", "M"], ["M", "S"], ["L", "M", "S"]):
                    errors.append(f"{where}: a tower stacks each pyramid on one exactly one size larger")
    for kind, count in sorted(supply.items()):
        if kind[1] in COLOURS and count > game.setup.per_kind:
            errors.append(f"pieces: {count} {kind} pyramids, but the supply has {game.setup.per_kind}")
    return errors


def towers_state(game: "Game", position: Position, table: Table) -> "State":
    """A state holding a position's table, pieces and scoring row (Elemental Towers)."""
    from ...engine.state import State

    goal_of = {game.deck.cards[g].code: g for g in game.goal_ids()}
    # Without a scoring_row, the goals stand in the deck list's order (earth, air, fire, water, space).
    row = [goal_of[e] for e in (position.scoring_row or list(goal_of)) if e in goal_of]
    return State(players=["solitaire"], hands=[[]], goals=[None], unused_goals=row, deck=[], table=table,
                 data=TowersData(pieces=position_pieces(position)))


def position_pieces(position: Position) -> dict[tuple[int, int], dict[str, list[str]]]:
    """A position's pieces as the state keeps them: {(x, y): {space: [bottom, ..., top]}}."""
    return {(card.at[0], card.at[1]): {q: [str(p) for p in tower] for q, tower in card.pieces.items()}
            for card in position.cards if card.pieces}
