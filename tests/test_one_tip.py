"""One tip at a time, the latest input's (issue 27, polish from the real-input playtest): the pointer resting on
the table and Tab then lighting a pyramid of the tray showed two tips at once, the pointer's and the focus's;
a greyed pyramid's refusal was said twice, in the notice and in its tip."""

import time

from aquarius3d.i18n import pyramid_name, tr
from aquarius3d.view.rising import Trays
from driving import FakeTask, tray_point
from test_rising_picking import assert_focus_tip, dead_end


def tab_to_pyramid(table, code=None):
    """Tab round the ring up to a pyramid of the tray (that one, if named)."""
    for _ in range(len(table.keys.ring())):
        table.keys.step(1)
        focus = table.keys.focus
        if focus is not None and focus[0] == "pyramid" and (code is None or focus[1] == code):
            return focus[1]
    raise AssertionError("no pyramid in the ring")


def test_tab_after_the_pointer_shows_the_focus_tip_alone(app, monkeypatch):
    session = dead_end(app)
    table = app.table
    stuck = sorted(session.flow.stuck())[0]
    point = tray_point(app, stuck)
    monkeypatch.setattr(table.picker, "mouse", lambda: point)
    table._tick(FakeTask())  # the pointer rests on a greyed pyramid: its tip
    tip = table.tray_tip
    assert tip.pyramid == stuck and not tip.text.isHidden()
    code = tab_to_pyramid(table)  # then Tab, the pointer still: the focus leads, its tip alone shows
    assert code != stuck  # (greyed pyramids are not in the ring)
    table._tick(FakeTask())
    assert_focus_tip(app, code)  # (by the focus)
    monkeypatch.setattr(table.picker, "mouse", lambda: (point[0] + 0.01, point[1]))
    table._tick(FakeTask())  # the pointer moves: it leads again, the focus goes, the pointer's tip is back
    assert table.keys.focus is None and tip.pyramid == stuck


def test_a_house_under_the_pointer_says_nothing_while_tab_lights_a_pyramid(app, monkeypatch):
    session = dead_end(app)
    table = app.table
    houses = table.house_height
    found = None
    for cell in sorted(session.state.table.faces):
        point = table.picker.screen_of_cell(cell)
        if point is not None and abs(point[0]) < 0.9 and abs(point[1]) < 0.9 and houses.house_at(point) is not None \
                and table.hud.hand.index_at(point, app.base.getAspectRatio()) is None \
                and table.parts.tray_pyramid_at(table.picker.table_point(point, Trays.TOP)) is None:
            found = point
            break
    assert found is not None
    monkeypatch.setattr(table.picker, "mouse", lambda: found)
    table._tick(FakeTask())
    houses.follow(found, time.monotonic() + 1.0)  # the pointer has rested on a house: its label
    assert houses.house is not None and not houses.label.isHidden()
    tab_to_pyramid(table)  # Tab lights a pyramid of the tray: its tip, and no house's label beside it
    table._tick(FakeTask())
    houses.follow(found, time.monotonic() + 2.0)
    assert not table.tray_tip.text.isHidden()
    assert houses.house is None and houses.label.isHidden()


def test_a_greyed_pyramids_refusal_is_said_once(app, monkeypatch, language):
    session = dead_end(app)
    table = app.table
    stuck = sorted(session.flow.stuck())[0]
    point = tray_point(app, stuck)
    monkeypatch.setattr(table.picker, "mouse", lambda: point)
    table._tick(FakeTask())
    tip = table.tray_tip
    named = tr("tray_tip_pyramid", pyramid=pyramid_name(stuck), count=dict(session.flow.supply())[stuck])
    assert tip.text.node().getText().startswith(named + "\n")  # on hover: what it is and why it cannot be picked
    table.click(point)  # clicked: the notice says why; the tip no longer says it too
    table._tick(FakeTask())
    why = session.flow.why_stuck(stuck)
    assert why in session.notice
    assert tip.pyramid == stuck and tip.text.node().getText() == named


def test_the_pointers_enlarged_card_goes_while_tab_lights_a_pyramid(app, monkeypatch):
    """An action card of the hand under the pointer shows enlarged; Tab onto the tray puts it away (it stood over
    the tray while the focus's tip showed)."""
    import random

    from aquarius3d.session import Seat
    from driving import screen_of_hand

    for seed in range(40):
        app.start_game("aquarius-rising", {}, [Seat("Ann"), Seat("Bo")], seed=seed)
        session, table, rng = app.session, app.table, random.Random(seed)
        for _ in range(200):
            if session.state.over:
                break
            if session.stage == "cover":
                session.reveal()
                continue
            hand = session.observation()["hand"] if session.stage == "pyramid" else []
            actions = [i for i, card in enumerate(hand) if card["kind"] != "element"]
            if actions and session.flow.placeable():
                table.refresh()
                point = screen_of_hand(app, actions[0])
                monkeypatch.setattr(table.picker, "mouse", lambda point=point: point)
                table._tick(FakeTask())
                assert table.hud.hand.enlarged is not None  # the pointer's: the card's words read large
                tab_to_pyramid(table)
                table._tick(FakeTask())
                assert table.hud.hand.enlarged is None and not table.tray_tip.text.isHidden()
                return
            session._try(rng.choice(session.game.legal_moves(session.state)))
    raise AssertionError("no action card in hand at a pyramid step")
