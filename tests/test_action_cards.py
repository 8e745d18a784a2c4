"""Action cards' faces (issue 28, point 5): a picture per action, its name in large letters and its effect in a
line, in English and French, inside the card; the discard pile and the hand show the same face."""

import numpy as np
import pytest

from aquarius3d.core import geometry
from aquarius3d.core.vocabulary import ACTIONS
from aquarius3d.view.atlas import ACTION, PLATE_TOP, draw_action


def test_every_action_has_its_own_picture():
    faces = {name: draw_action(name).astype(int) for name in ACTIONS}
    for a in ACTIONS:
        for b in ACTIONS:
            if a < b:
                assert np.abs(faces[a] - faces[b]).mean() > 2, (a, b)  # no two pictures alike
    face = faces["zap_a_card"]
    plate = face[int(face.shape[0] * (1 - PLATE_TOP * 0.5))]  # a row through the plate
    assert plate[face.shape[1] // 2].min() > 200  # light: the words are written there


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_words_fit_on_the_card_in_both_languages(offscreen, language):
    from panda3d.core import NodePath

    from aquarius3d.i18n import action_name, set_language, tr
    from aquarius3d.rules.ruleset import load_ruleset
    from aquarius3d.view.action_art import words

    set_language(language)
    try:
        width = 63.5
        length = width * geometry.CARD_LENGTH / geometry.CARD_WIDTH
        checked = 0
        for ruleset in ("aquarius", "aquarius-rising", "elemental-towers"):
            for card, block in load_ruleset(ruleset).actions.items():
                root = NodePath("card")
                written = words(root, action_name(card), tr(f"action_effect_{block.type}"), width, flat=False)
                low, high = written.getTightBounds(root)
                assert -width / 2 < low.x and high.x < width / 2, (card, language)  # across the card
                assert -length / 2 < low.z and high.z < -length / 2 + length * PLATE_TOP, (card, language)  # on the plate
                name = written.find("action-name")
                assert name.getScale(root).x >= width * 0.1  # large letters
                checked += 1
        assert checked == 19
    finally:
        set_language("en")


def test_the_discard_pile_and_the_hand_show_the_face_of_the_table(app):
    """The discard's top card lies face up with its picture and words; the hand draws the same tile of the atlas."""
    from aquarius3d.session import Seat

    app.start_game("aquarius", {}, [Seat("Ann"), Seat("Bo")], seed=3)
    table = app.table
    session = app.session
    scene = table.scene
    piles = table.parts.piles
    piles.update(10, 1, 2, {}, "rotate_goals")
    assert not piles.discard_face.isHidden()
    assert piles.discard_name.node().getText() == "Rotate Goals"
    assert piles.discard_face.find("action-words/action-effect").node().getText() == "Every goal moves one seat along."
    u0, v0, u1, v1 = scene.atlas.uv(ACTION + "rotate_goals")
    hand = table.hud.hand
    hand.draw([{"kind": "action", "code": "rotate_goals"}], None, False)
    node, _ = hand.nodes[0]
    assert node.find("**/action-name").node().getText() == "Rotate Goals"
    assert node.getTexture() == scene.face_texture(ACTION + "rotate_goals")
    assert session is app.session
