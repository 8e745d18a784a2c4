"""Dominus' New game form (issue 27): its numbers said what they set only together, "Table size in cards (columns,
rows): < 14 > < 7 >", the second number with no words of its own. Now each number stands on a row of its own after
its own words (the table's width, its length, the rounds), in English and French, at each window size and interface
scale, the words whole, left of their arrows and clear of every other control (tests/test_new_game_rows.py checks
that nothing of the form overlaps)."""

import pytest
from test_new_game_rows import EVERY, IDS, at, rect_of  # noqa: F401 (`at`: a fixture)

from aquarius3d.i18n import set_language, tr
from aquarius3d.screens.layout import overlap

WORDS = {"table": ["option_table_0", "option_table_1"], "rounds": ["option_rounds"]}


def steppers(app, form):
    """Each "<" of the options with the words on its row (left of it): [(arrow, words, words' rect)]."""
    found = []
    texts = [w for w in form.option_widgets if not hasattr(w, "guiItem")]
    for arrow in (w for w in form.option_widgets if hasattr(w, "guiItem") and w["text"] == "<"):
        left, _, bottom, top = rect_of(app, arrow)
        row = [(t, rect_of(app, t)) for t in texts if t.getText() and not t.getText().isdigit()]
        row = [(t, r) for t, r in row if r[2] < top and bottom < r[3] and r[1] <= left]
        found.append((arrow, row))
    return found


@pytest.mark.parametrize("width,height,percent", EVERY, ids=IDS)
def test_each_number_of_dominus_form_has_words_saying_what_it_sets(app, at, width, height, percent):  # noqa: F811
    at(width, height, percent)
    try:
        for language in ("en", "fr"):
            set_language(language)
            form = app.show_new_game()
            form.choose_ruleset("dominus")
            found = steppers(app, form)
            wanted = [tr(key) for keys in WORDS.values() for key in keys]
            assert len(found) == len(wanted), (language, [[t.getText() for t, _ in row] for _, row in found])
            said = []
            for arrow, row in found:
                assert len(row) == 1, (language, [t.getText() for t, _ in row])  # its own words, no one else's
                words, rect = row[0]
                said.append(words.getText())
                others = [w for w in form.option_widgets if w is not words and w is not arrow]
                assert not [w for w in others if overlap(rect, rect_of(app, w))], (language, words.getText())
                aspect = app.base.getAspectRatio()
                assert -aspect <= rect[0] and rect[1] <= aspect  # whole in the window
            assert said == wanted, language
            assert len(set(said)) == len(said)
            if language == "fr":
                assert all(text.endswith("\u00a0:") for text in said)
    finally:
        set_language("en")
