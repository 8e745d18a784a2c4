"""At a game's end and at a Dominus round's end the finished cards stand clear of the result panel (issue 27, point 2:
the end framing left them partly under it): every card, and Elemental Towers' scoring row, in view and clear of the
panel at 640x360, 1024x600 and 1280x720, at 100% and 150%."""

import json
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


# A hot-seat Dominus game played in the real window at 1024x600 and 150% (issue 27, point 2): at its end the cards rose
# into the low band over the result panel, against the window's top edge, the window's bottom half left empty.
HOT_SEAT_DOMINUS = {
    "format": 1, "ruleset": "dominus", "options": {"table": [14, 7], "rounds": 1}, "seed": 1197966044,
    "players": ["Ann", "Bo"], "seats": [{"name": "Ann", "kind": "human"}, {"name": "Bo", "kind": "human"}],
    "moves": ["place EAEA @ 0,1", "place AAAA @ 1,1", "place AFAF @ 2,1", "place EWEW @ -1,1 turned",
              "place WWWW @ -2,1", "place FWFW @ 3,1", "place AAWW @ -2,2", "place EEWW @ -2,0 turned",
              "place EEFF @ -2,-1", "place AAFF @ -2,-2 turned", "place AFWS @ 2,0", "place WWWW @ 4,1",
              "place AWAW @ -3,1", "place ESFW @ 3,2", "place ASAS @ -4,1 turned", "place FSFS @ -5,1",
              "place FFFF @ -6,1", "place FESA @ -4,2", "place FFSS @ -6,0", "place EFEF @ -4,3 turned",
              "place EESS @ -6,-1 turned"],
    "over": True}
ALL_SIZES = [(1024, 600), (1280, 720), (1920, 1080)]


@pytest.mark.parametrize("percent", [100, 125, 150])
@pytest.mark.parametrize("width,height", ALL_SIZES, ids=[f"{w}x{h}" for w, h in ALL_SIZES])
def test_the_finished_cards_stand_beside_the_result_panel(app, monkeypatch, tmp_path, width, height, percent):
    """Every card in view and left of the result panel: beside it, not squeezed into a band over or under it."""
    original = with_window(app, monkeypatch, width, height)
    app.settings["interface_scale"] = percent
    try:
        path = tmp_path / "hot-seat.json"
        path.write_text(json.dumps(HOT_SEAT_DOMINUS))
        app.load_game(path)
        table = app.table
        for _ in range(3):
            table._tick(FakeTask())
        table.camera.finish()
        assert app.session.stage == Stage.OVER and shown(table.hud.end_panel)
        panel = rect_of(app, table.hud.end_panel)
        rects = [projected(app, card_box(view.cell, card_transform(view)[2])) for view in table.scene.views.values()]
        assert len(rects) == 22  # (the first card and 21 moves)
        for rect in rects:
            assert -1 <= rect[0] and rect[1] <= 1 and -1 <= rect[2] and rect[3] <= 1, rect
            assert rect[1] <= panel[0], (rect, panel)
        top, bottom = max(r[3] for r in rects), min(r[2] for r in rects)
        assert bottom < panel[3] and top > panel[2]  # beside the panel, not in a band above it
    finally:
        app.base.adjustWindowAspectRatio(original)


def test_the_finished_cards_come_large_beside_a_result_panel_sized_to_its_words(app, monkeypatch):
    """Four computers' Aquarius ends at 1280x720: the cards in the middle come at least 90 pixels wide beside the result
    panel (77 when the panel kept 1.28 units of width for three lines and the unused goals' pile, right of the cards,
    had to stay clear of it: at the end the piles may stand under the panel)."""
    from test_interface_scale import to_the_end

    original = with_window(app, monkeypatch, 1280, 720)
    try:
        to_the_end(app, "aquarius", [Seat(name, "computer", "easy") for name in ("Ann", "Bo", "Cy", "Di")], 3)
        table = app.table
        table.hold = False
        for _ in range(3):
            table._tick(FakeTask())
        table.camera.finish()
        assert shown(table.hud.end_panel)
        assert table._card_width(table.camera.orbit) * 1280 / 2 >= 90
    finally:
        app.base.adjustWindowAspectRatio(original)
