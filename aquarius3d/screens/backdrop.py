"""The picture of the table the menus stand over: the main menu, the Rules pages, Settings and the new-game form.

An Aquarius chain of cards on the left, an Aquarius Rising house and an Elemental Towers tower on the right, drawn
by the table's own renderer (view/snapshots.py) once a session into a texture and shown dimmed behind everything,
filling the window whatever its shape. The window draws one textured rectangle for it, never the 3D table: on Mesa
llvmpipe at 1280x720 a frame of the menu took 1.3 ms (0.8 ms bare), and the window draws one only when something
changes (view/pacing.py). The picture comes on the frame after the screen (its words and buttons at once): 0.06 s,
0.6 s the first time a session (the studio's card faces drawn with it, kept for the Rules pages' pictures), nothing
once drawn (view/snapshots.py's CACHE); where the graphics card gives no offscreen buffer the screen stands on the
plain background.

Opened over a game (Settings or the Rules from the game menu), the picture is the game's own table instead: the
table waiting under the screen is drawn, as still as it was left and as dimmed, without its HUD; it steps aside again
when the screen goes (the game comes back) or when another screen comes over this one.

A screen whose words stand on no panel of their own (Settings, the new-game form; the Rules pages' title) has a
`shade` behind them: a panel of the panels' colour round everything it draws, so that its words read over the cards
of the picture as they read on the main menu's panel (4.5:1 or more, tests/test_backdrop.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from direct.showbase.DirectObject import DirectObject
from panda3d.core import CardMaker, NodePath, SamplerState, Texture, TextureStage, TransparencyAttrib

from .widgets import PANEL

if TYPE_CHECKING:
    from direct.task.Task import Task

    from ..view.snapshots import Snapshot
    from . import Screen
    from .layout import Rect
    from .table_screen import TableScreen

ASPECT = 1.6  # the picture's width over its height (16:10): cropped to the window's shape, top and bottom
PIXELS = 800  # its height: sharp enough behind a dimmed window of 1080 lines, one frame of a software renderer
DIMMED = 0.62  # the picture's brightness behind the panel: the table is seen, the words read
INSET = 0.05  # the shade's margin round what the screen draws (aspect2d units at 100%)


def backdrop_snapshot() -> Snapshot:
    """The table the menus stand over: seen from a three-quarter view, its middle left bare for the panel."""
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


class Backdrop(DirectObject):  # type: ignore[misc]  # (Panda3D ships no types: its DirectObject is Any)
    """The picture behind a screen, over the whole window (render2d, under every 2D node), cropped to its shape; and
    the shade behind the screen's words, if it is given where they are (`shade`)."""

    def __init__(self, screen: Screen) -> None:
        self.screen = screen
        base = screen.base
        maker = CardMaker("menu-backdrop")
        maker.setFrame(-1, 1, -1, 1)
        self.node: NodePath = self._under(base.render2d.attachNewNode(maker.generate()), 0)
        self.node.setColorScale(DIMMED, DIMMED, DIMMED, 1)
        self.node.hide()  # until its picture is drawn
        maker = CardMaker("backdrop-shade")
        maker.setFrame(0, 1, 0, 1)  # (placed and sized by `shade`)
        self.shade_node: NodePath = self._under(base.aspect2d.attachNewNode(maker.generate()), 1)
        self.shade_node.setColor(*PANEL)
        self.shade_node.setTransparency(TransparencyAttrib.MAlpha)
        self.shade_node.hide()
        self.task: Task | None = None
        self.game = game_under(screen)  # the game's table this screen stands over, if any: shown, not the picture
        if self.game is not None:
            self.node.setColor(0, 0, 0, 1 - DIMMED)  # (a veil over the game's table: as dim as the picture)
            self.node.setTransparency(TransparencyAttrib.MAlpha)
            self.show()
            return
        from ..view.snapshots import CACHE

        texture = CACHE.get((backdrop_snapshot().key, ""))  # (no words in it: one picture for every language)
        if texture is not None:
            self._show(texture)
        else:
            self.task = base.taskMgr.add(self._draw, "menu-backdrop")
        self.accept("window-event", self._window_changed)

    @staticmethod
    def _under(node: NodePath, order: int) -> NodePath:
        """Drawn first, in this order: every panel and word of the screens over it."""
        node.setBin("background", order)
        node.setDepthTest(False)
        node.setDepthWrite(False)
        return node

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

    def _window_changed(self, window: object = None) -> None:
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

    def shade(self, rect: Rect | None, scale: float) -> Rect | None:
        """The shade round `rect` (where the screen draws, aspect2d units; None: no shade), INSET wider at the
        interface `scale`, inside the window (a form that scrolls: from the window's top to its bottom): where it
        lies (None: nowhere)."""
        if rect is None or self.shade_node.isEmpty():
            self.shade_node.hide()
            return None
        aspect, inset = self.screen.base.getAspectRatio(), INSET * scale
        left, right = max(-aspect, rect[0] - inset), min(aspect, rect[1] + inset)
        bottom, top = max(-1.0, rect[2] - inset), min(1.0, rect[3] + inset)
        self.shade_node.setPos(left, 0, bottom)
        self.shade_node.setScale(max(right - left, 1e-4), 1, max(top - bottom, 1e-4))
        self.shade_node.show()
        return left, right, bottom, top

    def hide(self) -> None:
        """Stepped aside for a screen over this one (the table's own, or another's picture)."""
        self.node.hide()
        self.shade_node.stash()
        self._show_game(False)

    def show(self) -> None:
        if self.node.hasTexture() or self.game is not None:
            self.node.show()
            self.fit()
        self.shade_node.unstash()
        self._show_game(True)

    def _show_game(self, shown: bool) -> None:
        """The game's table under the screen drawn (behind the veil), or hidden again as it waits."""
        root = self.game.scene.root if self.game is not None else None
        if root is not None and not root.isEmpty():
            root.unstash() if shown else root.stash()

    def remove(self) -> None:
        self.ignoreAll()
        if self.task is not None:
            self.screen.base.taskMgr.remove(self.task)
            self.task = None
        self._show_game(False)  # (the game, back, shows it again itself: screens/table_screen.py resume)
        self.node.removeNode()
        self.shade_node.removeNode()


def game_under(screen: Screen) -> TableScreen | None:
    """The game's table waiting under a screen opened over it (screens/__init__.py: Screens.open_over), if any."""
    waiting = screen.app.screens.suspended
    game = waiting[-1] if waiting else None
    return cast("TableScreen", game) if game is not None and game.name == "game" else None
