"""The logical inputs, named once and mapped to Panda3D's key and mouse names.

Code binds `confirm` or `rotate`, never "enter" or "r": changing a key (or, later, reading the keys
from the settings) happens here and nowhere else.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from direct.showbase.DirectObject import DirectObject

KEYS: dict[str, tuple[str, ...]] = {
    # the table
    "click": ("mouse1",),
    "drag_orbit": ("mouse3",),
    "drag_pan": ("mouse2", "shift-mouse1"),
    "confirm": ("enter",),
    "focus_next": ("tab",),  # the keyboard's way: the next card, spot or button (Shift+Tab the previous one)
    "focus_previous": ("shift-tab",),
    "cancel": ("escape",),
    "rotate": ("r",),
    "reveal": ("space",),
    "pass": ("p",),
    "undo": ("u", "control-z"),
    "peek": ("g",),
    "suggest": ("h",),
    "help": ("f1",),
    "screenshot": ("f12",),
    "fullscreen": ("f11",),  # the window full screen or not (anywhere: app.py), as Settings' Full screen
    "save": ("control-s",),
    # the camera
    "zoom_in": ("wheel_up", "+", "="),
    "zoom_out": ("wheel_down", "-"),
    "orbit_left": ("arrow_left",),
    "orbit_right": ("arrow_right",),
    "orbit_up": ("arrow_up",),
    "orbit_down": ("arrow_down",),
    "pan_forward": ("w", "z"),
    "pan_back": ("s",),
    "pan_left": ("a", "q"),
    "pan_right": ("d",),
    "view_top": ("1",),
    "view_side": ("2",),
    "view_orbit": ("3", "home"),
    "fit": ("f",),
    "whole_table": ("t",),  # a glance at the whole table: piles, trays, the scoring row
    "centre": ("c",),  # the orbit's centre on what is under the pointer
    "log": ("j",),  # the log of moves unfolded, or folded to its tab (French: journal)
    # Aquarius Rising
    "storeys": ("l",),
    "elevation": ("e",),
    "heights": ("k",),  # the height ranking's panel
    "marks": ("m",),  # a marker over each goal element's highest point
    # an open drop-down list (the New game form's games): the entry above or below lit (Enter takes it)
    "list_previous": ("arrow_up",),
    "list_next": ("arrow_down",),
    # a form higher than the window (at a large interface size)
    "scroll_up": ("wheel_up",),
    "scroll_down": ("wheel_down",),
    # the rules' pages
    "page_next": ("page_down", "arrow_right"),
    "page_previous": ("page_up", "arrow_left"),
    "page_scroll_up": ("arrow_up",),  # a page higher than the window (the wheel too: scroll_up, scroll_down)
    "page_scroll_down": ("arrow_down",),
}


def keys(name: str) -> tuple[str, ...]:
    """The Panda3D events that stand for a logical input."""
    try:
        return KEYS[name]
    except KeyError:
        raise KeyError(f"no input named {name!r}") from None


def released(key: str) -> str:
    """The event Panda3D sends when a key is let go: without its modifiers ("shift-mouse1" -> "mouse1-up")."""
    return key.rsplit("-", 1)[-1] + "-up"


def bind(listener: DirectObject, name: str, handler: Callable[..., object], args: Sequence[object] = (),
         repeat: bool = False, release: Callable[..., object] | None = None,
         release_args: Sequence[object] = ()) -> None:
    """Bind a logical input on a DirectObject (a screen, or ShowBase): `handler(*args)` when pressed.

    `repeat`: also while held down; `release`: called (with `release_args`) when the key is let go.
    """
    for key in keys(name):
        listener.accept(key, handler, list(args))
        if repeat:
            listener.accept(key + "-repeat", handler, list(args))
        if release is not None:
            listener.accept(released(key), release, list(release_args))
