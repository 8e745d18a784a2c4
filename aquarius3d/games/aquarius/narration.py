"""Aquarius moves in words, for the log and the hand-off cover (in the player's language).

`describe(game, state, names, result)` is called after the move was applied;
the other families say their own moves and hand the rest to this one.
"""

from __future__ import annotations

from ...engine.game import ApplyResult, Game
from ...engine.moves import MoveCard, Pass, Place, RotateGoals, ShuffleHands, TradeGoals, TradeHands, Zap, cell_text
from ...engine.state import State
from ...i18n import tr


def where(cell, level: int = 0) -> str:
    """A cell, and its storey when above the table, in words."""
    return cell_text(cell) + (" " + tr("storey", level=level) if level else "")


def describe(game: Game, state: State, names: list[str], result: ApplyResult) -> str:
    move, name = result.move, names[result.seat]
    if isinstance(move, Place):
        key = "log_place_turned" if move.turned else "log_place"
        return tr(key, name=name, card=move.code, cell=where(move.cell, move.level))
    if isinstance(move, Pass):
        return tr("log_pass", name=name)
    if isinstance(move, TradeHands):
        return tr("log_trade_hands", name=name, other=names[move.seat])
    if isinstance(move, MoveCard):
        key = "log_move_turned" if move.turned else "log_move"
        return tr(key, name=name, source=cell_text(move.source), target=cell_text(move.target))
    if isinstance(move, Zap):
        return tr("log_zap", name=name, cell=cell_text(move.cell))
    if isinstance(move, TradeGoals):
        if move.seat is None:
            return tr("log_trade_goals_pile", name=name)
        return tr("log_trade_goals", name=name, other=names[move.seat])
    if isinstance(move, RotateGoals):
        return tr("log_rotate_goals", name=name, direction=tr(f"dir_{move.direction}").lower())
    if isinstance(move, ShuffleHands):
        return tr("log_shuffle_hands", name=name)
    return tr("log_shuffle_goals", name=name)
