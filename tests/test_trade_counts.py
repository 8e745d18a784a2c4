"""Aquarius Rising, Zap a Card offered (issue 27, open list point 3): the counts on the trays the trade would change
read 9 pixels high or more at every window size and interface scale, and no two of a tray's counts meet. The whole
table is framed while the offer shows, and at 150% beside the larger HUD they were drawn 5 to 7 pixels high."""

import pytest
from driving import FakeTask

from aquarius3d.screens.trade_counts import FLOOR_PX
from test_layout import with_window
from test_tray_counts import a_few_rounds, count_outline, digits_outline, hull, overlap

SIZES = [(1024, 600), (1280, 720), (1920, 1080)]


def offered(app, scale):
    """Ann, a few rounds in, plays Zap a Card: the trade is offered, every tray ringed; the frame drawn."""
    from driving import screen_of_hand
    from test_hand_enlarged import hand_with_cards

    a_few_rounds(app, scale)
    app.table.click(screen_of_hand(app, hand_with_cards(app, ["zap_a_card"])))
    assert app.session.stage == "player"
    app.table.refresh()
    app.table.camera.finish()
    app.table.feedback._place_task(FakeTask())  # (as each frame does, after the camera)


def digits_px(app, label, height):
    digits = digits_outline(app, label)
    if digits is None or not all(abs(x) <= 1 and abs(y) <= 1 for x, y in digits):
        return None  # (out of view)
    ys = [y for _, y in digits]
    return (max(ys) - min(ys)) * height / 2


@pytest.mark.parametrize("scale", [100, 125, 150])
@pytest.mark.parametrize("width,height", SIZES)
def test_the_counts_a_trade_offers_read_nine_pixels_high_and_apart(app, monkeypatch, width, height, scale):
    original = with_window(app, monkeypatch, width, height)
    try:
        offered(app, scale)
        trays = app.table.parts.trays
        seen = 0
        for tray in trays.seats:
            assert not tray.find("=trade-ring").isEmpty()  # (the offer shows)
            cards = []
            for label in tray.findAllMatches("**/=count"):
                px = digits_px(app, label, height)
                if px is None:
                    continue
                assert px >= FLOOR_PX - 0.05, (label.getTag("count"), round(px, 2), width, height, scale)
                if label.hasPythonTag("count-base"):  # (never drawn smaller than view/rising.py drew it)
                    assert label.getSx() >= label.getPythonTag("count-base")[1].x - 1e-9
                cards.append((label.getTag("count"), hull(count_outline(app, label))))
                seen += 1
            for i, (name, card) in enumerate(cards):
                for other, outline in cards[i + 1:]:
                    assert not overlap(card, outline), (name, other)
        assert seen >= 40  # (every tray in view: the whole table is framed)
    finally:
        app.base.adjustWindowAspectRatio(original)

