"""The pyramids as the table draws them: coloured see-through plastic (view/pieces.py's shells), in any order.

Each pyramid is drawn twice (view/shaders.py): a *filter* pass multiplies what lies behind each of its walls
by the plastic's colour (a red pyramid on a red panel is a deeper red; through two walls, twice as deep), and
a *glow* pass adds the light scattered in the plastic, the room it reflects at grazing angles and the key
light's highlight. Multiplying and adding give the same picture in any order, so see-through pyramids need
no sorting, stacked, nested (Elemental Towers) or side by side: the table's pyramids are drawn as one
flattened node, two draws in all (sixty separate see-through draws cost a software renderer more than the
rest of the table). The filter passes come first (their own cull bin), then every glow pass.

Shadows: a copy without Sky High's clear pyramids (clear plastic hardly casts one) is drawn into the shadow
map alone; the low tier's cast shadows are lighter for see-through plastic (`shadow_strength`).
"""

from __future__ import annotations

from collections.abc import Iterable

from panda3d.core import ColorBlendAttrib, CullBinManager, GeomNode, NodePath, TransparencyAttrib

from .furniture import CONTACT_BIN
from .lighting import PLASTIC_GLOSS, SHADOW_MASK, Lighting
from .pieces import contact_node, pyramid_node

PYRAMID_RGB = {"g": (0.2, 0.62, 0.3), "y": (0.95, 0.78, 0.15), "r": (0.82, 0.16, 0.14), "b": (0.14, 0.38, 0.78),
               "k": (0.1, 0.08, 0.12), "w": (0.95, 0.95, 0.95), "c": (0.8, 0.9, 0.95)}
# How much of the light a pyramid's plastic stops (filters, and scatters back): coloured pyramids are
# translucent; black is nearly opaque, white milky; Sky High's clear ones are clear.
PYRAMID_ALPHA = {"g": 0.84, "y": 0.82, "r": 0.84, "b": 0.86, "k": 0.94, "w": 0.88, "c": 0.1}
FILTER_BIN = "pyramid-filter"  # every pyramid's filter pass, after the opaque table and its shadows
GLOW_BIN = "pyramid-glow"  # then every glow pass, before the see-through ghosts
_BINS = CullBinManager.getGlobalPtr()
_BINS.addBin(FILTER_BIN, CullBinManager.BTUnsorted, 28)
_BINS.addBin(GLOW_BIN, CullBinManager.BTUnsorted, 29)
TAGS = ("pyramid", "chosen", "stuck", "size", "code")  # the pieces' tags, left off their drawn copies


def pyramid_rgba(code: str) -> tuple[float, float, float, float]:
    """A pyramid's colour and how much light its plastic stops, from its code's colour letter."""
    return (*PYRAMID_RGB[code[1]], PYRAMID_ALPHA[code[1]])


def shadow_strength(code: str) -> float:
    """How dark a pyramid's shadow is against an opaque thing's (its plastic lets some light through)."""
    return min(1.0, PYRAMID_ALPHA[code[1]] + 0.15) if code[1] != "c" else 0.15


def _copy(node: NodePath, parent: NodePath, relative_to: NodePath) -> NodePath:
    copy = node.copyTo(parent)
    copy.setPos(node.getPos(relative_to))
    copy.clearPythonTag("pyramid")
    for tag in TAGS:
        copy.clearTag(tag)
    return copy


def _casters(nodes: Iterable[NodePath], parent: NodePath) -> NodePath:
    """A flattened copy of pyramid pieces seen by the shadow camera alone (the shadow map), without the clear ones."""
    casters = parent.attachNewNode("pyramid-casters")
    for node in nodes:
        if node.getTag("code")[1:] != "c":
            _copy(node, casters, parent).find("glow").removeNode()  # (one pass is enough for a depth)
    casters.flattenStrong()
    casters.hide()
    casters.showThrough(SHADOW_MASK)
    return casters


def drawn_together(nodes: Iterable[NodePath], parent: NodePath, name: str = "pyramids-drawn") -> NodePath:
    """Draw pyramid pieces (left in place, hidden: their tags and places stay for the code that reads them) as one
    flattened copy under `parent` (two draws: every filter pass, every glow pass), a copy of them casting."""
    drawn = parent.attachNewNode(name)
    nodes = list(nodes)
    for node in nodes:
        _copy(node, drawn, parent)
        node.hide()
    drawn.flattenStrong()
    drawn.hide(SHADOW_MASK)
    _casters(nodes, drawn)
    return drawn


class Pyramids:
    """Meshes of pyramids for a scene, pieces made of them, and the flattened copy the table draws."""

    def __init__(self, root: NodePath, lighting: Lighting) -> None:
        self.root = root
        self.lighting = lighting
        self.meshes: dict[str, GeomNode] = {}
        self.contacts: dict[str, GeomNode] = {}

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
        """A pyramid drawn as the table draws it (its filter and glow passes, its contact shadow under it at the tiers
        that have them), under `parent`, its base at the origin. It casts no shadow of its own: what draws it
        (`drawn_together`, `Pyramids.draw`) casts a copy of the pyramids that do."""
        node = parent.attachNewNode(f"pyramid-{code}")
        node.setTag("code", code)
        node.setTextureOff(1)
        node.setTransparency(TransparencyAttrib.M_none, 1)
        node.setDepthWrite(False, 1)
        mesh = self.mesh(code)
        seen_through = node.attachNewNode(mesh.makeCopy())
        seen_through.setName("filter")
        seen_through.setAttrib(ColorBlendAttrib.make(ColorBlendAttrib.M_add, ColorBlendAttrib.O_zero,
                                                     ColorBlendAttrib.O_incoming_color))
        seen_through.setBin(FILTER_BIN, 0)
        self.lighting.use(seen_through, "filter", PLASTIC_GLOSS)
        glow = node.attachNewNode(mesh.makeCopy())
        glow.setName("glow")
        glow.setAttrib(ColorBlendAttrib.make(ColorBlendAttrib.M_add, ColorBlendAttrib.O_one, ColorBlendAttrib.O_one))
        glow.setBin(GLOW_BIN, 0)
        self.lighting.use(glow, "plastic", PLASTIC_GLOSS)
        if contact and self.lighting.quality.fine_pieces:
            shade = node.attachNewNode(self.contact(code[0]).makeCopy())
            shade.setColorScale(1, 1, 1, shadow_strength(code))
            shade.setTransparency(TransparencyAttrib.M_alpha, 2)
            shade.setBin(CONTACT_BIN, 0)
            shade.setDepthOffset(2)
            shade.setShaderOff(1)
            shade.setLightOff(1)
            self.lighting.no_cast(shade)
        return node

    def clear(self) -> None:
        """Forget the meshes (another tier makes them to its own detail)."""
        self.meshes.clear()

    def draw(self, parent: NodePath, placed: Iterable[NodePath]) -> None:
        """Draw these placed pyramids (hidden nodes, their contact shadows left out) under `parent`, as one flattened
        node, with their contact shadows as one more."""
        shown = list(placed)
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
            for node in shown:
                shade = contacts.attachNewNode(self.contact(str(node.getTag("size"))).makeCopy())
                shade.setPos(node.getPos())
                shade.setColorScale(1, 1, 1, shadow_strength(node.getTag("code")))
        contacts.flattenStrong()
        drawn = parent.attachNewNode("pyramids")
        for node in shown:
            _copy(node, drawn, self.root)
        drawn.flattenStrong()
        drawn.hide(SHADOW_MASK)
        _casters(shown, drawn)
