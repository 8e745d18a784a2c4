"""The first-game tour: short callouts that point at the hand, the goal, the glowing spots, the log, the menu.

It starts the first time a human player sees their own hand at the table, and never again once
finished or skipped: the settings file keeps `tour: false` (Settings can ask for it once more).
Each callout is a panel with a gold marker on what it speaks of; Enter or Next goes on, Esc or
"Skip the tour" ends it. While it shows, the table's own keys rest (screens/table_screen.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from panda3d.core import Point3, TextNode

from ..i18n import tr
from ..session import Stage
from .widgets import PANEL

if TYPE_CHECKING:
    from .table_screen import TableScreen

GOLD = (1.0, 0.82, 0.3, 1)
STEPS = ("tour_hand", "tour_goal", "tour_spots", "tour_log", "tour_rules")


class Tour:
    """Kept by the table screen (its widgets are the screen's)."""

    def __init__(self, screen: TableScreen) -> None:
        self.screen = screen
        self.step = -1
        base = screen.base
        self.marker = screen.panel((-0.01, 0.01, -0.01, 0.01), parent=base.aspect2d, colour=(0, 0, 0, 0))
        self.bars = [screen.panel((0, 0, 0, 0), parent=self.marker, colour=GOLD) for _ in range(4)]
        self.panel = screen.panel((-0.62, 0.62, -0.2, 0.2), parent=base.aspect2d, colour=PANEL)
        self.words = screen.text("", (-0.56, 0.1), 0.045, TextNode.ALeft, parent=self.panel, wrap=26)
        self.next = screen.button(tr("tour_next"), self.advance, (0.38, -0.13), 0.05, parent=self.panel)
        self.skip = screen.button(tr("tour_skip"), self.finish, (-0.3, -0.13), 0.05, parent=self.panel)
        for node in (self.marker, self.panel):
            node.setBin("gui-popup", 70)
            node.hide()

    @property
    def shown(self) -> bool:
        return 0 <= self.step < len(STEPS)

    def wanted(self) -> bool:
        """Should the tour start now: never seen, and a human looking at their own hand?"""
        session = self.screen.session
        return self.step == -1 and self.screen.app.settings.get("tour", True) and session.viewer is not None \
            and session.seats[session.viewer].kind == "human" and session.stage not in (Stage.OVER, Stage.ROUND_OVER)

    def start(self) -> None:
        self.step = 0
        self._draw()

    def advance(self) -> None:
        if not self.shown:
            return
        self.step += 1
        if self.step >= len(STEPS):
            self.finish()
            return
        self._draw()

    def finish(self) -> None:
        """Done or skipped: remembered in the settings file, never shown again unless asked for."""
        self.step = len(STEPS)
        self.marker.hide()
        self.panel.hide()
        app = self.screen.app
        app.settings["tour"] = False
        app.store_settings()
        self.screen.tour_closed()

    def hand_box(self) -> tuple[float, float, float, float] | None:
        """The hand's cards' extent (left, right, bottom, top) in aspect2d units, if it holds any."""
        boxes = [box for _, box in self.screen.hud.hand.nodes]
        if not boxes:
            return None
        return min(b[0] for b in boxes), max(b[1] for b in boxes), min(b[2] for b in boxes), max(b[3] for b in boxes)

    def log_box(self) -> tuple[float, float, float, float]:
        """Where the log's panel stands (screens/hud.py LOG, from the top right corner), in aspect2d units."""
        from .hud import LOG

        aspect = self.screen.base.getAspectRatio()
        return aspect + LOG[0], aspect + LOG[1], 1 + LOG[2], 1 + LOG[3]

    def target(self, key: str) -> tuple[float, float]:
        """Where the callout points, in aspect2d units."""
        screen, base = self.screen, self.screen.base
        aspect = base.getAspectRatio()
        if key == "tour_hand":
            box = self.hand_box()
            return ((box[0] + box[1]) / 2, (box[2] + box[3]) / 2) if box is not None else (0.0, -0.75)
        if key == "tour_goal":
            point = base.aspect2d.getRelativePoint(screen.hud.goal_card, Point3(0, 0, 0))
            return (point.x, point.z + 0.1)
        if key == "tour_log":
            box = self.log_box()
            return ((box[0] + box[1]) / 2, (box[2] + box[3]) / 2)
        if key == "tour_spots":  # the cards on the table, where the ghosts will glow
            cells = sorted(screen.session.state.table.cards)
            spot = screen.picker.screen_of_cell(cells[0]) if cells else None
            return (spot[0] * aspect, spot[1]) if spot is not None else (0.0, 0.1)
        return (0.0, 0.3)  # the menu: the middle

    def _draw(self) -> None:
        key = STEPS[self.step]
        x, z = self.target(key)
        self.marker.setPos(x, 0, z)
        box = self.hand_box() if key == "tour_hand" else self.log_box() if key == "tour_log" else None
        hw, hh = ((box[1] - box[0]) / 2 + 0.02, (box[3] - box[2]) / 2 + 0.02) if box is not None else (0.13, 0.13)
        w = 0.012  # a gold frame round what the callout speaks of (the whole hand, or a spot)
        for bar, frame in zip(self.bars, ((-hw, hw, hh - w, hh), (-hw, hw, -hh, -hh + w), (-hw, -hw + w, -hh, hh),
                                          (hw - w, hw, -hh, hh))):
            bar["frameSize"] = frame
        self.marker.show()
        self.words.setText(tr(key))
        last = self.step == len(STEPS) - 1
        self.next["text"] = tr("tour_done") if last else tr("tour_next")
        # The panel stands beside its target, inside the window, clear of what it points at.
        aspect = self.screen.base.getAspectRatio()
        px = max(-aspect + 0.64, min(aspect - 0.64, x))
        pz = z + hh + 0.23 if z < 0.0 else z - hh - 0.23
        self.panel.setPos(px, 0, max(-0.78, min(0.78, pz)))
        self.panel.show()
