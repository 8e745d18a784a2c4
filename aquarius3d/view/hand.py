"""The hand along the bottom of the screen: the cards of the seat to play (or a draft's offer), pickable."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from panda3d.core import CardMaker, NodePath

from ..core import geometry
from ..core.cards import face
from ..i18n import action_name
from .action_art import ACTION, words

if TYPE_CHECKING:
    from .scene import TableScene

CARD_H = 0.36  # height of a hand card on screen (aspect2d units)
GAP = 0.03
BOTTOM = -0.97
LIFT = 0.05  # the chosen card stands this much higher


class Hand:
    """Hand cards drawn under `parent` (aspect2d units), with the faces from the scene's atlas."""

    def __init__(self, parent: NodePath, scene: TableScene) -> None:
        self.root = parent.attachNewNode("hand")
        self.scene = scene
        self.nodes: list[tuple[NodePath, tuple[float, float, float, float]]] = []  # node, (x0, x1, z0, z1)
        self.height = CARD_H  # the cards' height as last drawn

    @staticmethod
    def width(cards: int, height: float = CARD_H) -> float:
        """How wide a hand of this many cards is (aspect2d units), its cards this high."""
        card = height * geometry.CARD_WIDTH / geometry.CARD_LENGTH
        return cards * card + max(0, cards - 1) * GAP * height / CARD_H

    def draw(self, hand: list[dict[str, Any]], selected: int | None, turned: bool, height: float = CARD_H,
             bottom: float = 1 + BOTTOM, lift: float = LIFT, centre: float = 0.0) -> None:
        """Draw these cards (observation entries), `height` high, `bottom` over the window's bottom edge, round
        `centre`; the selected one lifted, and turned round if `turned` (R turns the card chosen, not the hand)."""
        for child in self.root.getChildren():
            child.removeNode()
        self.nodes = []
        self.height = height
        width = height * geometry.CARD_WIDTH / geometry.CARD_LENGTH
        gap = GAP * height / CARD_H
        left = centre - self.width(len(hand), height) / 2
        for i, card in enumerate(hand):
            x0 = left + i * (width + gap)
            z0 = -1 + bottom + (lift if i == selected else 0.0)
            node = self._card(card, width, turned and i == selected).copyTo(self.root)
            node.setPos(x0, 0, z0)
            node.setPythonTag("hand", i)
            self.nodes.append((node, (x0, x0 + width, z0, z0 + height)))

    def index_at(self, screen: tuple[float, float], aspect: float) -> int | None:
        """The hand card under a screen point."""
        x, z = screen[0] * aspect, screen[1]
        for i, (_, (x0, x1, z0, z1)) in enumerate(self.nodes):
            if x0 <= x <= x1 and z0 <= z <= z1:
                return i
        return None

    def _card(self, card: dict[str, Any], width: float, turned: bool) -> NodePath:
        height = self.height
        maker = CardMaker("hand-card")
        maker.setFrame(0, width, 0, height)
        if card["kind"] == "element":
            code = face(card["code"]).turned.code if turned else card["code"]
            texture = self.scene.face_texture(code)
            u0, v0, u1, v1 = self.scene.atlas.uv(code)
            maker.setUvRange((u0, v0), (u1, v1))
            node = NodePath(maker.generate())
            node.setTexture(texture)
            return node
        code = ACTION + card["code"]  # an action card: the table's face, its words on its plate (view/action_art.py)
        u0, v0, u1, v1 = self.scene.atlas.uv(code)
        maker.setUvRange((u0, v0), (u1, v1))
        node = NodePath(maker.generate())
        node.setTexture(self.scene.face_texture(code))
        written = words(node, action_name(card["code"]), self.scene.action_effects.get(card["code"], ""), width, False)
        written.setPos(width / 2, -0.01, height / 2)
        return node
