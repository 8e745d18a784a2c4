"""A person at a hot-seat table who plays Rotate Goals or Trade Goals looks at the goal their move gave them before
the cover for the next person, as a player looks at the goal card just received (issue 27, hot-seat point 7: the
cover came down first and they were told only at their next turn, "Your goal has changed since you last looked").
The goal shows open with "Your new goal: ..." and the cover waits for their Done (Enter, Space, a click on it, Tab
to it); nothing of it shows to the next person; at the mover's next turn the change they saw is not told again. A
computer's Rotate Goals changes people's goals as before: each is told at their turn."""

import os
import time

import pytest
from test_keyboard import press
from test_feedback import place_a_card

from aquarius3d.core.vocabulary import LETTER_OF
from aquarius3d.i18n import element_name, set_language, tr
from aquarius3d.screens.focus import widget_label
from aquarius3d.session import Seat, Session
from aquarius3d.view.card_art import goal_texture

# seed 15: Bo holds Rotate Goals, Ann only element cards; seed 8: Ann holds Trade Goals
ROTATE, TRADE = 15, 8


def goal_of(session, seat):
    """The element of a seat's goal, as the rules would show it to that seat."""
    return session.game.observation(session.state, seat)["goal"]


def peek(app):
    """G held and let go: the player to move looked at their goal."""
    press(app, "g")
    press(app, "g-up")


def lift(app):
    """The cover lifted (its pause first, if it is held), as Space does."""
    while app.session.stage == "cover":
        press(app, "space")


def play_action(app, action, option):
    """The player to move plays action card `action` from the hand, with the option labelled `option`."""
    session = app.session
    codes = [card.get("code") for card in session.observation()["hand"]]
    session.select(codes.index(action))
    if session.stage == "confirm":
        session.confirm()
    chosen = next(o for o in session.options() if o.label == option)
    assert session.choose(chosen.move)
    app.table.refresh()


def bo_rotates(app):
    """Ann looks at her goal and places a card; Bo looks at his and plays Rotate Goals to the left: Cy next."""
    app.start_game("aquarius", {}, [Seat("Ann"), Seat("Bo"), Seat("Cy")], seed=ROTATE)
    lift(app)
    peek(app)
    place_a_card(app)
    lift(app)
    peek(app)
    before = goal_of(app.session, 1)
    play_action(app, "rotate_goals", tr("dir_left"))
    assert goal_of(app.session, 1) != before
    return goal_of(app.session, 1)


def done_buttons(app):
    return [w for w in app.table.hud.prompt.widgets if widget_label(w).startswith("Done")]


def shown_goal(app):
    """What shows of a goal: the mover's new goal shown large (its words, its card's picture), else the goal
    corner's words and the goal card's picture if it is open."""
    hud = app.table.hud
    if hud.new_goal.shown:
        return hud.new_goal.words.node().getText(), hud.new_goal.card["frameTexture"]
    card = None if hud.goal_card.isHidden() or hud.goal_card["text"] else hud.goal_card["frameTexture"]
    return hud.goal.getText(), card


def test_the_mover_sees_their_new_goal_and_the_cover_waits(app, tmp_path):
    new = bo_rotates(app)
    table, hud, session = app.table, app.table.hud, app.session
    assert session.stage == "cover" and hud.cover.isHidden()
    words, card = shown_goal(app)
    assert words == f"Your new goal: {element_name(new)}"
    assert card is not None and card.getName() == goal_texture(LETTER_OF[new]).getName()
    assert len(hud.hand.nodes) == len(session.state.hands[1])  # Bo's own hand under it, still his
    [done] = done_buttons(app)
    assert widget_label(done) == "Done: pass to Cy (Enter)"
    assert any(t.kind == "button" and t.key[0] == widget_label(done) for t in table.keys.ring())  # Tab reaches it
    assert "Cy" in hud.prompt.text.getText()
    table.feedback.step(time.monotonic() + 60)  # the cover's pause long over: it waits for Bo all the same
    peek(app)  # a look at the goal (G) is no Done
    assert session.goal_news_open and hud.cover.isHidden() and shown_goal(app)[0] == words
    if os.environ.get("AQUARIUS3D_SHOTS"):
        app.base.graphicsEngine.renderFrame()
        app.base.win.saveScreenshot(os.path.join(os.environ["AQUARIUS3D_SHOTS"], "goal-news.png"))


@pytest.mark.parametrize("how", ["enter", "space", "button", "tab"])
def test_done_lifts_to_the_cover_and_the_next_never_sees_the_movers_goal(app, how):
    new = bo_rotates(app)
    hud, session = app.table.hud, app.session
    bos = goal_texture(LETTER_OF[new]).getName()
    assert done_buttons(app) and hud.cover.isHidden() and session.viewer == 1  # Bo's new goal shows, for now
    if how == "button":
        done_buttons(app)[0].commandFunc(None)
    elif how == "tab":  # Tab round to the Done button, then Enter on it
        for _ in range(len(app.table.keys.ring())):
            if app.table.keys.focus is not None and app.table.keys.focus.key[0].startswith("Done"):
                break
            press(app, "tab")
        assert app.table.keys.focus is not None and app.table.keys.focus.key[0].startswith("Done")
        press(app, "enter")
    else:
        press(app, how)
    assert session.stage == "cover" and not hud.cover.isHidden()  # at once, for Cy
    assert not done_buttons(app) and "Cy" in hud.cover_title.getText()
    assert hud.hand.nodes == [] and session.observation()["goal"] is None
    seen = [shown_goal(app)]
    press(app, "space")  # Cy lifts the cover, and looks at her goal
    assert session.stage != "cover" and session.viewer == 2
    seen.append(shown_goal(app))
    press(app, "g")
    seen.append(shown_goal(app))
    assert seen[-1][0] == f"Your goal: {element_name(goal_of(session, 2))}"
    press(app, "g-up")
    for words, card in seen:
        assert "new goal" not in words and element_name(new) not in words
        assert card is None or card.getName() != bos


def test_a_click_on_the_table_is_no_done(app):
    """A stray click (on the table, on the hand, on the goal shown) leaves the mover's new goal showing: only its
    Done hands the table over (a click counted as Done, and the next person saw the cover before Bo had read)."""
    new = bo_rotates(app)
    table, session = app.table, app.session
    for point in [(0.0, 0.0), (0.0, 0.3), (0.0, -0.8), (-0.8, 0.5), (0.9, -0.9)]:
        table.click(point)
        assert session.goal_news_open and table.hud.cover.isHidden() and done_buttons(app), point
        assert shown_goal(app)[0] == f"Your new goal: {element_name(new)}"
    press(app, "enter")
    assert not session.goal_news_open and not table.hud.cover.isHidden()


SIZES = [(1024, 600), (1280, 720)]


@pytest.mark.parametrize("log", [False, True])
@pytest.mark.parametrize("percent", [100, 125, 150])
@pytest.mark.parametrize("width,height", SIZES)
def test_the_new_goal_shows_large_over_the_prompt(app, monkeypatch, width, height, percent, log):
    """Bo's new goal card is shown large, as a card held up to be read (it showed button-sized in its corner): 30%
    of the window high or more, its words over it, just over the prompt and its Done button, clear of them, of the
    hand and of the parts at the top (the log unfolded too), inside the window; the corner's goal waits meanwhile."""
    from test_layout import with_window

    from aquarius3d.screens.layout import inside, overlap

    original = with_window(app, monkeypatch, width, height)
    app.settings["interface_scale"] = percent
    try:
        new = bo_rotates(app)
        table, hud = app.table, app.table.hud
        if log:
            press(app, "j")
            assert not hud.log_panel.isHidden()
        table.apply_scale()
        news = hud.new_goal
        assert news.shown and hud.goal.isHidden() and hud.goal_card.isHidden()
        assert news.words.node().getText() == f"Your new goal: {element_name(new)}"
        assert news.card["frameTexture"].getName() == goal_texture(LETTER_OF[new]).getName()
        panel, card = news.rects()
        aspect = width / height
        what = (width, height, percent, log)
        assert card[3] - card[2] >= 0.6, what  # (30% of the window's height; the corner's card was 9%)
        assert inside(panel, (-aspect, aspect, -1, 1), 0.002) and inside(card, panel, 0.002), what
        words = node_box(app, news.words)
        assert inside(words, panel, 0.002) and words[2] >= card[3] - 0.002, what  # the words over the card
        below = list(hud.prompt.rects()) + [(-aspect, aspect, -1.0, hud.hand.band_top)]
        above = [(r[0] * aspect, r[1] * aspect, r[2], r[3]) for r in hud.obstacles(False) if r[2] > panel[2]]
        assert len(above) >= 2, what  # (the turn panel, the log or its tab)
        for rect in below + above:
            assert not overlap(panel, rect), (rect, panel, what)
        assert panel[2] - max(r[3] for r in hud.prompt.rects()) < 0.1, what  # just over the prompt and its Done
        press(app, "enter")
        assert not news.shown and not hud.goal.isHidden()
    finally:
        app.base.adjustWindowAspectRatio(original)


def node_box(app, node):
    """A node's bounds in aspect2d units (left, right, bottom, top)."""
    low, high = node.getTightBounds(app.base.aspect2d)
    return (low.x, high.x, low.z, high.z)


def test_the_goal_changed_notice_is_not_repeated_at_the_movers_next_turn(app):
    bo_rotates(app)
    session = app.session
    press(app, "enter")  # Bo: done
    lift(app)
    place_a_card(app)  # Cy
    lift(app)
    assert session.viewer == 0  # Ann, who looked before Bo's move changed her goal, is told at her turn (as before)
    assert app.table.hud.goal.getText().startswith(tr("hud_goal_changed"))
    place_a_card(app)
    lift(app)
    assert session.viewer == 1  # Bo saw his new goal: not told again
    assert tr("hud_goal_changed") not in app.table.hud.goal.getText()
    assert app.table.hud.goal.getText() == tr("hud_goal_hint")


def test_trade_goals_with_the_pile_shows_the_goal_drawn(app):
    app.start_game("aquarius", {}, [Seat("Ann"), Seat("Bo"), Seat("Cy")], seed=TRADE)
    lift(app)
    before = goal_of(app.session, 0)
    play_action(app, "trade_goals", next(o.label for o in _trade_options(app)))
    new = goal_of(app.session, 0)
    assert new != before and shown_goal(app)[0] == f"Your new goal: {element_name(new)}"
    assert app.table.hud.cover.isHidden() and widget_label(done_buttons(app)[0]) == "Done: pass to Bo (Enter)"


def _trade_options(app):
    """Trade Goals' options, the pile's first (Ann's goal changes whichever she picks)."""
    session = app.session
    codes = [card.get("code") for card in session.observation()["hand"]]
    session.select(codes.index("trade_goals"))
    if session.stage == "confirm":
        session.confirm()
    options = session.options()
    session.cancel()
    return options


def test_the_words_in_french(app):
    set_language("fr")
    try:
        new = bo_rotates(app)
        assert shown_goal(app)[0] == f"Votre nouvel objectif\xa0: {element_name(new)}"
        assert widget_label(done_buttons_fr(app)[0]) == "Terminé\xa0: passer à Cy (Entrée)"
    finally:
        set_language("en")


def done_buttons_fr(app):
    return [w for w in app.table.hud.prompt.widgets if widget_label(w).startswith("Terminé")]


def test_a_computers_rotate_goals_changes_nothing_of_the_cover(app):
    """Bo, a computer, rotates the goals: the cover for Cy comes down as before, nobody's goal on it; Ann, who had
    looked, is told at her turn."""
    app.start_game("aquarius", {}, [Seat("Ann"), Seat("Bo", "computer"), Seat("Cy")], seed=ROTATE)
    session = app.session
    lift(app)
    peek(app)
    place_a_card(app)
    assert session.stage == "computer"
    session._try(next(m for m in session.game.legal_moves(session.state) if str(m) == "rotate-goals left"))
    assert session.stage == "cover" and session.viewer is None and session.observation()["goal"] is None
    session.reveal()
    assert session.viewer == 2
    session._try(next(m for m in session.game.legal_moves(session.state) if str(m).startswith("place")))
    session.reveal()
    assert session.viewer == 0 and session.goal_hint().startswith(tr("hud_goal_changed"))


def test_a_person_followed_by_a_computer_sees_no_goal_at_the_next_cover():
    """Bo rotates the goals and Cy, a computer, moves next: no cover then, and Bo's goal is not shown; at Ann's cover
    after Cy's move nothing of Bo's goal shows (Bo is told at his turn, as before)."""
    session = Session.new("aquarius", {}, [Seat("Ann"), Seat("Bo"), Seat("Cy", "computer")], seed=ROTATE,
                          autosave=False)
    session.reveal()
    session._try(next(m for m in session.game.legal_moves(session.state) if str(m).startswith("place")))
    session.reveal()
    session.peek(True)
    session.peek(False)
    session._try(next(m for m in session.game.legal_moves(session.state) if str(m) == "rotate-goals left"))
    assert session.stage == "computer" and session.viewer is None
    assert session.computer_move()
    assert session.stage == "cover" and session.viewer is None and session.observation()["goal"] is None
    session.reveal()
    assert session.viewer == 0
    session._try(next(m for m in session.game.legal_moves(session.state) if str(m).startswith("place")))
    session.reveal()  # Bo: told if his goal differs from the one he looked at (Cy may have traded it back)
    changed = goal_of(session, 1) != session.goals_seen[1]
    assert session.viewer == 1 and session.goal_hint().startswith(tr("hud_goal_changed")) == changed


def rising_trades(app):
    """Ann, in a hot-seat Aquarius Rising game (its deck has Trade Goals), trades her goal with Bo's and plays her
    pyramid; her new goal shown at the cover (the news kept through the rest of her turn: the pyramid, played after
    the trade, dropped it at first)."""
    app.start_game("aquarius-rising", {}, [Seat("Ann"), Seat("Bo"), Seat("Cy")], seed=TRADE)
    lift(app)
    peek(app)
    before = goal_of(app.session, 0)
    play_action(app, "trade_goals", "Bo")
    session = app.session
    assert session.stage == "pyramid" and goal_of(session, 0) != before
    session._try(next(m for m in session.game.legal_moves(session.state) if str(m).startswith("pyramid")))
    app.table.refresh()
    assert session.goal_news_open and session.viewer == 0
    return goal_of(session, 0)


@pytest.mark.parametrize("case", ["rising", "notice"])
@pytest.mark.parametrize("percent", [100, 150])
@pytest.mark.parametrize("width,height", SIZES)
def test_the_new_goal_fits_under_the_notice_and_in_rising(app, monkeypatch, width, height, percent, case):
    """Where the room over the prompt is short (a notice over the table at 150%; Rising's trays and heights), the
    new goal's panel stays inside the window and clear of every part of the HUD, its card and words smaller to fit
    (at 1024x600 and 150% it reached past the window's top in Rising, and over a notice in Aquarius)."""
    from test_layout import with_window

    from aquarius3d.screens.layout import inside, overlap

    original = with_window(app, monkeypatch, width, height)
    app.settings["interface_scale"] = percent
    try:
        new = rising_trades(app) if case == "rising" else bo_rotates(app)
        table, hud = app.table, app.table.hud
        if case == "notice":  # a notice over the table meanwhile (as a failed autosave's): the log's last line
            app.session.notice = app.session.messages[-1]
            table.refresh()
            assert hud.notice.getText() == app.session.notice
        table.apply_scale()
        news = hud.new_goal
        assert news.shown and news.words.node().getText() == f"Your new goal: {element_name(new)}"
        panel, card = news.rects()
        aspect = width / height
        what = (width, height, percent, case)
        assert inside(panel, (-aspect, aspect, -1, 1), 0.002) and inside(card, panel, 0.002), (panel, what)
        words = node_box(app, news.words)
        assert inside(words, panel, 0.002) and words[2] >= card[3] - 0.002, what
        assert card[3] - card[2] >= 0.5, what  # (a quarter of the window's height)
        parts = [(r[0] * aspect, r[1] * aspect, r[2], r[3]) for r in hud.obstacles(False)]
        if case == "notice":
            assert any(overlap(r, node_box(app, hud.notice)) for r in parts)  # (the notice is among them)
        for rect in parts:
            assert not overlap(panel, rect), (rect, panel, what)
    finally:
        app.base.adjustWindowAspectRatio(original)


def test_a_hand_card_under_the_pointer_stands_clear_of_the_new_goal(app, monkeypatch):
    """Bo's own hand shows under his new goal: an action card of it under the pointer shows enlarged (over all, in
    the popup bin) beside or under the new goal, never over it."""
    from driving import FakeTask, screen_of_hand
    from test_layout import with_window

    from aquarius3d.screens.layout import overlap

    original = with_window(app, monkeypatch, 1024, 600)
    try:
        for percent in (100, 150):
            app.settings["interface_scale"] = percent
            bo_rotates(app)
            table, hand, state = app.table, app.table.hud.hand, app.session.state
            for code in ("zap_a_card", "trade_hands"):  # Bo holds two action cards (the deck's)
                card = next(i for i in state.deck if app.session.game.deck.cards[i].code == code)
                state.deck.remove(card)
                state.hands[1].append(card)
            table.apply_scale()
            actions = [i for i, card in enumerate(hand.cards) if card["kind"] != "element"]
            assert actions and table.hud.new_goal.shown
            for i in actions:
                point = screen_of_hand(app, i)
                monkeypatch.setattr(table.picker, "mouse", lambda point=point: point)
                table._tick(FakeTask())
                assert hand.enlarged is not None and hand.enlarged_index == i
                seen = node_box(app, hand.enlarged)
                for rect in table.hud.new_goal.rects():
                    assert not overlap(seen, rect), (percent, i, seen, rect)
    finally:
        app.base.adjustWindowAspectRatio(original)


def test_no_widget_of_the_table_is_left_behind_game_after_game(app):
    """The new goal's panel and card and the cover's band go with the table screen: Panda3D's list of live widgets
    does not grow game after game (it grew by three)."""
    from direct.gui.DirectGuiBase import DirectGuiWidget

    counts = []
    for _ in range(3):
        app.start_game("aquarius", {}, [Seat("Ann"), Seat("Bo")], seed=ROTATE)
        counts.append(len(DirectGuiWidget.guiDict))
    assert counts[1] == counts[2] == counts[0], counts


def test_a_part_reaching_down_past_the_prompt_blocks_the_new_goal(app, monkeypatch):
    """A part of the HUD standing from under the new goal's floor to over it (its bottom lower than the panel's) is
    kept clear of as those over it are: the panel stands beside it (it was not counted, as its bottom was low)."""
    from aquarius3d.screens.layout import overlap

    bo_rotates(app)
    hud = app.table.hud
    news, aspect = hud.new_goal, app.base.getAspectRatio()
    floor = news.rects()[0][2]
    part = (-0.1 / aspect, 0.1 / aspect, floor - 0.05, floor + 0.3)  # (screen units, as obstacles gives them)
    obstacles = hud.obstacles
    monkeypatch.setattr(hud, "obstacles", lambda *args, **kwargs: obstacles(*args, **kwargs) + [part])
    news.place(hud)
    panel, card = news.rects()
    assert not overlap(panel, (-0.1, 0.1, part[2], part[3])), panel
    assert card[3] - card[2] >= 0.6, card


def test_rising_keeps_the_news_through_the_pyramid_and_a_take_back_drops_it(app):
    """Aquarius Rising: Trade Goals, then the turn's pyramid, and the new goal shows at the cover (the pyramid's move
    dropped the news before); taken back, the turn shows no new goal, and a turn without a goal's change after it
    none either."""
    rising_trades(app)
    session = app.session
    assert session.take_back() and not session.goal_news_open and session.goal_news is None
    for _ in range(6):  # the turn played again without Trade Goals (a card of the hand, then its pyramid)
        if session.stage == "cover" or session.state.turn != 0:
            break
        moves = [m for m in session.game.legal_moves(session.state)
                 if not str(m).startswith(("trade_goals", "rotate_goals"))]
        assert moves and session._try(moves[0])
    assert session.stage == "cover" and not session.goal_news_open
