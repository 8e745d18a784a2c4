"""Aquarius Rising across computers (issue 27, point 8 for play across computers): a player who joined over the
network and whose turn holds nothing to do is passed by the host, as a person at the host's screen is
(Session._pass_if_out, Flow.out_of_play; the ruling in rulesets/aquarius-rising.yaml): they never have to press
Pass turn after turn, and everybody, they too, reads why in the log and at the top. The host decides from its
own state and says the very line the table at one computer says. On loopback; each wait bounded in steps."""

from pathlib import Path

import pytest

from aquarius3d.engine.moves import PlacePyramid
from aquarius3d.i18n import tr
from aquarius3d.net.window import JoinedGame, Pump
from aquarius3d.positions.analyze import load_game
from aquarius3d.positions.checks import position_state
from aquarius3d.positions.file import read_position
from aquarius3d.session import Stage
from test_net_screens import frames
from test_net_window import host, until

POSITION = Path(__file__).parent / "positions" / "aquarius-rising" / "out-of-play.yaml"


pytestmark = pytest.mark.usefixtures("private_home")  # (conftest.py: a home of the test's own)


def hosted_position(pump, players):
    """A Rising game hosted as a window hosts it, its remote seats joined (Ann first when she is remote, then Bo),
    the table then set to the position: Ann to play WWEE and two blue pyramids; Bo holds no card and a green
    pyramid no quarter takes, and the deck is empty. (hosted, {name: joined game})"""
    hosted = host(pump, "aquarius-rising", players)
    joined = {}
    for name in [n for n, p in zip(("Ann", "Bo"), players.split(",")) if p == "remote"]:
        newest = joined[name] = JoinedGame(hosted.code, name, pump, keep_token=False)
        until(lambda: newest.seat is not None, hosted, *joined.values())  # noqa: B023  (waited for here)
    until(lambda: all(j.session is not None for j in joined.values()), hosted, *joined.values())
    _, state = position_state(load_game(read_position(POSITION)), read_position(POSITION))
    session = hosted.session
    assert [s.name for s in session.seats] == ["Ann", "Bo"]
    session.state = state
    session._moved()
    session._begin_turn()
    hosted.host._changed()  # (the table told to every seat, as after a move)
    return hosted, joined


def settled(hosted, joined):
    """Every joined player holds the host's newest table, and no move of theirs is on its way."""
    return all(j.session.seq == hosted.host.seq and j.session.sent is None for j in joined.values())


def stand(session, quarter):
    move = next(m for m in session.spots() if isinstance(m, PlacePyramid) and m.cell == (0, -2) and m.quarter == quarter)
    assert session.choose(move)


@pytest.mark.parametrize("players", ["Ann,remote", "remote,remote"])
def test_a_joined_player_who_can_do_nothing_is_passed_by_the_host_and_everybody_reads_why(pump, players):
    hosted, joined = hosted_position(pump, players)
    session, bo = hosted.session, joined["Bo"].session
    ann = joined["Ann"].session if "Ann" in joined else session  # Ann's picks: at the host's window, or joined
    games = (hosted, *joined.values())
    asked = []  # whether Bo was ever asked to move

    def step():
        asked.append(bo.your_move)
        return settled(hosted, joined)
    until(step, *games)
    assert session.seat == 0 and ann.stage == Stage.CHOOSE
    assert ann.select(0) and ann.choose_cell((1, -2))
    until(lambda: step() and ann.stage == Stage.PYRAMID, *games)
    stand(ann, 0)
    until(step, *games)
    # Bo could do nothing: the host passed for him, with the line a table at one computer says, and Ann plays on
    line = tr("log_out_of_play", name="Bo", cards=tr("out_no_card"), pyramids=tr("out_no_quarter"))
    assert session.seat == 0 and not session.state.over and ann.stage == Stage.CHOOSE
    assert line in session.messages and tr("log_pass", name="Bo") not in session.messages
    assert str(session.state.log[-1]).endswith("pass")
    assert not any(asked) and bo.stage == Stage.REMOTE
    for guest in joined.values():  # the log and the top, at every joined window (Bo's own too)
        assert guest.session.messages == session.messages
        assert guest.session.notice == line
    assert session.notice == line  # (and at the host's)
    if "Ann" not in joined:  # Bo's pass did not take Ann's take-back, as at one table
        assert session.can_take_back() and session.take_back_mover() == 0
    # Ann passes her card step and stands her last pyramid: Bo passes again (said shortly, in the log only), then
    # nobody can play and the game ends, Ann's last turn passed for her with its reason
    assert ann.pass_turn()
    until(lambda: step() and ann.stage == Stage.PYRAMID, *games)
    stand(ann, 1)
    until(lambda: step() and bo.state.over, *games)
    assert session.state.over and session.state.end_reason == "highest element"
    assert tr("log_out_again", name="Bo") in session.messages and session.messages.count(line) == 1
    assert session.messages[-1] == tr("log_out_of_play", name="Ann", cards=tr("out_no_card"),
                                      pyramids=tr("out_no_pyramid_left"))
    assert not any(asked)
    for guest in joined.values():
        assert guest.session.messages == session.messages and guest.session.stage == Stage.OVER


def test_the_host_s_take_back_after_a_joined_player_was_passed_reaches_them(pump):
    """Ann, at the host's window, takes back the move after which Bo's turn passed by itself: the table goes back
    to before it, Bo's pass with it, and Bo's window is told the log again."""
    hosted, joined = hosted_position(pump, "Ann,remote")
    session, bo = hosted.session, joined["Bo"].session
    until(lambda: settled(hosted, joined), hosted, *joined.values())
    assert session.select(0) and session.choose_cell((1, -2))
    stand(session, 0)
    moves = len(session.state.log)
    until(lambda: settled(hosted, joined) and len(bo.state.log) == moves, hosted, *joined.values())
    assert session.take_back() and session.seat == 0 and session.stage == Stage.PYRAMID
    assert len(session.state.log) == moves - 2  # Ann's pyramid and Bo's pass, both gone
    until(lambda: settled(hosted, joined), hosted, *joined.values())
    assert bo.messages == session.messages and len(bo.state.log) == moves - 2
    line = tr("log_out_of_play", name="Bo", cards=tr("out_no_card"), pyramids=tr("out_no_quarter"))
    assert line not in session.messages and bo.stage == Stage.REMOTE and not bo.your_move


def test_the_joined_window_says_at_the_top_why_its_player_s_turn_passed(app):
    """Bo's own window, joined through the Join form: after Ann's move the host passed for him, and the top of his
    table says why, as a table at one computer does; his prompt waits for Ann, with no Pass to press."""
    pump = Pump()
    try:
        hosted = host(pump, "aquarius-rising", "Ann,remote")
        form = app.screens.switch("join_game")
        form.code_entry.enterText(str(hosted.code))
        form.name_entry.enterText("Bo")
        form.join()
        frames(app, lambda: app.screen == "game", hosted)
        _, state = position_state(load_game(read_position(POSITION)), read_position(POSITION))
        session, guest = hosted.session, app.session
        session.state = state
        session._moved()
        session._begin_turn()
        hosted.host._changed()
        assert session.select(0) and session.choose_cell((1, -2))
        stand(session, 0)
        frames(app, lambda: guest.seq == hosted.host.seq and session.seat == 0, hosted)
        line = tr("log_out_of_play", name="Bo", cards=tr("out_no_card"), pyramids=tr("out_no_quarter"))
        app.table.refresh()
        hud = app.table.hud
        assert hud.notice.getText() == line and guest.messages[-1] == line
        assert guest.stage == Stage.REMOTE and not guest.your_move and hud.cover.isHidden()
        assert hud.prompt.text.getText() == guest.hint() != tr("hud_pass_empty_hand")
        hosted.close()
        frames(app, lambda: hosted.finished, hosted)
    finally:
        pump.close()
