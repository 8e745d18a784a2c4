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
    from aquarius3d.i18n import game_controls

    set_language(lang)
    try:
        rules = app.show_rules()
        rules.show_game("aquarius-rising")
        how = " ".join(text for section, text in rules.pages if section == tr("rules_section_summary"))
        sentences = [s for s in re.split(r"(?<=[.!?])\s+", how.replace("\n", " "))]
        assert any(all(word in s for word in words) for s in sentences), how
        rows = [row for row in game_controls("rising") if all(word in row for word in words[:2])]
        assert len(rows) == 1 and rows[0] not in game_controls("aquarius")
        assert ("\xa0:" in rows[0]) == (lang == "fr") and " :" not in rows[0]  # (French: a no-break space before :)
    finally:
        set_language("en")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_each_game_s_controls_page_lists_the_keys_that_game_has(app, lang):
    """A playtest read Aquarius Rising's keys (side elevation, storey labels, the tray) on the Aquarius tab's Controls
    page: each game's page lists its own keys, in each language; a game's own rows there without its name before
    them (the page is its own); the goal's key only where players hold goals; the hand-off cover and the shared
    take-back not in Elemental Towers (a solitaire, with its own take-back); going on after a round in Dominus."""
    set_language(lang)
    try:
        rules = app.show_rules()
        shown = {}
        for game in GAMES:
            rules.show_game(game)
            shown[game] = "\n".join(text for section, text in rules.pages if section == tr("rules_section_controls"))
        elevation = {"en": "side elevation", "fr": "élévation de côté"}[lang]
        tray = {"en": "click a pyramid on your tray", "fr": "cliquez une pyramide de votre plateau"}[lang]
        goal, cover = {"en": ("G (hold)", "lift the cover"), "fr": ("G (maintenu)", "lever l'écran de passage")}[lang]
        rounds = {"en": "go on after a round", "fr": "poursuivre après une manche"}[lang]
        shared_undo = {"en": "take back your last move", "fr": "reprendre votre dernier coup"}[lang]
        towers_undo = {"en": "just after its card was drawn", "fr": "juste après la pioche de sa carte"}[lang]
        for game, text in shown.items():
            flat = " ".join(text.split())
            assert "Aquarius Rising" not in text and "Dominus" not in text and "Elemental Towers" not in text, game
            assert (elevation in flat) == (tray.lower() in flat.lower()) == (game == "aquarius-rising"), game
            assert (goal in flat) == (game in ("aquarius", "aquarius-rising")), game
            assert (cover in flat) == (shared_undo in flat) == (game != "elemental-towers"), game
            assert (towers_undo in flat) == (game == "elemental-towers"), game
            assert (rounds in flat) == (game == "dominus"), game
            assert ("F12" in flat) and ("H" in flat), game  # the keys every game has
            if lang == "fr":
                assert not re.search(r" :", text), game  # (French: a no-break space before a colon)
        rules.show_game("aquarius-rising")
        rows = [row for text in shown.values() for row in text.split("\n")]
        assert all(row[:1] == row[:1].upper() for row in rows if row)  # (a row cut from its game's name: "Point at…")
    finally:
        set_language("en")


SHAPES = [(1024, 600, 100), (1024, 600, 150), (1280, 720, 100), (1280, 720, 150)]


@pytest.mark.parametrize("width,height,percent", SHAPES)
def test_the_tabs_stay_put_when_another_game_is_chosen(app, monkeypatch, width, height, percent):
    """A playtest saw the Rules screen's tabs jump sideways as one was chosen ("> Aquarius <" made it wider and pushed
    the others): the chosen tab is marked in words and in colour, and every tab keeps its width and place."""
    from test_layout import with_window

    from aquarius3d.screens.focus import widget_rect
    from aquarius3d.screens.widgets import BUTTON, CHOSEN

    original = with_window(app, monkeypatch, width, height)
    app.settings["interface_scale"] = percent
    try:
        rules = app.show_rules()
        placed = None
        for game in (*GAMES, GAMES[0]):
            rules.show_game(game)
            here = {name: tuple(round(v, 5) for v in widget_rect(app.base, tab)) for name, tab in rules.tabs.items()}
            placed = placed or here
            assert here == placed, game
            for name, tab in rules.tabs.items():
                assert tab["text"].startswith(">") == (name == game)
                assert tab["frameColor"] == (CHOSEN if name == game else BUTTON)["frameColor"]
                words = tab.component("text0").textNode
                rect = tab["frameSize"]
                assert words.getWidth() <= (rect[1] - rect[0]) + 1e-6  # the marked words inside their tab
    finally:
        app.base.adjustWindowAspectRatio(original)


def test_a_setting_s_choices_stay_put_when_another_is_chosen(app):
    """The same marks in Settings (shared): choosing another value keeps every button of every row in its place."""
    from aquarius3d.screens.focus import widget_rect

    shown = app.show_settings()

    def places(screen):
        rows = (screen.quality_buttons, screen.smooth_buttons, screen.volume_buttons, screen.window_buttons)
        return [{key: tuple(round(v, 5) for v in widget_rect(app.base, b)) for key, b in row.items()} for row in rows]

    before = places(shown)
    values = list(shown.volume_buttons)
    shown.set_volume(values[0] if app.settings.get("volume", 60) != values[0] else values[-1])
    shown = app.screens.current
    assert places(shown) == before
    shown.set_smooth(next(c for c in shown.smooth_buttons if c != app.settings.get("smooth_edges")))
    shown = app.screens.current
    assert places(shown) == before
    assert sum(b["text"].startswith(">") for b in shown.smooth_buttons.values()) == 1
