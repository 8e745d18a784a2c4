"""Feedback at the table, driven offscreen: the last move outlined and sliding in, computer turns named and
paced, the seats round the table, the paced hand-off cover in words, the drawn Towers action, sounds."""

import pytest

from aquarius3d.i18n import set_language, tr
from aquarius3d.engine.moves import Skip
from aquarius3d.session import Seat


@pytest.fixture
def app(offscreen, tmp_path, monkeypatch):
    monkeypatch.setenv("AQUARIUS3D_HOME", str(tmp_path))
    monkeypatch.setenv("AQUARIUS3D_CACHE_DIR", str(tmp_path / "cache"))
    from aquarius3d.app import App

    offscreen.scene.root.stash()
    application = App(base=offscreen.base)
    yield application
    application.screens.close()
    application.pacer.stop()
    offscreen.base.taskMgr.remove("aquarius3d-tick")
    offscreen.base.ignoreAll()
    offscreen.scene.root.unstash()
    set_language("en")


def place_a_card(app):
    """The player to move puts an element card on its first glowing spot; the move."""
    session = app.session
    while session.stage == "cover":
        app.table.reveal()  # shows a held cover first, then lifts it
    for index in range(len(session.observation()["hand"])):
        session.select(index)
        if session.stage == "place" and session.spots():
            move = sorted(session.spots(), key=str)[0]
            assert session.choose_cell(move.cell)
            app.table.refresh()
            return move
        session.cancel()
    raise AssertionError("no element card to place")


def card_at(app, cell):
    return app.session.state.table.cards[cell]


def test_the_last_move_is_outlined_until_the_next(app):
    app.start_game("aquarius", {}, [Seat("Ann"), Seat("Bo")], seed=5)
    feedback = app.table.feedback
    assert feedback.last_move.keys == set()  # nothing played yet: no rim
    first = place_a_card(app)
    feedback.last_move.finish()
    assert feedback.last_move.keys == {card_at(app, first.cell)}
    rims = feedback.last_move.rims
    assert rims.getNumChildren() == 1 and not rims.isHidden()
    low, high = rims.getTightBounds(app.table.scene.root)
    from aquarius3d.core import geometry

    x, y = geometry.cell_centre(*first.cell)
    assert low.x < x - geometry.CARD_WIDTH / 2 < x + geometry.CARD_WIDTH / 2 < high.x  # round the card
    assert low.y < y - geometry.CARD_LENGTH / 2 < y + geometry.CARD_LENGTH / 2 < high.y
    app.table.reveal()
    app.table.reveal()  # the cover: shown (its pause cut short), then lifted by Bo
    assert app.session.stage == "choose"
    second = place_a_card(app)
    assert feedback.last_move.keys == {card_at(app, second.cell)}  # only the newest move


def test_a_placed_card_slides_in_from_the_hand_eased(app):
    from aquarius3d.view.motion import SLIDE, ease

    app.start_game("aquarius", {}, [Seat("Ann"), Seat("Bo")], seed=5)
    table = app.table
    move = place_a_card(app)
    motion = table.feedback.last_move
    key = card_at(app, move.cell)
    assert motion.busy() and table.busy() and key in table.scene.flying
    (_, copy, start, end), = motion.sliding
    hand = table.picker.table_point((0.0, -0.85))
    assert (start.x, start.y) == pytest.approx(hand)  # from under the hand, on screen
    motion.step(motion.started + SLIDE / 2)
    middle = copy.getPos()
    assert middle.x == pytest.approx(start.x + (end.x - start.x) * ease(0.5))
    assert middle.z > end.z + 10  # lifted in its arc
    motion.step(motion.started + SLIDE * 1.01)
    assert not motion.busy() and not table.scene.flying and copy.isEmpty()
    assert 0.25 <= SLIDE <= 0.4 and ease(0.1) < 0.1 and ease(0.9) > 0.9


def test_a_computer_move_slides_from_its_seat_and_is_named_in_words(app):
    app.start_game("aquarius", {}, [Seat("Ann"), Seat("Cy", "computer", "random")], seed=8)
    table = app.table
    place_a_card(app)
    assert app.session.stage == "computer"
    table._bot_due = 0
    from driving import FakeTask

    table._tick(FakeTask())
    session = app.session
    assert session.last_played.seat == 1
    line = session.messages[session.last_played.said]
    assert line.startswith("Cy ") and "," not in line.split()[-1]  # words, not "0,-3"
    assert table.hud.notice.getText().split("\n")[0] == line  # named at the top as well as in the log
    if table.feedback.last_move.sliding:
        start = table.feedback.last_move.sliding[0][2]
        assert (start.x, start.y) == pytest.approx(table.feedback.seats.spot(1))
    assert table._bot_due > 0  # the next computer move waits its pause


def test_seats_sit_round_the_table_with_counts_and_the_turn_in_gold(app):
    from aquarius3d.view.seat_labels import TURN

    app.start_game("aquarius", {}, [Seat("Ann"), Seat("Bo", "computer"), Seat("Cy", "computer")], seed=2)
    seats = app.table.feedback.seats
    assert [seats.text(i).split("\n")[0] for i in range(3)] == ["Ann", "Bo", "Cy"]
    assert seats.text(1).split("\n")[1] == tr("seat_cards", count=3)
    assert tuple(seats.labels[0].node().getTextColor()) == pytest.approx(TURN)
    assert tuple(seats.labels[1].node().getTextColor()) != pytest.approx(TURN)
    (x0, y0, _), (x1, y1, _) = app.table.scene.bounds()
    ann, bo, cy = (seats.spot(i) for i in range(3))
    assert ann[1] < y0 and bo[1] > y1 and cy[1] > y1 and bo[0] < cy[0]  # Ann near, the others across, in order
    (_, t0), (_, t1) = app.table.scene.table_extent  # at the table's edge, by their sides
    assert ann[1] < t0 + 40 and bo[1] > t1 - 40 and cy[1] > t1 - 40
    low, high = seats.backs.getTightBounds(app.table.scene.root)  # the opponents' hands as card backs, before them
    assert y1 < low.y and high.y < min(bo[1], cy[1]) and low.x < bo[0] < cy[0] < high.x
    place_a_card(app)
    assert tuple(seats.labels[1].node().getTextColor()) == pytest.approx(TURN)  # Bo to move now


def test_in_hot_seat_the_label_by_the_hand_is_the_player_whose_hand_shows(app):
    """Found playing by real input: during Bo's turn "Ann, 3 cards" stood by Bo's hand. The seat whose hand shows
    along the bottom sits at the near edge, and only the others' hands are card backs across the table."""
    app.start_game("aquarius", {}, [Seat("Ann"), Seat("Bo")], seed=3)
    seats, table = app.table.feedback.seats, app.table
    (_, y0, _), (_, y1, _) = table.scene.bounds()
    assert seats.spot(0)[1] < y0 < y1 < seats.spot(1)[1]  # Ann's turn: Ann near, Bo across
    place_a_card(app)
    while app.session.stage == "cover":
        table.reveal()
    assert app.session.seat == 1 and app.session.observation()["hand"]  # Bo's hand along the bottom
    (_, y0, _), (_, y1, _) = table.scene.bounds()
    bo, ann = seats.spot(1), seats.spot(0)
    assert bo[1] < y0 and ann[1] > y1, (bo, ann)  # Bo's label by Bo's hand, Ann's across the table
    low, high = seats.backs.getTightBounds(table.scene.root)  # Ann's hand as backs by Ann, none for Bo's
    assert low.y > y1
    assert seats.text(1).split("\n")[0] == "Bo"


def test_rising_seats_count_pyramids(app):
    app.start_game("aquarius-rising", {}, [Seat("Ann"), Seat("Bo")], seed=2)
    seats = app.table.feedback.seats
    pyramids = sum(c for _, c in app.session.flow.supply(0))
    cards = app.session.observation()["hand_sizes"][0]
    assert pyramids > 0 and cards > 0
    counts = tr("seat_cards_pyramids", cards=tr("count_cards", count=cards), pyramids=tr("count_pyramids", count=pyramids))
    assert seats.text(0) == tr("name_and_counts", name="Ann", counts=counts)  # one line, at the tray
    assert seats.text(0) == f"Ann: {cards} card{'s' if cards != 1 else ''}, {pyramids} pyramid{'s' if pyramids != 1 else ''}"


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_cover_waits_and_says_what_happened_since(app, language):
    from aquarius3d.screens.feedback import COVER_PAUSE

    set_language(language)
    app.start_game("aquarius", {}, [Seat("Ann"), Seat("Bo")], seed=5)
    table, hud = app.table, app.table.hud
    place_a_card(app)
    ann_line = app.session.messages[-1]
    assert app.session.stage == "cover"
    assert hud.cover_held and hud.cover.isHidden() and table.busy()  # the move is seen first
    assert table.base.cam.node().isActive()
    table.feedback.step(table.feedback.cover_due - 0.01)
    assert hud.cover.isHidden()
    table.feedback.step(table.feedback.cover_due + 0.01)
    assert not hud.cover.isHidden() and not table.feedback.busy()
    since = hud.cover_since.getText().split("\n")
    assert since == [tr("cover_since"), ann_line]
    assert ann_line.startswith("Ann ")
    table.reveal()  # Bo looks and plays; Ann's cover then tells Bo's move only
    place_a_card(app)
    table.feedback.release()
    assert hud.cover_since.getText().split("\n")[1:] == [app.session.messages[-1]]
    assert COVER_PAUSE >= 0.8


def test_sounds_play_on_a_move_and_not_at_volume_zero(app):
    import wave

    app.start_game("aquarius", {}, [Seat("Ann"), Seat("Bo")], seed=5)
    sounds = app.table.feedback.sounds
    place_a_card(app)
    assert sounds.played == ["place"]
    from aquarius3d.view.sound import sound_file

    with wave.open(str(sound_file("place"))) as made:
        assert made.getnframes() > 1000 and made.getsampwidth() == 2
    app.table.reveal()
    app.table.reveal()
    app.settings["volume"] = 0
    app.session.pass_turn()  # refused (Bo can play): no invalid sound at volume 0 either
    app.table.refresh()
    place_a_card(app)
    assert sounds.played == ["place"]
    app.settings["volume"] = 40
    app.table.reveal()
    app.table.reveal()
    assert app.session.stage == "choose" and not app.session.can_pass()
    app.session.pass_turn()
    app.table.refresh()
    assert sounds.played == ["place", "invalid"]


def test_every_sound_is_made_in_code():
    import numpy as np

    from aquarius3d.view.sound import NAMES, make

    for name in NAMES:
        samples = make(name)
        assert 0.05 < len(samples) / 22050 < 1.5 and np.abs(samples).max() <= 1.0 and np.abs(samples).max() > 0.1


def test_the_discard_pile_lies_face_up_with_its_top_card_named(app):
    app.start_game("aquarius", {}, [Seat("Ann"), Seat("Bo", "computer")], seed=4)
    piles = app.table.parts.piles
    assert piles.discard_face.isHidden()  # nothing discarded yet
    session = app.session
    for index in range(len(session.observation()["hand"])):
        session.select(index)
        if session.stage == "direction":
            session.choose_direction("left")
            break
        session.cancel()
    else:
        pytest.skip("no Rotate Goals in this hand")
    app.table.refresh()
    assert not piles.discard_face.isHidden()
    assert piles.discard_name.node().getText() == tr("action_rotate_goals")
    face, stack = piles.discard_face.getPos(), piles.stacks["discard"].getPos()
    assert (face.x, face.y) == pytest.approx((stack.x, stack.y))
    assert app.table.feedback.sounds.played[-1] == "action"


@pytest.mark.parametrize("language", ["en", "fr"])
def test_towers_drawn_action_card_is_shown_with_its_name_before_it_acts(app, language):
    from aquarius3d.i18n import action_name

    set_language(language)
    app.start_game("elemental-towers", {}, [Seat("Ann")], seed=1)
    table, feedback = app.table, app.table.feedback
    for _ in range(80):
        session = app.session
        if session.stage in ("table_card", "row", "trade_piece"):
            break
        assert feedback.action_card.isHidden()  # no action drawn: no card shown
        if session.stage == "place":
            session.choose_cell(sorted(session.spots(), key=str)[0].cell)
        elif session.stage == "earned":
            session.choose(Skip(session.flow.earned()[0][0]))
        else:
            pytest.fail(f"unexpected stage {session.stage}")
        table.refresh()
    else:
        pytest.skip("no action drawn in this deal")
    action = app.session.action
    assert not feedback.action_card.isHidden()
    assert feedback.drawn.cards == [{"kind": "action", "code": action}]  # its face: the picture, its name written on
    said = [node.node().getText() for node in feedback.action_card.findAllMatches("**/+TextNode")]
    assert said == [action_name(action)]
    x0, x1, z0, z1 = feedback.drawn.nodes[0][1]  # pointed at, it shows enlarged with what it does, as a hand's card
    aspect = app.base.getAspectRatio()
    table.picker.mouse = lambda: ((x0 + x1) / 2 / aspect, (z0 + z1) / 2)
    if table.tour.shown:  # (the first game's tour: while it shows, only its buttons answer)
        table.tour.finish()
    feedback._point_at_action()
    assert feedback.drawn.enlarged is not None
    words = [node.node().getText() for node in feedback.drawn.enlarged.findAllMatches("**/+TextNode")]
    assert action_name(action) in words and table.scene.action_effects[action] in words


def test_the_volume_setting_is_shown_and_stored(app):
    from aquarius3d.files import user_settings

    screen = app.show_settings()
    assert screen.volume_buttons[60]["text"] == "> 60 <" and screen.volume_buttons[0]["text"] == tr("settings_volume_off")
    screen.set_volume(0)
    assert user_settings.load_settings()["volume"] == 0
    assert app.screens.current.volume_buttons[0]["text"] == f"> {tr('settings_volume_off')} <"


def test_an_undone_move_leaves_no_rim(app):
    app.start_game("elemental-towers", {}, [Seat("Ann")], seed=1)
    session, feedback = app.session, app.table.feedback
    for _ in range(80):  # play until a card earns actions: the turn goes on and may be undone
        if session.stage == "place":
            session.choose_cell(sorted(session.spots(), key=str)[0].cell)
        elif session.stage == "earned":
            session.choose(Skip(session.flow.earned()[0][0]))
        else:
            pytest.skip(f"stage {session.stage} first")
        app.table.refresh()
        if session.can_take_back():
            break
    else:
        pytest.skip("nothing to undo in this deal")
    assert feedback.last_move.keys and not feedback.last_move.stale()
    assert session.take_back()
    app.table.refresh()
    assert feedback.last_move.keys == set() and feedback.last_move.rims.getNumChildren() == 0


def test_the_end_of_a_game_plays_the_win_sound(app):
    from driving import FakeTask

    app.start_game("aquarius", {}, [Seat("Bo", "computer", "medium"), Seat("Cy", "computer", "medium")], seed=6)
    table = app.table
    for _ in range(300):
        if app.session.stage == "over":
            break
        table._bot_due = 0
        table._tick(FakeTask())
    assert app.session.stage == "over"
    played = table.feedback.sounds.played
    assert played[-1] == "win" and played.count("win") == 1 and set(played[:-1]) <= {"place", "action"}


def test_towers_an_action_that_acted_on_drawing_is_told_with_what_it_did_and_leaves_no_panel(app):
    """Issue 27, point 8: Shuffle Goals drawn with a move acts at once; the notice says so and the scoring row it
    made ("The scoring row is now Fire 5, Space 4, ..."), until the next move; no panel stays up saying "done"."""
    from aquarius3d.i18n import action_name
    from aquarius3d.games.towers.narration import row_words

    for seed in range(1, 9):
        app.start_game("elemental-towers", {}, [Seat("Ann")], seed=seed)
        table, feedback, session = app.table, app.table.feedback, app.session
        for _ in range(120):
            stage = session.stage
            if stage == "place":
                session.choose_cell(sorted(session.spots(), key=str)[0].cell)
            elif stage == "earned":
                session.choose(Skip(session.flow.earned()[0][0]))
            else:
                break
            table.refresh()
            lines = session.messages[session.last_played.said + 1:]
            top = session.game.deck.cards[session.state.discard[-1]].code if session.state.discard else None
            done = tr("log_drew_done", name="Ann", action=action_name("shuffle_goals"))
            if top == "shuffle_goals" and done in lines:
                notice = table.hud.notice.getText()
                assert done in notice, notice
                assert tr("log_shuffled_row", row=row_words(session.game, session.state.unused_goals)) in notice
                assert feedback.action_card.isHidden()  # (the action is done: nothing waits on it)
                assert notice == table.hud.notice.getText() and session.stage in ("place", "earned")
                return
    pytest.skip("no Shuffle Goals acted on drawing in these deals")


def test_towers_no_action_card_over_the_end_panel(app):
    """The last card drawn may be an action that acted at once: at the end of the game the end panel stands where
    that card would show, so it is not shown."""
    from types import SimpleNamespace

    from aquarius3d.screens.feedback import Feedback
    from aquarius3d.session import Session
    from driving import FakeTask

    seats = [Seat("Bo", "computer", "random")]
    for seed in range(1, 40):  # a deal that ends so, found without the window (the same moves as in it)
        session = Session.new("elemental-towers", {}, seats, seed=seed, autosave=False)
        while session.computer_move():
            pass
        if session.stage == "over" and Feedback._resolved_on_drawing(SimpleNamespace(session=session))[0]:
            break
    else:
        pytest.skip("no deal ended on an action that acted on drawing")
    app.start_game("elemental-towers", {}, seats, seed=seed)
    table, feedback, session = app.table, app.table.feedback, app.session
    for _ in range(400):
        if session.stage == "over":
            break
        table._bot_due = 0
        table._tick(FakeTask())
    assert session.stage == "over"
    table.refresh()
    assert feedback._resolved_on_drawing()[0] is not None
    assert feedback.action_card.isHidden()


def test_a_solitaire_game_has_no_seat_label_repeating_the_turn_panel(app):
    """Playtest (Elemental Towers): a label "Ann / Score 0 (Novice)" stood by the hand, moving between the turn's
    steps, saying what the turn panel says. A solitaire game has no seat label; a game of several seats keeps one a
    seat."""
    app.start_game("elemental-towers", {}, [Seat("Ann")], seed=1)
    app.table.refresh()
    app.table.feedback.place_labels()
    assert app.table.feedback.seats.labels == []
    assert tr("hud_score", score=0, rank=app.session.flow.score()[1]) in app.table.hud.info.getText()
    app.start_game("aquarius", {}, [Seat("Ann"), Seat("Bo")], seed=1)
    app.table.refresh()
    assert len(app.table.feedback.seats.labels) == 2
