"""The notice's words stand over nothing of the table (issue 27, point 4; a playtest in a real window): in a
four-player Aquarius at 1280x720, the camera framed Cy's and Di's hands of card backs along the far edge under a
computer's move told at the window's top. At 1024x600 and 1280x720, at 100% and 150%, through a game, no seat
label and no hand of backs shown lies under the notice's words; a hand hidden there shows again once clear."""

import pytest

from aquarius3d.session import Seat
from test_labels_belong import screen_box
from test_layout import overlap, play, rect_of, with_window

NOTICE = "Di placed the Air-Water card above the Space-Water card"


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720)], ids=["1024x600", "1280x720"])
@pytest.mark.parametrize("percent", [100, 150])
def test_no_label_nor_hand_of_backs_shows_under_the_notice(app, monkeypatch, size, percent):
    original = with_window(app, monkeypatch, *size)
    hidden = shown = 0
    try:
        app.settings["interface_scale"] = percent
        for seed in (1, 3):
            app.start_game("aquarius", {}, [Seat(n, "computer") for n in ("Ann", "Bo", "Cy", "Di")], seed=seed)
            table = app.table
            table.apply_scale()
            for moves in range(8):
                play(app, 2)
                for notice in (NOTICE, ""):
                    app.session.notice = notice
                    table.refresh()
                    table.camera.finish()
                    table.feedback.place_labels()
                    words = table.hud.words()
                    for label in table.parts.overlay.in_view():
                        assert not any(overlap(rect_of(app, label), w) for w in words), label.node().getText()
                    seats = table.feedback.seats
                    assert len(seats.hands) == len(seats.fans) == 3
                    for box, hand in zip(seats.fans, seats.hands):
                        rect = screen_box(app, box)
                        under = rect is not None and any(overlap(rect, w) for w in words)
                        assert hand.isHidden() == under, (seed, moves, notice, rect, words)
                        hidden += under
                        shown += not under
    finally:
        app.base.adjustWindowAspectRatio(original)
    assert shown > hidden  # (most hands show: the test saw hands on both sides of the rule)
