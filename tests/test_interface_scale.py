"""The interface scale (issue 27, point 10): 100%, 125% or 150% for every 2D part (texts, panels, buttons, the hand's
cards, the prompt strip and its dialog, the floating labels, the menus), chosen in Settings, kept in the settings
file and applied at once, the game under Settings too.

At 1024x600, 1280x720 and 1920x1080 and at each scale, the table of each game (a choice's dialog open, Rising's
heights panel, Elemental Towers' drawn action card, a game only watched) and every menu, form and panel over the
table must hold: every part inside the window, none over another, every word inside its box. Where a part cannot
have the whole scale in a small window it takes less (screens/layout.py: the top panels leave the notice its room,
a long hand shrinks between the corners, a form higher than the window scrolls, one wider than it shrinks), tested
too."""

import random

import pytest
from driving import FakeTask
from test_layout import play, with_window
from test_prompt import NAMES, bounds, check_prompt, give, others, pixels, to_choose, touching, words_rect

from aquarius3d.files import user_settings
from aquarius3d.screens import end_panel, layout
from aquarius3d.screens.focus import ordered_widgets, screen_widgets, shown, widget_rect
from aquarius3d.screens.layout import inside, overlap
from aquarius3d.session import Seat

SIZES = [(1024, 600), (1280, 720), (1920, 1080)]
SCALES = [100, 125, 150]


def window(app, width, height):
    aspect = app.base.getAspectRatio()
    return (-aspect, aspect, -1.0, 1.0)


def check_table(app, width, height):
    """Every part of the table's 2D inside the window and clear of every other; every word inside its box."""
    table, hud = app.table, app.table.hud
    aspect = app.base.getAspectRatio()
    check_prompt(app, width, height)  # the strip and the dialog (tests/test_prompt.py)
    parts = others(app)
    prompt = hud.prompt
    if prompt.strip_rect is not None:
        parts["strip"] = widget_rect(app.base, prompt.strip)
    if prompt.dialog_rect is not None:
        parts["dialog"] = widget_rect(app.base, prompt.dialog)
    if hud.notice.getText():
        parts["notice"] = hud.notice_rect()  # (its words inside it: below)
    names = sorted(parts)
    for i, name in enumerate(names):
        box = pixels(parts[name], width, height, aspect)
        assert inside(box, (0, width, 0, height), 0.5), (name, box)
        for other in names[i + 1:]:
            if {name, other} == {"notice", "notice words"}:
                continue
            assert not touching(box, pixels(parts[other], width, height, aspect)), (name, other, app.session.stage)
    # every word in its box: the counts in the turn panel, the moves in the log, the notice, the goal's words
    base = app.base
    assert inside(bounds(app, hud.info), widget_rect(base, hud.info_panel), 0.004), hud.info.getText()
    assert inside(bounds(app, hud.turn), widget_rect(base, hud.info_panel), 0.004), hud.turn.getText()
    assert inside(widget_rect(base, hud.menu_button), widget_rect(base, hud.info_panel), 0.004)
    assert not overlap(bounds(app, hud.turn), widget_rect(base, hud.menu_button)), hud.turn.getText()
    if hud.log.getText() and not hud.log_panel.isHidden():
        assert inside(bounds(app, hud.log), widget_rect(base, hud.log_panel), 0.004), hud.log.getText()
    if hud.notice.getText():
        assert inside(bounds(app, hud.notice), hud.notice_rect(), 0.004), hud.notice.getText()
    if hud.goal.getText():
        corner = hud._aspect_rect(hud.bottom_right, layout.GOAL)
        assert inside(bounds(app, hud.goal), corner, 0.004), hud.goal.getText()
        assert not overlap(bounds(app, hud.goal), widget_rect(base, hud.goal_card))
    heights = getattr(table, "heights", None)
    if heights is not None and heights.shown:
        panel = widget_rect(base, heights.panel)
        for text in [heights.title, *heights.ranks, *heights.names, *heights.values]:
            if text.getText():
                assert inside(bounds(app, text), panel, 0.004), text.getText()
    # the floating labels: inside the window, clear of one another and of the HUD
    labels = table.parts.overlay.in_view()
    rects = [bounds(app, label) for label in labels]
    edge = window(app, width, height)
    kept = [(o[0] * aspect, o[1] * aspect, o[2], o[3]) for o in table.obstacles()]
    for i, rect in enumerate(rects):
        assert inside(rect, edge, 0.004), labels[i].node().getText()
        assert not any(overlap(rect, other) for other in rects[i + 1:]), labels[i].node().getText()
        assert not any(overlap(rect, part) for part in kept), labels[i].node().getText()


def scaled(app, percent):
    app.settings["interface_scale"] = percent


@pytest.mark.parametrize("percent", SCALES)
@pytest.mark.parametrize("width,height", SIZES)
def test_the_table_holds_at_every_size_and_scale(app, monkeypatch, width, height, percent):
    """Four people at Aquarius with Rotate Goals' dialog open, then Trade Goals' (four buttons); five at Aquarius
    Rising with its heights panel, mid-game (the counts ran out of the turn panel at 1024x600); Elemental Towers with its action card and its choices; a game watched."""
    original = with_window(app, monkeypatch, width, height)
    scaled(app, percent)
    try:
        app.start_game("aquarius", {}, [Seat(name) for name in NAMES[:4]], seed=11)
        assert app.table.hud.scale == percent / 100
        rng = random.Random(percent)
        to_choose(app, rng, 3)
        check_table(app, width, height)
        give(app, "rotate_goals")
        check_table(app, width, height)
        app.table.key_escape()
        give(app, "trade_goals")
        assert len(app.session.options()) == 4
        check_table(app, width, height)

        app.start_game("aquarius-rising", {}, [Seat("Ann")] + [Seat(name, "computer") for name in NAMES[1:]],
                       seed=4)  # (five seats: a row of counts each, the longest names' rows the widest)
        for _ in range(60):
            if app.session.stage == "cover":
                app.table.reveal()
            if app.session.stage in ("choose", "pyramid") and len(app.session.state.log) > 8:
                break
            play(app, 1)
        check_table(app, width, height)

        app.start_game("elemental-towers", {}, [Seat("Solo")], seed=12)
        from driving import towers_step

        seen = set()
        for _ in range(400):
            session = app.session
            if session.stage not in seen or not app.table.feedback.action_card.isHidden():
                seen.add(session.stage)
                check_table(app, width, height)
            if {"earned", "row"} <= seen or session.stage == "over":
                break
            towers_step(app, rng)

        app.start_game("dominus", {}, [Seat("Ann", "computer"), Seat("Bo", "computer")], seed=2)
        play(app, 6)
        check_table(app, width, height)
    finally:
        app.base.adjustWindowAspectRatio(original)


@pytest.mark.parametrize("percent", SCALES)
@pytest.mark.parametrize("width,height", SIZES)
def test_menus_forms_and_panels_hold_at_every_size_and_scale(app, monkeypatch, width, height, percent):
    """The menu, the new-game form at its longest (Aquarius Rising, five players), Load, Settings, Rules; over the
    table the game menu, F1's help, the Join form, the hand-off cover: every widget inside the window, the buttons
    clear of one another, their words inside them."""
    original = with_window(app, monkeypatch, width, height)
    scaled(app, percent)
    try:
        def seen(widget):
            """What of a widget shows: its frame, or its words where the frame is clear (a tick box's label)."""
            if type(widget).__name__ not in ("DirectButton", "DirectCheckButton"):
                return widget_rect(app.base, widget)
            colour = widget["frameColor"]
            clear = (colour[0] if isinstance(colour[0], tuple) else colour)[3] == 0
            return words_rect(app, widget) if clear and widget["text"] else widget_rect(app.base, widget)

        def check(screen, what):
            """(A form higher than the window scrolls, screens/scrolling.py: each widget is checked scrolled into
            view, as Tab brings it; what scrolls slides under the foot's band, so only the widgets of one part, the
            body or the foot, must be clear of one another.)"""
            edge = window(app, width, height)
            buttons = [w for w in ordered_widgets(screen, screen_widgets(screen))]
            assert buttons, what
            drawn = [seen(w) for w in buttons]  # (scrolling moves them all together)
            foot = screen.scroll.foot
            part = [foot is not None and foot.isAncestorOf(w) for w in buttons]
            for i, button in enumerate(buttons):
                screen.scroll.into_view(button, widget_rect(app.base, button))
                frame = widget_rect(app.base, button)
                assert inside(frame, edge, 0.004), (what, i)
                if screen.scroll.room and not part[i]:
                    assert frame[2] >= screen.scroll.floor - 0.004, (what, i)  # above the foot, once in view
                assert not any(overlap(drawn[i], other) for j, other in enumerate(drawn[i + 1:], i + 1)
                               if part[j] == part[i]), (what, i)
                if type(button).__name__ == "DirectButton" and button["text"]:
                    assert inside(words_rect(app, button), frame, 0.01), (what, button["text"])
            for widget in screen.widgets:
                if not widget.isEmpty() and shown(widget) and not hasattr(widget, "guiItem") and widget.getText():
                    screen.scroll.into_view(widget, bounds(app, widget))
                    assert inside(bounds(app, widget), edge, 0.004), (what, widget.getText())

        check(app.show_menu(), "menu")
        form = app.show_new_game()
        form.choose_ruleset("aquarius-rising")
        while len(form.seats) < 5:
            form.add_seat()
        check(form, "new game")
        host = app.screens.switch("host")
        while len(host.seats) < 5:
            host.add_seat()
        check(host, "host a game")
        check(app.screens.switch("join_game"), "join a game")
        check(app.screens.switch("load"), "load")
        check(app.show_settings(), "settings")
        check(app.show_rules(), "rules")

        app.start_game("aquarius", {}, [Seat("Ann"), Seat("Bartholomew")], seed=3)
        table = app.table
        check(table, "the cover")
        table.reveal()
        table.open_menu()
        check(table, "the game menu")
        table.close_menu()
        table.toggle_help()
        check(table, "F1")
        help_words = bounds(app, table.hud.help_body)
        assert inside(help_words, widget_rect(app.base, table.hud.help_panel), 0.004)
        table.toggle_help()
        table.join.show()
        check(table, "the Join form")
    finally:
        app.base.adjustWindowAspectRatio(original)


def test_the_scale_is_kept_in_the_settings_and_applied_at_once_to_the_game_under_them(app):
    app.start_game("aquarius", {}, [Seat("Ann"), Seat("Bo")], seed=3)
    table = app.table
    table.reveal()
    card = table.hud.hand.nodes[0][1]
    assert card[3] - card[2] == pytest.approx(layout.CARD_H)
    settings = app.open_over("settings")
    assert settings.scale_buttons[100]["text"] == "> 100% <"
    settings.set_interface_scale(125)
    settings = app.screens.current
    assert settings.scale_buttons[125]["text"] == "> 125% <" and settings.scale_buttons[100]["text"] == "100%"
    assert settings.note.getText() == "Settings saved."
    assert user_settings.load_settings()["interface_scale"] == 125
    assert 1.0 < settings.root.getSz() <= 1.25  # drawn again at once, as large as fits
    app.show_menu()  # Back: the game, at the new scale
    assert app.table is table and table.hud.scale == 1.25
    card = table.hud.hand.nodes[0][1]
    assert card[3] - card[2] == pytest.approx(layout.CARD_H * 1.25)
    assert table.hud.hint.getScale()[0] == pytest.approx(layout.STRIP_TEXT * 1.25)
    label = table.feedback.seats.labels[0]
    assert label.getSz(app.base.aspect2d) == pytest.approx(label.getSz() * 1.25)  # the floating labels too


def test_a_bad_scale_in_the_settings_file_is_the_default(app):
    path = user_settings.settings_path()
    for wrong in (110, "150", True, None, -1):
        path.write_text('{"interface_scale": %s}' % ('"150"' if wrong == "150" else str(wrong).lower()
                                                     if wrong is not None else "null"))
        assert user_settings.load_settings()["interface_scale"] == 100, wrong
    path.write_text('{"interface_scale": 150}')
    assert user_settings.load_settings()["interface_scale"] == 150


def test_where_150_cannot_fit_in_a_small_window_the_parts_shrink_gracefully(app, monkeypatch):
    """At 1024x600 and 150%: the top panels take less so that the notice keeps its room between them; a long hand
    (after Trade Hands and bonuses, say) shrinks between the corners; the new-game form, as high as the window at 100%, stays
    as large as fits; and everything still holds (the tests above)."""
    original = with_window(app, monkeypatch, 1024, 600)
    scaled(app, 150)
    aspect = 1024 / 600
    try:
        top = layout.top_scale(1.5, aspect)
        assert 1.0 < top < 1.5
        notice = layout.notice_rect(1.5, aspect)
        assert notice[1] - notice[0] >= layout.NOTICE_MIN - 1e-9
        app.start_game("aquarius", {}, [Seat("Ann"), Seat("Bo", "computer")], seed=2)
        table = app.table
        assert table.hud.top_left.getSz() == pytest.approx(top)
        session = app.session
        session.reveal()
        state = session.state
        while len(state.hands[0]) < 12:  # a long hand
            state.hands[0].append(state.deck.pop())
        table.refresh()
        cards = [box for _, box in table.hud.hand.nodes]
        assert len(cards) == 12
        assert cards[0][3] - cards[0][2] < layout.CARD_H * 1.5  # smaller than the scale asks
        goal = table.hud._aspect_rect(table.hud.bottom_right, layout.GOAL)
        assert -aspect < cards[0][0] and not any(overlap(card, goal) for card in cards)
        check_table(app, 1024, 600)
        form = app.show_new_game()  # (a form higher than the window keeps the scale and scrolls: test_form_scroll.py)
        assert form.root.getSz() == pytest.approx(1.5) and form.scroll.room > 0
    finally:
        app.base.adjustWindowAspectRatio(original)


def test_the_cover_and_help_stay_inside_the_window_at_150(app, monkeypatch):
    original = with_window(app, monkeypatch, 1024, 600)
    scaled(app, 150)
    try:
        app.start_game("aquarius", {}, [Seat("Ann"), Seat("Bo")], seed=3)
        table = app.table
        hud = table.hud
        for text in (hud.cover_title, hud.cover_hint, hud.cover_since):
            if text.getText():
                assert inside(bounds(app, text), (-1024 / 600, 1024 / 600, -1, 1), 0.004), text.getText()
        table._tick(FakeTask())
    finally:
        app.base.adjustWindowAspectRatio(original)


def each_window(app, monkeypatch):
    """Every size and scale in turn, the screen showing drawn again at each (as the window's own task does when its
    shape changes, and Settings when the scale does), the table's camera framed again for it (as its task does)."""
    for width, height in SIZES:
        with_window(app, monkeypatch, width, height)
        for percent in SCALES:
            scaled(app, percent)
            screen = app.screens.current
            screen.apply_scale()
            if hasattr(screen, "camera"):
                screen._follow()
                screen.camera.finish()
            yield width, height, percent


def check_end(app, width, height, what):
    """The end panel inside the window and clear of every other part of the HUD; its words inside it, over its
    buttons; its buttons inside it."""
    hud, base = app.table.hud, app.base
    aspect = app.base.getAspectRatio()
    panel = widget_rect(base, hud.end_panel)
    assert inside(panel, window(app, width, height), 0.004), what
    parts = {"log": widget_rect(base, hud.log_panel), "turn panel": widget_rect(base, hud.info_panel)}
    if hud.notice.getText():
        parts["notice"] = bounds(app, hud.notice)
    for name, part in parts.items():
        assert not touching(pixels(panel, width, height, aspect), pixels(part, width, height, aspect)), (what, name)
    buttons = [b for b in hud.end_buttons + [hud.next_round_button, hud.same_cards_button] if shown(b)]
    assert buttons, what
    lowest = min(widget_rect(base, b)[3] for b in buttons)
    words = end_panel.body(hud.end_panel, hud.end_lines).root  # (the lines as drawn: prose and a table)
    for text in (hud.end_title, words):
        assert inside(bounds(app, text), panel, 0.004), (what, hud.end_lines.getText())
    assert bounds(app, words)[2] >= lowest, (what, hud.end_lines.getText())
    for button in buttons:
        assert inside(widget_rect(base, button), panel, 0.004), (what, button["text"])
    # as large as what it says, no larger (the table is framed beside it: at 1024x600 and 150% a panel of 490x425
    # pixels held three lines and two buttons)
    parts = [bounds(app, hud.end_title), bounds(app, words)] + [widget_rect(base, b) for b in buttons]
    size = hud.end_panel.getSz(base.aspect2d)
    wide = max(p[1] for p in parts) - min(p[0] for p in parts)
    high = max(p[3] for p in parts) - min(p[2] for p in parts)
    assert panel[3] - panel[2] <= high + 0.3 * size, (what, panel, high)
    assert panel[1] - panel[0] <= max(wide + 0.2 * size, end_panel.NARROWEST * size) + 1e-6, (what, panel, wide)


def to_the_end(app, ruleset, seats, seed, stages=("over",), options=None):
    app.start_game(ruleset, options or {}, seats, seed=seed)
    table, session = app.table, app.session
    table.hold = True
    for _ in range(3000):
        if session.stage in stages:
            break
        if session.stage == "round_over":
            session.next_round()
        else:
            assert session.computer_move(), session.stage
        table.refresh()
    assert session.stage in stages


@pytest.mark.slow
def test_the_end_panel_holds_at_every_size_and_scale(app, monkeypatch):
    """At 150% the end panel reached up under the log's panel (its title hidden there); five at Aquarius Rising end
    on the longest words (the heights and their tie-breaks), Elemental Towers has two rows of buttons, Dominus'
    rounds end on a panel of their own."""
    original = app.base.getAspectRatio()
    try:
        for ruleset, seats, seed, stages, options in (
                ("aquarius-rising", [Seat(name, "computer", "easy") for name in NAMES], 3, ("over",), {}),
                ("elemental-towers", [Seat("Solo", "computer", "easy")], 5, ("over",), {}),
                ("dominus", [Seat("Ann", "computer", "easy"), Seat("Bo", "computer", "easy")], 2, ("round_over",),
                 {"rounds": 3})):
            to_the_end(app, ruleset, seats, seed, stages, options)
            for width, height, percent in each_window(app, monkeypatch):
                check_end(app, width, height, (ruleset, width, height, percent))
                assert app.table.hud.end_panel.getSz(app.base.aspect2d) <= percent / 100 + 1e-9
            app.base.adjustWindowAspectRatio(original)
    finally:
        app.base.adjustWindowAspectRatio(original)


@pytest.mark.parametrize("app", ["tour"], indirect=True)
def test_the_tour_holds_at_every_size_and_scale(app, monkeypatch):
    """Each callout inside the window, beside what it speaks of (smaller than the scale asks where only that fits),
    its words inside it; for the game menu's step the menu and the callout fit together (at 150% the menu alone is
    nearly as high as a 16:9 window); after the step the menu is back as it is drawn for itself."""
    original = app.base.getAspectRatio()
    try:
        app.start_game("aquarius", {}, [Seat("Ann"), Seat("Bo")], seed=3)
        table = app.table
        table.reveal()
        tour = table.tour
        for width, height, percent in each_window(app, monkeypatch):
            aspect = app.base.getAspectRatio()
            edge = window(app, width, height)
            tour.step = -1
            tour.start()
            steps = 0
            while tour.shown:
                callout = widget_rect(app.base, tour.panel)
                what = (width, height, percent, tour.step)
                assert inside(callout, edge, 0.004) and inside(tour.frame, edge, 0.004), what
                assert not overlap(callout, tour.frame), what
                assert 1.0 - 1e-9 <= tour.panel.getSz() <= percent / 100 + 1e-9, what
                assert inside(bounds(app, tour.words), callout, 0.004), what
                for button in (tour.next, tour.skip):
                    assert inside(widget_rect(app.base, button), callout, 0.004), what
                if tour.showing_menu:
                    menu = widget_rect(app.base, table.menu.panel)
                    assert inside(menu, edge, 0.004) and not overlap(menu, callout), what
                steps += 1
                tour.advance()
            assert steps == 5
            assert table.menu.panel.getZ() == 0
            frame = tuple(table.menu.panel["frameSize"])
            assert table.menu.panel.getSz() == pytest.approx(layout.fitted(percent / 100, frame, aspect))
    finally:
        app.base.adjustWindowAspectRatio(original)


def test_f1_holds_at_every_size_and_scale_in_both_languages(app, monkeypatch):
    """F1's controls hold each row on one line (the row of Middle drag ran past the panel) and its rulings page
    holds in its panel, in English and French; nothing of the table (the blue keyboard frame of a card) shows over
    it."""
    from aquarius3d.i18n import set_language

    original = app.base.getAspectRatio()
    try:
        for language in ("en", "fr"):
            set_language(language)
            app.start_game("aquarius-rising", {}, [Seat("Ann"), Seat("Bo")], seed=3)
            table = app.table
            table.reveal()
            table.keys.step(1)  # a card in focus: its blue frame shows
            assert not table.keys.marker.root.isHidden()
            table.toggle_help()
            table.keys.follow()
            assert table.keys.marker.root.isHidden()  # (under F1: no frame over it)
            table.toggle_help()
            table.keys.follow()
            assert not table.keys.marker.root.isHidden()  # the frame is back with the table
            table.toggle_help()
            hud = table.hud
            rows = hud.help_body.getText().count("\n") + 1  # (one row each, and the empty one after the last)
            for width, height, percent in each_window(app, monkeypatch):
                for page in ("controls", "rulings"):
                    if hud.help_page != page:
                        table.toggle_help_page()
                    panel = widget_rect(app.base, hud.help_panel)
                    what = (language, width, height, percent, page)
                    assert inside(panel, window(app, width, height), 0.004), what
                    words = bounds(app, hud.help_body)
                    assert inside(words, panel, 0.004), what
                    assert words[2] >= widget_rect(app.base, hud.help_page_button)[3], what
                    assert inside(bounds(app, hud.help_title), panel, 0.004), what
                    drawn = hud.help_body.getScale()[0] * hud.help_panel.getSx() * height / 2  # pixels
                    assert drawn >= 15.0, what  # (at 1024x600 and 100%: 13, the panel half empty; READABLE where it fits)
                    if page == "controls":  # each row of controls on a line of its own, the words not made smaller
                        assert hud.help_body.textNode.getNumRows() == rows, what
                        assert hud.help_body.getScale()[0] >= 0.043 - 1e-9, what
                        drawn = hud.help_body.getScale()[0] * hud.help_panel.getSx()
                        if (width, height, percent) == (1280, 720, 150):  # the panel fitted to the window's height
                            # (at 122%: 0.0527; its words grow back towards 150% as far as the panel's height lets
                            # them: Rising's controls in French, with the trays' numbers' row, fill it at 133%)
                            assert drawn >= 0.043 * 1.3, what
            if hud.help_page != "controls":
                table.toggle_help_page()
            table.toggle_help()
            app.base.adjustWindowAspectRatio(original)
    finally:
        set_language("en")
        app.base.adjustWindowAspectRatio(original)


def test_the_waiting_room_holds_at_every_size_and_scale(app, monkeypatch):
    """A game hosted on this computer only (loopback): the waiting room's join code, seats and button inside the
    window, its words clear of one another."""
    from test_net_screens import LOOPBACK, frames, free_port

    original = app.base.getAspectRatio()
    form = app.screens.switch("host")
    while len(form.seats) < 5:
        form.add_seat()
    form.port_entry.enterText(str(free_port()))
    form.address_entry.enterText(LOOPBACK)
    form.start()
    try:
        frames(app, lambda: app.screen == "lobby")
        lobby = app.screens.current
        for width, height, percent in each_window(app, monkeypatch):
            edge = window(app, width, height)
            texts = [w for w in lobby.widgets if not w.isEmpty() and shown(w) and not hasattr(w, "guiItem")
                     and w.getText()]
            rects = [bounds(app, w) for w in texts]
            for i, rect in enumerate(rects):
                assert not any(overlap(rect, other) for other in rects[i + 1:]), texts[i].getText()
            buttons = ordered_widgets(lobby, screen_widgets(lobby))
            for button in buttons:
                assert not any(overlap(widget_rect(app.base, button), rect) for rect in rects)
            for widget in texts + buttons:  # each inside the window, scrolled into view where the room is higher
                lobby.scroll.into_view(widget, widget_rect(app.base, widget) if widget in buttons else bounds(app, widget))
                seen = widget_rect(app.base, widget) if widget in buttons else bounds(app, widget)
                assert inside(seen, edge, 0.004), (width, height, percent)
    finally:
        app.base.adjustWindowAspectRatio(original)
        if app.online is not None:
            app.online.close()


def drawn_parts(app):
    """What the table's HUD draws now (aspect2d units): its panels and buttons (their frames), its words, and the
    hand's cards as a row up to where the chosen one rises."""
    table, hud, base = app.table, app.table.hud, app.base
    parts = []
    for node in (hud.info_panel, hud.log_panel, hud.log_tab, hud.goal_card, hud.prompt.strip, hud.prompt.dialog,
                 table.join.button):
        if not node.isHidden():
            parts.append(widget_rect(base, node))
    for text in (hud.notice, hud.goal):
        if not text.isHidden() and text.getText():
            parts.append(bounds(app, text))
    cards = [box for _, box in hud.hand.nodes]
    if cards:
        parts.append((cards[0][0], cards[-1][1], -1.0, hud.hand.band_top))
    if hud.prompt.room_rect is not None:  # (not drawn yet: where the strip will stand once a card is chosen)
        parts.append(hud.prompt.room_rect)
    return parts


@pytest.mark.parametrize("humans", [0, 2])
def test_the_framing_keeps_clear_of_what_the_hud_draws_not_of_bands_across(app, monkeypatch, humans):
    """Issue 27, point 2: the parts of the window the camera and the labels keep clear of are the HUD's parts as
    drawn, at every size and scale: the prompt strip as wide as its words (not a band across the window, which
    took a sixth of the height from the table in a game only watched), the notice's words (not the whole band
    between the top panels), the log's panel as high as its moves; each kept part is a drawn one, each drawn one
    kept."""
    original = app.base.getAspectRatio()
    try:
        seats = [Seat(name, "computer" if i >= humans else "human") for i, name in enumerate(NAMES[:4])]
        app.start_game("aquarius", {}, seats, seed=3)
        play(app, 6)
        if humans:
            app.table.reveal()
        for width, height, percent in each_window(app, monkeypatch):
            table, what = app.table, (width, height, percent)
            aspect = app.base.getAspectRatio()
            kept = [(o[0] * aspect, o[1] * aspect, o[2], o[3]) for o in table.obstacles()]
            drawn = drawn_parts(app)
            for part in kept:
                assert any(inside(part, shown, 0.005) for shown in drawn), (what, part, drawn)
            for shown in drawn:
                assert any(inside(shown, part, 0.005) for part in kept), (what, shown, kept)
            strip = widget_rect(app.base, table.hud.prompt.strip)
            assert strip[1] - strip[0] < aspect  # (a game's hint is short: its strip spans less than half the window)
    finally:
        app.base.adjustWindowAspectRatio(original)


def test_f1_reads_aquarius_longest_rulings_at_a_readable_size_in_a_small_window(app, monkeypatch):
    """Aquarius has the most rulings: in a window of 1024x600 at 100% they were 9 pixels high, wrapped to the
    panel's narrowest width with an empty row between each; now a row each, wider, and larger."""
    original = with_window(app, monkeypatch, 1024, 600)
    try:
        app.start_game("aquarius", {}, [Seat("Ann"), Seat("Bo")], seed=3)
        table = app.table
        table.reveal()
        table.apply_scale()
        table.toggle_help()
        table.toggle_help_page()
        hud = table.hud
        assert hud.help_page == "rulings"
        drawn = hud.help_body.getScale()[0] * hud.help_panel.getSx() * 600 / 2
        assert drawn >= 15.0
        words, panel = bounds(app, hud.help_body), widget_rect(app.base, hud.help_panel)
        assert inside(words, panel, 0.004) and words[2] >= widget_rect(app.base, hud.help_page_button)[3]
    finally:
        app.base.adjustWindowAspectRatio(original)
