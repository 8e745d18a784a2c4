"""Aquarius Rising's heights read in the 3D view: each house's highest point, the house under the pointer, and a
marker over the highest point of each goal element (M shows them). Elements whose highest points stand at one height
in one house (the panels of one card, say) share one marker, its sides in their colours, and one label naming them
all, each name in its colour: their markers and labels side by side covered one another.

Every height here is the rules' own: the points the winner is found by (games/rising/houses.py: `points` of
`houses_of_state`, from core/geometry), gathered per house or per element, never measured again from the scene.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from panda3d.core import (
    Geom,
    GeomNode,
    GeomTriangles,
    GeomVertexData,
    GeomVertexFormat,
    GeomVertexWriter,
    LineSegs,
    NodePath,
    TextProperties,
    TextPropertiesManager,
)

from ..core import geometry
from ..core.vocabulary import ELEMENT_OF, ELEMENTS, LETTER_OF
from ..i18n import element_name, height as height_text, tr
from .labels import ScreenLabels
from .palette import ELEMENT_RGB

if TYPE_CHECKING:
    from ..engine.state import State

Cell = tuple[int, int]
Point = tuple[float, float, float]

MARKER_WIDTH, MARKER_HEIGHT = 12.0, 15.0  # millimetres: a small upside-down pyramid, its tip pointing at the top
MARKER_CLEAR = 3.0  # millimetres between the highest point and the marker's tip
MARKER_STEP = 24.0  # millimetres between two markers over one house (elements whose highest points it holds, at
# different heights): clear of each other on the screen from the usual views
LABEL_SCALE = 0.048  # a marker's name on the screen (aspect2d units): capitals about 10 px high at 600 rows
SPACE_ON_DARK = (0.62, 0.5, 0.85)  # space's purple, light enough to show on the felt (as the elevation's)


def house_tops(state: State) -> dict[Cell, tuple[float, tuple[str, ...]]]:
    """Each house's highest point (mm) and the elements (names) standing there: of the points the rules count
    (card panels' top faces and pyramid tips; white and clear pyramids count for no element)."""
    from ..games.rising.houses import houses_of_state, points

    found: dict[Cell, tuple[float, list[str]]] = {}
    for point in points(houses_of_state(state)):
        name = ELEMENT_OF[point.letter]
        best = found.get(point.cell)
        if best is None or point.height > best[0] + 1e-6:
            found[point.cell] = (point.height, [name])
        elif abs(point.height - best[0]) <= 1e-6 and name not in best[1]:
            best[1].append(name)
    return {cell: (height, tuple(names)) for cell, (height, names) in found.items()}


def column_at(near: Point, far: Point, tops: Mapping[Cell, float]) -> Cell | None:
    """The house (a cell's column, from the felt to its top) a ray from `near` towards `far` meets first, if any:
    what lies under the pointer."""
    best: tuple[float, Cell] | None = None
    direction = tuple(b - a for a, b in zip(near, far))
    half = (geometry.CARD_WIDTH / 2, geometry.CARD_LENGTH / 2)
    for cell, top in tops.items():
        x, y = geometry.cell_centre(*cell)
        low = (x - half[0], y - half[1], 0.0)
        high = (x + half[0], y + half[1], top)
        enter, leave = 0.0, 1.0
        for axis in range(3):
            if abs(direction[axis]) < 1e-12:
                if not low[axis] <= near[axis] <= high[axis]:
                    break
                continue
            t0 = (low[axis] - near[axis]) / direction[axis]
            t1 = (high[axis] - near[axis]) / direction[axis]
            enter, leave = max(enter, min(t0, t1)), min(leave, max(t0, t1))
            if enter > leave:
                break
        else:
            if best is None or enter < best[0]:
                best = (enter, cell)
    return None if best is None else best[1]


def marker_rgb(element: str) -> tuple[float, float, float]:
    if element == "space":
        return SPACE_ON_DARK
    red, green, blue = ELEMENT_RGB[LETTER_OF[element]]
    return (red / 255, green / 255, blue / 255)


def name_colour(element: str) -> str:
    """The name of the text properties that write an element's name in its colour (embedded in a label's text)."""
    name = f"mark-{element}"
    manager = TextPropertiesManager.getGlobalPtr()
    if not manager.hasProperties(name):
        properties = TextProperties()
        properties.setTextColor(*(0.55 + 0.45 * c for c in marker_rgb(element)), 1.0)
        manager.setProperties(name, properties)
    return name


def marker_node(rgbs: list[tuple[float, float, float]]) -> GeomNode:
    """A small upside-down pyramid with its tip at the origin, its sides shaded a little differently (it reads as
    a solid, unlit); its sides in turn in each colour given (the elements it marks), its top in the first."""
    rgb = rgbs[0]
    data = GeomVertexData("marker", GeomVertexFormat.getV3c4(), Geom.UHStatic)
    vertex, colour = GeomVertexWriter(data, "vertex"), GeomVertexWriter(data, "color")
    tris = GeomTriangles(Geom.UHStatic)
    h, w = MARKER_HEIGHT, MARKER_WIDTH / 2
    corners = [(-w, -w, h), (w, -w, h), (w, w, h), (-w, w, h)]
    count = 0
    for side, shade in enumerate((1.0, 0.8, 0.62, 0.85)):
        a, b = corners[side], corners[(side + 1) % 4]
        for point in ((0.0, 0.0, 0.0), b, a):
            vertex.addData3(*point)
            colour.addData4(*(c * shade for c in rgbs[side % len(rgbs)]), 1.0)
        tris.addVertices(count, count + 1, count + 2)
        count += 3
    for point in corners:  # the top, the colour itself
        vertex.addData3(*point)
        colour.addData4(*rgb, 1.0)
    tris.addVertices(count, count + 1, count + 2)
    tris.addVertices(count, count + 2, count + 3)
    geom = Geom(data)
    geom.addPrimitive(tris)
    node = GeomNode("element-marker")
    node.addGeom(geom)
    return node


def outline_node() -> GeomNode:
    """The marker's edges in dark lines: its shape reads on a card or felt of its own colour."""
    h, w = MARKER_HEIGHT, MARKER_WIDTH / 2
    corners = [(-w, -w, h), (w, -w, h), (w, w, h), (-w, w, h)]
    lines = LineSegs("element-marker-edges")
    lines.setThickness(1.5)
    lines.setColor(0.05, 0.05, 0.06, 1)
    lines.moveTo(*corners[-1])
    for corner in corners:
        lines.drawTo(*corner)
    for corner in corners:
        lines.moveTo(0, 0, 0)
        lines.drawTo(*corner)
    return lines.create()


class ElementMarks:
    """A marker over the highest point of each goal element on the table, its name and height beside it on the
    screen (view/labels.py: shown only where it is clear of cards, labels and the HUD); one marker and one label for
    the elements at one height in one house."""

    def __init__(self, root: NodePath, overlay: ScreenLabels) -> None:
        self.overlay = overlay
        self.root = root.attachNewNode("element-marks")
        self.root.setLightOff(1)
        self.root.setShaderOff(1)
        self.labels_root = overlay.root.attachNewNode("element-mark-labels")
        self.shown = False
        self.tops: dict[str, tuple[float, Cell]] = {}  # what is marked: element -> (its highest point, its house)
        self.labels: list[NodePath] = []
        self.root.hide()
        self.labels_root.hide()

    def update(self, tops: Mapping[str, tuple[float, Cell]]) -> None:
        """Mark each element at its highest point (`tops`: element -> height and cell, the rules' points)."""
        self.root.getChildren().detach()
        for label in self.labels:
            self.overlay.remove(label)
        self.labels = []
        self.tops = dict(tops)
        by_cell: dict[Cell, list[list[str]]] = {}  # a house's elements, by height (highest first)
        for element in sorted(tops, key=lambda name: (-tops[name][0], ELEMENTS.index(name))):
            height, cell = tops[element]
            groups = by_cell.setdefault(cell, [])
            if groups and abs(tops[groups[-1][0]][0] - height) <= 1e-6:
                groups[-1].append(element)  # at the height of the last: one marker for both
            else:
                groups.append([element])
        for cell, groups in by_cell.items():
            x, y = geometry.cell_centre(*cell)
            for i, elements in enumerate(groups):  # a house's heights, side by side
                height = tops[elements[0]][0]
                spot = (x + (i - (len(groups) - 1) / 2) * MARKER_STEP, y, height + MARKER_CLEAR)
                marker = self.root.attachNewNode(marker_node([marker_rgb(e) for e in elements]))
                marker.attachNewNode(outline_node())
                marker.setPos(*spot)
                marker.setTwoSided(True)
                marker.setTag("element-mark", " ".join(elements))
                label = self.overlay.add("element-mark-label", LABEL_SCALE, parent=self.labels_root)
                label.setPythonTag("over_table", True)  # (among the houses: over the cards rather than not shown)
                names = ", ".join(f"\1{name_colour(e)}\1{element_name(e)}\2" for e in elements)
                label.node().setText(tr("marker_label", element=names, height=height_text(height)))
                ScreenLabels.anchor(label, (spot[0], spot[1], spot[2] + MARKER_HEIGHT), lift=0.035)
                label.setTag("element-mark", " ".join(elements))
                self.labels.append(label)

    def show(self, on: bool) -> None:
        self.shown = on
        for node in (self.root, self.labels_root):
            node.show() if on else node.hide()

    def markers(self) -> dict[str, NodePath]:
        """The markers drawn, by element (elements at one height in one house: the same marker)."""
        return {element: node for node in self.root.getChildren() for element in node.getTag("element-mark").split()}
