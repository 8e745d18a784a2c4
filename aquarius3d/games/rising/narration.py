"""Aquarius Rising's own moves in words (pyramids and the two changed actions); the rest as in Aquarius."""

from __future__ import annotations

from ...engine.game import ApplyResult, Game
from ...engine.moves import PlacePyramid, TradePyramids, TwoPyramids
from ...engine.state import State
from ...i18n import pyramid_name, tr
from ..aquarius import narration as aquarius


def describe(game: Game, state: State, names: list[str], result: ApplyResult) -> str:
    move, name = result.move, names[result.seat]
    if isinstance(move, PlacePyramid):
        return tr("log_pyramid", name=name, pyramid=pyramid_name(move.pyramid), cell=aquarius.where(move.cell, move.level))
    if isinstance(move, TradePyramids):
        return tr("log_trade_pyramids", name=name, other=names[move.seat])
    if isinstance(move, TwoPyramids):
        return tr("log_two_pyramids", name=name)
    return aquarius.describe(game, state, names, result)
