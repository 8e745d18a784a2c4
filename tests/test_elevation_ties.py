"""Aquarius Rising's side elevation when elements stand at one height (found playing whole games by real input):
Fire's line lay hidden under Water's. Tied elements share their line in dashes of each colour in turn, and one label
says "Fire = Water 44.7 mm"; read back in the picture."""

import numpy as np
import pytest
from panda3d.core import Point3

from aquarius3d.i18n import element_name, height as height_text, set_language, tr
from aquarius3d.positions.file import parse_position
from aquarius3d.view.side_elevation import marker_rgb
from driving import open_position, picture
from test_heights_panel import shown_rows


def tied_table(app):
    """Fire and Water tips at one height on one house, Air and Earth at another on a second."""
    position = parse_position({
        "ruleset": "aquarius-rising",
        "cards": [{"at": [0, 0], "card": "FFWW", "pyramids": ["Lr", "Lr", "Lb", "Lb"]},
                  {"at": [1, 0], "card": "WWAA"}, {"at": [2, 0], "card": "AAEE", "pyramids": ["Sy", "Sy", "Sg", "Sg"]}],
        "players": [{"name": "Ann", "goal": "fire", "hand": ["FFFF"]}, {"name": "Bo", "goal": "water", "hand": ["EEEE"]}],
    })
    session = open_position(app, position)
    app.table.view("side")
    assert app.table.elevation_on
    return session


def line_pixels(app, name):
    """The picture's pixels along an element's marker line (a band of rows round it)."""
    elevation = app.table.parts.elevation
    node = next(n for n in elevation.root.findAllMatches("**/=marker") if n.getTag("marker") == name)
    low, high = node.getTightBounds(app.table.scene.root)
    base = app.base
    lens, width, rows = base.cam.node().getLens(), base.win.getXSize(), base.win.getYSize()
    ends = []
    for x in (low.x, high.x):
        film = Point3()
        assert lens.project(base.cam.getRelativePoint(app.table.scene.root, Point3(x, low.y, low.z)), film)
        ends.append(((film.x + 1) / 2 * width, (1 - film.y) / 2 * rows))
    (x0, y), (x1, _) = ends
    row = int(round(y))
    return picture(app)[row - 1:row + 2, int(x0) + 2:int(x1) - 2].reshape(-1, 3)


def near(pixels, rgb):
    return int((np.abs(pixels - np.array(rgb)).max(axis=1) < 0.16).sum())


def test_elements_at_one_height_each_show_on_their_shared_line(app):
    session = tied_table(app)
    tops = app.table.parts.elevation.markers
    assert tops["fire"] == pytest.approx(tops["water"]) and tops["air"] == pytest.approx(tops["earth"])
    for first, second in (("fire", "water"), ("air", "earth")):
        pixels = line_pixels(app, first)
        assert near(pixels, marker_rgb(first)) >= 15 and near(pixels, marker_rgb(second)) >= 15, (first, second)
    assert session.stage == "choose"


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_tie_is_one_label_naming_each_element_in_its_colour_ranked_as_the_heights_panel(app, language):
    """Playtest (issue 27): the elevation said "Air = Fire = Space = Water 44.73 mm" while the heights panel (K)
    ranked Water 1st and the others 2=. Elements at one height are one label, side by side in the order the rules'
    tie-break ranks them, each with its place as the panel writes it ("1 Water, 2= Air, ... 44.73 mm")."""
    set_language(language)
    try:
        session = tied_table(app)
        root = app.table.parts.elevation.root
        labels = {n.getTag("marker-label"): n for n in root.findAllMatches("**/=marker-label")}
        places = session.flow.height_places()
        panel = {name: rank for rank, name, _ in shown_rows(app.table.heights)}
        markers = app.table.parts.elevation.markers
        for pair in (("fire", "water"), ("air", "earth")):
            height = height_text(markers[pair[0]])  # (to the hundredth, as everywhere)
            ranked = sorted(pair, key=list(places).index)  # the panel's order
            first, second = (labels[name] for name in ranked)
            assert first.getX() < second.getX() and first.getZ() == pytest.approx(second.getZ())  # one line
            said = [tr("marker_place", place=places[name], element=element_name(name)) for name in ranked]
            assert first.node().getText() == said[0] + tr("marker_and")
            assert second.node().getText() == tr("marker_label", element=said[1], height=height)
            for name in ranked:
                assert places[name] == panel[element_name(name)]  # the panel's very marks
                assert tuple(labels[name].node().getTextColor())[:3] == pytest.approx(marker_rgb(name))
        assert not root.findAllMatches("**/=equals")  # no sign saying they are equal when the ranking says not
    finally:
        set_language("en")


@pytest.mark.parametrize("language", ["en", "fr"])
def test_an_element_on_bare_cards_alone_is_flat_in_the_elevation(app, language):
    """Space stands only on a bare card's face: its line's label says flat, as the heights panel (K) does, not the
    card's 0.3 mm; an element on a house keeps its height in millimetres."""
    set_language(language)
    position = parse_position({
        "ruleset": "aquarius-rising",
        "cards": [{"at": [0, 0], "card": "FFWW", "pyramids": ["Lr", "Lr", "Lb", "Lb"]},
                  {"at": [1, 0], "card": "WWSS"}],
        "players": [{"name": "Ann", "goal": "fire", "hand": ["FFFF"]}, {"name": "Bo", "goal": "water", "hand": ["EEEE"]}],
    })
    open_position(app, position)
    app.table.view("side")
    elevation = app.table.parts.elevation
    said = {n.getTag("marker-label"): n.node().getText() for n in elevation.root.findAllMatches("**/=marker-label")}
    assert said["space"] == tr("marker_label", element=element_name("space"), height=tr("heights_flat"))
    assert "0.3" not in said["space"]
    assert any(words.endswith("\N{NO-BREAK SPACE}mm") for name, words in said.items() if name != "space")  # (Water 44.7 mm)


def test_a_tie_the_rules_order_reads_in_their_order_in_the_elevation(app):
    """The playtest's case: elements at one height that the tie-break orders (the pips, the next highest points):
    the elevation's label puts them in that order with their places ("1 Water, 2= Air ..."), never "=" between a
    first and a second, as the heights panel ranks them."""
    from aquarius3d.session import Seat
    from test_layout import play

    app.start_game("aquarius-rising", {}, [Seat(n, "computer") for n in ("Ann", "Bo", "Cy")], seed=7)
    for _ in range(40):
        play(app, 3)
        if any(steps for _, _, _, steps in app.session.flow.height_ties()) or app.session.stage == "over":
            break
    session = app.session
    ordered = [names for _, _, names, steps in session.flow.height_ties() if steps]
    assert ordered, "no tie the rules order in this game"
    app.table.view("side")
    assert app.table.elevation_on
    places = session.flow.height_places()
    labels = {n.getTag("marker-label"): n for n in app.table.parts.elevation.root.findAllMatches("**/=marker-label")}
    for names in ordered:
        shown = sorted(names, key=lambda name: labels[name].getX())  # as read, left to right
        assert shown == names  # the rules' order, best first
        assert len({places[name] for name in names}) > 1  # (places that differ: "1", "2=")
        for name in names:
            assert labels[name].node().getText().startswith(
                tr("marker_place", place=places[name], element=element_name(name)))
