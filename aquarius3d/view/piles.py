"""The draw pile, the discard pile and the unused goals: 3D stacks beside the table, their counts on screen labels
that follow them (view/labels.py)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from panda3d.core import NodePath

from ..core import geometry
from .atlas import FaceAtlas
from .camera import Box
from ..i18n import action_name
from .action_art import ACTION, words
from .labels import ScreenLabels
from .lighting import CARD_GLOSS

if TYPE_CHECKING:
    from .scene import TableScene


MARGIN = 16.0  # millimetres between a pile and the nearest spot a card may take
PILE_STEP = 60.0  # millimetres from the cards' middle, nearer (the discard pile) and farther (the deck)
COLUMN_STEP = 112.0  # millimetres between the piles' middles in one column: room for a label between two
LABEL_SCALE = 0.036  # a count's size on the screen (aspect2d units)
LABEL_LIFT = 0.045  # screen units above the pile a count is shown, if it can
STACK_SCALE = 0.9  # a pile's cards, against the table's


class Piles:
    """Stacks whose height is the number of cards; labels say the counts."""

    def __init__(self, scene: TableScene, overlay: ScreenLabels) -> None:
        self.scene = scene
        self.root = scene.root.attachNewNode("piles")
        self.root.setTexture(scene.atlas_texture)
        self.stacks: dict[str, NodePath] = {}
        self.labels: dict[str, NodePath] = {}
        # The corner cells of the play area when the game bounds it (Dominus' table limit): the piles lie outside it
        self.keep_out: tuple[tuple[int, int], tuple[int, int]] | None = None
        # All three piles in one column right of the cards (Aquarius Rising: its home tray stands left of them)
        self.one_column = False
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
        """The discard pile lies face up (the rules let anyone look through it): the top action card's face, its
        picture and its words, as the hand shows it (view/action_art.py)."""
        self.discard_face = self.root.attachNewNode("discard-face")
        self.scene.lighting.use(self.discard_face, "ground", CARD_GLOSS)
        self.discard_face.hide()
        self._discard_shown: tuple[str, str, str] | None = None
        self.discard_name = NodePath()  # the top card's name, once one is shown

    def _draw_discard_face(self, top: str) -> None:
        """The face of the action `top` on the discard pile (drawn again only when it or its words change)."""
        name, effect = action_name(top), self.scene.action_effects.get(top, "")
        if self._discard_shown == (top, name, effect):
            return
        self._discard_shown = (top, name, effect)
        self.discard_face.node().removeAllChildren()
        card = self.discard_face.attachNewNode(self.scene._mesh(ACTION + top).makeCopy())
        card.setScale(STACK_SCALE, STACK_SCALE, 1.0)
        face = words(self.discard_face, name, effect, geometry.CARD_WIDTH * STACK_SCALE, flat=True)
        face.setZ(geometry.CARD_THICKNESS + 0.05)
        self.discard_name = face.find("action-name")

    def spots(self) -> dict[str, tuple[float, float]]:
        """Where each pile lies: beyond the column of cells round the cards, so that no glowing spot where a card
        may go next ever lies under a pile (the draw and discard piles to the left, the unused goals to the right),
        nor inside the play area's outline when the game bounds it (Dominus); all three to the right, the draw pile
        furthest, when `one_column`."""
        (x0, y0, _), (x1, y1, _) = self.scene.bounds()
        cy = (y0 + y1) / 2
        left = x0 - geometry.CELL_X - geometry.CARD_WIDTH / 2 - MARGIN
        right = x1 + geometry.CELL_X + geometry.CARD_LENGTH / 2 + MARGIN  # the goals lie across
        if self.keep_out is not None:  # the outline runs round its cells: the piles lie a margin beyond it
            (cx0, _), (cx1, _) = self.keep_out
            left = min(left, cx0 * geometry.CELL_X - geometry.CELL_X / 2 - geometry.CARD_WIDTH / 2 - MARGIN)
            right = max(right, cx1 * geometry.CELL_X + geometry.CELL_X / 2 + geometry.CARD_LENGTH / 2 + MARGIN)
        if self.one_column:
            return {"deck": (right, cy + COLUMN_STEP), "discard": (right, cy), "goals": (right, cy - COLUMN_STEP)}
        return {"deck": (left, cy + PILE_STEP), "discard": (left, cy - PILE_STEP), "goals": (right, cy)}

    def extent(self, shown: Iterable[str] = ("deck", "discard", "goals")) -> Box:
        """The box the piles named take on the table (millimetres), for framing."""
        spots = [self.spots()[name] for name in shown]
        reach = geometry.CARD_LENGTH / 2
        return ((min(x for x, _ in spots) - reach, min(y for _, y in spots) - reach, 0.0),
                (max(x for x, _ in spots) + reach, max(y for _, y in spots) + reach, 20.0))

    def update(self, deck: int, discard: int | None, goals: int | None, texts: dict[str, str],
               top: str | None = None) -> None:
        """Heights from the counts; None hides a pile the game does not have (no actions, no goals); `top`: the
        discard's top card (an action's name, as its code), shown face up on it."""
        spots = self.spots()
        counts = {"deck": deck, "discard": discard or 0, "goals": goals or 0}
        absent = {"discard": discard is None, "goals": goals is None}
        for name, stack in self.stacks.items():
            count = counts[name]
            x, y = spots[name]
            stack.setPos(x, y, geometry.CARD_THICKNESS * max(count, 1))
            stack.setScale(STACK_SCALE, STACK_SCALE, max(count, 1))
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
            self._draw_discard_face(top)
            x, y = spots["discard"]
            self.discard_face.setPos(x, y, geometry.CARD_THICKNESS * discard + 0.02)
            self.discard_face.show()
        else:
            self.discard_face.hide()
