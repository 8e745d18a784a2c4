"""Aquarius moves in words, for the log and the hand-off cover (in the player's language).

`describe(game, state, names, result, before)` is called after the move was
applied (`before`: the faces on the table just before it, {cell: face code},
for the card a move took away); the other families say their own moves and
hand the rest to this one. Cards are named by their elements ("the Fire–Water
card", "the wild card") and placed by a neighbour ("left of the Earth card"):
the notation (`F\\W`, `0,-3`) stays in saves, check files and the command line.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.cards import face
from ...engine.game import ApplyResult, Game
from ...engine.moves import MoveCard, Pass, Place, RotateGoals, ShuffleHands, TradeGoals, TradeHands, Zap, cell_text
from ...engine.state import State
from ...i18n import element_name, tr
from ...core.vocabulary import ELEMENT_OF

if TYPE_CHECKING:
    from ...core.cards import Face
    from ...engine.table import Cell


# A neighbour's direction from the card, and how the card stands to it ((1, 0): the neighbour is to the right,
# so the card is left of it). Looked at in this order: the first neighbour found names the place.
SIDES = (((1, 0), "where_left"), ((-1, 0), "where_right"), ((0, -1), "where_above"), ((0, 1), "where_below"))


def card_words(code: str, form: str = "the") -> str:
    """A card in words, by the elements it shows as it lies: "the Fire–Water card", "the wild card".

    `form` "the" names it as a subject or object; "of" after a preposition ("left of the Water card", French
    "à gauche de la carte Eau": French joins "de" to the article, so each language says both).
    """
    lies = face(code)
    if lies.kind in ("wild", "dragon"):
        return tr(f"card_{form}_{lies.kind}")
    letters = [code[0], code[2]] if lies.kind == "diagonal" else list(dict.fromkeys(code))
    elements = tr("card_join").join(element_name(ELEMENT_OF[letter]) for letter in letters)
    return tr(f"card_{form}_diagonal" if lies.kind == "diagonal" else f"card_{form}", elements=elements)


def where(faces: dict[Cell, Face], cell: Cell, level: int = 0) -> str:
    """Where a card lies, by a neighbour ("left of the Earth card"), over the table card below it on a storey
    (Aquarius Rising's houses); the first card, alone at 0,0, "in the middle of the table"; else by its cell."""
    cell = (cell[0], cell[1])  # (a list, read from a file)
    if level and cell in faces:
        return tr("where_storey", level=level, card=card_words(faces[cell].code, "of"))
    for (dx, dy), key in SIDES:
        beside = faces.get((cell[0] + dx, cell[1] + dy))
        if beside is not None:
            return tr(key, card=card_words(beside.code, "of"))
    return tr("where_centre") if cell == (0, 0) else tr("where_cell", cell=cell_text(cell))


def sentence(text: str) -> str:
    """A text starting a sentence: its first letter a capital ("the wild card fits" -> "The wild card fits")."""
    return text[:1].upper() + text[1:]


def rotation(names: list[str], direction: str, pile: bool) -> str:
    """Who receives whose goal when the goals rotate: "Bo gets Ann's goal, Cy gets Bo's, Ann gets Cy's".

    The unused goals are a place in the ring between the last seat and the first (as Rotate Goals plays it).
    """
    places: list[int | None] = list(range(len(names))) + ([None] if pile else [])
    step = 1 if direction == "left" else -1
    parts = []
    for i, giver in enumerate(places):
        taker = places[(i + step) % len(places)]
        if giver is None:
            assert taker is not None  # (one pile only)
            parts.append(tr("rotate_from_pile", taker=names[taker]))
        elif taker is None:
            parts.append(tr("rotate_to_pile", giver=names[giver]))
        else:
            parts.append(tr("rotate_part", taker=names[taker], giver=names[giver]))
    return ", ".join(parts)


def describe(game: Game, state: State, names: list[str], result: ApplyResult, before: dict[Cell, str] | None = None) -> str:
    move, name = result.move, names[result.seat]
    faces = state.table.faces
    if isinstance(move, Place):
        lies = face(move.code).turned.code if move.turned else move.code
        if (move.cell[0], move.cell[1]) not in faces and before is not None:  # the card ended a round (Dominus):
            faces = {cell: face(code) for cell, code in before.items()}  # said on the table it was placed on
        return tr("log_place", name=name, card=card_words(lies), where=where(faces, move.cell, move.level))
    if isinstance(move, Pass):
        return tr("log_pass", name=name)
    if isinstance(move, TradeHands):
        return tr("log_trade_hands", name=name, other=names[move.seat])
    if isinstance(move, MoveCard):
        key = "log_move_turned" if move.turned else "log_move"
        moved = faces.get((move.target[0], move.target[1]))
        card = card_words(moved.code) if moved is not None else tr("card_the_unknown")
        return tr(key, name=name, card=card, where=where(faces, move.target))
    if isinstance(move, Zap):
        return tr("log_zap", name=name, card=taken(before, move.cell))
    if isinstance(move, TradeGoals):
        if move.seat is None:
            return tr("log_trade_goals_pile", name=name)
        return tr("log_trade_goals", name=name, other=names[move.seat])
    if isinstance(move, RotateGoals):
        pile = bool(state.unused_goals)  # as many unused goals after the rotation as before
        return tr("log_rotate_goals", name=name, direction=tr(f"dir_{move.direction}").lower(),
                  who=rotation(names, move.direction, pile))
    if isinstance(move, ShuffleHands):
        return tr("log_shuffle_hands", name=name)
    return tr("log_shuffle_goals", name=name)


def taken(before: dict[Cell, str] | None, cell: Cell) -> str:
    """The card a move took off the table, in words, from the faces before it ("the card" if unknown)."""
    code = (before or {}).get((cell[0], cell[1]))
    return card_words(code) if code is not None else tr("card_the_unknown")
