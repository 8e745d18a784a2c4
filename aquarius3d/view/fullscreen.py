"""The window full screen or not (Settings' Full screen, F11): the window's properties asked of Panda3D. Full screen,
the window takes the display's size (never a display mode of the window's own size); back in a window, the size
stored in the settings, fitted to the display (files/user_settings.py `window_size`). An offscreen buffer (the tests,
`--offscreen`) has no such properties: nothing is asked of it, and the properties it would have been asked are
returned all the same."""

from __future__ import annotations

from typing import Any

from panda3d.core import WindowProperties

from .config import display_size


def request_fullscreen(base: Any, on: bool, window: tuple[int, int]) -> WindowProperties:
    """Ask for the window full screen (`on`) or at `window`'s size; returns the properties asked for."""
    from ..files.user_settings import window_size  # (as config.py reads it: when asked)

    display = display_size(base)
    props = WindowProperties()
    props.setFullscreen(on)
    props.setSize(*(display if on and display[0] > 0 and display[1] > 0 else window_size(window, display)))
    win = getattr(base, "win", None)
    if win is not None and hasattr(win, "requestProperties"):
        win.requestProperties(props)
    return props
