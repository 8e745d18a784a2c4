"""Elemental Towers' scoring row keeps its labels readable (issue 27, found playing whole games by real input): the
heading "Scoring row" stands above the column, never on a line with the top place's value, and the result panel at
the game's end does not hide the values: a value with no room right of its card stands left of it."""

import pytest
from driving import FakeTask
from test_layout import overlap, projected, rect_of, with_window

from aquarius3d.session import Seat

SIZES = [(1024, 600), (1280, 720)]


def play(app, until):
    table = app.table
    for _ in range(5000):
        if until(app.session):
            break
        table._bot_due = 0
        table._tick(FakeTask())
    table.camera.finish()
    table.feedback.place_labels()


def to_the_result(app):
    """Play to the end, its moment over: the result panel shown over the right of the table, the camera and the
    labels where they come to rest."""
    app.table.end_moment.enabled = True
    play(app, lambda session: session.stage == "over")
    app.table.end_moment.finish()
    app.table.refresh()
    app.table.camera.finish()
    app.table.feedback.place_labels()
    assert not app.table.hud.end_panel.isHidden()


def row_checks(app, where, heading_shown=True):
    """Every value shown, beside its own card (right or left of it) and level with it; the heading wholly above the
    top value (shown, unless `heading_shown` is False: then only if it has room there); none over another label or a
    panel."""
    table = app.table
    row = table.parts.scoring_row
    cards = [projected(app, tuple(map(tuple, card.getTightBounds(app.base.render)))) for card in row.cards]
    shown = table.parts.overlay.in_view()
    sides = set()
    for label, card in zip(row.labels, cards):
        text = f"{where}: {label.node().getText()!r}"
        assert label in shown, text  # (hidden before: the result panel stood where it would go)
        x0, x1, y0, y1 = rect_of(app, label)
        assert card[2] <= (y0 + y1) / 2 <= card[3], text  # level with its card
        right, left = card[1] - 0.005 <= x0 <= card[1] + 0.05, card[0] - 0.05 <= x1 <= card[0] + 0.005
        assert right or left, text  # beside it
        sides.add(right)
    assert len(sides) == 1, where  # all on one side of the row (they stood on both at 125%, at the result)
    heading, first = rect_of(app, row.heading), rect_of(app, row.labels[0])
    assert row.heading in shown or not heading_shown, where
    if row.heading in shown:
        assert heading[2] >= first[3], (where, heading, first)  # above the top value, not on its line
    rects = [rect_of(app, label) for label in shown]
    for i, rect in enumerate(rects):
        for other in rects[i + 1:]:
            assert not overlap(rect, other), (where, shown[i].node().getText(), rect, other)
        for panel in table.obstacles():
            assert not overlap(rect, panel), (where, shown[i].node().getText(), rect, panel)


@pytest.mark.parametrize("width,height", SIZES)
def test_the_scoring_rows_labels_read_during_the_game_and_beside_the_result(app, monkeypatch, width, height):
    original = with_window(app, monkeypatch, width, height)
    try:
        app.start_game("elemental-towers", {}, [Seat("Bot", "computer", "easy")], seed=8)
        for moves in (1, 12, 30):
            play(app, lambda session, moves=moves: len(session.state.log) >= moves)
            row_checks(app, f"{width}x{height}, move {moves}")
        to_the_result(app)
        # (the heading may yield to the panels there: the values are what the result is read by)
        row_checks(app, f"{width}x{height}, the result", heading_shown=False)
    finally:
        app.base.adjustWindowAspectRatio(original)


@pytest.mark.parametrize("percent", [125, 150])
@pytest.mark.parametrize("width,height", SIZES)
def test_the_values_stand_on_one_side_beside_the_result_at_every_scale(app, monkeypatch, width, height, percent):
    """At 1024x600 at 125% the result panel took the right of the row: some values stood left of their cards, some
    right, two were not shown."""
    original = with_window(app, monkeypatch, width, height)
    app.settings["interface_scale"] = percent
    try:
        app.start_game("elemental-towers", {}, [Seat("Bot", "computer", "easy")], seed=2)
        to_the_result(app)
        row_checks(app, f"{width}x{height} at {percent}%, the result", heading_shown=False)
    finally:
        app.base.adjustWindowAspectRatio(original)
