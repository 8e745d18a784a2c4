"""Settings at 150% (issue 27, point 10; a playtester's 1024x600 and 1280x720 windows): the form was moved aside as a
whole (its title at x 470 of 1280: its rows of choices reached further right of the middle than its names left of
it) and scrolled, its colour-blind note cut in half under the Back button's band. Now its title, its note and Back
stand in the window's middle, the rows centred as one, and the whole form fits the window without scrolling, in
English and French."""

import pytest
from test_layout import with_window
from test_prompt import bounds

from aquarius3d.i18n import set_language
from aquarius3d.screens import drawn_rect
from aquarius3d.screens.layout import inside


@pytest.mark.parametrize("width,height", [(1024, 600), (1280, 720), (1920, 1080)])
def test_settings_stand_in_the_middle_and_fit_at_every_scale(app, monkeypatch, width, height):
    original = with_window(app, monkeypatch, width, height)
    aspect = width / height
    try:
        for language in ("en", "fr"):
            set_language(language)
            for percent in (100, 125, 150):
                app.settings["interface_scale"] = percent
                screen = app.show_settings()
                what = (language, percent)
                assert screen.scroll.room == 0, what  # (the whole form in the window)
                left, right, bottom, top = screen.content()
                assert -left == pytest.approx(right, abs=0.02), what
                assert inside((left, right, bottom, top), (-aspect, aspect, -1, 1), 0.004), what
                title = bounds(app, screen.widgets[0])
                assert (title[0] + title[1]) / 2 == pytest.approx(0, abs=0.02), what
                back = drawn_rect(app.base, screen.widgets[-1])
                assert (back[0] + back[1]) / 2 == pytest.approx(0, abs=0.02), what
                assert screen.root.getScale()[0] == pytest.approx(percent / 100), what  # (not made smaller)
    finally:
        set_language("en")
        app.base.adjustWindowAspectRatio(original)
