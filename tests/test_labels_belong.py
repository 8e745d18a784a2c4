"""Floating labels that belong (issue 27, point 4), in real layouts at 1024x600, 1280x720 and 1920x1080: no label lies
on a card, a pyramid, a pile, a tray or another label, nor on a panel of the HUD; none is shown for a place out of view,
and each stays near its own place (a value of Elemental Towers' row level with its own card, zoomed in too); the seats
sit at the table's edge; Rising's top view shows every tray clear of the HUD; and no label shows through a menu, a
dialog or an overlay (the game menu, the Join form, F1's help, the hand-off cover), read from the picture."""

import numpy as np
import pytest
from panda3d.core import Point3

from aquarius3d.session import Seat
from aquarius3d.view.camera import corners
from aquarius3d.view.framing import card_box, pyramid_box
from aquarius3d.view.labels import REACH, SEAT_REACH
from aquarius3d.view.scene import pyramid_transform
from aquarius3d.view.seat_labels import INSET
from driving import picture
from test_layout import overlap, play, rect_of, with_window

SIZES = [(1024, 600), (1280, 720), (1920, 1080)]
NAMES = ["Ann", "Bartholomew", "Cy", "Dominique", "Eve"]
GAMES = [("aquarius", 3), ("aquarius", 5), ("aquarius-rising", 3), ("aquarius-rising", 5), ("dominus", 2),
         ("elemental-towers", 1)]
CASES = [(ruleset, seats, size) for ruleset, seats in GAMES for size in SIZES]


def screen_box(app, box):
    """Where a box of the table lies on the screen (through Panda3D's lens, reaching past the window's edge where
    the box does); None when a corner is behind the eye."""
    base = app.base
    lens, points = base.cam.node().getLens(), []
    for corner in corners([box]):
        eye = base.cam.getRelativePoint(base.render, Point3(*corner))
        if eye.y <= 1.0:
            return None
        film = Point3()
        lens.project(eye, film)  # (it fills the point outside the view too)
        points.append((film.x, film.y))
    return (min(p[0] for p in points), max(p[0] for p in points), min(p[1] for p in points),
            max(p[1] for p in points))


def things_on_the_table(app):
    """Screen rectangles of every card, pyramid, ghost, pile, tray, scoring-row card and hand of card backs."""
    table = app.table
    scene = table.scene
    boxes = [card_box(v.cell, v.bottom) for v in scene.views.values()]
    boxes += [pyramid_box(pyramid_transform(v), v.code[0]) for v in scene.pyramid_views.values()]
    nodes = table.parts.furniture()  # (the hands of backs one by one below: together they are one node)
    for node in nodes:
        low, high = node.getTightBounds(scene.root)
        boxes.append(((low.x, low.y, low.z), (high.x, high.y, high.z)))
    boxes += table.feedback.seats.fans
    return [(box, rect) for box in boxes if (rect := screen_box(app, box)) is not None]


def check_labels(app, where):
    table = app.table
    labels = table.parts.overlay.in_view()
    rects = [rect_of(app, label) for label in labels]
    things = things_on_the_table(app)
    for i, (label, rect) in enumerate(zip(labels, rects)):
        text = f"{where}: {label.node().getText()!r}"
        assert -1 <= rect[0] and rect[1] <= 1 and -1 <= rect[2] and rect[3] <= 1, text
        for other in rects[i + 1:]:
            assert not overlap(rect, other), (text, rect, other)
        for panel in table.obstacles():
            assert not overlap(rect, panel), (text, rect, panel)
        for box, thing in things:
            assert not overlap(rect, thing), (text, rect, box)
        # its place is in view, and it stands near it (or near its other side's: a row value left of its card)
        (x, y, z), lift = label.getPythonTag("anchor")
        gaps = []
        for point in [(x, y, z), label.getPythonTag("other_side")]:
            anchor = screen_box(app, (point, point)) if point is not None else None
            if anchor is not None and -1 <= anchor[0] <= 1 and -1 <= anchor[2] <= 1:
                gap_x = max(rect[0] - anchor[0], anchor[0] - rect[1], 0.0)
                gap_y = max(rect[2] - anchor[2] - lift, anchor[2] + lift - rect[3], 0.0)
                gaps.append((gap_x ** 2 + gap_y ** 2) ** 0.5)
        reach = SEAT_REACH if label in table.feedback.seats.labels else REACH
        assert gaps and min(gaps) <= reach + 1e-6, (text, rect, gaps)
        # no other label stands between it and its place (the deck's count over a seat's name over the deck)
        place = screen_box(app, ((x, y, z), (x, y, z)))
        if place is not None and not label.getPythonTag("other_side"):
            start = (place[0], place[2])
            end = (min(max(start[0], rect[0]), rect[1]), min(max(start[1], rect[2]), rect[3]))
            for other, other_rect in zip(labels, rects):
                shrunk = (other_rect[0] + 0.002, other_rect[1] - 0.002, other_rect[2] + 0.002, other_rect[3] - 0.002)
                on_the_way = [(start[0] + (end[0] - start[0]) * t / 100, start[1] + (end[1] - start[1]) * t / 100)
                              for t in range(101)]
                assert other is label or not any(shrunk[0] < px < shrunk[1] and shrunk[2] < py < shrunk[3]
                                                 for px, py in on_the_way), (text, other.node().getText())
    for label in table.parts.overlay.shown():  # those not placed are out of the window
        if label not in labels:
            x0, x1, y0, y1 = rect_of(app, label)
            assert x0 > 1 or x1 < -1 or y0 > 1 or y1 < -1
    return labels


@pytest.mark.parametrize("ruleset,seats,size", CASES, ids=[f"{r}-{n}-{w}x{h}" for r, n, (w, h) in CASES])
def test_labels_lie_on_nothing_and_near_their_place(app, monkeypatch, ruleset, seats, size):
    original = with_window(app, monkeypatch, *size)
    try:
        app.start_game(ruleset, {}, [Seat(name, "computer") for name in NAMES[:seats]], seed=seats)
        table = app.table
        shown = 0
        for moves in (4 * seats + 4, 10 * seats + 6):
            play(app, moves)
            for view in (None, "top", "orbit"):
                if view is not None:
                    table.view(view)
                    table.camera.finish()
                    table.feedback.place_labels()
                shown += len(check_labels(app, f"{moves} moves, {view or 'following'}"))
            table.fit()
        assert shown >= 6
        if ruleset != "aquarius-rising":  # the seats at the table's edge, by their side
            (x0, y0), (x1, y1) = table.scene.table_extent
            for (x, y) in table.feedback.seats.spots:
                assert x0 < x < x1 and (abs(y - y0 - INSET) < 1e-6 or abs(y1 - INSET - y) < 1e-6)
    finally:
        app.base.adjustWindowAspectRatio(original)


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_rising_top_view_shows_every_tray_clear_of_the_hud(app, monkeypatch, size):
    original = with_window(app, monkeypatch, *size)
    try:
        app.start_game("aquarius-rising", {}, [Seat(name, "computer") for name in NAMES], seed=5)
        table = app.table
        for moves in (12, 30):
            play(app, moves)
            table.view("top")
            table.camera.finish()
            table.feedback.place_labels()
            boards = table.parts.trays.root.findAllMatches("**/tray-board")
            assert boards.getNumPaths() == 5
            for board in boards:
                low, high = board.getTightBounds(table.scene.root)
                rect = screen_box(app, ((low.x, low.y, low.z), (high.x, high.y, high.z)))
                assert rect is not None and -1 <= rect[0] and rect[1] <= 1 and -1 <= rect[2] and rect[3] <= 1
                for panel in table.obstacles():
                    assert not overlap(rect, panel), (rect, panel)
            check_labels(app, f"top view after {moves} moves")
            table.fit()
    finally:
        app.base.adjustWindowAspectRatio(original)


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("seed", [5, 6])
def test_t_names_every_seat_of_rising_by_its_own_tray(app, monkeypatch, size, seed):
    """T, the whole table, in a four-seat Aquarius Rising game at Ann's turn (ten cards down): the three others' trays
    stand in a column right of the cards, and from 33 degrees their pyramids rose into the gaps between them on the
    screen: the middle tray's label found no place and was not shown (the playtest's "T's view is cramped"). Every
    seat's label is in view, on nothing, nearer its own tray than any other."""
    import random

    from driving import session_step

    original = with_window(app, monkeypatch, *size)
    try:
        app.start_game("aquarius-rising", {}, [Seat("Ann")] + [Seat(n, "computer") for n in NAMES[1:4]], seed=seed)
        session, rng = app.session, random.Random(seed)
        for _ in range(2000):
            if session.stage in ("choose", "pyramid") and len(session.state.table.cards) >= 10:
                break
            session_step(session, rng)
        assert session.stage in ("choose", "pyramid") and len(session.state.table.cards) >= 10
        table = app.table
        table.refresh()
        table.toggle_glance()
        table.camera.finish()
        table.feedback.place_labels()
        placed = check_labels(app, "T")
        trays = []
        for tray in table.parts.trays.seats:
            low, high = tray.find("tray-board").getTightBounds(table.scene.root)
            trays.append(screen_box(app, ((low.x, low.y, low.z), (high.x, high.y, high.z))))
        for seat, label in enumerate(table.feedback.seats.labels):
            assert label in placed, label.node().getText()
            rect = rect_of(app, label)
            x, y = (rect[0] + rect[1]) / 2, (rect[2] + rect[3]) / 2
            gaps = [max(t[0] - x, x - t[1], 0.0) + max(t[2] - y, y - t[3], 0.0) for t in trays]
            assert gaps.index(min(gaps)) == seat, (label.node().getText(), gaps)
    finally:
        app.base.adjustWindowAspectRatio(original)


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_towers_row_values_stay_by_their_own_card_when_zoomed_in(app, monkeypatch, size):
    """Issue 27: zoomed in, '4 Air' landed on the Water card of the scoring row."""
    original = with_window(app, monkeypatch, *size)
    try:
        app.start_game("elemental-towers", {}, [Seat("Bot", "computer")], seed=8)
        table = app.table
        play(app, 30)
        row = table.parts.scoring_row
        shown = 0
        for zooms in range(0, 12):
            if zooms:
                table.zoom(0.88)  # (no pointer here: towards the middle of the window)
            table.feedback.place_labels()
            cards = [screen_box(app, tuple(map(tuple, card.getTightBounds(app.base.render)))) for card in row.cards]
            in_view = table.parts.overlay.in_view()
            for place, label in enumerate(row.labels):
                if label not in in_view:
                    continue
                shown += 1
                x0, x1, y0, y1 = rect_of(app, label)
                card = cards[place]
                assert card[2] <= (y0 + y1) / 2 <= card[3], (zooms, label.node().getText(), card, (y0, y1))
                # right of its card, or left of it where the right has no room (a panel, the window's edge)
                assert x0 >= card[1] - 0.005 or x1 <= card[0] + 0.005, (zooms, label.node().getText())
                for other, rect in enumerate(cards):
                    if rect is not None and other != place:
                        assert not overlap((x0, x1, y0, y1), rect), (zooms, label.node().getText(), other)
            check_labels(app, f"zoomed in {zooms} times")
        assert shown >= 20
    finally:
        app.base.adjustWindowAspectRatio(original)


def pixels_of(app, rect):
    """The window pixels of a screen rectangle: x0, x1, y0, y1 (the top row 0), inside the window."""
    width, height = app.base.win.getXSize(), app.base.win.getYSize()
    x0, x1 = (max(-1.0, rect[0]) + 1) / 2 * width, (min(1.0, rect[1]) + 1) / 2 * width
    y0, y1 = (1 - min(1.0, rect[3])) / 2 * height, (1 - max(-1.0, rect[2])) / 2 * height
    return int(x0), int(np.ceil(x1)), int(y0), int(np.ceil(y1))


@pytest.mark.parametrize("overlay", ["menu", "join", "help", "cover"])
def test_no_label_shows_through_a_menu_a_dialog_or_an_overlay(app, monkeypatch, overlay):
    from aquarius3d.screens import feedback
    from aquarius3d.screens.overlays import covering

    app.start_game("aquarius", {}, [Seat("Ann"), Seat("Bo"), Seat("Cy", "computer")], seed=3)
    table, session = app.table, app.session
    for _ in range(200):  # a few moves in, at a hand-off (the cover), or at Ann's or Bo's turn
        assert not session.state.over
        if len(session.state.log) >= 6 and (session.stage == "cover") == (overlay == "cover"):
            break
        if session.stage == "cover":
            table.reveal()
        elif session.stage == "computer":
            session.computer_move()
        else:
            session._try(session.game.legal_moves(session.state)[0])
        table.refresh()
    table.feedback.release()
    table.camera.finish()
    with monkeypatch.context() as patch:  # where the labels lie with nothing over them
        patch.setattr(feedback, "covering", lambda screen: [])
        table.feedback.place_labels()
        before = {id(label): rect_of(app, label) for label in table.parts.overlay.in_view()}
    if overlay == "menu":
        table.key_escape()
    elif overlay == "join":
        table.join.show()
    elif overlay == "help":
        table.toggle_help()
    assert table.menu.shown or not table.join.panel.isHidden() or table.help_shown or session.stage == "cover"
    table.feedback.place_labels()
    covered = covering(table)
    assert covered
    kept = table.parts.overlay.in_view()
    for label in kept:
        assert not any(overlap(rect_of(app, label), rect) for rect in covered), label.node().getText()
    hidden = [i for i, rect in before.items() if any(overlap(rect, c) for c in covered)]
    assert all(i not in {id(label) for label in kept} for i in hidden)
    if overlay in ("help", "cover"):
        assert hidden  # (these overlays lie where some label was)
    if overlay == "join":  # (the name field's typing cursor blinks by the clock: steady, for two equal frames)
        table.join.entry.guiItem.setBlinkRate(0)
    drawn = picture(app)
    table.parts.overlay.root.hide()
    bare = picture(app)  # the same frame with no label at all
    table.parts.overlay.root.show()
    for rect in covered:
        x0, x1, y0, y1 = pixels_of(app, rect)
        assert (drawn[y0:y1, x0:x1] == bare[y0:y1, x0:x1]).all(), rect
    if kept:
        assert (drawn != bare).any()  # (the labels outside the overlays are drawn)


@pytest.mark.parametrize("ruleset,seats", [("aquarius", 4), ("aquarius-rising", 4)])
def test_a_label_never_placed_is_not_drawn_at_the_windows_middle(app, ruleset, seats):
    """Pictures drawn by the table's own steps (its tick, then a frame; a tool that draws frames itself, without
    Panda3D's task that places the labels before each frame) showed every label at the window's middle, where a new
    one stood until placed: the piles' counts and the seats' names over one another and the cards in the middle of
    the table ("Discard" and "Di, 4 cards" in Aquarius; Rising's "Deck" and "Discard" far from their piles). A label
    is out of view until it is placed; once placed, it stands where it was placed."""
    from driving import FakeTask

    app.start_game(ruleset, {}, [Seat(name, "computer") for name in NAMES[:seats]], seed=3)
    table = app.table
    overlay = table.parts.overlay
    for _ in range(60):  # the table's steps only: no label task between them
        table._bot_due = 0
        table._tick(FakeTask())
    shown = [label for label in overlay.labels if not label.isHidden() and label.node().getText()]
    assert len(shown) >= seats + 2
    for label in shown:
        x0, x1, y0, y1 = rect_of(app, label)
        placed = overlay.rects.get(id(label))
        if placed is None:
            assert x0 > 1 or x1 < -1 or y0 > 1 or y1 < -1, label.node().getText()  # out of view
        else:
            assert (x0 + x1) / 2 == pytest.approx((placed[0] + placed[1]) / 2, abs=0.01), label.node().getText()
    table.feedback.place_labels()  # the task's step: every label near its own place, or not shown
    check_labels(app, (ruleset, seats))


def test_no_label_stands_between_another_and_its_place(app, monkeypatch):
    """Aquarius Rising, four seats, late: the deck's count stood over a seat's name, itself just over the deck (the name
    pushed there by its tray at the window's edge), so the count read as floating far from its pile. A label now
    never takes a spot between another label and its place, nor one with another label between it and its own."""
    original = with_window(app, monkeypatch, 1280, 720)
    try:
        app.start_game("aquarius-rising", {}, [Seat(f"Bot {n}", "computer", "medium") for n in range(1, 5)], seed=3)
        play(app, 76)
        app.table.feedback.place_labels()
        labels = check_labels(app, "76 moves")
        texts = [label.node().getText() for label in labels]
        assert any(text.startswith("Deck") for text in texts) and any(text.startswith("Bot ") for text in texts)
    finally:
        app.base.adjustWindowAspectRatio(original)


def test_a_rising_seat_label_with_no_room_beyond_its_tray_stands_before_it(app):
    """Aquarius Rising: a seat's label goes beyond the far edge of its tray; when nothing is clear there (another
    tray, its pyramids and label close above on the screen: the gallery's three-seat picture lost Ann's label so),
    it stands before the tray's near edge instead, still clear of everything; with no such place it is not shown."""
    from aquarius3d.view.labels import OFF_SCREEN

    app.start_game("aquarius-rising", {}, [Seat(name, "computer") for name in NAMES[:3]], seed=3)
    table = app.table
    table.toggle_glance()  # (T: the whole table, the others' trays at the view's edge otherwise)
    table.camera.finish()
    table.feedback.place_labels()
    overlay, seats, trays = table.parts.overlay, table.feedback.seats, table.parts.trays
    label = seats.labels[1]  # (the second seat's: the first, at the screen, sits before its tray by the cards)
    assert id(label) in overlay.rects  # placed beyond its tray, where there is room
    beyond = screen_box(app, ((*seats.spot(1), 12.0), (*seats.spot(1), 12.0)))
    before = trays.seat_fallbacks()[1]
    near = screen_box(app, ((*before, 12.0), (*before, 12.0)))
    assert beyond is not None and near is not None and near[2] < beyond[2]  # before the tray: lower on the screen
    wall = (beyond[0] - 0.5, beyond[1] + 0.5, (beyond[2] + near[2]) / 2, beyond[3] + 0.5)  # the far side taken

    def placed(fallback, walls):
        label.setPythonTag("other_side", (*fallback, 12.0) if fallback else None)
        overlay._placed = None
        overlay.place(app.base, table.scene.root, table.obstacles(), walls)
        return overlay.rects.get(id(label))

    rect = placed(before, [wall])
    assert rect is not None and not overlap(rect, wall)
    assert abs((rect[0] + rect[1]) / 2 - near[0]) < SEAT_REACH and abs((rect[2] + rect[3]) / 2 - near[2]) < SEAT_REACH
    # every place within its reach of the far side taken too (seen whole, the tray is small: the label could slide
    # down past the wall's lower edge)
    below = (wall[0], wall[1], beyond[2] - 2 * SEAT_REACH, wall[2])
    assert placed(None, [wall, below]) is None and label.getPos(app.base.render2d).x == OFF_SCREEN


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720)])
def test_the_huds_words_never_show_over_through_or_half_under_a_panel(app, monkeypatch, size):
    """At 150%: the notice (three rows of a computer's move) ran out above F1's panel, its last row under it; the
    hand-off cover's words ("Ann, it's your turn") read between the game menu's buttons. Words a panel would cover
    are hidden while it shows, and back when it goes."""
    from driving import FakeTask

    from aquarius3d.screens.focus import shown
    from aquarius3d.screens.overlays import node_rect

    original = with_window(app, monkeypatch, *size)
    app.settings["interface_scale"] = 150
    try:
        app.start_game("aquarius", {}, [Seat("Ann"), Seat("Bo")], seed=3)
        table = app.table
        hud = table.hud
        table.reveal()
        table.status = "Bo stood a medium blue pyramid on the Fire-Water card and then a great deal more besides"
        table.refresh()
        frame = table.feedback._place_task
        frame(FakeTask())
        assert shown(hud.notice) and hud.notice.textNode.getNumRows() >= 2
        table.toggle_help()
        frame(FakeTask())
        help_rect = node_rect(table, hud.help_panel)
        assert not shown(hud.notice) or not overlap(node_rect(table, hud.notice), help_rect)
        table.toggle_help()
        frame(FakeTask())
        assert shown(hud.notice)

        session = app.session
        session._try(session.game.legal_moves(session.state)[0])  # Ann's move: Bo's cover
        table.refresh()
        table.feedback.release()
        table.refresh()
        assert session.stage == "cover" and not hud.cover.isHidden()
        frame(FakeTask())
        assert shown(hud.cover_words)
        table.key_escape()
        assert table.menu.shown
        frame(FakeTask())
        menu_rect = node_rect(table, table.menu.panel)
        words = [node for node in hud.cover_words.getChildren() if node_rect(table, node) is not None]
        assert not shown(hud.cover_words) or not any(overlap(node_rect(table, node), menu_rect) for node in words)
        table.close_menu()
        frame(FakeTask())
        assert shown(hud.cover_words)
    finally:
        app.base.adjustWindowAspectRatio(original)


@pytest.mark.parametrize("ruleset", ["aquarius", "dominus", "aquarius-rising"])
def test_the_seat_whose_hand_shows_has_no_label_but_by_its_tray(app, monkeypatch, ruleset):
    """A playtest at 150%: the label of the seat whose hand shows along the window's bottom ("Bo 4 cards") floated
    beside the hand, nearly touching the raised card and "Hold G"; in Dominus at 1024x600 it stood between the cards
    and the prompt strip. The hand says it all: no label for that seat, while the others keep theirs; Aquarius
    Rising's seat labels name the trays, and the home tray keeps its own."""
    from driving import settle

    original = with_window(app, monkeypatch, 1024, 600)
    app.settings["interface_scale"] = 150
    try:
        app.start_game(ruleset, {}, [Seat("Ann"), Seat("Bo", "computer")], seed=3)
        settle(app)
        app.table.feedback.place_labels()
        labels = app.table.feedback.seats.labels
        shown = app.table.parts.overlay.shown()
        assert app.session.stage == "choose" and app.table.hud.hand.nodes  # (Ann's hand shows)
        assert labels[1] in shown
        assert (labels[0] in shown) == (ruleset == "aquarius-rising")
    finally:
        app.base.adjustWindowAspectRatio(original)


@pytest.mark.parametrize("size,seed", [((1280, 720), 6), ((1280, 720), 9), ((1024, 600), 2), ((1920, 1080), 7)])
def test_no_label_stands_in_the_huds_bottom_band(app, monkeypatch, size, seed):
    """The playtest at 150%: Aquarius Rising's home tray's label ("Ann: 4 cards, 20 pyramids") stood between the
    prompt strip and the hand at the game's opening, where it read as part of the HUD (seeds 6, 7, 9, 12 and 15 of
    1-24 at 1280x720, 2 and 6 at 1024x600). No label lies in the bottom band: from the strip down to the window's
    bottom, across the strip and the hand."""
    from driving import settle

    original = with_window(app, monkeypatch, *size)
    app.settings["interface_scale"] = 150
    try:
        app.start_game("aquarius-rising", {}, [Seat("Ann")] + [Seat(n, "computer") for n in ("Bo", "Cy")], seed=seed)
        settle(app)
        app.table.feedback.place_labels()
        hud = app.table.hud
        parts = [hud._rect(hud.base.aspect2d, rect) for rect in hud.band()]
        band = (min(r[0] for r in parts), max(r[1] for r in parts), -1.0, max(r[3] for r in parts))
        labels = app.table.parts.overlay.in_view()
        assert labels
        for label in labels:
            assert not overlap(rect_of(app, label), band), (label.node().getText(), band)
    finally:
        app.base.adjustWindowAspectRatio(original)
