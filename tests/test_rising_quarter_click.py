"""Aquarius Rising: a click on a glowing quarter stands the picked pyramid there (issue 27, point 3).

A playtest: "click a glowing quarter", and a click in the middle of a visible glowing quarter did nothing, with
large pyramids the most (view/picking.py picked a pyramid's ghost on one plane, 0.3 of its height above the card:
seen from the three-quarter view, a click on the quarter's near half met that plane over the quarter before it, or
over no card). A ghost is picked on its quarter's face and on its body now, the nearest to the eye."""
import random

import pytest

from aquarius3d.core import geometry
from aquarius3d.session import Seat
from aquarius3d.view.storeys import surface_top

from driving import step
from test_layout import with_window


def pyramid_step(app, seed, size="L"):
    """Ann and two computers; Ann at her pyramid step with a pyramid of `size` picked that may stand somewhere."""
    app.start_game("aquarius-rising", {}, [Seat("Ann"), Seat("Bo", "computer"), Seat("Cy", "computer")], seed=seed)
    rng = random.Random(seed)
    for _ in range(600):
        session = app.session
        if session.stage == "pyramid" and session.choice.pyramid is None:
            codes = sorted(c for c in session.flow.placeable() if c[0] == size)
            if codes:
                session.select_pyramid(codes[0])
                app.table.refresh()
                app.table.camera.finish()
                app.table.refresh()
                return codes[0]
        step(app, rng)
    return None


def quarter_points(move, base):
    """Points of a quarter's face, on its near half (before the pyramid's middle, seen from the near side)."""
    cx, cy = geometry.cell_centre(*move.cell)
    dx, dy = geometry.quarter_offset(move.quarter)
    qx, qy = cx + dx, cy + dy
    w, d = geometry.CARD_WIDTH / 4, geometry.CARD_LENGTH / 4
    return [(qx + fx * w, qy - fy * d, base) for fx in (-0.6, 0.0, 0.6) for fy in (0.35, 0.7)]


@pytest.mark.parametrize("width,height,scale", [(1280, 720, 100), (1024, 600, 150)])
@pytest.mark.parametrize("seed", [2, 3, 5])
def test_a_click_on_a_glowing_quarter_picks_its_ghost(app, monkeypatch, width, height, scale, seed):
    original = with_window(app, monkeypatch, width, height)
    app.settings["interface_scale"] = scale
    try:
        code = pyramid_step(app, seed)
        assert code is not None
        table = app.table
        spots = table.parts.ghost_spots
        assert spots and all(move.pyramid == code for move in spots)
        state = app.session.state
        checked, last = 0, None
        for move in spots:
            front = any(other.cell == move.cell and other.quarter in (2, 3) for other in spots) if move.quarter in (0, 1) \
                else False  # (a ghost on the quarter before it may stand over its face on the screen)
            ahead = any(other.cell == (move.cell[0], move.cell[1] - 1) for other in spots)
            if front or ahead:
                continue
            for point in quarter_points(move, surface_top(state, move.cell, move.level)):
                screen = table.picker.screen_of_point(*point)
                if screen is None or abs(screen[0]) > 0.95 or abs(screen[1]) > 0.95:
                    continue
                if any(x0 <= screen[0] <= x1 and y0 <= screen[1] <= y1 for x0, x1, y0, y1 in table.obstacles()):
                    continue
                assert table.ghost_at(screen) == move, (move, point)
                checked, last = checked + 1, (move, screen)
        assert checked >= 6 and last is not None
        before = len(app.session.state.log)
        table.click(last[1])  # a click on the face of the last quarter checked: the pyramid stands there
        move = last[0]
        said = f"pyramid {move.pyramid} @ {move.cell[0]},{move.cell[1]} {('TL', 'TR', 'BL', 'BR')[move.quarter]}"
        assert len(app.session.state.log) == before + 1 and app.session.state.log[-1].endswith(said)
    finally:
        app.base.adjustWindowAspectRatio(original)
