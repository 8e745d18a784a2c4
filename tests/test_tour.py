"""The first-game tour: callouts at the hand, the goal, the spots, the log and the menu; once, skippable."""

import pytest

from aquarius3d.files import user_settings
from aquarius3d.screens.tour import STEPS
from aquarius3d.session import Seat

TOUR = pytest.mark.parametrize("app", ["tour"], indirect=True)  # a first run: the settings file says nothing yet


@TOUR
def test_the_tour_waits_for_the_cover_then_walks_through_and_is_remembered(app):
    app.start_game("aquarius", {}, [Seat("Ann"), Seat("Bo")], seed=3)
    table = app.table
    assert table.session.stage == "cover" and not table.tour.shown  # nothing to point at under the cover
    table.reveal()
    assert table.tour.shown and table.tour.step == 0
    assert app.base.messenger.isAccepting("enter", table) and not app.base.messenger.isAccepting("r", table)
    seen = []
    while table.tour.shown:
        seen.append(table.tour.words.getText())
        x, z = table.tour.marker.getX(), table.tour.marker.getZ()
        aspect = app.base.getAspectRatio()
        assert -aspect <= x <= aspect and -1 <= z <= 1  # the marker is inside the window
        app.base.messenger.send("enter")
    assert len(seen) == len(STEPS) and "hand" in seen[0] and "goal" in seen[1]
    assert app.base.messenger.isAccepting("r", table)  # the table's keys are back
    assert user_settings.load_settings()["tour"] is False
    app.start_game("aquarius", {}, [Seat("Ann"), Seat("Bo")], seed=4)
    app.table.reveal()
    assert not app.table.tour.shown  # never twice


@TOUR
def test_esc_skips_the_tour_and_settings_bring_it_back(app):
    app.start_game("aquarius", {}, [Seat("Ann"), Seat("Bot", "computer")], seed=3)
    table = app.table
    assert table.tour.shown
    app.base.messenger.send("escape")
    assert not table.tour.shown and not table.menu.shown and user_settings.load_settings()["tour"] is False
    settings = app.show_settings()
    settings.set_tour(True)
    assert user_settings.load_settings()["tour"] is True


@TOUR
def test_computers_alone_get_no_tour(app):
    app.start_game("aquarius", {}, [Seat("Bot 1", "computer"), Seat("Bot 2", "computer")], seed=3)
    assert not app.table.tour.shown
