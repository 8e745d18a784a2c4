"""A ghost: a card or a pyramid drawn where a legal move would put it (view/scene.py's `show_ghosts`).

A card's ghost is its face at CARD_ALPHA over a pale backing of the card's own shape, not over the felt: seen through
at 0.38 over the green cloth, a yellow panel read olive, a red one brown and a blue one teal, and a playtester took
an Air-Fire ghost for Earth. Over the backing each panel keeps its hue, paler than a card lying there (the glowing
outline round it says it is a spot, not a card). A pyramid's ghost is its plastic, more solid than a card's (at 0.38
a yellow one read olive over the felt too): its colour is what the player chooses by.
"""

from __future__ import annotations

from panda3d.core import GeomNode, NodePath, TransparencyAttrib

CARD_ALPHA = 0.6  # a card ghost's face over its backing
PYRAMID_ALPHA = 0.62
BACKING = (0.93, 0.93, 0.9, 1.0)  # the backing's colour: a warm white, lit as the felt is
BACKING_BELOW = 0.03  # millimetres under the ghost's face


def card_ghost(parent: NodePath, mesh: GeomNode) -> NodePath:
    """A card's ghost under `parent` (its face translucent, as the parent draws it) on its opaque pale backing: the
    card's mesh again, untextured, drawn with the opaque things and first, so the face blends over it alone."""
    node = parent.attachNewNode(mesh.makeCopy())
    back = node.attachNewNode(mesh.makeCopy())
    back.setTextureOff(1)
    back.setColor(*BACKING)
    back.setZ(-BACKING_BELOW)
    back.setTransparency(TransparencyAttrib.M_none, 1)
    back.setDepthWrite(True, 1)
    back.setBin("opaque", 0, 1)
    return node
