"""Aquarius Rising's turns that hold nothing to do (found playing whole games by real input): a person with no card
to play and no quarter for any pyramid is not made to lift the cover and press Pass turn after turn; the table passes
for them and says why, once, and the game ends when nobody can play. The rule text: "Each action is mandatory, unless
game circumstances forbid it"; "The game ends when no one can do any of the three actions any more"
(tests/positions/aquarius-rising/out-of-play.yaml is the same table for the rules alone)."""

import random
from pathlib import Path

import pytest

from aquarius3d.engine.moves import PlacePyramid
from aquarius3d.i18n import set_language, tr
from aquarius3d.positions.file import read_position
from aquarius3d.session import Seat, Session
from driving import open_position

POSITION = Path(__file__).parent / "positions" / "aquarius-rising" / "out-of-play.yaml"


def out_of_play_table(app):
    """Ann to play WWEE and two blue pyramids; Bo, at the same screen, holds no card and a green pyramid no quarter
    takes, and the deck is empty."""
    position = read_position(POSITION)
    session = open_position(app, position)
    return session


def stand(session, quarter):
    move = next(m for m in session.spots() if isinstance(m, PlacePyramid) and m.cell == (0, -2) and m.quarter == quarter)
    assert session.choose(move)


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_player_who_can_do_nothing_passes_by_itself_and_is_told_why_once(app, language):
    set_language(language)
    session = out_of_play_table(app)
    table = app.table
    assert session.seat == 0 and session.stage == "choose"
    session.select(0)
    assert session.choose_cell((1, -2))
    stand(session, 0)
    table.refresh()
    # Bo could do nothing: his turn passed without a cover to lift or a Pass to press, and Ann plays on
    assert session.seat == 0 and session.stage == "choose" and not session.state.over
    line = tr("log_out_of_play", name="Bo", cards=tr("out_no_card"), pyramids=tr("out_no_quarter"))
    assert line in session.messages and tr("log_pass", name="Bo") not in session.messages
    table.feedback.release()
    table.refresh()
    assert table.hud.cover.isHidden()
    assert table.hud.notice.getText() == line  # said at the top too, once
    # Ann's hand is empty but a pyramid of hers has a quarter: told how to go on, not "nothing in your hand"
    assert table.hud.prompt.text.getText() == tr("hud_pass_empty_hand")
    assert session.can_take_back() and session.take_back_mover() == 0  # Bo's pass did not take Ann's take-back
    table.key_pass()
    assert session.stage == "pyramid"
    stand(session, 1)
    table.refresh()
    # Bo again: said shortly, in the log only; then Ann can do nothing either, and the game ends
    assert session.state.over and session.state.end_reason == "highest element"
    assert tr("log_out_again", name="Bo") in session.messages
    assert session.messages.count(line) == 1  # in full once, then shortly
    assert session.messages[-1] == tr("log_out_of_play", name="Ann", cards=tr("out_no_card"),
                                      pyramids=tr("out_no_pyramid_left"))


def test_a_saved_game_replays_the_passes_the_table_made():
    """The passes made for a player are moves of the record: a saved game plays them again, never twice."""
    opening = tr("log_out_of_play", name="\0", cards="", pyramids="").split("\0")[1][:12]
    for seed in range(20):
        session = Session.new("aquarius-rising", {}, [Seat("Ann"), Seat("Bo")], seed=seed, autosave=False)
        rng = random.Random(seed)
        while not session.state.over and not any(opening in line for line in session.messages):
            session.reveal() if session.stage == "cover" else session._try(rng.choice(session.game.legal_moves(session.state)))
        if any(opening in line for line in session.messages):
            again = Session.from_record(session.record(), autosave=False)
            assert again.state.to_dict() == session.state.to_dict()
            assert again.seat == session.seat and again.state.over == session.state.over
            return
    raise AssertionError("no pass made for a player in 20 games")


@pytest.mark.parametrize("language", ["en", "fr"])
def test_no_quarter_for_any_pyramid_is_explained_once_not_turn_after_turn(language):
    """Found playing whole games: "No quarter can take…" came as the notice turn after turn, and twice in one
    hand-off cover. The reason is given once a game; later turns without a pyramid are said shortly, and the top
    notice tells it only when it is news for that seat."""
    set_language(language)
    full = tr("log_no_pyramid", name="\0", next="\0").split("\0")[0]  # the sentence's opening, before the name
    found = 0
    try:
        for seed in range(6):
            session = Session.new("aquarius-rising", {}, [Seat("Ann"), Seat("Bo"), Seat("Cy")], seed=seed,
                                  autosave=False)
            rng = random.Random(seed)
            notices = []
            for _ in range(600):
                if session.state.over:
                    break
                if session.stage == "cover":
                    assert "\n".join(session.since_last_turn()).count(full) <= 1
                    session.reveal()
                    continue
                assert session._try(rng.choice(session.game.legal_moves(session.state)))
                if session.notice:
                    notices.append(session.notice)
            assert sum(line.startswith(full) for line in session.messages) <= 1
            assert sum(notice.startswith(full) for notice in notices) <= 1
            found += sum(line.startswith(full) for line in session.messages) \
                + sum(line == tr("log_no_pyramid_again", name=s.name) for line in session.messages for s in session.seats)
        assert found >= 6  # (games that did end turns without a pyramid, again and again)
    finally:
        set_language("en")


@pytest.mark.parametrize("language", ["en", "fr"])
def test_move_a_card_s_second_pyramid_with_nowhere_to_go_is_said(app, language):
    """A playtester played Move a Card ("two pyramids this turn"), stood the one pyramid that had a quarter, and the
    turn passed to Bo without a word: the card's promise broken silently. The log and the notice say it
    (tests/positions/aquarius-rising/two-pyramids-one-fits.yaml: the same table for the rules alone); a turn of one
    pyramid as usual says nothing of the kind."""
    from aquarius3d.engine.moves import Place, TwoPyramids

    set_language(language)
    position = read_position(POSITION.parent / "two-pyramids-one-fits.yaml")
    session = open_position(app, position)
    assert session.seat == 0 and session.stage == "choose"
    assert session._try(next(m for m in session.game.legal_moves(session.state) if isinstance(m, TwoPyramids)))
    assert session.stage == "pyramid"
    move = next(m for m in session.game.legal_moves(session.state) if isinstance(m, PlacePyramid))
    assert move.pyramid == "Sr"
    assert session._try(move)
    line = tr("log_second_pyramid_nowhere", name="Ann")
    assert session.state.turn == 1 and line in session.messages and session.notice == line
    app.table.refresh()
    assert line in app.table.hud.notice.getText()
    # Bo plays a card as usual (his one pyramid fits no quarter either): not the two pyramids' line
    session.reveal()
    before = len(session.messages)
    assert session._try(next(m for m in session.game.legal_moves(session.state) if isinstance(m, Place)))
    said = session.messages[before:]
    assert len(said) >= 2 and not {tr("log_second_pyramid_nowhere", name="Bo"),
                                   tr("log_second_pyramid_none_left", name="Bo")} & set(said)
