"""Elemental Towers' moves in words (builds, moves of pieces, the drawn actions); placing a card as in Aquarius."""

from __future__ import annotations

from ...engine.game import ApplyResult, Game
from ...engine.moves import Build, DraftDiscard, Shift, Skip, SwapRow, TradePiece, Zap, cell_text
from ...engine.state import State
from ...i18n import action_name, pyramid_name, tr
from ..aquarius import narration as aquarius
from .blocks import piece_at
from .state import towers


def describe(game: Game, state: State, names: list[str], result: ApplyResult) -> str:
    move = result.move
    if isinstance(move, Build):
        piece = piece_at(state, move.cell, move.space)
        return tr("log_build", pyramid=pyramid_name(piece[0]), cell=cell_text(move.cell), space=move.space)
    if isinstance(move, Shift):
        piece = piece_at(state, move.to_cell, move.to_space)
        key = "log_shift_tower" if len(piece) > 1 else "log_shift"
        return tr(key, colour=tr(f"colour_{piece[0][1]}"), source=f"{cell_text(move.cell)} {move.space}",
                  target=f"{cell_text(move.to_cell)} {move.to_space}")
    if isinstance(move, Skip):
        return tr("log_skip")
    if isinstance(move, SwapRow):
        return tr("log_swap_row", first=move.index + 1, second=move.index + 2)
    if isinstance(move, TradePiece):
        piece = piece_at(state, move.cell, move.space)
        return tr("log_trade_piece", pyramid=pyramid_name(piece[0]), cell=cell_text(move.cell))
    if isinstance(move, DraftDiscard):
        return tr("log_draft")
    if isinstance(move, Zap):
        return tr("log_towers_zap", cell=cell_text(move.cell))
    return aquarius.describe(game, state, names, result)


def events(state: State) -> list[str]:
    """Action cards resolved on drawing (Shuffle Goals) or impossible, in words."""
    lines = []
    for event in towers(state).events:
        action, outcome = event.split(": ")
        key = "log_event_done" if outcome == "done" else "log_event_impossible"
        lines.append(tr(key, action=action_name(action)))
    return lines
