"""An action card's effect reads in the hand (issue 27, polish): the pointer resting on an action card of the hand,
or the keyboard's focus on it, shows the card enlarged above the hand, its effect written at least MIN_PX pixels
high in ink at 7:1 or more against its plate, inside the window and clear of the hand; at 1024x600 and 1280x720, at
every interface scale, for every action's words in English and French. The hand's own card bears the action's name
alone, read at a glance (its effect was drawn about 3 pixels high there)."""

import pytest
from driving import FakeTask, picture, screen_of_hand
import numpy as np
from test_contrast import contrast, luminance
from test_layout import with_window
from test_prompt import bounds

from aquarius3d.i18n import set_language
from aquarius3d.screens.focus import widget_rect, window_rect
from aquarius3d.screens.layout import inside, overlap
from aquarius3d.session import Seat
from aquarius3d.view.action_art import EFFECT_INK
from aquarius3d.view.atlas import PLATE, PLATE_TOP

MIN_PX = 12.0  # the effect's letters, an em high (the prompt strip's are 12.6 at 1024x600 and 100%)


def effect_px(app, card, height):
    """How many pixels high an em of a card's effect is drawn."""
    effect = card.find("**/action-effect")
    assert not effect.isEmpty()
    return effect.getSz(app.base.render2d) * height / 2


def hand_with(app, codes):
    """The first player to choose, holding the action cards `codes` after her own cards."""
    app.start_game("aquarius", {}, [Seat("Ann"), Seat("Bo")], seed=4)
    app.table.reveal()
    return hand_with_cards(app, codes)


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("width,height", [(1024, 600), (1280, 720)])
def test_an_action_card_under_the_pointer_shows_its_effect_large_enough_to_read(app, monkeypatch, width, height,
                                                                              language):
    original = with_window(app, monkeypatch, width, height)
    set_language(language)
    try:
        for percent in (100, 125, 150):
            app.settings["interface_scale"] = percent
            codes = ["move_a_card", "zap_a_card", "trade_goals", "shuffle_hands"]
            first = hand_with(app, codes)
            table, hand = app.table, app.table.hud.hand
            table.apply_scale()
            aspect = app.base.getAspectRatio()
            for i in range(first, first + len(codes)):
                small = hand.nodes[i][0]
                assert small.find("**/action-effect").isEmpty()  # (the hand's own card: its name alone)
                point = screen_of_hand(app, i)
                monkeypatch.setattr(table.picker, "mouse", lambda point=point: point)
                table._tick(FakeTask())
                assert hand.enlarged is not None and hand.enlarged_index == i
                assert effect_px(app, hand.enlarged, height) >= MIN_PX, (percent, codes[i - first])
                seen = bounds(app, hand.enlarged)
                assert inside(seen, (-aspect, aspect, -1, 1), 0.004)
                assert not any(overlap(seen, box) for _, box in hand.nodes)
            point = screen_of_hand(app, 0)  # an element card: nothing enlarged
            monkeypatch.setattr(table.picker, "mouse", lambda point=point: point)
            table._tick(FakeTask())
            assert hand.enlarged is None
    finally:
        app.base.adjustWindowAspectRatio(original)
    ink, plate = luminance(np.array([[EFFECT_INK[:3]]])), luminance(np.array([[PLATE]]) / 255)
    assert contrast(ink, plate)[0, 0] >= 7.0


def test_the_keyboard_focus_on_an_action_card_enlarges_it_and_tab_onwards_puts_it_away(app, monkeypatch):
    first = hand_with(app, ["zap_a_card"])
    table, hand = app.table, app.table.hud.hand
    monkeypatch.setattr(table.picker, "mouse", lambda: None)
    for _ in range(first + 1):
        table.keys.step(1)
    assert table.keys.focus.key == first and hand.enlarged_index == first and hand.enlarged is not None
    table._tick(FakeTask())  # (the pointer is away: the keyboard's card stays enlarged)
    assert hand.enlarged is not None
    table.keys.step(1)
    assert hand.enlarged is None


def test_the_keyboard_focus_shows_its_card_enlarged_a_moment_then_the_tray_and_buttons_again(app, monkeypatch):
    """Playtest (issue 27, point 9): at 1024x600 and 150% the enlarged card of the keyboard's focus stayed over the
    Menu button and Rising's tray as long as the focus stayed. It shows PREVIEW_SECONDS, then goes, through the
    frames and redraws after; Tab away and back shows it again."""
    from aquarius3d.screens import keyboard

    clock = [1000.0]
    monkeypatch.setattr(keyboard.time, "monotonic", lambda: clock[0])
    original = with_window(app, monkeypatch, 1024, 600)
    try:
        app.settings["interface_scale"] = 150
        index = enlarge(app, monkeypatch, "aquarius-rising", "trade_goals", True, False, "Bo")
        table, hand = app.table, app.table.hud.hand
        assert table.keys.focus.key == index and hand.enlarged is not None
        clock[0] += keyboard.PREVIEW_SECONDS - 0.1
        table._tick(FakeTask())
        assert hand.enlarged is not None  # (still its moment)
        clock[0] += 0.2
        table._tick(FakeTask())
        assert hand.enlarged is None and table.keys.focus.key == index  # gone; the focus stays on it
        table.refresh()  # (a redraw does not bring it back)
        table._tick(FakeTask())
        assert hand.enlarged is None and table.keys.focus.key == index
        table.keys.step(-1)
        table.keys.step(1)
        assert table.keys.focus.key == index and hand.enlarged is not None  # Tab back: shown again
    finally:
        app.base.adjustWindowAspectRatio(original)


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_long_hand_shrunk_to_fit_still_shows_its_action_cards_large(app, monkeypatch, language):
    """Aquarius Rising, every action card in the hand at 150% in the smallest window: the hand's cards shrink to
    fit between the corners, the enlarged card does not (it grew from the shrunk card: 9 px)."""
    original = with_window(app, monkeypatch, 1024, 600)
    set_language(language)
    app.settings["interface_scale"] = 150
    try:
        app.start_game("aquarius-rising", {}, [Seat("Ann"), Seat("Bo")], seed=4)
        app.table.reveal()
        session = app.session
        game, state = session.game, session.state
        for code in sorted({game.deck.cards[i].code for i in state.deck if game.deck.cards[i].kind == "action"}):
            card = next(i for i in state.deck if game.deck.cards[i].code == code)
            state.deck.remove(card)
            state.hands[session.seat].append(card)
        app.table.apply_scale()
        hand = app.table.hud.hand
        assert hand.height < 0.36 * 1.5 - 1e-6  # (shrunk)
        actions = [i for i, card in enumerate(hand.cards) if card["kind"] == "action"]
        assert len(actions) >= 5
        for i in actions:
            hand.enlarge(i, 1024 / 600)
            assert effect_px(app, hand.enlarged, 600) >= MIN_PX, hand.cards[i]["code"]
            assert inside(bounds(app, hand.enlarged), (-1024 / 600, 1024 / 600, -1, 1), 0.004)
    finally:
        app.base.adjustWindowAspectRatio(original)


@pytest.mark.parametrize("width,height", [(1024, 600), (1280, 720), (1920, 1080)])
def test_the_enlarged_card_never_covers_the_prompt_strip_nor_the_dialog(app, monkeypatch, width, height):
    """Issue 27, point 8 (a playtester in a real window): Move a Card chosen in Aquarius Rising, the pointer left
    on it, hid the prompt and most of its confirm button under the enlarged card; a Tab onto Trade Hands in
    Aquarius hid the prompt strip. At every window size and interface scale, the card stands above them, its
    effect still large enough to read."""
    original = with_window(app, monkeypatch, width, height)
    try:
        for percent in (100, 125, 150):
            app.settings["interface_scale"] = percent
            for ruleset, code, keyboard in (("aquarius-rising", "move_a_card", False), ("aquarius", "trade_hands", True),
                                            ("aquarius", "rotate_goals", False)):
                index = enlarge(app, monkeypatch, ruleset, code, keyboard, code != "trade_hands", "Bartholomew")
                table, hand, prompt = app.table, app.table.hud.hand, app.table.hud.prompt
                if code != "trade_hands":  # chosen: the dialog's button(s) wait beside the strip
                    assert not prompt.dialog.isHidden(), (ruleset, app.session.stage)
                assert hand.enlarged is not None and hand.enlarged_index == index, (ruleset, percent)
                seen = bounds(app, hand.enlarged)
                assert prompt.rects()
                for rect in prompt.rects():
                    assert not overlap(seen, rect), (ruleset, code, percent, seen, rect)
                assert inside(seen, (-width / height, width / height, -1, 1), 0.004)
                assert not any(overlap(seen, box) for _, box in hand.nodes)
                if table.heights.shown:  # (Rising's heights panel, at the bottom left, stays readable too)
                    assert not overlap(seen, widget_rect(app.base, table.heights.panel)), (percent, seen)
                assert effect_px(app, hand.enlarged, height) >= MIN_PX, (ruleset, percent)
    finally:
        app.base.adjustWindowAspectRatio(original)


EDGE_PX = 12.0  # the enlarged card stays this many pixels inside each edge of the window


@pytest.mark.parametrize("width,height", [(1024, 600), (1280, 720), (1920, 1080)])
def test_the_enlarged_card_stays_inside_the_window_with_a_margin(app, monkeypatch, width, height):
    """Playtest (issue 27): at 1024x600 and 150% the enlarged card reached the window's top (6 px from it, under
    the notice). Pointed at or in the keyboard's focus, chosen or not, at every window size and interface scale,
    it stands at least EDGE_PX pixels inside every edge, its effect still large enough to read."""
    original = with_window(app, monkeypatch, width, height)
    edge = 2 * EDGE_PX / height  # (aspect2d units)
    aspect = width / height
    try:
        for percent in (100, 125, 150):
            app.settings["interface_scale"] = percent
            for ruleset, code, keyboard, chosen in (("aquarius-rising", "zap_a_card", False, False),
                                                    ("aquarius-rising", "move_a_card", False, True),
                                                    ("aquarius", "trade_hands", True, False)):
                index = enlarge(app, monkeypatch, ruleset, code, keyboard, chosen, "Bo")
                hand = app.table.hud.hand
                assert hand.enlarged is not None and hand.enlarged_index == index
                left, right, bottom, top = bounds(app, hand.enlarged)
                assert left >= -aspect + edge and right <= aspect - edge, (ruleset, percent, left, right)
                assert bottom >= -1 + edge and top <= 1 - edge, (ruleset, percent, (1 - top) * height / 2)
                assert effect_px(app, hand.enlarged, height) >= MIN_PX, (ruleset, percent)
    finally:
        app.base.adjustWindowAspectRatio(original)


def enlarge(app, monkeypatch, ruleset, code, keyboard, chosen, second):
    """A game of three people (Ann, `second`, Cy) where Ann holds the action card `code`: chosen by a click if
    `chosen`, then in the keyboard's focus (`keyboard`) or under the pointer, and a frame ticked; its hand index."""
    app.start_game(ruleset, {}, [Seat("Ann"), Seat(second), Seat("Cy")], seed=4)
    app.table.reveal()
    table = app.table
    index = hand_with_cards(app, [code])
    table.apply_scale()
    point = screen_of_hand(app, index)
    if chosen:
        table.click(point)
    if keyboard:
        monkeypatch.setattr(table.picker, "mouse", lambda: None)
        for _ in range(index + 1):
            table.keys.step(1)
    else:
        monkeypatch.setattr(table.picker, "mouse", lambda point=point: point)
    table._tick(FakeTask())
    return index


def hand_with_cards(app, codes):
    """The seat to move gets these action cards from the deck; the index of the first in its hand."""
    session = app.session
    state = session.state
    for code in codes:
        card = next(i for i in state.deck if session.game.deck.cards[i].code == code)
        state.deck.remove(card)
        state.hands[session.seat].append(card)
    app.table.refresh()
    return len(state.hands[session.seat]) - len(codes)


NAME_PX = 9  # the hand's own card: its name's first row of letters at least this many pixels high at 1280x720


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_hands_own_action_card_shows_its_name_at_a_glance(app, monkeypatch, language):
    """Issue 27 (open list, point 5): at 1280x720 and 100% the hand's action cards bear their name alone, large,
    on the plate: read back from the window, its first row of letters is NAME_PX pixels high or more (the effect
    under it was 3); pointed at, the card shown enlarged still says its effect."""
    from aquarius3d.i18n import action_name

    original = with_window(app, monkeypatch, 1280, 720)
    set_language(language)
    try:
        codes = ["move_a_card", "zap_a_card", "trade_goals", "rotate_goals", "shuffle_hands"]
        first = hand_with(app, codes)
        table, hand = app.table, app.table.hud.hand
        table.apply_scale()
        app.base.win.setActive(True)
        image = picture(app)
        for i, code in zip(range(first, first + len(codes)), codes):
            node, (x0, x1, z0, z1) = hand.nodes[i]
            name = node.find("**/action-name")
            assert name.node().getText() == action_name(code) and node.find("**/action-effect").isEmpty()
            plate = (x0, x1, z0 + (z1 - z0) * 0.06, z0 + (z1 - z0) * (PLATE_TOP - 0.02))  # (inside its rim)
            left, top, right, bottom = window_rect(app.base, plate)
            ink = luminance(image[top:bottom, left + 8:right - 8]) < 0.5  # (the plate is cream: 0.93)
            rows = np.flatnonzero(ink.any(axis=1))
            assert rows.size, code
            runs = np.split(rows, np.flatnonzero(np.diff(rows) > 1) + 1)
            scale = 720 / image.shape[0]  # (the offscreen window is drawn at half that size: 640x360)
            run = next((run for run in runs if run.size * scale > 3), runs[0])  # the first row of letters (an
            high = run.size * scale  # accent over it, "Échange", is a run of its own: left out)
            assert high >= NAME_PX, (language, code, high)
            hand.enlarge(i, 1280 / 720)
            effect = hand.enlarged.find("**/action-effect")
            assert effect.node().getText() == table.scene.action_effects[code]
            assert effect_px(app, hand.enlarged, 720) >= MIN_PX
    finally:
        app.base.adjustWindowAspectRatio(original)


SHRUNK_NAME_PX = 9.0  # a name's letters (an em) on the hand's shrunk card, where its longest row lets it


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_shrunk_hands_action_cards_still_read_their_names(app, monkeypatch, language):
    """At 1024x600 and 150% a hand of nine cards shrinks them (about 44 pixels wide): "Rotation des objectifs"
    took three rows in the font's own row height and its letters were 7 pixels high (an em). The name's rows are
    set as close as their letters let them and take the plate's height: each name is SHRUNK_NAME_PX high or more, or
    as wide as the card holds it (its longest word, "d'objectifs", cannot be broken), and lies on the plate."""
    from aquarius3d.view.action_art import NAME_ALONE

    original = with_window(app, monkeypatch, 1024, 600)
    set_language(language)
    app.settings["interface_scale"] = 150
    try:
        codes = ["rotate_goals", "shuffle_hands", "trade_goals", "trade_hands", "zap_a_card"]
        first = hand_with(app, codes)
        table, hand = app.table, app.table.hud.hand
        table.apply_scale()
        assert len(hand.nodes) == 9 and hand.height < 0.36 * 1.5 - 1e-6  # (shrunk)
        render2d = app.base.render2d
        for i, code in zip(range(first, first + len(codes)), codes):
            node, (x0, x1, z0, z1) = hand.nodes[i]
            name = node.find("**/action-name")
            em = name.getSz(render2d) * 600 / 2
            wide = name.node().getWidth() * name.getSx(app.base.aspect2d)
            assert em >= SHRUNK_NAME_PX or wide >= 0.83 * (x1 - x0), (language, code, em)
            assert em <= NAME_ALONE * (x1 - x0) * 300 + 1e-6
            low, high = name.getTightBounds(app.base.aspect2d)
            plate = (x0, x1, z0 + (z1 - z0) * 0.05, z0 + (z1 - z0) * PLATE_TOP)
            assert inside((low.x, high.x, low.z, high.z), plate, 1e-4), (language, code)
    finally:
        app.base.adjustWindowAspectRatio(original)
