"""Panda3D settings, loaded before ShowBase starts."""

from __future__ import annotations

from panda3d.core import loadPrcFileData

_BASE = """
window-title Aquarius 3D
audio-library-name null
sync-video false
textures-power-2 none
notify-level warning
print-pipe-types false
notify-level-device fatal
notify-level-display fatal
default-fov 40
show-frame-rate-meter false
loader-support-entry-points false
"""


def configure(offscreen: bool = False, size: tuple[int, int] = (1280, 720), finish: bool = False,
              antialiasing: bool = False) -> None:
    """Settings for a window or an offscreen buffer of a size; `finish` for honest frame timings.

    Antialiasing (4x multisampling) is a setting, off by default: on a CPU
    renderer such as Mesa's llvmpipe it costs more than the whole rest of a frame.
    """
    lines = [_BASE, f"win-size {size[0]} {size[1]}"]
    if antialiasing:
        lines += ["framebuffer-multisample 1", "multisamples 4"]
    if offscreen:
        lines += ["window-type offscreen", "load-display p3headlessgl"]
    if finish:
        lines.append("gl-finish 1")
    loadPrcFileData("aquarius3d", "\n".join(lines))
