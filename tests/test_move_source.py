"""Move a Card's card, while its new place is chosen (issue 27, playtest): it is marked where it lies, dimmed within
a dashed pale outline unlike the spots' gold, and the last move's gold rim is put away while an action chooses on
the table (it read as one more card to choose, or as the card being moved)."""

import random

import pytest

from test_prompt import give, to_choose

from aquarius3d.session import Seat, Stage
from aquarius3d.view.outlines import SOURCE_DIM
from aquarius3d.view.scene import card_transform


def test_the_moving_card_is_marked_and_the_last_moves_rim_waits(app):
    app.start_game("aquarius", {}, [Seat("Ann"), Seat("Bo")], seed=5)
    table = app.table
    table.reveal()
    to_choose(app, random.Random(5), cards=6)
    session, parts, last_move = app.session, table.parts, table.feedback.last_move
    assert last_move.keys and not last_move.holder.isHidden()  # Bo's card rimmed
    give(app, "move_a_card")
    assert session.stage == Stage.TABLE_CARD
    assert last_move.holder.isHidden()  # the cards to choose are the gold ones
    cell = sorted(session.table_choices())[0]
    session.choose_table_card(cell)
    table.refresh()
    assert session.stage == Stage.TARGET
    key = session.state.table.cards[cell]
    assert parts.moving() == key
    mark = parts.source_mark
    assert mark is not None and not mark.isEmpty()
    x, y, _ = card_transform(table.scene.views[key])
    assert (mark.getX(), mark.getY()) == (x, y)
    assert tuple(table.scene.nodes[key].getColorScale()) == pytest.approx(SOURCE_DIM, abs=1e-3)
    others = [node for k, node in table.scene.nodes.items() if k != key]
    assert not any(node.hasColorScale() for node in others)
    assert last_move.holder.isHidden()
    session.cancel()  # Esc: the card stays where it was, unmarked, the rim back
    table.refresh()
    if session.stage == Stage.TABLE_CARD:
        session.cancel()
        table.refresh()
    assert parts.moving() is None and parts.source_mark is None
    assert not table.scene.nodes[key].hasColorScale()
    assert not last_move.holder.isHidden()
