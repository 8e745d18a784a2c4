"""The draw pile, the discard pile and the unused goals: 3D stacks with counts beside the table."""

from __future__ import annotations

from panda3d.core import NodePath, TextNode

from .. import geometry
from .atlas import FaceAtlas


class Piles:
    """Stacks whose height is the number of cards; labels say the counts."""

    def __init__(self, scene) -> None:
        self.scene = scene
        self.root = scene.root.attachNewNode("piles")
        self.root.setTexture(scene.atlas_texture)
        self.stacks: dict[str, NodePath] = {}
        self.labels: dict[str, NodePath] = {}
        back = scene._mesh(FaceAtlas.BACK)
        for name in ("deck", "discard", "goals"):
            stack = self.root.attachNewNode(back.makeCopy())
            stack.setR(180)  # the back faces up
            self.stacks[name] = stack
            text = TextNode(f"label-{name}")
            text.setAlign(TextNode.ACenter)
            text.setTextColor(0.96, 0.94, 0.86, 1)
            text.setShadow(0.05, 0.05)
            text.setShadowColor(0, 0, 0, 0.8)
            label = self.root.attachNewNode(text)
            label.setScale(15.0)
            label.setBillboardPointEye()
            label.setLightOff()
            label.setDepthTest(False)
            label.setBin("fixed", 50)
            self.labels[name] = label

    def update(self, deck: int, discard: int | None, goals: int | None, texts: dict[str, str]) -> None:
        """Heights from the counts; None hides a pile the game does not have (no actions, no goals)."""
        (x0, y0, _), (x1, y1, _) = self.scene.bounds()
        cy = (y0 + y1) / 2
        left = x0 - geometry.CARD_WIDTH / 2 - 60
        spots = {"deck": (left, cy + 60), "discard": (left, cy - 60), "goals": (x1 + geometry.CARD_LENGTH / 2 + 60, cy)}
        counts = {"deck": deck, "discard": discard or 0, "goals": goals or 0}
        absent = {"discard": discard is None, "goals": goals is None}
        for name, stack in self.stacks.items():
            count = counts[name]
            x, y = spots[name]
            stack.setPos(x, y, geometry.CARD_THICKNESS * max(count, 1))
            stack.setScale(0.9, 0.9, max(count, 1))
            stack.setH(90 if name == "goals" else 0)
            stack.show() if count else stack.hide()
            label = self.labels[name]
            label.node().setText(texts.get(name, ""))
            label.setPos(x, y, geometry.CARD_THICKNESS * max(count, 1) + 14)
            if absent.get(name):
                stack.hide()
                label.hide()
            else:
                label.show()
