"""The camera while an action card asks a question (issue 27, point 2): a playtest chose Rotate Goals, Trade Hands
or Trade Goals and the table went far off into a corner (the question's buttons counted as covering the ring of
spots round the cards, drawn only while a card is placed), and Esc left it there; only F brought it back.

Now the buttons move the camera only if they would cover what is drawn, and once the question is answered or put
away the table is framed as large as before."""
import random

import pytest

from aquarius3d.session import Seat
from aquarius3d.view.clearance import shows
from aquarius3d.view.framing import WINDOW, tangents

from driving import screen_of_hand, settle, step
from test_hand_enlarged import hand_with_cards
from test_layout import with_window


def choosing(app, ruleset, seed, cards):
    """Ann and two computers, Ann to choose a card with `cards` cards on the table, the camera settled."""
    app.start_game(ruleset, {}, [Seat("Ann"), Seat("Bo", "computer"), Seat("Cy", "computer")], seed=seed)
    rng = random.Random(seed)
    for _ in range(600):
        session = app.session
        if session.stage in ("cover", "choose") and session.seat == 0 and len(session.state.table.cards) >= cards:
            if session.stage == "cover":
                app.table.reveal()
            break
        step(app, rng)
    assert app.session.stage == "choose"
    settle(app)


@pytest.mark.parametrize("width,height,scale", [(1280, 720, 100), (1024, 600, 150)])
@pytest.mark.parametrize("ruleset,code,stage", [("aquarius", "rotate_goals", "direction"),
                                                ("aquarius", "trade_hands", "player"),
                                                ("aquarius-rising", "rotate_goals", "direction")])
def test_a_question_keeps_the_table_and_esc_frames_it_as_before(app, monkeypatch, width, height, scale, ruleset,
                                                                 code, stage):
    original = with_window(app, monkeypatch, width, height)
    app.settings["interface_scale"] = scale
    try:
        choosing(app, ruleset, 3, 6)
        table = app.table
        index = hand_with_cards(app, [code])
        settle(app)  # (the hand grew: framed for it)
        before = table.camera.orbit
        table.click(screen_of_hand(app, index))
        settle(app)
        assert app.session.stage == stage and table.hud.prompt.dialog_rect is not None
        assert table.inside()  # (every card drawn clear of the question's buttons)
        tan_x, tan_y = tangents(table.perspective)
        covered = not shows(table.frame_boxes(ring=False), table.edge_boxes(), before, tan_x, tan_y, WINDOW,
                            table.obstacles())
        assert covered or table.camera.orbit == before  # nothing drawn under the buttons: the camera stays
        table.key_escape()
        settle(app)
        assert app.session.stage == "choose" and table.camera.orbit == before
    finally:
        app.base.adjustWindowAspectRatio(original)


@pytest.mark.parametrize("width,height,scale,ruleset", [
    (1280, 720, 100, "aquarius"), (1280, 720, 100, "aquarius-rising"), (1024, 600, 150, "aquarius"),
    (1024, 600, 150, "aquarius-rising")])
def test_choosing_a_card_leaves_the_camera_still(app, monkeypatch, width, height, scale, ruleset):
    """Playtest: the view framed the table again after most cards chosen. The prompt ("click a glowing spot to
    place the Earth-Air-Water-Space card...") widened the strip on one row over a spot of the ring; its words take
    the strip's two rows now, as narrow as that leaves it."""
    original = with_window(app, monkeypatch, width, height)
    app.settings["interface_scale"] = scale
    try:
        chosen = 0
        for seed in (1, 2, 3):
            choosing(app, ruleset, seed, 7)
            session, table = app.session, app.table
            cards = session.game.deck.cards
            before = table.camera.orbit
            for index, card in enumerate(list(session.state.hands[0])):
                if cards[card].kind == "action":
                    continue
                table.click(screen_of_hand(app, index))  # each card of the hand chosen in turn, then put back
                settle(app)
                assert session.stage == "place" and table.camera.orbit == before, (seed, index)
                table.key_escape()
                settle(app)
                chosen += 1
        assert chosen >= 2
    finally:
        app.base.adjustWindowAspectRatio(original)
