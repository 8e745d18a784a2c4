"""Aquarius Rising: picking a pyramid from the tray leaves the camera where it stands (issue 27, points 2 and 3).

A playtester picked a pyramid and the table moved under the pointer, which then rested on another pyramid. Three
things moved it: the picked pyramid, lifted, made its tray's box taller; the card spots round the cards (not drawn
in the pyramid step) counted as shown when the prompt strip grew over them; and the longer "click a glowing
quarter" prompt took more rows at 150%. Now a tray frames the room it may take, the pyramid step frames room for
every pyramid that may stand (whichever is picked), and only what is drawn must stay clear."""
import random

import pytest

from aquarius3d.session import Seat

from driving import step, tray_point
from test_layout import with_window


def picks(app, seed, count=3):
    """Up to `count` pyramid steps of Ann's (Ann and two computers): at each, the camera settled, the orbit
    before and after clicking the first pyramid that may stand, and the pyramid's point on the screen after."""
    app.start_game("aquarius-rising", {}, [Seat("Ann"), Seat("Bo", "computer"), Seat("Cy", "computer")], seed=seed)
    rng = random.Random(seed)
    found = []
    for _ in range(600):
        session = app.session
        if session.stage == "pyramid" and session.choice.pyramid is None:
            app.table.refresh()
            for _ in range(3):
                app.base.taskMgr.step()
            app.table.camera.finish()
            code = sorted(session.flow.placeable())[0]
            point = tray_point(app, code)
            if point is not None:
                before = app.table.camera.orbit
                app.table.click(point)
                assert session.choice.pyramid == code
                for _ in range(3):
                    app.base.taskMgr.step()
                app.table.camera.finish()
                found.append((before, app.table.camera.orbit, point, tray_point(app, code)))
                if len(found) == count:
                    break
        step(app, rng)
    return found


@pytest.mark.parametrize("width,height,scale", [(1280, 720, 100), (1024, 600, 150)])
@pytest.mark.parametrize("seed", [1, 2, 5, 6])
def test_picking_a_pyramid_leaves_the_camera_still(app, monkeypatch, width, height, scale, seed):
    original = with_window(app, monkeypatch, width, height)
    app.settings["interface_scale"] = scale
    try:
        found = picks(app, seed)
        assert len(found) >= 2
        for before, after, point, now in found:
            assert after == before
            assert now is not None and abs(now[0] - point[0]) * width < 1 and abs(now[1] - point[1]) * height < 1
    finally:
        app.base.adjustWindowAspectRatio(original)
