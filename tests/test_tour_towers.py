"""Elemental Towers' first-game tour (issue 27, point 8): the step that speaks of the glowing spots put its callout
over the supply's tray, the pyramids the player places from; and the Deck's label lay across the step's gold frame.
At 1024x600, 1280x720 and 1920x1080, at 100% and 150%: the callout (its panel as drawn) lies clear of the tray as
the camera shows it, and the piles' labels that show lie clear of the gold frame's sides and of the callout."""

import pytest
from driving import FakeTask
from test_labels_belong import screen_box
from test_tour import SIZES, TOUR, toured

from aquarius3d.screens.focus import shown
from aquarius3d.screens.layout import overlap
from aquarius3d.screens.overlays import node_rect


def spots_step(table):
    """The tour on its step of the glowing spots, the camera where it was going and the labels placed."""
    tour = table.tour
    while tour.shown and tour.keys[tour.step] != "tour_spots":
        tour.advance()
    assert tour.shown
    table.camera.finish()
    tour.redraw()
    table.feedback._place_task(FakeTask())
    return tour


@TOUR
@pytest.mark.parametrize("percent", [100, 150])
@pytest.mark.parametrize("width,height", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_spots_callout_keeps_off_the_supply_and_the_labels_off_its_frame(app, monkeypatch, width, height,
                                                                             percent):
    with toured(app, monkeypatch, (width, height), percent, "elemental-towers", 3) as table:
        tour = spots_step(table)
        callout = node_rect(table, tour.panel)
        (tray,) = table.parts.trays.seats
        low, high = tray.getTightBounds(table.scene.root)
        supply = screen_box(app, ((low.x, low.y, low.z), (high.x, high.y, high.z)))
        assert supply is not None and not overlap(callout, supply), (callout, supply)
        sides = [node_rect(table, side) for side in tour.bars]
        labels = table.parts.piles.labels
        assert labels["deck"].node().getText()
        for name, label in labels.items():
            rect = node_rect(table, label)
            if not shown(label) or rect is None or rect[1] < -1 or rect[0] > 1:  # (not shown: no clear place)
                continue
            assert not any(overlap(rect, side) for side in sides), (name, rect)
            assert not overlap(rect, callout), (name, rect)
