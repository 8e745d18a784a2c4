"""Room kept between the HUD's parts at every window size and interface scale (issue 27, points 3, 8 and 10): the
notice keeps clear of the Log button (and of the log's panel, and of the turn panel), and the hand takes the room the
heights panel leaves as the panel is drawn, not as large as it would be at the whole scale."""

from itertools import product

import pytest

from aquarius3d.screens import layout
from aquarius3d.screens.heights import FRAME
from aquarius3d.session import Seat
from test_layout import longest, rect_of, tab_rect, with_window

SIZES = [(1024, 600), (1280, 720), (1920, 1080)]
SCALES = [100, 125, 150]
CLEAR_PX = 12.0  # the least gap between the notice's words and a panel or button beside them, in pixels


@pytest.mark.parametrize("percent", SCALES)
@pytest.mark.parametrize("width,height", SIZES)
def test_the_notice_keeps_clear_of_the_log_button_and_the_panels(app, monkeypatch, width, height, percent):
    """A notice as wide as its room (a move named in full, the longest message, a row of wide letters), the log
    folded to its Log button and unfolded: its words end CLEAR_PX or more before the button or the panel, and begin
    as far after the turn panel (they came within 7 pixels of the Log button at 1024x600 and 150%)."""
    original = with_window(app, monkeypatch, width, height)
    app.settings["interface_scale"] = percent
    try:
        app.start_game("aquarius", {}, [Seat(name, "computer") for name in ["Ann", "Bo", "Cy", "Di"]], seed=1)
        table, hud = app.table, app.table.hud
        texts = ["Bo placed the Earth–Fire–Water–Space card right of the Air–Earth–Fire–Water card, then more",
                 longest("en"), "W" * 90]
        for text, log_open in product(texts, (False, True)):
            hud.log_open = log_open
            app.session.notice = text
            table.status = ""
            table.refresh()
            words = rect_of(app, hud.notice)
            log = hud._rect(app.base.a2dTopRight, hud.log_frame) if log_open else tab_rect(app)
            turn = hud._rect(app.base.a2dTopLeft, tuple(hud.info_panel["frameSize"]))
            assert (log[0] - words[1]) * width / 2 >= CLEAR_PX, (text, log_open)
            assert (words[0] - turn[1]) * width / 2 >= CLEAR_PX, (text, log_open)
            room = hud.notice_rect()
            assert room[1] - room[0] >= layout.NOTICE_MIN - 1e-9  # (still as wide as the notice is promised)
    finally:
        app.base.adjustWindowAspectRatio(original)


def rising_first_choice(app):
    """Aquarius Rising, Ann and two computers, Ann's first card to choose: the heights panel shows its ties' lines
    ("1= ..."), so that at 150% it is fitted smaller than the scale (about 130%)."""
    from test_layout import play

    app.start_game("aquarius-rising", {}, [Seat("Ann"), Seat("Bo", "computer"), Seat("Cy", "computer")], seed=4)
    for _ in range(10):
        if app.session.stage == "cover":
            app.table.reveal()
        if app.session.stage == "choose":
            break
        play(app, 1)
    app.table.refresh()


@pytest.mark.parametrize("percent", SCALES)
@pytest.mark.parametrize("width,height", SIZES)
def test_the_hand_takes_the_room_the_heights_panel_leaves_as_drawn(app, monkeypatch, width, height, percent):
    """The hand is drawn at the whole scale, or, where it must shrink, it stands just right of the heights panel as the
    panel is drawn (the margins of layout.hand_place between them): at 150% the panel, fitted to about 130%, had the
    hand keep room for 150%, and the cards were drawn 70-78% of their size with 70-125 pixels empty beside it."""
    original = with_window(app, monkeypatch, width, height)
    app.settings["interface_scale"] = percent
    try:
        rising_first_choice(app)
        table, scale, aspect = app.table, percent / 100, width / height
        panel = table.heights.rect()
        right = panel[1] * aspect  # (screen units to aspect2d)
        cards = [box for _, box in table.hud.hand.nodes]
        assert cards and cards[0][0] > right  # (beside it, never over it)
        if cards[0][3] - cards[0][2] < layout.CARD_H * scale - 1e-6:  # shrunk: as large as the room allows
            margins = 2 * layout.MARGIN + (layout.HEIGHTS_W - FRAME[1]) * scale
            assert cards[0][0] - right <= margins + 1e-3, ((cards[0][0] - right) * height / 2, "pixels")
        if percent == 150:
            assert table.heights.panel.getSx() < 1.5 - 0.05  # (the case of the playtest: fitted smaller)
    finally:
        app.base.adjustWindowAspectRatio(original)
