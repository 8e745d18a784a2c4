"""Frame pacing: the window draws while something moves and rests when nothing does.

ShowBase's main loop draws a frame on every step, and with `sync-video false`
(config.py) it steps as fast as the CPU allows: an idle menu used 130-170% of
a core. The `Pacer` is a task that runs after the app's tick and just before
ShowBase's `igLoop`, and on each step decides two things:

- **Whether this step draws.** While idle the window is made inactive
  (`GraphicsOutput.set_active(False)`): `renderFrame` then still reads the
  window's events (keys, clicks, the pointer) but neither culls, draws nor
  flips it, and the last frame stays on screen. A frame is drawn every
  HEARTBEAT s all the same, so a window uncovered by another one, or the
  blinking cursor of a text entry, is repainted.
- **How soon the next step comes.** The task sleeps until 1/ACTIVE_RATE s
  after the last step while something moves (a cap: without one a moving
  table is drawn as often as the CPU allows), 1/POLL_RATE s while idle. It
  sleeps just before `igLoop`, whose `renderFrame` reads the events, so input
  that arrives during the sleep is handled on the next step: within about
  1/POLL_RATE s of an idle window.

Idle means nothing busy (the app's `busy()`: the camera easing, a drag, a
computer player's turn, pause included) and no input for GRACE s: no button
or key pressed, held or released (every ButtonThrower also throws
INPUT_EVENT for each), no pointer movement (polled), no window event.

Why not Panda3D's own frame cap (`clock-mode limited`, `clock-frame-rate`):
the clock busy-waits the last `sleep-precision` (10 ms) of every wait, it
waits after `renderFrame` has read the events (an idle step later than this
task's sleep), and it draws every step. Measured with tools/bench_idle.py
(Xvfb, 1280x720, shared 2-core machine): no cap 42-95% of a core (the issue
measured 133-169% on a quiet machine); drawing every step at 30 steps a
second 10% on the menu, 21% on the hand-off cover; at 10 a second 4% and 6%,
but a click then waits up to 100 ms; drawing on demand as here 1.4-2.1% and
2.0-3.1%.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Callable

from direct.showbase.DirectObject import DirectObject

if TYPE_CHECKING:
    from direct.showbase.ShowBase import ShowBase
    from direct.task.Task import Task

ACTIVE_RATE = 60.0  # steps (and frames) a second while something moves
POLL_RATE = 30.0  # steps a second while idle: input is read, nothing is drawn
HEARTBEAT = 0.5  # seconds between the frames drawn while idle
GRACE = 0.5  # seconds of full rate after the last input or movement
INPUT_EVENT = "aquarius3d-input"  # thrown on every button down, repeat and up


class Pacer(DirectObject):  # type: ignore[misc]  # (Panda3D ships no types: its DirectObject is Any)
    """Decides, each step of the main loop, whether the window draws and how soon the next step comes."""

    def __init__(self, base: ShowBase, busy: Callable[[], bool]) -> None:
        super().__init__()
        self.base = base
        self.busy = busy
        self.last_input = time.monotonic()
        self.last_frame = float("-inf")
        self.idle = False
        self.drawing = True
        self._mouse: tuple[float, float] | None = None
        self._woke = float("-inf")
        for thrower in getattr(base, "buttonThrowers", None) or []:
            node = thrower.node()
            node.setButtonDownEvent(INPUT_EVENT)
            node.setButtonRepeatEvent(INPUT_EVENT)
            node.setButtonUpEvent(INPUT_EVENT)
        self.accept(INPUT_EVENT, self.poke)
        self.accept("window-event", self.poke)
        self.task = base.taskMgr.add(self._step, "aquarius3d-pacing", sort=49)  # after the app's tick, just before igLoop

    def poke(self, *_: object) -> None:
        """Input happened: draw at full rate for a while."""
        self.last_input = time.monotonic()

    def _mouse_moved(self) -> bool:
        watcher = getattr(self.base, "mouseWatcherNode", None)
        if watcher is None:
            return False
        where = (watcher.getMouseX(), watcher.getMouseY()) if watcher.hasMouse() else None
        moved, self._mouse = where != self._mouse, where
        return moved

    def update(self, now: float) -> bool:
        """Whether to draw a frame at time `now` (time.monotonic); sets `idle` and `drawing`."""
        if self.busy():
            self.last_input = max(self.last_input, now)
        self.idle = now - self.last_input >= GRACE
        self.drawing = not self.idle or now - self.last_frame >= HEARTBEAT
        if self.drawing:
            self.last_frame = now
        return self.drawing

    def _step(self, task: Task) -> object:  # (task.cont or task.done, for Panda3D)
        now = time.monotonic()
        if self._mouse_moved():
            self.poke()
        draw = self.update(now)
        if self.base.win is not None:
            self.base.win.setActive(draw)
        # Sleep here, just before igLoop: renderFrame reads the window's events after
        # this sleep, so input that came during it is handled on the very next step.
        wake = self._woke + 1.0 / (POLL_RATE if self.idle else ACTIVE_RATE)
        if wake > now:
            time.sleep(wake - now)
        self._woke = max(wake, now)
        return task.cont

    def stop(self) -> None:
        """Draw on every step again, as ShowBase does, and stop pacing."""
        self.base.taskMgr.remove(self.task)
        self.ignoreAll()
        if self.base.win is not None:
            self.base.win.setActive(True)
