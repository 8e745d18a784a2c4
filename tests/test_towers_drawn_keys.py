"""Elemental Towers' drawn action card by keyboard (issue 27): while a drawn action card waits to act, its face stands
in the hand's place (screens/feedback.py). Tab and Shift+Tab reach it, as they reach a hand's cards in the other
games, and then each choice it brings; in focus it is framed and shows enlarged with what it does; Enter on it goes on
to its first choice, Enter on a choice chooses it. Before, Tab went through the choices only: the card itself, the one
thing saying what was to be done, was never reached."""

import random

from aquarius3d.session import Seat

from driving import session_step, settle
from test_keyboard import press

DRAWN = ("table_card", "row", "trade_piece")


def test_tab_reaches_the_drawn_action_card_then_its_choices_and_enter_chooses(app, monkeypatch):
    app.start_game("elemental-towers", {}, [Seat("Ann")], seed=3)
    table, session, rng = app.table, app.session, random.Random(3)
    keys, feedback = table.keys, table.feedback
    checked = set()
    for _ in range(300):
        if session.stage == "over" or len(checked) == len(DRAWN):
            break
        settle(app)
        if session.stage in DRAWN and session.stage not in checked:
            assert not feedback.action_card.isHidden()
            keys.set(None)
            press(app, "tab")  # the card first, as a hand's first card
            assert keys.focus == ("drawn", session.action), (session.stage, keys.ring())
            keys.frame()
            assert keys.marker.rect == feedback.drawn.nodes[0][1]  # framed where it shows
            assert feedback.drawn.enlarged is not None  # shown enlarged with its words, as a hand's action card
            ring = keys.ring()
            choices = [t for t in ring if t.kind not in ("drawn", "button")] or [t for t in ring if t.kind == "button"]
            assert choices, ring
            press(app, "shift-tab")  # round to the ring's end, and back onto the card
            assert keys.focus == ring[-1]
            assert feedback.drawn.enlarged is None  # (the keyboard's focus is elsewhere: the card at its size)
            press(app, "tab")
            assert keys.focus.kind == "drawn"
            press(app, "enter")  # on to the first choice it brings, nothing played yet
            assert keys.focus == ring[1] and session.stage in DRAWN
            before = (session.stage, len(session.state.log), session.choice)
            press(app, "enter")  # that choice chosen, as a click on it
            assert (session.stage, len(session.state.log), session.choice) != before
            checked.add(before[0])
            continue
        session_step(session, rng)
    assert checked == set(DRAWN), checked
