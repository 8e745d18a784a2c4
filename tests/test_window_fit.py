"""The window on a screen too small for its size (issue 27, point 10: layouts from 1024x600 up): it opens at the
largest offered size that fits, at the screen's top-left corner, and Settings offers only sizes that fit."""

from __future__ import annotations

from panda3d.core import WindowProperties

from aquarius3d.files import user_settings
from aquarius3d.files.user_settings import SETTINGS_DEFAULTS, offered_window_sizes, window_size


class FakePipe:
    """A graphics pipe on a screen of a size (0, 0: unknown)."""

    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width, height

    def getDisplayWidth(self) -> int:
        return self.width

    def getDisplayHeight(self) -> int:
        return self.height


class FakeWindow:
    """A window opened centred on its screen at a size, keeping the properties asked of it."""

    def __init__(self, x: int, y: int) -> None:
        self.shown = WindowProperties()
        self.shown.setOrigin(x, y)
        self.asked: list[WindowProperties] = []

    def getProperties(self) -> WindowProperties:
        return self.shown

    def requestProperties(self, props: WindowProperties) -> None:
        self.asked.append(props)


def test_the_size_chosen_is_the_largest_offered_that_fits_the_screen():
    default = (SETTINGS_DEFAULTS["window"][0], SETTINGS_DEFAULTS["window"][1])
    assert default == (1280, 720)
    assert window_size(default, (1024, 600)) == (1024, 600)
    assert window_size(default, (1366, 768)) == (1280, 720)  # it fits: kept
    assert window_size((1920, 1080), (1600, 900)) == (1600, 900)
    assert window_size((1920, 1080), (1680, 1050)) == (1600, 900)
    assert window_size((1000, 700), (1920, 1080)) == (1000, 700)  # a size set by hand that fits: kept
    assert window_size(default, (800, 480)) == (800, 480)  # smaller than every size offered: the screen's own
    assert window_size((1920, 1080), (0, 0)) == (1920, 1080)  # a screen of unknown size (offscreen): as stored


def test_settings_offer_the_sizes_from_1024x600_that_fit():
    assert offered_window_sizes((1024, 600)) == ((1024, 600),)
    assert offered_window_sizes((1600, 900)) == ((1024, 600), (1280, 720), (1600, 900))
    assert offered_window_sizes((0, 0)) == ((1024, 600), (1280, 720), (1600, 900), (1920, 1080))


def test_the_window_too_large_for_its_screen_comes_to_fit_its_top_left_corner(app, monkeypatch):
    """The default 1280x720 opened centred on a 1024x600 screen stood at -128,-60, the New game form's Start button
    off the screen: the window asks for 1024x600 at 0,0; the stored choice stays until the player chooses again."""
    stored = user_settings.settings_path().read_text(encoding="utf-8")
    window = FakeWindow(-128, -60)
    with monkeypatch.context() as patch:  # (undone before the app closes, which needs its real window)
        patch.setattr(app.base, "pipe", FakePipe(1024, 600))
        patch.setattr(app.base, "win", window)
        assert app.fit_window() == (1024, 600)
    (asked,) = window.asked
    assert (asked.getXSize(), asked.getYSize()) == (1024, 600)
    assert asked.hasOrigin() and (asked.getXOrigin(), asked.getYOrigin()) == (0, 0)
    assert app.settings["window"] == [1280, 720]
    assert user_settings.settings_path().read_text(encoding="utf-8") == stored


def test_a_window_placed_on_the_screen_keeps_its_place(app, monkeypatch):
    window = FakeWindow(40, 30)
    app.settings["window"] = [1920, 1080]
    with monkeypatch.context() as patch:
        patch.setattr(app.base, "pipe", FakePipe(1680, 1050))
        patch.setattr(app.base, "win", window)
        assert app.fit_window() == (1600, 900)
    (asked,) = window.asked
    assert (asked.getXSize(), asked.getYSize()) == (1600, 900) and not asked.hasOrigin()


def test_a_screen_of_unknown_size_changes_nothing(app, monkeypatch):
    """Offscreen (the pipe says 0 x 0), or on a screen large enough, the window stays as it opened."""
    assert app.base.pipe.getDisplayWidth() == 0  # (the offscreen buffer's)
    app.settings["window"] = [1920, 1080]
    assert app.fit_window() is None
    window = FakeWindow(-128, -60)
    with monkeypatch.context() as patch:
        patch.setattr(app.base, "win", window)
        assert app.fit_window() is None
        patch.setattr(app.base, "pipe", FakePipe(1920, 1080))
        assert app.fit_window() is None and window.asked == []


def test_settings_list_1024x600_and_only_the_sizes_that_fit(app, monkeypatch):
    screen = app.show_settings()
    assert list(screen.window_buttons) == [(1024, 600), (1280, 720), (1600, 900), (1920, 1080)]
    assert screen.window_buttons[(1024, 600)]["text"] == "1024x600"
    assert screen.window_buttons[(1280, 720)]["text"] == "> 1280x720 <"
    monkeypatch.setattr(app.base, "pipe", FakePipe(1024, 600))
    screen = app.show_settings()  # the default 1280x720 does not fit: the window is at 1024x600, marked so
    assert list(screen.window_buttons) == [(1024, 600)]
    assert screen.window_buttons[(1024, 600)]["text"] == "> 1024x600 <"
    monkeypatch.setattr(app.base, "pipe", FakePipe(1600, 900))
    screen = app.show_settings()
    assert list(screen.window_buttons) == [(1024, 600), (1280, 720), (1600, 900)]


def test_the_window_opens_fitted_to_a_small_screen_never_first_at_its_stored_size(monkeypatch):
    """The screen is asked before the window opens (a pipe made for the asking): on a 1024x600 screen the window is
    configured at 1024x600 at the top-left corner, where it first opened at 1280x720 and was fitted a moment later;
    on a larger screen the stored size stays, and the window opens where the system puts it."""
    from aquarius3d.view import config

    asked: list[dict] = []
    monkeypatch.setattr(config, "configure", lambda **settings: asked.append(settings))
    for screen, size, corner in (((1024, 600), (1024, 600), True), ((1920, 1080), (1280, 720), False),
                                 ((0, 0), (1280, 720), False)):
        asked.clear()
        monkeypatch.setattr(config, "probe_display", lambda screen=screen: screen)
        config.prepare(False, (1280, 720), "low", "off")
        assert asked[-1]["size"] == size and asked[-1].get("corner", False) == corner, screen
    asked.clear()
    monkeypatch.setattr(config, "probe_display", lambda: (1024, 600))
    config.prepare(True, (1280, 720), "low", "off")  # offscreen: no screen to fit
    assert asked[-1]["size"] == (1280, 720) and not asked[-1].get("corner", False)


def test_the_screen_is_asked_without_a_traceback():
    """Whatever the display (here the headless one the tests render with, or none), a size and no exception."""
    from aquarius3d.view.config import probe_display

    width, height = probe_display()
    assert isinstance(width, int) and isinstance(height, int) and width >= 0 and height >= 0
