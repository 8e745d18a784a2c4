"""Watching and recording: `aquarius3d play RULESET --players medium,medium --record DIR --exit-at-end`.

The `Recorder` is a task that runs after the table's tick and before the frame is drawn. Whenever the
game shown has moved on (a move in the log, a new stage), the camera has come to rest and the card played
has slid in from its seat (view/motion.py), it waits
one frame (the one drawn with the new state) and writes it to DIR as 000.png, 001.png, ... (000 is
the opening deal). Meanwhile it holds the computers (the table's `hold`), so a slow machine still
gets one picture per move (offscreen, where nobody watches, they do not pause otherwise). When only computers play, it closes the score table between rounds
itself; at the end of the game, with `exit_at_end`, it closes the window once the last picture is written.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from ..session import Stage
from .render import png_bytes

if TYPE_CHECKING:
    from direct.task.Task import Task

    from ..app import App
    from ..screens.table_screen import TableScreen

Shown = tuple[int, int, str]  # a game as recorded: its session's id, the length of its log, its stage

END_PAUSE = 0.6  # seconds the final table stays before the window closes (--exit-at-end)


class Recorder:
    def __init__(self, app: App, folder: Path | None, exit_at_end: bool, watched: bool = True) -> None:
        self.app = app
        self.folder = Path(folder) if folder is not None else None
        if self.folder is not None:
            self.folder.mkdir(parents=True, exist_ok=True)
        self.exit_at_end = exit_at_end
        self.written: list[Path] = []
        self._shown: Shown | None = None  # the game as last recorded
        self._ready: Shown | None = None  # the game as the frame being drawn shows it
        self._closing: float | None = None
        self.watched = watched  # offscreen, nobody watches: the computers need not pause for anyone
        if app.table is not None:
            app.table.hold = True  # the opening deal is pictured before the first move
        self.task = app.base.taskMgr.add(self._step, "aquarius3d-recorder", sort=48)

    def pending(self) -> bool:
        """Is a picture still to be taken (the window must draw meanwhile)?"""
        table = self.app.table
        return table is not None and self._key(table) != self._shown

    @staticmethod
    def _key(table: TableScreen) -> Shown:
        session = table.session
        return (id(session), len(session.state.log), str(session.stage))

    def _step(self, task: Task) -> object:  # (task.cont or task.done, for Panda3D)
        table = self.app.table
        if table is None:
            return task.cont
        if not self.watched:
            table.bot_pause = 0.0
            table.camera.finish()  # no easing to watch: straight to the framing
        key = self._key(table)
        table.hold = key != self._shown  # the computers wait for the picture of the last move
        if key != self._shown:
            # a card still sliding in from its seat, or the end's moment (screens/end_moment.py) before its result
            if table.camera.easing or table.feedback.last_move.busy() or table.end_moment.running():
                self._ready = None
            elif self._ready != key:
                self._ready = key  # this step's frame shows it: taken on the next step
            else:
                self.snap()
                self._shown, self._ready = key, None
                table.hold = False
                self._after_picture(table)
        if self._closing is not None and time.monotonic() >= self._closing:
            self.app.quit()
        return task.cont

    def snap(self) -> Path | None:
        """Write the frame last drawn as the next numbered PNG."""
        if self.folder is None:
            return None
        shot = self.app.base.win.getScreenshot()
        if shot is None:
            return None
        width, height = shot.getXSize(), shot.getYSize()
        pixels = np.frombuffer(bytes(shot.getRamImageAs("RGB")), np.uint8).reshape(height, width, 3)
        path = self.folder / f"{len(self.written):03d}.png"
        path.write_bytes(png_bytes(pixels[::-1]))
        self.written.append(path)
        return path

    def _after_picture(self, table: TableScreen) -> None:
        session = table.session
        if session.stage == Stage.ROUND_OVER and session.humans == 0:  # nobody to close the score table
            session.next_round()
            table.refresh()
        elif session.stage == Stage.OVER and self.exit_at_end and self._closing is None:
            self._closing = time.monotonic() + END_PAUSE

    def stop(self) -> None:
        self.app.base.taskMgr.remove(self.task)
