"""The New game form after a playtest with real input (issue 27, points 8 and 10): a player's row keeps its controls
in place whatever is chosen in it; Aquarius' children's games are one at a time; "<" and ">" are targets as easy to
hit as the other buttons; and at every window size and interface scale nothing overlaps, none of the form's rows
shown cut in half by the foot beside "More below"."""

import pytest
from test_layout import with_window

from aquarius3d.bots import SEAT_LEVELS
from aquarius3d.screens import scrolling
from aquarius3d.screens.focus import screen_widgets, shown, widget_rect
from aquarius3d.screens.layout import overlap

SIZES = [(1024, 600), (1280, 720), (1920, 1080)]
SCALES = (100, 125, 150)
EVERY = [(w, h, s) for w, h in SIZES for s in SCALES]
IDS = [f"{w}x{h}-{s}" for w, h, s in EVERY]
TARGET_PX = 24  # WCAG 2.2's minimum target size (2.5.8), in window pixels


@pytest.fixture
def at(app, monkeypatch):
    """Lay the window out as a window of that size at that interface scale; back to the buffer's shape after."""
    original = app.base.getAspectRatio()

    def size(width, height, percent):
        with_window(app, monkeypatch, width, height)
        app.settings["interface_scale"] = percent

    yield size
    app.base.adjustWindowAspectRatio(original)


def rect_of(app, widget):
    if hasattr(widget, "guiItem"):
        return widget_rect(app.base, widget)
    bounds = widget.getTightBounds(app.base.aspect2d)
    if bounds is None:  # (an empty note: nothing drawn)
        return (0.0, 0.0, -9.0, -9.0)
    low, high = bounds
    return low.x, high.x, low.z, high.z


def seat_rects(app, form, flat=True):
    """Each player's row: its widgets' places on the screen, left to right (flat: one tuple a row)."""
    rows = []
    for entry in form.seat_entries:
        z = entry.getZ(form.seats_root)
        row = [w for w in form.seat_widgets if hasattr(w, "guiItem") and abs(w.getZ(form.seats_root) - z) < 0.03]
        rows.append(sorted(tuple(rect_of(app, w)) for w in row))
    return [sum(row, ()) for row in rows] if flat else rows


def steady(rows, others):
    """The same rows, each widget where it was, but a computer's level button, which a person's row has not."""
    def within(rect, row):
        return any(all(abs(x - y) < 1e-4 for x, y in zip(rect, other)) for other in row)
    return len(rows) == len(others) and all(abs(len(a) - len(b)) <= 1 and all(within(r, b) for r in a if len(a) <= len(b))
                                            and all(within(r, a) for r in b if len(b) < len(a))
                                            for a, b in zip(rows, others))


def same(rows, others):
    """The same rows, each widget where it was (within 1e-4 of an aspect2d unit: rounding)."""
    return len(rows) == len(others) and all(len(a) == len(b) and all(abs(x - y) < 1e-4 for x, y in zip(a, b))
                                            for a, b in zip(rows, others))


@pytest.mark.parametrize("width,height,percent", EVERY, ids=IDS)
def test_a_players_row_keeps_its_controls_in_place(app, at, width, height, percent):
    """Bo from a person to each computer level and back: no control of any row moves (they re-centred, the kind's
    button growing); with one more player, the rows keep their controls where they stood in the players' part."""
    at(width, height, percent)
    for form_name, ruleset in (("new", "aquarius"), ("new", "aquarius-rising"), ("new", "dominus"), ("host", "aquarius")):
        form = app.show_new_game() if form_name == "new" else app.screens.switch("host")
        form.choose_ruleset(ruleset)
        before, widgets = seat_rects(app, form), seat_rects(app, form, flat=False)
        kinds = set()
        for _ in form.people():  # a person (remote), a computer, and each computer's level
            form.toggle_seat(1)
            for _ in SEAT_LEVELS if form.seats[1][1] in SEAT_LEVELS else [None]:
                kinds.add(form.seats[1][1])
                assert steady(seat_rects(app, form, flat=False), widgets), (form_name, ruleset, form.seats[1][1])
                form.cycle_level(1)
        assert kinds == set(form.seat_kinds)
        if ruleset == "aquarius":
            form.cycle_target(0)  # Ann's own target: her button says so, in place
            assert same(seat_rects(app, form), before), (form_name, ruleset)
        while form.seats[-1][1] not in SEAT_LEVELS:  # (the last row a computer, as the player added is)
            form.toggle_seat(len(form.seats) - 1)
        places = row_spans(form)
        form.add_seat()
        again = row_spans(form)
        assert same(again[:len(places)], places) and same(again[-1:], places[-1:]), (form_name, ruleset)


def row_spans(form):
    """Each player's row: its widgets' left and right edges in the players' part of the form."""
    from panda3d.core import Point3

    spans = []
    for entry in form.seat_entries:
        z = entry.getZ(form.seats_root)
        row = []
        for widget in form.seat_widgets:
            if hasattr(widget, "guiItem") and abs(widget.getZ(form.seats_root) - z) < 0.03:
                left, right, _, _ = widget.guiItem.getFrame()
                row.append(tuple(form.seats_root.getRelativePoint(widget, Point3(x, 0, 0)).x for x in (left, right)))
        spans.append(sum(sorted(row), ()))
    return spans


def box(form, key):
    from aquarius3d.i18n import tr

    return next(w for w in form.option_widgets if hasattr(w, "guiItem") and w["text"] == tr(f"option_{key}"))


def test_the_childrens_games_are_one_choice(app):
    """Elemental Connections (ages 3-4), Basic (5-6) and Single-Action (6+) are the rule sheet's steps, each a game
    of its own (rulesets/aquarius.yaml, `excludes`): ticking one unticks the other, choosing an action kind unticks
    both; each alone starts."""
    form = app.show_new_game()
    form.choose_ruleset("aquarius")
    form.set_option(1, "elemental_connections")
    form.set_option(1, "basic")
    assert form.options == {"basic": True}
    assert box(form, "basic")["indicatorValue"] == 1 and box(form, "elemental_connections")["indicatorValue"] == 0
    form.set_option(1, "elemental_connections")
    assert form.options == {"elemental_connections": True} and box(form, "basic")["indicatorValue"] == 0
    form.cycle_option("single_action")  # one kind of action card: neither of the youngest games
    assert form.options == {"single_action": "trade_goals"}
    assert box(form, "elemental_connections")["indicatorValue"] == 0
    form.set_option(1, "basic")
    assert form.options == {"basic": True}
    form.set_option(1, "keep_wild")  # (what goes with them stays)
    form.set_option(1, "elemental_connections")
    assert form.options == {"elemental_connections": True, "keep_wild": True}
    form.start()
    assert app.screen == "game" and app.session.game.ruleset.bonus.type == "none"


@pytest.mark.parametrize("width,height,percent", EVERY, ids=IDS)
def test_the_arrows_are_targets_easy_to_hit(app, at, width, height, percent):
    """Each "<" and ">" at least 24 px square (they were 18 x 19 px at 1024x600, 100%), as tall as the form's other
    buttons at least, clear of every other widget of the form."""
    at(width, height, percent)
    per_unit = height / 2  # window pixels in an aspect2d unit
    arrows = 0
    for ruleset in ("aquarius", "dominus"):
        form = app.show_new_game()
        form.choose_ruleset(ruleset)
        buttons = [w for w in form.option_widgets if hasattr(w, "guiItem") and w["text"] in ("<", ">")]
        others = [w for w in screen_widgets(form) if w not in buttons and shown(w)]
        tallest = max(rect_of(app, w)[3] - rect_of(app, w)[2] for w in form.option_widgets + form.seat_widgets
                      if hasattr(w, "guiItem") and w not in buttons and not hasattr(w, "indicator"))
        for arrow in buttons:
            left, right, bottom, top = rect_of(app, arrow)
            assert min(right - left, top - bottom) * per_unit >= TARGET_PX, (ruleset, arrow["text"])
            assert top - bottom >= tallest - 1e-6
            assert not [w for w in others if overlap(rect_of(app, arrow), rect_of(app, w))], ruleset
            arrows += 1
    assert arrows == 2 + 6  # Aquarius' target; Dominus' rounds and table (two numbers)


def visible(app, form):
    """What the form shows now: its widgets not wholly under the foot's band, and "More below"."""
    scroll = form.scroll
    shown_ = []
    for widget in screen_widgets(form):
        if widget.isEmpty() or not shown(widget):
            continue
        rect = rect_of(app, widget)
        if rect[1] - rect[0] < 1e-6:  # (an empty note)
            continue
        if scroll.body is not None and scroll.body.isAncestorOf(widget) and rect[3] <= getattr(scroll, "cover", scroll.floor) + 1e-6:
            continue  # under the band
        shown_.append((widget, rect))
    if scroll.cue is not None and not scroll.cue.isEmpty() and not scroll.cue.isHidden():
        shown_.append((scroll.cue, rect_of(app, scroll.cue)))
    return shown_


def each_view(app):
    """Aquarius, Rising and Dominus with two to five players, scrolled a turn of the wheel at a time: what the form
    shows at each (the form, and its widgets shown with their places)."""
    for ruleset in ("aquarius", "aquarius-rising", "dominus"):
        form = app.show_new_game()
        form.choose_ruleset(ruleset)
        while True:
            scroll = form.scroll
            while True:
                yield form, visible(app, form)
                if scroll.offset >= scroll.room:
                    break
                scroll.by(scrolling.STEP)
            if len(form.seats) == form.seat_limits()[1]:
                break
            form.add_seat()


@pytest.mark.parametrize("width,height,percent", EVERY, ids=IDS)
def test_nothing_overlaps(app, at, width, height, percent):
    """No widget shown over another, where a click would go (a box's frame reached into the next row's, and over
    the arrows): the drop-down, the rows, the foot, "More below"."""
    at(width, height, percent)
    seen = 0
    for form, shown_ in each_view(app):
        for i, (a, ra) in enumerate(shown_):
            for b, rb in shown_[i + 1:]:
                assert not (overlap(ra, rb) and not (a.isAncestorOf(b) or b.isAncestorOf(a))), (
                    form.ruleset, len(form.seats), form.scroll.offset, str(a), str(b))
        seen += 1
    assert seen >= 3 * 4


@pytest.mark.parametrize("width,height,percent", EVERY, ids=IDS)
def test_no_row_is_shown_cut_by_the_foot(app, at, width, height, percent):
    """Add a player stood half under the foot's band at 1024x600, 150%, beside "More below": the band now covers
    a row it would cut, so that the form shows only whole rows above its foot, "More below" saying there is more."""
    at(width, height, percent)
    for form, shown_ in each_view(app):
        scroll = form.scroll
        for widget, rect in shown_:
            if scroll.body is not None and scroll.body.isAncestorOf(widget):
                assert rect[2] >= getattr(scroll, "cover", scroll.floor) - 1e-6, (
                    form.ruleset, len(form.seats), scroll.offset, str(widget))


@pytest.mark.parametrize("width,height,percent", EVERY, ids=IDS)
def test_a_player_added_moves_no_option(app, at, width, height, percent):
    """Add a player never spreads the form into two columns or back (everything jumped: Remove appeared with the
    third player, and the players' part too wide to stand beside the options): the options stay where they are."""
    at(width, height, percent)
    for ruleset in ("aquarius", "aquarius-rising", "dominus"):
        form = app.show_new_game()
        form.choose_ruleset(ruleset)
        arranged = form.side_by_side
        lefts = [rect_of(app, w)[0] for w in form.option_widgets]
        while len(form.seats) < form.seat_limits()[1]:
            form.add_seat()
            assert form.side_by_side == arranged, (ruleset, len(form.seats))
            assert all(abs(a - b) < 1e-4 for a, b in zip(lefts, [rect_of(app, w)[0] for w in form.option_widgets]))
