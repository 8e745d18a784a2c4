"""Menus, words and Elemental Towers' table, driven offscreen through the app's own functions (issue 11)."""

import random

import pytest

from test_app import app, towers_step  # noqa: F401  (the offscreen App fixture and a Towers player)

from aquarius3d.session import Seat


def screen_box(app, node):
    """The part of the screen (-1..1 each way) a 3D node covers: the box round its projected corners."""
    low, high = node.getTightBounds(app.base.render)
    points = [app.screen_of_point(x, y, z) for x in (low.x, high.x) for y in (low.y, high.y) for z in (low.z, high.z)]
    points = [p for p in points if p is not None]
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs), max(xs), min(ys), max(ys)


def text_box(app, widget):
    """The part of the screen (-1..1 each way) a 2D text covers."""
    low, high = widget.getTightBounds(app.base.aspect2d)
    aspect = app.base.getAspectRatio()
    return low.x / aspect, high.x / aspect, low.z, high.z


def overlap(a, b) -> bool:
    return a[0] < b[1] and b[0] < a[1] and a[2] < b[3] and b[2] < a[3]


def test_towers_scoring_row_stands_whole_and_clear_of_the_hint(app):
    app.start_game("elemental-towers", {}, [Seat("Solo")], seed=12)
    rng = random.Random(12)
    checked = 0
    for _ in range(200):
        session = app.session
        if session.stage == "over":
            break
        if session.hint() and app.scoring_row.cards:
            app.orbit = app.framed("orbit")  # the view a game opens with, on today's table
            app.orbit.apply(app.base.camera)
            for card in app.scoring_row.cards:  # leaning back, its near edge rests on the table: nothing sunk
                assert card.getTightBounds(app.base.render)[0].z >= 0.0
            hint = text_box(app, app.hud_hint)
            for label in app.scoring_row.labels:
                assert not overlap(screen_box(app, label), hint), (label.node().getText(), app.hud_hint.getText())
            checked += 1
        towers_step(app, rng)
    assert checked > 20


def every_text(language):
    """Every text of a catalog, as written (the values put in are names and numbers)."""
    from aquarius3d.i18n import catalog

    return list(catalog(language).values())


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_font_draws_every_character_of_the_catalogs(language):
    from aquarius3d.view.font import missing

    lacking = {text: missing(text) for text in every_text(language) if missing(text)}
    assert not lacking


def test_the_font_check_finds_a_character_it_lacks():
    from aquarius3d.view.font import missing

    assert missing("seul·e") == {"·"} and missing("Élément – «\u00a0ça\u00a0» …") == set()


def test_lengths_are_written_for_people():
    from aquarius3d.i18n import length, set_language

    assert [length(26.0), length(26.04), length(26.04, 2), length(44.7)] == [
        "26\xa0mm", "26\xa0mm", "26.04\xa0mm", "44.7\xa0mm"]
    set_language("fr")
    try:
        assert [length(26.0), length(44.7), length(-0.01)] == ["26\xa0mm", "44,7\xa0mm", "0\xa0mm"]
    finally:
        set_language("en")
