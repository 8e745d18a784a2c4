"""Aquarius Rising's pyramid step at the table without dead ends (issue 27, point 3, the view's part): a pyramid of
the player's tray that no quarter can take is greyed (in the scene graph and in the picture) and says why when the
pointer rests on it, in the words the session refuses it with; a turn that ends without its pyramid step says so."""

import random

import pytest
from panda3d.core import Point3

from aquarius3d.i18n import pyramid_name, set_language, tr
from aquarius3d.session import Seat, Session
from driving import FakeTask, picture, tray_point


def dead_end(app):
    """A hot-seat Rising game played at random up to a pyramid step where one pyramid of the player's tray has
    nowhere to go and another has somewhere, the tray on screen."""
    for seed in range(60):
        app.start_game("aquarius-rising", {}, [Seat("Ann"), Seat("Bo")], seed=seed)
        session, table = app.session, app.table
        rng = random.Random(seed)
        for _ in range(300):
            if session.state.over:
                break
            if session.stage == "cover":
                session.reveal()
            elif session.stage == "pyramid" and session.flow.stuck() and session.flow.placeable():
                table.refresh()
                table.camera.finish()
                if all(tray_point(app, code) is not None for code, _ in session.flow.supply()):
                    return session
                session._try(rng.choice(session.game.legal_moves(session.state)))
            else:
                session._try(rng.choice(session.game.legal_moves(session.state)))
    raise AssertionError("no pyramid step with a dead end in 60 games")


def assert_focus_tip(app, code):
    """The tray's tip names the pyramid in the keyboard's focus, its size, colour and how many are left, beside it."""
    table, session = app.table, app.session
    tip = table.tray_tip
    assert tip.pyramid == code
    assert tip.text.node().getText().startswith(
        tr("tray_tip_pyramid", pyramid=pyramid_name(code), count=dict(session.flow.supply())[code]))
    x, y = table.keys.click_point(table.keys.focus)
    left, right, bottom, top = tip.rect()
    aspect = app.base.getAspectRatio()
    assert abs((left + right) / 2 - x * aspect) < 0.6 and abs((bottom + top) / 2 - y) < 0.3  # beside the pyramid


def tray_pyramid(app, code):
    trays = app.table.parts.trays
    return trays.seats[trays.active].find(f"**/=pyramid={code}")


def pixel_box(app, node):
    """The window pixels (x0, x1, y0, y1, the top row 0) round a node's projected bounds, shrunk to its middle."""
    base = app.base
    low, high = node.getTightBounds(base.render)
    lens, points = base.cam.node().getLens(), []
    for x in (low.x, high.x):
        for y in (low.y, high.y):
            for z in (low.z, high.z):
                film = Point3()
                assert lens.project(base.cam.getRelativePoint(base.render, Point3(x, y, z)), film)
                points.append(film)
    width, height = base.win.getXSize(), base.win.getYSize()
    xs = sorted((p.x + 1) / 2 * width for p in points)
    ys = sorted((1 - p.y) / 2 * height for p in points)
    x0, x1, y0, y1 = xs[0], xs[-1], ys[0], ys[-1]
    shrink = 0.25  # the middle half: the pyramid's own faces, little of the tray round it
    return (int(x0 + (x1 - x0) * shrink), int(x1 - (x1 - x0) * shrink) + 1,
            int(y0 + (y1 - y0) * shrink), int(y1 - (y1 - y0) * shrink) + 1)


def test_a_pyramid_no_quarter_can_take_is_greyed_on_the_tray(app, monkeypatch):
    session = dead_end(app)
    table = app.table
    stuck = sorted(session.flow.stuck())
    free = sorted(session.flow.placeable())
    for code in stuck:  # the scene graph: greyed and faded, a tint of its colour left, its count greyed too
        node = tray_pyramid(app, code)
        assert node.getTag("stuck") == "1" and node.hasColor()
        red, green, blue, alpha = node.getColor()
        assert alpha <= 0.6 and max(red, green, blue) - min(red, green, blue) < 0.25
        count = table.parts.trays.seats[table.parts.trays.active].find(f"**/=count={code}:*")
        assert max(tuple(count.node().getTextColor())[:3]) < 0.7
    for code in free:
        assert tray_pyramid(app, code).getTag("stuck") == "" and not tray_pyramid(app, code).hasColor()
    # the picture: a greyed pyramid of a colour is drawn duller than when it could be placed
    coloured = [code for code in stuck if code[1] in "gyrb"]
    assert coloured
    code = coloured[0]
    x0, x1, y0, y1 = pixel_box(app, tray_pyramid(app, code))
    greyed = picture(app)[y0:y1, x0:x1]
    monkeypatch.setattr(type(session.flow), "stuck", lambda flow: set())
    table.refresh()
    plain = picture(app)[y0:y1, x0:x1]
    assert greyed.size and plain.size
    chroma = lambda part: (part.max(axis=2) - part.min(axis=2)).mean()  # noqa: E731  (how coloured)
    assert chroma(greyed) < chroma(plain) * 0.8, (code, chroma(greyed), chroma(plain))
    assert abs(greyed - plain).mean() > 0.03


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_greyed_pyramid_says_why_under_the_pointer_in_the_refusals_words(app, monkeypatch, language):
    set_language(language)
    try:
        session = dead_end(app)
        table = app.table
        stuck, free = sorted(session.flow.stuck())[0], sorted(session.flow.placeable())[0]
        point = tray_point(app, stuck)
        monkeypatch.setattr(table.picker, "mouse", lambda: point)
        table._tick(FakeTask())  # the pointer rests on the greyed pyramid
        tip = table.tray_tip
        assert not tip.text.isHidden() and tip.pyramid == stuck
        named, said = tip.text.node().getText().split("\n")  # what it is, and why it cannot be picked
        left_of = dict(session.flow.supply())
        assert named == tr("tray_tip_pyramid", pyramid=pyramid_name(stuck), count=left_of[stuck])
        aspect = app.base.getAspectRatio()
        left, right, bottom, top = tip.rect()
        assert -aspect <= left and right <= aspect and -1 <= bottom and top <= 1  # inside the window
        assert session.select_pyramid(stuck) is False  # the same words as the refusal of the pick
        assert session.notice == tr("log_refused", reason=said[:1].lower() + said[1:])
        monkeypatch.setattr(table.picker, "mouse", lambda: tray_point(app, free))
        table._tick(FakeTask())  # a pyramid that can be placed: what it is, nothing more
        assert tip.pyramid == free
        assert tip.text.node().getText() == tr("tray_tip_pyramid", pyramid=pyramid_name(free), count=left_of[free])
        monkeypatch.setattr(table.picker, "mouse", lambda: point)
        table.key_escape()  # the game menu over the table: the tip goes
        table._tick(FakeTask())
        assert table.menu.shown and tip.text.isHidden()
    finally:
        set_language("en")


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_turn_without_its_pyramid_step_says_so_and_who_plays_next(language):
    set_language(language)
    try:
        for seed in range(40):
            session = Session.new("aquarius-rising", {}, [Seat("Ann"), Seat("Bo"), Seat("Cy")], seed=seed,
                                  autosave=False)
            rng = random.Random(seed)
            for _ in range(400):
                if session.state.over:
                    break
                if session.stage == "cover":
                    session.reveal()
                    continue
                seat, number = session.seat, session.state.turn_number
                left = session.flow.supply(seat)
                move = rng.choice(session.game.legal_moves(session.state))
                assert session._try(move)
                skipped = session.state.turn_number != number and session.state.phase != "pyramid" \
                    and type(move).__name__ != "PlacePyramid" and left and not session.state.over \
                    and session.flow.supply(seat) == left
                if skipped:
                    names = [s.name for s in session.seats]
                    notice = session.notice
                    assert notice and notice in session.messages
                    assert names[seat] in notice and names[session.seat] in notice
                    assert ("plays next" in notice) if language == "en" else ("de jouer" in notice)
                    return
                assert not session.notice.startswith(("No quarter can take any", "Aucun quart ne peut recevoir les"))
        raise AssertionError("no turn without its pyramid step in 40 games")
    finally:
        set_language("en")


def test_a_pyramids_ghost_is_more_solid_than_a_cards(app):
    """A fresh playtest: a yellow pyramid's ghost (0.38 opaque) read olive over the felt. A pyramid's ghost is
    0.62 opaque (its colour is what the player chooses by); a card's shows over a pale backing
    (tests/test_contrast.py)."""
    from aquarius3d.view.scene import PyramidView

    session = dead_end(app)
    assert session.select_pyramid(sorted(session.flow.placeable())[0])
    app.table.refresh()
    ghosts = app.table.scene.ghosts
    assert ghosts and all(isinstance(node.getPythonTag("view"), PyramidView) for node in ghosts.values())
    assert all(node.getColorScale()[3] == pytest.approx(0.62, abs=0.01) for node in ghosts.values())
    app.table.scene.emphasise_ghost(None)  # (the pointer elsewhere: back to the ghost's own opacity)
    assert all(node.getColorScale()[3] == pytest.approx(0.62, abs=0.01) for node in ghosts.values())


def test_the_pyramid_in_the_keyboards_focus_says_what_it_is(app, monkeypatch):
    """Playtest: Tab lit a pyramid of the tray and nothing named it; seen from the three-quarter view a medium one in
    the middle row passed for a large one. The pyramid under the pointer, or else in the focus, says its size,
    colour and how many are left, beside it."""
    dead_end(app)
    table = app.table
    monkeypatch.setattr(table.picker, "mouse", lambda: None)  # (the pointer off the window)
    for _ in range(len(table.keys.ring())):
        table.keys.step(1)
        if table.keys.focus is not None and table.keys.focus[0] == "pyramid":
            break
    code = table.keys.focus[1]
    table._tick(FakeTask())
    assert not table.tray_tip.text.isHidden()
    assert_focus_tip(app, code)
