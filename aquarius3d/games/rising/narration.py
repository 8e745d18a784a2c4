"""Aquarius Rising's own moves in words (pyramids and the two changed actions); the rest as in Aquarius."""

from __future__ import annotations

from ...engine.game import ApplyResult, Game
from ...engine.moves import PlacePyramid, TradePyramids, TwoPyramids, cell_text
from ...engine.state import State
from ...engine.table import Cell
from ...i18n import action_name, element_name, height, pyramid_name, tr
from ...core.vocabulary import ELEMENTS
from ..aquarius import narration as aquarius
from .houses import houses_of_state, ranking_keys
from .state import rising


def describe(game: Game, state: State, names: list[str], result: ApplyResult, before: dict[Cell, str] | None = None) -> str:
    move, name = result.move, names[result.seat]
    if isinstance(move, PlacePyramid):
        return tr("log_pyramid", name=name, pyramid=pyramid_name(move.pyramid), where=pyramid_place(state, move))
    if isinstance(move, TradePyramids):
        return tr("log_trade_pyramids", name=name, other=names[move.seat], action=action_name("zap_a_card"))
    if isinstance(move, TwoPyramids):
        return tr("log_two_pyramids", name=name, action=action_name("move_a_card"))
    return aquarius.describe(game, state, names, result, before)


def pyramid_place(state: State, move: PlacePyramid) -> str:
    """Where a pyramid stood: on the card it stands on ("on the Fire–Water card"), or on a storey of a house."""
    cell = (move.cell[0], move.cell[1])
    if move.level:
        code = rising(state).storeys.get((cell, move.level), (None, None))[1]
        under = state.table.faces.get(cell)
        if code is None and under is None:
            return tr("where_cell", cell=cell_text(cell))
        return tr("on_storey_card", level=move.level, card=aquarius.card_words(code or under.code))  # type: ignore[union-attr]  # (one is there)
    face = state.table.faces.get(cell)
    return tr("on_card", card=aquarius.card_words(face.code)) if face is not None else tr("where_cell", cell=cell_text(cell))


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
        listed = ", ".join(f"{element_name(g)} {_number(values[g], step)}" for g in alive)
        best = max(values.values())
        alive = [g for g in alive if values[g] == best]
        lines.append(tr(key, values=listed))
    if len(alive) == 1:
        lines.append(tr("explain_winner", element=element_name(alive[0])))
    elif alive:
        lines.append(tr("explain_draw", elements=" & ".join(element_name(g) for g in alive)))
    return lines


def _number(value: float, step: int) -> str:
    """A chain value in words: heights as everywhere (i18n.height: to the hundredth of a millimetre, "flat" for a
    card's face on the felt), pips and panels as counts."""
    if step in (0, 2):
        return "—" if value < 0 else height(value)
    return str(value)
