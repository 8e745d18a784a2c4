"""Take-back (takeback.py): a human takes back their last move until the next seat acts, never across a draw they saw."""

import pytest

from aquarius3d.engine.moves import Place
from aquarius3d.i18n import set_language
from aquarius3d.session import Seat, Session


pytestmark = pytest.mark.usefixtures("private_home")  # (conftest.py: a home of the test's own)


def quiet_place(session, bonus: bool = False):
    """A legal Place for the seat to move that draws no bonus card (or one that does); None if there is none."""
    game = session.game
    for move in game.legal_moves(session.state):
        if isinstance(move, Place):
            trial = session.state.copy()
            if (game.apply(trial, move).bonus > 0) == bonus:
                return move
    return None


def test_a_move_is_taken_back_with_the_deck_as_it_was_until_the_computer_moves():
    session = Session.new("aquarius", {}, [Seat("Ann"), Seat("Bot", "computer")], seed=2)
    assert session.stage == "choose" and not session.can_take_back()
    before = session.state.copy()
    move = quiet_place(session)
    assert session._try(move) and session.stage == "computer"
    assert session.state.deck != before.deck  # the computer's turn began with its draw, unseen by Ann
    assert session.can_take_back()
    assert session.take_back()
    assert session.stage == "choose" and session.seat == 0
    assert session.state.to_dict() == before.to_dict()  # deck, hands, table: all as before the move
    assert session.messages == ["Ann took back their move"]
    assert not session.can_take_back()  # one step only
    assert session._try(move) and session.computer_move()
    assert not session.can_take_back() and not session.take_back()  # the computer has acted
    assert "nothing to take back" in session.notice


def test_hot_seat_take_back_until_the_cover_is_lifted():
    session = Session.new("aquarius", {}, [Seat("Ann"), Seat("Bo")], seed=5)
    session.reveal()
    before = session.state.to_dict()
    assert session._try(quiet_place(session)) and session.stage == "cover"
    assert session.can_take_back()
    session.reveal()  # Bo looks: Ann's move stands
    assert session.stage == "choose" and session.seat == 1 and not session.can_take_back()
    assert not session.take_back()
    # Again, taken back under the cover: Ann is the one looking again, no second cover.
    session = Session.new("aquarius", {}, [Seat("Ann"), Seat("Bo")], seed=5)
    session.reveal()
    assert session._try(quiet_place(session)) and session.take_back()
    assert session.stage == "choose" and session.seat == 0 and session.state.to_dict() == before


def test_never_across_a_bonus_draw_the_mover_has_seen():
    for seed in range(60):
        session = Session.new("aquarius", {}, [Seat("Ann"), Seat("Bot", "computer")], seed=seed)
        for _ in range(30):
            if session.stage == "computer":
                session.computer_move()
                continue
            if session.stage != "choose":
                break
            move = quiet_place(session, bonus=True)
            if move is not None:
                assert session._try(move) and session.stage in ("computer", "over")
                assert not session.can_take_back() and not session.take_back()
                return
            plain = quiet_place(session)
            if plain is None:
                break
            session._try(plain)
    pytest.fail("no bonus draw found in the seeds tried")


def test_a_trade_of_hands_is_never_taken_back():
    for seed in range(8):
        session = Session.new("aquarius", {}, [Seat("Ann"), Seat("Bot", "computer")], seed=seed)
        for _ in range(200):
            if session.stage == "over":
                break
            if session.stage == "computer":
                session.computer_move()
                continue
            trade = [m for m in session.game.legal_moves(session.state) if type(m).__name__ == "TradeHands"]
            if trade:
                assert session._try(trade[0])
                assert not session.can_take_back()
                return
            session._try(quiet_place(session) or session.game.legal_moves(session.state)[0])
    pytest.fail("no Trade Hands came to Ann in the seeds tried")


def test_rising_takes_back_the_pyramid_then_nothing_more():
    session = Session.new("aquarius-rising", {}, [Seat("Ann"), Seat("Bot", "computer")], seed=3)
    assert session._try(quiet_place(session)) and session.stage == "pyramid"
    assert session.can_take_back()  # the card, while the pyramid is still to come
    supply = list(session.state.data.supply[0])
    for pyramid, _ in session.flow.supply():
        session.select_pyramid(pyramid)
        if session.spots():
            break
    move = next(iter(session.spots()))
    session.choose(move)
    assert session.stage == "computer" and session.can_take_back()
    assert session.take_back() and session.stage == "pyramid" and session.state.data.supply[0] == supply


def test_towers_take_back_is_its_own_undo():
    session = Session.new("elemental-towers", {}, [Seat("Solo")], seed=3)
    assert session.stage == "place" and not session.can_take_back()
    cell = next(iter(session.spots().values())).cell
    log = len(session.state.log)
    assert session.choose_cell(cell)
    if session.can_take_back():  # an action or a place earned after the card: the same undo as the flow's
        assert session.take_back() and len(session.state.log) == log and session.stage == "place"
    else:  # the turn ended and the next card was drawn: never across that draw
        assert session.state.turn_number > 0 and not session.take_back()


@pytest.mark.parametrize("family", ["aquarius", "rising", "towers", "dominus"])
def test_every_family_says_whether_it_keeps_its_own_undo(family):
    from aquarius3d.session.flows.base import Flow
    from aquarius3d.session.flows import flow_of

    flow = flow_of(family)
    assert issubclass(flow, Flow) and "own_undo" in vars(flow)  # said by the family, not inherited by default
    assert flow.own_undo is (family == "towers")


def test_take_back_asks_the_flow_whether_it_keeps_its_own_undo():
    session = Session.new("aquarius", {}, [Seat("Ann"), Seat("Bo")], seed=2)
    asked = []
    session.flow.own_undo = True  # as a family with its own undo: take-back hands over to the flow
    session.flow.can_undo = lambda: asked.append("can_undo") or True
    session.flow.restore_point = lambda: asked.append("undo") or (session.state.copy(), len(session.messages))
    assert session.can_take_back() and session.take_back() and asked == ["can_undo", "undo"]


def test_u_and_the_button_take_back_at_the_table(app):
    app.start_game("aquarius", {}, [Seat("Ann"), Seat("Bo")], seed=5)
    table, session = app.table, app.session
    table.reveal()
    before = session.state.to_dict()
    session._try(quiet_place(session))
    table.refresh()
    assert session.stage == "cover"
    labels = [w["text"] for w in table.hud.choice_widgets if hasattr(w, "getWidth")]
    # on Bo's cover, which hides everything else, it says whose move it takes back (found playing by real input)
    assert "Take back Ann's move (U)" in labels
    button = next(w for w in table.hud.choice_widgets if hasattr(w, "getWidth") and w["text"] == "Take back Ann's move (U)")
    assert button.getParent() == table.hud.cover
    table.key_undo()
    assert session.stage == "choose" and session.state.to_dict() == before
    assert not [w for w in table.hud.choice_widgets if hasattr(w, "getWidth") and "Take back" in w["text"]]


def test_the_cover_names_whose_move_it_takes_back_in_french(app):
    set_language("fr")
    app.start_game("aquarius", {}, [Seat("Ann"), Seat("Bo")], seed=5)
    table, session = app.table, app.session
    table.reveal()
    session._try(quiet_place(session))
    table.feedback.release()
    table.refresh()
    assert session.stage == "cover"
    labels = [w["text"] for w in table.hud.choice_widgets if hasattr(w, "getWidth")]
    assert "Reprendre le coup joué par Ann (U)" in labels


def test_solitaire_undo_says_its_own_reason_and_the_log_names_the_drawn_action():
    """Issue 27: Elemental Towers' undo refuses in solitaire words (the turn has just begun, and it never goes back
    past a card drawn), not hot-seat ones; a drawn action card waiting for a choice is named in the log."""
    # (zap_last_card: the first card drawn is Zap a Card, with the starter alone on the table to take)
    session = Session.new("elemental-towers", {"zap_last_card": True}, [Seat("Solo")], seed=12, autosave=False)
    assert session.stage == "table_card" and session.action == "zap_a_card"  # the first card drawn: Zap a Card
    assert session.messages == ["Solo drew Zap a Card"]
    assert not session.take_back()
    assert session.notice == "Not allowed: nothing to undo: this turn has just begun, and undo never goes back " \
                             "past a card you drew"
    cell = next(iter(session.state.table.cards))
    assert session.choose_table_card(cell)  # zapped: the next card is drawn, a new turn
    assert session.messages[0] == "Solo drew Zap a Card" and len(session.messages) >= 2
