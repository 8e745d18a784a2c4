"""At 1024x600 the prompt strip never covers the face of Elemental Towers' discard pile (issue 27, found playing
whole games by real input: with the table emptied by Zap a Card, the camera came so close to the one spot left that
the discard pile stood under the strip)."""

import pytest
from test_layout import overlap, with_window

from aquarius3d.session import Seat
from aquarius3d.view.labels import screen_rect


def discard_face_rect(app):
    """The discard pile's face on the screen, in aspect2d units (as the prompt's rectangles are)."""
    table, base = app.table, app.base
    low, high = table.parts.piles.discard_face.getTightBounds(table.scene.root)
    rect = screen_rect(base.cam.node().getLens(), base.cam, table.scene.root,
                       ((low.x, low.y, low.z), (high.x, high.y, high.z)))
    assert rect is not None
    aspect = base.getAspectRatio()
    return rect[0] * aspect, rect[1] * aspect, rect[2], rect[3]


@pytest.mark.parametrize("width,height", [(1024, 600), (1280, 720)])
def test_the_prompt_strip_leaves_the_discard_piles_face_in_view(app, monkeypatch, width, height):
    original = with_window(app, monkeypatch, width, height)
    try:
        # (zap_last_card: the first card drawn is Zap a Card, which takes the starter and empties the table)
        app.start_game("elemental-towers", {"zap_last_card": True}, [Seat("Ann")], seed=12)
        table, session = app.table, app.session
        assert session.stage == "table_card" and session.action == "zap_a_card"
        table._act(session.choose_table_card, next(iter(session.state.table.cards)))
        assert not session.state.table.cards and session.state.discard
        for _ in range(3):  # the empty table, then a card or two on it
            assert session.stage == "place"
            table.refresh()
            table.camera.finish()
            table.refresh()
            face = discard_face_rect(app)
            for rect in table.hud.prompt.rects():
                assert not overlap(face, rect), (width, height, face, rect)
            move = next(iter(session.spots()))
            table._act(session.choose, move)
            while session.stage not in ("place", "over"):  # earned actions and action cards: let them go
                options = session.options()
                if options:
                    table._act(session.choose, options[-1].move)
                elif session.stage == "table_card":
                    table._act(session.choose_table_card, next(iter(session.table_choices())))
                else:
                    break
            if not session.state.discard:
                break
    finally:
        app.base.adjustWindowAspectRatio(original)
