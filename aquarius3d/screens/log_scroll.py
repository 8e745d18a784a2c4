"""The log's panel scrolled back (the wheel over it): a fresh playtest found no way to read a move older than the
panel's few rows. The wheel over the unfolded panel goes back or forth a move at a time; a new move brings the
newest back; while scrolled back, the panel's last row says how many newer moves there are below.

The notches reach the panel as its own events: a click on the panel folds the log, so it is an active DirectGui
region, and such a region suppresses the mouse's buttons under the pointer, the wheel's notches among them (Panda3D
counts them as buttons): `wheel_up` and `wheel_down` never reach the messenger there, only the panel's
`press-wheel_up-<id>` (a real window showed it: six notches scrolled nothing and zoomed nothing)."""

from __future__ import annotations

from collections.abc import Callable

from direct.gui.DirectFrame import DirectFrame
from panda3d.core import PGItem

from ..i18n import tr

SHOWN = 8  # moves the panel is given at most (the rows it has take the newest that fit)


class LogScroll:
    """How many moves back from the newest the log's panel ends."""

    def __init__(self) -> None:
        self.back = 0
        self.seen = 0  # how many moves the log had when last shown: a new one brings the newest back

    def lines(self, messages: list[str]) -> list[str]:
        """The moves the panel shows, the newest it is scrolled to last, and the row saying more are below."""
        if len(messages) != self.seen:
            self.back, self.seen = 0, len(messages)
        end = len(messages) - self.back
        shown = messages[max(0, end - SHOWN):end]
        return shown + [tr("log_newer", count=self.back)] if self.back else shown

    def scroll(self, older: bool, total: int) -> bool:
        """A notch of the wheel: one move older or newer, within the log; whether the panel changes."""
        back = max(0, min(total - 1, self.back + (1 if older else -1)))
        changed, self.back = back != self.back, back
        return changed

    def bind(self, panel: DirectFrame, total: Callable[[], int], redraw: Callable[[], object]) -> None:
        """The wheel's notches over the panel scroll it (`total`: the moves in the log; `redraw`: shows the change)."""
        for older, button in ((True, "wheel_up"), (False, "wheel_down")):
            panel.bind(PGItem.getPressPrefix() + button + "-",
                       lambda *_event, older=older: self.scroll(older, total()) and redraw())
