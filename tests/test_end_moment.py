"""A moment at the end (issue 28, point 7): as a game ends, what won it is lit up and the camera goes to it for
about two seconds, then the result panel comes (at once on a click or a key); offscreen nobody watches and the
panel comes at once."""

import pytest

from aquarius3d.session import Seat, Stage
from aquarius3d.screens.end_moment import HOLD, MOVE
from aquarius3d.view.camera import corners, project
from aquarius3d.view.framing import card_box, pyramid_box, tangents
from aquarius3d.view.rising import element_tops
from aquarius3d.view.scene import card_transform, pyramid_transform
from driving import picture
from test_layout import play


def to_the_end(app, ruleset, seats, seed):
    app.start_game(ruleset, {}, seats, seed=seed)
    app.table.end_moment.enabled = True  # (offscreen: as in a window someone watches)
    play(app, 10_000)
    assert app.session.stage == Stage.OVER
    return app.table


def lit_boxes(table):
    glow, scene = table.end_moment.glow, table.scene
    boxes = [card_box(view.cell, card_transform(view)[2]) for key, view in scene.views.items() if key in glow.lit]
    boxes += [pyramid_box(pyramid_transform(view), view.code[0])
              for key, view in scene.pyramid_views.items() if key in glow.lit]
    return boxes


def shown_whole(table, boxes):
    """Every corner of the boxes on the screen, seen from where the camera stands."""
    tan_x, tan_y = tangents(table.perspective)
    points = [project(p, table.camera.orbit, tan_x, tan_y) for p in corners(boxes)]
    return all(p is not None and -1 <= p[0] <= 1 and -1 <= p[1] <= 1 for p in points)


def runs_its_course(table):
    """The panel waits, the camera goes to what is lit and frames it, then the panel comes and stays."""
    moment = table.end_moment
    assert moment.running() and table.hud.end_panel.isHidden() and table.busy()
    before = table.camera.orbit
    moment.step(moment.began + MOVE / 2)
    assert table.hud.end_panel.isHidden()
    moment.step(moment.began + MOVE)
    assert table.camera.orbit != before
    assert shown_whole(table, lit_boxes(table))
    began = moment.began
    moment.step(began + HOLD - 0.05)
    assert moment.running() and table.hud.end_panel.isHidden()
    moment.step(began + HOLD + 0.01)
    assert not moment.running() and not table.hud.end_panel.isHidden()
    table.refresh()
    assert not table.hud.end_panel.isHidden()  # (it stays: the moment comes once)
    assert moment.glow.lit  # what won stays lit under the result


def test_aquarius_lights_the_winning_group_and_shows_it_before_the_result(app):
    table = to_the_end(app, "aquarius", [Seat("Bo", "computer"), Seat("Cy", "computer")], seed=3)
    state = app.session.state
    winning = {state.table.cards[c] for c in app.session.winning_cells()}
    assert winning and table.end_moment.glow.lit == winning
    assert {node.getPythonTag("lit") for node in table.end_moment.glow.root.getChildren()} == winning
    runs_its_course(table)


def test_rising_lights_the_highest_house_of_the_winners_element(app):
    table = to_the_end(app, "aquarius-rising", [Seat(n, "computer") for n in ("Ann", "Bo", "Cy")], seed=11)
    session = app.session
    state = session.state
    deck = session.game.deck.cards
    houses = {element_tops(state)[deck[state.goals[s]].code][1] for s in state.winners}
    expected = {k for k, v in table.scene.views.items() if v.cell in houses}
    expected |= {k for k, v in table.scene.pyramid_views.items() if v.cell in houses}
    assert any(isinstance(k, tuple) for k in expected)  # pyramids as well as cards
    assert table.end_moment.glow.lit == expected
    runs_its_course(table)
    table.camera.finish()  # (from the moment's 38 degrees to the game's view: table_camera.PLAY_PITCHES)
    assert table.camera.orbit.pitch == pytest.approx(table.framed().pitch, abs=1e-6)  # the whole table, as ever


def test_towers_lights_the_towers_that_scored(app):
    table = to_the_end(app, "elemental-towers", [Seat("Bot", "computer")], seed=8)
    _, _, towers = app.session.flow.score()
    scored = {(cell, space) for cell, space, _, _ in towers}
    expected = {k for k in table.scene.pyramid_views if (k[0], k[1]) in scored}
    assert expected and table.end_moment.glow.lit == expected
    assert len(expected) < len(table.scene.pyramid_views) or len(scored) == len(
        {(k[0], k[1]) for k in table.scene.pyramid_views})
    runs_its_course(table)


@pytest.mark.parametrize("key", ["space", "mouse1", "escape"])
def test_a_click_or_a_key_brings_the_result_at_once(app, key):
    table = to_the_end(app, "aquarius", [Seat("Bo", "computer"), Seat("Cy", "computer")], seed=3)
    assert table.end_moment.running() and table.hud.end_panel.isHidden()
    app.base.messenger.send(key)
    assert not table.end_moment.running() and not table.hud.end_panel.isHidden()


def test_offscreen_the_result_comes_at_once(app):
    app.start_game("aquarius", {}, [Seat("Bo", "computer"), Seat("Cy", "computer")], seed=3)
    assert not app.table.end_moment.enabled  # nobody watches an offscreen buffer
    play(app, 10_000)
    assert app.session.stage == Stage.OVER
    assert not app.table.end_moment.running() and not app.table.hud.end_panel.isHidden()
    winning = {app.session.state.table.cards[c] for c in app.session.winning_cells()}
    assert winning and app.table.end_moment.glow.lit == winning  # what won lit all the same, steady
    # the light is the only mark: no card tinted (a yellow tint turned a winning card's black Space panels olive)
    assert not any(node.hasColorScale() for node in app.table.scene.nodes.values())
    app.open_session(app.session)  # the finished game shown anew (as a game loaded over): lit at once
    assert app.table.end_moment.glow.lit == winning and not app.table.end_moment.running()


def screen_colour(app, table, point):
    """The colour the window shows at a point of the table (a frame drawn first)."""
    x, y = project(point, table.camera.orbit, *tangents(table.perspective))
    image = picture(app)
    height, width = image.shape[:2]
    return tuple(image[min(height - 1, int((1 - y) / 2 * height)), min(width - 1, int((x + 1) / 2 * width))])


def test_a_lit_card_keeps_its_panels_colours_and_is_lit_at_its_edge(app):
    """The light over a winning card runs along its edge only: a wash over the whole face turned a lit black Space
    panel olive (the playtest of issue 27)."""
    from aquarius3d.core import geometry

    table = to_the_end(app, "aquarius", [Seat("Bo", "computer"), Seat("Cy", "computer")], seed=3)
    moment = table.end_moment
    moment.step(moment.began + MOVE)
    moment.glow.steady()
    table.feedback.last_move.finish()  # (the last card landed, as it has by then in a window)
    tan_x, tan_y = tangents(table.perspective)

    def off_middle(key):
        x, y, z = card_transform(table.scene.views[key])
        point = project((x, y, z), table.camera.orbit, tan_x, tan_y)
        return abs(point[0]) + abs(point[1])

    key = min(moment.glow.lit, key=off_middle)
    x, y, bottom = card_transform(table.scene.views[key])
    top = bottom + geometry.CARD_THICKNESS
    middle = (x, y, top)
    edge = (x + geometry.CARD_WIDTH / 2 - 1.5, y, top)
    lit = screen_colour(app, table, middle), screen_colour(app, table, edge)
    moment.glow.root.hide()
    unlit = screen_colour(app, table, middle), screen_colour(app, table, edge)
    moment.glow.root.show()
    assert max(abs(a - b) for a, b in zip(lit[0], unlit[0])) < 0.02  # the middle as it is
    assert sum(a - b for a, b in zip(lit[1], unlit[1])) > 0.15  # the edge lit
