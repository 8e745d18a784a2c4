"""The first-game tour's callout never covers the hand or the prompt strip (issue 27, polish): at 1024x600, 1280x720
and 1920x1080 and at 100%, 125% and 150%, in every step, the callout (its panel as drawn) lies inside the window,
beside its gold frame (or, where no place beside it is clear of them, over a corner of it), and clear of the hand's cards and of the strip (and of an action's dialog), but in the step
that shows the game menu, whose shade lies over them."""

import pytest
from test_layout import with_window
from test_tour import SIZES, TOUR, toured

from aquarius3d.screens.focus import widget_rect
from aquarius3d.screens.layout import inside, overlap
from aquarius3d.screens.tour import STEPS, covered, steps
from aquarius3d.session import Seat


@TOUR
@pytest.mark.parametrize("percent", [100, 125, 150])
@pytest.mark.parametrize("width,height", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_callout_keeps_clear_of_the_hand_and_the_strip(app, monkeypatch, width, height, percent):
    original = with_window(app, monkeypatch, width, height)
    app.settings["interface_scale"] = percent
    aspect = width / height
    try:
        app.start_game("aquarius", {}, [Seat("Ann"), Seat("Bo")], seed=3)
        table = app.table
        table.reveal()
        tour = table.tour
        seen = []
        while tour.shown:
            key = tour.keys[tour.step]
            callout = widget_rect(app.base, tour.panel)
            assert inside(callout, (-aspect, aspect, -1, 1), 0.004), (key, callout)
            if overlap(callout, tour.frame):  # only where no place beside it is clear of the hand and the strip:
                assert tour._panel_place(aspect, 1.0) is None, key  # (not even at 100%)
                assert covered(callout, tour.frame) <= area(tour.frame) / 4, key  # then over little of it
            kept = [box for _, box in table.hud.hand.nodes] + table.hud.prompt.rects()
            assert kept and table.hud.prompt.strip_rect is not None
            if table.menu.shown:  # (the step showing the game menu: its shade lies over them)
                assert key == "tour_rules"
                kept = []
            for box in kept:
                assert not overlap(callout, box), (key, percent, callout, box)
            seen.append(key)
            app.base.messenger.send("enter")
        assert seen == list(STEPS)
    finally:
        app.base.adjustWindowAspectRatio(original)


def area(rect):
    return (rect[1] - rect[0]) * (rect[3] - rect[2])


@TOUR
@pytest.mark.parametrize("ruleset", ["aquarius", "dominus", "elemental-towers", "aquarius-rising"])
@pytest.mark.parametrize("percent", [100, 125, 150])
@pytest.mark.parametrize("width,height", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_each_steps_frame_keeps_clear_of_the_hand_and_the_strip(app, monkeypatch, width, height, percent, ruleset):
    """The gold frame of a step stands clear of the prompt strip and of the hand (the hand's own step clear of the
    strip): the step showing the legal spots framed a region running over the strip at 1280x720 at 125%."""
    with toured(app, monkeypatch, (width, height), percent, ruleset, 3) as table:
        tour = table.tour
        seen = []
        while tour.shown:
            key = tour.keys[tour.step]
            hand = [box for _, box in table.hud.hand.nodes]
            kept = table.hud.prompt.rects() + ([] if key == "tour_hand" else hand)
            if key != "tour_rules":  # (the game menu's shade lies over them)
                for box in kept:
                    assert not overlap(tour.frame, box), (key, tour.frame, box)
            seen.append(key)
            app.base.messenger.send("enter")
        assert seen == steps(ruleset in ("aquarius", "aquarius-rising"), ruleset == "aquarius-rising")
