"""Legal spots glow (issue 27, point 2; contrast, point 5): each spot a card or a pyramid may take is ringed by a
gold outline on a dark line, read at 3:1 or more against what lies under it, in Aquarius (on the felt) and in
Aquarius Rising (on the quarters' panels, Air's yellow included); the outlines flare as the spots appear; the spot
under the pointer has its outline widened."""

import random

import pytest
from driving import FakeTask, picture, step
from panda3d.core import Point2, Point3
from test_contrast import contrast, luminance

from aquarius3d.session import Seat
from aquarius3d.view.scene import SPOT_FLARE, SPOT_HOVER_GROWTH


def to_spots(app, ruleset, rng):
    """Play a few moves of four people, then choose until legal spots show."""
    app.start_game(ruleset, {}, [Seat(n) for n in ("Ann", "Bo", "Cy", "Di")], seed=5)
    for _ in range(400):
        session = app.session
        enough = len(session.state.table.cards) >= 6
        if enough and app.table.parts.ghost_spots and session.stage in ("place", "pyramid") and (
                session.stage == "place" or session.choice.pyramid is not None):
            return
        step(app, rng)
    pytest.fail("no legal spots shown")


def outline_points(app, node):
    """Screen pixels (column, row) at the middle of each side of a spot's outline."""
    scene = app.table.scene
    bounds = node.getTightBounds(scene.root)
    (x0, y0, _), (x1, y1, z) = bounds
    mids = [((x0 + x1) / 2, y0, z), ((x0 + x1) / 2, y1, z), (x0, (y0 + y1) / 2, z), (x1, (y0 + y1) / 2, z)]
    width, height = app.base.win.getXSize(), app.base.win.getYSize()
    found = []
    for point in mids:
        flat = Point2()
        if app.base.camLens.project(app.base.cam.getRelativePoint(scene.root, Point3(*point)), flat):
            found.append((round((flat.x + 1) / 2 * width), round((1 - flat.y) / 2 * height)))
    return found


@pytest.mark.parametrize("ruleset", ["aquarius", "aquarius-rising"])
def test_every_legal_spot_glows_and_reads_against_what_lies_under_it(app, ruleset):
    to_spots(app, ruleset, random.Random(3))
    table = app.table
    scene = table.scene
    if scene._flash is not None:
        scene._flash.finish()
    outlines = [node.getPythonTag("outline") for node in scene.ghosts.values()]
    assert outlines and len(outlines) == len(table.parts.ghost_spots) == scene.spots_root.getNumChildren()
    app.base.aspect2d.hide()  # (the HUD, the hand and the screen labels: not what is measured here)
    try:
        seen = luminance(picture(app))
        scene.spots_root.hide()
        bare = luminance(picture(app))
    finally:
        scene.spots_root.show()
        app.base.aspect2d.show()
    ratio = contrast(seen, bare)
    checked = 0
    for outline in outlines:
        for col, row in outline_points(app, outline):
            if 6 <= col < ratio.shape[1] - 6 and 6 <= row < ratio.shape[0] - 6:
                assert ratio[row - 4:row + 5, col - 4:col + 5].max() >= 3.0, (ruleset, col, row)
                checked += 1
    assert checked >= 4


def test_the_spots_flare_as_they_appear_and_the_one_under_the_pointer_widens(app):
    to_spots(app, "aquarius", random.Random(3))
    scene = app.table.scene
    assert scene._flash is not None
    scene._flash.setT(0.0)
    assert scene.spots_root.getColorScale()[0] == pytest.approx(1.0 + SPOT_FLARE, abs=0.01)  # bright as they appear
    scene._flash.finish()
    assert scene.spots_root.getColorScale()[0] == pytest.approx(1.0)  # and settled
    keys = list(scene.ghosts)
    scene.emphasise_ghost(keys[0])
    widths = [scene.ghosts[k].getPythonTag("outline").getScale().x for k in keys]
    assert widths[0] == pytest.approx(SPOT_HOVER_GROWTH) and all(w == 1.0 for w in widths[1:])
    flash = scene._flash
    app.table._tick(FakeTask())
    app.table.refresh()  # the same spots drawn again: no new flare
    assert scene._flash is flash
