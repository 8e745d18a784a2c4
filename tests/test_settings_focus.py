"""Settings by keyboard (issue 27, point 9; a playtester's real-input run): each choice draws the screen again with the
value in force marked, and the blue focus jumped back to "English" after picking a window size with Tab and Enter.
Now the focus stays on the button just pressed, on the new screen, whichever setting it was; a click leaves no
focus behind."""

import pytest

from aquarius3d.screens.focus import widget_label


def tab_to(app, screen, button):
    for _ in range(60):
        if screen.focus.widget is button:
            return
        app.base.messenger.send("tab")
    raise AssertionError(f"Tab never reached {widget_label(button)}")


@pytest.mark.parametrize("setting,value", [("window_buttons", (1024, 600)), ("volume_buttons", 20),
                                           ("scale_buttons", 125), ("quality_buttons", "low"),
                                           ("smooth_buttons", "off"), ("language_buttons", "fr")])
def test_the_focus_stays_on_the_choice_just_made(app, setting, value):
    screen = app.show_settings()
    button = getattr(screen, setting)[value]
    tab_to(app, screen, button)
    app.base.messenger.send("enter")
    again = app.screens.current
    assert again is not screen  # (drawn again, the new value marked)
    chosen = getattr(again, setting)[value]
    assert widget_label(chosen).startswith(">")
    assert again.focus.widget is chosen, widget_label(again.focus.widget) if again.focus.widget else None
    assert not again.focus.marker.root.isHidden()
    ring = again.focus.ring()
    app.base.messenger.send("tab")  # and Tab goes on from there, not from the top
    assert again.focus.widget is ring[(ring.index(chosen) + 1) % len(ring)]


def test_a_click_leaves_no_focus(app):
    screen = app.show_settings()
    screen.volume_buttons[40]["command"](*screen.volume_buttons[40]["extraArgs"])
    assert app.screens.current.focus.widget is None
