"""Menus, words and Elemental Towers' table, driven offscreen through the app's own functions (issue 11)."""

import random

import pytest
from panda3d.core import TextNode

from driving import towers_step

from aquarius3d.screens.widgets import HANG
from aquarius3d.session import Seat


def screen_box(app, node):
    """The part of the screen (-1..1 each way) a 3D node covers: the box round its projected corners."""
    low, high = node.getTightBounds(app.base.render)
    points = [app.table.picker.screen_of_point(x, y, z) for x in (low.x, high.x) for y in (low.y, high.y) for z in (low.z, high.z)]
    points = [p for p in points if p is not None]
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs), max(xs), min(ys), max(ys)


def text_box(app, widget):
    """The part of the screen (-1..1 each way) a 2D text covers."""
    low, high = widget.getTightBounds(app.base.aspect2d)
    aspect = app.base.getAspectRatio()
    return low.x / aspect, high.x / aspect, low.z, high.z


def overlap(a, b) -> bool:
    return a[0] < b[1] and b[0] < a[1] and a[2] < b[3] and b[2] < a[3]


def test_towers_scoring_row_stands_whole_and_clear_of_the_hint(app):
    app.start_game("elemental-towers", {}, [Seat("Solo")], seed=12)
    rng = random.Random(12)
    checked = 0
    for _ in range(200):
        session = app.session
        if session.stage == "over":
            break
        if session.hint() and app.table.parts.scoring_row.cards:
            app.table.frame_now()  # the view a game opens with, on today's table
            for card in app.table.parts.scoring_row.cards:  # leaning back, its near edge rests on the table: nothing sunk
                assert card.getTightBounds(app.base.render)[0].z >= 0.0
            app.table.feedback.place_labels()  # the values are screen labels (view/labels.py), placed each frame
            hint = text_box(app, app.table.hud.hint)
            for label in app.table.parts.scoring_row.labels:
                low, high = label.getTightBounds(app.base.render2d)
                assert not overlap((low.x, high.x, low.z, high.z), hint), (label.node().getText(), app.table.hud.hint.getText())
            checked += 1
        towers_step(app, rng)
    assert checked > 20


def every_text(language):
    """Every text of a catalog, as written (the values put in are names and numbers)."""
    from aquarius3d.i18n import catalog, texts

    return [text for entry in catalog(language).values() for text in texts(entry)]


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_font_draws_every_character_of_the_catalogs(language):
    from aquarius3d.view.font import missing

    lacking = {text: missing(text) for text in every_text(language) if missing(text)}
    assert not lacking


def test_the_font_check_finds_a_character_it_lacks():
    from aquarius3d.view.font import missing

    assert missing("seul·e") == {"·"} and missing("Élément – «\u00a0ça\u00a0» …") == set()


def test_lengths_are_written_for_people():
    from aquarius3d.i18n import length, set_language

    assert [length(26.0), length(26.04), length(26.04, 2), length(44.7)] == [
        "26\xa0mm", "26\xa0mm", "26.04\xa0mm", "44.7\xa0mm"]
    set_language("fr")
    try:
        assert [length(26.0), length(44.7), length(-0.01)] == ["26\xa0mm", "44,7\xa0mm", "0\xa0mm"]
    finally:
        set_language("en")


def widget_box(base, widget):
    """The box a widget covers on screen (aspect2d units): a DirectGui frame's, or a text's; None when empty."""
    from direct.gui.DirectGuiBase import DirectGuiWidget
    from panda3d.core import Point3

    if isinstance(widget, DirectGuiWidget):  # DirectGui: its frame (drawn by the widget itself, not found by bounds)
        left, right, bottom, top = widget["frameSize"] or widget.getBounds()
        if right - left <= 0:
            return None
        a = base.aspect2d.getRelativePoint(widget, Point3(left, 0, bottom))
        b = base.aspect2d.getRelativePoint(widget, Point3(right, 0, top))
        return (min(a.x, b.x), max(a.x, b.x), min(a.z, b.z), max(a.z, b.z))
    bounds = widget.getTightBounds(base.aspect2d)
    if bounds is None:  # an empty text
        return None
    low, high = bounds
    return (low.x, high.x, low.z, high.z)


def widget_boxes(form):
    """Each widget the form shows, by what it says, with the box it covers on screen (aspect2d units)."""
    boxes = []
    for widget in form.widgets + form.option_widgets + form.seat_widgets:
        box = None if widget.isHidden() or widget.isEmpty() else widget_box(form.base, widget)
        if box is not None:
            words = widget.getText() if hasattr(widget, "getText") else widget["text"]
            boxes.append((str(words), box))
    return boxes


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("ruleset", ["aquarius", "aquarius-rising", "dominus", "elemental-towers"])
def test_the_new_game_form_fits_any_window_and_nothing_overlaps(app, ruleset, language):
    from aquarius3d.i18n import set_language

    set_language(language)
    form = app.show_new_game()
    form.choose_ruleset(ruleset)
    while len(form.seats) < form.seat_limits()[1]:
        form.add_seat()
    form.seats[0][0] = "Maximilienne"
    for seat in range(len(form.seats)):
        form.cycle_target(seat) if "target" in form.options or ruleset == "aquarius" else form.draw_seats()
    form.note.setText("x" * 60)  # the longest note a form shows
    boxes = widget_boxes(form)
    assert len(boxes) > 8
    for words, (x0, x1, z0, z1) in boxes:  # inside a 4:3 window, the narrowest there is, top to bottom
        assert -4 / 3 <= x0 and x1 <= 4 / 3 and -1 <= z0 and z1 <= 1, words
    for i, (words, box) in enumerate(boxes):
        for other, second in boxes[i + 1:]:
            assert not overlap(box, second), (words, other)


def test_the_new_game_form_names_games_and_choices_in_words(app):
    from aquarius3d.i18n import set_language

    form = app.show_new_game()
    assert form.ruleset_menu["items"] == ["Aquarius", "Aquarius Rising", "Dominus", "Elemental Towers"]
    form.ruleset_menu.set(3)  # chosen in the menu, as a click does: the form follows, by the game's id
    assert form.ruleset == "elemental-towers" and form.seats == [["Ann", "human"]]
    shown = [w.getText() if hasattr(w, "getText") else w["text"] for w in form.option_widgets]
    assert shown == ["Draft the deck (keep two cards of every three)", "Zap a Card may take the only card on the table"]
    form.choose_ruleset("aquarius-rising")  # chosen another way: the menu shows it
    assert form.ruleset_menu.get() == "Aquarius Rising"
    assert "by house (English rules)" in [w["text"] for w in form.option_widgets if type(w).__name__ == "DirectButton"]
    set_language("fr")
    form = app.show_new_game()
    assert form.ruleset_menu["items"] == ["Aquarius", "Aquarius Rising", "Dominus", "Tours élémentaires"]
    form.choose_ruleset("aquarius-rising")
    assert "par maison (règle anglaise)" in [w["text"] for w in form.option_widgets if type(w).__name__ == "DirectButton"]


def test_the_new_game_form_refuses_two_players_of_one_name(app):
    form = app.show_new_game()
    form.seat_entries[1].enterText(" ann ")
    form.start()
    assert app.screen == "new" and app.session is None
    assert form.note.getText() == "Two players are called ann: give each player a name of their own."
    form.seat_entries[1].enterText("Bo")
    form.start()
    assert app.screen == "game" and [s.name for s in app.session.seats] == ["Ann", "Bo"]


def test_settings_mark_the_values_in_force(app):
    from aquarius3d.screens.widgets import CHOSEN

    app.settings.update(language="en", window=[1600, 900])
    screen = app.show_settings()
    marked = {text for text, b in [(b["text"], b) for b in screen.widgets if type(b).__name__ == "DirectButton"]
              if text.startswith("> ")}
    assert marked == {"> English <", "> 1600x900 <", "> Off <", "> Auto (low) <", "> Auto (off) <", "> 60 <",
                      "> 100% <"}  # (llvmpipe)
    assert screen.language_buttons["en"]["frameColor"] == CHOSEN["frameColor"]
    assert screen.window_buttons[(1280, 720)]["text"] == "1280x720"
    screen.set_language("fr")
    screen = app.screens.current
    assert screen.language_buttons["fr"]["text"] == "> Français <" and screen.language_buttons["en"]["text"] == "English"
    assert screen.note.getText() == "Réglages enregistrés."
    screen.set_window((1280, 720))
    assert app.screens.current.window_buttons[(1280, 720)]["text"] == "> 1280x720 <"
    app.settings["window"] = [1000, 700]  # a size set by hand in the settings file is shown too, marked
    assert app.show_settings().window_buttons[(1000, 700)]["text"] == "> 1000x700 <"


def test_settings_choose_the_picture_quality_and_the_table_follows(app):
    """A tier chosen in Settings is kept, marked, and the game under way draws at it at once; smoother edges
    wait for the next start (the window's multisampling is set when it opens)."""
    from aquarius3d.files import user_settings
    from aquarius3d.view.quality import window_quality

    app.start_game("aquarius-rising", {}, [Seat("Ann"), Seat("Bo")], seed=3)
    scene = app.table.scene
    screen = app.open_over("settings")
    screen.set_quality("high")
    screen = app.screens.current
    assert screen.quality_buttons["high"]["text"] == "> High <" and screen.quality_buttons["auto"]["text"] == "Auto (low)"
    assert user_settings.load_settings()["quality"] == "high" and window_quality(app.base).name == "high"
    assert scene.lighting.quality.name == "high" and scene.lighting.quality.shadow_size == 4096
    screen.set_smooth("on")
    assert app.screens.current.smooth_buttons["on"]["text"] == "> On <"
    assert app.screens.current.note.getText() == "Saved; takes effect when the program next starts."
    assert user_settings.load_settings()["smooth_edges"] == "on"
    app.screens.current.set_quality("auto")
    assert scene.lighting.quality.name == "low"


def test_the_log_wraps_inside_its_panel_newest_last(app):
    app.start_game("aquarius", {}, [Seat("Ann"), Seat("Bo")], seed=3)
    long = "Ann placed the Earth–Air–Fire–Water card right of the diagonal Earth–Water card"
    app.session.messages[:] = [f"{i} {long}" for i in range(12)]
    app.table.refresh()
    shown = app.table.hud.log.getText()
    assert app.table.hud.log.textNode.getNumRows() <= 9
    # from the panel's left, each move's further rows indented (right-aligned, the rows were ragged on both sides)
    rows = shown.split("\n")
    firsts = [row for row in rows if not row.startswith(" ")]
    assert len(firsts) < len(rows) and all(row.startswith(HANG) for row in rows if row not in firsts)
    assert [int(row.split()[0]) for row in firsts] == list(range(12 - len(firsts), 12)) and len(firsts) >= 3
    assert " ".join(row.strip() for row in rows).endswith(f"11 {long}")
    assert app.table.hud.log.textNode.getAlign() == TextNode.ALeft
    x0, x1, z0, z1 = widget_box(app.base, app.table.hud.log)
    p0, p1, q0, q1 = widget_box(app.base, app.table.hud.log_panel)
    assert p0 <= x0 and x1 <= p1 and q0 <= z0 and z1 <= q1


@pytest.mark.parametrize("language", ["en", "fr"])
def test_towers_trade_goals_buttons_name_the_places_by_element(app, language):
    from aquarius3d.i18n import element_name, set_language

    set_language(language)
    app.start_game("elemental-towers", {}, [Seat("Solo")], seed=12)
    rng = random.Random(12)
    for _ in range(300):
        if app.session.stage == "row":
            break
        towers_step(app, rng)
    assert app.session.stage == "row"
    row = [element_name(e) for e in app.session.flow.row()]
    buttons = [w for w in app.table.hud.choice_widgets if type(w).__name__ == "DirectButton"]
    words = [b["text"] for b in buttons]
    join = " and " if language == "en" else " et "
    options = app.session.options()
    assert [o.label for o in options] == [f"{row[i]}{join}{row[i + 1]}" for i in range(4)]
    # each button says what it does: the two places' points a tower once swapped (the top place scores 5), each
    # number held to its words by a no-break space (a wrapped button left a lone digit on a row)
    points = {"en": "{first} towers then score\u00a0{a}, {second} towers\u00a0{b}",
              "fr": "les tours {first} rapportent alors\u00a0{a}, les tours {second}\u00a0{b}"}[language]
    assert [o.says for o in options] == [points.format(first=row[i], second=row[i + 1], a=4 - i, b=5 - i)
                                         for i in range(4)]
    colon = ": " if language == "en" else " : "
    assert words[:4] == [f"{o.label}{colon}{o.says}" for o in options]
    boxes = [widget_box(app.base, b) for b in buttons]
    for i, box in enumerate(boxes):
        assert all(not overlap(box, other) for other in boxes[i + 1:]), words


def test_a_refused_pass_is_said_in_french(app):
    from aquarius3d.i18n import set_language

    set_language("fr")
    app.start_game("aquarius", {}, [Seat("Ann"), Seat("Bo")], seed=3)
    app.table.reveal()
    assert app.session.stage == "choose" and not app.session.can_pass()
    app.table.key_pass()
    assert app.table.hud.notice.getText() == "Interdit\xa0: on ne peut passer que si aucune carte de sa main ne peut être jouée"


def furniture(app):
    """What stands on the table beside the cards: the piles shown, the supply trays, the scoring row's cards."""
    nodes = [stack for stack in app.table.parts.piles.stacks.values() if not stack.isHidden()]
    if app.table.parts.trays is not None:
        nodes += list(app.table.parts.trays.root.findAllMatches("**/tray-board"))
    if app.table.parts.scoring_row is not None:
        nodes += app.table.parts.scoring_row.cards
    return nodes


def table_box(app, node):
    low, high = node.getTightBounds(app.base.render)
    return low.x, high.x, low.y, high.y


@pytest.mark.parametrize("ruleset, seats", [("elemental-towers", 1), ("aquarius", 2)])
def test_no_glowing_spot_lies_under_a_pile_a_tray_or_the_row(app, ruleset, seats):
    app.start_game(ruleset, {}, [Seat(n) for n in ["Ann", "Bo"][:seats]], seed=12)
    rng = random.Random(12)
    seen = 0
    from driving import step

    for _ in range(300):
        session = app.session
        if session.stage == "over":
            break
        if app.table.scene.ghosts:
            things = [table_box(app, n) for n in furniture(app)]
            for key, ghost in app.table.scene.ghosts.items():
                spot = table_box(app, ghost)
                assert not any(overlap(spot, thing) for thing in things), key
            seen += len(app.table.scene.ghosts)
        towers_step(app, rng) if ruleset == "elemental-towers" else step(app, rng)
    assert seen > 50
