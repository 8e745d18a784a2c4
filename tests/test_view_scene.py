"""The 3D table: the scene mirrors a state, nodes stand where geometry.py says, renders are not blank."""

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from aquarius3d.core import geometry
from aquarius3d.view.camera import MIN_PITCH, Orbit, preset
from aquarius3d.view.scene import CardView

ROOT = Path(__file__).resolve().parent.parent
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}  # the checkout's code, wherever the test runs


def state_cards(state):
    """CardViews of a state's table, keyed by card id (the scene's stable ids)."""
    bottom = geometry.card_bottom(geometry.card_top(0))
    return {state.table.cards[cell]: CardView(cell, f.code, 0, bottom) for cell, f in state.table.faces.items()}


def pixels(table):
    from panda3d.core import PNMImage

    table.frame()
    table.frame()
    image = PNMImage()
    table.base.win.getScreenshot(image)
    return np.array([[image.getXel(x, y) for x in range(0, image.getXSize(), 8)]
                     for y in range(0, image.getYSize(), 8)])


def test_scene_mirrors_a_game_state(offscreen):
    from helpers import play_random
    from aquarius3d.rules.ruleset import load_ruleset

    game = load_ruleset("aquarius")
    scene = offscreen.scene
    for i, state in enumerate(play_random(game, 3, seed=12, steps=60)):
        if i % 10:
            continue
        scene.sync(state_cards(state))
        assert set(scene.nodes) == set(state.table.cards.values())
        for cell, card_id in state.table.cards.items():
            node = scene.nodes[card_id]
            x, y = geometry.cell_centre(*cell)
            low, high = node.getTightBounds(offscreen.base.render)
            assert (low.x + high.x) / 2 == pytest.approx(x, abs=1e-4)
            assert (low.y + high.y) / 2 == pytest.approx(y, abs=1e-4)
            assert high.z == pytest.approx(geometry.card_top(0), abs=1e-4)
            assert high.x - low.x == pytest.approx(geometry.CARD_WIDTH, abs=1e-3)
            assert high.y - low.y == pytest.approx(geometry.CARD_LENGTH, abs=1e-3)
            assert node.getPythonTag("card") == card_id
            assert scene.views[card_id].code == state.table.faces[cell].code
    assert len(scene.cards_root.getChildren()) == len(scene.nodes)


def test_sync_moves_turns_and_removes_by_stable_id(offscreen):
    scene = offscreen.scene
    scene.sync({"a": CardView((0, 0), "FFWW"), "b": CardView((1, 0), "FWFW")})
    node_a = scene.nodes["a"]
    scene.sync({"a": CardView((0, 1), "FFWW"), "b": CardView((1, 0), "WFWF")})
    assert scene.nodes["a"] is node_a  # moved, same node
    assert node_a.getPos().y == pytest.approx(geometry.CELL_Y)
    assert scene.views["b"].code == "WFWF"
    scene.sync({"b": CardView((1, 0), "WFWF")})
    assert list(scene.nodes) == ["b"] and node_a.isEmpty()


def test_render_is_not_blank_and_shows_element_colours(offscreen):
    scene = offscreen.scene
    scene.sync({i: CardView((i - 2, 0), code) for i, code in enumerate(["FFFF", "WWWW", "AAAA", "EEEE", "SSSS"])})
    offscreen.look("top")
    image = pixels(offscreen)
    assert image.std() > 0.05
    # The fire ace's red shows somewhere: red well above green and blue.
    reds = (image[..., 0] > 0.6) & (image[..., 1] < 0.35) & (image[..., 2] < 0.35)
    blues = (image[..., 2] > 0.55) & (image[..., 0] < 0.3)
    assert reds.sum() > 20 and blues.sum() > 20


def test_camera_never_goes_under_the_table():
    view = Orbit()
    for _ in range(50):
        view = view.orbit(13.0, -9.0)
        assert view.pitch >= MIN_PITCH and view.eye()[2] > 0
    assert Orbit().zoom(1e-6).distance > 0
    top = preset("top", ((-100, -100, 0), (100, 100, 1)))
    assert top.eye()[2] > 100 and abs(top.eye()[0]) < 5
    halfway = Orbit(heading=350).blend(Orbit(heading=10), 0.5)
    assert halfway.heading == pytest.approx(0.0, abs=1e-6) or halfway.heading == pytest.approx(360.0, abs=1e-6)


def test_render_command_writes_a_picture(tmp_path):
    out = tmp_path / "table.png"
    done = subprocess.run(
        [sys.executable, "-m", "aquarius3d", "render", str(ROOT / "tests/positions/aquarius/win-immediately.yaml"),
         "--view", "top", "--out", str(out), "--size", "320x180"],
        capture_output=True, text=True, cwd=ROOT, env=ENV,
    )
    if "no offscreen graphics" in done.stderr:
        pytest.skip(done.stderr)
    assert done.returncode == 0, done.stderr
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    from panda3d.core import PNMImage

    image = PNMImage(str(out))
    assert (image.getXSize(), image.getYSize()) == (320, 180)


def test_render_command_refuses_bad_input_before_opening_a_window(tmp_path):
    done = subprocess.run([sys.executable, "-m", "aquarius3d", "render", "missing.yaml"],
                          capture_output=True, text=True, cwd=tmp_path, env=ENV)
    assert done.returncode == 2 and done.stderr == "aquarius3d: missing.yaml: no such file\n"
    done = subprocess.run([sys.executable, "-m", "aquarius3d", "render",
                           str(ROOT / "tests/positions/aquarius/winner-closest.yaml"), "--size", "big"],
                          capture_output=True, text=True, cwd=tmp_path, env=ENV)
    assert done.returncode == 2 and "--size: expected WIDTHxHEIGHT" in done.stderr


def test_rendered_houses_reach_the_heights_the_rules_compute(offscreen):
    """Random Rising games: each element's highest node top, from getTightBounds, equals the rules' height."""
    from helpers import play_random
    from aquarius3d.core.cards import ELEMENT_OF_COLOUR
    from aquarius3d.rules.ruleset import load_ruleset
    from aquarius3d.games.rising.houses import heights, houses_of_state
    from aquarius3d.view.storeys import state_views

    game = load_ruleset("aquarius-rising", {"sky_high": True, "to_the_clouds": True})
    scene = offscreen.scene
    render = offscreen.base.render
    compared = storeys = 0
    for seed in range(6):
        final = None
        for final in play_random(game, 2 + seed % 3, seed=seed, steps=400):  # noqa: B007  (the last state)
            pass
        cards, pyramids = state_views(final)
        scene.sync(cards)
        scene.sync_pyramids(pyramids)
        storeys += sum(1 for v in cards.values() if v.level)
        tops = {}
        for key, view in cards.items():
            top = scene.nodes[key].getTightBounds(render)[1].z
            for letter in set(view.code):
                tops[letter] = max(tops.get(letter, 0.0), top)
        for key, view in pyramids.items():
            if view.code[1] in "wc":
                continue  # white: no element; clear: never for winning
            tip = scene.pyramid_nodes[key].getTightBounds(render)[1].z
            letter = ELEMENT_OF_COLOUR[view.code[1]]
            tops[letter] = max(tops.get(letter, 0.0), tip)
        from aquarius3d.core.cards import ELEMENT_OF
        for name, height in heights(houses_of_state(final)).items():
            letter = next(l for l, n in ELEMENT_OF.items() if n == name)
            if height is None:
                assert letter not in tops
            else:
                assert tops[letter] == pytest.approx(height, abs=1e-4)
                compared += 1
    assert compared > 20 and storeys >= 1
    scene.sync_pyramids({})


def test_the_aquarius_dragon_has_its_own_face():
    """`D` is drawn as a golden dragon over the five element colours, unlike the wild card or any other face."""
    from aquarius3d.view.atlas import draw_face
    from aquarius3d.view.palette import DRAGON_GOLD, ELEMENT_RGB

    dragon, wild = draw_face("D").astype(int), draw_face("*").astype(int)
    assert np.abs(dragon - wild).mean() > 40

    def share(image, rgb):
        return (np.abs(image - np.array(rgb)).sum(axis=2) < 12).mean()

    assert share(dragon, DRAGON_GOLD) > 0.05 and share(wild, DRAGON_GOLD) == 0
    assert all(share(dragon, ELEMENT_RGB[letter]) > 0.01 for letter in "EAFWS")
