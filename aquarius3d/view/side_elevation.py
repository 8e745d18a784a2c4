"""Aquarius Rising's side elevation (E): the houses seen from the front through an orthographic lens, a millimetre
ruler beside them and a line at each element's highest point, named with its height.

The heights drawn are the rules' own (view/rising.element_tops, from games/rising/houses.py), the elements that share
a line ranked as the heights panel (K) ranks them.
"""

from __future__ import annotations

import math

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from panda3d.core import LineSegs, OrthographicLens, TextNode

from ..i18n import element_name, height as height_text, length, tr
from .palette import ELEMENT_RGB
from .rising import Cell, table_label

if TYPE_CHECKING:
    from .scene import TableScene

SKEW = math.radians(9.0)  # the elevation's turn about the upright: each row behind stands 14 mm to the right


class Elevation:
    """The side elevation: an orthographic view from the front, a millimetre ruler and a marker per element.

    `tops` maps each element to its highest point (mm) and the cell it stands in.
    """

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self.root = scene.root.attachNewNode("elevation")
        self.root.hide()
        self.shown = False
        self.markers: dict[str, float] = {}
        self.zoom = 1.0  # the wheel narrows or widens the view; the scale stays true (orthographic)

    def update(self, tops: dict[str, tuple[float, Cell]], places: Mapping[str, str] | None = None) -> None:
        """Draw the ruler and a line at each element's highest point (`tops`); `places`, the elements' places in
        the height ranking best first, as the heights panel (K) writes them ("1", "2=": RisingFlow.height_places),
        order and mark the elements that share a line."""
        self.root.getChildren().detach()
        self.markers = {name: height for name, (height, _) in tops.items()}
        (x0, y0, _), (x1, _, z1) = self.scene.bounds()
        ruler_x = x0 - 30.0
        front = y0 - 5.0
        peak = max([z1, 20.0] + [h for h, _ in tops.values()])
        top_mark = (int(peak // 10) + 2) * 10
        lines = LineSegs("ruler")
        lines.setThickness(1.5)
        lines.setColor(0.95, 0.93, 0.86, 1)
        lines.moveTo(ruler_x, front, 0)
        lines.drawTo(ruler_x, front, top_mark)
        for mm in range(0, top_mark + 1):
            tick = 8.0 if mm % 10 == 0 else 4.5 if mm % 5 == 0 else 2.2
            lines.moveTo(ruler_x, front, mm)
            lines.drawTo(ruler_x + tick, front, mm)
        ruler = self.root.attachNewNode(lines.create())
        ruler.setLightOff()
        ruler.setBin("fixed", 55)
        ruler.setDepthTest(False)
        step = 10 if top_mark <= 120 else 20
        for mm in range(0, top_mark + 1, step):
            label = table_label(self.root, tr("ruler_label", height=length(mm)), 5.5, align=TextNode.ARight)
            label.setPos(ruler_x - 2, front, mm - 1.8)
        right = x1 + 12.0 + self._depth() * math.tan(SKEW)  # beyond the back rows too, which stand further right
        last_label = None
        for group in tied(tops, list(places or {})):
            height = tops[group[0]][0]
            for place, name in enumerate(group):
                # Elements at one height share the line, in dashes of each colour in turn: none hidden under another.
                marker = LineSegs(f"marker-{name}")
                marker.setThickness(2.0)
                marker.setColor(*marker_rgb(name), 1)
                start = ruler_x + place * DASH
                while start < right:
                    marker.moveTo(start, front - 1, height)
                    marker.drawTo(min(start + DASH, right), front - 1, height)
                    start += DASH * len(group)
                node = self.root.attachNewNode(marker.create())
                node.setLightOff()
                node.setBin("fixed", 56)
                node.setDepthTest(False)
                node.setTag("marker", name)
            # Markers closer than a line of text apart have their labels stacked downwards. Elements at one height
            # are one label, each name in its colour, in the order the rules' tie-break puts them and each with its
            # place as the heights panel writes it ("1 Water, 2= Air, 2= Fire 44.73 mm"): the playtest read
            # "Air = Fire = Water" here while the panel ranked Water first.
            at = height - 2.0 if last_label is None else min(height - 2.0, last_label - 7.0)
            x = right + 2
            for place, name in enumerate(group):
                last = place == len(group) - 1
                said = height_text(height)  # (a bare card's face: "flat", not "0.3 mm")
                named = element_name(name)
                if len(group) > 1 and places and name in places:
                    named = tr("marker_place", place=places[name], element=named)
                words = tr("marker_label", element=named, height=said) if last else named + tr("marker_and")
                label = table_label(self.root, words, 6.5, (*marker_rgb(name), 1), TextNode.ALeft)
                label.setPos(x, front - 1, at)
                label.setTag("marker-label", name)
                x += label.node().calcWidth(words + " ") * 6.5
            last_label = at

    def _depth(self) -> float:
        """How deep the table's cards reach from its front row back (mm)."""
        (_, y0, _), (_, y1, _) = self.scene.bounds()
        return max(0.0, y1 - y0)

    def _film(self, aspect: float) -> tuple[float, float]:
        """Film width and height (mm) holding the cards, the ruler and the marker labels at zoom 1."""
        (x0, _, _), (x1, _, z1) = self.scene.bounds()
        peak = max([z1, 20.0] + list(self.markers.values()))
        across = (x1 - x0) * math.cos(SKEW) + self._depth() * math.sin(SKEW)  # the rows behind shift aside
        width = max(across + 2 * 130.0, (peak + 50.0) * aspect) * self.zoom
        return width, width / aspect

    def lens(self, aspect: float) -> OrthographicLens:
        lens = OrthographicLens()
        lens.setFilmSize(*self._film(aspect))
        lens.setNearFar(1.0, 20000.0)
        return lens

    def camera_pose(self, aspect: float) -> tuple[tuple[float, float, float], tuple[float, float, float]]:
        """Where the camera stands (in front of the table, turned SKEW aside) and what it looks at.

        Orthographic and level, so every height is true and the ruler reads it; turned a little about the upright,
        so that a pyramid behind another (a row further back) stands a little aside of it, its outline seen,
        instead of hidden exactly behind it. Zoomed in, the ruler stays at the left edge and the table at the
        bottom of the picture.
        """
        (x0, y0, _), (x1, _, z1) = self.scene.bounds()
        peak = max([z1, 20.0] + list(self.markers.values()))
        width, height = self._film(aspect)
        if self.zoom >= 1.0:  # the middle of what shows, the rows behind shifted right, in the middle
            cx = (x0 + x1) / 2 + 20.0 + self._depth() / 2 * math.tan(SKEW)
        else:  # the ruler (30 mm left of the cards, at the front) 60 mm from the left edge
            cx = x0 - 30.0 + (width / 2 - 60.0) / math.cos(SKEW)
        # (zoomed in, the table's top sits a third of the way up, clear of the hand along the bottom)
        cz = peak / 2 + 2.0 if height >= peak + 50.0 else -12.0 + height * 0.17
        away = 3000.0
        return (cx + away * math.sin(SKEW), y0 - away * math.cos(SKEW), cz), (cx, y0, cz)




DASH = 6.0  # millimetres of each colour in turn along a line that several elements share (the elevation)


def marker_rgb(name: str) -> tuple[float, float, float]:
    """An element's colour for the elevation's line and label: space reads as violet against the dark background."""
    letter = name[0].upper()
    if letter == "S":
        return (0.62, 0.5, 0.85)
    red, green, blue = (c / 255 for c in ELEMENT_RGB[letter])
    return (red, green, blue)


def tied(tops: dict[str, tuple[float, Cell]], ranking: Sequence[str] = ()) -> list[list[str]]:
    """The elements by their highest point, highest first, those at one height (to the micrometre) together: in
    the order of `ranking` (the rules' tie-break, best first) where it names them, else by name."""
    def order(item: tuple[str, tuple[float, Cell]]) -> tuple[float, int, str]:
        name, (height, _) = item
        return (-height, ranking.index(name) if name in ranking else len(ranking), name)

    groups: list[list[str]] = []
    for name, (height, _) in sorted(tops.items(), key=order):
        if groups and abs(tops[groups[-1][0]][0] - height) < 1e-3:
            groups[-1].append(name)
        else:
            groups.append([name])
    return groups
