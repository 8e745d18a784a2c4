"""The main menu: new game, host a game, join a game, continue, load, settings, rules, quit; what went wrong said
under the title.

The title and the buttons, all of one width, stand on a panel in the window's middle, over a picture of the
table (`Backdrop`): an Aquarius chain of cards on the left, an Aquarius Rising house and an Elemental Towers
tower on the right, drawn by the table's own renderer (view/snapshots.py) once a session into a texture and
shown dimmed behind everything, filling the window whatever its shape. The window draws one textured rectangle
for it, never the 3D table: on Mesa llvmpipe at 1280x720 a frame of the menu took 1.3 ms (0.8 ms bare), and the
window draws one only when something changes (view/pacing.py). The picture comes on the frame after the menu (the
buttons at once): 0.06 s, 0.6 s the first time a session (the studio's card faces drawn with it, kept for the
Rules pages' pictures); where the graphics card gives no offscreen buffer the menu stands on the plain background.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from direct.gui.DirectGui import DGG
from panda3d.core import CardMaker, NodePath, SamplerState, Texture, TextureStage

from ..i18n import tr
from . import Screen
from .widgets import DIM, WARNING

if TYPE_CHECKING:
    from direct.task.Task import Task

    from ..view.snapshots import Snapshot

ASPECT = 1.6  # the backdrop picture's width over its height (16:10): cropped to the window's shape, top and bottom
PIXELS = 800  # its height: sharp enough behind a dimmed window of 1080 lines, one frame of a software renderer
DIMMED = 0.62  # the picture's brightness behind the panel: the table is seen, the words read
TITLE = 0.12  # the title's text scale
TAGLINE = 0.045  # the line under the title (the games, and how they are played)
TAGLINE_WRAP = 24.0  # its width (em): two lines, the panel narrow enough to show the table beside it
BUTTON_TEXT = 0.056
GAP = 0.014  # between two buttons
INSET = 0.05  # between the panel's edge and what it holds


def backdrop_snapshot() -> Snapshot:
    """The table the main menu stands over: seen from a three-quarter view, its middle left bare for the panel."""
    from ..core import geometry
    from ..view.scene import CardView, PyramidView
    from ..view.snapshots import Snapshot
    from ..view.towers import tower_views

    chain = [((-6, 0), "FFWW"), ((-5, 0), "FWFW"), ((-4, 0), "WWSS"), ((-5, 1), "AAFF"), ((-6, -1), "EEFF"),
             ((-4, -1), "SSWW"), ((-5, -1), "FFFF"), ((-3, 0), "EFWS")]
    low = geometry.card_top(0)
    high = geometry.card_top(1, geometry.PYRAMID_HEIGHT["L"], low)
    house = [((3, 0), "EEFF"), ((4, 0), "FWFW"), ((5, 0), "WSWS"), ((4, -1), "FFSS")]
    cards = [CardView(cell, code) for cell, code in chain + house]
    cards.append(CardView((4, 0), "FFFF", 1, geometry.card_bottom(high)))
    pyramids = [PyramidView((4, 0), 0, q, "L" + "rbrb"[q], low) for q in range(4)]
    pyramids += [PyramidView((3, 0), 0, q, "Mg", low) for q in (0, 1)]
    pyramids += [PyramidView((5, 0), 0, q, "S" + "bk"[q % 2], low) for q in (1, 3)]
    pyramids += list(tower_views((6, -1), "AAAA", "TL", ["Ly", "My", "Sy"]).values())
    cards.append(CardView((6, -1), "AAAA"))
    return Snapshot("menu-backdrop", tuple(cards), tuple(pyramids), heading=-8.0, pitch=38.0, aspect=ASPECT,
                    height=PIXELS)


class Backdrop:
    """The picture behind the menu, over the whole window (render2d, under every 2D node), cropped to its shape."""

    def __init__(self, screen: Screen) -> None:
        self.screen = screen
        base = screen.base
        maker = CardMaker("menu-backdrop")
        maker.setFrame(-1, 1, -1, 1)
        self.node: NodePath = base.render2d.attachNewNode(maker.generate())
        self.node.setBin("background", 0)  # (drawn first: every panel and word of the screens over it)
        self.node.setDepthTest(False)
        self.node.setDepthWrite(False)
        self.node.setColorScale(DIMMED, DIMMED, DIMMED, 1)
        self.node.hide()  # until its picture is drawn
        self.task: Task | None = None
        from ..view.snapshots import CACHE

        texture = CACHE.get((backdrop_snapshot().key, ""))  # (no words in it: one picture for every language)
        if texture is not None:
            self._show(texture)
        else:
            self.task = base.taskMgr.add(self._draw, "menu-backdrop")

    def busy(self) -> bool:
        return self.task is not None

    def _draw(self, task: Task) -> object:
        from ..view.snapshots import draw

        self.task = None
        if self.node.isEmpty():
            return task.done
        try:
            texture = draw(self.screen.base, [backdrop_snapshot()])[0]
        except RuntimeError:  # no offscreen buffer from this graphics card: the plain background
            return task.done
        self._show(texture)
        self.screen.app.pacer.poke()  # (the window draws the picture now, not at its next heartbeat)
        return task.done

    def _show(self, texture: Texture) -> None:
        texture.setMinfilter(SamplerState.FT_linear)  # (drawn once at about the window's size: no mipmaps needed)
        self.node.setTexture(texture)
        self.node.show()
        self.fit()

    def fit(self) -> None:
        """Crop the picture to the window's shape round its middle: it fills the window, never stretched."""
        if self.node.isEmpty():
            return
        window = self.screen.base.getAspectRatio()
        u = min(1.0, window / ASPECT)  # the share of its width shown
        v = min(1.0, ASPECT / window)  # of its height
        stage = TextureStage.getDefault()
        self.node.setTexScale(stage, u, v)
        self.node.setTexOffset(stage, (1 - u) / 2, (1 - v) / 2)

    def remove(self) -> None:
        if self.task is not None:
            self.screen.base.taskMgr.remove(self.task)
            self.task = None
        self.node.removeNode()


class MenuScreen(Screen):
    name = "menu"

    def build(self, note: str = "") -> None:
        app = self.app
        self.backdrop = Backdrop(self)
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

    def busy(self) -> bool:
        return self.backdrop.busy()

    def bind_inputs(self) -> None:
        self.accept("window-event", self._window_changed)

    def _window_changed(self, window: object = None) -> None:
        self.backdrop.fit()

    def suspend(self) -> None:
        super().suspend()
        self.backdrop.node.hide()

    def resume(self) -> None:
        super().resume()
        if self.backdrop.node.hasTexture():
            self.backdrop.node.show()
            self.backdrop.fit()

    def cleanup(self) -> None:
        self.backdrop.remove()
        super().cleanup()
