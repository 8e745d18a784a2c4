"""The table scene: it mirrors a state by stable ids and holds no rules.

`TableScene.sync(cards)` takes {id: CardView} and makes the scene match:
new cards appear, moved or turned ones change, removed ones go. Every node is
placed with geometry.py, the same functions the rules use for heights.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeVar

import numpy as np
from direct.interval.LerpInterval import LerpFunctionInterval
from panda3d.core import (
    GeomNode,
    NodePath,
    Texture,
    TextureAttrib,
    TransparencyAttrib,
)

from ..core import geometry
from .atlas import TILE_H, TILE_W, FaceAtlas
from .camera import Box
from .furniture import Caster, Table
from .furniture import texture as make_texture
from .ghosts import CARD_ALPHA, PYRAMID_ALPHA, card_ghost
from .lighting import CARD_GLOSS, Lighting
from .limit import TableLimit
from .meshes import box_node, card_node
from .outlines import SPOT_FLARE, SPOT_FLASH, SPOT_HOVER_GROWTH, spot_outline
from .pyramids import PYRAMID_RGB as PYRAMID_RGB  # (for the trays' greyed pyramids, view/rising.py)
from .pyramids import Pyramids, shadow_strength
from .quality import Quality, window_quality

if TYPE_CHECKING:
    from direct.showbase.ShowBase import ShowBase



@dataclass(frozen=True)
class CardView:
    """What the scene needs of a card on the table."""

    cell: tuple[int, int]
    code: str  # the face as it lies
    level: int = 0
    bottom: float = 0.0  # height of its bottom face, from geometry


@dataclass(frozen=True)
class PyramidView:
    """A pyramid standing on a card's quarter, its base at `base` mm (the card's top face)."""

    cell: tuple[int, int]
    level: int
    quarter: int
    code: str  # size and colour, e.g. "Lr"
    base: float
    spot: tuple[float, float] | None = None  # Elemental Towers: the centre of the panel it stands on


View = TypeVar("View", CardView, PyramidView)
Cells = tuple[tuple[int, int], tuple[int, int]]  # the corners of a block of cells: (x0, y0), (x1, y1)

def pyramid_transform(view: PyramidView) -> tuple[float, float, float]:
    if view.spot is not None:
        return (view.spot[0], view.spot[1], view.base)
    x, y = geometry.cell_centre(*view.cell)
    dx, dy = geometry.quarter_offset(view.quarter)
    return (x + dx, y + dy, view.base)


def pyramid_corners(base: tuple[float, float, float], size: str) -> list[tuple[float, float, float]]:
    """The corners of a pyramid standing at `base` (the middle of its base): its base's four and its tip."""
    x, y, z = base
    half = geometry.PYRAMID_BASE[size] / 2
    return [(x - half, y - half, z), (x + half, y - half, z), (x + half, y + half, z), (x - half, y + half, z),
            (x, y, z + geometry.PYRAMID_HEIGHT[size])]


def card_transform(view: CardView) -> tuple[float, float, float]:
    x, y = geometry.cell_centre(*view.cell)
    return (x, y, view.bottom)


def ghost_alpha(view: object) -> float:
    """A ghost's opacity, a card's over its pale backing (view/ghosts.py)."""
    return PYRAMID_ALPHA if isinstance(view, PyramidView) else CARD_ALPHA


class TableScene:
    """The table, the cards on it, ghosts of legal placements and highlights."""

    def __init__(self, parent: NodePath, atlas: FaceAtlas | None = None, base: ShowBase | None = None,
                 quality: Quality | None = None) -> None:
        """`base`: the window whose renderer draws the scene (default: the running ShowBase), for its shaders and
        shadow map; `quality`: the tier to draw at (default: the window's, view/quality.py)."""
        self.root = parent.attachNewNode("table-scene")
        if base is None:
            import builtins

            base = getattr(builtins, "base", None)
        self.lighting = Lighting(self.root, base, quality or (window_quality(base) if base is not None else None))
        self.atlas = atlas or FaceAtlas()
        self.textures: list[Texture] = []  # one per page of the atlas; each card's mesh carries its page's
        self._refresh_atlas()
        self.atlas_texture = self.textures[0]  # the first page: the back and the first faces
        # One node per card (ids, tags, bounds), hidden; what is drawn is `batch`,
        # a flattened copy rebuilt when the cards change: one draw call per page of faces, not one per card.
        self.cards_root = self.root.attachNewNode("cards")
        self.cards_root.hide()
        self.batch = self.root.attachNewNode("cards-drawn")
        self.ghosts_root = self.root.attachNewNode("ghosts")
        self.ghosts_root.setTransparency(TransparencyAttrib.M_alpha)
        self.ghosts_root.setDepthWrite(False)
        self.ghosts_root.setBin("transparent", 10)
        self.lighting.use(self.ghosts_root, "ground", CARD_GLOSS)
        self.nodes: dict[object, NodePath] = {}
        self.views: dict[object, CardView] = {}
        self.pyramids_root = self.root.attachNewNode("pyramids")
        self.pyramids_root.hide()  # drawn through the batch, like the cards
        self.pyramid_nodes: dict[object, NodePath] = {}
        self.pyramid_views: dict[object, PyramidView] = {}
        self.pyramids = Pyramids(self.root, self.lighting)  # their meshes, and the copy drawn
        self.ghosts: dict[object, NodePath] = {}
        self.outlined: dict[object, NodePath] = {}  # table cards an action may take, by card: their outlines
        # The legal spots' outlines, drawn over the table after everything else (depth still tested): a dark
        # line under a bright one, so that they read on the felt and on every panel.
        self.spots_root = self.root.attachNewNode("spot-outlines")
        self.spots_root.setLightOff(1)
        self.spots_root.setShaderOff(1)
        self.spots_root.setTextureOff(1)
        self.spots_root.setDepthWrite(False)
        self._flash: LerpFunctionInterval | None = None
        self.arrived: set[object] = set()  # keys of the pieces the last sync added or moved
        self.flying: set[object] = set()  # keys of pieces sliding into place, left out of the batch
        self._meshes: dict[str, GeomNode] = {}
        self.limit_root: NodePath | None = None  # Dominus: the table's outline
        self.marks_root: NodePath | None = None  # Dominus: the hovered cell's edge marks
        self.edge_marks: dict[int, bool] = {}
        self.action_effects: dict[str, str] = {}  # each action card's effect in words, in this game (view/family.py)
        self.table = Table(self.root, self.lighting)
        self.table_root, self.felt, self.rim = self.table.root, self.table.felt, self.table.rim
        self.limit = TableLimit(self.root, self.table)
        self.fit_table(((-100.0, -100.0, 0.0), (100.0, 100.0, 0.0)))

    # -- the furniture -------------------------------------------------------------------

    def fit_table(self, bounds: Box) -> None:
        """Size the felt and its wooden rim to hold the cards with a margin (and what else it holds)."""
        self.table.fit(bounds)

    @property
    def table_extent(self) -> tuple[tuple[float, float], tuple[float, float]]:
        """The felt's corners (millimetres): the cards with a margin, the trays and Dominus' table limit in it."""
        return self.table.extent

    def close(self) -> None:
        """Remove the scene and give its shadow buffers back (a table screen closing)."""
        self.lighting.close()
        self.root.removeNode()

    def touch(self) -> None:
        """Something that casts a shadow moved: the shadow map is drawn again with the next frame."""
        self.lighting.touch()

    def pyramid_piece(self, code: str, parent: NodePath, contact: bool = True) -> NodePath:
        """A pyramid drawn as the table draws it, under `parent` (view/pyramids.py)."""
        return self.pyramids.piece(code, parent, contact)

    # -- cards ----------------------------------------------------------------------------------

    def _mesh(self, code: str) -> GeomNode:
        """A card's mesh, its face's page of the atlas as its texture (so any copy of it, anywhere, shows it)."""
        if code not in self._meshes:
            node = card_node(self.atlas.uv(code), self.atlas.uv(FaceAtlas.BACK), f"card-{code}")
            texture = self.face_texture(code)
            node.setGeomState(0, node.getGeomState(0).addAttrib(TextureAttrib.make(texture)))
            self._meshes[code] = node
        return self._meshes[code]

    def face_texture(self, code: str) -> Texture:
        """The texture of the page a face is on (drawn first if new); its rectangle is `atlas.uv(code)`."""
        page = self.atlas.page(code)
        self._refresh_atlas()
        return self.textures[page]

    def _refresh_atlas(self) -> None:
        """Copy the tiles drawn since last time into their pages' textures: only those pages go to the GPU again.

        Their mipmaps are made here, on the CPU (Panda3D's box filter, about
        2 ms a page): Mesa's llvmpipe took 40 ms a page to make them itself.
        """
        touched: set[int] = set()
        for slot in self.atlas.take_fresh():
            page, row, col = self.atlas.place(slot)
            image = self.atlas.pages[page]
            touched.add(page)
            if page == len(self.textures):  # a new page: a new texture, every tile drawn so far included
                self.textures.append(make_texture(image, f"faces-{page}"))
                continue
            height = image.shape[0]
            ram = np.asarray(memoryview(self.textures[page].modifyRamImage())).reshape(image.shape)
            # Panda3D keeps images bottom row first, in BGR order.
            rows = slice(height - (row + 1) * TILE_H, height - row * TILE_H)
            cols = slice(col * TILE_W, (col + 1) * TILE_W)
            ram[rows, cols] = image[row * TILE_H:(row + 1) * TILE_H, cols][::-1, :, ::-1]
        for page in touched:
            self.textures[page].generateRamMipmapImages()

    def _draw_faces(self, views: Iterable[CardView | PyramidView]) -> None:
        """Draw the faces of these views not drawn yet, then send their pages once (not once per face)."""
        for view in views:
            if isinstance(view, CardView):
                self.atlas.add(view.code)
        self._refresh_atlas()

    def sync(self, cards: dict[object, CardView], pyramids: dict[object, PyramidView] | None = None) -> None:
        """Make the scene show exactly these cards (and pyramids, when given), by stable id."""
        self._draw_faces(cards.values())
        self.arrived = set()
        changed = self._reconcile(cards, self.nodes, self.views, self._card_node, card_transform, self.arrived)
        if pyramids is not None:
            changed |= self._reconcile(pyramids, self.pyramid_nodes, self.pyramid_views, self._pyramid_node,
                                       pyramid_transform, self.arrived)
        if changed:
            self.fit_table(self.bounds())
            self._rebatch()

    def sync_pyramids(self, pyramids: dict[object, PyramidView]) -> None:
        """Make the scene show exactly these pyramids, by stable id (cell, storey, quarter)."""
        if self._reconcile(pyramids, self.pyramid_nodes, self.pyramid_views, self._pyramid_node, pyramid_transform):
            self._rebatch()

    @staticmethod
    def _reconcile(wanted: dict[object, View], nodes: dict[object, NodePath], views: dict[object, View],
                   make: Callable[[object, View], NodePath], transform: Callable[[View], tuple[float, float, float]],
                   arrived: set[object] | None = None) -> bool:
        """Add, move and remove nodes so that they match the wanted views; whether anything changed.
        `arrived` gathers the keys of the pieces added or moved (what the last move put down)."""
        changed = False
        for key in list(nodes):
            if key not in wanted:
                nodes.pop(key).removeNode()
                views.pop(key, None)
                changed = True
        for key, view in wanted.items():
            old = views.get(key)
            node = nodes.get(key)
            if node is None or old is None or old.code != view.code:
                if node is not None:
                    node.removeNode()
                node = nodes[key] = make(key, view)
            if old != view:
                node.setPos(*transform(view))
                changed = True
                if arrived is not None and (old is None or old.cell != view.cell or old.code != view.code):
                    arrived.add(key)
            views[key] = view
        return changed

    def _card_node(self, key: object, view: CardView) -> NodePath:
        node = self.cards_root.attachNewNode(self._mesh(view.code).makeCopy())
        node.setPythonTag("card", key)
        node.setTag("card", str(key))
        return node

    def _pyramid_node(self, key: object, view: PyramidView) -> NodePath:
        node = self.pyramid_piece(view.code, self.pyramids_root, contact=False)
        node.setPythonTag("pyramid", key)
        node.setTag("size", view.code[0])
        return node

    def _rebatch(self) -> None:
        """Draw every card as one flattened node (after any change to cards or tints): those lying on the felt, and
        those on storeys (their light differs, view/shaders.py); the pyramids beside them (view/pyramids.py)."""
        self.batch.removeNode()
        self.batch = self.root.attachNewNode("cards-drawn")
        self.lighting.cast(self.batch)
        ground = self.lighting.use(self.batch.attachNewNode("on-the-felt"), "ground", CARD_GLOSS)
        raised = self.lighting.use(self.batch.attachNewNode("storeys"), "surface", CARD_GLOSS)
        for key, node in self.nodes.items():
            if key in self.flying:
                continue  # drawn by itself while it slides (view/motion.py)
            copy = node.copyTo(raised if self.views[key].level else ground)
            copy.clearPythonTag("card")
            copy.clearTag("card")
        ground.flattenStrong()
        raised.flattenStrong()
        self.pyramids.draw(self.batch, [n for k, n in self.pyramid_nodes.items() if k not in self.flying])
        self.table.set_footprints("cards", self._footprints())
        self.table.set_casters("table", self._casters())
        self.touch()

    def _casters(self) -> list[Caster]:
        """What stands above the felt and casts a shadow on it: the storeys' cards and every pyramid."""
        ground = geometry.card_top(0)
        found: list[Caster] = []
        for key, view in self.views.items():
            if view.level and key not in self.flying:
                x, y = geometry.cell_centre(*view.cell)
                w, h, z = geometry.CARD_WIDTH / 2, geometry.CARD_LENGTH / 2, view.bottom + geometry.CARD_THICKNESS
                found.append((ground, [(x - w, y - h, z), (x + w, y - h, z), (x + w, y + h, z), (x - w, y + h, z)],
                              1.0))
        for key, pyramid in self.pyramid_views.items():
            if key not in self.flying:
                found.append((ground, pyramid_corners(pyramid_transform(pyramid), pyramid.code[0]),
                              shadow_strength(pyramid.code)))
        return found

    def _footprints(self) -> list[tuple[float, float, float, float]]:
        """The rectangles the cards lying on the felt cover (for its contact shadows)."""
        found = []
        for key, view in self.views.items():
            if view.level == 0 and key not in self.flying:
                x, y = geometry.cell_centre(*view.cell)
                w, h = geometry.CARD_WIDTH / 2 - 0.6, geometry.CARD_LENGTH / 2 - 0.6
                found.append((x - w, y - h, x + w, y + h))
        return found

    def _pyramid_mesh(self, code: str) -> GeomNode:
        return self.pyramids.mesh(code)

    def set_quality(self, quality: Quality) -> None:
        """Draw at another tier from the next frame: the light, and the pyramids made again to its detail."""
        self.lighting.set_quality(quality)
        self.pyramids.clear()
        for key, node in list(self.pyramid_nodes.items()):
            pos = node.getPos()
            node.removeNode()
            self.pyramid_nodes[key] = self._pyramid_node(key, self.pyramid_views[key])
            self.pyramid_nodes[key].setPos(pos)
        self.fit_table(self.bounds())
        self._rebatch()

    def bounds(self) -> Box:
        """The box the cards occupy (millimetres), or a small box at the centre."""
        if not self.views:
            return ((-geometry.CELL_X, -geometry.CELL_Y, 0.0), (geometry.CELL_X, geometry.CELL_Y, 1.0))
        xs: list[float] = []
        ys: list[float] = []
        for view in self.views.values():
            x, y = geometry.cell_centre(*view.cell)
            xs += [x - geometry.CARD_WIDTH / 2, x + geometry.CARD_WIDTH / 2]
            ys += [y - geometry.CARD_LENGTH / 2, y + geometry.CARD_LENGTH / 2]
        top = max(v.bottom + geometry.CARD_THICKNESS for v in self.views.values())
        for pyramid in self.pyramid_views.values():
            top = max(top, pyramid.base + geometry.PYRAMID_HEIGHT[pyramid.code[0]])
        return ((min(xs), min(ys), 0.0), (max(xs), max(ys), top))

    # -- ghosts and highlights ----------------------------------------------------------------

    def show_ghosts(self, ghosts: dict[object, CardView | PyramidView]) -> None:
        """Where a placement is legal, keyed by the move each stands for: a pale card (or a translucent pyramid) showing
        what would lie there, ringed by a glowing outline (`spot_outline`) that flashes as the spots appear."""
        fresh = set(ghosts) != set(self.ghosts)
        self.clear_ghosts()
        self._draw_faces(ghosts.values())
        for key, view in ghosts.items():
            if isinstance(view, PyramidView):  # Aquarius Rising: where the chosen pyramid may stand
                node = self.pyramid_piece(view.code, self.ghosts_root, contact=False)
                node.setPos(*pyramid_transform(view))
                # the quarter's outline lights up; its colour stays visible
                outline = spot_outline(self.spots_root, geometry.CARD_WIDTH / 4 - 1.6, geometry.CARD_LENGTH / 4 - 1.6)
                outline.setPos(*pyramid_transform(view))
            else:
                node = card_ghost(self.ghosts_root, self._mesh(view.code))  # (its face over a pale backing)
                node.setPos(*card_transform(view))
                outline = spot_outline(self.spots_root, geometry.CARD_WIDTH / 2 + 0.6, geometry.CARD_LENGTH / 2 + 0.6)
                outline.setPos(*card_transform(view))
                outline.setZ(view.bottom + geometry.CARD_THICKNESS)
            outline.setZ(outline.getZ() + 0.15)
            node.setZ(node.getZ() + 0.05)
            node.setColorScale(1, 1, 1, ghost_alpha(view))
            node.setPythonTag("ghost", key)
            node.setPythonTag("view", view)  # where it stands, for the camera's framing
            node.setPythonTag("outline", outline)
            node.setTag("ghost", "1")
            self.ghosts[key] = node
        if fresh and ghosts:
            self.flash_spots()

    def outline_cards(self, keys: Collection[object]) -> None:
        """The table's cards an action may take (Zap a Card, Move a Card), keyed as the cards are: each ringed by
        the legal spots' outline, flaring as they appear."""
        fresh = set(keys) != set(self.outlined)
        for outline in self.outlined.values():
            outline.removeNode()
        self.outlined = {}
        for key in keys:
            view = self.views.get(key)
            if view is None:
                continue
            outline = spot_outline(self.spots_root, geometry.CARD_WIDTH / 2 + 0.6, geometry.CARD_LENGTH / 2 + 0.6)
            outline.setPos(*card_transform(view))
            outline.setZ(view.bottom + geometry.CARD_THICKNESS + 0.15)
            self.outlined[key] = outline
        if fresh and self.outlined:
            self.flash_spots()

    def emphasise_card(self, key: object) -> None:
        """The outlined card under the pointer (or in the keyboard's focus): its outline a little wider."""
        for k, outline in self.outlined.items():
            growth = SPOT_HOVER_GROWTH if k == key else 1.0
            outline.setScale(growth, growth, 1.0)

    def flash_spots(self) -> None:
        """The spots' outlines flare up and settle (SPOT_FLASH seconds): the eye goes to them as they appear. Short
        enough to be drawn within the frames a click is given anyway (view/pacing.py: GRACE)."""
        if self._flash is not None:
            self._flash.finish()
        self._flash = LerpFunctionInterval(self._flare, SPOT_FLASH, fromData=1.0, toData=0.0, blendType="easeOut",
                                           name="spots-flash")
        self._flash.start()

    def _flare(self, amount: float) -> None:
        glow = 1.0 + SPOT_FLARE * amount
        self.spots_root.setColorScale(glow, glow, glow, 1.0)

    def clear_ghosts(self) -> None:
        for node in self.ghosts.values():
            outline = node.getPythonTag("outline")
            if outline is not None:
                outline.removeNode()
            node.removeNode()
        self.ghosts = {}

    def emphasise_ghost(self, key: object) -> None:
        """The spot under the pointer (or in the keyboard's focus): its card shows nearly solid, its outline wider."""
        for k, node in self.ghosts.items():
            node.setColorScale(1, 1, 1, 0.9 if k == key else ghost_alpha(node.getPythonTag("view")))
            outline = node.getPythonTag("outline")
            if outline is not None and not outline.isEmpty():
                outline.setScale(SPOT_HOVER_GROWTH if k == key else 1.0, SPOT_HOVER_GROWTH if k == key else 1.0, 1.0)

    def show_limit(self, cells: Cells | None) -> None:
        """The table's edge round the cells ((x0, y0), (x1, y1)) where cards may lie (Dominus), or none
        (view/limit.py): `limit_root` is its line."""
        self.limit_root = self.limit.show(cells)

    def show_edge_marks(self, cell: tuple[int, int] | None, marks: dict[int, bool]) -> None:
        """Bars along the sides (0 top, 1 right, 2 bottom, 3 left) of a cell: green matches, red does not."""
        if self.marks_root is not None:
            self.marks_root.removeNode()
        self.marks_root = self.root.attachNewNode("edge-marks")
        self.marks_root.setLightOff()
        self.edge_marks = dict(marks) if cell is not None else {}
        if not marks or cell is None:
            return
        cx, cy = geometry.cell_centre(*cell)
        hw, hl = geometry.CARD_WIDTH / 2, geometry.CARD_LENGTH / 2
        spots = {0: (cx, cy + hl, geometry.CARD_WIDTH * 0.8, 4), 1: (cx + hw, cy, 4, geometry.CARD_LENGTH * 0.8),
                 2: (cx, cy - hl, geometry.CARD_WIDTH * 0.8, 4), 3: (cx - hw, cy, 4, geometry.CARD_LENGTH * 0.8)}
        for side, ok in marks.items():
            x, y, sx, sy = spots[side]
            colour = (0.3, 0.85, 0.35, 1) if ok else (0.9, 0.2, 0.2, 1)
            bar = self.marks_root.attachNewNode(box_node(1, 1, 1, colour, f"mark-{side}"))
            bar.setPos(x, y, 0.5)
            bar.setScale(sx, sy, 1.0)

    def highlight(self, keys: Collection[object],
                  colour: tuple[float, float, float, float] = (1.0, 0.95, 0.55, 1.0)) -> None:
        """Tint some cards (the winning group); others return to normal."""
        changed = False
        for key, node in self.nodes.items():
            wanted = colour if key in keys else None
            current = tuple(node.getColorScale()) if node.hasColorScale() else None
            if (wanted is None) != (current is None) or wanted is not None and current is not None \
                    and max(abs(a - b) for a, b in zip(wanted, current)) > 1e-3:  # (kept as 16-bit floats)
                changed = True
                node.setColorScale(*wanted) if wanted else node.clearColorScale()
        if changed:
            self._rebatch()
