"""Dominus' first moves: the card or few cards on the table and the legal spots come as large as the framing allows
(LARGEST_CARD), in view and clear of the hand and the prompt strip; the table's outline and the piles may stand at the
view's edge (issue 27, point 2: the framing fitted the whole table, the outline and the seats, the one card some 0.91
of that size and off the window's middle)."""

import random

import pytest
from driving import screen_of_hand, step
from test_layout import with_window

from aquarius3d.screens.table_camera import LARGEST_CARD
from aquarius3d.session import Seat

SIZES = [(1024, 600), (1280, 720), (1920, 1080)]


@pytest.mark.parametrize("width,height", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_dominus_first_moves_frame_the_cards_and_spots_large(app, monkeypatch, width, height):
    original = with_window(app, monkeypatch, width, height)
    try:
        app.start_game("dominus", {}, [Seat("Ann"), Seat("Bo", "computer", "easy")], seed=5)
        table, rng = app.table, random.Random(2)
        turns = 0
        for _ in range(500):
            session = app.session
            if session.stage == "choose":
                for chosen in (False, True):  # Ann's turn; then a card chosen, its spots glowing
                    if chosen:
                        table.click(screen_of_hand(app, 0))
                    table.camera.finish()
                    where = f"{width}x{height}, move {len(session.state.log)}, chosen {chosen}"
                    assert not table.whole, where
                    assert table._card_width(table.camera.orbit) == pytest.approx(LARGEST_CARD, rel=0.02), where
                    assert table.inside(), where  # the cards and the spots in view, clear of the hand and the strip
                table.key_escape()
                turns += 1
                if turns == 3:
                    break
            step(app, rng)
        assert turns == 3
    finally:
        app.base.adjustWindowAspectRatio(original)
