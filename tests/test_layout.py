"""The table's layout, checked through the scene graph and the camera's lens: labels readable and clear of one
another and of the HUD, Aquarius Rising's trays beside the cards (the cards drawn big), the Elemental Towers
action card counted as HUD space, long notices between the top panels."""

import string
from itertools import product

import pytest

from aquarius3d.screens import layout
from aquarius3d.i18n import catalog, set_language
from aquarius3d.session import Seat
from driving import FakeTask
from test_framing import assert_framed

NAMES = ["Ann", "Bartholomew", "Cy", "Dominique", "Eve"]


def play(app, moves: int) -> None:
    """Let the computers make this many moves (or play to the end), then stand where the camera was going."""
    table = app.table
    made = 0
    for _ in range(5000):
        session = app.session
        if made >= moves or session.stage == "over":
            break
        if session.stage != "computer":
            break  # a person is to act (or the round ended): no computer move can come
        if session.stage != "computer":
            break  # a person is to act (or the round ended): no computer move can come
        before = len(session.state.log)
        table._bot_due = 0
        table._tick(FakeTask())
        made += len(session.state.log) != before
    table.camera.finish()
    table.feedback.place_labels()


def rect_of(app, node):
    """Where a 2D node is drawn, in screen units (left, right, bottom, top)."""
    low, high = node.getTightBounds(app.base.render2d)
    return low.x, high.x, low.z, high.z


def overlap(a, b) -> bool:
    return a[0] < b[1] and b[0] < a[1] and a[2] < b[3] and b[2] < a[3]


def projected(app, box, in_view=True):
    """The screen rectangle round a box of the table, through Panda3D's own lens (in view, unless `in_view` is
    False: then it may reach past the window's edges, the box still in front of the camera)."""
    from panda3d.core import Point3

    from aquarius3d.view.camera import corners

    base = app.base
    lens, points = base.cam.node().getLens(), []
    for corner in corners([box]):
        film, point = Point3(), base.cam.getRelativePoint(base.render, Point3(*corner))
        assert lens.project(point, film) or (not in_view and point.y > 0)
        points.append((film.x, film.y))
    return (min(p[0] for p in points), max(p[0] for p in points), min(p[1] for p in points),
            max(p[1] for p in points))


LABELLED = [(ruleset, seats) for ruleset in ("aquarius", "aquarius-rising", "dominus") for seats in (2, 3, 4, 5)
            if not (ruleset == "dominus" and seats > 2)] + [("elemental-towers", 1)]


@pytest.mark.parametrize("ruleset,seats", LABELLED, ids=[f"{r}-{n}" for r, n in LABELLED])
def test_labels_are_readable_and_clear_of_one_another_and_of_the_hud(app, ruleset, seats):
    app.start_game(ruleset, {}, [Seat(name, "computer") for name in NAMES[:seats]], seed=seats)
    play(app, 4 * seats + 4)  # the middle of a game
    table = app.table
    for glance in (False, True):  # the cards framed first (a seat or a pile may stand out of view), then T's glance
        if glance:
            table.toggle_glance()
            table.camera.finish()
            table.feedback.place_labels()
        labels = table.parts.overlay.in_view()
        assert len(labels) >= (2 if glance else 1)
        rects = [rect_of(app, label) for label in labels]
        for i, rect in enumerate(rects):
            assert -1 <= rect[0] and rect[1] <= 1 and -1 <= rect[2] and rect[3] <= 1, labels[i].node().getText()
            for other in rects[i + 1:]:
                assert not overlap(rect, other), (labels[i].node().getText(), rect, other)
            for panel in table.obstacles():
                assert not overlap(rect, panel), (labels[i].node().getText(), rect, panel)
            # one size on the screen, however far the camera stands: a row of text at least 3.5% of the window high
            assert labels[i].node().getLineHeight() * labels[i].getSz(app.base.render2d) >= 0.035
        if ruleset == "aquarius-rising":  # a seat's label lies on no tray of pyramids (others' may be off view)
            boards = [projected(app, tuple(map(tuple, board.getTightBounds(app.base.render))), in_view=False)
                      for board in table.parts.trays.root.findAllMatches("**/tray-board")]
            for label in table.feedback.seats.labels:
                if label in labels:
                    assert not any(overlap(rect_of(app, label), board) for board in boards), label.node().getText()


def test_labels_follow_their_places_when_the_camera_moves(app):
    app.start_game("aquarius", {}, [Seat(name, "computer") for name in NAMES[:3]], seed=1)
    play(app, 4)
    table = app.table
    table.toggle_glance()  # the whole table, seats too (framed on the cards, the seats stand out of view, unlabelled)
    table.camera.finish()
    table.feedback.place_labels()
    label = table.feedback.seats.labels[2]  # (the right one: moved left, it stays clear of the turn's panel)
    assert label in table.parts.overlay.in_view()
    before = rect_of(app, label)
    table.pan(300, 0)  # the table moves left on the screen: so does the label
    table.feedback.place_labels()
    after = rect_of(app, label)
    assert label in table.parts.overlay.in_view() and after[0] < before[0] - 0.05


def test_labels_of_places_out_of_view_leave_the_window(app):
    """Issue 27: labels of things off screen piled up at the window's edge."""
    app.start_game("aquarius", {}, [Seat(name, "computer") for name in NAMES[:3]], seed=1)
    play(app, 4)
    table = app.table
    table.pan(6000, 0)  # the whole table far to the left of the window
    table.feedback.place_labels()
    shown = [label for label in table.parts.overlay.shown()]
    assert shown
    for label in shown:
        x0, x1, y0, y1 = rect_of(app, label)
        assert x1 < -1.0 or x0 > 1.0 or y1 < -1.0 or y0 > 1.0, label.node().getText()  # out of the window


def test_rising_trays_stand_beside_the_cards_and_the_cards_are_drawn_big(app):
    from aquarius3d.view.framing import card_box

    app.start_game("aquarius-rising", {}, [Seat(name, "computer") for name in NAMES[:3]], seed=3)
    play(app, 12)
    table = app.table
    (x0, y0, _), (x1, y1, _) = table.scene.bounds()
    for tray in table.parts.trays.seats:  # left or right of the cards, not beyond the far side
        low, high = tray.getTightBounds(table.scene.root)
        assert high.x < x0 or low.x > x1
        assert low.y < y1 and high.y > y0
    assert_framed(app)
    trays = table.parts.trays
    assert trays.active is not None
    for seat, tray in enumerate(trays.seats):  # clear of the HUD: the tray to play from in view, the others at the
        for board in tray.findAllMatches("**/tray-board"):  # view's edge or beyond it (T shows them)
            rect = projected(app, tuple(map(tuple, board.getTightBounds(app.base.render))), in_view=seat == trays.active)
            assert not any(overlap(rect, panel) for panel in table.obstacles())
    # Each card, mid-game, seen through the lens: the side of a square of its area, against the window's height.
    sizes = []
    for view in table.scene.views.values():
        (a0, b0, _), (a1, b1, z) = card_box(view.cell, view.bottom)
        aspect = app.base.getAspectRatio()
        quad = [projected(app, ((x, y, z), (x, y, z)))[::2] for x, y in ((a0, b0), (a1, b0), (a1, b1), (a0, b1))]
        area = abs(sum(quad[i][0] * aspect * quad[i - 1][1] - quad[i - 1][0] * aspect * quad[i][1]
                       for i in range(4))) / 2
        sizes.append(area ** 0.5 / 2)
    assert sum(sizes) / len(sizes) >= 0.11  # (0.125; 0.100 framed in one free rectangle, the other trays in view)


def test_the_drawn_towers_action_card_is_hud_space(app):
    """The action card drawn and waiting for the player's choice stands in the hand's place (one that acted at once
    is told in the notice, test_feedback.py)."""
    import random

    from driving import towers_step

    app.start_game("elemental-towers", {}, [Seat("Solo")], seed=4)
    table, rng = app.table, random.Random(4)
    for _ in range(400):
        card = table.feedback.action_card
        if not card.isHidden() or app.session.stage == "over":
            break
        towers_step(app, rng)
    assert not card.isHidden(), "no action card drawn"
    table.camera.finish()
    table.feedback.place_labels()
    shown = rect_of(app, card)  # its name and effect, as drawn, lie inside a part of the window the HUD keeps
    assert any(o[0] <= shown[0] and shown[1] <= o[1] and o[2] <= shown[2] and shown[3] <= o[3]
               for o in table.obstacles())
    assert_framed(app)  # nothing of the table runs under it


def longest(language: str) -> str:
    """The longest message of a catalog that may be a notice (not the rules, help or tour pages, nor the end
    panel's explanation of the heights), its blanks
    filled with a long name."""
    texts = [text for key, text in catalog(language).items() if isinstance(text, str)
             and not key.startswith(("rules_", "help_text", "tour_", "explain_"))]
    return max((t.format(**{f: "Bartholomew" for _, f, _, _ in string.Formatter().parse(t) if f}) for t in texts),
               key=len)


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_longest_notice_stays_between_the_top_panels(app, language):
    from aquarius3d.screens.hud import INFO, LOG

    set_language(language)
    try:
        app.start_game("aquarius", {}, [Seat(name, "computer") for name in NAMES], seed=1)
        table, hud = app.table, app.table.hud
        # one message, and a computer's move named in two long lines (screens/feedback.py); the log unfolded (J),
        # and folded to its tab (the notice then has the room under the log's place)
        for text, log_open in product((longest(language), "\n".join([longest(language)] * 2)), (True, False)):
            hud.log_open = log_open
            app.session.notice = text
            table.status = ""
            table.refresh()
            assert hud.notice.getText() == text
            shown = rect_of(app, hud.notice)
            base = app.base
            log = hud._rect(base.a2dTopRight, LOG) if log_open else tab_rect(app)
            for panel in (hud._rect(base.a2dTopLeft, INFO), log):
                assert not overlap(shown, panel), (shown, panel)
            assert -1 <= shown[0] and shown[1] <= 1 and shown[3] <= 1
            assert any(o[0] <= shown[0] and shown[1] <= o[1] and o[2] <= shown[2] and shown[3] <= o[3]
                       for o in table.obstacles())  # inside its own place, which the framing keeps clear
    finally:
        set_language("en")


def with_window(app, monkeypatch, width: int, height: int) -> float:
    """Lay the table out as in a window of this shape (the offscreen buffer keeps its pixels): the lens, aspect2d and
    its corners as Panda3D sets them when a window changes shape. Returns the aspect ratio it had."""
    base = app.base
    original = base.getAspectRatio()
    monkeypatch.setattr(base, "getAspectRatio", lambda *_: width / height)
    monkeypatch.setattr(layout, "window_pixels", lambda *_: (width, height))
    base.adjustWindowAspectRatio(width / height)
    return original


def text_height(app, label) -> float:
    """A label's row of text on the screen (screen units: 2 is the window's height)."""
    return label.node().getLineHeight() * label.getSz(app.base.render2d)


@pytest.mark.parametrize("width,height", [(1280, 720), (1024, 640)])
def test_towers_scoring_row_is_readable_each_value_beside_its_card(app, monkeypatch, width, height):
    """Issue 11: the row's heading and values read as well as a seat's label, each value just right of its own
    card (level with it, nearer to it than to any other), none over another label or the HUD."""
    from aquarius3d.i18n import element_name
    from aquarius3d.view.seat_labels import TURN_SCALE

    original = with_window(app, monkeypatch, width, height)
    try:
        app.start_game("elemental-towers", {}, [Seat("Bot", "computer")], seed=8)
        table = app.table
        row = table.parts.scoring_row
        for moves in (1, 12, 30):
            play(app, moves)
            session = app.session
            assert [card.getTag("row") for card in row.cards] == session.flow.row()
            # (as high as the label of the seat to move would be: a solitaire game has none now)
            seat = table.parts.overlay.root.getSz(app.base.render2d) * TURN_SCALE
            cards = [projected(app, tuple(map(tuple, card.getTightBounds(app.base.render)))) for card in row.cards]
            for place, (label, card) in enumerate(zip(row.labels, cards)):
                value, element = session.game.end.values[place], session.flow.row()[place]
                assert label.node().getText() == f"{value}  {element_name(element)}"
                assert label.getSz(app.base.render2d) >= seat - 1e-6
                assert text_height(app, label) * height / 2 >= 12  # pixels
                x0, x1, y0, y1 = rect_of(app, label)
                middle = (y0 + y1) / 2
                assert card[1] - 0.005 <= x0 <= card[1] + 0.05, (label.node().getText(), card, x0)  # just right of it
                assert card[2] <= middle <= card[3], (label.node().getText(), card, middle)  # level with it
                assert min(range(5), key=lambda i: abs((cards[i][2] + cards[i][3]) / 2 - middle)) == place
            heading = rect_of(app, row.heading)
            # above the top card: over its column, or (when the log panel takes the room there) just left of it
            assert heading[2] >= cards[0][3] - 0.005
            assert overlap(heading, (cards[0][0], cards[0][1], -1, 1)) or 0 <= cards[0][0] - heading[1] <= 0.03
            assert text_height(app, row.heading) * height / 2 >= 12
            shown = table.parts.overlay.in_view()
            assert row.heading in shown and all(label in shown for label in row.labels)
            rects = [rect_of(app, label) for label in shown]
            for i, rect in enumerate(rects):
                assert -1 <= rect[0] and rect[1] <= 1 and -1 <= rect[2] and rect[3] <= 1, shown[i].node().getText()
                for other in rects[i + 1:]:
                    assert not overlap(rect, other), (shown[i].node().getText(), rect, other)
                for panel in table.obstacles():
                    assert not overlap(rect, panel), (shown[i].node().getText(), rect, panel)
            supply = table.parts.supply_label
            assert supply.node().getText().startswith("Supply")  # as big as the piles' counts, as the test above asks
            assert text_height(app, supply) >= max(0.035, text_height(app, table.parts.piles.labels["deck"]) - 1e-6)
            assert_framed(app)
    finally:
        app.base.adjustWindowAspectRatio(original)


def test_a_game_watched_with_no_human_keeps_no_room_for_a_hand(app):
    """With only computer players no hand is ever shown: the hint goes to the bottom row and the table is framed
    down to it, not into the top of the window over an empty hand band."""
    from aquarius3d.view.framing import card_box, node_boxes

    BAND_TOP = human_band_top()
    app.start_game("elemental-towers", {}, [Seat("Bot", "computer")], seed=8)
    play(app, 30)
    table = app.table
    hint = rect_of(app, table.hud.hint)
    assert table.hud.hint.getText() and hint[3] < -0.75  # the hint is still said, in the bottom row
    assert not any(overlap((-0.5, 0.5, -0.7, BAND_TOP), panel) for panel in table.obstacles())
    assert any(overlap(hint, panel) for panel in table.obstacles())  # its row is kept for it
    boxes = [card_box(view.cell, view.bottom) for view in table.scene.views.values()]
    boxes += node_boxes(table.scene, table.parts.trays.seats)  # (the supply, under the piles: lower than the cards)
    lowest = min(projected(app, box)[2] for box in boxes)
    assert lowest < BAND_TOP - 0.05  # the table (its cards and supply) comes down where the hand band was
    assert_framed(app)


def human_band_top() -> float:
    """Where the band a human's hand and the prompt strip keep ends, at 100% (screens/layout.py)."""
    from aquarius3d.screens import layout

    return layout.hand_top(1.0) + layout.MARGIN + layout.strip_height(1.0)


def test_a_human_seat_keeps_the_hand_band(app):
    app.start_game("elemental-towers", {}, [Seat("Ann")], seed=8)
    table = app.table
    table.refresh()
    kept = table.obstacles()
    assert any(panel[3] >= human_band_top() - 1e-6 for panel in kept)  # the strip's row, over the hand
    cards = [box for _, box in table.hud.hand.nodes]
    assert cards and rect_of(app, table.hud.hint)[2] > max(box[3] for box in cards)  # the hint over the hand
    aspect = app.base.getAspectRatio()
    for x0, x1, _, z1 in cards:  # each card kept down to the window's bottom (screen units: x / aspect)
        assert any(p[0] <= x0 / aspect + 1e-6 and x1 / aspect <= p[1] + 1e-6 and p[2] <= -0.999 and z1 <= p[3] + 1e-6
                   for p in kept)


def tab_rect(app):
    """Where the folded log's tab stands (screen units), shown or not (it shows once a move is told)."""
    from aquarius3d.screens.hud import LOG_TAB_TEXT

    tab = app.table.hud.log_tab
    left, right, bottom, top = tab.guiItem.getFrame()
    frame = (tab.getX() + left * LOG_TAB_TEXT, tab.getX() + right * LOG_TAB_TEXT,
             tab.getZ() + bottom * LOG_TAB_TEXT, tab.getZ() + top * LOG_TAB_TEXT)
    return app.table.hud._rect(app.table.hud.top_right, frame)


def test_a_move_s_notice_takes_the_room_the_folded_log_leaves(app, monkeypatch):
    """1024x600 at 150%, the log folded to its tab (as a game opens): a move named in full stands in two rows over the
    table, not four (the notice kept to the unfolded log's edge)."""
    original = with_window(app, monkeypatch, 1024, 600)
    app.settings["interface_scale"] = 150
    try:
        app.start_game("dominus", {}, [Seat("Ann", "computer"), Seat("Bo", "computer")], seed=4)
        table, hud = app.table, app.table.hud
        assert not hud.log_open
        app.session.notice = "Ann placed the Air–Space–Earth–Fire card left of the Space–Water–Fire–Air card"
        table.status = ""
        table.refresh()
        assert hud.notice.textNode.getNumRows() <= 2
        assert not overlap(rect_of(app, hud.notice), tab_rect(app))
        table.toggle_log()  # unfolded, the log's panel takes its place again: the notice keeps clear of it
        assert not overlap(rect_of(app, hud.notice), hud._rect(app.base.a2dTopRight, hud.log_frame))
    finally:
        app.base.adjustWindowAspectRatio(original)
