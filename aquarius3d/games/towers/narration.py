"""Elemental Towers' moves in words (builds, moves of pieces, the drawn actions); placing a card as in Aquarius."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine.game import ApplyResult, Game
from ...engine.moves import Build, DraftDiscard, Shift, Skip, SwapRow, TradePiece, Zap
from ...engine.state import State
from ...i18n import action_name, element_name, pyramid_name, tr
from ...core.vocabulary import ELEMENT_OF, QUARTERS
from ..aquarius import narration as aquarius
from .pieces import piece_at
from .state import towers

if TYPE_CHECKING:
    from ...engine.table import Cell


def panel(state: State, cell: Cell, space: str, faces: dict[Cell, str] | None = None) -> str:
    """A space in words: "the Fire panel of the Fire–Water card" (French "le panneau Feu de la carte Feu–Eau")."""
    code = (faces if faces is not None else {c: f.code for c, f in state.table.faces.items()})[(cell[0], cell[1])]
    letter = code[QUARTERS.index(space)]
    return tr("panel_of", element=element_name(ELEMENT_OF[letter]), card=aquarius.card_words(code, "of"))


def describe(game: Game, state: State, names: list[str], result: ApplyResult, before: dict[Cell, str] | None = None) -> str:
    move = result.move
    if isinstance(move, Build):
        piece = piece_at(state, move.cell, move.space)
        assert piece is not None  # (described once built)
        return tr("log_build", pyramid=pyramid_name(piece[0]), where=panel(state, move.cell, move.space))
    if isinstance(move, Shift):
        piece = piece_at(state, move.to_cell, move.to_space)
        assert piece is not None  # (described once shifted)
        key = "log_shift_tower" if len(piece) > 1 else "log_shift"
        return tr(key, colour=tr(f"colour_{piece[0][1]}"), source=panel(state, move.cell, move.space, before),
                  target=panel(state, move.to_cell, move.to_space))
    if isinstance(move, Skip):
        return tr("log_skip")
    if isinstance(move, SwapRow):
        cards = game.deck.cards
        row = [element_name(cards[g].code) for g in state.unused_goals]
        return tr("log_swap_row", first=row[move.index + 1], second=row[move.index])
    if isinstance(move, TradePiece):
        piece = piece_at(state, move.cell, move.space)
        assert piece is not None  # (described once traded)
        return tr("log_trade_piece", pyramid=pyramid_name(piece[0]), where=panel(state, move.cell, move.space))
    if isinstance(move, DraftDiscard):
        return tr("log_draft")
    if isinstance(move, Zap):
        return tr("log_towers_zap", card=aquarius.sentence(aquarius.taken(before, move.cell)))
    return aquarius.describe(game, state, names, result, before)


def events(state: State) -> list[str]:
    """Action cards resolved on drawing (Shuffle Goals) or impossible, in words."""
    lines = []
    for event in towers(state).events:
        action, outcome = event.split(": ")
        key = "log_event_done" if outcome == "done" else "log_event_impossible"
        lines.append(tr(key, action=action_name(action)))
    return lines
