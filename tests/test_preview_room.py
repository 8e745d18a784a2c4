"""The action card Tab shows enlarged stands beside the table's cards (issue 27 polish): in the keyboard's focus a
hand's action card showed enlarged over its own place for about three seconds (keyboard.PREVIEW_SECONDS), and at
1024x600 and 1280x720 that hid the cards on the table the player weighs it against. It now stands sideways, clear
of every card of the table and of the HUD, as large as over its card (its effect as readable), where the window
has such a place; the pointer's enlarged card stays over the card it points at."""

import pytest
from driving import FakeTask, screen_of_hand
from test_feedback import place_a_card
from test_hand_enlarged import MIN_PX, effect_px, hand_with_cards
from test_layout import projected, with_window
from test_prompt import bounds

from aquarius3d.screens.focus import box, screen_rect
from aquarius3d.screens.layout import overlap
from aquarius3d.session import Seat
from aquarius3d.view.framing import card_box
from aquarius3d.view.hand import CARD_H, ENLARGED
from aquarius3d.view.scene import card_transform


def table_cards(app, aspect):
    """Each card of the table on the screen (aspect2d units)."""
    rects = []
    for view in app.table.scene.views.values():
        left, right, bottom, top = projected(app, card_box(view.cell, card_transform(view)[2]))
        rects.append((left * aspect, right * aspect, bottom, top))
    return rects


def shown(app, monkeypatch, index, keyboard):
    """The enlarged card of hand card `index`, under the pointer or in the keyboard's focus: its bounds."""
    table = app.table
    table.keys.set(None)
    if keyboard:
        monkeypatch.setattr(table.picker, "mouse", lambda: None)
        table._tick(FakeTask())
        for _ in range(len(table.keys.ring()) + 1):  # (once round the ring at most)
            if table.keys.focus is not None and table.keys.focus.key == index:
                break
            table.keys.step(1)
        assert table.keys.focus is not None and table.keys.focus.key == index, "the card is not in the ring"
    else:
        point = screen_of_hand(app, index)
        monkeypatch.setattr(table.picker, "mouse", lambda: point)
    table._tick(FakeTask())
    hand = table.hud.hand
    assert hand.enlarged is not None and hand.enlarged_index == index
    return bounds(app, hand.enlarged)


def play_a_few(app, moves):
    """Ann and Bo place element cards, a few each: cards on the table over the hand (test_feedback.place_a_card:
    it fails when no card can be placed)."""
    for _ in range(moves):
        place_a_card(app)
    for _ in range(3):  # (the next seat's cover lifted: its hand shown)
        if app.session.stage == "cover":
            app.table.reveal()
    assert app.session.stage != "cover"


def rotate_goals_in_hand(app):
    """A hot-seat Aquarius game (seed 4) three moves on, Rotate Goals in the hand of the player to choose, the camera
    framed for the interface scale set: that card's index in the hand, and the table."""
    app.start_game("aquarius", {}, [Seat("Ann"), Seat("Bo")], seed=4)
    play_a_few(app, 3)
    index = hand_with_cards(app, ["rotate_goals"])
    table = app.table
    table.apply_scale()
    table._follow()
    table.camera.finish()
    return index, table


@pytest.mark.parametrize("width,height", [(1024, 600), (1280, 720)])
def test_the_keyboards_enlarged_card_stands_beside_the_tables_cards(app, monkeypatch, width, height):
    original = with_window(app, monkeypatch, width, height)
    aspect = width / height
    try:
        for percent in (100, 125, 150):
            app.settings["interface_scale"] = percent
            index, table = rotate_goals_in_hand(app)
            cards = table_cards(app, aspect)
            pointed = shown(app, monkeypatch, index, False)
            focused = shown(app, monkeypatch, index, True)
            hud = [(l * aspect, r * aspect, b, t) for l, r, b, t in table.obstacles()]
            over = [rect for rect in cards if overlap(pointed, rect)]
            hidden = [rect for rect in cards + hud if overlap(focused, rect)]
            what = (percent, pointed, focused)
            assert over and not hidden, what  # (over its card it hid the table's cards; beside them, none)
            high = min(pointed[3] - pointed[2], ENLARGED * CARD_H)  # (as large, or as at 100%)
            assert focused[3] - focused[2] >= high - 0.003, what
            assert effect_px(app, table.hud.hand.enlarged, height) >= MIN_PX, what
            for rect in table.hud.prompt.rects() + [box for _, box in table.hud.hand.nodes]:
                assert not overlap(focused, rect), what
            assert -aspect <= focused[0] and focused[1] <= aspect and -1 <= focused[2] and focused[3] <= 1, what
            shown(app, monkeypatch, index, False)  # the pointer's again: over its card, as before
            assert abs(bounds(app, table.hud.hand.enlarged)[0] - pointed[0]) < 1e-3
    finally:
        app.base.adjustWindowAspectRatio(original)


def test_tab_during_the_cameras_ease_places_the_card_for_where_the_camera_stops(app, monkeypatch):
    """The rectangles the enlarged card keeps clear of are reckoned once, when the focus lands on it: Tab while the
    camera eases (0.3 s after a move or F) reckoned with where the camera passed, and once it stopped the card
    covered two of the table's cards (1024x600). They are reckoned with where it eases to."""
    width, height = 1024, 600
    original = with_window(app, monkeypatch, width, height)
    try:
        app.settings["interface_scale"] = 100
        index, table = rotate_goals_in_hand(app)
        table.zoom(1.6)  # the player stands back, then F: the camera eases in again
        table.camera.finish()
        table.fit()
        assert table.camera.easing
        focused = shown(app, monkeypatch, index, True)  # Tab meanwhile
        assert table.camera.easing  # (still on its way)
        table.camera.finish()
        table._tick(FakeTask())
        assert bounds(app, table.hud.hand.enlarged) == pytest.approx(focused)  # (it stays where it stood)
        covered = [rect for rect in table_cards(app, width / height) if overlap(focused, rect)]
        assert not covered, (focused, covered)
    finally:
        app.base.adjustWindowAspectRatio(original)


def test_screen_rect_is_where_the_camera_shows_a_box(app):
    """focus.screen_rect: the keyboard's frame and the enlarged card's room project alike; from the camera's own
    orbit as from the camera; None when part of the box is behind the eye."""
    app.start_game("aquarius", {}, [Seat("Ann"), Seat("Bo")], seed=4)
    table = app.table
    table.camera.finish()
    corners = box((-30.0, -40.0, 0.0), (30.0, 40.0, 2.0))
    here = screen_rect(app.base, corners)
    aspect = app.base.getAspectRatio()
    left, right, bottom, top = projected(app, ((-30.0, -40.0, 0.0), (30.0, 40.0, 2.0)))
    assert here == pytest.approx((left * aspect, right * aspect, bottom, top), abs=1e-4)
    assert screen_rect(app.base, corners, table.camera.orbit) == pytest.approx(here, abs=1e-4)
    eye, aim = table.camera.orbit.eye(), table.camera.orbit.target
    behind = tuple(2 * e - a for e, a in zip(eye, aim))  # (as far behind the eye as what it looks at is before it)
    assert screen_rect(app.base, [*corners, behind]) is None
    assert screen_rect(app.base, []) is None
