"""The pyramids as the table draws them: see-through plastic (view/pieces.py's shells, view/shaders.py's
plastic), put in order from the farthest to the nearest, with their contact shadows.

See-through things must be drawn far to near. Drawn one by one, sixty pyramids cost a software renderer
more than the rest of the table (a draw each); drawn as one flattened node they cost next to nothing, but
in one fixed order. So the order is the one seen from where the camera stands: the pyramids are flattened
far to near as seen from there, and flattened again only when the camera has gone round the table by more
than a sector (SECTOR degrees): nearly equidistant pyramids that change places within a sector are the only
ones ever drawn out of order, and those hardly overlap on the screen. Each pyramid's own walls are in order
already (its inner walls, then its outer ones).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import TYPE_CHECKING

from panda3d.core import GeomNode, NodePath, Point3, TransparencyAttrib

from .furniture import CONTACT_BIN
from .lighting import PLASTIC_GLOSS, SHADOW_MASK, Lighting
from .pieces import contact_node, pyramid_node

if TYPE_CHECKING:
    from direct.task.Task import Task

PYRAMID_RGB = {"g": (0.2, 0.62, 0.3), "y": (0.95, 0.78, 0.15), "r": (0.82, 0.16, 0.14), "b": (0.14, 0.38, 0.78),
               "k": (0.1, 0.08, 0.12), "w": (0.95, 0.95, 0.95), "c": (0.8, 0.9, 0.95)}
# How much of the light a pyramid's plastic stops (the rest shows what lies behind it, tinted): coloured
# pyramids are translucent; black is nearly opaque, white milky; Sky High's clear ones are clear.
PYRAMID_ALPHA = {"g": 0.7, "y": 0.68, "r": 0.7, "b": 0.72, "k": 0.9, "w": 0.84, "c": 0.12}
SECTOR = 20.0  # degrees the camera goes round the table before the pyramids are put in order again


def pyramid_rgba(code: str) -> tuple[float, float, float, float]:
    """A pyramid's colour and opacity, from its code's colour letter."""
    return (*PYRAMID_RGB[code[1]], PYRAMID_ALPHA[code[1]])


def shadow_strength(code: str) -> float:
    """How dark a pyramid's shadow is against an opaque thing's (its plastic lets some light through)."""
    return min(1.0, PYRAMID_ALPHA[code[1]] + 0.15) if code[1] != "c" else 0.15


def _casters(nodes: Iterable[NodePath], parent: NodePath) -> NodePath:
    """A flattened copy of pyramid pieces seen by the shadow camera alone (the shadow map), without the clear ones:
    Sky High's clear plastic hardly casts a shadow."""
    casters = parent.attachNewNode("pyramid-casters")
    for node in nodes:
        if node.getTag("code")[1:] != "c":
            copy = node.copyTo(casters)
            copy.setPos(node.getPos(parent))
            copy.clearPythonTag("pyramid")
            for tag in ("pyramid", "chosen", "stuck", "size", "code"):
                copy.clearTag(tag)
    casters.flattenStrong()
    casters.hide()
    casters.showThrough(SHADOW_MASK)
    return casters


def drawn_together(nodes: Iterable[NodePath], parent: NodePath, name: str = "pyramids-drawn") -> NodePath:
    """Draw pyramid pieces (left in place, hidden: their tags and places stay for the code that reads them) as one
    flattened copy under `parent`, from the farthest to the nearest as seen from the front of the table."""
    drawn = parent.attachNewNode(name)
    nodes = sorted(nodes, key=lambda n: -n.getY(parent))
    for node in nodes:
        copy = node.copyTo(drawn)
        copy.setPos(node.getPos(parent))
        for tag in ("pyramid", "chosen", "stuck", "size", "code"):
            copy.clearTag(tag)
        node.hide()
    drawn.flattenStrong()
    drawn.hide(SHADOW_MASK)
    _casters(nodes, drawn)
    return drawn


class Pyramids:
    """Meshes of pyramids for a scene, pieces made of them, and the flattened, ordered copy the table draws."""

    def __init__(self, root: NodePath, lighting: Lighting) -> None:
        self.root = root
        self.lighting = lighting
        self.meshes: dict[str, GeomNode] = {}
        self.contacts: dict[str, GeomNode] = {}
        self.drawn: NodePath | None = None  # the flattened pyramids
        self.shown: list[NodePath] = []  # the pyramids it is made of (hidden nodes placed on the table)
        self.parent: NodePath | None = None
        self.sector: int | None = None
        self.eye: Point3 | None = None
        self.centre = Point3(0, 0, 0)

    def mesh(self, code: str) -> GeomNode:
        if code not in self.meshes:
            fine = self.lighting.quality.fine_pieces
            self.meshes[code] = pyramid_node(code[0], pyramid_rgba(code), f"pyramid-{code}", inner=fine,
                                             pip_steps=10 if fine else 6)
        return self.meshes[code]

    def contact(self, size: str) -> GeomNode:
        if size not in self.contacts:
            self.contacts[size] = contact_node(size, f"contact-{size}")
        return self.contacts[size]

    def piece(self, code: str, parent: NodePath, contact: bool = True) -> NodePath:
        """A pyramid drawn as the table draws it (see-through plastic in the transparent bin, its contact shadow
        under it at the tiers that have them), under `parent`, its base at the origin. It casts no shadow of its
        own: what draws it (`drawn_together`, `Pyramids.draw`) casts a copy of the pyramids that do."""
        node = parent.attachNewNode(self.mesh(code).makeCopy())
        node.setTag("code", code)
        node.setTransparency(TransparencyAttrib.M_alpha)
        node.setDepthWrite(False)
        node.setBin("transparent", 0)
        node.setTextureOff(1)
        self.lighting.use(node, "plastic", PLASTIC_GLOSS)  # (its shadow: a copy of it cast, drawn_together)
        if contact and self.lighting.quality.fine_pieces:
            shade = node.attachNewNode(self.contact(code[0]).makeCopy())
            shade.setColorScale(1, 1, 1, shadow_strength(code))
            shade.setBin(CONTACT_BIN, 0)
            shade.setDepthOffset(2)
            shade.setShaderOff(1)
            shade.setLightOff(1)
            self.lighting.no_cast(shade)
        return node

    def clear(self) -> None:
        """Forget the meshes (another tier makes them to its own detail)."""
        self.meshes.clear()

    # -- what the table draws ----------------------------------------------------------------------

    def draw(self, parent: NodePath, placed: Iterable[NodePath], centre: Point3) -> None:
        """Draw these placed pyramids (hidden nodes, their contact shadows left out) under `parent`: flattened in
        order from the eye last seen, with their contact shadows as one more flattened node."""
        self.shown = list(placed)
        self.centre = centre
        contacts = parent.attachNewNode("contacts")
        contacts.setTransparency(TransparencyAttrib.M_alpha)
        contacts.setDepthWrite(False)
        contacts.setBin(CONTACT_BIN, 0)
        contacts.setDepthOffset(2)
        contacts.setShaderOff(1)
        contacts.setLightOff(1)
        contacts.setTextureOff(1)
        self.lighting.no_cast(contacts)
        if self.lighting.quality.fine_pieces:  # (the low tier: the cast shadow is enough)
            for node in self.shown:
                shade = contacts.attachNewNode(self.contact(str(node.getTag("size"))).makeCopy())
                shade.setPos(node.getPos())
                shade.setColorScale(1, 1, 1, shadow_strength(node.getTag("code")))
        contacts.flattenStrong()
        self.parent = parent
        self._order(self.eye)

    def _order(self, eye: Point3 | None) -> None:
        if self.drawn is not None:
            self.drawn.removeNode()
        assert self.parent is not None
        self.drawn = self.parent.attachNewNode("pyramids")
        where = eye if eye is not None else self.centre + Point3(0, -3000, 2000)
        nodes = sorted(self.shown, key=lambda n: -(n.getPos(self.root) - where).lengthSquared())
        for node in nodes:
            copy = node.copyTo(self.drawn)
            copy.clearPythonTag("pyramid")
            copy.clearTag("size")
            copy.clearTag("code")
        self.drawn.flattenStrong()
        self.drawn.hide(SHADOW_MASK)
        _casters(nodes, self.drawn)

    def face(self, eye: Point3) -> None:
        """The camera stands at `eye` (the scene's coordinates): put the pyramids in order again if it has gone
        round the table into another sector since they were."""
        self.eye = Point3(eye)
        if not self.shown or self.drawn is None or self.drawn.isEmpty():
            return
        heading = math.degrees(math.atan2(eye.x - self.centre.x, eye.y - self.centre.y))
        sector = int(math.floor(heading / SECTOR))
        if sector != self.sector:
            self.sector = sector
            self._order(self.eye)

    def follow(self, camera: NodePath) -> Task | None:
        """A task that keeps the order right for a camera, frame after frame (ShowBase's task manager)."""
        import builtins

        base = getattr(builtins, "base", None)
        if base is None:
            return None

        def step(task: Task) -> object:
            if self.root.isEmpty():
                return task.done
            if not camera.isEmpty():
                self.face(camera.getPos(self.root))
            return task.cont

        return base.taskMgr.add(step, "aquarius3d-pyramid-order", sort=45)
