"""Watching and recording computer games (view/recorder.py, `play --record DIR --exit-at-end`)."""

import time

import pytest

from aquarius3d.session import Seat
from driving import FakeTask
from test_cli import run


def test_a_picture_after_every_move_and_the_end_closes(app, tmp_path, monkeypatch):
    from aquarius3d.view.recorder import Recorder

    closed = []
    monkeypatch.setattr(app, "quit", lambda: closed.append(True))
    app.start_game("aquarius", {}, [Seat("Bot 1", "computer", "random"), Seat("Bot 2", "computer", "random")], seed=3,
                   targets=[3, 3])  # (a whole game, shorter than with the usual goal)
    recorder = app.recorder = Recorder(app, tmp_path / "shots", exit_at_end=True)
    monkeypatch.setattr("aquarius3d.view.recorder.END_PAUSE", 0.0)
    table, session = app.table, app.session
    moves = []
    for _ in range(3000):
        if closed:
            break
        table._bot_due = 0
        before = len(session.state.log)
        table._tick(FakeTask())
        if len(session.state.log) > before:
            moves.append(len(session.state.log))
            assert table.hold is False  # the picture of the previous move was taken first
        table.camera.finish()
        table.feedback.last_move.finish()  # no waiting for the slide's clock here (the next test watches it)
        recorder._step(FakeTask())
        if table.hold:  # a picture is due: the computers wait for it
            log = len(session.state.log)
            table._bot_due = 0
            table._tick(FakeTask())
            assert len(session.state.log) == log
        app.base.graphicsEngine.renderFrame()
    assert session.stage == "over" and closed == [True]
    pictures = sorted((tmp_path / "shots").iterdir())
    assert [p.name for p in pictures] == [f"{i:03d}.png" for i in range(len(moves) + 1)]  # the deal, then each move
    assert all(p.read_bytes().startswith(b"\x89PNG") for p in pictures)
    assert len({p.read_bytes() for p in pictures}) == len(pictures)  # every move shows something new


def test_play_checks_its_watching_options_before_any_window(tmp_path):
    done = run("play", "aquarius", "--players", "random,random", "--offscreen")
    assert done.returncode == 2 and "--offscreen: nobody sees an offscreen game" in done.stderr
    done = run("play", "aquarius", "--players", "Ann,random", "--offscreen", "--exit-at-end", "--record",
               str(tmp_path / "shots"))
    assert done.returncode == 2 and "nobody can play Ann's turns in an offscreen window" in done.stderr
    assert not (tmp_path / "shots").exists()  # refused before anything is written
    done = run("play", "--load", "x.json", "--seed", "3")
    assert done.returncode == 2 and done.stderr.startswith("aquarius3d: --load: the saved game says")


@pytest.mark.slow
def test_play_records_a_whole_computer_game_offscreen(tmp_path):
    # (three panels to connect: a whole game, shorter than the usual goal's; 25 pictures, not 77)
    done = run("play", "aquarius", "--players", "random,random", "--targets", "3,3", "--seed", "3", "--record",
               str(tmp_path / "shots"), "--exit-at-end", "--offscreen")
    if done.returncode != 0 and "no offscreen" in done.stderr:
        import pytest

        pytest.skip(done.stderr)
    assert done.returncode == 0, done.stderr
    names = sorted(p.name for p in (tmp_path / "shots").iterdir())
    assert len(names) > 5 and names[0] == "000.png" and names == [f"{i:03d}.png" for i in range(len(names))]


def test_each_move_is_pictured_once_its_card_has_slid_in(app, tmp_path, monkeypatch):
    """A computer's card slides in from its seat (view/motion.py): the picture shows it landed, not on its way."""
    from aquarius3d.view.recorder import Recorder

    app.start_game("aquarius", {}, [Seat("Bot 1", "computer", "random"), Seat("Bot 2", "computer", "random")], seed=3)
    recorder = app.recorder = Recorder(app, tmp_path / "shots", exit_at_end=False, watched=False)
    table = app.table
    sliding = []
    snap = recorder.snap
    monkeypatch.setattr(recorder, "snap", lambda: (sliding.append(table.feedback.last_move.busy()), snap())[1])
    deadline = time.monotonic() + 120  # the slides run on the clock: as many frames as they take, on any machine
    while len(recorder.written) <= 4 and time.monotonic() < deadline:
        table._tick(FakeTask())
        recorder._step(FakeTask())
        app.base.graphicsEngine.renderFrame()
    assert len(sliding) > 4 and not any(sliding), sliding
    recorder.stop()
