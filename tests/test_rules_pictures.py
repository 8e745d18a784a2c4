"""The Rules pages' pictures: drawn by the table's renderer from the ruleset's deck, inside the window, clear
of every text; the table-wide take-back ruling on every game's rulings pages."""

import pytest

from aquarius3d.i18n import catalog, set_language, tr
from aquarius3d.rules.ruleset import load_ruleset, ruleset_path
from aquarius3d.screens.rules_pages import GAMES
from aquarius3d.screens.rules_pictures import deck_cards, figures

SHIPPED = sorted(p.stem for p in ruleset_path("aquarius").parent.glob("*.yaml"))


def _box(node, base):
    low, high = node.getTightBounds(base.aspect2d)
    return low[0], high[0], low[2], high[2]


def _apart(a, b) -> bool:
    return a[1] <= b[0] or b[1] <= a[0] or a[3] <= b[2] or b[3] <= a[2]


def _texts(rules) -> list:
    """Every text node of the page: the title, the tabs and buttons, the body, the page line, the captions."""
    found = [rules.title, rules.body, rules.page_line, *rules.column.captions]
    found += [w for w in rules.widgets if hasattr(w, "guiItem") and not w.isHidden()]
    return [t for t in found if not t.isEmpty() and t.getTightBounds() is not None and not t.isHidden()]


def test_the_shipped_rulesets_are_the_games_with_rules_pages():
    assert set(SHIPPED) == set(GAMES)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_page_of_every_game_shows_its_pictures_clear_of_the_text(app, lang):
    from aquarius3d.view.snapshots import CACHE, has_pixels

    set_language(lang)
    base = app.base
    half_width = min(base.getAspectRatio(), 1.6)  # 1024x640 is the narrowest window the pages are made for
    for game in SHIPPED:
        ruleset = load_ruleset(game, {}).ruleset
        rules = app.show_rules(ruleset)
        assert rules.game == game
        expected = figures(ruleset)
        assert expected, f"{game}: no pictures"
        shown = 0
        for page in range(len(rules.pages)):
            rules.page = page
            rules._draw()
            rules.column.finish()
            assert not rules.column.busy()
            pictures = rules.column.pictures
            assert len(pictures) == len(rules.figures[page]) <= 2
            shown += len(pictures)
            for node, figure in zip(pictures, rules.figures[page]):
                assert not node.isEmpty() and node.getTightBounds() is not None  # some geometry
                if figure.snapshot is not None:
                    assert has_pixels(node.getTexture()), f"{game} page {page}: a blank picture"
                elif figure.goal is not None:
                    assert has_pixels(node.getTexture())
                else:
                    assert node.getNumChildren() == len(figure.actions)  # a card each, the table's face on it
                    assert all(card.hasTexture() for card in node.getChildren())
                x0, x1, z0, z1 = _box(node, base)
                assert -half_width <= x0 < x1 <= half_width and -1 <= z0 < z1 <= 1, (game, page, x0, x1, z0, z1)
                left, right = rules.shape.pictures[:2]  # (at 100%, the page as drawn: the column's own units)
                assert left - 1e-6 <= x0 and x1 <= right + 1e-6  # in the column beside the text
                for text in _texts(rules):
                    assert _apart((x0, x1, z0, z1), _box(text, base)), (game, lang, page, text)
            captions = rules.column.captions
            for i, caption in enumerate(captions):  # captions clear of each other and of the body
                assert _apart(_box(caption, base), _box(rules.body, base))
                for other in captions[i + 1:]:
                    assert _apart(_box(caption, base), _box(other, base))
        assert shown == sum(len(v) for v in expected.values())  # every picture on some page
        drawn = len(CACHE)
        rules.page = 0
        rules._draw()
        assert len(CACHE) == drawn and not rules.column.pending  # a page seen again is not drawn again


def test_pictures_come_after_the_page_one_a_frame(app):
    from aquarius3d.view.snapshots import CACHE, has_pixels

    CACHE.clear()
    rules = app.show_rules()  # Aquarius, page 1: the goal card at once, the chain drawn on the next frame
    column = rules.column
    assert len(column.pictures) == 2 and len(column.pending) == 1 and rules.busy() and app.busy()
    waiting = column.pending[0][0]
    assert not waiting.hasTexture()
    app.base.taskMgr.step()  # one frame of the main loop draws it
    assert not column.pending and not rules.busy() and has_pixels(waiting.getTexture())
    rules.turn(1)  # the card kinds (drawn later) and the action cards (at once)
    assert len(column.pictures) == 2 and len(column.pending) == 1
    app.base.messenger.send("escape")  # leaving stops the drawing
    assert app.screen == "menu" and not app.base.taskMgr.hasTaskNamed("rules-pictures")


def test_pictures_use_the_rulesets_own_deck():
    second = load_ruleset("aquarius", {}).ruleset
    first = load_ruleset("aquarius", {"first_edition": True}).ruleset
    for ruleset in (second, first):
        codes, actions, _ = deck_cards(ruleset)
        kinds = figures(ruleset)[3][0].snapshot.cards
        assert all(card.code in codes for card in kinds)  # only cards of this deck
        shown = figures(ruleset)[4][0].actions
        assert shown and set(shown) <= set(actions)
    assert any(len(c.code) == 3 for c in figures(second)[3][0].snapshot.cards)  # a diagonal
    assert any(c.code == "*" for c in figures(second)[3][0].snapshot.cards)  # the wild card
    assert not any(len(c.code) == 3 or c.code == "*" for c in figures(first)[3][0].snapshot.cards)
    assert "shuffle_goals" in deck_cards(first)[1] and "shuffle_goals" not in deck_cards(second)[1]
    basic = load_ruleset("aquarius", {"basic": True}).ruleset  # no action cards: no action picture
    assert not deck_cards(basic)[1] and 4 not in figures(basic)


def test_the_chain_caption_counts_what_the_engine_counts():
    from aquarius3d.engine.table import Table
    from aquarius3d.core.vocabulary import BIT

    figure = figures(load_ruleset("aquarius", {}).ruleset)[0][1]
    table = Table()
    for i, card in enumerate(figure.snapshot.cards):
        table.place(card.cell, i, card.code)
    before = table.largest_group(BIT["F"])
    assert f" {before} " in figure.caption and 1 < before < 7


def test_paragraphs_line_up_in_every_language():
    """Pictures are tied to paragraph numbers: every language has the same paragraphs."""
    for family in ("aquarius", "rising", "towers", "dominus"):
        counts = {lang: len(catalog(lang)[f"rules_summary_{family}"].strip().split("\n\n")) for lang in ("en", "fr")}
        assert len(set(counts.values())) == 1, (family, counts)
        game = {"aquarius": "aquarius", "rising": "aquarius-rising", "towers": "elemental-towers",
                "dominus": "dominus"}[family]
        assert max(figures(load_ruleset(game, {}).ruleset)) < counts["en"]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_rulings_page_has_the_take_back_ruling(app, lang):
    set_language(lang)
    rules = app.show_rules()
    for game in GAMES:
        rules.show_game(game)
        rulings = "\n".join(text for section, text in rules.pages if section == tr("rules_section_rulings"))
        key = "rules_takeback_towers" if game == "elemental-towers" else "rules_takeback"
        assert tr(key) in rulings
        assert tr(key) != catalog("en")[key] or lang == "en"  # said in French in French


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_edges_caption_says_what_its_picture_draws(lang):
    """A playtest found Dominus' edges caption naming a "green bar" the picture does not draw. It says what is drawn:
    the glowing card fits, each edge it touches matching the card beside it panel for panel (as the engine's own
    test of an edge finds), and it names the elements that meet along those edges and no bar."""
    from aquarius3d.engine.table import Table
    from aquarius3d.games.dominus.blocks import side_matches
    from aquarius3d.core.cards import face
    from aquarius3d.i18n import element_name
    from aquarius3d.core.vocabulary import ELEMENT_OF
    from aquarius3d.screens.rules_pictures import EDGES, EDGES_GHOST

    set_language(lang)
    try:
        figure = figures(load_ruleset("dominus", {}).ruleset)[1][0]
        assert figure.snapshot.ghost.cell == EDGES_GHOST[0] and not figure.snapshot.marks  # no bars drawn
        table = Table()
        for i, (cell, code) in enumerate(EDGES):
            table.place(cell, i, code)
        cell, code = EDGES_GHOST
        touching = side_matches(face(code).bits, table.need[cell])
        assert len(touching) == 2 and all(ok for _, ok in touching)  # it fits: both edges it touches match
        quarters = {1: (code[1], code[3]), 2: (code[2], code[3])}  # (right: top and bottom; below: left and right)
        for side, _ in touching:
            for letter in quarters[side]:
                assert element_name(ELEMENT_OF[letter]) in figure.caption, (side, letter, figure.caption)
        assert "bar" not in figure.caption.lower()  # (bar, barre)
    finally:
        set_language("en")


def test_action_cards_look_as_they_do_on_the_table(app):
    """A playtest found the Rules pages' action cards drawn blank (light cards with a name). Each is the table's own
    face (the atlas's picture of what it does, the same texture and rectangle as the hand and the discard pile
    show) with its name and its effect in this game written on its plate."""
    from aquarius3d.view.action_art import ACTION
    from aquarius3d.view.snapshots import face

    for game, page in (("aquarius", 1), ("elemental-towers", 1)):
        ruleset = load_ruleset(game, {}).ruleset
        rules = app.show_rules(ruleset)
        rules.turn(page - rules.page)
        index = next(i for i, f in enumerate(rules.figures[rules.page]) if f.actions)
        figure, node = rules.figures[rules.page][index], rules.column.pictures[index]
        assert len(figure.actions) == len(figure.effects) == 3 and all(figure.effects)
        cards = [child for child in node.getChildren() if child.getName().startswith("action-")]
        assert [c.getName() for c in cards] == [f"action-{a}" for a in figure.actions]
        for card, action, effect in zip(cards, figure.actions, figure.effects):
            texture, _ = face(app.base, ACTION + action)
            assert card.getTexture() == texture, (game, action)  # the table's face
            written = [t.node().getText() for t in card.findAllMatches("**/+TextNode")]
            assert action_name_of(action) in written and effect in written, (game, action, written)


def action_name_of(action: str) -> str:
    from aquarius3d.i18n import action_name

    return action_name(action)
