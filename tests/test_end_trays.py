"""At the end of Aquarius Rising every tray and the unused goals' pile stand clear of the result panel, the houses
still framed large (issue 27, point 4 of the seventh stop's note: framing the finished cards first, the panel at the
middle of the window's right edge covered the tray and the goals' pile right of the cards at 1024x600, 1280x720 and
1920x1080). The panel stands at the window's bottom right there, clear of the HUD's words (the goal's card)."""

import random

import pytest
from driving import FakeTask
from test_interface_scale import each_window, to_the_end
from test_layout import overlap, projected, rect_of

from aquarius3d.screens.focus import shown
from aquarius3d.session import Seat, Stage
from aquarius3d.view.framing import card_box, node_boxes
from aquarius3d.view.scene import card_transform

NEAR = 0.75  # the houses' cards at least this share as wide as with the trays and the goals let under the panel


def check_end(app, monkeypatch, what):
    """At every size and scale, `check_window`; the window's shape as it was, after."""
    original = app.base.getAspectRatio()
    try:
        for width, height, percent in each_window(app, monkeypatch):
            check_window(app, monkeypatch, (what, width, height, percent))
    finally:
        app.base.adjustWindowAspectRatio(original)


def check_window(app, monkeypatch, where):
    """Each tray and the goals' pile clear of the result panel, and the HUD's words (the goal's card) too; every card
    in view and clear of it, as large as (NEAR) the cards framed with the trays and the goals let under the panel."""
    table, width = app.table, where[1]
    assert app.session.stage == Stage.OVER and shown(table.hud.end_panel), where
    panel = rect_of(app, table.hud.end_panel)
    for words in table.hud.words():
        assert not overlap(words, panel), (where, words, panel)
    nodes = list(table.parts.trays.seats) + [table.parts.piles.stacks["goals"]]
    assert len(nodes) == len(app.session.seats) + 1 and not nodes[-1].isHidden(), where
    for index, box in enumerate(node_boxes(table.scene, nodes)):
        rect = projected(app, box, in_view=False)
        assert not overlap(rect, panel), (where, "goals" if index == len(nodes) - 1 else f"tray {index}", rect, panel)
    for view in table.scene.views.values():
        rect = projected(app, card_box(view.cell, card_transform(view)[2]))
        assert -1 <= rect[0] and rect[1] <= 1 and -1 <= rect[2] and rect[3] <= 1, (where, rect)
        assert not overlap(rect, panel), (where, rect, panel)
    now = table._card_width(table.camera.orbit)
    with monkeypatch.context() as patch:  # the framing with nothing but the cards kept clear of the panel
        patch.setattr(type(table), "edge_boxes", lambda *_: [])
        loose = table._card_width(table.framed())
    assert now >= NEAR * loose, (where, now * width / 2, loose * width / 2)


def shown_over(app) -> None:
    """The game over as the window shows it: its result panel, the camera where it was going."""
    table = app.table
    table.hold = False
    for _ in range(3):
        table._tick(FakeTask())
    table.camera.finish()


@pytest.mark.parametrize("seed", [3, 7])
def test_a_players_trays_and_the_unused_goals_stand_clear_of_the_result_panel(app, monkeypatch, seed):
    """Ann at this screen (a legal move drawn at random, played whole) and two computers."""
    app.start_game("aquarius-rising", {}, [Seat("Ann"), Seat("Bo", "computer", "easy"),
                                           Seat("Cy", "computer", "easy")], seed=seed)
    session, rng = app.session, random.Random(seed)
    app.table.hold = True
    for _ in range(3000):
        if session.stage == Stage.OVER:
            break
        if session.stage == Stage.COMPUTER:
            assert session.computer_move()
        else:
            assert session.advised(rng.choice(session.game.legal_moves(session.state))), session.stage
        app.table.refresh()
    assert session.stage == Stage.OVER
    shown_over(app)
    check_end(app, monkeypatch, seed)


def test_four_computers_trays_stand_clear_of_the_result_panel(app, monkeypatch):
    """Four computers watched: three trays in the column right of the piles."""
    to_the_end(app, "aquarius-rising", [Seat(name, "computer", "easy") for name in ("Ann", "Bo", "Cy", "Di")], 5)
    shown_over(app)
    check_end(app, monkeypatch, "four computers")
