"""The Rules screen: every game summarised in the player's language, its rulings and the controls, in pages."""

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
