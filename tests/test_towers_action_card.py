"""Elemental Towers' drawn action card (issue 27, from a real-input playtest): a plain cream panel at the window's
right middle, over the scoring row, that made the camera frame the table smaller while it showed and larger again at
the next card. Now it is the card itself (its picture and its name, as the hand draws an action card) where the hand's
card stands while a card is placed, the prompt strip over it (a dialog of choices beside it along the bottom): the
framing keeps that place clear through the turn (screens/turn_band.py), so the camera stays.

Measured (seed 3, a card's width in the middle of the table): at 1280x720 Trade Goals 74.0 -> 66.9 pixels and Trade
Hands 74.0 -> 65.8 while the panel showed; now 74.0 -> 74.0 and 72.7 -> 72.7. At 1024x600, 59.3 -> 59.3 and
58.2 -> 58.2 now."""

import random

import pytest

from aquarius3d.session import Seat
from aquarius3d.view.framing import WINDOW

from driving import session_step, settle
from test_layout import with_window

DRAWN = ("table_card", "row", "trade_piece")


@pytest.mark.parametrize("width,height", [(1280, 720), (1024, 600)])
def test_the_drawn_action_card_stands_in_the_hands_place_and_the_camera_stays(app, monkeypatch, width, height):
    original = with_window(app, monkeypatch, width, height)
    try:
        app.start_game("elemental-towers", {}, [Seat("Ann")], seed=3)
        table, session, rng = app.table, app.session, random.Random(3)
        feedback = table.feedback
        checked = set()
        for _ in range(200):
            if session.stage == "over" or len(checked) == len(DRAWN):
                break
            settle(app)
            if session.stage in DRAWN and not table.camera.moved_by_player:
                assert not feedback.action_card.isHidden()
                shown = table.camera.orbit
                card = feedback.obstacles()[0]  # (screen units)
                # in the band the hand's card takes while a card is placed: the window's bottom middle
                assert card[2] <= WINDOW[2] + 0.05 and abs(card[0] + card[1]) < 0.05, card
                assert table.inside()  # nothing of the table is under it
                # the view the table would be framed at without it: the same
                feedback.action_card.hide()
                table._follow()
                table.camera.finish()
                without = table.camera.orbit
                wide, alone = table._card_width(shown), table._card_width(without)
                assert abs(wide / alone - 1) <= 0.02, (session.stage, wide * width / 2, alone * width / 2)
                checked.add(session.stage)
                table.refresh()
                table.camera.finish()
            session_step(session, rng)
        assert len(checked) >= 2, checked
    finally:
        app.base.adjustWindowAspectRatio(original)


@pytest.mark.parametrize("percent", [100, 150])
def test_trade_goals_buttons_never_leave_a_number_alone_on_a_row(app, monkeypatch, percent):
    """The playtest's Trade Goals buttons wrapped a lone "2" onto a row of its own ("... Earth towers" / "2") at
    1024x600: a number stays with the words it counts, in English and French."""
    from aquarius3d.i18n import set_language

    original = with_window(app, monkeypatch, 1024, 600)
    app.settings["interface_scale"] = percent
    try:
        for language in ("en", "fr"):
            set_language(language)
            app.start_game("elemental-towers", {}, [Seat("Ann")], seed=3)
            session, rng = app.session, random.Random(3)
            for _ in range(200):
                if session.stage in ("row", "over"):
                    break
                session_step(session, rng)
            assert session.stage == "row"
            settle(app)
            prompt = app.table.hud.prompt
            buttons = [b for b in prompt.widgets if b is not prompt.take_back]
            assert len(buttons) >= 3
            for button in buttons:
                rows = button.component("text0").textNode.getWordwrappedText().split("\n")
                assert not rows[-1].strip().isdigit(), rows
    finally:
        set_language("en")
        app.base.adjustWindowAspectRatio(original)
