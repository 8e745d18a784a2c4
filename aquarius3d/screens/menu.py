"""The main menu: new game, host a game, join a game, continue, load, settings, rules, quit; what went wrong said
under the title.

The title and the buttons, all of one width, stand on a panel in the window's middle, over a picture of the
table (screens/backdrop.py), shown dimmed behind everything.
"""

from __future__ import annotations

from direct.gui.DirectGui import DGG
from panda3d.core import NodePath

from ..i18n import tr
from . import Screen
from .layout import Rect
from .widgets import DIM, WARNING

TITLE = 0.12  # the title's text scale
TAGLINE = 0.045  # the line under the title (the games, and how they are played)
TAGLINE_WRAP = 24.0  # its width (em): two lines, the panel narrow enough to show the table beside it
BUTTON_TEXT = 0.056
GAP = 0.014  # between two buttons
INSET = 0.05  # between the panel's edge and what it holds


class MenuScreen(Screen):
    name = "menu"
    pictured = True

    def build(self, note: str = "") -> None:
        app = self.app
        self.panel_frame = self.panel((0, 0, 0, 0))  # (sized round the title and the buttons below)
        self.title = self.text(tr("app_title"), (0, 0), TITLE)
        self.tagline = self.text(tr("menu_tagline"), (0, 0), TAGLINE, wrap=TAGLINE_WRAP)
        entries = [("menu_new", app.show_new_game), ("menu_host", lambda: app.screens.switch("host")),
                   ("menu_join", lambda: app.screens.switch("join_game")), ("menu_continue", app.continue_game),
                   ("menu_load", app.show_load), ("menu_settings", app.show_settings), ("menu_rules", app.show_rules),
                   ("menu_quit", app.quit)]
        self.buttons = []
        for key, command in entries:
            made = self.button(tr(key), command, (0, 0), BUTTON_TEXT)
            self.buttons.append(made)
            if key == "menu_continue":
                self.continue_button = made
                if app.autosaved() in ("none", "over"):  # no game being played: nothing to go on with
                    made["state"] = DGG.DISABLED
                    made["text_fg"] = DIM
        frames = [made.guiItem.getFrame() for made in self.buttons]  # one size for all: the widest, the highest
        wide = max(frame[1] - frame[0] for frame in frames)
        low, high = min(frame[2] for frame in frames), max(frame[3] for frame in frames)
        for made in self.buttons:
            made["frameSize"] = (-wide / 2, wide / 2, low, high)
        self.note = self.text(note, (0, 0), TAGLINE, fg=WARNING, wrap=TAGLINE_WRAP)
        self._stack(note)

    def say(self, note: str) -> None:
        """Say what went wrong (in place of the line of the games), the menu laid out again round it."""
        assert self.root is not None
        self.note.setText(note)
        self.root.setScale(1.0)  # (laid out as drawn at 100%, then at the interface scale)
        self.root.setPos(0.0, 0.0, 0.0)
        self._stack(note)
        self.apply_scale()

    def _stack(self, note: str) -> None:
        """The title, its line (or the note, where something went wrong) and the buttons one under another, each
        at its own height as drawn, the whole round the window's middle, the panel round them with INSET to spare."""

        def box(node: NodePath) -> tuple[float, float, float, float]:
            found = self.rect_of(node)  # (the root as yet unscaled: aspect2d's units are its own)
            return found if found is not None else (0.0, 0.0, node.getZ(), node.getZ())

        z = 0.0  # each part's top, going down
        said = self.note if note else self.tagline  # what went wrong, said where it is read first: under the title
        said.show()
        (self.tagline if note else self.note).hide()
        parts: list[tuple[NodePath, float]] = [(self.title, 0.025), (said, 0.05)]
        parts += [(b, GAP) for b in self.buttons]
        for node, gap in parts:
            node.setZ(node.getZ() + z - box(node)[3])
            z = box(node)[2] - gap
        rects = [box(node) for node, _ in parts]
        top, bottom = max(r[3] for r in rects), min(r[2] for r in rects)
        for node, _ in parts:  # the whole round the middle
            node.setZ(node.getZ() - (top + bottom) / 2)
        half = max(max(-r[0], r[1]) for r in rects) + INSET
        high = (top - bottom) / 2 + INSET
        self.panel_frame["frameSize"] = (-half, half, -high, high)

    def behind(self) -> Rect | None:
        return None  # (its own panel, round the title and the buttons)
