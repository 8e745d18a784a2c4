"""The table itself: a fine felt in a wooden rim, sized to hold the cards, with contact shadows on the cloth.

The felt is a grid of vertex colours (a faint mottling) under a tiled texture of fibres; the rim is four
pieces of rounded, grained wood butted at the corners (view/pieces.py). Wherever a card, a tray or a pile
lies on the felt, the cloth round it darkens over a few millimetres (view/materials.py's contact map),
drawn again whenever what lies on the felt changes.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager

import numpy as np
from panda3d.core import (
    CullBinManager,
    GeomNode,
    NodePath,
    SamplerState,
    StencilAttrib,
    Texture,
    TransparencyAttrib,
)

from . import materials, shadows
from .camera import Box
from .lighting import KEY_TOWARD, WOOD_GLOSS, Lighting
from .palette import FELT
from .pieces import RIM_WIDTH, rim_node

TABLE_MARGIN = 230.0  # felt beyond the cards (room for the piles), millimetres
MIN_TABLE = (900.0, 700.0)
HOLD_MARGIN = 45.0  # felt beyond the trays and Dominus' table limit, millimetres
Extent = tuple[tuple[float, float], tuple[float, float]]
Rect = tuple[float, float, float, float]
Caster = shadows.Caster
FELT_BIN = "felt"  # drawn after the opaque cards: the felt under them is never shaded, only hidden
CONTACT_BIN = "contact"  # contact shadows: over the felt and the cards, before the see-through pyramids
CAST_BIN = "cast"  # the low tier's cast shadows, after the contact shadows
BINS = CullBinManager.getGlobalPtr()
BINS.addBin(FELT_BIN, CullBinManager.BTUnsorted, 22)
BINS.addBin(CONTACT_BIN, CullBinManager.BTUnsorted, 25)
BINS.addBin(CAST_BIN, CullBinManager.BTUnsorted, 26)


def felt_node(columns: int = 32, rows: int = 24) -> GeomNode:
    """A mottled felt as a grid of vertex colours: no texture to sample, cheap on a CPU renderer."""
    from .meshes import colour_grid_node

    rng = np.random.default_rng(7)
    shade = rng.normal(0, 1, (rows + 1, columns + 1))
    for _ in range(2):
        shade = (shade + np.roll(shade, 1, 0) + np.roll(shade, -1, 0) + np.roll(shade, 1, 1) + np.roll(shade, -1, 1)) / 5
    shade = 1.0 + 0.035 * shade / shade.std()
    colours = np.array(FELT, dtype=np.float32)[None, None, :] / 255 * shade[:, :, None]
    return colour_grid_node(colours.clip(0, 1), "felt")


def texture(image: np.ndarray, name: str, repeat: bool = False, mipmaps: bool = False) -> Texture:
    """A texture of an image (rows top first): RGB (h, w, 3) or grey (h, w) in 0-255."""
    grey = image.ndim == 2
    h, w = image.shape[:2]
    tex = Texture(name)
    tex.setup2dTexture(w, h, Texture.T_unsigned_byte, Texture.F_luminance if grey else Texture.F_rgb8)
    # Panda3D keeps images bottom row first, in BGR order.
    rows = image[::-1] if grey else image[::-1, :, ::-1]
    tex.setRamImage(np.ascontiguousarray(rows).tobytes())
    # Mipmaps keep faces smooth at a distance; nearest-mipmap sampling is much
    # cheaper than trilinear on a CPU renderer and looks the same on cards.
    tex.setMinfilter(SamplerState.FT_linear_mipmap_nearest)
    tex.setMagfilter(SamplerState.FT_linear)
    wrap = SamplerState.WM_repeat if repeat else SamplerState.WM_clamp
    tex.setWrapU(wrap)
    tex.setWrapV(wrap)
    if mipmaps:
        tex.generateRamMipmapImages()
    return tex


class Table:
    """The felt, the rim and the contact shadows, under `parent`."""

    def __init__(self, parent: NodePath, lighting: Lighting) -> None:
        self.lighting = lighting
        self.root = parent.attachNewNode("table")
        self.felt = self.root.attachNewNode(felt_node())
        self.felt.setZ(-0.05)
        self.felt.setBin(FELT_BIN, 0)
        self.felt.setTexture(texture((materials.fibres() * 255).astype(np.uint8), "felt-fibres", repeat=True,
                                     mipmaps=True))
        lighting.use(self.felt, "felt")
        self.wood = texture(materials.wood(), "wood", repeat=True, mipmaps=True)
        self.rim_root = self.root.attachNewNode("rim")
        self.rim_root.setTexture(self.wood)
        lighting.use(self.rim_root, "lit", WOOD_GLOSS)
        lighting.cast(self.rim_root)
        self.rim: list[NodePath] = [self.rim_root.attachNewNode(f"rim-{i}") for i in range(4)]
        self._rim_size: tuple[float, float] | None = None
        self.extent: Extent = ((0.0, 0.0), (1.0, 1.0))
        self._bounds: Box = ((-100.0, -100.0, 0.0), (100.0, 100.0, 0.0))  # the cards' box, as last fitted
        self.held: dict[str, list[Rect]] = {}  # what else the felt holds, by owner (`hold`)
        self.contact: Texture | None = None
        self.footprints: dict[str, list[Rect]] = {}
        self.casters: dict[str, list[Caster]] = {}
        self._drawn: tuple[Extent, tuple[Rect, ...]] | None = None
        self._shadowed: tuple[list[Rect], list[Caster]] | None = None  # what the low tier's shadows were drawn for
        self._changing = 0  # inside `changing`: the shadows wait for its end
        self._stale = False  # something changed while they waited
        self.shadows = self.root.attachNewNode("shadows")  # the low tier's shadows, drawn as shapes

    def fit(self, bounds: Box | None = None) -> None:
        """Size the felt and its wooden rim to hold the cards (`bounds`; None: the last ones) with a margin, and
        whatever else the table must hold (`hold`: the trays, Dominus' table limit) with a smaller one."""
        if bounds is not None:
            self._bounds = bounds
        self.extent = self._extent_for()
        (left, bottom), (right, top) = self.extent
        width, length = right - left, top - bottom
        cx, cy = (left + right) / 2, (bottom + top) / 2
        self.felt.setPos(cx, cy, -0.05)
        self.felt.setScale(width, length, 1)
        if self._rim_size != (width, length):
            self._rim_size = (width, length)
            pieces = [(width + 2 * RIM_WIDTH, 0.0), (width + 2 * RIM_WIDTH, 180.0), (length, 90.0), (length, 270.0)]
            for i, (node, (span, heading)) in enumerate(zip(self.rim, pieces)):
                node.node().removeAllChildren()
                node.attachNewNode(rim_node(span, f"rim-{i}", grain_offset=0.37 * i))
                node.setH(heading)
        far = (cx, cy + length / 2), (cx, cy - length / 2), (cx - width / 2, cy), (cx + width / 2, cy)
        for node, (x, y) in zip(self.rim, far):
            node.setPos(x, y, 0.0)
        # (each piece's felt side is its local y = 0 and it faces its local +y: turned to face the middle)
        for node, heading in zip(self.rim, (180.0, 0.0, 270.0, 90.0)):
            node.setH(heading)
        self.lighting.fit(self.extent)
        self.draw_contacts()

    def _extent_for(self) -> Extent:
        (x0, y0, _), (x1, y1, _) = self._bounds
        low_x, low_y, high_x, high_y = x0 - TABLE_MARGIN, y0 - TABLE_MARGIN, x1 + TABLE_MARGIN, y1 + TABLE_MARGIN
        for a0, b0, a1, b1 in (rect for rects in self.held.values() for rect in rects):
            low_x, low_y = min(low_x, a0 - HOLD_MARGIN), min(low_y, b0 - HOLD_MARGIN)
            high_x, high_y = max(high_x, a1 + HOLD_MARGIN), max(high_y, b1 + HOLD_MARGIN)
        width, length = max(MIN_TABLE[0], high_x - low_x), max(MIN_TABLE[1], high_y - low_y)
        cx, cy = (low_x + high_x) / 2, (low_y + high_y) / 2
        return ((cx - width / 2, cy - length / 2), (cx + width / 2, cy + length / 2))

    def hold(self, name: str, rects: Iterable[Rect]) -> None:
        """What the felt must hold besides the cards, for one owner (the trays of Aquarius Rising, Dominus' table
        limit: (x0, y0, x1, y1) in table millimetres): the table grows to hold it within its rim."""
        self.held[name] = list(rects)
        if self._extent_for() != self.extent:
            self.fit()

    def set_footprints(self, name: str, rects: Iterable[Rect]) -> None:
        """What lies on the felt for one owner (the cards, the trays, the piles), in table millimetres."""
        self.footprints[name] = list(rects)
        self.draw_contacts()

    def set_casters(self, name: str, casters: Iterable[Caster]) -> None:
        """What casts a shadow on the felt, for one owner (the table's storeys and pyramids, the trays' pyramids):
        the low tier draws their shadows as shapes (view/shadows.py); the others need nothing (the shadow map)."""
        self.casters[name] = list(casters)
        if self.lighting.enabled and not self.lighting.ground_light:
            self.draw_contacts()  # (the low tier: its shadows, drawn as shapes)

    def draw_shadows(self) -> None:
        """The low tier's shadows on the felt: cast shadows and contact shadows, as soft shapes (drawn again only
        when what lies on the felt or casts a shadow changed: each owner sets its part after every move)."""
        rects = [r for name in sorted(self.footprints) for r in self.footprints[name]]
        casters = [c for name in sorted(self.casters) for c in self.casters[name]]
        if self._shadowed == (rects, casters):
            return
        self._shadowed = (rects, casters)
        self.shadows.node().removeAllChildren()
        contact = self.shadows.attachNewNode(shadows.contact_node(rects).node())
        contact.setBin(CONTACT_BIN, 0)
        contact.setDepthWrite(False)
        cast = self.shadows.attachNewNode(shadows.cast_node(casters, KEY_TOWARD).node())
        cast.setBin(CAST_BIN, 0)
        cast.setDepthWrite(False)
        # Each pixel is darkened once: where two shadows overlap, the second is not drawn again (the stencil
        # counts the shadows drawn on a pixel; the window clears it every frame, view/lighting.py).
        cast.setAttrib(StencilAttrib.make(True, StencilAttrib.SCFEqual, StencilAttrib.SOKeep, StencilAttrib.SOKeep,
                                          StencilAttrib.SOIncrement, 0, 0xFF, 0xFF))
        self.shadows.setTransparency(TransparencyAttrib.M_alpha)
        self.shadows.setLightOff(1)
        self.shadows.setShaderOff(1)
        self.shadows.setTextureOff(1)

    @contextmanager
    def changing(self) -> Iterator[None]:
        """Several owners set their parts in turn (a redraw after a move): the shadows are drawn once, at the end,
        not once for each owner."""
        self._changing += 1
        try:
            yield
        finally:
            self._changing -= 1
            if not self._changing and self._stale:
                self._stale = False
                self.draw_contacts()

    def draw_contacts(self) -> None:
        """Draw the felt's contact shadows again if what lies on it, or the table's size, changed."""
        if not self.lighting.enabled:
            return
        if self._changing:
            self._stale = True
            return
        if not self.lighting.ground_light:
            self.draw_shadows()
            return
        self.shadows.node().removeAllChildren()
        self._shadowed = None
        rects = tuple(r for name in sorted(self.footprints) for r in self.footprints[name])
        if self._drawn == (self.extent, rects):
            return
        self._drawn = (self.extent, rects)
        light = materials.contact_map(self.extent, rects)
        image = np.clip(light * 255 + 0.5, 0, 255).astype(np.uint8)[::-1]  # rows from y0 up: top row first
        if self.contact is None:
            self.contact = texture(image, "contact")
            self.contact.setMinfilter(SamplerState.FT_linear)
        else:
            self.contact.setup2dTexture(image.shape[1], image.shape[0], Texture.T_unsigned_byte, Texture.F_luminance)
            self.contact.setRamImage(np.ascontiguousarray(image[::-1]).tobytes())
        self.lighting.set_contact(self.contact)
