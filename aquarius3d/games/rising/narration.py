"""Aquarius Rising's own moves in words (pyramids and the two changed actions); the rest as in Aquarius."""

from __future__ import annotations

from ...engine.game import ApplyResult, Game
from ...engine.moves import PlacePyramid, TradePyramids, TwoPyramids
from ...engine.state import State
from ...i18n import element_name, length, pyramid_name, tr
from ...vocabulary import ELEMENTS
from ..aquarius import narration as aquarius
from .blocks import houses_of_state, ranking_keys


def describe(game: Game, state: State, names: list[str], result: ApplyResult) -> str:
    move, name = result.move, names[result.seat]
    if isinstance(move, PlacePyramid):
        return tr("log_pyramid", name=name, pyramid=pyramid_name(move.pyramid), cell=aquarius.where(move.cell, move.level))
    if isinstance(move, TradePyramids):
        return tr("log_trade_pyramids", name=name, other=names[move.seat])
    if isinstance(move, TwoPyramids):
        return tr("log_two_pyramids", name=name)
    return aquarius.describe(game, state, names, result)


def explain_heights(game: Game, state: State) -> list[str]:
    """The winner in words, one step of the tie-break chain at a time, for the goal elements."""
    cards = game.deck.cards
    groups = {name: state.table.largest_group(1 << i) for i, name in enumerate(ELEMENTS)}
    keys = ranking_keys(houses_of_state(state), groups, game.end.pips)
    goals = list(dict.fromkeys(cards[g].code for g in state.goals if g is not None))
    alive = [g for g in goals if g in keys]
    lines = []
    pips = f"explain_pips_{game.end.pips}"  # which reading counts the pips: by house or at that height
    steps = ("explain_height", pips, "explain_next", pips, "explain_group")
    for step, key in enumerate(steps):
        if len(alive) < 2:
            break
        values = {g: keys[g][step] for g in alive}
        digits = 1
        while digits < 6 and len({_number(v, step, digits) for v in values.values()}) < len(set(values.values())):
            digits += 1  # heights a hair apart are shown apart
        listed = ", ".join(f"{element_name(g)} {_number(values[g], step, digits)}" for g in alive)
        best = max(values.values())
        alive = [g for g in alive if values[g] == best]
        lines.append(tr(key, values=listed))
    if len(alive) == 1:
        lines.append(tr("explain_winner", element=element_name(alive[0])))
    elif alive:
        lines.append(tr("explain_draw", elements=" & ".join(element_name(g) for g in alive)))
    return lines


def _number(value, step: int, digits: int = 1) -> str:
    """A chain value in words: heights in millimetres, pips and panels as counts."""
    if step in (0, 2):
        return "—" if value < 0 else length(value, digits)
    return str(value)
