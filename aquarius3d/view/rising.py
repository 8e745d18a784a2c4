"""Aquarius Rising at the table: each seat's tray of pyramids, the storey labels, each element's highest point.

Every height drawn here comes from the state through the rules' own height functions (games/rising/houses.py), so
the labels (and the side elevation, view/side_elevation.py) show the numbers the winner is decided by.
"""

from __future__ import annotations


from typing import TYPE_CHECKING

from panda3d.core import LineSegs, NodePath, TextNode, TransparencyAttrib

from ..core import geometry
from ..i18n import height as height_text, tr
from .labels import ScreenLabels
from .storeys import storey_tops
from ..core.vocabulary import ALL_COLOURS, ELEMENT_OF

if TYPE_CHECKING:
    from ..engine.state import State
    from .piles import Piles
    from .scene import TableScene

Cell = tuple[int, int]

TRAY_GAP = 24.0  # millimetres between a tray and the piles beside the cards
HOME_APART = 70.0  # millimetres between the home tray and the next one out: two trays, not one long one
ALONE_RIGHT = 3  # the other seats' trays in one column right of the cards, up to so many
ROW_GAP = 92.0  # millimetres between two trays of a column: room for a seat's label over the far pyramids
LABEL_BEYOND = 46.0  # millimetres from a tray's far edge to its seat's label (its large pyramids stand before it)
LABEL_BEFORE = 24.0  # millimetres from a tray's near edge to its seat's label, where the far side has no room
FAN_BESIDE = 34.0  # millimetres from a tray's outer end to the middle of its seat's hand of card backs
FAN_REACH = 40.0  # how far a hand of a few backs reaches from its middle
PILES_REACH = geometry.CARD_LENGTH + 16.0  # how far the piles reach beyond the outermost spots (view/piles.py)
SUPPLY_BELOW = 36.0  # millimetres from the discard pile's near edge to Elemental Towers' supply: room for its label
TEXT_RGBA = (0.96, 0.94, 0.86, 1)
STUCK_GREY, STUCK_TINT, STUCK_ALPHA = 0.5, 0.3, 0.5  # a pyramid of the tray no quarter can take now: greyed, faded
STUCK_TEXT = (0.55, 0.55, 0.55, 1)  # its count, greyed too
COUNT_SCALE = 16.5  # a stack's count, flat on the tray beside its stack: its size (millimetres an em)
# Lying flat, a count is seen foreshortened along the table, the more so the further its tray stands from the eye:
# each is drawn longer along the table than wide, by COUNT_LENGTH (the trays in the middle of the depth), plus
# COUNT_DEEPER for each tray's step further back (less for the nearer ones), so that it reads about as tall as wide
# from the three-quarter view, the far trays' about 10 pixels high at 1024x600. A lone tray (Elemental Towers'
# supply: that table is seen from higher) by COUNT_ALONE; the home tray, framed with the cards, by COUNT_HOME.
COUNT_LENGTH, COUNT_DEEPER, COUNT_HOME = 2.0, 0.8, 1.6
# A count lies against its own stack's base, COUNT_BESIDE millimetres from it, on the side of every stack that
# faces the view's middle (seen from the cards' side the pyramids lean outward on the screen: their tips lean away
# from it, not over it); its digits drawn narrower (COUNT_NARROW of their width), the gap beyond it to the next stack
# is wider than the one to its own (a count half way between two stacks read as either's: playtest 5)
COUNT_BESIDE, COUNT_NARROW = 1.0, 0.72
COUNT_LONGEST, COUNT_ALONE = 2.6, 1.3


def greyed(code: str) -> tuple[float, float, float, float]:
    """A pyramid's colour greyed: mostly grey, a tint of its own colour left (which one it is still shows), faded."""
    from .scene import PYRAMID_RGB

    red, green, blue = (STUCK_GREY * (1 - STUCK_TINT) + c * STUCK_TINT for c in PYRAMID_RGB[code[1]])
    return (red, green, blue, STUCK_ALPHA)


def table_label(parent: NodePath, text: str, scale: float, colour: tuple[float, ...] = TEXT_RGBA,
           align: int = TextNode.ACenter, backed: bool = False) -> NodePath:
    node = TextNode("label")
    node.setText(text)
    if backed:
        node.setCardColor(0.05, 0.06, 0.08, 0.72)
        node.setCardAsMargin(0.25, 0.25, 0.12, 0.1)
        node.setCardDecal(True)
    node.setAlign(align)
    node.setTextColor(*colour)
    node.setShadow(0.05, 0.05)
    node.setShadowColor(0, 0, 0, 0.85)
    label = parent.attachNewNode(node)
    label.setScale(scale)
    label.setLightOff()
    label.setDepthTest(False)
    label.setDepthWrite(False)
    label.setBin("fixed", 60)
    return label


def glyph_bounds(label: NodePath) -> tuple[float, float, float, float]:
    """A text label's letters as drawn (left, right, bottom, top, in its own units), not its line's frame."""
    node = label.node()
    assert isinstance(node, TextNode)
    probe = TextNode("probe")
    probe.setFont(node.getFont())
    probe.setAlign(node.getAlign())
    probe.setText(node.getText())
    low, high = NodePath(probe.generate()).getTightBounds()
    return (low.x, high.x, low.z, high.z)


def _hug(label: NodePath, margin: float) -> None:
    """A backed label's card drawn `margin` (in its ems) round its letters as drawn, not round its line: a line's
    frame leaves room under the digits for letters that go below and over them for capitals."""
    left, right, bottom, top = glyph_bounds(label)
    node = label.node()
    assert isinstance(node, TextNode)
    node.setCardActual(left - margin, right + margin, bottom - margin, top + margin)


class Trays:
    """Each seat's unplayed pyramids on a wooden tray, with counts. The home seat's (the person at the screen) stands
    left of the cards, where the camera frames it with them (beyond the piles it kept the cards small); the piles
    stand in one column right of the cards, the others' trays beyond them (the HUD's panels are at the window's
    left), in a column each side when there are many. A tray holds one pyramid of each kind the seat has: colours
    in columns, sizes in rows (small in front).
    """

    PITCH = 40.0  # millimetres between pyramids on a tray: room for each stack's count

    def __init__(self, scene: TableScene, under: Piles | None = None) -> None:
        self.scene = scene
        self.under = under  # Elemental Towers' lone supply lies under these piles' discard pile
        self.root = scene.root.attachNewNode("trays")
        self.seats: list[NodePath] = []
        self.spots: dict[str, tuple[float, float]] = {}
        self.active: int | None = None

    DEPTH = 3 * PITCH + 14.0  # small, medium and large in rows

    def tray_width(self, colours: int) -> float:
        return max(colours, 2) * self.PITCH + 20.0

    def centres(self, seats: int, colours: int, home: int | None = None) -> list[tuple[float, float]]:
        """Where each seat's tray stands: the `home` seat's just beyond the column of spots left of the cards; the
        others from `home` on in seat order down a column beyond the piles on the right (far to near), up to
        ALONE_RIGHT of them (the rest up a column left of the home tray), each centred on the cards' depth. Without a
        home, in two columns beyond the piles at either side; Elemental Towers' lone supply under the draw and
        discard piles, nearer than the cards' middle (issue 27: beside the piles, the supply, the piles, the cards
        and the scoring row stood side by side, the table framed wide and small, the window's lower half empty)."""
        (x0, y0, _), (x1, y1, _) = self.scene.bounds()
        cy = (y0 + y1) / 2
        width, step = self.tray_width(colours), self.DEPTH + ROW_GAP
        reach = geometry.CELL_X + geometry.CARD_WIDTH / 2 + PILES_REACH + TRAY_GAP + width / 2
        order = [(i if home is None else (home + i)) % seats for i in range(seats)]
        found: list[tuple[float, float]] = [(0.0, 0.0)] * seats
        if self.under is not None:  # Elemental Towers' supply: under the draw and discard piles, its right edge
            # level with theirs (beyond the spots left of the cards), not a third column beyond them
            x, y = self.under.spots()["discard"]
            return [(x + geometry.CARD_WIDTH / 2 - width / 2,
                     y - geometry.CARD_LENGTH / 2 - SUPPLY_BELOW - self.DEPTH / 2)]
        left_reach, left = reach, (seats + 1) // 2
        if home is not None:
            found[home] = (x0 - geometry.CELL_X - TRAY_GAP - width / 2, cy)
            order = order[1:]
            left_reach = geometry.CELL_X + TRAY_GAP + HOME_APART + 1.5 * width
            left = 0 if len(order) <= ALONE_RIGHT else len(order) // 2
        right = len(order) - left
        for i, seat in enumerate(order):  # (the right column first, from its far end)
            if i < right:
                found[seat] = (x1 + reach, cy + ((right - 1) / 2 - i) * step)
            else:
                found[seat] = (x0 - left_reach, cy + (i - right - (left - 1) / 2) * step)
        return found

    def seat_places(self) -> list[tuple[tuple[float, float], tuple[float, float]]]:
        """Each seat's place (beyond the far edge of its tray, where its label goes; before the near edge of the home
        tray, whose far side faces the cards) and the middle of its hand of backs (beside the tray's outer end,
        clear of the label)."""
        (x0, _, _), (x1, _, _) = self.scene.bounds()
        places: list[tuple[tuple[float, float], tuple[float, float]]] = []
        for tray in self.seats:
            x, y = tray.getX(), tray.getY()
            outer = -1.0 if x < (x0 + x1) / 2 else 1.0
            board = tray.find("tray-board").getTightBounds(self.root)
            width = board[1].x - board[0].x
            near = len(places) == self.home
            places.append(((x, y - self.DEPTH / 2 - LABEL_BEFORE if near else y + self.DEPTH / 2 + LABEL_BEYOND),
                           (x + outer * (width / 2 + FAN_BESIDE), y + self.DEPTH / 4)))
        return places

    def seat_fallbacks(self) -> list[tuple[float, float]]:
        """Where each seat's label stands when the far side of its tray has no clear spot (the trays of a column
        close together on the screen): before the tray's near edge."""
        return [(tray.getX(), tray.getY() - self.DEPTH / 2 - LABEL_BEFORE) for tray in self.seats]

    def near_edge(self) -> tuple[float, float, float] | None:
        """The middle of the first tray's near edge (where a title goes), None before any tray is drawn."""
        if not self.seats:
            return None
        return (self.seats[0].getX(), self.seats[0].getY() - self.DEPTH / 2, 3.0)

    LIFT = 9.0  # millimetres the chosen pyramid rises above its tray
    ROOM_UP = 3.0 + LIFT + geometry.PYRAMID_HEIGHT["L"] * 1.25  # a tray's room upward: a large pyramid lifted, or traded

    def update(self, supplies: list[tuple[str, list[tuple[str, int]]]], active: int | None,
               chosen: str | None = None, hovered: str | None = None, home: int | None = None, titled: bool = True,
               stuck: frozenset[str] = frozenset(), trading: tuple[int, ...] = ()) -> None:
        """supplies: per seat (name, [(pyramid, count), ...]); the active seat's tray is lit, its `chosen`
        pyramid lifted and glowing, its `hovered` one brightened, those `stuck` (no quarter can take them now)
        greyed. Every stack shows how many are left. `titled`: each tray says whose it is and its count (not when
        the seats' own labels stand at the trays). `trading`: the seats whose pyramids a trade offered now would
        change hands (Zap a Card), each tray ringed in gold and its pyramids drawn larger."""
        from .lighting import WOOD_GLOSS
        from .meshes import box_node
        from .pieces import board_node
        from .pyramids import drawn_together, shadow_strength
        from .scene import pyramid_corners

        self.root.getChildren().detach()
        self.seats = []
        self.spots = {}  # the active tray's pyramids: code -> (x, y) on the tray
        self.active = active
        self.home = home
        colours = sorted({code[1] for _, held in supplies for code, _ in held}, key=ALL_COLOURS.index)
        width, depth = self.tray_width(len(colours)), self.DEPTH
        places = self.centres(len(supplies), len(colours), home)
        middle_y = sum(y for _, y in places) / max(1, len(places))
        (x0, _, _), (x1, _, _) = self.scene.bounds()
        middle_x = (x0 + x1) / 2
        for seat, ((name, held), (x, y)) in enumerate(zip(supplies, places)):
            stretch = COUNT_ALONE if len(places) == 1 else COUNT_HOME if seat == home else min(
                COUNT_LONGEST, max(1.0, COUNT_LENGTH + COUNT_DEEPER * (y - middle_y) / (depth + ROW_GAP)))
            stretch *= TRADE_LONGER if seat in trading else 1.0
            tray = self.root.attachNewNode(f"tray-{seat}")
            tray.setPos(x, y, 0)
            tray.setPythonTag("room", ((-width / 2, -depth / 2, 0.0), (width / 2, depth / 2, self.ROOM_UP)))
            inward = 1.0 if x < middle_x else -1.0  # (the side of every stack its count lies on)
            lit = seat == active
            board = tray.attachNewNode(board_node(width, depth, 3.0, (1, 1, 1, 1), "tray-board"))
            board.setTexture(self.scene.table.wood)
            board.setColorScale(*((1.3, 1.22, 1.1, 1) if lit else (0.72, 0.7, 0.68, 1)))  # the active tray is lit
            self.scene.lighting.use(board, "ground", WOOD_GLOSS)
            self.scene.lighting.cast(board)
            if titled:
                title = table_label(tray, tr("name_and_counts", name=name,
                                        counts=tr("count_pyramids", count=sum(n for _, n in held))), 20.0,
                               (1.0, 0.9, 0.55, 1) if lit else TEXT_RGBA)
                title.setPos(0, -depth / 2 - 22, 1)
                title.setP(-90)
            for code, count in held:
                column, row = colours.index(code[1]), "SML".index(code[0])
                x = -width / 2 + 10 + self.PITCH * (column + 0.5)
                py = -depth / 2 + 7 + self.PITCH * (row + 0.5)
                pyramid = self.scene.pyramid_piece(code, tray)
                pyramid.setPos(x, py, 3.0)
                pyramid.setTag("pyramid", code)
                if seat in trading:
                    pyramid.setScale(TRADE_SCALE)
                if lit:
                    self.spots[code] = (x, py)
                    if code == chosen:  # lifted and glowing: the one the ghosts on the table are for
                        pyramid.setZ(3.0 + self.LIFT)
                        pyramid.setColorScale(1.5, 1.45, 1.2, 1)
                        pyramid.setTag("chosen", "1")
                        glow = tray.attachNewNode(box_node(self.PITCH * 0.9, self.PITCH * 0.9, 1.0,
                                                           (1.0, 0.88, 0.45, 1), "tray-glow"))
                        glow.setPos(x, py, 3.0)
                        glow.setLightOff()
                    elif code in stuck:  # greyed and faded, a tint of its colour left
                        pyramid.setColor(*greyed(code), 1)
                        pyramid.setTransparency(TransparencyAttrib.M_alpha)
                        pyramid.setTag("stuck", "1")
                    elif code == hovered:
                        pyramid.setColorScale(1.25, 1.25, 1.15, 1)
                dim = lit and code in stuck and code != chosen
                number = table_label(tray, str(count), COUNT_SCALE, (1.0, 0.9, 0.55, 1) if code == chosen and lit
                                else STUCK_TEXT if dim else TEXT_RGBA, backed=True)
                _hug(number, 0.08)  # (its card close round the digits: it fits the gap between stacks and rows)
                wide = COUNT_SCALE * COUNT_NARROW
                number.setScale(wide, COUNT_SCALE, COUNT_SCALE * stretch)
                number.setP(-90)  # flat on the board, read from the near side: it never stands over a pyramid
                if seat not in trading:  # (and a pyramid before it on the screen stands over it, not under)
                    number.setDepthTest(True)
                    number.setDepthOffset(2)
                # (a trade offered: its pyramids, drawn larger, would cover the counts that tell what it gives and
                # takes; those are drawn over everything then, their dark cards over the pyramids' edges)
                left, right, bottom, top = number.node().getCardActual()
                beside = geometry.PYRAMID_BASE[code[0]] / 2 + COUNT_BESIDE  # (a trade's larger pyramids: over it)
                number.setPos(x + inward * beside - (left if inward > 0 else right) * wide,
                              py - (bottom + top) / 2 * COUNT_SCALE * stretch, 3.2)
                number.setTag("count", f"{code}:{count}")
                number.setPythonTag("side", inward)  # (the side of its stack it lies on: screens/trade_counts.py)
            drawn_together(tray.findAllMatches("=pyramid"), tray)  # (one draw a tray, not one a pyramid)
            if seat in trading:
                self._ring(tray, width, depth)
            self.seats.append(tray)
        boards = [(t.getX() - width / 2, t.getY() - depth / 2, t.getX() + width / 2, t.getY() + depth / 2)
                  for t in self.seats]
        middle = sum((x0 + x1) / 2 for x0, _, x1, _ in boards) / max(1, len(boards))
        fans = FAN_BESIDE + FAN_REACH  # the seat's hand of backs, beside the tray's outer end (view/seat_labels.py)
        self.scene.table.hold("trays", [(x0 - fans, y0, x1, y1) if x0 + x1 < 2 * middle else (x0, y0, x1 + fans, y1)
                                        for x0, y0, x1, y1 in boards])  # the felt holds every tray and its hand
        self.scene.table.set_footprints("trays", boards)
        self.scene.table.set_casters("trays", [(3.0, pyramid_corners(tuple(p.getPos(self.scene.root)),
                                                                     p.getTag("pyramid")[0]),
                                                shadow_strength(p.getTag("pyramid")))
                                               for p in self.root.findAllMatches("**/=pyramid")])
        self.scene.touch()

    @staticmethod
    def _ring(tray: NodePath, width: float, depth: float) -> None:
        """A gold ring round a tray whose pyramids a trade would move: a dark line under a bright one, as legal
        spots are outlined, seen on the felt and on the wood alike."""
        ring = LineSegs("trade-ring")
        for thickness, colour, z in ((9.0, (0.1, 0.07, 0.02, 1), 3.5), (4.5, (1.0, 0.82, 0.3, 1), 4.0)):
            ring.setThickness(thickness)
            ring.setColor(*colour)
            x, y = width / 2 + 5.0, depth / 2 + 5.0
            ring.moveTo(-x, -y, z)
            for corner in ((x, -y), (x, y), (-x, y), (-x, -y)):
                ring.drawTo(corner[0], corner[1], z)
        node = tray.attachNewNode(ring.create())
        node.setLightOff()
        node.setTag("trade-ring", "1")

    def pyramid_at(self, point: tuple[float, float] | None) -> str | None:
        """The active seat's pyramid (its code) whose place on the tray holds a point of the table's plane."""
        if point is None or self.active is None or self.active >= len(self.seats):
            return None
        tray = self.seats[self.active]
        x, y = point[0] - tray.getX(self.scene.root), point[1] - tray.getY(self.scene.root)
        for code, (px, py) in self.spots.items():
            if abs(x - px) <= self.PITCH / 2 and abs(y - py) <= self.PITCH / 2:
                return code
        return None

    TOP = 3.0 + 12.0  # the height a tray's pyramids are picked at: about halfway up a medium one


class StoreyLabels:
    """A label beside every storey of every house, its number and the height of its card (L shows them): screen
    labels (view/labels.py), one size however far the camera stands, each just right of its storey's card, clear
    of the cards and of the other labels, or not shown where no clear place is near."""

    SCALE = 0.032  # a label's size on the screen (aspect2d units)

    def __init__(self, overlay: ScreenLabels) -> None:
        self.overlay = overlay
        self.root = overlay.root.attachNewNode("storey-labels")  # hidden: none of its labels is placed
        self.labels: list[NodePath] = []
        self.shown = False
        self.root.hide()

    def update(self, state: State) -> None:
        for label in self.labels:
            self.overlay.remove(label)
        self.labels = []
        for cell, levels in storey_tops(state).items():
            x, y = geometry.cell_centre(*cell)
            for level, top in levels[1:]:
                label = self.overlay.add("storey-label", self.SCALE, parent=self.root)
                label.node().setText(tr("storey_label", level=level, height=height_text(top)))
                ScreenLabels.anchor(label, (x + geometry.CARD_WIDTH / 2, y, top), beside=True)
                label.setTag("storey", f"{cell[0]},{cell[1]},{level}")
                self.labels.append(label)

    def toggle(self) -> None:
        self.shown = not self.shown
        self.root.show() if self.shown else self.root.hide()


TRADE_SCALE = 1.25  # the pyramids of a tray a trade would move, drawn larger (they stand 40 mm apart: room enough)
TRADE_LONGER = 1.5  # their counts, longer still: the whole table is framed then, seen from further away
def element_tops(state: State) -> dict[str, tuple[float, Cell]]:
    """Each element's highest point on the table (card panels and pyramid tips) and the cell it is in."""
    from ..games.rising.houses import houses_of_state, points

    best: dict[str, tuple[float, Cell]] = {}
    for point in points(houses_of_state(state)):
        name = ELEMENT_OF[point.letter]
        if name not in best or point.height > best[name][0]:
            best[name] = (point.height, point.cell)
    return best
