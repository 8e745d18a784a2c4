"""Heights read in the 3D view (issue 28, point 3): in Aquarius Rising the house under the pointer says its height
and its elements' ranks in a screen label, M marks each goal element's highest point over its house, and C
centres the orbit on the house or card under the pointer. The heights are the rules' own."""

import re
from dataclasses import replace

import pytest

from aquarius3d.core import geometry
from aquarius3d.games.rising.houses import houses_of_state, points
from aquarius3d.i18n import element_name, height as height_text, length, set_language, tr
from aquarius3d.session import Seat
from aquarius3d.screens.house_height import DWELL
from aquarius3d.view.house_marks import MARKER_CLEAR, column_at
from aquarius3d.view.labels import overlaps as overlap, screen_rect
from aquarius3d.view.rising import element_tops
from test_heights_panel import shown_rows
from test_layout import play


def rules_tops(state):
    """Each house's highest point and the elements there, from the rules' points."""
    found = {}
    for point in points(houses_of_state(state)):
        height, letters = found.get(point.cell, (-1.0, set()))
        if point.height > height + 1e-9:
            found[point.cell] = (point.height, {point.letter})
        elif abs(point.height - height) <= 1e-9:
            letters.add(point.letter)
    return found


def house_points(app):
    """Houses (cards with pyramids, storeys) whose top the pointer can reach (its screen point meets that house
    first, off the panels of the HUD)."""
    table = app.table
    state = app.session.state
    aspect = app.base.getAspectRatio()
    found = {}
    for cell, (height, _) in rules_tops(state).items():
        if height <= geometry.card_top(0) + 1.0:
            continue
        x, y = geometry.cell_centre(*cell)
        point = table.picker.screen_of_point(x, y, height - 0.5)
        if point is None or abs(point[0]) > 0.95 or abs(point[1]) > 0.95 \
                or table.hud.hand.index_at(point, aspect) is not None:
            continue
        on_hud = any(x0 <= point[0] <= x1 and y0 <= point[1] <= y1 for x0, x1, y0, y1 in table.obstacles())
        if table.house_height.house_at(point) == cell and not on_hud:
            found[cell] = point
    return found


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_hovered_house_says_its_height_and_its_elements_ranks(app, language):
    set_language(language)
    try:
        app.start_game("aquarius-rising", {}, [Seat(n, "computer") for n in ("Ann", "Bo", "Cy")], seed=5)
        play(app, 60)
        table, session = app.table, app.session
        houses = house_points(app)
        assert len(houses) >= 2
        tops = rules_tops(session.state)
        keys = session.game.end.keys(session.state)
        ranks = {element: rank for element, _, rank in session.flow.height_ranking() if rank is not None}
        panel = {name: rank for rank, name, _ in shown_rows(table.heights)}  # the K panel's ranks, as written
        label = table.house_height.label
        for cell, point in houses.items():
            table.house_height.follow(point, now=100.0)
            assert table.house_height.house is None  # (not yet: the pointer rests on it a moment first)
            table.house_height.follow(point, now=100.0 + DWELL)
            assert table.house_height.house == cell
            height, letters = tops[cell]
            elements = sorted((e for e in keys if e[0].upper() in letters), key=lambda e: (ranks[e], e))
            for element in elements:
                assert height <= keys[element][0] + 1e-9  # no element stands higher than its highest point
            # the ranks as the K panel writes them ("1=" only where the whole chain leaves elements equal), for the
            # elements whose highest point this house holds; the others stand higher in another house
            mine = [e for e in elements if abs(height - keys[e][0]) <= 1e-9]
            words = "  ".join([tr("house_rank", element=element_name(e), rank=panel[element_name(e)]) for e in mine]
                              + [tr("house_elsewhere", element=element_name(e)) for e in elements if e not in mine])
            assert label.node().getText() == tr("house_height", height=height_text(height), ranks=words)
            assert label.getPythonTag("anchor")[0] == pytest.approx((*geometry.cell_centre(*cell), height))
            table.feedback.place_labels()
            overlay = table.parts.overlay
            assert label in overlay.in_view()
            rect = overlay.rects[id(label)]
            assert not any(overlap(rect, other) for other in table.obstacles())
            assert not any(overlap(rect, overlay.rects[id(other)]) for other in overlay.in_view() if other != label)
        table.house_height.follow((0.0, 0.99), now=200.0)  # over nothing: no label, at once
        assert table.house_height.house is None and label not in table.parts.overlay.shown()
    finally:
        set_language("en")


def houses_hovered(app, seed, rounds):
    """A game of three computers, 5 moves at a time for `rounds`: at each, every house in view with the rules'
    keys, the K panel's ranks and the houses' tops (keys, panel, tops, cell, hover); `hover()` rests the pointer on
    the house and gives its label's words, and the pointer leaves it (the label hidden) before the next."""
    app.start_game("aquarius-rising", {}, [Seat(n, "computer") for n in ("Ann", "Bo", "Cy")], seed=seed)
    table, label, clock = app.table, app.table.house_height.label, [100.0]
    for _ in range(rounds):
        play(app, 5)
        if app.session.stage == "over":
            break
        keys = app.session.game.end.keys(app.session.state)
        panel = {name: rank for rank, name, _ in shown_rows(table.heights)}
        tops = rules_tops(app.session.state)
        for cell, point in house_points(app).items():
            hovered = []

            def hover(point=point, hovered=hovered):
                table.house_height.follow(point, now=clock[0])
                table.house_height.follow(point, now=clock[0] + 2 * DWELL)  # (rested long enough, whatever the rounding)
                hovered.append(True)
                return label.node().getText()

            yield keys, panel, tops, cell, hover
            if hovered:
                table.house_height.follow((0.0, 0.99), now=clock[0] + 1)
                clock[0] += 10
                assert label.isHidden()


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_house_holding_elements_at_one_height_says_the_ranks_the_panel_says(app, language):
    """Playtest (issue 27): K listed Fire, Air and Earth as "1=" while the label over a house said "Fire: rank 1,
    Air: rank 2, Earth: rank 3". Both now write the session's places: the rules' chain, "1=" only where it leaves
    elements equal."""
    set_language(language)
    try:
        seen = 0
        for keys, panel, tops, cell, hover in houses_hovered(app, 7, 12):
            elements = [e for e in keys if e[0].upper() in tops[cell][1]
                        and abs(keys[e][0] - tops[cell][0]) < 1e-6]  # (their highest points: this house's)
            if not any(abs(keys[e][0] - keys[o][0]) < 1e-6 for e in elements for o in keys if o != e):
                continue  # (no element here stands at another's height)
            text = hover()
            for element in elements:
                assert tr("house_rank", element=element_name(element), rank=panel[element_name(element)]) in text
            seen += 1
        assert seen >= 2
    finally:
        set_language("en")


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_house_claims_no_rank_for_an_element_whose_highest_point_is_in_another_house(app, language):
    """Playtest (issue 27): a house whose top held Water said "Water: rank 2" while another house held Water's
    highest point, higher: the rank is that house's. The label names such an element as higher elsewhere, and
    writes a rank only where the house holds the element's highest point, as the K panel writes it."""
    set_language(language)
    try:
        elsewhere = claimed = 0
        for keys, panel, tops, cell, hover in houses_hovered(app, 5, 14):
            height = tops[cell][0]
            text = hover()
            for element in (e for e in keys if e[0].upper() in tops[cell][1]):
                rank = tr("house_rank", element=element_name(element), rank=panel[element_name(element)])
                if keys[element][0] > height + 1e-6:  # its highest point stands in another house
                    assert rank not in text and tr("house_elsewhere", element=element_name(element)) in text
                    elsewhere += 1
                else:
                    assert rank in text
                    claimed += 1
        assert elsewhere >= 1 and claimed >= 1
    finally:
        set_language("en")


def test_no_label_over_a_panel_of_the_hud_nor_once_the_game_is_over(app):
    """Playtest (issue 27): "Top: 25.7 mm Water: rank 5" stayed over Rising's result panel at the end. The label goes
    while the pointer is on a panel of the HUD (a house behind it is not what the player points at) and once the
    game is over."""
    app.start_game("aquarius-rising", {}, [Seat(n, "computer") for n in ("Ann", "Bo", "Cy")], seed=5)
    play(app, 60)
    table, hover = app.table, app.table.house_height
    orbit = table.camera.orbit
    table.camera.place(replace(orbit, distance=orbit.distance * 0.45))  # the table fills the window, under the panels
    behind = None  # a point on a HUD panel with a house right behind it
    for left, right, bottom, top in table.obstacles():
        for i in range(1, 8):
            for j in range(1, 8):
                point = (left + (right - left) * i / 8, bottom + (top - bottom) * j / 8)
                house = hover.house_at(point)
                if house in hover.tops and hover.tops[house][0] > geometry.card_top(0) + 1:
                    behind = behind or point
    assert behind is not None
    hover.follow(behind, now=100.0)
    hover.follow(behind, now=100.0 + DWELL)
    assert hover.house is None and hover.label.isHidden()
    cell, point = next(iter(house_points(app).items()))  # off the panels: it speaks
    hover.follow(point, now=200.0)
    hover.follow(point, now=200.0 + DWELL)
    assert hover.house == cell and not hover.label.isHidden()
    play(app, 1000)  # the pointer stays on the house while the game ends
    assert app.session.stage == "over"
    table.refresh()
    points = list(house_points(app).values())
    assert points
    for point in points:
        hover.follow(point, now=300.0)
        hover.follow(point, now=300.0 + DWELL)
        assert hover.house is None and hover.label.isHidden()
        assert hover.label not in table.parts.overlay.shown()


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_hovered_bare_card_says_no_house_stands_there_not_its_thickness(app, language):
    """Found playing by real input: a card with no pyramid said "Top: 0.3 mm", which reads as nonsense."""
    set_language(language)
    try:
        app.start_game("aquarius-rising", {}, [Seat(n, "computer") for n in ("Ann", "Bo", "Cy")], seed=5)
        play(app, 12)
        table, session = app.table, app.session
        table.camera.place(table.framed("top"))
        bare = [cell for cell, (height, _) in rules_tops(session.state).items() if height <= geometry.card_top(0) + 1e-9]
        aspect = app.base.getAspectRatio()
        hovered = 0
        for cell in bare:
            point = table.picker.screen_of_point(*geometry.cell_centre(*cell), geometry.card_top(0))
            if point is None or abs(point[0]) > 0.95 or abs(point[1]) > 0.95 \
                    or table.hud.hand.index_at(point, aspect) is not None or table.house_height.house_at(point) != cell:
                continue
            table.house_height.follow(point, now=100.0 + hovered)
            table.house_height.follow(point, now=100.0 + hovered + DWELL)
            assert table.house_height.house == cell
            text = table.house_height.label.node().getText()
            assert text == tr("house_flat") and length(geometry.card_top(0)) not in text
            hovered += 1
            table.house_height.follow((0.0, 0.99), now=150.0 + hovered)
        assert hovered >= 1
    finally:
        set_language("en")


def test_m_marks_each_elements_highest_point_over_its_house(app):
    app.start_game("aquarius-rising", {}, [Seat(n, "computer") for n in ("Ann", "Bo", "Cy")], seed=7)
    play(app, 60)
    table, session = app.table, app.session
    marks = table.house_height.marks
    assert not marks.shown
    app.base.messenger.send("m")
    assert marks.shown and not marks.root.isHidden()
    keys = session.game.end.keys(session.state)
    highest = {}  # element -> (height, cells holding it there), from the rules' points
    for point in points(houses_of_state(session.state)):
        element = next(e for e in keys if e[0].upper() == point.letter)
        height, cells = highest.get(element, (-1.0, set()))
        if point.height > height + 1e-9:
            highest[element] = (point.height, {point.cell})
        elif abs(point.height - height) <= 1e-9:
            cells.add(point.cell)
    markers = marks.markers()
    assert set(markers) == set(keys) == set(highest)
    for element, node in markers.items():
        height, cells = highest[element]
        assert height == pytest.approx(keys[element][0], abs=1e-6)  # (the keys are rounded to a millionth)
        assert node.getZ(table.scene.root) == pytest.approx(height + MARKER_CLEAR)
        x, y = node.getX(table.scene.root), node.getY(table.scene.root)
        assert any(abs(x - cx) < geometry.CARD_WIDTH / 2 and abs(y - cy) < geometry.CARD_LENGTH / 2
                   for cx, cy in (geometry.cell_centre(*c) for c in cells))
    for label in marks.labels:  # a label a marker, naming its elements (at one height in one house)
        elements = label.getTag("element-mark").split()
        assert plain(label.node().getText()) == tr("marker_label", element=", ".join(element_name(e) for e in elements),
                                                   height=height_text(keys[elements[0]][0]))
    assert sorted(e for label in marks.labels for e in label.getTag("element-mark").split()) == sorted(keys)
    app.base.messenger.send("m")
    assert not marks.shown and marks.root.isHidden()


def plain(text):
    """A label's words without the colours embedded in them (each element's name in its colour)."""
    return re.sub("\x01[^\x01]*\x01|\x02", "", text)


def marker_rect(app, node):
    table = app.table
    low, high = node.getTightBounds(table.scene.root)
    return screen_rect(app.base.cam.node().getLens(), app.base.cam, table.scene.root, (tuple(low), tuple(high)))


def test_elements_at_one_height_in_one_house_share_one_marker_naming_them_all(app):
    """Playtest (issue 27, points 3/4/8): with M, the markers and labels of elements at one height (a card's panels)
    stood side by side over one house and covered one another. Now one marker, its sides in their colours, and one
    label naming them all mark them; no two markers cover one another on the screen, nor two labels."""
    app.start_game("aquarius-rising", {}, [Seat(n, "computer") for n in ("Ann", "Bo", "Cy")], seed=7)
    table, marks, shared = app.table, app.table.house_height.marks, 0
    app.base.messenger.send("m")
    for _ in range(10):
        play(app, 6)
        tops = element_tops(app.session.state)  # element -> (its highest point, its house): the rules' points
        markers = marks.markers()
        assert set(markers) == set(tops)
        for a in tops:
            for b in tops:
                together = tops[a][1] == tops[b][1] and abs(tops[a][0] - tops[b][0]) <= 1e-6
                assert (markers[a] == markers[b]) == together, (a, b)
                shared += together and a < b
        nodes = list(dict.fromkeys(markers.values()))
        assert len(marks.labels) == len(nodes)
        rects = [marker_rect(app, node) for node in nodes]
        for i, a in enumerate(rects):
            for b in rects[i + 1:]:
                assert a is None or b is None or not overlap(a, b), (a, b)
        overlay = table.parts.overlay
        shown = [overlay.rects[id(label)] for label in marks.labels if id(label) in overlay.rects]
        assert all(not overlap(a, b) for i, a in enumerate(shown) for b in shown[i + 1:])
        if app.session.stage == "over":
            break
    assert shared  # elements at one height in one house were seen, sharing a marker


def test_m_labels_read_about_10_pixels_high_at_1024x600(app, monkeypatch):
    """Playtest (issue 27): the M markers' labels were about 7 pixels high at 1024x600, hard to read over the felt.
    Their capitals are inked about 10 pixels high at 100% now (larger with the interface scale), and shown."""
    from test_heights_panel import ink_share
    from test_layout import with_window

    original = with_window(app, monkeypatch, 1024, 600)
    try:
        app.start_game("aquarius-rising", {}, [Seat(n, "computer") for n in ("Ann", "Bo", "Cy")], seed=7)
        play(app, 30)
        marks, overlay = app.table.house_height.marks, app.table.parts.overlay
        app.base.messenger.send("m")
        app.table.feedback.place_labels()
        shown = [label for label in marks.labels if id(label) in overlay.rects]
        assert shown
        for label in shown:
            em = label.getSz(app.base.render2d) * 600 / 2  # pixels
            assert ink_share(app, label.node().getText()) * em >= 9.5, plain(label.node().getText())
    finally:
        app.base.adjustWindowAspectRatio(original)


def test_c_centres_the_orbit_on_the_house_under_the_pointer(app, monkeypatch):
    app.start_game("aquarius-rising", {}, [Seat(n, "computer") for n in ("Ann", "Bo", "Cy")], seed=5)
    play(app, 60)
    table = app.table
    tops = rules_tops(app.session.state)
    cell, point = next(iter(house_points(app).items()))
    monkeypatch.setattr(table.picker, "mouse", lambda: point)
    before = table.camera.orbit
    app.base.messenger.send("c")
    table.camera.finish()
    x, y = geometry.cell_centre(*cell)
    assert table.camera.orbit.target == pytest.approx((x, y, (geometry.card_top(0) + tops[cell][0]) / 2))
    assert table.camera.orbit.target != pytest.approx(before.target)
    assert (table.camera.orbit.distance, table.camera.orbit.heading) == pytest.approx((before.distance, before.heading))
    assert table.camera.moved_by_player  # it stays there until F


def test_c_centres_on_a_card_in_aquarius(app, monkeypatch):
    app.start_game("aquarius", {}, [Seat("Ann", "computer"), Seat("Bo", "computer")], seed=3)
    play(app, 8)
    table = app.table
    cells = list(app.session.state.table.faces)
    cell = max(cells, key=lambda c: abs(c[0]) + abs(c[1]))  # off the middle: the centre must move
    point = table.picker.screen_of_cell(cell)
    assert column_at(*ray(table, point), {c: geometry.card_top(0) for c in cells}) == cell
    monkeypatch.setattr(table.picker, "mouse", lambda: point)
    app.base.messenger.send("c")
    table.camera.finish()
    assert table.camera.orbit.target == pytest.approx((*geometry.cell_centre(*cell), geometry.card_top(0)))


def ray(table, point):
    from panda3d.core import Point3

    near, far = Point3(), Point3()
    table.base.cam.node().getLens().extrude(point, near, far)
    root = table.scene.root
    near, far = root.getRelativePoint(table.base.cam, near), root.getRelativePoint(table.base.cam, far)
    return (near.x, near.y, near.z), (far.x, far.y, far.z)


def test_the_label_goes_when_the_camera_moves_or_a_move_is_played_and_comes_back_for_the_house_under_the_pointer(app):
    """A playtest: the hovered house's label ("An empty card, no pyramid yet...", a height) stayed over the board
    after the camera moved or a move was played, the pointer left where it clicked. Now it goes at once, and stays
    away until the pointer moves again: then, rested DWELL seconds, it speaks of the house under the pointer as the
    table stands now, if any."""
    app.start_game("aquarius-rising", {}, [Seat(n, "computer") for n in ("Ann", "Bo", "Cy")], seed=5)
    play(app, 12)
    table, session = app.table, app.session
    table.camera.place(table.framed("top"))
    hover = table.house_height
    cell, point = next(iter(house_points(app).items()))
    hover.follow(point, now=100.0)
    hover.follow(point, now=100.0 + DWELL)
    assert hover.house == cell and not hover.label.isHidden()
    # the camera moves a little under the still pointer (the same house still under it): the label goes at once
    orbit = table.camera.orbit
    table.camera.place(replace(orbit, distance=orbit.distance * 1.03))
    hover.follow(point, now=110.0)
    assert hover.house is None and hover.label.isHidden()
    hover.follow(point, now=110.0 + 5 * DWELL)
    assert hover.house is None and hover.label.isHidden()  # (the pointer has not moved since)
    point = (point[0] + 0.002, point[1])
    hover.follow(point, now=111.0)
    hover.follow(point, now=111.0 + DWELL)  # moved, rested: the house under the pointer now says its height
    under = hover.house_at(point)
    assert hover.house == under and (under is None) == hover.label.isHidden()
    # a move is played (the next seat's): the label goes, then speaks of the table as it stands
    assert hover.house is not None
    moves = len(session.state.log)
    while len(session.state.log) == moves:
        session.computer_move()
    table.refresh()
    table.camera.place(replace(orbit, distance=orbit.distance * 1.03))  # (the framing kept still)
    hover.follow(point, now=120.0)
    assert hover.house is None and hover.label.isHidden()
    hover.follow(point, now=120.0 + DWELL)
    assert hover.house is None
    point = (point[0] - 0.002, point[1])
    hover.follow(point, now=121.0)
    hover.follow(point, now=121.0 + DWELL)
    under = hover.house_at(point)
    assert hover.house == under
    if under is not None:
        height = hover.tops[under][0]
        text = hover.label.node().getText()
        assert text == tr("house_flat") if height <= geometry.card_top(0) + 1e-6 else height_text(height) in text


def test_every_m_label_shows_where_its_marker_does(app, monkeypatch):
    """Playtest (real input, Rising at 1024x600): with M, the leading elements' marker, over a house among the
    others, had no label (no spot clear of the cards near it), while lower elements' labels showed. An M label
    may lie over the cards now: each marker in view, clear of the HUD, has its label shown."""
    from test_layout import with_window

    original = with_window(app, monkeypatch, 1024, 600)
    try:
        app.start_game("aquarius-rising", {}, [Seat(n, "computer") for n in ("Ann", "Bo", "Cy")], seed=7)
        table, marks, overlay = app.table, app.table.house_height.marks, app.table.parts.overlay
        app.base.messenger.send("m")
        checked = 0
        for _ in range(8):
            play(app, 8)
            table.camera.finish()
            table.feedback.place_labels()
            hud = table.obstacles()
            for label in marks.labels:
                node = next(n for n in marks.root.getChildren()
                            if n.getTag("element-mark") == label.getTag("element-mark"))
                rect = marker_rect(app, node)
                if rect is None or not (-0.95 < rect[0] and rect[1] < 0.95 and -0.95 < rect[2] and rect[3] < 0.95):
                    continue
                if any(overlap(rect, o) for o in hud):
                    continue
                checked += 1
                assert id(label) in overlay.rects, plain(label.node().getText())
            if app.session.stage == "over":
                break
        assert checked >= 10
    finally:
        app.base.adjustWindowAspectRatio(original)
