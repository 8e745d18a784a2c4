"""The hand along the bottom of the screen: the cards of the seat to play (or a draft's offer), pickable."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from panda3d.core import CardMaker, NodePath

from ..core import geometry
from ..core.cards import face
from ..i18n import action_name
from .action_art import ACTION, words
from .labels import overlaps

if TYPE_CHECKING:
    from .scene import TableScene

CARD_H = 0.36  # height of a hand card on screen (aspect2d units)
GAP = 0.03
BOTTOM = -0.97
LIFT = 0.05  # the chosen card stands this much higher
ENLARGED = 2.4  # an action card under the pointer or the keyboard's focus, shown this many times as high...
ABOVE = 0.03  # ...this far above the hand's band and what it keeps clear of (the prompt strip, the dialog)...
MARGIN = 0.05  # ...inside the window by this much (15 px at 600 px high: clear of the edge, not touching it)
STEPS = 5  # the keyboard's enlarged card moves at most this many of its widths sideways to stand beside the table
SQUEEZED = 0.6  # over the card, less high than this share of ENLARGED: beside what it keeps clear of, if larger there

Rect = tuple[float, float, float, float]  # left, right, bottom, top (aspect2d units)


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
        self.lift = LIFT  # how high a chosen card rises, as last drawn
        self.selected: int | None = None  # and which one is chosen
        self.enlarged: NodePath | None = None  # the action card shown enlarged with its words, if one is
        self.enlarged_index: int | None = None
        self.aspect = 16 / 9  # the window's, as the last enlarge was told it
        self.clear: tuple[Rect, ...] = ()  # what the enlarged card keeps clear of, as the last enlarge was told it
        self.avoid: tuple[Rect, ...] = ()  # what of the table it stands beside if it can (the keyboard's: `enlarge`)
        self._placed: Rect | None = None  # where the enlarged card stands (left, width, bottom, height)

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
        self.lift, self.selected = lift, selected
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
        index, self.enlarged_index, self._placed = self.enlarged_index, None, None
        self.enlarge(index)  # (still over the same place of the hand, drawn again, in the same window)

    def enlarge(self, index: int | None, aspect: float | None = None, clear: Sequence[Rect] | None = None,
                avoid: Sequence[Rect] = ()) -> None:
        """Show the hand's action card `index` enlarged over the hand, its effect written large enough to read
        (view/action_art.py: `words`, readable), or none (None, or an element card: its face says it all). It
        stands above the hand and above whatever of `clear` (the prompt strip, the choice dialog: aspect2d
        rectangles) lies over its place, so that it never hides what to do now nor the buttons to do it. Clear of
        `avoid` too (the keyboard's focus: the table's cards and spots and the HUD on the screen) if it can be: at
        the nearest place sideways, as large as over its card or smaller down to its size at 100% (`_place`)."""
        if aspect:
            self.aspect = aspect
        if clear is not None:
            self.clear, self.avoid = tuple(clear), tuple(avoid)
        shown = index is not None and 0 <= index < len(self.nodes) and self.cards[index]["kind"] != "element"
        placed = self._place(index) if shown and index is not None else None
        if index == self.enlarged_index and placed == self._placed and (not shown or self.enlarged is not None):
            return
        if self.enlarged is not None:
            self.enlarged.removeNode()
        self.enlarged, self.enlarged_index, self._placed = None, index, placed
        if placed is None or index is None:
            return
        left, width, bottom, height = placed
        node = self._card(self.cards[index], width, False, height, readable=True).copyTo(self.root)
        node.setPos(left, 0, bottom)
        node.setBin("gui-popup", 60)  # (over the labels and the table's words)
        node.setName("hand-enlarged")
        self.enlarged = node

    def _place(self, index: int) -> Rect:
        """Where the enlarged card `index` stands: (left, width, bottom, height). Over the card's middle, above the
        hand's band and each rectangle kept clear that lies under it; where that leaves it squeezed (a tall dialog
        in a small window), beside what it keeps clear of if it stands larger there. If that place meets a rectangle
        of `avoid`: the nearest place sideways (a quarter of its width a step, up to STEPS widths either way) that
        meets none, standing on the hand's band, what is kept clear or (failing that) what is avoided below it, at
        the largest of five heights from that size down to its size at 100% (CARD_H * ENLARGED, if smaller) that
        has one; where none has, the place over its card all the same."""
        x0, x1, _, _ = self.nodes[index][1]
        wanted = self.full * ENLARGED
        width = wanted * geometry.CARD_WIDTH / geometry.CARD_LENGTH
        over = self._stand((x0 + x1) / 2 - width / 2, wanted)
        if over[3] < SQUEEZED * wanted:
            beside = [self._stand(r + ABOVE, wanted) for _, r, _, _ in self.clear]
            beside += [self._stand(left - ABOVE - width, wanted) for left, _, _, _ in self.clear]
            over = max([over, *beside], key=lambda placed: placed[3] - (placed is not over) * 1e-6)
        if not any(meets(over, rect) for rect in self.avoid):
            return over
        # the nearest place sideways clear of what it avoids (a quarter of its width a step), as large as it can:
        # down to its size at 100% (CARD_H: its effect still read, tests/test_hand_enlarged.py), if need be
        least = min(over[3], CARD_H * ENLARGED)
        heights = [over[3] - share * (over[3] - least) for share in (0.0, 0.25, 0.5, 0.75, 1.0)]
        lefts = sorted((over[0] + step * width / 4 for step in range(-4 * STEPS, 4 * STEPS + 1)),
                       key=lambda left: abs(left - over[0]))
        found = (self._stand(left, high, under) for high in heights for under in ((), self.avoid) for left in lefts)
        return next((placed for placed in found if placed[3] >= least - 1e-6
                     and not any(meets(placed, rect) for rect in self.avoid)), over)

    def _stand(self, left: float, height: float, under: Sequence[Rect] = ()) -> Rect:
        """The card `height` high (at most) from `left`, inside the window, over the hand's band and each rectangle
        kept clear (and of `under`) under it: (left, width, bottom, height), lower and narrower round the same
        middle if the window's top leaves it less room."""
        aspect = self.aspect
        width = height * geometry.CARD_WIDTH / geometry.CARD_LENGTH
        left = min(max(left, -aspect + MARGIN), aspect - MARGIN - width)
        floor = max([self.band_top] + [top for l, r, _, top in (*self.clear, *under) if l < left + width and left < r])
        bottom = floor + ABOVE
        if bottom + height > 1 - MARGIN:
            height = max(0.0, 1 - MARGIN - bottom)
            middle, width = left + width / 2, height * geometry.CARD_WIDTH / geometry.CARD_LENGTH
            left = middle - width / 2
        return left, width, bottom, height

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
        effect = self.scene.action_effects.get(card["code"], "") if readable else None  # (in the hand: the name alone)
        written = words(node, action_name(card["code"]), effect, width, False, readable)
        written.setPos(width / 2, -0.01, height / 2)
        return node


def meets(placed: Rect, rect: Rect) -> bool:
    """Does an enlarged card standing at `placed` ((left, width, bottom, height)) share area with `rect`?"""
    left, width, bottom, height = placed
    return overlaps((left, left + width, bottom, bottom + height), rect)
