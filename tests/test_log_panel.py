"""The log's panel is as high as what it holds (issue 27, polish): one move, one row's panel, not nine empty rows;
it grows with the moves up to its place, its words always inside it; the tour's frame round it is the panel as
drawn; at every interface scale."""

import pytest
from test_screens import widget_box

from aquarius3d.i18n import tr
from aquarius3d.screens import layout
from aquarius3d.session import Seat

ROW = layout.LOG_TEXT * layout.LINE  # a row of the log at 100%, in the corner's units


def panel_and_words(app):
    hud = app.table.hud
    return widget_box(app.base, hud.log_panel), widget_box(app.base, hud.log)


@pytest.mark.parametrize("percent", [100, 150])
def test_the_log_panel_is_as_high_as_its_rows(app, percent):
    app.settings["interface_scale"] = percent
    app.settings["log_open"] = True  # (unfolded: J)
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


def test_the_log_folds_to_its_tab_and_j_or_a_click_unfolds_it_as_settings_keep(app):
    """The log starts folded to a tab in the top right corner (the table's far rows come up there, the cards
    larger): its panel and words hidden, the tab drawn and kept clear by the framing; J unfolds it (the newest
    moves in the panel, the panel among the HUD's parts the table keeps clear of, the tab gone), and the choice is
    kept in Settings for the next game; a click on the panel folds it again, a click on the tab unfolds it."""
    from aquarius3d.files import user_settings
    from aquarius3d.screens.overlays import node_rect

    app.start_game("aquarius", {}, [Seat("Ann"), Seat("Bo")], seed=3)
    table, hud = app.table, app.table.hud
    # nothing to tell yet, but the tab is there from the start (the playtest found no log before the first move)
    assert app.session.messages == [] and not hud.log_tab.isHidden() and hud.log_panel.isHidden()
    assert node_rect(table, hud.log_tab) in table.obstacles()
    table.toggle_log()  # J before any move: the panel says what it will hold
    assert not hud.log_panel.isHidden() and hud.log.getText() == tr("tour_log_empty") and hud.log_tab.isHidden()
    table.toggle_log()
    assert hud.log_panel.isHidden() and hud.log.getText() == "" and not hud.log_tab.isHidden()
    app.session.messages[:] = ["Ann placed the Fire card", "Bo placed the Water card below the Fire card"]
    table.refresh()
    tab = node_rect(table, hud.log_tab)
    assert not hud.log_open and hud.log_panel.isHidden() and hud.log.isHidden() and not hud.log_tab.isHidden()
    assert tab is not None and tab in table.obstacles()
    panel = hud._rect(hud.top_right, tuple(hud.log_panel["frameSize"]))
    assert panel not in table.obstacles() and tab[1] - tab[0] < (panel[1] - panel[0]) / 2
    assert tab[3] > 0.9 and tab[1] > 0.9  # in the top right corner
    table.toggle_log()  # J
    assert hud.log_open and not hud.log_panel.isHidden() and not hud.log.isHidden() and hud.log_tab.isHidden()
    assert hud.log.getText().endswith("below the Fire card")
    panel = hud._rect(hud.top_right, tuple(hud.log_panel["frameSize"]))
    assert panel in table.obstacles() and tab not in table.obstacles()
    assert user_settings.load_settings()["log_open"] is True and app.settings["log_open"] is True
    app.start_game("aquarius", {}, [Seat("Ann"), Seat("Bo")], seed=4)  # the next game: unfolded as left
    app.session.messages[:] = ["Ann placed the Air card"]
    app.table.refresh()
    assert app.table.hud.log_open and not app.table.hud.log_panel.isHidden()
    hud = app.table.hud
    app.base.messenger.send(hud.log_panel.guiItem.getPressEvent("mouse1"), [None])  # the panel clicked: folded
    assert not hud.log_open and hud.log_panel.isHidden() and not hud.log_tab.isHidden()
    hud.log_tab.commandFunc(None)  # the tab clicked
    assert hud.log_open and not hud.log_panel.isHidden()
    assert user_settings.load_settings()["log_open"] is True


def test_the_tours_log_step_unfolds_the_log_for_its_step_only(app):
    """The first-game tour's step on the log shows its panel unfolded (its tab hidden), then leaves it folded as the
    player keeps it."""
    app.start_game("aquarius", {}, [Seat("Ann"), Seat("Bo")], seed=3)
    table, hud = app.table, app.table.hud
    app.session.messages[:] = ["Ann placed the Fire card"]
    table.refresh()
    assert hud.log_panel.isHidden() and not hud.log_tab.isHidden()
    table.tour._props("tour_log")
    assert not hud.log_panel.isHidden() and not hud.log.isHidden() and hud.log_tab.isHidden()
    assert table.tour.log_box() == pytest.approx(hud.log_rect(), abs=1e-6)
    table.tour._props(None)  # the tour goes on past it
    assert hud.log_panel.isHidden() and hud.log.isHidden() and not hud.log_tab.isHidden()


def test_the_wheel_over_the_log_scrolls_it_back_and_a_new_move_brings_the_newest(app, monkeypatch):
    """A fresh playtest: the wheel did nothing for the log, so a move older than its few rows could not be read.
    Over the unfolded panel the wheel goes a move back or forth (the camera stays); the last row says how many
    newer moves are below; a new move brings the newest back."""
    app.start_game("aquarius", {}, [Seat("Ann"), Seat("Bo")], seed=3)
    table, hud = app.table, app.table.hud
    table.toggle_log()
    app.session.messages[:] = [f"Move {n} was made" for n in range(1, 21)]
    table.refresh()
    assert hud.log.getText().endswith("Move 20 was made")
    from panda3d.core import PGItem

    left, right, bottom, top = hud._rect(hud.top_right, tuple(hud.log_panel["frameSize"]))
    monkeypatch.setattr(table.picker, "mouse", lambda: ((left + right) / 2, (bottom + top) / 2))
    # (over the panel a real window sends the wheel as the panel's own events: the next test)
    up, down = (PGItem.getPressPrefix() + name + "-" + hud.log_panel.guiId for name in ("wheel_up", "wheel_down"))
    for _ in range(3):
        app.base.messenger.send(up)  # three notches back
    text = hud.log.getText()
    assert "Move 17 was made" in text and "Move 18 was made" not in text
    assert text.endswith(tr("log_newer", count=3))
    assert not table.camera.moved_by_player  # (the camera did not zoom)
    app.base.messenger.send(down)
    assert hud.log.getText().endswith(tr("log_newer", count=2))
    for _ in range(30):
        app.base.messenger.send(up)  # (no further back than the first move)
    assert hud.log.getText().startswith("Move 1 was made") or "Move 1 was made" in hud.log.getText()
    app.session.messages.append("Move 21 was made")
    table.refresh()
    assert hud.log.getText().endswith("Move 21 was made")  # the newest again
    monkeypatch.setattr(table.picker, "mouse", lambda: (0.0, 0.0))  # elsewhere the wheel zooms as ever
    app.base.messenger.send("wheel_up")
    assert table.camera.moved_by_player


def test_the_wheel_reaches_the_log_as_the_panel_s_own_events_as_in_a_real_window(app):
    """A real window (Xvfb, X wheel buttons): six notches over the unfolded log scrolled nothing, and zoomed nothing.
    The panel folds on a click, so it is an active DirectGui region, and an active region suppresses the mouse's
    buttons under the pointer, the wheel's among them: Panda3D's messenger never hears `wheel_up` there, only the
    panel's own `press-wheel_up-<id>` (the test above sends `wheel_up`, which a real window does not). The notches
    are sent as the region sends them, and the camera is left alone."""
    from panda3d.core import MouseWatcherRegion, PGItem

    app.start_game("aquarius", {}, [Seat("Ann"), Seat("Bo")], seed=3)
    table, hud = app.table, app.table.hud
    table.toggle_log()
    app.session.messages[:] = [f"Move {n} was made" for n in range(1, 21)]
    table.refresh()
    panel = hud.log_panel
    assert panel.guiItem.getActive() and panel.guiItem.getSuppressFlags() & MouseWatcherRegion.SFMouseButton
    up, down = (PGItem.getPressPrefix() + name + "-" + panel.guiId for name in ("wheel_up", "wheel_down"))
    for _ in range(3):
        app.base.messenger.send(up)
    assert hud.log.getText().endswith(tr("log_newer", count=3))
    app.base.messenger.send(down)
    assert hud.log.getText().endswith(tr("log_newer", count=2))
    assert not table.camera.moved_by_player and not hud.log_panel.isHidden()

