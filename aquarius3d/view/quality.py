"""Quality tiers: how much of the table's light and material a renderer can afford.

Three tiers, one picture: the same light, the same shadows that tell height, the same plastic pyramids;
what changes is how finely they are drawn.

- **low**, for a software renderer (Mesa's llvmpipe, every machine without a graphics card): the felt
  and the cards on it lit per vertex with their shadows drawn over them as soft shapes (view/shadows.py),
  one filtered lookup a pixel in a shadow map of 2048 texels above the felt (storeys, pyramids), drawn
  only when the table changes (never while the camera orbits), no sheen, pyramids as thin shells, no
  multisampling. Budget: 16 ms a frame at 1280x720 on two cores.
- **medium**: the felt's light and shadows drawn into a map of 2048 texels at each change (softer, exact
  for every shape), softer shadow edges above it (four lookups), a sheen on cards and wood, the felt's
  fibres, pyramids with their inner walls and contact shadows, 4x multisampling.
- **high**: a shadow map of 4096 texels, the softest edges (twelve lookups), 8x multisampling.

The tier is found from the GL renderer's name (`detect`) unless the player chose one (Settings, `render
--quality`). The window's multisampling is set when it opens, before its renderer can be asked, so the
renderer's name is kept in the cache folder from one start to the next (`remembered`, `remember`); on
the very first start without it, a one-pixel buffer is opened to ask (`probe`, about a tenth of a second).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from direct.showbase.ShowBase import ShowBase

TIERS = ("low", "medium", "high")
SETTING_CHOICES = ("auto", *TIERS)  # what the Settings and the settings file hold ("auto": found from the renderer)
SOFTWARE = ("llvmpipe", "softpipe", "swrast", "swiftshader", "software rasterizer", "gdi generic",
            "basic render driver", "lavapipe")  # lower-case pieces of software renderers' names
RENDERER_FILE = "renderer.txt"


@dataclass(frozen=True)
class Quality:
    """What a tier draws."""

    name: str
    shadow_size: int  # texels along each side of the shadow map
    shadow_taps: int  # filtered lookups a pixel in the shadow map, above the felt (1, 4 or 12): softer edges
    ground_light: bool  # the felt's light and shadows from a map drawn at each change, or drawn over it (shadows.py)
    ground_size: int  # texels along each side of the ground light (view/lighting.py)
    ground_taps: int  # filtered lookups a texel of the ground light takes in the shadow map (drawn once a change)
    sheen: bool  # a sheen on cards and wood, fibres on the felt
    fine_pieces: bool  # pyramids with their inner walls, rounder pips and a contact shadow each
    multisamples: int  # samples a pixel when smoother edges are on (0: none)
    smooth_by_default: bool  # whether smoother edges (multisampling) are on unless the player says otherwise


QUALITIES = {
    "low": Quality("low", 2048, 1, False, 1024, 4, False, False, 4, False),
    "medium": Quality("medium", 2048, 4, True, 2048, 12, True, True, 4, True),
    "high": Quality("high", 4096, 12, True, 2048, 12, True, True, 8, True),
}


def is_software(renderer: str) -> bool:
    """Whether a GL renderer's name is a software renderer's (drawn on the CPU)."""
    name = renderer.lower()
    return any(piece in name for piece in SOFTWARE)


def detect(renderer: str | None) -> str:
    """The tier for a renderer: low in software, high on a graphics card, low when nobody knows."""
    if not renderer:
        return "low"
    return "low" if is_software(renderer) else "high"


def resolve(choice: str | None, renderer: str | None) -> Quality:
    """The tier a choice ("auto", "low", "medium", "high" or None for auto) means on a renderer."""
    name = choice if choice in TIERS else detect(renderer)
    return QUALITIES[name]


def smooth_edges(quality: Quality, choice: str | None) -> int:
    """Samples a pixel for the window: the player's choice ("on", "off") or the tier's default ("auto")."""
    on = quality.smooth_by_default if choice not in ("on", "off") else choice == "on"
    return quality.multisamples if on else 0


def renderer_name(base: ShowBase) -> str:
    """The GL renderer's name of a window (empty when it has none)."""
    win = getattr(base, "win", None)
    gsg = win.getGsg() if win is not None else None
    return str(gsg.getDriverRenderer()) if gsg is not None else ""


def window_quality(base: ShowBase) -> Quality:
    """The tier a window draws at: the one set on it (`set_quality`), else the one its renderer asks for."""
    chosen = getattr(base, "aquarius3d_quality", None)
    if isinstance(chosen, Quality):
        return chosen
    quality = QUALITIES[detect(renderer_name(base))]
    base.aquarius3d_quality = quality
    return quality


def set_quality(base: ShowBase, quality: Quality) -> None:
    base.aquarius3d_quality = quality


def remembered() -> str | None:
    """The renderer's name the last window found (kept in the cache folder), if any."""
    from ..files import resources

    folder = resources.user_cache_dir()
    if folder is None:
        return None
    try:
        return (folder / RENDERER_FILE).read_text(encoding="utf-8").strip() or None
    except OSError:
        return None


def remember(renderer: str) -> None:
    """Keep the renderer's name for the next start (nothing if there is no cache folder)."""
    from ..files import resources

    folder = resources.user_cache_dir()
    if folder is None or not renderer or renderer == remembered():
        return
    try:
        folder.mkdir(parents=True, exist_ok=True)
        (folder / RENDERER_FILE).write_text(renderer + "\n", encoding="utf-8")
    except OSError:
        pass


def probe(offscreen: bool = False) -> str | None:
    """The renderer of the display the window will open on (`offscreen`: EGL's, as config.py asks then), from a
    one-pixel offscreen buffer opened and closed (None if none opens)."""
    from panda3d.core import (
        FrameBufferProperties,
        GraphicsEngine,
        GraphicsPipe,
        GraphicsPipeSelection,
        WindowProperties,
    )

    try:
        selection = GraphicsPipeSelection.getGlobalPtr()
        pipe = selection.makeModulePipe("p3headlessgl") if offscreen else selection.makeDefaultPipe()
        if pipe is None:
            return None
        engine = GraphicsEngine.getGlobalPtr()
        buffer = engine.makeOutput(pipe, "renderer-probe", 0, FrameBufferProperties(), WindowProperties.size(1, 1),
                                   GraphicsPipe.BFRefuseWindow)
        if buffer is None:
            return None
        engine.openWindows()
        gsg = buffer.getGsg()
        name = str(gsg.getDriverRenderer()) if gsg is not None else None
        engine.removeWindow(buffer)
        return name
    except Exception:  # noqa: BLE001  (a driver that cannot open a buffer: the window will tell)
        return None


def expected_renderer(offscreen: bool = False) -> str | None:
    """The renderer a window about to open will most likely have: the one remembered, else probed."""
    return remembered() or probe(offscreen)
