"""Render a position to a PNG offscreen: `aquarius3d render POSITION.yaml`."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from ..positions.file import Position

if TYPE_CHECKING:
    from .scene import CardView, PyramidView

VIEWS = ("top", "side", "orbit")


def position_views(position: Position) -> tuple[dict[object, CardView], dict[object, PyramidView]]:
    """The cards (every storey) and pyramids of a position, as the scene shows them."""
    from ..engine.table import Table
    from ..positions.analyze import rising_state
    from ..games.towers.pieces import position_pieces
    from .storeys import state_views

    table = Table()
    for i, card in enumerate(position.cards):
        if card.at[2] == 0:
            table.place(card.at[:2], i, card.card)
    pieces = position_pieces(position)
    if pieces:  # Elemental Towers: pyramids and towers on the panels
        from ..engine.state import State
        from ..games.towers.state import TowersData
        from .towers import piece_views

        state = State(players=[], hands=[], goals=[], unused_goals=[], deck=[], table=table,
                      data=TowersData(pieces=pieces))
        cards, pyramid_views = state_views(state)
        pyramid_views.update(piece_views(state))
        return cards, pyramid_views
    return state_views(rising_state(position, table))  # storeys and pyramids (Aquarius Rising), if any


def png_bytes(rgb: np.ndarray, level: int = 3) -> bytes:
    """An 8-bit RGB PNG of an image (rows top first), unfiltered, zlib level 3.

    Panda3D's own writer (libpng, level 6, adaptive filters) took 200 ms for
    a 1280x720 render; this takes 15 ms for a file of about the same size.
    """
    height, width, _ = rgb.shape
    rows = np.empty((height, width * 3 + 1), dtype=np.uint8)
    rows[:, 0] = 0  # filter type 0 (none) on every row
    rows[:, 1:] = rgb.reshape(height, width * 3)

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)  # 8 bits, truecolour, no interlace
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows.tobytes(), level))
            + chunk(b"IEND", b""))


class OffscreenTable:
    """A ShowBase with an offscreen buffer and a table scene, for renders and tests."""

    def __init__(self, size: tuple[int, int] = (1280, 720), finish: bool = False, quality: str | None = None,
                 smooth: str = "off") -> None:
        """`quality`: "low", "medium", "high", or None (or "auto") for the one the renderer asks for
        (view/quality.py); `smooth`: smoother edges (multisampling), "on", "off" or "auto" (as the tier says)."""
        from .config import prepare

        prepare(True, size, quality or "auto", smooth, finish)
        from direct.showbase.ShowBase import ShowBase

        from .quality import renderer_name, resolve, set_quality
        from .scene import TableScene

        self.base = ShowBase(windowType="offscreen")
        set_quality(self.base, resolve(quality, renderer_name(self.base)))
        self.base.disableMouse()
        self.base.setBackgroundColor(0.11, 0.12, 0.14, 1)
        self.base.camLens.setNearFar(5.0, 20000.0)
        self.scene = TableScene(self.base.render)

    def look(self, view: str) -> None:
        """Stand at a named view (top, side, orbit) that shows every card and pyramid, as the table's camera does."""
        from .framing import frame_view, scene_boxes

        self.orbit = frame_view(view, scene_boxes(self.scene), self.base.camLens)
        self.orbit.apply(self.base.camera)

    def frame(self) -> None:
        self.base.graphicsEngine.renderFrame()

    def save(self, path: Path) -> Path:
        self.frame()
        self.frame()
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        shot = self.base.win.getScreenshot()
        if shot is None:
            raise OSError(f"could not write {path}: no picture from the graphics card")
        width, height = shot.getXSize(), shot.getYSize()
        pixels = np.frombuffer(bytes(shot.getRamImageAs("RGB")), np.uint8).reshape(height, width, 3)
        path.write_bytes(png_bytes(pixels[::-1]))  # Panda3D's rows run bottom up
        return path

    def close(self) -> None:
        self.base.destroy()


def render_position(position: Position, out: Path, view: str = "orbit", size: tuple[int, int] = (1280, 720),
                    quality: str | None = None) -> Path:
    """Draw a position into a PNG, at a quality tier (None: the window's, as Settings say) with the window's
    smoother edges."""
    from ..files.user_settings import load_settings

    settings = load_settings()
    table = OffscreenTable(size, quality=quality or settings["quality"], smooth=settings["smooth_edges"])
    try:
        cards, pyramids = position_views(position)
        table.scene.sync(cards, pyramids)
        table.look(view)
        return table.save(out)
    finally:
        table.close()
