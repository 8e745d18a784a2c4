"""The log's panel is as high as what it holds (issue 27, polish): one move, one row's panel, not nine empty rows;
it grows with the moves up to its place, its words always inside it; the tour's frame round it is the panel as
drawn; at every interface scale."""

import pytest
from test_screens import widget_box

from aquarius3d.screens import layout
from aquarius3d.session import Seat

ROW = layout.LOG_TEXT * layout.LINE  # a row of the log at 100%, in the corner's units


def panel_and_words(app):
    hud = app.table.hud
    return widget_box(app.base, hud.log_panel), widget_box(app.base, hud.log)


@pytest.mark.parametrize("percent", [100, 150])
def test_the_log_panel_is_as_high_as_its_rows(app, percent):
    app.settings["interface_scale"] = percent
    app.start_game("aquarius", {}, [Seat("Ann"), Seat("Bo")], seed=3)
    table = app.table
    table.apply_scale()
    hud = table.hud
    top = hud.top_right.getSz(app.base.aspect2d)
    heights = []
    for count in (1, 2, 4, 30):
        app.session.messages[:] = [f"Move {i}" for i in range(count)]
        table.refresh()
        (p0, p1, q0, q1), (x0, x1, z0, z1) = panel_and_words(app)
        assert p0 <= x0 and x1 <= p1 and q0 <= z0 and z1 <= q1  # the words inside
        rows = hud.log.textNode.getNumRows()
        assert rows == min(count, 8, hud.log_rows)
        assert (q1 - q0) <= (layout.LOG_FIRST + 0.064 + (rows - 1) * ROW) * top + 1e-6  # no empty rows under
        heights.append(q1 - q0)
        assert table.tour.log_box() == pytest.approx((p0, p1, q0, q1), abs=1e-6)
    assert heights == sorted(heights) and heights[0] < heights[-1] / 3
    full = layout.log_frame(hud.log_rows)  # the most: its place, which the camera's framing keeps clear
    assert heights[-1] <= (full[3] - full[2]) * top + 1e-6
