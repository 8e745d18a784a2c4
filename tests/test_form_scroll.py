"""The forms as high as the window (New game, Host, Load, Rules, Settings) hold the interface scale (issue 27, point
10): at 150% they reached 106-118% (scaled to fit the window's height); now a form higher than the window scrolls,
its top at the window's top, a bar at the right edge saying where the window is in it, the wheel moving it and Tab
bringing the widget in focus into view. Only a form wider than the window at that scale is made smaller, and then
it spans the window's width. The form's foot (its note and buttons) stays at the window's bottom, over a band of the
window's colour that hides the body scrolled beneath it and takes its clicks."""

import pytest
from test_layout import with_window

from aquarius3d.screens import layout, scrolling
from aquarius3d.screens.focus import ordered_widgets, screen_widgets, widget_rect
from aquarius3d.screens.layout import MARGIN, inside

SIZES = [(1024, 600), (1280, 720), (1920, 1080)]
FORMS = ["new game", "host", "load", "rules", "settings"]


def open_form(app, name):
    """Each form at its longest: Aquarius Rising's options and five players for the two game forms."""
    if name == "new game":
        form = app.show_new_game()
        form.choose_ruleset("aquarius-rising")
    elif name == "host":
        form = app.screens.switch("host")
    elif name == "load":
        return app.screens.switch("load")
    elif name == "rules":
        return app.show_rules()
    else:
        return app.show_settings()
    while len(form.seats) < 5:
        form.add_seat()
    return form


@pytest.mark.parametrize("width,height", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_forms_hold_the_interface_scale_and_scroll(app, monkeypatch, width, height):
    original = with_window(app, monkeypatch, width, height)
    app.settings["interface_scale"] = 150
    aspect = width / height
    try:
        reached = {}
        for name in FORMS:
            form = open_form(app, name)
            size = form.root.getSx()
            reached[name] = round(size, 3)
            left, right, bottom, top = form.content()  # (as drawn now, aspect2d units)
            if size < 1.5 - 1e-6:  # only as much smaller as the window's width asks
                assert right - left == pytest.approx(2 * aspect - 2 * MARGIN, abs=1e-3), name
            assert -aspect + MARGIN - 1e-3 <= left and right <= aspect - MARGIN + 1e-3, name
            scroll = form.scroll
            if scroll.band is None or scroll.band.isHidden():  # it fits (as drawn, or moved to the window's middle)
                assert scroll.room == 0 and scroll.bar is None and top - bottom <= 2 - 2 * MARGIN + 1e-3, name
                assert -1 + MARGIN - 1e-3 <= bottom and top <= 1 - MARGIN + 1e-3, name
                continue
            ring = ordered_widgets(form, screen_widgets(form))
            feet = [w for w in ring if scroll.foot.isAncestorOf(w)]
            assert feet, name  # its buttons at the foot: at the window's bottom, whole, over the band
            for widget in feet:
                assert inside(widget_rect(app.base, widget), (-aspect, aspect, -1, scroll.floor), 0.004), name
            if scroll.room == 0:  # what is above the foot fits above it
                assert scroll.bar is None, name
                continue
            assert top == pytest.approx(1 - MARGIN, abs=1e-3) and scroll.bar is not None, name
            z = scroll.body.getZ(app.base.aspect2d)
            app.base.messenger.send("wheel_down")  # what lies below comes up
            assert scroll.body.getZ(app.base.aspect2d) == pytest.approx(z + min(scrolling.STEP, scroll.room), abs=1e-5)
            app.base.messenger.send("wheel_up")
            assert scroll.body.getZ(app.base.aspect2d) == pytest.approx(z, abs=1e-5), name
            body = [w for w in ring if scroll.body.isAncestorOf(w)]
            hidden = widget_rect(app.base, body[-1])[2] < scroll.floor
            form.focus.focus(body[-1])  # Tab to the last one above the foot: brought into view above the foot
            assert inside(widget_rect(app.base, body[-1]), (-aspect, aspect, scroll.floor, 1), 0.004), name
            assert (scroll.offset > 0) == hidden, name
            form.focus.focus(body[0])  # and back to the first: the form scrolled back down
            assert inside(widget_rect(app.base, body[0]), (-aspect, aspect, scroll.floor, 1), 0.004), name
        # the forms' whole scale at each size (the Rules' pages, 2.5 units wide at 100%, were made smaller to 135-141%:
        # now they are laid out narrower for the window, tests/test_rules_scale.py)
        assert set(reached.values()) == {1.5}, reached
    finally:
        app.base.adjustWindowAspectRatio(original)


def test_a_form_that_fits_stays_where_it_was_drawn():
    """At 100% a form lies as drawn, round the window's middle: nothing moved, nothing to scroll."""
    assert layout.scrolled(1.0, (-1.0, 1.0, -0.95, 0.93), 16 / 9) == (1.0, 0.0, 0.0, 0.0)
    size, across, up, room = layout.scrolled(1.5, (-1.0, 1.0, -0.95, 0.93), 16 / 9)
    assert size == 1.5 and across == 0.0 and room == pytest.approx(1.88 * 1.5 - 2 + 2 * MARGIN)
    assert up == pytest.approx(1 - MARGIN - 0.93 * 1.5)


def test_the_new_game_forms_note_shows_at_its_foot(app, monkeypatch):
    """Two players of one name at 150% in the smallest window: the note saying so stands whole at the foot, over the
    band, under what scrolls (its row was kept for it)."""
    from test_prompt import bounds

    original = with_window(app, monkeypatch, 1024, 600)
    app.settings["interface_scale"] = 150
    try:
        form = open_form(app, "new game")
        assert form.scroll.room > 0
        form.seat_entries[1].enterText("Ann")
        form.start()
        assert app.screen == "new" and form.note.getText()
        words = bounds(app, form.note)
        assert form.scroll.foot.isAncestorOf(form.note)
        assert inside(words, (-width_of(app), width_of(app), -1, form.scroll.floor), 0.004)
    finally:
        app.base.adjustWindowAspectRatio(original)


def width_of(app):
    return app.base.getAspectRatio()
