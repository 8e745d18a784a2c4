"""Light, shadow and plastic, read back from rendered pictures (issue 28): a house's shadow darkens the felt, a
taller house casts a longer one, a card is seen tinted through a pyramid, every quality tier renders offscreen,
and the tier is found from the renderer's name."""

import math
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from aquarius3d.core import geometry
from aquarius3d.view.quality import QUALITIES, detect, is_software, resolve, smooth_edges
from aquarius3d.view.scene import CardView, PyramidView

ROOT = Path(__file__).resolve().parent.parent
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}
GROUND = geometry.card_bottom(geometry.card_top(0))


def picture(table):
    """The frame drawn, as rows of RGB in 0..1, top row first."""
    table.frame()
    table.frame()
    shot = table.base.win.getScreenshot()
    width, height = shot.getXSize(), shot.getYSize()
    pixels = np.frombuffer(bytes(shot.getRamImageAs("RGB")), np.uint8).reshape(height, width, 3)
    return pixels[::-1].astype(float) / 255


def at(table, image, point, reach=1):
    """The mean colour of the picture round where a point of the table (millimetres) is drawn."""
    from panda3d.core import Point2, Point3

    seen = table.base.cam.getRelativePoint(table.scene.root, Point3(*point))
    flat = Point2()
    assert table.base.camLens.project(seen, flat), f"{point} is out of view"
    height, width, _ = image.shape
    col, row = round((flat.x + 1) / 2 * width), round((1 - flat.y) / 2 * height)
    return image[row - reach:row + reach + 1, col - reach:col + reach + 1].reshape(-1, 3).mean(axis=0)


def house(cell, storeys, key):
    """A house of `storeys` cards above the ground card, each on four large pyramids (green cards, yellow and red
    pyramids): its cards and pyramids, keyed by `key`."""
    cards, pyramids = {(key, 0): CardView(cell, "EEEE", 0, GROUND)}, {}
    top = geometry.card_top(0)
    for level in range(storeys):
        for quarter in range(4):
            pyramids[(key, level, quarter)] = PyramidView(cell, level, quarter, "Ly" if quarter % 2 else "Lr", top)
        top = geometry.card_top(level + 1, geometry.PYRAMID_HEIGHT["L"], top)
        cards[(key, level + 1)] = CardView(cell, "EEEE", level + 1, geometry.card_bottom(top))
    return cards, pyramids, top


def shadow_shift(height):
    """How far (x, y) the key light moves a point's shadow on the felt, from its height above it."""
    from aquarius3d.view.lighting import KEY_TOWARD

    return (-KEY_TOWARD.x / KEY_TOWARD.z * height, -KEY_TOWARD.y / KEY_TOWARD.z * height)


def luminance(rgb):
    return float(np.dot(rgb, [0.3, 0.59, 0.11]))


@pytest.mark.parametrize("tier", ["low", "medium", "high"])
def test_a_house_shadows_the_felt_and_a_taller_house_casts_a_longer_shadow(lit_scene, tier):
    """Every tier renders offscreen; the felt in a house's shadow is darker than the felt away from it; and a point
    of felt a house of two storeys shades, a house of one storey (the same distance from its own) leaves lit."""
    table = lit_scene
    table.scene.set_quality(QUALITIES[tier])
    low_cards, low_pyramids, low_top = house((0, 0), 1, "low")
    high_cards, high_pyramids, high_top = house((0, 3), 2, "high")
    table.scene.sync({**low_cards, **high_cards}, {**low_pyramids, **high_pyramids})
    table.look("orbit")
    image = picture(table)
    assert image.std() > 0.05
    right = geometry.CARD_WIDTH / 2
    short, tall = shadow_shift(low_top)[0], shadow_shift(high_top)[0]
    reach = (short + tall) / 2  # beyond the short house's shadow, within the tall one's
    for cell, top in (((0, 0), low_top), ((0, 3), high_top)):
        x, y = geometry.cell_centre(*cell)
        dy = shadow_shift(top)[1]
        shaded = at(table, image, (x + right + 12.0, y + dy, 0.0))  # just right of the house: in its shadow
        away = at(table, image, (x - right - 40.0, y, 0.0))  # left of it: lit
        assert luminance(shaded) < 0.8 * luminance(away), (tier, cell, shaded, away)
    x, y = geometry.cell_centre(0, 0)
    short_house = at(table, image, (x + right + reach - right / 2, y + shadow_shift(low_top)[1], 0.0))
    x, y = geometry.cell_centre(0, 3)
    tall_house = at(table, image, (x + right + reach - right / 2, y + shadow_shift(high_top)[1], 0.0))
    assert luminance(tall_house) < 0.8 * luminance(short_house), (tier, short_house, tall_house)


@pytest.mark.parametrize("tier", ["low", "medium"])
def test_a_card_is_seen_tinted_through_a_pyramid(lit_scene, tier):
    """A large blue pyramid on a card: the card shows through its front wall, tinted blue: bluer than the card
    alone, and what is seen there changes with the card under it (yellow or red: not hidden). Sky High's clear
    pyramid barely tints it; To the Clouds' white one makes it paler."""
    table = lit_scene
    table.scene.set_quality(QUALITIES[tier])
    base = geometry.card_top(0)
    qx, qy = geometry.quarter_offset(2)
    half = geometry.PYRAMID_BASE["L"] / 2
    inside = (qx + half * 0.35, qy - half * 0.55, base + 4.0)  # seen through the front wall, low down

    def seen(code, face="AAAA"):
        table.scene.sync({"card": CardView((0, 0), face, 0, GROUND)},
                         {"p": PyramidView((0, 0), 0, 2, code, base)} if code else {})
        table.look("orbit")
        return at(table, picture(table), inside)

    bare, through, on_red = seen(None), seen("Lb"), seen("Lb", "FFFF")
    assert bare[0] > 0.5 and bare[1] > 0.4 and bare[2] < 0.3  # the yellow card
    assert through[2] - through[0] > bare[2] - bare[0] + 0.15  # tinted blue
    assert np.abs(through - on_red).sum() > 0.08, (through, on_red)  # the card shows through (opaque: under 0.02)
    clear, white = seen("Lc"), seen("Lw")
    assert np.abs(clear - bare).max() < 0.2 and clear[0] > 0.45  # clear: the yellow card, nearly as it is
    assert white[2] > bare[2] + 0.25 and np.ptp(white) < np.ptp(bare) - 0.2  # white: paler, greyer


def test_shadows_overlapping_darken_once_at_the_low_tier(lit_scene):
    """Two cast shadows over one piece of felt are as dark as one (the low tier draws them as shapes)."""
    table = lit_scene
    table.scene.set_quality(QUALITIES["low"])
    table.scene.sync({"c": CardView((0, 0), "EEEE", 0, GROUND), "d": CardView((5, 0), "EEEE", 0, GROUND)}, {})
    ground = geometry.card_top(0)

    def square(x, y, z, half=30.0):
        return (ground, [(x - half, y - half, z), (x + half, y - half, z), (x + half, y + half, z),
                         (x - half, y + half, z)], 1.0)

    table.scene.table.set_casters("test", [square(150.0, 0.0, 40.0), square(170.0, 0.0, 40.0)])
    table.look("orbit")
    image = picture(table)
    sx, sy = shadow_shift(40.0 - ground)
    both = at(table, image, (160.0 + sx, sy, 0.0))  # under both squares' shadows
    one = at(table, image, (130.0 + sx - 8.0, sy, 0.0))  # under the first's alone
    lit = at(table, image, (60.0, -120.0, 0.0))
    assert luminance(one) < 0.8 * luminance(lit)
    assert abs(luminance(both) - luminance(one)) < 0.03
    table.scene.table.set_casters("test", [])


def test_quality_tiers_are_found_from_the_renderer():
    assert is_software("llvmpipe (LLVM 15.0.6, 256 bits)") and is_software("SwiftShader Device (Subzero)")
    assert detect("llvmpipe (LLVM 15.0.6, 256 bits)") == "low" and detect(None) == "low"
    assert detect("NVIDIA GeForce RTX 3060/PCIe/SSE2") == detect("AMD Radeon RX 6600 (radeonsi)") == "high"
    assert resolve("medium", "llvmpipe").name == "medium" and resolve("auto", "Mesa Intel(R) UHD 620").name == "high"
    assert smooth_edges(QUALITIES["low"], "auto") == 0 and smooth_edges(QUALITIES["low"], "on") == 4
    assert smooth_edges(QUALITIES["high"], "auto") == 8 and smooth_edges(QUALITIES["high"], "off") == 0
    low, high = QUALITIES["low"], QUALITIES["high"]
    assert not low.ground_light and high.ground_light and high.shadow_size > low.shadow_size


def test_the_window_remembers_its_renderer_for_the_next_start(tmp_path, monkeypatch):
    from aquarius3d.view import quality

    monkeypatch.setenv("AQUARIUS3D_CACHE_DIR", str(tmp_path))
    assert quality.remembered() is None
    quality.remember("llvmpipe (LLVM 15.0.6, 256 bits)")
    assert quality.remembered() == "llvmpipe (LLVM 15.0.6, 256 bits)" == quality.expected_renderer()


def test_render_draws_at_the_quality_asked(tmp_path):
    """`render --quality high` draws offscreen with the high tier's light (and its multisampling, where the
    renderer has it); the picture is not the low tier's."""
    from panda3d.core import PNMImage

    position = ROOT / "tests/positions/aquarius-rising/winner-1-highest.yaml"
    images = {}
    for tier in ("low", "high"):
        out = tmp_path / f"{tier}.png"
        done = subprocess.run([sys.executable, "-m", "aquarius3d", "render", str(position), "--quality", tier,
                               "--out", str(out), "--size", "320x180"], capture_output=True, text=True, cwd=tmp_path,
                              env={**ENV, "AQUARIUS3D_HOME": str(tmp_path)})
        if "no offscreen graphics" in done.stderr:
            pytest.skip(done.stderr)
        assert done.returncode == 0, done.stderr
        image = PNMImage(str(out))
        images[tier] = np.array([[image.getXel(x, y) for x in range(0, 320, 4)] for y in range(0, 180, 4)])
    assert images["high"].std() > 0.05 and not math.isclose(np.abs(images["high"] - images["low"]).mean(), 0.0)
    done = subprocess.run([sys.executable, "-m", "aquarius3d", "render", str(position), "--quality", "ultra"],
                          capture_output=True, text=True, cwd=tmp_path, env=ENV)
    assert done.returncode == 2 and "--quality" in done.stderr


def test_the_low_tiers_shadows_are_drawn_once_for_what_changed_and_never_stale(lit_scene):
    """The low tier's shadows are shapes made again only when what lies on the felt or casts a shadow changed:
    a redraw that changed nothing keeps them; a house built while several owners set their parts (a refresh:
    `changing`) is shaded once all have, from what they set last."""
    table = lit_scene
    table.scene.set_quality(QUALITIES["low"])
    felt = table.scene.table
    lone = {"c": CardView((0, 0), "EEEE", 0, GROUND)}
    table.scene.sync(lone, {})
    seen: list = []

    def drawn():
        """The shapes' nodes, each tagged as first seen (a shape made again is a new node, untagged)."""
        children = list(felt.shadows.getChildren())
        for child in children:
            if not child.hasNetTag("seen"):
                child.setTag("seen", str(len(seen)))
                seen.append(child)
        return [child.getTag("seen") for child in children]

    def vertices():
        return sum(geom.getVertexData().getNumRows() for child in felt.shadows.getChildren()
                   for geom in child.node().getGeoms())

    first, alone = drawn(), vertices()
    assert first and alone > 0
    table.scene.sync(lone, {})  # the same cards again, owners setting what they set before: the same shapes
    felt.set_footprints("test", [])
    felt.set_casters("test", [])
    assert drawn() == first
    cards, pyramids, _ = house((3, 0), 1, "h")
    with felt.changing():
        table.scene.sync({**lone, **cards}, pyramids)
        assert drawn() == first  # (waiting for the owners to finish)
        felt.set_footprints("test", [(400.0, 400.0, 460.0, 480.0)])
    assert vertices() > alone  # drawn at the end, with the house's cast shadow and the test's footprint
    with_all = vertices()
    felt.set_footprints("test", [])
    assert alone < vertices() < with_all
