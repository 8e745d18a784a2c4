"""The draw pile, the discard pile and the unused goals: 3D stacks beside the table, their counts on screen labels
that follow them (view/labels.py)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from panda3d.core import CardMaker, NodePath, TextNode

from ..core import geometry
from .atlas import FaceAtlas
from .camera import Box
from .labels import ScreenLabels
from .lighting import CARD_GLOSS

if TYPE_CHECKING:
    from .scene import TableScene


MARGIN = 16.0  # millimetres between a pile and the nearest spot a card may take
LABEL_SCALE = 0.036  # a count's size on the screen (aspect2d units)
LABEL_LIFT = 0.045  # screen units above the pile a count is shown, if it can


class Piles:
    """Stacks whose height is the number of cards; labels say the counts."""

    def __init__(self, scene: TableScene, overlay: ScreenLabels) -> None:
        self.scene = scene
        self.root = scene.root.attachNewNode("piles")
        self.root.setTexture(scene.atlas_texture)
        self.stacks: dict[str, NodePath] = {}
        self.labels: dict[str, NodePath] = {}
        back = scene._mesh(FaceAtlas.BACK)
        self.stacks_root = self.root.attachNewNode("stacks")
        scene.lighting.use(self.stacks_root, "ground", CARD_GLOSS)
        scene.lighting.cast(self.stacks_root)
        for name in ("deck", "discard", "goals"):
            stack = self.stacks_root.attachNewNode(back.makeCopy())
            stack.setR(180)  # the back faces up
            self.stacks[name] = stack
            self.labels[name] = overlay.add(f"label-{name}", LABEL_SCALE)
        self._build_discard_face()

    def _build_discard_face(self) -> None:
        """The discard pile lies face up (the rules let anyone look through it): a light card with the
        top action's name printed on it, lying on the stack."""
        maker = CardMaker("discard-face")
        w, h = geometry.CARD_WIDTH * 0.9 / 2, geometry.CARD_LENGTH * 0.9 / 2
        maker.setFrame(-w, w, -h, h)
        maker.setColor(0.96, 0.93, 0.84, 1)
        self.discard_face = self.root.attachNewNode("discard-face")
        card = self.discard_face.attachNewNode(maker.generate())
        card.setP(-90)  # lying flat, face up
        card.setTextureOff(1)
        card.setLightOff()
        text = TextNode("discard-name")
        text.setAlign(TextNode.ACenter)
        text.setTextColor(0.12, 0.1, 0.08, 1)
        text.setWordwrap(3.9)
        self.discard_name = self.discard_face.attachNewNode(text)
        self.discard_name.setP(-90)
        self.discard_name.setScale(14.0)
        self.discard_name.setPos(0, 8, 0.1)
        self.discard_name.setLightOff()
        self.discard_name.setTextureOff(1)
        self.discard_face.hide()

    def spots(self) -> dict[str, tuple[float, float]]:
        """Where each pile lies: beyond the column of cells round the cards, so that no glowing spot where a card
        may go next ever lies under a pile (the draw and discard piles to the left, the unused goals to the right)."""
        (x0, y0, _), (x1, y1, _) = self.scene.bounds()
        cy = (y0 + y1) / 2
        left = x0 - geometry.CELL_X - geometry.CARD_WIDTH / 2 - MARGIN
        right = x1 + geometry.CELL_X + geometry.CARD_LENGTH / 2 + MARGIN  # the goals lie across
        return {"deck": (left, cy + 60), "discard": (left, cy - 60), "goals": (right, cy)}

    def extent(self, shown: Iterable[str] = ("deck", "discard", "goals")) -> Box:
        """The box the piles named take on the table (millimetres), for framing."""
        spots = [self.spots()[name] for name in shown]
        reach = geometry.CARD_LENGTH / 2
        return ((min(x for x, _ in spots) - reach, min(y for _, y in spots) - reach, 0.0),
                (max(x for x, _ in spots) + reach, max(y for _, y in spots) + reach, 20.0))

    def update(self, deck: int, discard: int | None, goals: int | None, texts: dict[str, str],
               top: str | None = None) -> None:
        """Heights from the counts; None hides a pile the game does not have (no actions, no goals); `top`: the
        name of the discard's top card, shown face up on it."""
        spots = self.spots()
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
            ScreenLabels.anchor(label, (x, y, geometry.CARD_THICKNESS * max(count, 1)), LABEL_LIFT)
            if absent.get(name):
                stack.hide()
                label.hide()
            else:
                label.show()
        reach_x, reach_y = geometry.CARD_WIDTH * 0.45, geometry.CARD_LENGTH * 0.45
        footprints = []
        for name, stack in self.stacks.items():
            if not stack.isHidden():
                x, y = spots[name]
                rx, ry = (reach_y, reach_x) if name == "goals" else (reach_x, reach_y)
                footprints.append((x - rx, y - ry, x + rx, y + ry))
        self.scene.table.set_footprints("piles", footprints)
        self.scene.touch()
        if top and discard:
            x, y = spots["discard"]
            self.discard_face.setPos(x, y, geometry.CARD_THICKNESS * discard + 0.15)
            self.discard_name.node().setText(top)
            self.discard_face.show()
        else:
            self.discard_face.hide()
