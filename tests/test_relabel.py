"""A change of language in the game's Settings (Esc menu -> Settings) reaches every text of the table at once."""

import re

import pytest
from direct.gui.DirectGui import DirectButton

from aquarius3d.i18n import catalog, set_language, texts
from aquarius3d.screens import join
from aquarius3d.session import Seat


def english_only():
    """Patterns of the English texts the French catalog says otherwise (placeholders match anything)."""
    french = catalog("fr")
    found = []
    for key, entry in catalog("en").items():
        for english, other in zip(texts(entry), texts(french[key])):
            literal = re.sub(r"{\w+}", "", english)
            if english == other or len(re.findall(r"[A-Za-z]", literal)) < 4:
                continue  # the same in both, or too little of its own to tell ("{height}", "Air")
            pattern = re.compile(".*?".join(re.escape(part) for part in re.split(r"{\w+}", english)), re.S)
            if not pattern.fullmatch(other):
                found.append((key, pattern))
    return found


def table_texts(app):
    """Every text node of the table, 2D and 3D, hidden ones too (a panel shown later), but the log and the
    notice: those are what was said, in the language it was said in."""
    hud = app.table.hud
    said = {hud.log.node(), hud.notice.node(), hud.cover_since.node()}
    found = []
    for root in (app.base.aspect2d, app.base.render):
        for path in root.findAllMatches("**/+TextNode"):
            node = path.node()
            if node not in said and node.getText().strip():
                found.append(node.getText())
    for widget in app.table.widgets + list(hud.choice_widgets):  # buttons keep their text in their states
        if isinstance(widget, DirectButton) and not widget.isEmpty() and isinstance(widget["text"], str):
            found.append(widget["text"])
    return found


def switch_in_game(app, language):
    table = app.table
    table.open_menu()
    table.menu.buttons["settings"]["command"]()
    app.screens.current.set_language(language)
    app.show_menu()  # the settings' Back button: the game again
    assert app.table is table


@pytest.mark.parametrize("ruleset, seats", [("aquarius", ["Ann", "Bo"]), ("aquarius-rising", ["Ann", "Bo"]),
                                            ("elemental-towers", ["Ann"])])
def test_changing_the_language_in_game_says_every_table_text_in_the_new_one(app, ruleset, seats):
    set_language("en")
    app.settings["language"] = "en"
    app.start_game(ruleset, {}, [Seat(n) for n in seats], seed=4)
    table = app.table
    table.toggle_help()
    table.toggle_help_page()  # the rulings page, the ruleset's own words
    before = table_texts(app)
    patterns = english_only()
    assert sum(any(p.fullmatch(t) for _, p in patterns) for t in before) >= 8  # English to begin with
    try:
        switch_in_game(app, "fr")
        left = [(key, text) for text in table_texts(app) for key, p in patterns if p.fullmatch(text)]
        assert not left
        rulings = app.session.game.ruleset.rulings
        assert table.hud.help_body.getText().split("\n") == [f"- {r.fr}" for r in rulings]
        assert table.menu.buttons["resume"]["text"] == "Reprendre" and table.join.button["text"] == "Ajouter un joueur"
        table.refresh()  # the longer words grow from the corner's edge, not round the button's middle
        button = table.join.button
        assert button.getX() + button.guiItem.getFrame()[0] * button.getSx() == pytest.approx(join.EDGE)
        switch_in_game(app, "en")
        assert table.menu.buttons["resume"]["text"] == "Resume"
    finally:
        set_language("en")


def test_the_text_nodes_found_include_every_kind_of_label(app):
    app.start_game("aquarius", {}, [Seat("Ann"), Seat("Bo")], seed=4)
    found = table_texts(app)
    assert any(t.startswith("Deck: ") for t in found)  # a pile's label, in 3D
    assert "Resume" in found and "Game menu" in found  # the menu's buttons and title, hidden till Esc
    app.table.parts.piles.update(10, 1, 2, {}, "rotate_goals")  # an action card face up on the discard pile
    written = [p.node().getText() for p in app.base.render.findAllMatches("**/+TextNode")]
    assert "Rotate Goals" in written  # its words are text of the 3D scene...
    assert "Rotate Goals" in table_texts(app)  # ...and found with the rest, to be said again in French
