"""The table holds what stands on it (issue 27, polish): Dominus' table limit and Aquarius Rising's trays, with each
seat's hand of backs, lie on the felt within the wooden rim, whatever the limit or the number of seats."""

import pytest

from aquarius3d.session import Seat


def inside(extent, box, margin=20.0):
    (left, bottom), (right, top) = extent
    x0, y0, x1, y1 = box
    return left + margin <= x0 and x1 <= right - margin and bottom + margin <= y0 and y1 <= top - margin


@pytest.mark.parametrize("limit", [[6, 2], [14, 7], [20, 9]])
def test_dominus_table_limit_lies_on_the_felt(app, limit):
    app.start_game("dominus", {"table": limit}, [Seat("Ann"), Seat("Bo", "computer")], seed=5)
    scene = app.table.scene
    low, high = scene.limit_root.getTightBounds(scene.root)
    assert inside(scene.table_extent, (low.x, low.y, high.x, high.y))


@pytest.mark.parametrize("seats", [2, 3, 5])
def test_rising_trays_and_hands_of_backs_lie_on_the_felt(app, seats):
    names = ["Ann", "Bo", "Cy", "Di", "Ed"][:seats]
    app.start_game("aquarius-rising", {}, [Seat(n) for n in names], seed=4)
    table = app.table
    scene = table.scene
    trays = table.parts.trays.seats
    assert len(trays) == seats
    for tray in trays:
        low, high = tray.find("tray-board").getTightBounds(scene.root)
        assert inside(scene.table_extent, (low.x, low.y, high.x, high.y)), tray.getName()
    fans = table.feedback.seats.fans
    assert fans  # (every seat but the home one)
    for (x0, y0, _), (x1, y1, _) in fans:
        assert inside(scene.table_extent, (x0, y0, x1, y1), margin=0.0)
