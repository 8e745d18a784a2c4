"""Elemental Towers at the table: towers nested at geometry's heights, the scoring row, space outlines.

Pyramids stand on panels (spaces); a tower's pyramids nest at the heights
geometry.tower_bases gives, so the picture and the rules share one source.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING

from panda3d.core import LineSegs, NodePath

from ..core import geometry
from ..games.towers.state import TowersData
from ..i18n import element_name
from ..core.vocabulary import QUARTERS
from .labels import GAP, ScreenLabels
from .lighting import CARD_GLOSS
from .camera import Box
from .scene import PyramidView

if TYPE_CHECKING:
    from ..engine.state import State
    from .scene import TableScene

Cell = tuple[int, int]
Space = tuple[Cell, str]  # a panel of a card: its cell and the space's name (its first quarter)

ACE = {"earth": "EEEE", "air": "AAAA", "fire": "FFFF", "water": "WWWW", "space": "SSSS"}


def space_quarters(code: str, space: str) -> list[int]:
    """The quarters a space (panel, named by its first quarter) covers on a face."""
    letter = code[QUARTERS.index(space)]
    return [q for q in range(4) if code[q] == letter]


def space_centre(cell: Cell, code: str, space: str) -> tuple[float, float]:
    x, y = geometry.cell_centre(*cell)
    offsets = [geometry.quarter_offset(q) for q in space_quarters(code, space)]
    return (x + sum(o[0] for o in offsets) / len(offsets), y + sum(o[1] for o in offsets) / len(offsets))


def tower_views(cell: Cell, code: str, space: str, piece: list[str],
                key_prefix: tuple[object, ...] = ()) -> dict[object, PyramidView]:
    """A pyramid or tower on a space: one view per pyramid, nested at geometry's heights."""
    spot = space_centre(cell, code, space)
    bases = geometry.tower_bases(geometry.card_top(0), [p[0] for p in piece])
    quarter = QUARTERS.index(space)
    return {(*key_prefix, cell, space, i): PyramidView(cell, 0, quarter, kind, base, spot)
            for i, (kind, base) in enumerate(zip(piece, bases))}


def piece_views(state: State) -> dict[object, PyramidView]:
    """Every pyramid on the table, keyed (cell, space, place in its tower)."""
    views: dict[object, PyramidView] = {}
    pieces = state.data.pieces if isinstance(state.data, TowersData) else {}
    for cell, here in pieces.items():
        code = state.table.faces[cell].code
        for space, piece in here.items():
            views.update(tower_views(cell, code, space, piece))
    return views


ROW_SCALE = 0.52  # a scoring-row card, against a card on the table
ROW_TILT = 25.0  # degrees it leans back, standing a little
ROW_STEP = geometry.CELL_Y * 0.66  # from one place of the row to the next
LABEL_SCALE = 0.043  # a value's size on the screen (aspect2d units): as a seat's label at its turn (view/seat_labels.py)
HEADING_SCALE = 0.04  # the heading's
HEADING_LIFT = 0.035  # screen units above the top card the heading is shown, if it can
LABEL_REACH = 120.0  # millimetres right of the cards the values' labels take at the usual framings, at least
SMALLEST_LABEL = 0.6  # of LABEL_SCALE: the values come no smaller, however close the places stand on the screen
LONGEST_REACH = 600.0  # millimetres right of the cards the camera keeps for them at most (ScoringRow.reach)
LEVEL_SPAN = 0.35 * geometry.CARD_LENGTH * ROW_SCALE * math.cos(math.radians(ROW_TILT))  # a value's middle stays
# this near (mm, either way along the table) to its card's middle: within the card's own height on the screen


def row_lift(scale: float = ROW_SCALE, tilt: float = ROW_TILT) -> float:
    """How high a leaning row card's centre stands so that its near edge rests on the table, not sunk into it.

    The card turns about its centre: leaning back by `tilt`, its near half goes down by sin(tilt) of half its
    length, so the centre is raised by that much (and a hair more, the card's thickness).
    """
    return math.sin(math.radians(tilt)) * geometry.CARD_LENGTH / 2 * scale + geometry.CARD_THICKNESS


class ScoringRow:
    """The five goal cards standing in a column beside the table, top worth 5, each labelled with its value.

    The column stands beside the far half of the table, its last card beyond the middle of a deep table; its top
    card no farther than the cards' far edge (issue 27: over a shallow table the row and its heading rose above the
    cards, and the table was framed the smaller for it; the camera keeps the lowest places' labels clear of the
    prompt along the lower part of the screen, as every label of the row: label_boxes). The heading and the values
    are screen labels (view/labels.py): one size on the screen however far the camera stands, each value starting
    just right of its own card, placed before the piles' counts so that nothing pushes it away.
    """

    def __init__(self, scene: TableScene, overlay: ScreenLabels) -> None:
        self.scene = scene
        self.overlay = overlay
        self.root = scene.root.attachNewNode("scoring-row")
        self.root.setTexture(scene.atlas_texture)
        scene.lighting.use(self.root, "surface", CARD_GLOSS)
        scene.lighting.cast(self.root)
        self.cards: list[NodePath] = []
        self.reach = LABEL_REACH  # millimetres kept right of the cards for the values (the camera sets it: reach_from)
        self.heading = overlay.add("row-heading", HEADING_SCALE, first=True)
        self.labels: list[NodePath] = [overlay.add("row-label", LABEL_SCALE, first=True, group="scoring-row")
                                     for _ in range(5)]
        for label in [self.heading, *self.labels]:
            label.hide()

    def place(self) -> tuple[float, float]:
        """Where the column stands: x of its cards, y of the top (worth 5) one."""
        (_, y0, _), (x1, y1, _) = self.scene.bounds()
        return x1 + geometry.CARD_WIDTH * 1.9, min((y0 + y1) / 2 + 4.5 * ROW_STEP, y1)

    def label_boxes(self) -> list[Box]:
        """Boxes of the table (millimetres) where the values' labels show at the usual framings (right of the
        cards), for the camera to keep in view with room for them."""
        if not self.cards:
            return []
        x, top = self.place()
        right = x + geometry.CARD_WIDTH * ROW_SCALE / 2
        return [((right, top - 4 * ROW_STEP - 12.0, 0.0), (right + self.reach, top + 12.0, 2.0))]

    def reach_from(self, project: Callable[[tuple[float, float, float]], tuple[float, float] | None],
                   aspect: float) -> float:
        """How many millimetres of the table right of the cards the widest value takes, seen through `project` (a
        point of the table to the screen, -1..1 each way): the values keep one size on the screen however far the
        camera stands, so a view from farther needs more of the table for them (LABEL_REACH at least)."""
        x, top = self.place()
        right = x + geometry.CARD_WIDTH * ROW_SCALE / 2 + 3.0
        y = top - 2 * ROW_STEP
        near, far = project((right, y, row_lift())), project((right + 100.0, y, row_lift()))
        widths = [size[1] - size[0] for label in self.labels if label.node().getText()
                  for size in [self.overlay.size(label, aspect)]]
        if near is None or far is None or not widths:
            return LABEL_REACH
        per_mm = math.hypot(far[0] - near[0], far[1] - near[1]) / 100.0
        needed = 3.0 + (max(widths) + 2 * GAP) / max(per_mm, 1e-9)
        return max(LABEL_REACH, min(LONGEST_REACH, needed))

    def fit_labels(self, project: Callable[[tuple[float, float, float]], tuple[float, float] | None],
                   aspect: float) -> None:
        """Each value as large as it reads without reaching its neighbour's card level (LABEL_SCALE at most,
        SMALLEST_LABEL of it at least): seen from far (the window's free part small beside the result panel) the
        places stand closer on the screen than a value's height, and every other value found no room level with
        its own card."""
        places = [project((x, y, row_lift())) for x, y in self.places()]
        seen = [p for p in places if p is not None]
        label = self.labels[0]
        size = self.overlay.size(label, aspect)
        height = (size[3] - size[2]) / label.getSz() * LABEL_SCALE  # at LABEL_SCALE
        if len(seen) < 2 or len(seen) < len(places) or height <= 0:
            scale = LABEL_SCALE
        else:
            pitch = min(math.hypot(a[0] - b[0], a[1] - b[1]) for a, b in zip(seen, seen[1:]))
            scale = LABEL_SCALE * max(SMALLEST_LABEL, min(1.0, (pitch - GAP) / height))
        for value in self.labels:
            value.setScale(scale)

    def places(self) -> list[tuple[float, float]]:
        """The middles of the row's cards on the table (x, y), the top (worth 5) first."""
        x, top = self.place()
        return [(x, top - place * ROW_STEP) for place in range(len(self.cards))]

    def update(self, row: list[str], values: list[int], title: str) -> None:
        self.root.getChildren().detach()
        self.scene.touch()
        self.cards = []
        for label in [self.heading, *self.labels]:
            label.hide()
        if not row:  # the draft variant: the row is dealt when the draft ends
            return
        x, top = self.place()
        self.heading.node().setText(title)
        # over the top card, or beside it over its value's line: never level with the top place's value
        ScreenLabels.anchor(self.heading, (x, top + geometry.CARD_LENGTH * ROW_SCALE / 2, 2 * row_lift()),
                            HEADING_LIFT, above=(x, top + LEVEL_SPAN, row_lift()))
        self.heading.show()
        for place, element in enumerate(row):
            card = self.root.attachNewNode(self.scene._mesh(ACE[element]).makeCopy())
            y = top - place * ROW_STEP
            card.setPos(x, y, row_lift())
            card.setScale(ROW_SCALE)
            card.setP(ROW_TILT)  # standing a little, leaning back, its near edge on the table
            card.setTag("row", element)
            self.cards.append(card)
            value = values[place] if place < len(values) else 0
            label = self.labels[place]
            label.node().setText(f"{value}  {element_name(element)}")
            label.setTag("row-label", element)
            # the card's right edge, at its middle's height (it leans back about its centre); level with the card
            # whatever the zoom: shown beside its own card, or not at all (it never lands on the next one)
            # (or left of it, when a panel, such as the result's, stands over the right side)
            ScreenLabels.anchor(label, (x + geometry.CARD_WIDTH * ROW_SCALE / 2 + 3.0, y, row_lift()), beside=True,
                                span=LEVEL_SPAN, other_side=(x - geometry.CARD_WIDTH * ROW_SCALE / 2 - 3.0, y, row_lift()))
            label.show()


class SpaceRings:
    """Outlines of spaces on the table: pieces that may move (gold), the one picked (white)."""

    def __init__(self, scene: TableScene) -> None:
        self.root = scene.root.attachNewNode("space-rings")
        self.root.setLightOff()

    def update(self, state: State, movable: set[Space], picked: Space | None) -> None:
        self.root.getChildren().detach()
        for cell, space in sorted(movable | ({picked} if picked else set())):
            code = state.table.faces[cell].code
            colour = (1, 1, 1, 1) if (cell, space) == picked else (1.0, 0.8, 0.2, 1)
            lines = LineSegs("space-ring")
            lines.setThickness(3.0 if (cell, space) != picked else 4.5)
            lines.setColor(*colour)
            x, y = geometry.cell_centre(*cell)
            for q in space_quarters(code, space):
                dx, dy = geometry.quarter_offset(q)
                hw, hl = geometry.CARD_WIDTH / 4 - 1.5, geometry.CARD_LENGTH / 4 - 1.5
                z = geometry.card_top(0) + 0.15
                corners = [(x + dx - hw, y + dy - hl), (x + dx + hw, y + dy - hl), (x + dx + hw, y + dy + hl),
                           (x + dx - hw, y + dy + hl), (x + dx - hw, y + dy - hl)]
                lines.moveTo(*corners[0], z)
                for corner in corners[1:]:
                    lines.drawTo(*corner, z)
            ring = self.root.attachNewNode(lines.create())
            ring.setTag("ring", f"{cell[0]},{cell[1]} {space}")
