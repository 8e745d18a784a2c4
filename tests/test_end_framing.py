"""At a game's end and at a Dominus round's end the finished cards stand clear of the result panel (issue 27, point 2:
the end framing left them partly under it): every card, and Elemental Towers' scoring row, in view and clear of the
panel at 640x360, 1024x600 and 1280x720, at 100% and 150%."""

import random

import pytest
from driving import FakeTask, step
from test_layout import overlap, projected, rect_of, with_window

from aquarius3d.screens.focus import shown
from aquarius3d.session import Seat, Stage
from aquarius3d.view.framing import card_box
from aquarius3d.view.scene import card_transform

GAMES = [("aquarius", 2, 3, Stage.OVER), ("dominus", 2, 5, Stage.ROUND_OVER), ("dominus", 2, 4, Stage.OVER),
         ("elemental-towers", 1, 2, Stage.OVER), ("aquarius-rising", 2, 3, Stage.OVER),
         ("aquarius", 1, 5, Stage.OVER), ("dominus", 1, 6, Stage.ROUND_OVER)]  # 1 seat: Ann at this screen, Bo a computer
SIZES = [(640, 360), (1024, 600), (1280, 720)]


def play_to(app, stage):
    """Let the computers (and Ann, clicking at random) play to that stage, as the window does (offscreen: the result
    panel comes at once), then a few frames more, and stand where the camera was going."""
    table, rng = app.table, random.Random(1)
    for _ in range(5000):
        if app.session.stage in (stage, Stage.OVER):
            break
        if app.session.stage == "computer":
            table._bot_due = 0
            table._tick(FakeTask())
        else:
            step(app, rng)
    for _ in range(5):
        table._tick(FakeTask())
    table.camera.finish()
    table.feedback.place_labels()


@pytest.mark.parametrize("moved", [False, True], ids=["framed", "moved"])
@pytest.mark.parametrize("percent", [100, 150])
@pytest.mark.parametrize("width,height", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("ruleset,seats,seed,stage", GAMES, ids=[f"{g[0]}-{g[3]}" for g in GAMES])
def test_the_finished_cards_stand_clear_of_the_result_panel(app, monkeypatch, width, height, percent, ruleset, seats,
                                                            seed, stage, moved):
    """`moved`: the player turned and zoomed the camera at the game's start (the camera stays where they put it while
    the game goes on, but the end frames the table beside the result panel)."""
    original = with_window(app, monkeypatch, width, height)
    app.settings["interface_scale"] = percent
    try:
        options = {"rounds": 2} if stage == Stage.ROUND_OVER else {}
        players = [Seat("Ann", "computer", "easy"), Seat("Bo", "computer", "easy")][:seats] if seats > 1 or \
            ruleset == "elemental-towers" else [Seat("Ann"), Seat("Bo", "computer", "easy")]
        app.start_game(ruleset, options, players, seed=seed)
        if moved:
            app.table.rotate(25.0, 10.0)
            app.table.camera.zoom(1.6)
        play_to(app, stage)
        table = app.table
        assert app.session.stage == stage
        panel = rect_of(app, table.hud.end_panel)
        assert shown(table.hud.end_panel)
        boxes = [card_box(view.cell, card_transform(view)[2]) for view in table.scene.views.values()]
        row = table.parts.scoring_row
        boxes += [tuple(map(tuple, card.getTightBounds(app.base.render))) for card in (row.cards if row else [])]
        assert boxes
        for box in boxes:
            rect = projected(app, box)
            assert rect is not None and -1 <= rect[0] and rect[1] <= 1 and -1 <= rect[2] and rect[3] <= 1, (box, rect)
            assert not overlap(rect, panel), (box, rect, panel)
    finally:
        app.base.adjustWindowAspectRatio(original)
