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
ENLARGED = 2.4  # an action card under the pointer or the keyboard's focus, shown this many times as high...
ABOVE = 0.03  # ...this far above the hand's band, inside the window by MARGIN
MARGIN = 0.02


class Hand:
    """Hand cards drawn under `parent` (aspect2d units), with the faces from the scene's atlas."""

    def __init__(self, parent: NodePath, scene: TableScene) -> None:
        self.root = parent.attachNewNode("hand")
        self.scene = scene
        self.nodes: list[tuple[NodePath, tuple[float, float, float, float]]] = []  # node, (x0, x1, z0, z1)
        self.height = CARD_H  # the cards' height as last drawn
        self.full = CARD_H  # ...and before a long hand shrank them
        self.cards: list[dict[str, Any]] = []  # the cards as last drawn (observation entries)
        self.band_top = -1 + BOTTOM + CARD_H + LIFT  # the top of the hand's band as last drawn (aspect2d units)
        self.enlarged: NodePath | None = None  # the action card shown enlarged with its words, if one is
        self.enlarged_index: int | None = None
        self.aspect = 16 / 9  # the window's, as the last enlarge was told it

    @staticmethod
    def width(cards: int, height: float = CARD_H) -> float:
        """How wide a hand of this many cards is (aspect2d units), its cards this high."""
        card = height * geometry.CARD_WIDTH / geometry.CARD_LENGTH
        return cards * card + max(0, cards - 1) * GAP * height / CARD_H

    def draw(self, hand: list[dict[str, Any]], selected: int | None, turned: bool, height: float = CARD_H,
             bottom: float = 1 + BOTTOM, lift: float = LIFT, centre: float = 0.0, full: float | None = None) -> None:
        """Draw these cards (observation entries), `height` high, `bottom` over the window's bottom edge, round
        `centre`; the selected one lifted, and turned round if `turned` (R turns the card chosen, not the hand).
        `full`: their height at the interface scale before a long hand shrank them, what a card shown enlarged
        grows from (default: `height`)."""
        for child in self.root.getChildren():
            child.removeNode()
        self.enlarged = None
        self.nodes = []
        self.cards = list(hand)
        self.height = height
        self.full = height if full is None else full
        self.band_top = -1 + bottom + height + lift
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
        index, self.enlarged_index = self.enlarged_index, None
        self.enlarge(index)  # (still over the same place of the hand, drawn again, in the same window)

    def enlarge(self, index: int | None, aspect: float | None = None) -> None:
        """Show the hand's action card `index` enlarged above the hand, its effect written large enough to read
        (view/action_art.py: `words`, readable), or none (None, or an element card: its face says it all)."""
        if index == self.enlarged_index and (index is None or self.enlarged is not None):
            return
        if self.enlarged is not None:
            self.enlarged.removeNode()
        self.enlarged, self.enlarged_index = None, index
        if index is None or not 0 <= index < len(self.nodes) or self.cards[index]["kind"] == "element":
            return
        aspect = self.aspect = aspect or self.aspect
        height = min(self.full * ENLARGED, 1 - MARGIN - (self.band_top + ABOVE))
        width = height * geometry.CARD_WIDTH / geometry.CARD_LENGTH
        x0, x1, _, _ = self.nodes[index][1]
        left = min(max((x0 + x1) / 2 - width / 2, -aspect + MARGIN), aspect - MARGIN - width)
        node = self._card(self.cards[index], width, False, height, readable=True).copyTo(self.root)
        node.setPos(left, 0, self.band_top + ABOVE)
        node.setBin("gui-popup", 60)  # (over the prompt strip it rises into while it shows)
        node.setName("hand-enlarged")
        self.enlarged = node

    def index_at(self, screen: tuple[float, float], aspect: float) -> int | None:
        """The hand card under a screen point."""
        x, z = screen[0] * aspect, screen[1]
        for i, (_, (x0, x1, z0, z1)) in enumerate(self.nodes):
            if x0 <= x <= x1 and z0 <= z <= z1:
                return i
        return None

    def _card(self, card: dict[str, Any], width: float, turned: bool, height: float | None = None,
              readable: bool = False) -> NodePath:
        height = self.height if height is None else height
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
        written = words(node, action_name(card["code"]), self.scene.action_effects.get(card["code"], ""), width, False,
                        readable)
        written.setPos(width / 2, -0.01, height / 2)
        return node
