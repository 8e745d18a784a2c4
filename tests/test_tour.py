"""The first-game tour: callouts at the hand, the goal, the spots, the log and the menu; once, skippable."""

from contextlib import contextmanager

import pytest

from aquarius3d.files import user_settings
from aquarius3d.i18n import tr
from aquarius3d.screens.tour import STEPS, steps
from aquarius3d.session import Seat

TOUR = pytest.mark.parametrize("app", ["tour"], indirect=True)  # a first run: the settings file says nothing yet


@TOUR
def test_the_tour_waits_for_the_cover_then_walks_through_and_is_remembered(app):
    app.start_game("aquarius", {}, [Seat("Ann"), Seat("Bo")], seed=3)
    table = app.table
    assert table.session.stage == "cover" and not table.tour.shown  # nothing to point at under the cover
    table.reveal()
    assert table.tour.shown and table.tour.step == 0
    assert app.base.messenger.isAccepting("enter", table) and not app.base.messenger.isAccepting("r", table)
    seen = []
    while table.tour.shown:
        seen.append(table.tour.words.getText())
        x, z = table.tour.marker.getX(), table.tour.marker.getZ()
        aspect = app.base.getAspectRatio()
        assert -aspect <= x <= aspect and -1 <= z <= 1  # the marker is inside the window
        app.base.messenger.send("enter")
    assert len(seen) == len(STEPS) and "hand" in seen[0] and "goal" in seen[1]
    assert app.base.messenger.isAccepting("r", table)  # the table's keys are back
    assert user_settings.load_settings()["tour"] is False
    app.start_game("aquarius", {}, [Seat("Ann"), Seat("Bo")], seed=4)
    app.table.reveal()
    assert not app.table.tour.shown  # never twice


@TOUR
def test_esc_skips_the_tour_and_settings_bring_it_back(app):
    app.start_game("aquarius", {}, [Seat("Ann"), Seat("Bot", "computer")], seed=3)
    table = app.table
    assert table.tour.shown
    app.base.messenger.send("escape")
    assert not table.tour.shown and not table.menu.shown and user_settings.load_settings()["tour"] is False
    settings = app.show_settings()
    settings.set_tour(True)
    assert user_settings.load_settings()["tour"] is True


@TOUR
def test_computers_alone_get_no_tour(app):
    app.start_game("aquarius", {}, [Seat("Bot 1", "computer"), Seat("Bot 2", "computer")], seed=3)
    assert not app.table.tour.shown


SIZES = [(1024, 600), (1280, 720), (1920, 1080)]


@contextmanager
def toured(app, monkeypatch, size, percent, ruleset, seed):
    """A first game of a ruleset (Ann alone in Elemental Towers, Ann and Bo else) with its tour, laid out as in a
    window of this size at this interface scale, the cover lifted: the table; the window's shape back after."""
    from test_layout import with_window

    original = with_window(app, monkeypatch, *size)
    app.settings["interface_scale"] = percent
    try:
        app.start_game(ruleset, {}, [Seat("Ann")] if ruleset == "elemental-towers" else [Seat("Ann"), Seat("Bo")],
                       seed=seed)
        if app.session.stage == "cover":
            app.table.reveal()
        yield app.table
    finally:
        app.base.adjustWindowAspectRatio(original)


def union(rects):
    return (min(r[0] for r in rects), max(r[1] for r in rects), min(r[2] for r in rects), max(r[3] for r in rects))


def inside(inner, outer) -> bool:
    return outer[0] <= inner[0] and inner[1] <= outer[1] and outer[2] <= inner[2] and inner[3] <= outer[3]


def what_it_speaks_of(app, key):
    """The thing a step speaks of, found afresh (aspect2d units), and whether it shows."""
    from aquarius3d.screens.focus import shown, widget_rect
    from aquarius3d.view.framing import scene_boxes
    from test_labels_belong import screen_box

    table, base = app.table, app.base
    aspect = base.getAspectRatio()
    if key == "tour_hand":
        return union([box for _, box in table.hud.hand.nodes]), not table.hud.hand.root.isHidden()
    if key == "tour_goal":
        return widget_rect(base, table.hud.goal_card), shown(table.hud.goal_card)
    if key == "tour_log":
        return widget_rect(base, table.hud.log_panel), shown(table.hud.log_panel) and table.hud.log.getText() != ""
    if key == "tour_rules":
        return widget_rect(base, table.menu.panel), table.menu.shown
    rects = [screen_box(app, box) for box in scene_boxes(table.scene, app.session.state.table.need)]
    x0, x1, y0, y1 = union(rects)
    assert table.scene.views and -1 <= x0 and x1 <= 1 and -1 <= y0 and y1 <= 1  # (the camera frames them all)
    return (x0 * aspect, x1 * aspect, y0, y1), True


def a_new_game(app):
    """A hot-seat Aquarius game, its cover lifted: the tour's first step shows, the camera where it frames the table."""
    app.start_game("aquarius", {}, [Seat("Ann"), Seat("Bo")], seed=3)
    table = app.table
    table.reveal()
    table.camera.finish()
    return table


@TOUR
@pytest.mark.parametrize("width,height", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_each_step_frames_what_it_speaks_of_in_every_window(app, monkeypatch, width, height):
    """Issue 27: steps 4 and 5 framed empty places (the log's panel before any move, the middle of the window)."""
    from test_layout import overlap, with_window

    original = with_window(app, monkeypatch, width, height)
    try:
        table = a_new_game(app)
        tour = table.tour
        aspect = app.base.getAspectRatio()
        seen = []
        while tour.shown:
            key = STEPS[tour.step]
            thing, showing = what_it_speaks_of(app, key)
            assert showing, key
            frame = tour.frame
            assert inside(thing, frame), (key, thing, frame)
            assert inside(frame, (-aspect, aspect, -1, 1)), (key, frame)
            bars = union([(b.getX(app.base.aspect2d) + b["frameSize"][0], b.getX(app.base.aspect2d) + b["frameSize"][1],
                           b.getZ(app.base.aspect2d) + b["frameSize"][2], b.getZ(app.base.aspect2d) + b["frameSize"][3])
                          for b in tour.bars])
            assert bars == pytest.approx(frame, abs=1e-6)  # the gold bars are drawn there
            panel = tour.panel.getX(), tour.panel.getZ()
            words = (panel[0] - 0.62, panel[0] + 0.62, panel[1] - 0.2, panel[1] + 0.2)
            assert inside(words, (-aspect, aspect, -1, 1)), (key, words)
            assert not overlap(words, frame), (key, words, frame)  # the callout beside what it frames
            seen.append(key)
            app.base.messenger.send("enter")
        assert seen == list(STEPS)
        assert not table.menu.shown and all(b.guiItem.getActive() for b in table.menu.buttons.values())
        assert table.hud.log_panel.isHidden() == (not app.session.messages)
        assert bool(table.hud.log.getText()) == bool(app.session.messages)
    finally:
        app.base.adjustWindowAspectRatio(original)


@TOUR
def test_the_menu_shown_by_the_tour_is_inert_and_esc_ends_it(app):
    app.start_game("aquarius", {}, [Seat("Ann"), Seat("Bo")], seed=3)
    table = app.table
    table.reveal()
    while table.tour.shown and STEPS[table.tour.step] != "tour_rules":
        app.base.messenger.send("enter")
    assert table.menu.shown and not any(b.guiItem.getActive() for b in table.menu.buttons.values())
    app.base.messenger.send("escape")
    assert not table.tour.shown and not table.menu.shown
    assert all(b.guiItem.getActive() for b in table.menu.buttons.values())
    app.base.messenger.send("escape")  # Esc is the table's again: the game menu, live
    assert table.menu.shown and all(b.guiItem.getActive() for b in table.menu.buttons.values())


@TOUR
@pytest.mark.parametrize("percent", [100, 150])
@pytest.mark.parametrize("width,height", [(1024, 600), (1280, 720)], ids=["1024x600", "1280x720"])
def test_no_callout_covers_the_table_s_cards(app, monkeypatch, width, height, percent):
    """A playtest at 1024x600 and 150%: the hand's callout stood over the first card on the table (and the log's over
    it too). Each callout beside what it speaks of keeps clear of the table's cards (as they show on the screen) where
    some place at a scale down to 100% does; the game menu's step shades the table anyway."""
    from test_layout import overlap, with_window

    from test_labels_belong import screen_box

    from aquarius3d.screens.tour import PANEL
    from aquarius3d.view.framing import card_box

    original = with_window(app, monkeypatch, width, height)
    app.settings["interface_scale"] = percent
    try:
        table = a_new_game(app)
        tour = table.tour
        checked = 0
        while tour.shown:
            if STEPS[tour.step] != "tour_rules":
                size, (x, _, z) = tour.panel.getSx(), tour.panel.getPos()
                callout = (x + PANEL[0] * size, x + PANEL[1] * size, z + PANEL[2] * size, z + PANEL[3] * size)
                aspect = app.base.getAspectRatio()
                cards = [(x0 * aspect, x1 * aspect, y0, y1) for x0, x1, y0, y1 in
                         (screen_box(app, card_box(view.cell, view.bottom)) for view in table.scene.views.values())]
                assert cards and not any(overlap(callout, card) for card in cards), (STEPS[tour.step], callout, cards)
                checked += 1
            app.base.messenger.send("enter")
        assert checked == len(STEPS) - 1
    finally:
        app.base.adjustWindowAspectRatio(original)


@TOUR
@pytest.mark.parametrize("ruleset", ["elemental-towers", "dominus", "aquarius-rising"])
def test_each_game_s_tour_speaks_of_what_it_has(app, ruleset):
    """A playtest: the tour was Aquarius' in every game. Elemental Towers' "hand" is the card drawn, already chosen
    (the step said to click a card to choose it), and neither it nor Dominus has a goal (the goal's step framed an
    empty place): their tours say so and skip it; Rising's callouts keep clear of its heights panel (one hid it)."""
    from test_layout import overlap

    from aquarius3d.screens.focus import widget_rect
    from aquarius3d.screens.tour import PANEL

    seats = [Seat("Ann")] if ruleset == "elemental-towers" else [Seat("Ann"), Seat("Bo", "computer")]
    app.start_game(ruleset, {}, seats, seed=3)
    table = app.table
    table.reveal() if app.session.stage == "cover" else None
    tour = table.tour
    assert tour.shown
    rising = ruleset == "aquarius-rising"  # (a goal, and a tray of pyramids)
    assert tour.keys == steps(rising, rising)
    said = tour.words.getText()
    assert said == tr("tour_hand_drawn" if ruleset == "elemental-towers" else "tour_hand")
    while tour.shown:
        if ruleset == "aquarius-rising" and tour.keys[tour.step] != "tour_rules":
            size, (x, _, z) = tour.panel.getSx(), tour.panel.getPos()
            callout = (x + PANEL[0] * size, x + PANEL[1] * size, z + PANEL[2] * size, z + PANEL[3] * size)
            assert table.heights.shown and not overlap(callout, widget_rect(app.base, table.heights.panel))
        app.base.messenger.send("enter")


@TOUR
@pytest.mark.parametrize("language", ["en", "fr"])
def test_elemental_towers_first_step_speaks_of_the_action_card_drawn(app, language):
    """A playtest: the first card drawn was Trade Goals, waiting for a swap of the scoring row, and the tour's first
    step said "The card you drew, ready to place", framing an empty place. It names the action card, frames it where
    it shows (on the right), and says its choices are the buttons beside the strip; in French with U+00A0."""
    from test_layout import overlap

    from aquarius3d.i18n import action_name, set_language
    from aquarius3d.screens.focus import widget_rect

    set_language(language)
    app.start_game("elemental-towers", {}, [Seat("Ann")], seed=5)  # (its first card drawn: Trade Goals)
    table = app.table
    tour = table.tour
    assert app.session.stage == "row" and app.session.action == "trade_goals" and tour.shown
    said = tour.words.getText()
    assert said == tr("tour_hand_action", action=action_name("trade_goals")) != tr("tour_hand_drawn")
    assert action_name("trade_goals") in said
    if language == "fr":
        assert "\u00a0:" in said and "\u00a0;" in said and " :" not in said and " ;" not in said
    card = widget_rect(app.base, table.feedback.action_card)
    assert not table.feedback.action_card.isHidden() and inside(card, tour.frame), (card, tour.frame)
    assert table.hud.prompt.dialog_rect is not None  # the choices it speaks of: the dialog's buttons
    callout = widget_rect(app.base, tour.panel)
    for part in [card, *table.hud.prompt.rects()]:
        assert not overlap(callout, part), (callout, part)


@TOUR
def test_an_action_waiting_for_a_table_card_is_said_so(app):
    """Move a Card or Zap a Card drawn (no buttons: a card of the table is picked) when the tour shows (asked for again
    in Settings mid-game): the step says the strip tells what to pick on the table."""
    import random

    from driving import towers_step

    from aquarius3d.i18n import action_name

    app.settings["tour"] = False
    app.start_game("elemental-towers", {}, [Seat("Ann")], seed=5)
    session, rng = app.session, random.Random(2)
    for _ in range(400):
        if session.stage in ("table_card", "trade_piece") or session.stage == "over":
            break
        towers_step(app, rng)
    assert session.stage in ("table_card", "trade_piece"), session.stage
    app.settings["tour"] = True
    table = app.table
    table.refresh()
    table.tour.step = -1
    table.tour.start()
    assert table.hud.prompt.dialog_rect is None
    assert table.tour.words.getText() == tr("tour_hand_action_table", action=action_name(session.action))


@TOUR
@pytest.mark.parametrize("ruleset", ["elemental-towers", "aquarius"])
@pytest.mark.parametrize("percent", [100, 150])
@pytest.mark.parametrize("width,height", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_no_callout_covers_the_turn_panel(app, monkeypatch, width, height, percent, ruleset):
    """A playtest at 1920x1080: the log's callout lay over the turn panel (top left) and garbled its Discard and Score
    lines. No callout covers it, nor Elemental Towers' action card drawn, in any step but the game menu's (its shade
    lies over everything)."""
    from test_layout import overlap

    from aquarius3d.screens.focus import widget_rect

    with toured(app, monkeypatch, (width, height), percent, ruleset, 5) as table:
        tour = table.tour
        checked = 0
        while tour.shown:
            if tour.keys[tour.step] != "tour_rules":
                callout = widget_rect(app.base, tour.panel)
                turn = widget_rect(app.base, table.hud.info_panel)
                assert not overlap(callout, turn), (tour.keys[tour.step], callout, turn)
                card = table.feedback.action_card
                if not card.isHidden():
                    assert not overlap(callout, widget_rect(app.base, card)), tour.keys[tour.step]
                checked += 1
            app.base.messenger.send("enter")
        assert checked == len(tour.keys) - 1


@TOUR
@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_spots_step_says_no_ghost_glows_while_an_action_card_waits(app, language):
    """A playtest: Elemental Towers' first card drawn was an action card (Trade Goals, waiting for its choice), and
    the spots step said "a ghost glows on the table" while none did. While an action card waits, the step says a
    ghost will glow once the action is done, for the next card drawn; with a card to place, it says one glows, and
    one does once it is chosen. Its words stay inside the callout, clear of its buttons."""
    from test_layout import overlap

    from aquarius3d.i18n import set_language
    from aquarius3d.screens.focus import widget_rect

    set_language(language)
    try:
        app.start_game("elemental-towers", {}, [Seat("Ann")], seed=5)  # (its first card drawn: Trade Goals)
        table, session = app.table, app.session
        tour = table.tour
        assert session.stage == "row" and session.action == "trade_goals" and tour.shown
        while tour.keys[tour.step] != "tour_spots":
            tour.advance()
        assert not table.scene.ghosts  # (nothing glows: no card is to be placed)
        said = tour.words.getText()
        assert said == tr("tour_spots_action") != tr("tour_spots")
        low, high = tour.words.getTightBounds(app.base.aspect2d)
        words, callout = (low.x, high.x, low.z, high.z), widget_rect(app.base, tour.panel)
        assert inside(words, callout), (words, callout)
        for button in (tour.next, tour.skip):
            assert not overlap(words, widget_rect(app.base, button)), said
        if language == "fr":
            assert "\u00a0:" in said and "\u00a0;" in said and " :" not in said and " ;" not in said
        tour.finish()
        app.start_game("elemental-towers", {}, [Seat("Ann")], seed=3)  # (a card to place drawn first)
        table, session = app.table, app.session
        assert session.action is None and session.stage == "place"
        tour = table.tour
        tour.step = -1
        tour.start()
        while tour.keys[tour.step] != "tour_spots":
            tour.advance()
        assert tour.words.getText() == tr("tour_spots")
        assert table.scene.ghosts  # (the card drawn is chosen: its ghosts glow)
    finally:
        set_language("en")


@TOUR
def test_g_held_peeks_at_the_goal_while_the_tour_shows(app):
    """A fresh playtest: the tour's goal step says "hold G", but G did nothing while its callout showed (the tour
    rests the table's keys); the Goal button worked. G held peeks now, let go it stops, and the tour stays."""
    app.start_game("aquarius", {}, [Seat("Ann"), Seat("Bo")], seed=3)
    table = app.table
    table.reveal()
    app.base.messenger.send("enter")  # the goal's step
    assert table.tour.shown and table.tour.keys[table.tour.step] == "tour_goal"
    card = table.hud.goal_card
    app.base.messenger.send("g")
    goal = app.session.observation()["goal"]
    assert app.session.peeking and table.hud.goal.getText() == f"Your goal: {goal.capitalize()}"
    assert card["frameTexture"] is not None and table.tour.shown
    app.base.messenger.send("g-up")
    assert not app.session.peeking and card["text"] == "Goal" and table.tour.shown


@TOUR
@pytest.mark.parametrize("language", ["en", "fr"])
def test_rising_s_tour_speaks_of_the_tray_after_the_spots(app, language):
    """A fresh playtest: Aquarius Rising's tour never spoke of the tray or the pyramids, half of a turn there. A step
    after the spots frames the player's own tray and says to pick a pyramid from it after the card, a greyed one
    having no quarter to go to; in French with U+00A0 before the colon-like marks. Aquarius has no such step."""
    from aquarius3d.i18n import set_language
    from aquarius3d.screens.focus import widget_rect
    from aquarius3d.view.framing import node_boxes

    set_language(language)
    try:
        app.start_game("aquarius-rising", {}, [Seat("Ann"), Seat("Bo", "computer")], seed=3)
        table = app.table
        tour = table.tour
        assert tour.keys == ["tour_hand", "tour_goal", "tour_spots", "tour_tray", "tour_log", "tour_rules"]
        while tour.keys[tour.step] != "tour_tray":
            app.base.messenger.send("enter")
        said = tour.words.getText()
        assert said == tr("tour_tray") and ("tray" in said if language == "en" else "plateau" in said)
        tray = tour.on_screen(node_boxes(table.scene, [table.parts.trays.seats[app.session.viewer]]))[0]
        frame = tour.frame
        assert frame[0] <= tray[0] + 1e-6 and tray[1] <= frame[1] + 1e-6  # the gold frame round the tray
        assert frame[2] <= tray[2] + 1e-6 and tray[3] <= frame[3] + 1e-6
        assert not tour.panel.isHidden() and widget_rect(app.base, tour.panel) != frame
        if language == "fr":
            assert " :" not in said and " ;" not in said
    finally:
        set_language("en")
    app.start_game("aquarius", {}, [Seat("Ann"), Seat("Bo")], seed=3)
    app.table.reveal()
    assert app.table.tour.shown and "tour_tray" not in app.table.tour.keys
