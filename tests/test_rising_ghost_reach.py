"""Aquarius Rising: every glowing quarter on screen has a point a click picks it at (issue 27, real input).

Real input (tools/xplay_games.py, Rising at 1024x600): a large pyramid's glowing quarter on a storey, at the back of
a card whose other quarters glowed too, had no point where a click stood the pyramid; only Tab and Enter did. The
front neighbours' ghosts stood over its quarter's middle, and its own ghost was picked at four heights of its body
only, none near its tip: the one part of it that showed. A ghost is met by the ray as the solid it is drawn as now
(view/picking.py), and the keyboard's click point (screens/keyboard.py, the real-input tool's target) looks for a
point of its ghost that shows."""
import random

import pytest

from aquarius3d.core import geometry
from aquarius3d.screens.keyboard import Target
from aquarius3d.session import Seat

from test_layout import with_window


def large_pyramid_steps(app, seed, count):
    """Ann and two computers, played at random (the session's moves: the table drawn only where checked); at each
    of Ann's pyramid steps where a large pyramid may stand, that pyramid picked, the table drawn and the camera
    still: yields the ghosts' moves."""
    app.start_game("aquarius-rising", {}, [Seat("Ann"), Seat("Bo", "computer", "easy"), Seat("Cy", "computer", "easy")],
                   seed=seed)
    session, rng, found = app.session, random.Random(seed), 0
    for _ in range(900):
        if session.state.over or found >= count:
            return
        if session.stage == "computer":
            session.computer_move()
            continue
        codes = sorted(c for c in session.flow.placeable() if c[0] == "L") if session.stage == "pyramid" else []
        if codes and session.choice.pyramid is None:
            session.select_pyramid(codes[0])
            app.table.refresh()
            app.table.camera.finish()
            app.table.refresh()
            found += 1
            yield list(app.table.parts.ghost_spots)
        session._try(rng.choice(session.game.legal_moves(session.state)))


def on_screen(app, move):
    """Whether the ghost's quarter shows in the window, clear of the HUD's panels (else no click is owed)."""
    table = app.table
    cx, cy = geometry.cell_centre(*move.cell)
    dx, dy = geometry.quarter_offset(move.quarter)
    point = table.picker.screen_of_point(cx + dx, cy + dy, table.parts.ghost_spots[move].base)
    if point is None or abs(point[0]) > 0.9 or abs(point[1]) > 0.9:
        return False
    aspect = app.base.getAspectRatio()
    return not any(x0 <= point[0] * aspect <= x1 and y0 <= point[1] <= y1 for x0, x1, y0, y1 in table.obstacles())


@pytest.mark.parametrize("width,height,scale", [(1024, 600, 100), (1280, 720, 100)])
def test_every_glowing_quarter_shown_has_a_point_a_click_picks(app, monkeypatch, width, height, scale):
    original = with_window(app, monkeypatch, width, height)
    app.settings["interface_scale"] = scale
    try:
        checked, crowded, missed = 0, 0, []
        for seed in range(10):
            for moves in large_pyramid_steps(app, seed, 6):
                table = app.table
                for move in moves:
                    if not on_screen(app, move):
                        continue
                    checked += 1
                    crowded += sum(o.cell == move.cell for o in moves) == 4
                    point = table.keys.click_point(Target("spot", move))
                    if point is None:
                        missed.append((seed, move))
                    else:
                        assert table.ghost_at(point) == move
        assert checked >= 30 and crowded >= 4, (checked, crowded)
        assert not missed, (missed, checked)
    finally:
        app.base.adjustWindowAspectRatio(original)


def test_a_ray_meets_a_pyramid_as_the_solid_drawn():
    """view/picking.in_pyramid: the ray enters the solid where it is drawn, tip and base included, and misses
    beside it (a body met at four heights missed the top 30 % of it)."""
    from aquarius3d.view.picking import in_pyramid

    tall, half = geometry.PYRAMID_HEIGHT["L"], geometry.PYRAMID_BASE["L"] / 2
    meet = in_pyramid((10.0, 20.0, 5.0), "L")
    down = lambda x, y: ((x, y, 100.0), (0.0, 0.0, -1.0))  # noqa: E731  (straight down from z = 100)
    assert meet(down(10.0, 20.0)) == pytest.approx(100.0 - (5.0 + tall))  # the tip
    near_tip = meet(down(10.0 + half * 0.05, 20.0))
    assert near_tip == pytest.approx(100.0 - (5.0 + tall * 0.95))  # the face, 95 % up it
    assert meet(down(10.0 + half * 0.99, 20.0 - half * 0.99)) == pytest.approx(100.0 - (5.0 + tall * 0.01))
    assert meet(down(10.0 + half * 1.01, 20.0)) is None  # beside the base
    assert meet(((10.0 - 3 * half, 20.0, 5.0 + tall * 0.5), (1.0, 0.0, 0.0))) == pytest.approx(2.5 * half)  # level
    assert meet(((10.0 - 3 * half, 20.0, 5.0 + tall * 1.01), (1.0, 0.0, 0.0))) is None  # over the tip
    assert meet(((10.0 - 3 * half, 20.0, 4.0), (1.0, 0.0, 0.0))) is None  # under the base
