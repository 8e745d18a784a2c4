"""The prompt strip over the hand and the choice dialog beside it (issue 27, point 1): what to do now in one place
that never covers anything, and each choice an action needs as a button saying what it does.

Games of every ruleset are walked by clicks (tests/driving.py) at 1024x600, 1280x720 and 1920x1080, every action
card that asks for a choice played through the hand and its dialog; at every step the strip's and the dialog's
rectangles, in the window's pixels, are checked against the hand's cards, the log, the turn panel, the goal, the
Join button, Rising's heights panel and each other, and every word against the box it is drawn in."""

import random

import pytest
from driving import FakeTask, screen_of_hand, step, towers_step

from aquarius3d.i18n import set_language, tr
from aquarius3d.screens.focus import press, widget_rect
from aquarius3d.screens.layout import inside, overlap
from aquarius3d.session import Seat
from test_layout import with_window

SIZES = [(1024, 600), (1280, 720), (1920, 1080)]
NAMES = ["Ann", "Bartholomew", "Cy", "Dominique", "Eve"]


def pixels(rect, width, height, aspect):
    """An aspect2d rectangle in the window's pixels: left, right, top, bottom (y down)."""
    left, right, bottom, top = rect
    return ((left / aspect + 1) / 2 * width, (right / aspect + 1) / 2 * width,
            (1 - top) / 2 * height, (1 - bottom) / 2 * height)


def touching(a, b) -> bool:
    """Do two pixel rectangles share more than a pixel's sliver?"""
    return a[0] < b[1] - 0.5 and b[0] < a[1] - 0.5 and a[2] < b[3] - 0.5 and b[2] < a[3] - 0.5


def bounds(app, node):
    """Where a node is drawn, in aspect2d units (left, right, bottom, top)."""
    low, high = node.getTightBounds(app.base.aspect2d)
    return low.x, high.x, low.z, high.z


def words_rect(app, button):
    """Where a button's words are drawn, in aspect2d units: its text's frame, in the button's own units (a DirectGui
    button draws its text in a state node of its own, outside the scene graph's transforms)."""
    from panda3d.core import Point3

    node = button.component("text0").textNode
    low = app.base.aspect2d.getRelativePoint(button, Point3(node.getLeft(), 0, node.getBottom()))
    high = app.base.aspect2d.getRelativePoint(button, Point3(node.getRight(), 0, node.getTop()))
    return low.x, high.x, low.z, high.z


def others(app):
    """The parts of the HUD the strip and the dialog must keep clear of, by name (aspect2d units)."""
    table, hud = app.table, app.table.hud
    base = app.base
    found = {f"card {i}": box for i, (_, box) in enumerate(hud.hand.nodes)}
    if not hud.log_panel.isHidden():  # (unfolded, J; else its tab, and the notice may stand under its place)
        found["log"] = widget_rect(base, hud.log_panel)
    if not hud.log_tab.isHidden():
        found["log tab"] = widget_rect(base, hud.log_tab)
    found["turn panel"] = widget_rect(base, hud.info_panel)
    if hud.goal.getText():
        found["goal words"] = bounds(app, hud.goal)
    if not hud.goal_card.isHidden():
        found["goal card"] = widget_rect(base, hud.goal_card)
    if not table.join.button.isHidden():
        found["join"] = widget_rect(base, table.join.button)
    heights = getattr(table, "heights", None)
    if heights is not None and heights.shown:
        found["heights"] = widget_rect(base, heights.panel)
    if not table.feedback.action_card.isHidden():
        found["action card"] = widget_rect(base, table.feedback.action_card)
    if hud.notice.getText():
        found["notice"] = bounds(app, hud.notice)
    return found


def check_prompt(app, width, height):
    """The strip and the dialog inside the window, clear of every other part and of each other, their words inside
    their boxes; the dialog shows exactly when the session offers options, a button for each."""
    hud, session = app.table.hud, app.session
    prompt = hud.prompt
    aspect = app.base.getAspectRatio()
    window = (0, width, 0, height)
    mine = {}
    news = session.goal_news_open  # (a mover's new goal before the cover: the prompt and its Done, test_goal_news.py)
    if (session.stage != "cover" or news) and session.hint():
        assert not prompt.strip.isHidden() and prompt.strip_rect is not None, session.stage
        mine["strip"] = widget_rect(app.base, prompt.strip)
        words = bounds(app, hud.hint)
        assert inside(words, mine["strip"], 0.004), ("the prompt runs out of its strip", hud.hint.getText())
        if prompt.take_back is not None:
            button = widget_rect(app.base, prompt.take_back)
            assert inside(button, mine["strip"]) and not overlap(button, words), "the take-back button"
    options = session.options() if session.stage != "cover" else []
    buttons = [b for b in prompt.widgets if b is not prompt.take_back]
    assert len(buttons) == len(options) + news, session.stage
    if options or news:
        assert not prompt.dialog.isHidden()
        mine["dialog"] = widget_rect(app.base, prompt.dialog)
        frames = [widget_rect(app.base, b) for b in buttons]
        for i, (button, frame) in enumerate(zip(buttons, frames)):
            assert inside(frame, mine["dialog"]), button["text"]
            text = words_rect(app, button)
            assert inside(text, frame, 0.004), ("a button's words run out of it", button["text"])
            assert not any(overlap(frame, other) for other in frames[i + 1:]), button["text"]
    else:
        assert prompt.dialog.isHidden()
    placed = {name: pixels(rect, width, height, aspect) for name, rect in mine.items()}
    for name, rect in placed.items():
        assert inside(rect, window, 0.5), (name, rect, (width, height))
        for other, box in others(app).items():
            assert not touching(rect, pixels(box, width, height, aspect)), (name, other, session.stage)
    if len(placed) == 2:
        assert not touching(placed["strip"], placed["dialog"])
    for rect in mine.values():  # the framing keeps the table clear of them
        screen = (rect[0] / aspect, rect[1] / aspect, rect[2], rect[3])
        assert any(inside(screen, kept, 1e-4) for kept in app.table.obstacles()), rect


def give(app, code):
    """The seat to move (a person, choosing) gets an action card from the deck, and clicks it in the hand."""
    session = app.session
    state = session.state
    card = next(i for i in state.deck if session.game.deck.cards[i].code == code)
    state.deck.remove(card)
    state.hands[session.seat].append(card)
    app.table.refresh()
    app.table.click(screen_of_hand(app, len(state.hands[session.seat]) - 1))


def to_choose(app, rng, cards=0):
    """Play on (clicks) until a person may choose a card, with at least `cards` on the table."""
    for _ in range(300):
        session = app.session
        if session.stage == "choose" and not session.can_pass() and len(session.state.table.cards) >= cards:
            return
        step(app, rng)
    raise AssertionError(f"never a card to choose: {app.session.stage}")


def walk(app, rng, steps, width, height):
    for _ in range(steps):
        session = app.session
        if session.stage == "over":
            break
        check_prompt(app, width, height)
        (towers_step if session.family == "towers" else step)(app, rng)
    check_prompt(app, width, height)


@pytest.mark.parametrize("width,height", SIZES)
@pytest.mark.parametrize("language", ["en", "fr"])
def test_every_action_choice_is_a_dialog_of_buttons_saying_what_they_do_clear_of_all(app, monkeypatch, width,
                                                                                     height, language):
    """Four people at Aquarius (long names, and the unused goal a place to trade with), each action card that asks
    for a choice played through the hand; one of its buttons pressed as the keyboard's Enter does."""
    original = with_window(app, monkeypatch, width, height)
    set_language(language)
    try:
        app.start_game("aquarius", {}, [Seat(name) for name in NAMES[:4]], seed=11)
        rng = random.Random(width)
        for code, stage, count in (("rotate_goals", "direction", 2), ("trade_hands", "player", 3),
                                   ("trade_goals", "player", 4), ("shuffle_hands", "confirm", 1),
                                   ("move_a_card", "table_card", 0), ("zap_a_card", "table_card", 0)):
            to_choose(app, rng, 4)
            give(app, code)
            session = app.session
            assert session.stage == stage and len(session.options()) == count, (code, session.stage)
            check_prompt(app, width, height)
            for option, button in zip(session.options(), app.table.hud.prompt.widgets):
                assert option.says and button["text"] == tr("option_says", label=option.label, says=option.says)
            if count:
                moves = len(session.state.log)
                press(app.table.hud.prompt.widgets[rng.randrange(count)])  # what Enter does on it
                assert len(session.state.log) == moves + 1, code
            else:
                app.table.key_escape()
            check_prompt(app, width, height)
        walk(app, rng, 40, width, height)
    finally:
        set_language("en")
        app.base.adjustWindowAspectRatio(original)


@pytest.mark.parametrize("width,height", SIZES)
@pytest.mark.parametrize("ruleset,seats", [("aquarius-rising", 3), ("elemental-towers", 1), ("dominus", 2),
                                           ("aquarius", 4)])
def test_the_prompt_stays_clear_at_every_step_of_a_game(app, monkeypatch, width, height, ruleset, seats):
    """Games walked by clicks, two people or one and the computers: the strip and any dialog checked at each step
    (Rising's pyramids and its heights panel, Elemental Towers' skips, swaps and sizes, Dominus' long hands)."""
    original = with_window(app, monkeypatch, width, height)
    try:
        people = [Seat(name) for name in NAMES[:min(seats, 2)]]
        app.start_game(ruleset, {}, people + [Seat(name, "computer") for name in NAMES[len(people):seats]],
                       seed=width + seats)
        walk(app, random.Random(height), 120 if ruleset != "elemental-towers" else 300, width, height)
    finally:
        app.base.adjustWindowAspectRatio(original)


def test_elemental_towers_dialogs_say_what_each_choice_does(app):
    """The skips, the scoring row's swaps and the sizes of Trade Hands each say their outcome."""
    app.start_game("elemental-towers", {}, [Seat("Solo")], seed=12)
    rng = random.Random(12)
    seen = {}
    for _ in range(600):
        session = app.session
        if session.stage in ("earned", "row", "trade_piece") and session.options():
            seen[session.stage] = [(o.label, o.says) for o in session.options()]
            check_prompt(app, 1280, 720)
        if {"earned", "row"} <= set(seen) or session.stage == "over":
            break
        towers_step(app, rng)
    assert {"earned", "row"} <= set(seen)
    for label, says in seen["earned"]:
        element = label.split()[2]  # "Skip one Water action"
        assert says == f"the {element} action is let go, nothing built or moved with it"
    assert all(says.endswith(tuple("12345")) and " towers then score\u00a0" in says for _, says in seen["row"])


def test_a_watched_game_says_its_prompt_along_the_bottom(app):
    """With only computers, no hand: the strip lies along the window's bottom, right of the Join button."""
    app.start_game("aquarius", {}, [Seat(name, "computer") for name in NAMES[:3]], seed=2)
    table = app.table
    table._bot_due = 0
    table._tick(FakeTask())
    check_prompt(app, 1280, 720)
    strip = table.hud.prompt.strip_rect
    assert strip is not None and strip[2] < -0.9


@pytest.mark.parametrize("language, words", [("en", "Pass (P)"), ("fr", "Passer (P)")])
def test_a_player_with_nothing_to_play_passes_by_a_button_too(app, language, words):
    """A player with a mouse only is never stuck: when nothing can be played, the dialog beside the strip holds a
    Pass button (P at the keyboard), which Tab reaches too; clicking it passes the turn."""
    from aquarius3d.i18n import set_language
    from aquarius3d.session import Seat

    set_language(language)
    try:
        app.start_game("aquarius-rising", {}, [Seat("Ann"), Seat("Bo")], seed=2)
        session, table = app.session, app.table
        if session.stage == "cover":
            table.click((0.0, 0.0))
        assert session.seat == 0 and session.stage == "choose"
        session.state.hands[0][:] = []  # an empty hand and no pyramid left: nothing to play
        session.state.data.supply[0][:] = []
        table.refresh()
        assert session.can_pass()
        buttons = [b for b in table.hud.prompt.widgets if b["text"] == words]
        assert len(buttons) == 1 and not buttons[0].isHidden()
        assert any(table.keys._widgets.get(t) is buttons[0] for t in table.keys.ring())  # Tab reaches it
        turn = session.state.turn_number
        buttons[0].commandFunc(None)  # the click
        assert session.state.turn_number > turn or session.seat != 0  # passed: Bo's turn now
    finally:
        set_language("en")
