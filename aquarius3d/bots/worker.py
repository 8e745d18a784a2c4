"""A computer player's choice made in another process, so that the window keeps drawing while it thinks.

    worker = Worker()
    job = worker.submit(game, player, observation)   # at once; the search runs in the worker process
    ...
    answer = worker.poll()       # None while it thinks, else (job, move, player): the player as it is after
                                 # choosing (its random source moved on), to stand for the one sent
    worker.cancel()              # the answer is no longer wanted: the process is stopped, none is left

Why a process and not a thread: the search (bots/hard.py) is pure Python, so a thread shares the
interpreter's lock with the window's loop, which then waits for it up to every switch interval. Measured
offscreen on this 2-core machine (shared, load about 12), the same search during the window's idle loop
(30 steps a second): in a thread, frame gaps p95 56-60 ms, longest 72-84 ms; in the worker process, p95
42-44 ms, longest 44-47 ms. A process costs its start (about 0.8 s here, hidden in the computer's pause)
and the pickling of the game, the player and the observation (about 25 kB). The player goes to the worker with the observation (never the state: the
worker knows no more than the seat), and comes back with the move; the caller replaces its own player with
the returned one, so that a game goes on exactly as if the player had chosen in the window's process.

One worker process at a time, started with the first job ("spawn": a fresh interpreter, no Panda3D in
it) and kept for the next; `cancel` stops it (a search cannot be interrupted), and the next job starts
another. The process is a daemon: it cannot outlive the window. No Panda3D here.
"""

from __future__ import annotations

import multiprocessing
from typing import TYPE_CHECKING, Union

if TYPE_CHECKING:
    from multiprocessing.connection import Connection
    from multiprocessing.process import BaseProcess

    from ..engine.game import Game
    from ..engine.hidden import Observation
    from ..engine.moves import Move
    from . import Player

# What goes to the worker (a job, or None to stop) and what comes back: the job's number, the move or the
# exception raised, and the player after choosing (None with an exception).
Job = Union[tuple[int, "Game", "Player", "Observation"], None]
Answer = tuple[int, Union["Move", Exception], Union["Player", None]]


def _serve(conn: Connection[Answer, Job]) -> None:
    """The worker process: choose for each job received, until the pipe closes or None comes."""
    while True:
        try:
            job = conn.recv()
        except (EOFError, OSError):
            return
        if job is None:
            return
        number, game, player, observation = job
        try:
            move = player.choose(game, observation)
        except Exception as exc:  # sent back: the window says it, the worker goes on  # noqa: BLE001
            conn.send((number, exc, None))
            continue
        conn.send((number, move, player))


class Worker:
    """Chooses moves in a child process, one job at a time (a new job drops the answer to the last one)."""

    def __init__(self) -> None:
        self._process: BaseProcess | None = None
        self._conn: Connection[Job, Answer] | None = None
        self._busy = False
        self.job = 0  # the number of the last job submitted

    @property
    def thinking(self) -> bool:
        return self._busy

    def alive(self) -> bool:
        return self._process is not None and self._process.is_alive()

    def submit(self, game: Game, player: Player, observation: Observation) -> int:
        """Send a job; its number. A job still under way is cancelled first (its answer would be stale)."""
        if self._busy:
            self.cancel()
        if not self.alive():
            self._start()
        self.job += 1
        assert self._conn is not None  # (started above)
        self._conn.send((self.job, game, player, observation))
        self._busy = True
        return self.job

    def poll(self) -> tuple[int, Move, Player] | None:
        """(job, move, player) when the last job's answer has come, else None. An exception raised by the
        player comes back as the move, with no player."""
        if not self._busy or self._conn is None:
            return None
        try:
            while self._conn.poll():
                number, move, player = self._conn.recv()
                if number == self.job:
                    self._busy = False
                    if isinstance(move, Exception):
                        raise move
                    assert player is not None  # (a move comes with the player)
                    return number, move, player
        except (EOFError, OSError) as exc:  # the process died under the job
            self._stop()
            raise RuntimeError(f"the computer player's process stopped ({exc.__class__.__name__})") from None
        return None

    def cancel(self) -> None:
        """Drop the job under way: the process is stopped (the next job starts another)."""
        if self._busy:
            self._stop()
        self._busy = False

    def close(self) -> None:
        """Stop the process, whatever it is doing."""
        self._busy = False
        process = self._process
        if process is not None and process.is_alive() and self._conn is not None:
            try:
                self._conn.send(None)
            except OSError:
                pass
            process.join(0.5)
        self._stop()

    def _start(self) -> None:
        context = multiprocessing.get_context("spawn")
        here, there = context.Pipe()
        self._process = context.Process(target=_serve, args=(there,), name="aquarius3d-thinking", daemon=True)
        self._process.start()
        there.close()
        self._conn = here

    def _stop(self) -> None:
        process, conn = self._process, self._conn
        self._process = self._conn = None
        if process is not None:
            if process.is_alive():
                process.terminate()
            process.join(2.0)
            if process.is_alive():
                process.kill()
                process.join(1.0)
        if conn is not None:
            conn.close()
