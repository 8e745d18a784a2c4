"""The panels over the table hide what lies under them (issue 27): F1's help (at 0.96 opacity) and the game menu
(0.86) let the prompt strip's "Choose a card from your hand." read through them. Read back from the drawn window:
where the strip's words lie under the panel, a frame with the words and a frame without them are alike."""

import numpy as np
import pytest
from driving import open_panel, picture

from aquarius3d.screens.focus import widget_rect, window_rect
from aquarius3d.screens.hud import Hud
from aquarius3d.screens.widgets import OVERLAY
from aquarius3d.session import Seat

TOLERANCE = 2 / 255  # a frame's rounding; the words read through at 0.04 (F1) and 0.08 (the menu)


def frame(app) -> np.ndarray:
    app.base.win.setActive(True)  # (the pacer rests the window while nothing moves)
    return picture(app)


def words_changed(app, words, box) -> float:
    """How much the window's pixels in `box` (left, top, right, bottom) change when `words` are hidden."""
    left, top, right, bottom = box
    shown = frame(app)[top:bottom, left:right]
    words.hide()
    try:
        hidden = frame(app)[top:bottom, left:right]
    finally:
        words.show()
    return float(np.abs(shown - hidden).max())


@pytest.mark.parametrize("which", ["help", "menu"])
def test_the_strips_words_do_not_read_through_the_panels_over_the_table(app, which):
    app.start_game("aquarius", {}, [Seat("Ann"), Seat("Bo")], seed=8)
    table = app.table
    table.reveal()
    words = table.hud.prompt.text
    assert words.getText()
    strip = table.rect_of(words)
    box = window_rect(app.base, strip)
    assert words_changed(app, words, box) > 0.3  # (the words are there to be seen while nothing lies over them)
    panel = open_panel(table, which)
    over = widget_rect(app.base, panel)
    under = (max(strip[0], over[0]), min(strip[1], over[1]), max(strip[2], over[2]), min(strip[3], over[3]))
    assert under[0] < under[1] and under[2] < under[3], which  # (the panel lies over the strip's words)
    assert words_changed(app, words, window_rect(app.base, under)) <= TOLERANCE, which


def test_the_hud_builds_f1s_panel_opaque(app, monkeypatch):
    """F1's panel is opaque as the HUD builds it (screens/hud.py), not made so afterwards by whoever holds the HUD."""
    built = []
    build = Hud._build_help

    def watched(hud):
        build(hud)
        built.append(tuple(hud.help_panel["frameColor"]))

    monkeypatch.setattr(Hud, "_build_help", watched)
    app.start_game("aquarius", {}, [Seat("Ann"), Seat("Bo")], seed=8)
    assert built == [pytest.approx(OVERLAY)]
    assert OVERLAY[3] == 1.0
