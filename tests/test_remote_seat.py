"""A remote seat at the session: its turn waits in the `remote` stage, its whole move comes through `submit`
(net/host.py hands it on), and a refusal is the remote player's to hear, not this screen's."""

import pytest

from aquarius3d.core.errors import DataError
from aquarius3d.files import saves
from aquarius3d.session import Seat, Session, Stage
from aquarius3d.session.events import Played, Refused
from aquarius3d.session.seats import parse_seats


pytestmark = pytest.mark.usefixtures("private_home")  # (conftest.py: a home of the test's own)


def remote_game(seed=4):
    return Session.new("aquarius", {}, [Seat("Ann", "remote"), Seat("Bo", "remote"), Seat("Hal", "computer", "random")],
                       seed=seed, autosave=False)


def test_a_remote_seat_waits_in_its_own_stage_and_shows_no_secret_here():
    session = remote_game()
    assert session.stage == Stage.REMOTE and session.seat == 0
    assert session.viewer is None and session.observation()["hand"] == []
    assert session.hint() == "Ann is playing from another computer…"


def test_a_legal_move_in_notation_is_played():
    session = remote_game()
    move = session.game.legal_moves(session.state)[0]
    assert session.submit(str(move))
    assert isinstance(session.events[-1], Played) and session.events[-1].seat == 0
    assert session.seat == 1 and session.stage == Stage.REMOTE


@pytest.mark.parametrize("text, reason", [
    ("P EEEE 40,40", None),  # the rules' reason, in words
    ("nonsense", "the move cannot be read"),
    ("join Eve", "that move is not part of this step of the turn"),
])
def test_a_refused_move_changes_nothing_and_stays_off_this_screen(text, reason):
    session = remote_game()
    session.notify("the window's own news")
    before = session.state.to_dict()
    assert not session.submit(text)
    assert session.state.to_dict() == before and session.stage == Stage.REMOTE
    assert isinstance(session.events[-1], Refused) and (reason is None or session.events[-1].reason == reason)
    assert session.notice == "the window's own news"


def test_no_move_is_taken_while_a_computer_is_to_move():
    session = Session.new("aquarius", {}, [Seat("Hal", "computer", "random"), Seat("Bo", "remote")], seed=1,
                          autosave=False)
    assert session.stage == Stage.COMPUTER
    assert not session.submit("pass")
    assert session.events[-1].reason == "it is Hal's turn"


def test_a_game_of_remote_seats_is_saved_and_loaded_with_them(tmp_path):
    session = remote_game()
    session.submit(str(session.game.legal_moves(session.state)[0]))
    path = saves.save(session.record(), "remote")
    again = Session.load(path, autosave=False)
    assert [s.kind for s in again.seats] == ["remote", "remote", "computer"]
    assert again.stage == Stage.REMOTE and again.seat == 1


def test_players_of_a_host_may_be_remote():
    seats = parse_seats("remote,Remote,easy:Hal", remote=True)
    assert [s.kind for s in seats] == ["remote", "remote", "computer"]
    assert [s.name for s in parse_seats("remote,Ann")] == ["remote", "Ann"]  # (elsewhere it is a name)
    with pytest.raises(DataError, match="two players are called the same"):
        parse_seats("Hal,bot:Hal,remote", remote=True)


def test_aqua_chicken_ends_in_words_when_every_player_is_remote():
    session = Session.new("aquarius", {"aqua_chicken": True}, [Seat("Ann", "remote"), Seat("Bo", "remote")], seed=3,
                          autosave=False)
    for _ in range(500):
        if session.state.over:
            break
        assert session.submit(str(session.game.legal_moves(session.state)[0]))
    assert session.state.over
    assert session.summary()[-1] == "Aqua-Chicken: Ann & Bo held out longest."  # (a remote look is not told yet)
