"""A turn framed once (issue 27): the table screen's camera (screens/table_camera.py) frames the table clear of the
HUD's bottom band as it stands at each step of a turn, and of the computers' turns, not at the present step alone.

Elemental Towers' turn places the card drawn (its card in the hand and the prompt strip over it, in the window's
bottom middle), then resolves the actions the card's matches earned (no hand: the strip along the window's bottom and
the dialog of skips beside it, wider and lower). Framed clear of each step's band alone, the camera zoomed out for one
and in for the other at every turn: at 1280x720 a card 57 pixels wide while placed, 64 while its earned actions were
resolved, the table's middle 100 mm aside each time. In the other games a person's hand is a card shorter on the
computers' turns than on their own (the card played, not yet drawn again), and its strip says another thing: framed
clear of each alone, the camera swung at every turn (Aquarius, Ann and a computer at 1280x720: the aim 26 mm back and
forth; Dominus: the pitch too, 33 and 30 degrees by turns). Clear of every step's band, it stands still through the
turns and moves when the table grows (a card placed by the ring's edge, a tower built) or something new covers it (an
action card's question, a taller dialog).

Each step's band is the last one seen at that step; a change of the window's shape or of the interface scale
forgets them (the HUD is laid out again), as does a new game (a new table screen).
"""

from __future__ import annotations

from ..session import Stage
from ..view.camera import Rect

# the steps of the turns, a person's and the computers' (not a question's: its dialog is framed round, then goes)
STEPS = (Stage.CHOOSE, Stage.PLACE, Stage.PYRAMID, Stage.EARNED, Stage.COMPUTER, Stage.REMOTE)
# a card chosen and placed are one step: the same hand (choosing, the strip keeps room for the placing's words:
# screens/prompt.py); the band of a card placed a turn before, kept apart, held Dominus' shrinking hand as it was
ONE_STEP = {Stage.PLACE: Stage.CHOOSE}


class TurnBand:
    """The HUD's bottom band (the prompt strip, the dialog and the hand, in screen units) last seen at each of
    STEPS, for the window's shape and interface scale it was seen at."""

    def __init__(self) -> None:
        self.seen: dict[Stage, list[Rect]] = {}
        self.shape: tuple[float, float] | None = None  # the window's aspect ratio and the interface scale
        self.pitch: float | None = None  # the game's view's pitch last framed at a step (table_camera.framed)

    def note(self, stage: Stage, band: list[Rect], shape: tuple[float, float]) -> None:
        """The band as it stands now, at this stage, in a window of this shape."""
        if shape != self.shape:
            self.seen, self.pitch = {}, None
            self.shape = shape
        if stage in STEPS:
            self.seen[ONE_STEP.get(stage, stage)] = list(band)

    def others(self, stage: Stage, shape: tuple[float, float]) -> list[Rect]:
        """The bands last seen at the turn's other steps (all of them at a step outside STEPS: an action card's
        question), if seen in a window of this shape."""
        if shape != self.shape:
            return []
        return [rect for seen, band in self.seen.items() if seen != ONE_STEP.get(stage, stage) for rect in band]
