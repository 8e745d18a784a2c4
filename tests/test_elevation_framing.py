"""Aquarius Rising's side elevation (E) framed clear of the HUD (issue 27, points 4 and 10): at 150% in a 1024x600 or
1280x720 window its 0 mm line and its low ruler marks lay behind the prompt strip, the heights panel and the hand.
The ruler, every marker line and every word of the elevation lie inside the window and clear of every part the HUD
draws (the table screen's `obstacles()`, as the table's own framing keeps clear of), zoomed in too."""

import pytest
from panda3d.core import Point3
from test_layout import with_window

from aquarius3d.i18n import length, tr
from aquarius3d.screens.layout import overlap
from aquarius3d.session import Seat


def drawn(app, node):
    """Where a node of the elevation is drawn on the screen (screen units: -1..1 each way)."""
    base = app.base
    low, high = node.getTightBounds(base.cam)
    lens, points = base.cam.node().getLens(), []
    for x in (low.x, high.x):
        for z in (low.z, high.z):
            film = Point3()
            lens.project(Point3(x, (low.y + high.y) / 2, z), film)
            points.append((film.x, film.y))
    return (min(p[0] for p in points), max(p[0] for p in points), min(p[1] for p in points),
            max(p[1] for p in points))


def check_clear(app, what):
    table = app.table
    obstacles = table.obstacles()
    parts = [node for node in table.parts.elevation.root.getChildren() if node.getTightBounds(app.base.cam)]
    assert len(parts) > 10, what  # (the ruler, its words, the lines and their words)
    for node in parts:
        rect = drawn(app, node)
        assert -1.001 <= rect[0] and rect[1] <= 1.001 and -1.001 <= rect[2] and rect[3] <= 1.001, (what, node, rect)
        for other in obstacles:
            assert not overlap(rect, other), (what, node, rect, other)


@pytest.mark.parametrize("percent", [100, 150])
@pytest.mark.parametrize("width,height", [(1024, 600), (1280, 720), (1920, 1080)])
def test_the_elevation_lies_clear_of_the_hud(app, monkeypatch, width, height, percent):
    original = with_window(app, monkeypatch, width, height)
    app.settings["interface_scale"] = percent
    try:
        app.start_game("aquarius-rising", {}, [Seat("Ann"), Seat("Bo", "computer")], seed=4)
        table, session = app.table, app.session
        for _ in range(60):
            if session.stage == "cover":
                table.reveal()
            elif session.stage == "computer":
                session.computer_move()
            elif len(session.state.log) > 10 and session.stage == "choose":
                break
            else:
                session._try(session.game.legal_moves(session.state)[0])
            table.refresh()
        table.toggle_elevation()
        assert table.elevation_on
        table.refresh()
        check_clear(app, (width, height, percent))
        table.zoom(0.8)  # the wheel: zoomed in, the ruler and its 0 mm word stay clear, at the free rectangle's corner
        root = table.parts.elevation.root
        bottom = tr("ruler_label", height=length(0))
        zero = [node for node in root.getChildren() if hasattr(node.node(), "getText") and node.node().getText() == bottom]
        assert zero
        left, right, low, _ = drawn(app, root.find("ruler"))
        for rect in [(left, right, low, low + 0.02), drawn(app, zero[0])]:  # (its foot, and the word by it)
            assert -1 <= rect[0] and rect[3] <= 1 and not any(overlap(rect, other) for other in table.obstacles())
        table.toggle_elevation()
    finally:
        app.base.adjustWindowAspectRatio(original)
