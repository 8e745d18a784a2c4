"""Panda3D settings, loaded before ShowBase starts; the window, once open, fitted to its screen."""

from __future__ import annotations

from typing import Any

from panda3d.core import loadPrcFileData

# default-fov: the lens's field of view across the window's shorter side (Panda3D keeps it as the window changes
# shape). 33 degrees, narrower than Panda3D's 40: the table's far rows come nearly as large as its near ones, and
# houses of pyramids keep their heights comparable by eye (screens/table_camera.py gives the figures).
_BASE = """
window-title Aquarius 3D
audio-library-name null
sync-video false
textures-power-2 none
notify-level warning
print-pipe-types false
notify-level-device fatal
notify-level-display fatal
default-fov 33
show-frame-rate-meter false
loader-support-entry-points false
framebuffer-stencil true
"""


def configure(offscreen: bool = False, size: tuple[int, int] = (1280, 720), finish: bool = False,
              multisamples: int = 0, corner: bool = False) -> None:
    """Settings for a window or an offscreen buffer of a size; `finish` for honest frame timings; `corner`: the
    window opens at the screen's top-left corner (it is as large as the screen: centred, it would stand off it).

    `multisamples`: smoother edges (multisampling), as the quality tier and the player choose
    (view/quality.py): off at the low tier, where a CPU renderer such as Mesa's llvmpipe pays dearly for it.
    """
    lines = [_BASE, f"win-size {size[0]} {size[1]}"] + (["win-origin 0 0"] if corner else [])
    if multisamples:
        lines += ["framebuffer-multisample 1", f"multisamples {multisamples}"]
    if offscreen:
        lines += ["window-type offscreen", "load-display p3headlessgl"]
    if finish:
        lines.append("gl-finish 1")
    loadPrcFileData("aquarius3d", "\n".join(lines))


def prepare(offscreen: bool, size: tuple[int, int], quality: str, smooth: str, finish: bool = False) -> int:
    """Settings for the window about to open at a quality choice ("auto", "low", "medium", "high") and a choice of
    smoother edges ("auto", "on", "off"): its multisampling, worked out from the renderer it will most likely
    have (view/quality.py); a window too large for its screen opens at the largest offered size that fits, at the
    screen's top-left corner (files/user_settings.py `window_size`; the screen asked before the window opens, so that
    it never shows at the stored size first). Returns the samples a pixel asked for."""
    from ..files.user_settings import window_size
    from .quality import TIERS, expected_renderer, resolve, smooth_edges

    configure(offscreen=offscreen, size=size, finish=finish)  # (the display and its quiet notices, for the probe)
    fitted = size if offscreen else window_size(size, probe_display())
    corner = fitted != size  # (too large for its screen: fitted before it opens, never seen at the stored size)
    guess = expected_renderer(offscreen) if quality not in TIERS and smooth != "off" else None
    samples = smooth_edges(resolve(quality, guess), smooth)
    if samples or corner:
        configure(offscreen=offscreen, size=fitted, finish=finish, multisamples=samples, corner=corner)
    return samples


def probe_display() -> tuple[int, int]:
    """The size of the screen a window would open on, asked of a graphics pipe made for the asking before any window
    opens; (0, 0) when unknown (no display, or a pipe that cannot say)."""
    from panda3d.core import GraphicsPipeSelection

    try:
        pipe = GraphicsPipeSelection.getGlobalPtr().makeDefaultPipe()
    except Exception:  # (no display at all: the window's own opening says so, as before)
        return (0, 0)
    if pipe is None:
        return (0, 0)
    return (pipe.getDisplayWidth(), pipe.getDisplayHeight())


def display_size(base: Any) -> tuple[int, int]:
    """The size of the screen the window shows on, from the graphics pipe; (0, 0) when unknown (offscreen)."""
    pipe = getattr(base, "pipe", None)
    if pipe is None:
        return (0, 0)
    return (pipe.getDisplayWidth(), pipe.getDisplayHeight())


def fit_window(base: Any, wanted: tuple[int, int]) -> tuple[int, int] | None:
    """A window just opened at a size (stored, or the default) too large for its screen: brought to the largest
    offered size that fits (files/user_settings.py `window_size`), and to the screen's top-left corner if it would
    otherwise stand partly off it (a window opens centred: at 1280x720 on a 1024x600 screen, at -128,-60). Nothing
    changes offscreen, on a display of unknown size, or when the size fits. Returns the size asked for, if any."""
    from panda3d.core import WindowProperties

    from ..files.user_settings import window_size

    display = display_size(base)
    win = getattr(base, "win", None)
    size = window_size(wanted, display)
    if size == wanted or win is None or not hasattr(win, "requestProperties"):
        return None
    props = WindowProperties()
    props.setSize(*size)
    shown = win.getProperties()
    x, y = (shown.getXOrigin(), shown.getYOrigin()) if shown.hasOrigin() else (-1, -1)
    off = x < 0 or y < 0 or x + size[0] > display[0] or y + size[1] > display[1]
    if not off and shown.hasSize() and (shown.getXSize(), shown.getYSize()) == size:
        return None  # (opened fitted: prepare)
    if off:
        props.setOrigin(0, 0)
    win.requestProperties(props)
    return size
