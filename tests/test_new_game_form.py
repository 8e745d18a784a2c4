"""The New game form as a new player meets it (issue 27, point 8; a playtest at 1024x600 and 1280x720, 150%): each
label beside its control, choices said in words that tell what they do, and the form opening with the last game
started from it (kept in the settings; anything stored that no longer fits is the default, with no traceback)."""

import json

import pytest

from aquarius3d.files import user_settings
from aquarius3d.i18n import set_language
from aquarius3d.screens.focus import widget_rect

KEPT = [["Cy", "human"], ["Di", "easy"]]  # players stored that the game can seat
NEAR = 0.08  # a label's control starts within this of the label's end (aspect2d units at 100%), a row's widgets too


def shown_words(form):
    return [w.getText() if hasattr(w, "getText") else str(w["text"]) for w in form.option_widgets + form.seat_widgets]


def rect(app, widget):
    if hasattr(widget, "guiItem"):
        return widget_rect(app.base, widget)
    low, high = widget.getTightBounds(app.base.aspect2d)
    return low.x, high.x, low.z, high.z


@pytest.mark.parametrize("ruleset", ["aquarius", "aquarius-rising", "dominus"])
def test_each_label_stands_beside_its_control_and_a_players_row_is_packed(app, ruleset):
    form = app.show_new_game()
    form.choose_ruleset(ruleset)
    while len(form.seats) < form.seat_limits()[1]:
        form.add_seat()
    size = form.root.getSx()
    labels = [w for w in form.option_widgets if not hasattr(w, "guiItem") and w.getText().rstrip().endswith(":")]
    assert labels  # the options that are not a box to tick: words, then their control
    for label in labels:
        words = rect(app, label)
        row = [rect(app, w) for w in form.option_widgets if w is not label and hasattr(w, "guiItem")
               and abs((rect(app, w)[2] + rect(app, w)[3]) / 2 - (words[2] + words[3]) / 2) < 0.03 * size]
        assert row, label.getText()
        nearest = min(r[0] for r in row)
        assert 0 <= nearest - words[1] <= NEAR * size, (label.getText(), nearest - words[1])
    gaps = []  # a player's row: the name, then its buttons, side by side in columns as wide as their widest
    for i, entry in enumerate(form.seat_entries):
        z = entry.getZ(form.seats_root)
        row = sorted((rect(app, w) for w in form.seat_widgets if hasattr(w, "guiItem")
                      and abs(w.getZ(form.seats_root) - z) < 0.03), key=lambda r: r[0])
        assert len(row) >= 3, i
        gaps.append([right[0] - left[1] for left, right in zip(row, row[1:])])
    for column in zip(*gaps):
        assert min(column) >= 0 and min(column) <= NEAR * size, column


def test_the_choices_say_what_they_do_in_english_and_french(app):
    form = app.show_new_game()
    form.choose_ruleset("aquarius")
    words = shown_words(form)
    assert "Action cards in the deck:" in words and "every kind (the full game)" in words
    assert "Panels to connect to win:" in words
    assert words.count("wins with 7 panels, as everyone") == 2
    form.step_option("target", None, -1)  # the table's number, said on each player's button
    form.cycle_target(1)
    words = shown_words(form)
    assert "wins with 6 panels, as everyone" in words and "wins with 3 panels (own target)" in words
    assert not any("Single-Action" in w or "as the table" in w or w.endswith("with:") for w in words)
    set_language("fr")
    form = app.show_new_game()
    form.choose_ruleset("aquarius")
    words = shown_words(form)
    assert "Cartes action du paquet\u00a0:" in words and "toutes (le jeu complet)" in words
    assert words.count("gagne avec 7 panneaux, comme tous") == 2


def test_the_form_opens_with_the_last_game_started_from_it(app):
    form = app.show_new_game()
    form.choose_ruleset("aquarius")
    form.set_option(True, "aqua_chicken")
    form.step_option("target", None, -2)
    form.add_seat()
    form.cycle_level(2)  # medium, then the next level
    form.seat_entries[0].enterText("Zoé")
    form.cycle_target(1)
    seats = [["Zoé", "human"], ["Bo", "human"], ["Cy", form.seats[2][1]]]
    assert form.seats == seats and form.seats[2][1] != "human"
    form.start()
    assert app.screen == "game"
    stored = user_settings.load_settings()["new_game"]
    assert stored == {"ruleset": "aquarius", "options": {"aqua_chicken": True, "target": 5}, "seats": seats,
                      "targets": [None, 3, None]}
    app.show_menu()
    app.settings = user_settings.load_settings()  # (as the next time the game opens)
    form = app.show_new_game()
    assert form.ruleset == "aquarius" and form.ruleset_menu.get() == "Aquarius"
    assert form.options == {"aqua_chicken": True, "target": 5} and form.seats == seats and form.targets == {1: 3}
    assert [e.get() for e in form.seat_entries] == ["Zoé", "Bo", "Cy"]
    assert "wins with 3 panels (own target)" in shown_words(form)
    host = app.screens.switch("host")  # the Host form opens as it always did
    assert host.ruleset == "aquarius" and host.options == {} and len(host.seats) == 2


@pytest.mark.parametrize("stored", [
    "not a game", 7,
    {"ruleset": "aquarius"}, {"ruleset": "aquarius", "seats": "Ann"}, {"ruleset": "aquarius", "seats": [["Ann"]]},
    {"ruleset": "aquarius", "seats": [["Ann", "human"], ["Bo", 3]]}, {"ruleset": "aquarius", "seats": [["", "human"]]},
    {"ruleset": "aquarius", "seats": [["Ann", "human"]] * 9}, {"ruleset": "aquarius", "options": [1],
                                                               "seats": [["Ann", "human"]]},
    {"ruleset": "aquarius", "options": {"target": {"x": 1}}, "seats": [["Ann", "human"]]},
    {"ruleset": "aquarius", "seats": [["Ann", "human"]], "targets": ["three"]},
], ids=lambda s: str(s)[:40])
def test_a_last_game_stored_wrong_is_no_last_game(app, stored):
    user_settings.settings_path().write_text(json.dumps({"interface_scale": 125, "new_game": stored}))
    settings = user_settings.load_settings()
    assert settings["new_game"] is None and settings["interface_scale"] == 125
    app.settings = settings
    form = app.show_new_game()
    assert form.ruleset == "aquarius" and form.options == {} and form.seats == [["Ann", "human"], ["Bo", "human"]]


@pytest.mark.parametrize("last,ruleset,options,seats", [
    # an option the game no longer has, or of the wrong kind, or that does not fit: the options' defaults
    ({"ruleset": "chess"}, "aquarius", {}, None),  # a game no longer offered: the form's defaults
    ({"options": {"no_such_option": True}}, "aquarius", {}, KEPT),
    ({"options": {"target": True}}, "aquarius", {}, KEPT),
    ({"options": {"target": 50}}, "aquarius", {}, KEPT),
    ({"options": {"single_action": "no_such_action"}}, "aquarius", {}, KEPT),
    ({"options": {"first_edition": True, "single_action": "rotate_goals"}}, "aquarius", {}, KEPT),
    # players the game cannot seat: the default players
    ({"seats": [["Ann", "wizard"], ["Bo", "human"]]}, "aquarius", {"target": 6}, None),
    ({"seats": [["Ann", "human"], ["ann ", "human"]]}, "aquarius", {"target": 6}, None),
    ({"ruleset": "elemental-towers", "options": {}, "seats": [["Ann", "human"], ["Bo", "human"]]},
     "elemental-towers", {}, [["Ann", "human"]]),
    ({"ruleset": "elemental-towers", "options": {}, "seats": [["Ann", "medium"]]}, "elemental-towers", {},
     [["Ann", "human"]]),
])
def test_what_no_longer_fits_of_the_last_game_is_the_default(app, last, ruleset, options, seats):
    stored = {"ruleset": "aquarius", "options": {"target": 6}, "seats": KEPT,
              "targets": [], **last}
    user_settings.settings_path().write_text(json.dumps({"new_game": stored}))
    app.settings = user_settings.load_settings()
    assert app.settings["new_game"] is not None
    form = app.show_new_game()
    assert form.ruleset == ruleset and form.options == options
    assert form.seats == (seats or [["Ann", "human"], ["Bo", "human"]])
    form.start()  # and it starts
    assert app.screen == "game"


SIZES = [(1024, 600), (1280, 720), (1920, 1080)]


@pytest.mark.parametrize("width,height", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_a_form_that_scrolls_says_there_is_more_below_until_its_end(app, monkeypatch, width, height):
    """The playtester missed the thin bar: every form that scrolls shows "More below" at the window's bottom right,
    whole, clear of the foot's buttons, until it is scrolled to its end; a click on it scrolls on."""
    from test_form_scroll import FORMS, open_form
    from test_layout import with_window

    from aquarius3d.screens import scrolling
    from aquarius3d.screens.focus import ordered_widgets, screen_widgets
    from aquarius3d.screens.layout import inside, overlap

    original = with_window(app, monkeypatch, width, height)
    aspect = width / height
    try:
        scrolled = 0
        for percent in (100, 125, 150):
            app.settings["interface_scale"] = percent
            for name in FORMS:
                form = open_form(app, name)
                scroll = form.scroll
                if scroll.room == 0:
                    assert scroll.cue is None or scroll.cue.isHidden(), (name, percent)
                    continue
                scrolled += 1
                cue = widget_rect(app.base, scroll.cue)
                assert not scroll.cue.isHidden() and scroll.cue["text"] == "More below", (name, percent)
                assert inside(cue, (-aspect, aspect, -1, 1), 0.004), (name, percent)
                feet = [w for w in ordered_widgets(form, screen_widgets(form)) if scroll.foot.isAncestorOf(w)]
                assert not any(overlap(cue, widget_rect(app.base, w)) for w in feet), (name, percent)
                scroll.cue["command"](*scroll.cue["extraArgs"])  # a click: on by a turn of the wheel
                assert scroll.offset == pytest.approx(min(scrolling.STEP, scroll.room))
                scroll.by(scroll.room)  # at the end: nothing more below
                assert scroll.cue.isHidden(), (name, percent)
                scroll.by(-scrolling.STEP)
                assert not scroll.cue.isHidden(), (name, percent)
        assert scrolled  # (some form scrolls at 150% in every window)
    finally:
        app.base.adjustWindowAspectRatio(original)


@pytest.mark.parametrize("width,height,percent", [(1024, 600, 125), (1280, 720, 125), (1280, 720, 150),
                                                  (1920, 1080, 150)])
def test_a_wide_window_has_the_players_beside_the_options_and_no_scrolling(app, monkeypatch, width, height, percent):
    """Aquarius Rising's eight options and five players: where the window is wide enough at the scale, the players
    stand beside the options, the form whole in the window at the full scale, nothing to scroll."""
    from test_layout import with_window

    from aquarius3d.screens.layout import inside, overlap

    original = with_window(app, monkeypatch, width, height)
    app.settings["interface_scale"] = percent
    aspect = width / height
    try:
        form = app.show_new_game()
        form.choose_ruleset("aquarius-rising")
        while len(form.seats) < 5:
            form.add_seat()
        assert form.side_by_side and form.scroll.room == 0 and form.root.getSx() == pytest.approx(percent / 100)
        options = [widget_rect(app.base, w) if hasattr(w, "guiItem") else rect(app, w) for w in form.option_widgets]
        seats = [widget_rect(app.base, w) if hasattr(w, "guiItem") else rect(app, w) for w in form.seat_widgets]
        assert max(r[1] for r in options) < min(r[0] for r in seats)  # side by side
        for box in options + seats:
            assert inside(box, (-aspect, aspect, -1, 1), 0.004)
        assert not any(overlap(a, b) for a in options for b in seats)
        form.choose_ruleset("aquarius")  # (its players' own targets make it too wide: one column, scrolled)
        assert not form.side_by_side
    finally:
        app.base.adjustWindowAspectRatio(original)


def test_side_by_side_tab_goes_through_the_options_then_the_players(app, monkeypatch):
    from test_layout import with_window

    original = with_window(app, monkeypatch, 1280, 720)
    app.settings["interface_scale"] = 125
    try:
        form = app.show_new_game()
        form.choose_ruleset("aquarius-rising")
        while len(form.seats) < 5:
            form.add_seat()
        assert form.side_by_side
        ring = form.focus.ring()
        where = ["option" if form.options_root.isAncestorOf(w) else "player" if form.seats_root.isAncestorOf(w)
                 else "other" for w in ring]
        assert ring[0] is form.ruleset_menu and where[-2:] == ["other", "other"]  # the game first, Back and Start last
        assert where[1:-2] == ["option"] * where.count("option") + ["player"] * where.count("player")
        computers = sum(kind != "human" for _, kind in form.seats)  # (a name, a kind, Remove: five at most; a
        assert where.count("option") == 8 and where.count("player") == 5 * 3 + computers  # computer's level too)
    finally:
        app.base.adjustWindowAspectRatio(original)
