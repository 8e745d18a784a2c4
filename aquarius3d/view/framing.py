"""The table's camera: it frames the table in the part of the window the HUD leaves free, and eases there.

After each move (and when a game opens, ends or the window changes shape) the camera eases, over
EASE seconds, to the nearest view that shows every card, pyramid, legal spot and piece of furniture
inside the window, each clear of the HUD's panels, keeping its heading and pitch; unless the player has
moved the camera since the last fit. F fits on demand from where the player looks, Home (and 3) from the
three-quarter view, 1 from above, 2 from the side. The maths is in clearance.py (`fit_clear`) and
camera.py (`fit`, `free_rects`: the picture in one free rectangle, where clearance finds no room).
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from ..core import geometry
from .camera import Box, Orbit, Point, Rect, best_fit, corners, free_rects, preset
from .clearance import fit_clear

if TYPE_CHECKING:
    from panda3d.core import Lens, NodePath

    from .scene import TableScene

EASE = 0.3  # seconds for the camera to ease to a new framing
MARGIN = 0.025  # kept clear inside the free rectangle (screen units: 9 pixels in a window 720 high; 0.03 cost
# a seven-row-deep Aquarius layout its 90-pixel card at 1280x720)
WINDOW: Rect = (-0.98, 0.98, -0.98, 0.98)

ANGLES = {"orbit": (0.0, 33.0), "top": (0.0, 89.5), "side": (0.0, 8.0)}  # orbit: see table_camera.py


def card_box(cell: tuple[int, int], bottom: float) -> Box:
    x, y = geometry.cell_centre(*cell)
    return ((x - geometry.CARD_WIDTH / 2, y - geometry.CARD_LENGTH / 2, bottom),
            (x + geometry.CARD_WIDTH / 2, y + geometry.CARD_LENGTH / 2, bottom + geometry.CARD_THICKNESS))


def pyramid_box(position: Point, size: str) -> Box:
    x, y, z = position
    half = geometry.PYRAMID_BASE[size] / 2
    return ((x - half, y - half, z), (x + half, y + half, z + geometry.PYRAMID_HEIGHT[size]))


def scene_boxes(scene: TableScene, spots: Iterable[tuple[int, int]] = (),
                furniture: Iterable[NodePath] = ()) -> list[Box]:
    """Boxes round every card, pyramid and ghost of a scene, every spot (cells) and every furniture node."""
    from .scene import PyramidView, card_transform, pyramid_transform

    boxes = [card_box(view.cell, view.bottom) for view in scene.views.values()]
    boxes += [pyramid_box(pyramid_transform(view), view.code[0]) for view in scene.pyramid_views.values()]
    for node in scene.ghosts.values():
        view = node.getPythonTag("view")
        if isinstance(view, PyramidView):
            boxes.append(pyramid_box(pyramid_transform(view), view.code[0]))
        elif view is not None:
            boxes.append(card_box(view.cell, card_transform(view)[2]))
    ground = geometry.card_bottom(geometry.card_top(0))
    boxes += [card_box(cell, ground) for cell in spots]
    return boxes + node_boxes(scene, furniture)


def node_boxes(scene: TableScene, nodes: Iterable[NodePath]) -> list[Box]:
    """Boxes round nodes of the table (piles, trays, hands of backs), in the table's coordinates: a node tagged with
    the "room" it may take (a box about its origin) gives that, not what it holds now (a tray whose pyramid is
    lifted when picked: the framing stays)."""
    boxes: list[Box] = []
    for node in nodes:
        room = node.getPythonTag("room")
        if room is not None:
            (x0, y0, z0), (x1, y1, z1) = room
            x, y, z = node.getPos(scene.root)
            boxes.append(((x + x0, y + y0, z + z0), (x + x1, y + y1, z + z1)))
            continue
        bounds = node.getTightBounds(scene.root)
        if bounds is not None:
            low, high = bounds
            boxes.append(((low.x, low.y, low.z), (high.x, high.y, high.z)))
    return boxes


def tangents(lens: Lens) -> tuple[float, float]:
    """The tangents of half a perspective lens's field of view, across and up."""
    fov = lens.getFov()
    return math.tan(math.radians(fov[0]) / 2), math.tan(math.radians(fov[1]) / 2)


def framed(boxes: Sequence[Box], heading: float, pitch: float, lens: Lens, obstacles: Iterable[Rect] = (),
           window: Rect = WINDOW, edge: Sequence[Box] = (), largest: float | None = None,
           centre_share: float = 1.0) -> Orbit | None:
    """The nearest orbit at this heading and pitch showing every box inside the window, each clear of the
    obstacles (screen rectangles), and keeping each `edge` box clear of them too (it may stand at the view's edge
    or out of view): clearance.py. MARGIN is kept round each. `largest`: a card in the boxes' middle comes no
    wider than this on the screen (screen units: 2 is the window's width) where a farther eye fits too;
    `centre_share`: a picture centred across is taken where it comes this large against the nearest (clearance.py)."""
    if not boxes:
        return None
    tan_x, tan_y = tangents(lens)
    inner = (window[0] + MARGIN, window[1] - MARGIN, window[2] + MARGIN, window[3] - MARGIN)
    closest = 0.0 if largest is None else geometry.CARD_WIDTH / (largest * tan_x)
    found = fit_clear(boxes, heading, pitch, tan_x, tan_y, inner, grown(obstacles), edge, geometry.card_top(0),
                      closest, centre_share)
    if found is not None:
        return found
    rects = [(x0 + MARGIN, x1 - MARGIN, y0 + MARGIN, y1 - MARGIN)
             for x0, x1, y0, y1 in free_rects(obstacles, window)]
    fits = best_fit(corners(boxes), heading, pitch, tan_x, tan_y, rects or [window], geometry.card_top(0))
    return None if fits is None else fits[0]


def grown(obstacles: Iterable[Rect]) -> list[Rect]:
    """The obstacles with MARGIN round each."""
    return [(x0 - MARGIN, x1 + MARGIN, y0 - MARGIN, y1 + MARGIN) for x0, x1, y0, y1 in obstacles]


def frame_view(name: str, boxes: Sequence[Box], lens: Lens, obstacles: Iterable[Rect] = (),
               edge: Sequence[Box] = ()) -> Orbit:
    """A named view (orbit, top, side) framing the boxes (and `edge` ones clear of the obstacles, as `framed`);
    the old preset when nothing fits."""
    heading, pitch = ANGLES[name]
    orbit = framed(boxes, heading, pitch, lens, obstacles, edge=edge)
    if orbit is not None:
        return orbit
    xs = [c for box in boxes for c in (box[0][0], box[1][0])] or [0.0]
    ys = [c for box in boxes for c in (box[0][1], box[1][1])] or [0.0]
    zs = [c for box in boxes for c in (box[0][2], box[1][2])] or [0.0]
    return preset(name, ((min(xs), min(ys), min(zs)), (max(xs), max(ys), max(zs))))


class CameraMan:
    """The table's orbit, its easing, and whether the player has moved it since the last fit."""

    def __init__(self, camera: NodePath) -> None:
        self.camera = camera
        self.orbit = Orbit()
        self.goal: tuple[Orbit, Orbit, float] | None = None  # from, to, when it began
        self.moved_by_player = False

    @property
    def easing(self) -> bool:
        return self.goal is not None

    def destination(self) -> Orbit:
        """Where the camera stands, or where it eases to (not where it passes on the way)."""
        return self.goal[1] if self.goal is not None else self.orbit

    def place(self, orbit: Orbit) -> None:
        """Stand there at once."""
        self.goal = None
        self.orbit = orbit
        self.orbit.apply(self.camera)

    def ease_to(self, orbit: Orbit, now: float | None = None) -> None:
        now = time.monotonic() if now is None else now
        self.goal = (self.orbit, orbit, now)

    def step(self, now: float | None = None) -> bool:
        """Move along the easing; whether the camera moved."""
        if self.goal is None:
            return False
        start, goal, began = self.goal
        t = min(1.0, ((time.monotonic() if now is None else now) - began) / EASE)
        self.orbit = start.blend(goal, t)
        self.orbit.apply(self.camera)
        if t >= 1.0:
            self.goal = None
        return True

    def finish(self) -> None:
        """Jump to the end of the easing (tests, renders)."""
        if self.goal is not None:
            self.place(self.goal[1])

    # the player's hands on the camera: each stops the automatic framing until F or Home
    def rotate(self, heading: float, pitch: float) -> None:
        self.place(self.orbit.orbit(heading, pitch))
        self.moved_by_player = True

    def zoom(self, factor: float, point: tuple[float, float, float] | None = None) -> None:
        """Zoom, towards `point` of the table (what the pointer is on) when given."""
        self.place(self.orbit.zoom(factor) if point is None else self.orbit.zoom_at(factor, point))
        self.moved_by_player = True

    def pan(self, right: float, forward: float) -> None:
        scale = self.orbit.distance / 700
        self.place(self.orbit.pan(right * scale, forward * scale))
        self.moved_by_player = True
