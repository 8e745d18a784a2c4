"""Full screen (issue 27): Settings' Full screen, On or Off, stored with the settings, applied at once and at the next
start; F11 toggles it on every screen. Panda3D is asked for the window full screen (WindowProperties.setFullscreen) at
the display's size, or back in a window at the stored size; the offscreen buffer here has no such properties, so what
is checked is the setting stored and the properties asked for (app.fullscreen_asked), with nothing failing. Settings
files from before it load as they did, in a window."""

import json

import pytest

from aquarius3d.files import user_settings
from aquarius3d.i18n import set_language, tr
from aquarius3d.screens.focus import widget_label
from aquarius3d.session import Seat


def stored():
    return json.loads(user_settings.settings_path().read_text(encoding="utf-8"))


def test_settings_stored_before_full_screen_load_as_they_were(private_home):
    old = {"language": "fr", "window": [1024, 600], "antialiasing": True, "tour": False, "volume": 40}
    user_settings.settings_path().parent.mkdir(parents=True, exist_ok=True)
    user_settings.settings_path().write_text(json.dumps(old), encoding="utf-8")
    loaded = user_settings.load_settings()
    assert loaded["fullscreen"] is False  # (in a window, as before)
    assert (loaded["language"], loaded["window"], loaded["smooth_edges"], loaded["volume"]) == ("fr", [1024, 600],
                                                                                              "on", 40)
    for value, read in ((True, True), (False, False), ("yes", False), (1, False)):
        user_settings.settings_path().write_text(json.dumps({**old, "fullscreen": value}), encoding="utf-8")
        assert user_settings.load_settings()["fullscreen"] is read, value


def test_full_screen_in_settings_is_stored_applied_and_marked(app):
    screen = app.show_settings()
    assert widget_label(screen.fullscreen_buttons[False]).startswith(">")  # (off by default)
    button = screen.fullscreen_buttons[True]
    button["command"](*button["extraArgs"])  # a click on On
    assert app.settings["fullscreen"] is True and stored()["fullscreen"] is True
    asked = app.fullscreen_asked
    assert asked is not None and asked.getFullscreen()
    shown = app.screens.current
    assert widget_label(shown.fullscreen_buttons[True]).startswith(">")
    assert not widget_label(shown.fullscreen_buttons[False]).startswith(">")
    button = shown.fullscreen_buttons[False]
    button["command"](*button["extraArgs"])  # Off: back in a window, at the size stored
    asked = app.fullscreen_asked
    assert not asked.getFullscreen() and (asked.getXSize(), asked.getYSize()) == tuple(app.settings["window"])
    assert stored()["fullscreen"] is False
    assert widget_label(app.screens.current.fullscreen_buttons[False]).startswith(">")


def test_f11_toggles_full_screen_on_every_screen(app):
    app.base.messenger.send("f11")  # the menu
    assert app.settings["fullscreen"] is True and app.fullscreen_asked.getFullscreen()
    app.start_game("aquarius", {}, [Seat("Ann"), Seat("Bo")], seed=1)
    app.base.messenger.send("f11")  # the table
    assert app.settings["fullscreen"] is False and not app.fullscreen_asked.getFullscreen()
    app.show_settings()
    app.base.messenger.send("f11")  # Settings: the choice in force marked at once
    assert stored()["fullscreen"] is True
    assert widget_label(app.screens.current.fullscreen_buttons[True]).startswith(">")


def test_full_screen_stored_is_asked_for_at_the_start(app, offscreen):
    from aquarius3d.app import App

    user_settings.store_settings({**user_settings.load_settings(), "fullscreen": True})
    again = App(base=offscreen.base)
    try:
        assert again.fullscreen_asked is not None and again.fullscreen_asked.getFullscreen()
    finally:
        again.screens.close()
        again.pacer.stop()


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_help_and_settings_say_f11(language):
    set_language(language)
    try:
        row = next(line for line in tr("help_text").splitlines() if "F12" in line)
        assert row.startswith("F11")
        assert tr("settings_fullscreen").endswith("\u00a0:" if language == "fr" else ":")
    finally:
        set_language("en")


@pytest.mark.parametrize("percent", [100, 125, 150])
def test_the_settings_rows_with_full_screen_overlap_nowhere(app, monkeypatch, percent):
    """Seven rows where six stood: none of the form's widgets over another, in English and French, at 1024x600."""
    from test_layout import with_window

    from aquarius3d.screens import drawn_rect
    from aquarius3d.screens.layout import overlap

    with_window(app, monkeypatch, 1024, 600)
    app.settings["interface_scale"] = percent
    try:
        for language in ("en", "fr"):
            set_language(language)
            screen = app.show_settings()
            assert screen.scroll.room == 0
            rects = [(w, drawn_rect(app.base, w)) for w in screen.widgets]
            rects = [(w, r) for w, r in rects if r is not None and r[1] > r[0]]
            for i, (a, ra) in enumerate(rects):
                for b, rb in rects[i + 1:]:
                    assert not overlap(ra, rb), (language, str(a), str(b))
    finally:
        set_language("en")
