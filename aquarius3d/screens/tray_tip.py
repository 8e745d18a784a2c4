"""Aquarius Rising: the pyramid of the player's tray under the pointer, or in the keyboard's focus, says what it is
and how many are left ("The medium red pyramid: 2 left to play": seen from the three-quarter view, a medium one in
the middle row passed for a large one); one no quarter can take now, greyed on the tray (view/rising.py), says why
too: the words the session refuses the pick with (session/flows/rising.py: why_stuck). In a small backed box
beside the pointer (or the pyramid in focus), inside the window. Once the pick is refused, the notice says why and
the tip no longer does: a refusal is said once."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from panda3d.core import TextNode

from ..i18n import pyramid_name, tr
from ..session import Stage
from ..view.picking import ScreenPoint
from ..view.rising import Trays
from .widgets import TEXT

if TYPE_CHECKING:
    from ..session.flows.rising import RisingFlow
    from .table_screen import TableScreen

SCALE = 0.04  # the tip's text (aspect2d units)
WRAP = 26  # its width in ems
BACK = (0.05, 0.06, 0.08, 0.9)
OFFSET = 0.05  # from the pointer to the tip's nearest corner
EDGE = 0.02  # kept clear inside the window's edge


class TrayTip:
    """Kept by the table screen (its text is one of the screen's widgets)."""

    def __init__(self, screen: TableScreen) -> None:
        self.screen = screen
        node = TextNode("tray-tip")
        node.setAlign(TextNode.ALeft)
        node.setWordwrap(WRAP)
        node.setTextColor(*TEXT)
        node.setCardColor(*BACK)  # (a card behind the words: they read over any tray or felt)
        node.setCardAsMargin(0.4, 0.4, 0.3, 0.2)
        node.setCardDecal(True)
        assert screen.root is not None  # (made as the screen is built)
        self.text = screen.root.attachNewNode(node)  # (goes with the screen's root)
        self.text.setScale(SCALE)
        self.pyramid: str | None = None  # the pyramid the tip speaks of, while it shows
        self.text.hide()

    def update(self, point: ScreenPoint | None) -> None:
        """The pointer is at `point` (screen units; None: gone, or not the pyramid step): the tip of the pyramid in
        the keyboard's focus while the keyboard leads, else of the one under the pointer, or none: one tip at a
        time, the latest input's."""
        screen = self.screen
        session = screen.session
        code = None
        if session.stage == Stage.PYRAMID and not screen.menu.shown and not screen.help_shown:
            focus = screen.keys.focus
            if focus is not None:  # the keyboard leads (the pointer's moving puts the focus away): its tip alone
                code = str(focus[1]) if focus[0] == "pyramid" else None
                point = screen.keys.click_point(focus) if code is not None else None
            elif point is not None:
                code = screen.parts.tray_pyramid_at(screen.picker.table_point(point, Trays.TOP))
        if code is None or point is None:
            self.pyramid = None
            self.text.hide()
            return
        rising = cast("RisingFlow", session.flow)
        left = dict(rising.supply()).get(code, 0)
        words = tr("tray_tip_pyramid", pyramid=pyramid_name(code), count=left)
        why = rising.why_stuck(code)
        if why is not None and session.notice and why in session.notice:
            why = None  # (clicked: the notice at the top says why; said once)
        self.pyramid = code
        self.text.setScale(SCALE * self.screen.hud.scale)  # (at the interface scale)
        self.text.node().setText(words if why is None else f"{words}\n{why[:1].upper()}{why[1:]}")
        self.text.show()
        self._place(point)

    def _place(self, point: ScreenPoint) -> None:
        """Above and right of the pointer, else where it fits inside the window."""
        aspect = self.screen.base.getAspectRatio()
        left, right, bottom, top = self.text.node().getCardActual()
        size = self.text.getSz()
        width, height = (right - left) * size, (top - bottom) * size
        x, z = point[0] * aspect, point[1]
        x0 = x + OFFSET if x + OFFSET + width <= aspect - EDGE else x - OFFSET - width
        z0 = z + OFFSET if z + OFFSET + height <= 1 - EDGE else z - OFFSET - height
        x0 = max(-aspect + EDGE, min(aspect - EDGE - width, x0))
        z0 = max(-1 + EDGE, min(1 - EDGE - height, z0))
        self.text.setPos(x0 - left * size, 0, z0 - bottom * size)

    def rect(self) -> tuple[float, float, float, float] | None:
        """Where the tip shows (aspect2d units: left, right, bottom, top), None while hidden."""
        if self.text.isHidden():
            return None
        left, right, bottom, top = self.text.node().getCardActual()
        x, z, size = self.text.getX(), self.text.getZ(), self.text.getSz()
        return x + left * size, x + right * size, z + bottom * size, z + top * size
