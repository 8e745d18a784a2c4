"""Small table scenes drawn offscreen into textures: the pictures of the Rules pages.

A `Snapshot` lists cards and pyramids (the scene's own views), a few extras (Dominus' edge marks,
labels on the felt, a ghost) and the angle to see them from. `draw(base, snapshots)` lays
each in turn in one `TableScene` kept with the window (felt, lights, the atlas's faces, the pyramid
meshes: what the table shows; its faces drawn once a session), frames it with `camera.fit`, renders
one frame into a texture buffer, copies the pixels to RAM and removes the buffer. The window itself
is not drawn meanwhile. The textures are kept by key for the rest of the session (`CACHE`), so a page
seen again costs nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from panda3d.core import Camera, LineSegs, NodePath, PerspectiveLens, SamplerState, Texture

from ..core import geometry

from .camera import Box, corners, fit
from .framing import card_box, pyramid_box
from .quality import QUALITIES
from .scene import CardView, PyramidView, TableScene, pyramid_transform

if TYPE_CHECKING:
    from direct.showbase.ShowBase import ShowBase

Cell = tuple[int, int]
Marks = tuple[Cell, tuple[tuple[int, bool], ...]] | tuple[()]  # Dominus: a cell and its sides' bars, or none

HEIGHT = 360  # pixels of a picture: about twice what a page shows at 1920x1080, mipmaps do the rest
FOV = 30.0  # degrees across
LABEL = 22.0  # millimetres: a label's letters on the felt
GHOST_ALPHA = 0.55  # the card that may go there, seen through
CACHE: dict[tuple[object, str], Texture] = {}  # every picture drawn this session, by its key and language


@dataclass(frozen=True)
class Snapshot:
    """A little table to draw: cards (CardView), pyramids (PyramidView), seen at heading and pitch."""

    name: str  # what it shows (with the cards' codes, so another deck draws another picture)
    cards: tuple[CardView, ...]
    pyramids: tuple[PyramidView, ...] = ()
    heading: float = 0.0
    pitch: float = 62.0
    aspect: float = 1.6  # width over height
    ghost: CardView | None = None  # a card where it may go, glowing as on the table
    marks: Marks = ()  # Dominus: (cell, ((side, matches), ...)), the bars the table draws
    labels: tuple[tuple[Cell, str], ...] = ()  # (cell, words) on the felt below a card (Towers' scoring row)
    height: int = HEIGHT  # pixels (the main menu's backdrop: larger, it fills the window)

    @property
    def key(self) -> tuple[object, ...]:
        return (self.name, self.cards, self.pyramids, self.heading, self.pitch, self.aspect, self.ghost, self.marks,
                self.labels, self.height)


def _studio(base: ShowBase) -> TableScene:
    """The one scene every picture is laid out in, kept with the window: its faces are drawn once a session."""
    scene: TableScene | None = getattr(base, "snapshot_studio", None)
    if scene is None:
        # (drawn once each: the medium tier's light, which needs nothing of the picture's buffer but its colour)
        scene = base.snapshot_studio = TableScene(NodePath("snapshot-studio"), base=base, quality=QUALITIES["medium"])
    return scene


def face(base: ShowBase, code: str) -> tuple[Texture, tuple[float, float, float, float]]:
    """The table's face of a card code (an action card's: ACTION + its name) as the studio's atlas draws it: the
    texture of its page and its rectangle there (u0, v0, u1, v1)."""
    scene = _studio(base)
    u0, v0, u1, v1 = scene.atlas.uv(code)
    return scene.face_texture(code), (u0, v0, u1, v1)


def _lay_out(scene: TableScene, snapshot: Snapshot) -> list[Box]:
    """Make the studio show the snapshot; the boxes the camera must show."""
    scene.sync({i: view for i, view in enumerate(snapshot.cards)}, {i: view for i, view in enumerate(snapshot.pyramids)})
    boxes = [card_box(v.cell, v.bottom) for v in snapshot.cards]
    boxes += [pyramid_box(pyramid_transform(v), v.code[0]) for v in snapshot.pyramids]
    scene.clear_ghosts()
    for node in scene.root.findAllMatches("snapshot-*"):
        node.removeNode()
    if snapshot.ghost is not None:
        scene.show_ghosts({"ghost": snapshot.ghost})
        scene.ghosts["ghost"].setColorScale(1, 1, 1, GHOST_ALPHA)
        boxes.append(card_box(snapshot.ghost.cell, snapshot.ghost.bottom))
        _outline(scene.root.attachNewNode("snapshot-glow"), snapshot.ghost)
    if snapshot.marks:  # the bars say it: no outline
        scene.root.find("snapshot-glow").removeNode()
    cell, marks = snapshot.marks or (None, ())
    scene.show_edge_marks(cell, dict(marks))
    if snapshot.labels:
        from .rising import table_label

        labels = scene.root.attachNewNode("snapshot-labels")
        for cell, words in snapshot.labels:
            x, y = geometry.cell_centre(*cell)
            label = table_label(labels, words, LABEL)
            label.setP(-90)
            label.setPos(x, y - geometry.CARD_LENGTH / 2 - LABEL * 1.1, 0.5)
            boxes.append(((x - LABEL, y - geometry.CARD_LENGTH / 2 - LABEL * 1.6, 0.0), (x + LABEL, y, 0.5)))
    return boxes


def _outline(parent: NodePath, view: CardView) -> None:
    """A gold line round a card: the spot a card may go, as the table lights it."""
    lines = LineSegs("glow")
    lines.setThickness(3.0)
    lines.setColor(1.0, 0.86, 0.3, 1)
    x, y = geometry.cell_centre(*view.cell)
    w, h, z = geometry.CARD_WIDTH / 2 + 1.5, geometry.CARD_LENGTH / 2 + 1.5, view.bottom + 0.6
    lines.moveTo(x - w, y - h, z)
    for cx, cy in ((x + w, y - h), (x + w, y + h), (x - w, y + h), (x - w, y - h)):
        lines.drawTo(cx, cy, z)
    parent.attachNewNode(lines.create()).setLightOff()


def _lens(aspect: float) -> PerspectiveLens:
    lens = PerspectiveLens()
    lens.setFov(FOV, FOV / aspect)
    lens.setNearFar(5.0, 20000.0)
    return lens


def draw(base: ShowBase, snapshots: list[Snapshot], language: str = "") -> list[Texture]:
    """A texture for each snapshot: from the cache, else drawn now (one frame each, the window left alone)."""
    for snapshot in dict.fromkeys(snapshots):
        if (snapshot.key, language) not in CACHE:
            CACHE[(snapshot.key, language)] = _render(base, snapshot)
    return [CACHE[(s.key, language)] for s in snapshots]


def _render(base: ShowBase, snapshot: Snapshot) -> Texture:
    scene = _studio(base)
    boxes = _lay_out(scene, snapshot)
    texture = Texture(f"picture-{snapshot.name}")
    width = round(snapshot.height * snapshot.aspect)
    buffer = base.win.makeTextureBuffer(f"picture-{snapshot.name}", width, snapshot.height, texture, True)
    if buffer is None:
        raise RuntimeError("the graphics card gave no offscreen buffer for a picture")
    buffer.setClearColor((0.11, 0.12, 0.14, 1))
    lens = _lens(snapshot.aspect)
    camera = scene.root.getParent().attachNewNode(Camera("picture-camera", lens))
    buffer.makeDisplayRegion().setCamera(camera)
    film = lens.getFilmSize()
    tan_x, tan_y = film[0] / 2 / lens.getFocalLength(), film[1] / 2 / lens.getFocalLength()
    orbit = fit(corners(boxes), snapshot.heading, snapshot.pitch, tan_x, tan_y, (-0.92, 0.92, -0.9, 0.9))
    if orbit is not None:
        orbit.apply(camera)
    was_active = base.win.isActive()
    base.win.setActive(False)  # the window keeps its last frame: only the picture is drawn
    try:
        base.graphicsEngine.renderFrame()
    finally:
        base.win.setActive(was_active)
        base.graphicsEngine.removeWindow(buffer)
        camera.removeNode()
    texture.setMinfilter(SamplerState.FT_linear_mipmap_linear)
    texture.setMagfilter(SamplerState.FT_linear)
    return texture


def has_pixels(texture: Texture) -> bool:
    """Whether a picture's texture holds an image that is not one flat colour (for tests and checks)."""
    if not texture.hasRamImage():
        return False
    import numpy as np

    pixels = np.frombuffer(bytes(texture.getRamImage()), np.uint8)
    return pixels.size > 0 and int(pixels.max()) - int(pixels.min()) > 40
