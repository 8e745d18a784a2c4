"""When a timed choice must end: the moment of the wall clock by which the window's computer player answers.

    deadline = Deadline(1.0)              # one second from now (time.perf_counter: wall time, not processor time)
    while work_left and not deadline.passed():
        ...one simulation...

The arena and the tests give none: their budgets are counts of simulations, the same moves for a seed on any
machine. The window's seats get one (bots/hard.py, `HardPlayer(timed=True)`), so that a move ends by its think time
on whatever machine runs it, however loaded: every loop that spends the time (the search's simulations, the end
game's rollouts) asks before each unit of work, and stops with the best answer so far. `clock`: another clock, for
the tests (one that moves only when told, or never).
"""

from __future__ import annotations

import time
from collections.abc import Callable

Clock = Callable[[], float]


class Deadline:
    __slots__ = ("at", "clock")

    def __init__(self, seconds: float, clock: Clock | None = None) -> None:
        self.clock: Clock = clock or time.perf_counter
        self.at = self.clock() + seconds

    def passed(self) -> bool:
        return self.clock() >= self.at
