"""Contrast (issue 27, point 5): every pyramid colour reads on every panel colour, by an outline that gives at least
3:1 luminance contrast with the panel under it, read back from rendered pictures at each quality tier."""

import numpy as np
import pytest
from panda3d.core import Point2, Point3
from test_lighting import GROUND, picture

from aquarius3d.core import geometry
from aquarius3d.view.quality import QUALITIES
from aquarius3d.view.scene import CardView, PyramidView

PANELS = "EAFWS"  # Earth, Air, Fire, Water and Space panels
COLOURS = "gyrbkwc"  # the pyramids: green, yellow, red, blue, black, To the Clouds' white, Sky High's clear


def luminance(image):
    """Relative luminance of sRGB pixels (WCAG's)."""
    linear = np.where(image <= 0.04045, image / 12.92, ((image + 0.055) / 1.055) ** 2.4)
    return linear @ np.array([0.2126, 0.7152, 0.0722])


def contrast(a, b):
    """WCAG contrast ratios between two luminance images, pixel by pixel."""
    return (np.maximum(a, b) + 0.05) / (np.minimum(a, b) + 0.05)


def on_screen(table, image, point):
    seen = table.base.cam.getRelativePoint(table.scene.root, Point3(*point))
    flat = Point2()
    assert table.base.cam.node().getLens().project(seen, flat)  # (the lens in use: the elevation's has its own)
    height, width, _ = image.shape
    return ((flat.x + 1) / 2 * width, (1 - flat.y) / 2 * height)


def convex_hull(points):
    points = sorted(set(points))

    def turn(o, a, b):
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])
    lower, upper = [], []
    for p in points:
        while len(lower) >= 2 and turn(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    for p in reversed(points):
        while len(upper) >= 2 and turn(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    return lower[:-1] + upper[:-1]


def within(polygon, shape, margin):
    """The pixels at least `margin` pixels inside a convex polygon (counter-clockwise on screen)."""
    rows, cols = np.mgrid[0:shape[0], 0:shape[1]] + 0.5
    keep = np.ones(shape, bool)
    for (x0, y0), (x1, y1) in zip(polygon, polygon[1:] + polygon[:1]):
        length = np.hypot(x1 - x0, y1 - y0)
        keep &= ((x1 - x0) * (rows - y0) - (y1 - y0) * (cols - x0)) / length >= margin
    return keep


def outline_read(ratio, polygon, panel, reach=6.0, samples=12):
    """Points along a silhouette lying over the panel: for each, the best contrast found across the silhouette
    within `reach` pixels either side (an outline a few pixels wide is found wherever it lies)."""
    found = []
    for (x0, y0), (x1, y1) in zip(polygon, polygon[1:] + polygon[:1]):
        length = np.hypot(x1 - x0, y1 - y0)
        if length < 6:
            continue
        nx, ny = (y1 - y0) / length, -(x1 - x0) / length
        for k in range(1, samples):
            x, y = x0 + k / samples * (x1 - x0), y0 + k / samples * (y1 - y0)
            if not panel[int(y), int(x)]:
                continue
            found.append(max(ratio[int(y + d * ny), int(x + d * nx)] for d in np.arange(-reach, reach + 0.5, 0.5)))
    return np.array(found)


@pytest.mark.parametrize("tier", ["low", pytest.param("medium", marks=pytest.mark.slow)])
def test_every_pyramid_outline_reads_on_every_panel(lit_scene, tier):
    """A medium pyramid of each colour on a card of each element, from the default three-quarter view: along its
    silhouette over the panel, at least 90% of the points have a pixel at 3:1 or more against the panel as it is
    without the pyramid (the same camera), within a few pixels across: its outline gives the contrast its colour
    may not (a red pyramid on a red panel, a black one on Space)."""
    table = lit_scene
    table.scene.set_quality(QUALITIES[tier])
    base = geometry.card_top(0)
    qx, qy = geometry.quarter_offset(0)
    half, tip = geometry.PYRAMID_BASE["M"] / 2, base + geometry.PYRAMID_HEIGHT["M"]
    corners = [(qx + sx * half, qy + sy * half, base) for sx in (-1, 1) for sy in (-1, 1)] + [(qx, qy, tip)]
    cx, cy = geometry.cell_centre(0, 0)
    card = [(cx + sx * geometry.CARD_WIDTH / 2, cy + sy * geometry.CARD_LENGTH / 2, GROUND)
            for sx in (-1, 1) for sy in (-1, 1)]
    worst = {}
    for element in PANELS:
        for colour in COLOURS:
            table.scene.sync({"card": CardView((0, 0), element * 4, 0, GROUND)},
                             {"p": PyramidView((0, 0), 0, 0, "M" + colour, base)})
            table.look("orbit")
            seen = picture(table)
            table.scene.sync({"card": CardView((0, 0), element * 4, 0, GROUND)}, {})
            bare = picture(table)  # the same camera, the pyramid gone
            ratio = contrast(luminance(seen), luminance(bare))
            panel = within(convex_hull([on_screen(table, seen, p) for p in card]), seen.shape[:2], 6.0)
            read = outline_read(ratio, convex_hull([on_screen(table, seen, p) for p in corners]), panel)
            assert len(read) >= 20, (element, colour)  # (the silhouette lies over the panel)
            worst[element + colour] = float(np.mean(read >= 3.0))
    assert min(worst.values()) >= 0.9, {k: round(v, 2) for k, v in worst.items() if v < 0.9}


def test_the_elevation_shows_a_pyramid_behind_another_beside_it_at_its_true_height(lit_scene):
    """The side elevation (E) is orthographic and level, so a height reads true on its ruler; turned a little about
    the upright, a pyramid a row behind another stands beside it, its outline seen, where it was hidden exactly
    behind (a black pyramid in front of a red one hid it whole)."""
    from aquarius3d.view.side_elevation import Elevation

    table = lit_scene
    base = table.base
    lens = base.cam.node().getLens()
    ground = geometry.card_top(0)
    cards = {c: CardView(c, "FFFF", 0, GROUND) for c in ((0, 0), (0, 1))}
    front, behind = (PyramidView((0, 0), 0, 0, "Mk", ground), PyramidView((0, 1), 0, 0, "Mr", ground))
    apex = {}
    try:
        elevation = Elevation(table.scene)
        elevation.update({})
        aspect = base.getAspectRatio()
        base.cam.node().setLens(elevation.lens(aspect))
        eye, target = elevation.camera_pose(aspect)
        base.camera.setPos(*eye)
        base.camera.lookAt(*target)
        table.scene.sync(cards, {"front": front})
        alone = luminance(picture(table))
        table.scene.sync(cards, {"front": front, "behind": behind})
        both = picture(table)
        for key, view in (("front", front), ("behind", behind)):
            x, y = geometry.cell_centre(*view.cell)
            dx, dy = geometry.quarter_offset(view.quarter)
            apex[key] = on_screen(table, both, (x + dx, y + dy, ground + geometry.PYRAMID_HEIGHT["M"]))
        elevation.root.removeNode()
    finally:
        base.cam.node().setLens(lens)
    assert geometry.cell_centre(0, 0)[0] == geometry.cell_centre(0, 1)[0]  # one behind the other on the table
    assert abs(apex["front"][1] - apex["behind"][1]) < 1.0  # level: the same height, the same row of the picture
    assert apex["behind"][0] - apex["front"][0] > 8.0  # and beside it, not hidden behind it
    col, row = round(apex["behind"][0]), round(apex["behind"][1])
    ratio = contrast(luminance(both), alone)  # what the pyramid behind adds to the picture, round its tip
    assert ratio[row - 2:row + 10, col - 6:col + 7].max() >= 3.0


@pytest.mark.parametrize("tier", ["low", pytest.param("medium", marks=pytest.mark.slow)])
def test_a_card_ghost_keeps_each_panel_s_hue_paler(lit_scene, tier):
    """A fresh playtest: the legal spots' ghost cards, seen through at 0.38 over the green felt, read in the felt's
    hues: yellow olive, red brown, blue teal, Space teal too (hue 0.21, 0.07, 0.55 and 0.51 for 0.13, 0.01, 0.60 and
    0.74), darker than the cards themselves; a player took an Air-Fire ghost for Earth. Over their pale backing each
    panel of a ghost keeps its card's hue, paler than the card lying there, at each quality tier."""
    import colorsys

    from test_lighting import at

    table = lit_scene
    table.scene.set_quality(QUALITIES[tier])
    dx, dy = 0.32 * geometry.CARD_WIDTH, 0.36 * geometry.CARD_LENGTH  # (a corner of the panel, clear of its symbol)
    try:
        for element in PANELS:
            table.scene.sync({"card": CardView((0, 0), element * 4, 0, GROUND)}, {})
            table.scene.show_ghosts({"ghost": CardView((1, 0), element * 4, 0, GROUND)})
            table.look("orbit")
            seen = picture(table)
            (x0, y0), (x1, y1) = geometry.cell_centre(0, 0), geometry.cell_centre(1, 0)
            card = colorsys.rgb_to_hls(*at(table, seen, (x0 - dx, y0 + dy, GROUND)))
            ghost = colorsys.rgb_to_hls(*at(table, seen, (x1 - dx, y1 + dy, GROUND)))
            shift = abs(card[0] - ghost[0])
            assert min(shift, 1 - shift) <= 0.02, (element, card, ghost)
            assert ghost[1] > card[1] + 0.1, (element, card, ghost)  # paler
    finally:
        table.scene.clear_ghosts()


def test_a_legal_quarter_behind_a_pyramid_still_shows_its_outline(lit_scene):
    """A fresh playtest: the only quarter a picked pyramid could take lay behind a black pyramid; its outline was
    hidden with it, and nothing could be seen to glow. A spot's outline is drawn faintly through what stands before
    it: gold shows inside the black pyramid's silhouette, from the three-quarter view."""
    table = lit_scene
    ground = geometry.card_top(0)
    card = {"card": CardView((0, 0), "SSSS", 0, GROUND)}
    front = PyramidView((0, 0), 0, 2, "Lk", ground)  # (the near left quarter: before the far left one on the screen)
    spot = PyramidView((0, 0), 0, 0, "Lk", ground)  # (a ghost on the far left quarter)
    cx, cy = geometry.cell_centre(0, 0)
    dx, dy = geometry.quarter_offset(front.quarter)
    half, tip = geometry.PYRAMID_BASE["L"] / 2, ground + geometry.PYRAMID_HEIGHT["L"]
    corners = [(cx + dx + sx * half, cy + dy + sy * half, ground) for sx in (-1, 1) for sy in (-1, 1)]
    try:
        table.scene.sync(card, {"front": front})
        table.look("orbit")
        table.scene.show_ghosts({"spot": spot})
        table.scene.ghosts["spot"].hide()  # (its outline alone: the ghost pyramid would show through the plastic)
        seen = picture(table)
        hull = convex_hull([on_screen(table, seen, p) for p in corners + [(cx + dx, cy + dy, tip)]])
        inside = within(hull, seen.shape[:2], 3.0)
        gold = (seen[..., 0] > 0.45) & (seen[..., 1] > 0.38) & (seen[..., 2] < 0.3) & (seen[..., 0] > 2 * seen[..., 2])
        assert np.count_nonzero(gold & inside) >= 20
    finally:
        table.scene.clear_ghosts()
