"""Screens: each owns its 2D nodes, its widgets and its key bindings, and gives them all back on `cleanup()`.

`Screens` is the switcher the App keeps: one screen shows at a time; switching cleans up the one
showing (its events ignored, its widgets destroyed, its nodes removed) before the next one enters.
A screen may also open over another (settings or load over a game): the one under it is suspended
(hidden, deaf, kept) and resumes when the one over it goes back.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from direct.showbase.DirectObject import DirectObject
from panda3d.core import NodePath, TextNode

from ..i18n import language, tr
from . import inputs, layout, scrolling, widgets
from .backdrop import Backdrop
from .focus import ButtonFocus, shown, widget_rect
from .relabel import relabel
from .scrolling import Scroll

if TYPE_CHECKING:
    from direct.gui.DirectGui import DirectButton, DirectFrame
    from direct.gui.OnscreenText import OnscreenText

    from ..app import App

Widget = TypeVar("Widget", bound=NodePath)  # a DirectGui widget or an OnscreenText: each a NodePath


class Screen(DirectObject):  # type: ignore[misc]  # (Panda3D ships no types: its DirectObject is Any)
    """A screen of the window. Subclasses draw themselves in `build()` and bind keys in `bind_inputs()`."""

    name = "screen"
    # Tab / Shift+Tab go through the screen's buttons and Enter presses the one in focus (screens/focus.py); the
    # table screen says False: it has a ring of its own (screens/keyboard.py)
    button_focus = True
    pictured = False  # stands over the picture of the table (screens/backdrop.py): the menus, not the table

    def __init__(self, app: App, name: str | None = None) -> None:
        self.app = app
        self.base = app.base
        if name is not None:
            self.name = name
        self.root: NodePath | None = None  # the screen's 2D nodes, while it shows
        self.widgets: list[NodePath] = []  # every widget made through button/text/panel/keep, destroyed on cleanup
        self._groups: list[list[NodePath]] = []
        self._stashed: list[NodePath] = []  # widgets hidden while suspended
        self.language = language()  # the language its texts are in (changed in Settings over it: said again)
        # its parts' own ways to say their texts again, called with the old language
        self.relabelers: list[Callable[[str], None]] = []
        self.focus: ButtonFocus | None = None  # the keyboard's focus among the buttons (made when it shows)
        self._anchors: list[NodePath] = []  # nodes of the screen's at the window's corners (`anchor`)
        self.scroll = Scroll(self)  # a form higher than the window at the interface scale scrolls (scrolling.py)
        self.on_back: Callable[[], object] | None = None  # what its Back button does (`back_button`): Esc does it too
        self.backdrop: Backdrop | None = None  # the picture of the table behind it, if `pictured`

    def enter(self, **options: Any) -> None:
        """Show the screen: a fresh 2D root under aspect2d, then the subclass's widgets at the interface scale and
        its bindings."""
        self.root = self.base.aspect2d.attachNewNode(self.name)
        if self.pictured:
            self.backdrop = Backdrop(self)
        self.build(**options)
        self.apply_scale()
        self.bind_inputs()
        self.bind_back()
        self.bind_focus()

    def build(self, *args: Any, **options: Any) -> None:
        """Draw the screen's widgets under `self.root` (each screen takes options of its own)."""

    def interface_scale(self) -> float:
        """The size of the 2D parts the player chose in Settings: 1.0, 1.25 or 1.5."""
        return self.app.settings.get("interface_scale", 100) / 100

    def apply_scale(self) -> None:
        """Draw the screen at the interface scale, round the window's middle; a form higher than the window so
        scrolls (its top at the window's top, scrolling.py), and only one wider than the window is made smaller:
        called when it enters, when it comes back from a screen over it (the scale may have changed there) and
        when a form is drawn again. The table has its own."""
        if self.root is None:
            return
        self.root.setScale(1.0)
        self.root.setPos(0.0, 0.0, 0.0)
        self.scroll.gather(self.rect_of)
        content = self.content()
        scale = self.interface_scale()
        if content is None:
            self.root.setScale(scale)
            self.scroll.place(scale, None, None)
        else:
            body, foot = self.scroll.extents(self.rect_of)
            size, across, up, room = layout.scrolled(scale, content, self.base.getAspectRatio())
            self.root.setScale(size)
            self.root.setPos(across, 0.0, 0.0 if room else up)
            self.scroll.place(size, body if room else None, foot)
        if self.backdrop is not None:  # the panel round the form; the foot's band, if any, no wider than it
            shaded = self.backdrop.shade(self.behind(), self.root.getSz())
            self.scroll.narrow(shaded, (*widgets.PANEL[:3], 1.0))

    def behind(self) -> layout.Rect | None:
        """What the backdrop's shade lies behind (aspect2d units): all the screen draws, its words read on it."""
        return self.content()

    def reading(self, ordered: list[NodePath]) -> list[NodePath]:
        """Its choosable widgets in the order Tab goes through them, given in reading order (rows from the top,
        each from the left): a screen of columns may read each column through (screens/new_game.py)."""
        return ordered

    def content(self) -> layout.Rect | None:
        """Where the screen's widgets under its root are drawn now (aspect2d units), all together."""
        assert self.root is not None
        rects = [drawn_rect(self.base, w) for w in self.widgets + [w for g in self._groups for w in g]
                 if not w.isEmpty() and self.root.isAncestorOf(w) and shown(w)]
        found = [r for r in rects if r is not None]
        if not found:
            return None
        return (min(r[0] for r in found), max(r[1] for r in found), min(r[2] for r in found), max(r[3] for r in found))

    def rect_of(self, node: NodePath) -> layout.Rect | None:
        """Where a node of the screen's root is drawn now (aspect2d units): its widgets' frames and words, else its
        own geometry's bounds (None: nothing drawn)."""
        rects = [drawn_rect(self.base, w) for w in self.widgets + [w for g in self._groups for w in g]
                 if not w.isEmpty() and (w == node or node.isAncestorOf(w)) and shown(w)]
        found = [r for r in rects if r is not None]
        if found:
            return (min(r[0] for r in found), max(r[1] for r in found), min(r[2] for r in found),
                    max(r[3] for r in found))
        bounds = node.getTightBounds(self.base.aspect2d)
        return (bounds[0].x, bounds[1].x, bounds[0].z, bounds[1].z) if bounds else None

    def bind_inputs(self) -> None:
        """Bind this screen's logical inputs (see `inputs.KEYS`) with `self.bind`."""

    def bind_focus(self) -> None:
        """Tab, Shift+Tab and Enter for the screen's buttons (Enter only where the screen gave it no meaning of its
        own); a click puts the focus away."""
        if not self.button_focus:
            return
        if self.focus is None:
            self.focus = ButtonFocus(self)
        self.bind("scroll_up", self.scroll.by, (-scrolling.STEP,))
        self.bind("scroll_down", self.scroll.by, (scrolling.STEP,))
        self.bind("focus_next", self.focus.step, (1,))
        self.bind("focus_previous", self.focus.step, (-1,))
        if not any(self.base.messenger.isAccepting(key, self) for key in inputs.keys("confirm")):
            self.bind("confirm", self.focus.press)
        for name, step in (("list_previous", -1), ("list_next", 1)):  # in an open drop-down list (a form's)
            if not any(self.base.messenger.isAccepting(key, self) for key in inputs.keys(name)):
                self.bind(name, self.focus.list_step, (step,))
        self.bind("click", self.focus.drop)
        self.focus.report()

    def bind_back(self) -> None:
        """Esc does what the screen's Back button does (README: Esc steps back), where the screen gave Esc no meaning
        of its own (the Rules screen's, the table's)."""
        if self.on_back is not None and not any(self.base.messenger.isAccepting(key, self)
                                                for key in inputs.keys("cancel")):
            self.bind("cancel", self.escape)

    def escape(self) -> None:
        """Esc: an open drop-down list closes first (the form stays as it was); else Back, as if clicked."""
        for widget in self.widgets:
            if isinstance(widget, widgets.Dropdown) and not widget.isEmpty() and not widget.popupMenu.isHidden():
                widget.hidePopupMenu()
                return
        if self.on_back is not None:
            self.on_back()

    def suspend(self) -> None:
        """Step aside for a screen opened over this one: hidden, deaf, kept (see `Screens.open_over`)."""
        self.ignoreAll()
        self._stashed = [w for w in self.widgets if not w.isEmpty() and not w.isStashed()]
        for widget in self._stashed:
            widget.stash()
        if self.root is not None:
            self.root.stash()
        if self.backdrop is not None:
            self.backdrop.hide()

    def resume(self) -> None:
        """Come back as it was when suspended."""
        if self.root is not None:
            self.root.unstash()
        if self.backdrop is not None:
            self.backdrop.show()
        for widget in self._stashed:
            if not widget.isEmpty():
                widget.unstash()
        self._stashed = []
        if self.language != language():  # the language was changed in Settings over it: every text at once
            old, self.language = self.language, language()
            relabel(self.widgets, old)
            for relabeler in self.relabelers:
                relabeler(old)
        self.apply_scale()
        self.bind_inputs()
        self.bind_back()
        self.bind_focus()

    def busy(self) -> bool:
        """Is anything moving on this screen with nobody touching the window (view/pacing.py draws meanwhile)?"""
        return self.backdrop is not None and self.backdrop.busy()  # (its picture, drawn on the next frame)

    def bind(self, name: str, handler: Callable[..., object], args: Sequence[object] = (), repeat: bool = False,
             release: Callable[..., object] | None = None, release_args: Sequence[object] = ()) -> None:
        inputs.bind(self, name, handler, args, repeat, release, release_args)

    def cleanup(self) -> None:
        """Ignore every event this screen listens to; destroy its widgets; remove its nodes."""
        self.ignoreAll()
        for group in self._groups:
            self.forget(group)
        for widget in self.widgets:
            widget.destroy()
        self.widgets, self._groups = [], []
        self.scroll.close()
        if self.backdrop is not None:
            self.backdrop.remove()
            self.backdrop = None
        for node in self._anchors:
            node.removeNode()
        self._anchors = []
        if self.root is not None:
            self.root.removeNode()
        self.root = None

    # -- widgets the screen keeps track of ---------------------------------------------------------

    def anchor(self, corner: NodePath) -> NodePath:
        """A node of this screen's at one of the window's anchors (base.a2dTopLeft and so on): what hangs from it
        grows from that corner when scaled (the interface scale); removed with the screen."""
        node = corner.attachNewNode(f"{self.name}-anchor")
        self._anchors.append(node)
        return node

    def keep(self, widget: Widget) -> Widget:
        self.widgets.append(widget)
        return widget

    def group(self) -> list[NodePath]:
        """A list of widgets redrawn together (see `forget`), destroyed with the screen."""
        kept: list[NodePath] = []
        self._groups.append(kept)
        return kept

    def forget(self, kept: list[NodePath]) -> None:
        """Destroy a group of widgets (to draw it again)."""
        for widget in kept:
            widget.destroy()
            if widget in self.widgets:
                self.widgets.remove(widget)
        kept.clear()

    def button(self, text: str, command: Callable[..., object] | None, pos: tuple[float, float], scale: float = 0.06,
               parent: NodePath | None = None, args: Sequence[object] = ()) -> DirectButton:
        return self.keep(widgets.button(parent or self.root, text, command, pos, scale, args))

    def back_button(self, command: Callable[[], object], pos: tuple[float, float],
                    scale: float = 0.06) -> DirectButton:
        """The screen's Back button: `command` on a click, and on Esc (`bind_back`)."""
        self.on_back = command
        return self.button(tr("menu_back"), command, pos, scale)

    def text(self, text: str, pos: tuple[float, float], scale: float = 0.05, align: int = TextNode.ACenter,
             parent: NodePath | None = None, fg: widgets.Colour = widgets.TEXT,
             wrap: float | None = None) -> OnscreenText:
        """Text on screen; `parent` may be a corner anchor (base.a2dTopLeft and so on)."""
        return self.keep(widgets.text(parent or self.root, text, pos, scale, align, fg, wrap))

    def panel(self, frame: widgets.Frame, parent: NodePath | None = None,
              colour: widgets.Colour = widgets.PANEL) -> DirectFrame:
        return self.keep(widgets.panel(parent or self.root, frame, colour))


def drawn_rect(base: Any, widget: NodePath) -> layout.Rect | None:
    """Where a widget is drawn (aspect2d units): a DirectGui widget's frame, or a text's words (None: no words)."""
    if hasattr(widget, "guiItem"):
        return widget_rect(base, widget)
    bounds = widget.getTightBounds(base.aspect2d)
    if not bounds:
        return None
    low, high = bounds
    return (low.x, high.x, low.z, high.z)


class Screens:
    """The App's screens by name; `switch` cleans up the one showing and enters the next."""

    def __init__(self, app: App, kinds: dict[str, type[Screen]]) -> None:
        self.app = app
        self.kinds = dict(kinds)
        self.current: Screen | None = None
        self.suspended: list[Screen] = []  # screens waiting under the one showing, the latest last

    @property
    def name(self) -> str | None:
        return None if self.current is None else self.current.name

    def switch(self, name: str, **options: Any) -> Screen:
        """Close every screen (those suspended under this one too) and enter `name`."""
        self.close()
        return self._enter(name, options)

    def _enter(self, name: str, options: dict[str, Any]) -> Screen:
        kind = self.kinds.get(name, Screen)
        screen = kind(self.app, name)
        self.current = screen
        screen.enter(**options)
        return screen

    def open_over(self, name: str, **options: Any) -> Screen:
        """Enter `name` over the screen showing, which waits suspended (settings over a game)."""
        if self.current is not None:
            self.current.suspend()
            self.suspended.append(self.current)
        return self._enter(name, options)

    def replace(self, name: str, **options: Any) -> Screen:
        """Enter `name` in place of the screen showing, leaving any suspended under it waiting."""
        if self.current is not None:
            self.current.cleanup()
        return self._enter(name, options)

    def back(self) -> Screen | None:
        """Close the screen showing and resume the one suspended under it; None when there is none."""
        if not self.suspended:
            return None
        if self.current is not None:
            self.current.cleanup()
        self.current = self.suspended.pop()
        self.current.resume()
        return self.current

    def close(self) -> None:
        for screen in [self.current, *reversed(self.suspended)]:
            if screen is not None:
                screen.cleanup()
        self.current = None
        self.suspended = []
