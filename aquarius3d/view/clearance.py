"""Framing round the HUD: the nearest camera that shows boxes inside the window, each box clear of every panel.

camera.py's `fit` puts the whole picture inside one free rectangle of the window. The panels stand in the
window's corners and along its top and bottom, so the largest free rectangle is either a narrow column between
the top panels or a low band across the middle, and a table seen in perspective (narrower at the far side) wastes
the corners of either. Here each box only has to stay clear of each panel: the far, narrow side of the table may
rise between the top panels while its near side spreads under them.

With the camera's direction fixed, let the eye stand at (ex, ey, ez) along its own right, up and forward
directions. A point at (r, u, f) shows at x = (r - ex) / ((f - ez) tan_x), y = (u - ey) / ((f - ez) tan_y). For a
given depth ez, "this box lies left of that panel" (every corner's x <= the panel's left edge) holds for ex at or
beyond one bound, "right of it" for ex at or before another; so the eyes that put the box over the panel form an
open rectangle in (ex, ey), and those keeping every box inside the window a closed one. Whether some eye is left
at depth ez is a question about rectangles: for each candidate ex (an edge of one of them, or a middle between
two), the forbidden intervals of ey are swept for a gap. Rectangles held inside another are dropped first: few
are left. The size of a card on the screen depends on the depth only, not on ex or ey; the nearest depth with an
eye left is found by halving, the room taken to shrink as the eye comes nearer (so it does for the boxes shown; a
box allowed at the edge may leave the view nearer still, which the halving may miss: the picture then comes a
little smaller than it could).

Boxes "at the edge" (piles, other seats' trays) only have to stay clear of the panels: cut by the window's edge,
or out of view, they may be.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
from numpy.typing import NDArray

from .camera import MAX_DISTANCE, MIN_DISTANCE, Box, Orbit, Rect, axes

Floats = NDArray[np.float64]
STEPS = 10  # halvings of the depth's logarithm: a card's size found to within 0.14% (or 1% when far)
CENTRED = 0.06  # screen units (2 across): a picture no farther than this off the window's middle across is centred


def _local(boxes: Sequence[Box], heading: float, pitch: float) -> Floats:
    """Each box's eight corners along the camera's right, up and forward directions: boxes x 8 x 3."""
    if not boxes:
        return np.zeros((0, 8, 3))
    lows, highs = np.array([b[0] for b in boxes], float), np.array([b[1] for b in boxes], float)
    pick = np.array([(i, j, k) for i in (0, 1) for j in (0, 1) for k in (0, 1)], bool)  # 8 x 3: take the high?
    points = np.where(pick[None, :, :], highs[:, None, :], lows[:, None, :])
    seen: Floats = points @ np.array(axes(heading, pitch)).T
    return seen


class _Room:
    """The boxes seen along one direction, and for a depth of the eye, where across and up it may stand."""

    def __init__(self, shown: Floats, edge: Floats, tan_x: float, tan_y: float, window: Rect,
                 obstacles: Sequence[Rect]) -> None:
        # A corner's x - x0 = (r - ex) / (s tan_x) - x0, with s = f - ez: the bounds on ex are (r - x0 tan_x f)
        # + x0 tan_x ez, the first term the same at every depth: kept here, each box's extreme over its corners.
        self.shown, self.edge, self.tan_x, self.tan_y = shown, edge, tan_x, tan_y
        self.window = window
        w0, w1, v0, v1 = window
        r, u, f = shown[..., 0], shown[..., 1], shown[..., 2]
        self.front = float(f.min()) if f.size else math.inf
        low, high = -math.inf, math.inf
        self.inside = (float(np.max(r - w1 * tan_x * f, initial=low)), float(np.min(r - w0 * tan_x * f, initial=high)),
                       float(np.max(u - v1 * tan_y * f, initial=low)), float(np.min(u - v0 * tan_y * f, initial=high)))
        boxes = np.concatenate([shown, edge])
        self.fronts = boxes[..., 2].min(axis=1)
        panels = np.array([o for o in obstacles if o[0] < o[1] and o[2] < o[3]], float).reshape(-1, 4)
        x0, x1, y0, y1 = (panels[:, i][:, None, None] for i in range(4))
        r, u, f = boxes[..., 0][None], boxes[..., 1][None], boxes[..., 2][None]
        self.bases = np.stack([np.min(r - x1 * tan_x * f, axis=2), np.max(r - x0 * tan_x * f, axis=2),
                               np.min(u - y1 * tan_y * f, axis=2), np.max(u - y0 * tan_y * f, axis=2)], axis=-1)
        self.slopes = np.stack([panels[:, 1] * tan_x, panels[:, 0] * tan_x, panels[:, 3] * tan_y,
                                panels[:, 2] * tan_y], axis=-1)[:, None, :]  # panels x 1 x 4

    def limits(self, ez: float) -> tuple[tuple[float, float], tuple[float, float], Floats] | None:
        """At this depth: the eye's range across and up keeping the shown boxes in the window, and the rectangles
        (left, right, bottom, top) of eyes that would put a box over a panel; None if no eye keeps them all in."""
        if self.front - ez <= 1.0:
            return None  # the eye among the boxes
        w0, w1, v0, v1 = self.window
        a0, a1, b0, b1 = self.inside
        across = (a0 + w1 * self.tan_x * ez, a1 + w0 * self.tan_x * ez)
        up = (b0 + v1 * self.tan_y * ez, b1 + v0 * self.tan_y * ez)
        if across[0] > across[1] or up[0] > up[1]:
            return None
        seen = self.fronts - ez > 1.0  # (a box of the edge behind the eye is out of view)
        rects = (self.bases[:, seen] + self.slopes * ez).reshape(-1, 4)
        keep = ((rects[:, 0] < rects[:, 1]) & (rects[:, 2] < rects[:, 3]) & (rects[:, 0] < across[1])
                & (rects[:, 1] > across[0]) & (rects[:, 2] < up[1]) & (rects[:, 3] > up[0]))
        rects = rects[keep]
        # one inside another forbids nothing more (most boxes: those of the table's far side hold the top panels)
        holds = ((rects[None, :, 0] <= rects[:, None, 0]) & (rects[None, :, 1] >= rects[:, None, 1])
                 & (rects[None, :, 2] <= rects[:, None, 2]) & (rects[None, :, 3] >= rects[:, None, 3]))
        same = holds & holds.T
        order = np.arange(len(rects))
        held = (holds & (~same | (order[None, :] < order[:, None]))).any(axis=1)
        return across, up, rects[~held]

    def nearest(self) -> float:
        """The depth of the nearest eye keeping the shown boxes in the window, the panels aside."""
        w0, w1, v0, v1 = self.window
        a0, a1, b0, b1 = self.inside
        return min((a1 - a0) / ((w1 - w0) * self.tan_x), (b1 - b0) / ((v1 - v0) * self.tan_y), self.front - 1.0)

    def eyes(self, ez: float) -> tuple[Floats, Floats, tuple[float, float]] | None:
        """Where the eye may stand across and up at this depth: for candidate columns across, a point of each
        free gap up (the nearest to the middle of the window's range); None when there is no room. Also that
        middle: the eye that would centre the shown boxes in the window."""
        found = self.limits(ez)
        if found is None:
            return None
        (a0, a1), (b0, b1), rects = found
        centre = ((a0 + a1) / 2, (b0 + b1) / 2)
        edges = np.unique(np.concatenate([[a0, a1, centre[0]], np.clip(rects[:, :2].ravel(), a0, a1)]))
        xs = np.unique(np.concatenate([edges, (edges[1:] + edges[:-1]) / 2]))
        rects = rects[np.argsort(rects[:, 2])]
        tiny = 1e-9 * max(1.0, abs(a0), abs(a1), abs(b0), abs(b1))
        over = (rects[None, :, 0] < xs[:, None] - tiny) & (rects[None, :, 1] > xs[:, None] + tiny)  # K x R
        bottoms = np.where(over, rects[None, :, 2], np.inf)
        tops = np.where(over, rects[None, :, 3], -np.inf)
        # below each rectangle (in order of their bottoms): the top of those before it, the bottom of those after
        reached = np.maximum(b0, np.concatenate([np.full((len(xs), 1), -np.inf),
                                                 np.maximum.accumulate(tops, axis=1)], axis=1))
        ceiling = np.concatenate([np.minimum.accumulate(bottoms[:, ::-1], axis=1)[:, ::-1],
                                  np.full((len(xs), 1), np.inf)], axis=1)
        ceiling = np.minimum(ceiling, b1)
        free = reached <= ceiling + tiny
        if not free.any():
            return None
        rows, cols = np.nonzero(free)
        return xs[rows], np.clip(centre[1], reached[rows, cols], np.maximum(reached[rows, cols], ceiling[rows, cols])), centre


def fit_clear(boxes: Sequence[Box], heading: float, pitch: float, tan_x: float, tan_y: float, window: Rect,
              obstacles: Sequence[Rect] = (), edge: Sequence[Box] = (), ground: float = 0.0,
              closest: float = 0.0, centre_share: float = 1.0) -> Orbit | None:
    """The nearest orbit at this heading and pitch showing every box of `boxes` inside `window`, each clear of
    every obstacle (screen rectangles), and keeping each box of `edge` clear of the obstacles too (those may stand
    cut by the window's edge, or out of view); None when no
    eye fits (the target would lie farther than MAX_DISTANCE, or the boxes cannot show). Of the eyes at that
    depth, the one that puts the picture nearest to the middle of the window. `closest`: the eye stands at least
    this far in front of the boxes' middle depth where it may (a few cards come no larger than that makes them:
    nearer, they would fill the window off its middle, pushed aside by the piles beside them). `centre_share`: a
    picture in the window's middle across is taken where it comes at least this large against the nearest one
    (`_centred`)."""
    if not boxes:
        return None
    room = _Room(_local(boxes, heading, pitch), _local(edge, heading, pitch), tan_x, tan_y, window, obstacles)
    # The size of a card on the screen goes as 1 / (its depth from the eye): halve that depth's logarithm between
    # the nearest eye the window allows and one four times as far (then as far as the camera may stand).
    middle = float(room.shown[..., 2].mean())
    near = middle - room.nearest()
    if near <= 0.0:
        return None
    if closest > near and room.eyes(middle - closest) is not None:
        near = far = closest
    else:
        far = 4 * near
        if room.eyes(middle - far) is None:
            near, far = far, 2 * MAX_DISTANCE
            if far <= near or room.eyes(middle - far) is None:
                return None
    for _ in range(STEPS if near < far else 0):
        between = math.sqrt(near * far)
        if room.eyes(middle - between) is None:
            near = between
        else:
            far = between
    far = _centred(room, middle, far, tan_x, centre_share) if centre_share < 1.0 else far
    found = room.eyes(middle - far)
    assert found is not None
    ez = middle - far
    xs, ys, (x, y) = found
    off = np.abs(xs - x) / (tan_x * far)  # (the centred eyes first, then the picture as near the middle as may be)
    best = int(np.argmin(np.where(off <= CENTRED, 0.0, 1e9) + ((xs - x) / tan_x) ** 2 + ((ys - y) / tan_y) ** 2))
    right, up, forward = axes(heading, pitch)
    eye = [float(xs[best]) * right[i] + float(ys[best]) * up[i] + ez * forward[i] for i in range(3)]
    if forward[2] >= -1e-6 or eye[2] <= ground:
        return None
    distance = (eye[2] - ground) / -forward[2]
    if distance > MAX_DISTANCE:
        return None
    target = (eye[0] + distance * forward[0], eye[1] + distance * forward[1], ground)
    return Orbit(target, max(distance, MIN_DISTANCE), heading, pitch).clamped()


def _centred(room: _Room, middle: float, far: float, tan_x: float, share: float) -> float:
    """The depth (from the boxes' middle) to frame from: `far`, the nearest that fits, where the picture may stand
    in the window's middle across there (within CENTRED); else the nearest a little farther where it may, if a card
    keeps `share` of its size there (the panels along the bottom pushed the whole table to one side at the top view,
    a third of the window empty beside it); else `far`."""
    def centred(depth: float) -> bool:
        found = room.eyes(middle - depth)
        if found is None:
            return False
        xs, _, (x, _) = found
        return bool((np.abs(xs - x) / (tan_x * depth) <= CENTRED).any())

    if centred(far):
        return far
    most = far / share
    if not centred(most):
        return far
    near = far
    for _ in range(6):
        between = math.sqrt(near * most)
        if centred(between):
            most = between
        else:
            near = between
    return most


def shows(boxes: Sequence[Box], edge: Sequence[Box], orbit: Orbit, tan_x: float, tan_y: float, window: Rect,
          obstacles: Sequence[Rect]) -> bool:
    """Seen from an orbit, does every box of `boxes` show inside the window and clear of every obstacle, and
    every box of `edge` in front of the eye stay clear of them?"""
    right, up, forward = axes(orbit.heading, orbit.pitch)
    eye = np.array(orbit.eye()) @ np.array([right, up, forward]).T
    room = _Room(_local(boxes, orbit.heading, orbit.pitch) - eye, _local(edge, orbit.heading, orbit.pitch) - eye,
                 tan_x, tan_y, window, obstacles)
    found = room.limits(0.0)
    if found is None:
        return False
    (a0, a1), (b0, b1), rects = found
    tiny = 1e-6 * max(1.0, float(np.abs(room.shown).max()) if room.shown.size else 1.0)
    return (a0 <= tiny and a1 >= -tiny and b0 <= tiny and b1 >= -tiny
            and not bool(((rects[:, 0] < -tiny) & (rects[:, 1] > tiny) & (rects[:, 2] < -tiny) & (rects[:, 3] > tiny)).any()))
