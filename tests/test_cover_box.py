"""The hot-seat hand-off cover's words sit inside its box (issue 27, polish from the real-input playtest: its hint
and the Ctrl+S note stood below the box, near the window's foot, and the cover read unfinished): whose turn, the
moves since, how to lift it, the take-back button and the note, at 1024x600, 1280x720 and 1920x1080 and at each
interface scale, in English and French; the box inside the window, its words clear of one another."""

import pytest
from test_feedback import place_a_card
from test_layout import with_window

from aquarius3d.i18n import set_language
from aquarius3d.screens.layout import inside, overlap
from aquarius3d.screens.overlays import node_rect
from aquarius3d.session import Seat

SIZES = [(1024, 600), (1280, 720), (1920, 1080)]
SCALES = [100, 125, 150]
NAME = "Bartholomew"


@pytest.mark.parametrize("percent", SCALES)
@pytest.mark.parametrize("width,height", SIZES)
def test_the_covers_words_sit_inside_its_box(app, monkeypatch, width, height, percent):
    original = with_window(app, monkeypatch, width, height)
    app.settings["interface_scale"] = percent
    try:
        for language in ("en", "fr"):
            set_language(language)
            app.start_game("aquarius", {}, [Seat("Ann"), Seat(NAME), Seat("Cy")], seed=5)
            table, hud = app.table, app.table.hud
            place_a_card(app)  # Ann plays; the cover for Bartholomew, Ann's move listed, her take-back on it
            table.feedback.release()
            assert app.session.stage == "cover" and not hud.cover.isHidden()
            hud.cover_note.setText("Saved as Aquarius 2026-11-28 01-32-44.")  # (what Ctrl+S says on the cover)
            assert hud.cover_since.getText() and hud.prompt.take_back is not None
            box = node_rect(table, hud.cover_band)
            words = {"title": hud.cover_title, "since": hud.cover_since, "hint": hud.cover_hint,
                     "note": hud.cover_note, "take back": hud.prompt.take_back}
            rects = {name: node_rect(table, node) for name, node in words.items()}
            what = (width, height, percent, language)
            for name, rect in rects.items():
                assert inside(rect, box, 0.002), (name, rect, box, what)
            assert inside(box, (-1, 1, -1, 1), 0.002), what
            named = list(rects)
            for i, first in enumerate(named):
                for second in named[i + 1:]:
                    assert not overlap(rects[first], rects[second]), (first, second, what)
    finally:
        set_language("en")
        app.base.adjustWindowAspectRatio(original)
