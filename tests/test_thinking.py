"""A hard computer seat, and H, think in a worker process: the window's task loop keeps stepping meanwhile,
the move played is the one the player chooses in the window's own process, and nothing is left running."""

import multiprocessing
import time

from aquarius3d.i18n import tr
from aquarius3d.session import Seat, Session
from aquarius3d.session import suggestion as suggestion_module
from aquarius3d.session.suggestion import suggestion
from driving import FakeTask

HARD_FIRST = [Seat("Hal", "computer", "hard"), Seat("Ann")]
THINK = 4.0  # the hard seat's budget in the first test (the default is 1 s)


def thinking_processes():
    return [p for p in multiprocessing.active_children() if p.name == "aquarius3d-thinking"]


def frames_until(app, done, seconds=60.0, longest=None):
    """Step the app's whole task loop (table tick, pacer, drawing) until `done()`; the steps it took (and, into the
    list `longest` when given, the longest step's seconds)."""
    steps = 0
    slowest = 0.0
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, "nothing came in time"
        before = time.monotonic()
        app.base.taskMgr.step()
        slowest = max(slowest, time.monotonic() - before)
        steps += 1
    if longest is not None:
        longest.append(slowest)
    return steps


def test_the_window_keeps_stepping_while_a_hard_seat_thinks_and_plays_its_own_move(app):
    app.start_game("aquarius", {}, HARD_FIRST, seed=21)
    table, session = app.table, app.session
    assert session.stage == "computer"
    # A budget of several times a frame's time: with the default, this first move of a two-seat game searches for
    # about a quarter of a second here, which one frame of the software renderer can take half of. Untimed (the
    # budget alone, no deadline): the move must not depend on how long the search took in either process.
    session.set_think(THINK, timed=False)
    table.bot_pause = 0.0
    table._bot_due = 0
    table._tick(FakeTask())
    assert session.state.log == []  # not played within the tick: it thinks in the worker
    assert table.thinking.thinking() and len(thinking_processes()) == 1
    assert "thinking…" in table.feedback.seats.labels[0].node().getText()  # the seat's label says it
    started = time.monotonic()
    longest: list[float] = []
    steps = frames_until(app, lambda: session.state.log, longest=longest)
    took = time.monotonic() - started
    # Frames kept coming while it thought: several steps, none of them holding the search (a search in the window's
    # process would be one step as long as the whole wait). Counts of frames depend on the machine's speed and load.
    assert steps >= 3 and longest[0] < took / 2, (steps, took, longest)
    assert not table.thinking.failed  # the worker chose it (had it failed, the window would have, in one frame)
    alone = Session.new("aquarius", {}, HARD_FIRST, seed=21, autosave=False)  # the same seed, chosen right here
    alone.set_think(THINK, timed=False)
    alone.computer_move()
    assert session.state.log == alone.state.log
    # its random source came back from the worker: its next move too is the one chosen here
    assert session.bots[0].random.getstate() == alone.bots[0].random.getstate()


def test_leaving_the_table_while_a_hard_seat_thinks_leaves_no_process(app):
    app.start_game("aquarius", {}, HARD_FIRST, seed=5)
    table = app.table
    table._bot_due = time.monotonic() + 60  # its pause is long: it is still thinking when the player leaves
    table._tick(FakeTask())
    assert table.thinking.busy() and len(thinking_processes()) == 1
    worker = table.thinking.worker
    app.show_menu()
    assert not worker.alive() and thinking_processes() == []
    assert app.table is None


def test_a_new_position_drops_the_answer_under_way(app):
    app.start_game("aquarius", {}, HARD_FIRST, seed=5)
    table, session = app.table, app.session
    table._bot_due = time.monotonic() + 60
    table._tick(FakeTask())
    first = table.thinking.worker._process
    assert first is not None and first.is_alive()
    session.state.log.append("0: pretend")  # the position moves on under the search (a take-back does so too)
    table._tick(FakeTask())
    assert not first.is_alive()  # the stale search was stopped, and the new position asked afresh
    assert table.thinking.thinking()
    session.state.log.pop()
    table.thinking.close()
    assert thinking_processes() == []


def test_h_thinks_in_the_worker_and_says_the_same_suggestion(app, monkeypatch):
    monkeypatch.setattr(suggestion_module, "TIMED", False)  # the same advice in both processes, however loaded
    app.start_game("aquarius", {}, [Seat("Ann"), Seat("Hal", "computer", "medium")], seed=11)
    table, session = app.table, app.session
    session.reveal()
    table.refresh()
    expected = tr("suggest_shown", text=suggestion(session).text)  # thought right here
    table.suggest(wait=False)  # the key H
    assert table.hud.hint["text"] == "Looking for a suggestion…" and table.thinking.busy()
    frames_until(app, lambda: not table.thinking.busy())
    assert table.hud.hint["text"] == expected
    table.thinking.close()
    assert thinking_processes() == []


def test_a_process_that_ends_while_its_worker_thinks_leaves_none_behind(tmp_path):
    """Closing the window ends the program (ShowBase.userExit, sys.exit) with no cleanup of the table: the
    worker is a daemon, ended with it."""
    import os
    import subprocess
    import sys

    script = tmp_path / "leave.py"
    script.write_text(
        "import sys\n"
        "from aquarius3d.bots.hard import HardPlayer\n"
        "from aquarius3d.bots.worker import Worker\n"
        "from aquarius3d.session import Seat, Session\n"
        "session = Session.new('aquarius', {}, [Seat('A'), Seat('B')], seed=1, autosave=False)\n"
        "worker = Worker()\n"
        "worker.submit(session.game, HardPlayer(1, think=30.0), session.game.observe(session.state, 0))\n"
        "print(worker._process.pid, flush=True)\n"
        "sys.exit(0)\n")
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=120,
                          cwd=os.getcwd(), env={**os.environ, "PYTHONPATH": os.getcwd()})
    assert done.returncode == 0, done.stderr
    pid = int(done.stdout.split()[0])
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return
        if open(f"/proc/{pid}/stat").read().split()[2] == "Z":  # ended, not yet reaped by init
            return
        time.sleep(0.1)
    raise AssertionError(f"the worker {pid} outlived its program")


def test_while_a_hard_seat_thinks_esc_opens_the_menu_and_the_camera_orbits(app):
    app.start_game("aquarius", {}, HARD_FIRST, seed=8)
    table, session = app.table, app.session
    session.set_think(4.0)  # a long search: several seconds here
    table._bot_due = 0
    table._tick(FakeTask())
    assert table.thinking.thinking()
    started = time.monotonic()
    table.key_escape()
    assert table.menu.shown
    table.close_menu()
    heading = table.camera.orbit.heading
    table.rotate(8, 0)
    table.camera.finish()
    assert table.camera.orbit.heading != heading
    assert time.monotonic() - started < 1.5 and table.thinking.thinking()  # answered at once, still thinking
    frames_until(app, lambda: session.state.log)  # then the computer moves
    table.thinking.close()
