"""The Rules screen: every game summarised in the player's language, its rulings and the controls, in pages."""

import re

import pytest

from aquarius3d.i18n import set_language, tr
from aquarius3d.rules.ruleset import load_ruleset
from aquarius3d.screens.rules_pages import GAMES, ROWS


def test_rules_from_the_main_menu_page_through_every_game(app):
    menu_labels = [w["text"] for w in app.widgets if hasattr(w, "getWidth") and hasattr(w, "guiItem")]
    assert "Rules" in menu_labels
    rules = app.show_rules()
    assert app.screen == "rules" and rules.game == "aquarius"
    for game in GAMES:
        rules.show_game(game)
        ruleset = load_ruleset(game, {}).ruleset
        sections = [section for section, _ in rules.pages]
        assert sections[0] == "How to play" and sections[-1] == "Controls"
        text = "\n".join(page for _, page in rules.pages)
        assert tr(f"rules_summary_{ruleset.family}").split("\n\n")[0].strip() in text  # the whole summary, in pages
        for ruling in ruleset.rulings:
            assert ruling.text("en") in text  # every ruling of the ruleset
        assert "Left click" in text  # the controls
        for page in range(len(rules.pages)):  # no page runs over its rows
            rules.page = page
            rules._draw()
            assert rules.body.textNode.getNumRows() <= ROWS or "\n\n" not in rules.pages[page][1]
        rules.page = 0
        rules._draw()
        assert rules.previous.isHidden() and not rules.next.isHidden()
        app.base.messenger.send("page_down")
        assert rules.page == 1 and not rules.previous.isHidden()
        app.base.messenger.send("arrow_left")
        assert rules.page == 0
    assert rules.tabs["dominus"]["text"] == "> Dominus <"
    app.base.messenger.send("escape")
    assert app.screen == "menu"


def test_rules_speak_french(app):
    set_language("fr")
    rules = app.show_rules()
    rules.show_game("aquarius-rising")
    assert rules.title.getText() == "Règles\xa0: Aquarius Rising"
    assert rules.pages[0][0] == "Comment jouer" and "pyramides" in rules.body.getText()
    assert rules.page_line.getText().startswith("Comment jouer – page 1 sur ")


SIZES = [(1024, 600), (1280, 720), (1920, 1080)]


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("width,height", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_every_page_is_worth_turning_to(app, monkeypatch, width, height, lang):
    """A playtest found Dominus' second page holding one sentence ("Several rounds may be played; ..."): the pages
    of a section are balanced. At each size and at 100% and 150%, in English and French, every page of a section of
    several pages holds a third of a page's rows of text or a picture."""
    from test_layout import with_window

    original = with_window(app, monkeypatch, width, height)
    set_language(lang)
    try:
        for percent in (100, 150):
            app.settings["interface_scale"] = percent
            rules = app.show_rules()
            for game in GAMES:
                rules.show_game(game)
                sections = [section for section, _ in rules.pages]
                for page, (section, text) in enumerate(rules.pages):
                    if sections.count(section) == 1:
                        continue
                    rules.turn(page - rules.page)
                    rows = rules.body.textNode.getNumRows()
                    what = (lang, width, height, percent, game, page, text[:40])
                    assert rows >= rules.shape.rows / 3 or rules.figures[page], what
    finally:
        set_language("en")
        app.base.adjustWindowAspectRatio(original)


def test_a_section_is_split_into_its_fewest_pages_the_barest_as_full_as_can_be():
    """Dominus' summary at 1280x720 (rows of its paragraphs, pictures on the second and the fourth): two pages,
    never a third holding the last line alone; the split that leaves no page bare."""
    from aquarius3d.screens.rules_pages import balanced

    assert balanced([3, 5, 2, 5, 1], [0, 1, 0, 1, 0], 1, 17) == [0, 2, 5]
    assert balanced([8, 8, 1], [0, 0, 0], 1, 18) == [0, 1, 3]  # 8 and 10 rows, not 17 and 1
    assert balanced([30, 2], [0, 0], 1, 18) == [0, 1, 2]  # a paragraph longer than a page: a page of its own
    assert balanced([2, 2, 2], [1, 1, 1], 1, 18) in ([0, 1, 3], [0, 2, 3])  # two pictures a page at most
    assert balanced([], [], 1, 18) == [0]


@pytest.mark.parametrize("lang,words", [("en", ("tray", "number", "left")), ("fr", ("plateau", "nombre", "reste"))])
def test_the_tray_numbers_are_explained_where_a_player_looks(app, lang, words):
    """A playtest found Aquarius Rising's tray numbers (how many pyramids of a colour and size a seat has left) told
    nowhere: the Rising page that says how a turn goes says what they count, and so does F1 in Rising (not in the
    other games), in each language."""
    from aquarius3d.i18n import controls

    set_language(lang)
    try:
        rules = app.show_rules()
        rules.show_game("aquarius-rising")
        how = " ".join(text for section, text in rules.pages if section == tr("rules_section_summary"))
        sentences = [s for s in re.split(r"(?<=[.!?])\s+", how.replace("\n", " "))]
        assert any(all(word in s for word in words) for s in sentences), how
        rows = [row for row in controls(True).split("\n") if all(word in row for word in words[:2])]
        assert len(rows) == 1 and rows[0].startswith("Aquarius Rising") and rows[0] not in controls(False)
        assert ("\xa0:" in rows[0]) == (lang == "fr") and " :" not in rows[0]  # (French: a no-break space before :)
    finally:
        set_language("en")
