"""Card faces drawn with numpy into one texture atlas.

Every face is a tile: element colours per panel, a symbol per element so the
game reads without colour vision, dark dividers between panels, a cream
border. The first tile of every page holds the card back. Tiles for faces not
seen at start-up are drawn when first asked for. The Aquarius Dragon (`D`) is a
golden dragon over a rainbow of the five elements, their symbols along the foot
of the card. An action card (`ACTION` + its name) is a gold picture of what it does on a violet field, over
the plate its words are written on (view/action_art.py).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import TypeVar

import numpy as np

from ..core import geometry
from . import tiles
from ..core.cards import DRAGON, face
from ..core.vocabulary import LETTERS
from .palette import BACK, BACK_LIGHT, CARD_BORDER, DIVIDER, DRAGON_GOLD, DRAGON_NIGHT, DRAGON_WING, ELEMENT_RGB, SYMBOL_RGB

TILE_W = 160
TILE_H = round(TILE_W * geometry.CARD_LENGTH / geometry.CARD_WIDTH)
# Pages of 4 x 4 tiles (640 x 896 pixels, 1.7 MB): a new face sends one page to the GPU,
# a twelfth of the old single atlas. 12 pages hold 180 faces; a deck has at most 86, turned ones included.
PAGE_COLUMNS = 4
PAGE_ROWS = 4
PAGES = 12
FACES_PER_PAGE = PAGE_COLUMNS * PAGE_ROWS - 1  # tile 0 of each page is the back
SUPERSAMPLE = 2
BORDER = 0.045  # of the card width

Canvas = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, float]  # image, u, v, x, y, aspect
At = TypeVar("At", float, np.ndarray)  # a point's coordinate, or a whole grid's


@lru_cache(maxsize=4)
def _grid(w: int, h: int) -> tuple[np.ndarray, np.ndarray]:
    """Pixel centres in card units: u from 0 (left) to 1, v from 0 (bottom) to 1 (shared: read only)."""
    u = (np.arange(w) + 0.5) / w
    v = 1.0 - (np.arange(h) + 0.5) / h
    u, v = np.meshgrid(u, v)
    u.flags.writeable = v.flags.writeable = False
    return u, v


def canvas(width: int, height: int) -> Canvas:
    """A blank supersampled card image and its coordinates: (image, u, v, x, y, aspect), where u, v run 0..1
    across and up the card and x, y are in card-width units (so a symbol keeps its shape)."""
    w, h = width * SUPERSAMPLE, height * SUPERSAMPLE
    u, v = _grid(w, h)
    aspect = geometry.CARD_LENGTH / geometry.CARD_WIDTH
    return np.zeros((h, w, 3), dtype=np.float32), u, v, u, v * aspect, aspect


def _polygon(x: np.ndarray, y: np.ndarray, points: Sequence[tuple[float, float]]) -> np.ndarray:
    """Inside test for a polygon (even-odd rule), vectorised over the grid."""
    inside = np.zeros(x.shape, dtype=bool)
    n = len(points)
    for i in range(n):
        x1, y1 = points[i]
        x2, y2 = points[(i + 1) % n]
        crosses = (y1 > y) != (y2 > y)
        with np.errstate(divide="ignore", invalid="ignore"):
            at = (x2 - x1) * (y - y1) / (y2 - y1) + x1
        inside ^= crosses & (x < at)
    return inside


SYMBOL_REACH = 1.0  # every symbol lies within this many radii of its centre, across and up


def _symbol_window(x: np.ndarray, y: np.ndarray, cx: float, cy: float, r: float) -> tuple[slice, slice] | None:
    """Rows and columns of a grid (x along rows, y down columns) round a symbol, or None for all of it."""
    if x.ndim != 2 or x.shape[0] < 2 or x.shape[1] < 2 or x[0, 0] != x[1, 0] or y[0, 0] != y[0, 1]:
        return None  # not a meshgrid: no window
    reach = r * SYMBOL_REACH
    cols = np.flatnonzero(np.abs(x[0] - cx) <= reach)
    rows = np.flatnonzero(np.abs(y[:, 0] - cy) <= reach)
    if len(cols) == 0 or len(rows) == 0:
        return slice(0, 0), slice(0, 0)
    window = slice(max(rows[0] - 1, 0), rows[-1] + 2), slice(max(cols[0] - 1, 0), cols[-1] + 2)
    if window[0].stop - window[0].start >= x.shape[0] and window[1].stop - window[1].start >= x.shape[1]:
        return None  # the window is the whole grid
    return window


def symbol_mask(letter: str, x: np.ndarray, y: np.ndarray, cx: float, cy: float, r: float) -> np.ndarray:
    """The element's symbol as a mask; x and y in millimetre-like units (aspect kept).

    On a grid the symbol is worked out only in the square of SYMBOL_REACH
    radii round its centre, a tenth of a face or less: the same pixels, faster.
    """
    window = _symbol_window(x, y, cx, cy, r)
    if window is not None:
        mask = np.zeros(x.shape, dtype=bool)
        mask[window] = symbol_mask(letter, x[window], y[window], cx, cy, r)
        return mask
    dx, dy = x - cx, y - cy
    if letter == "F":  # a flame: a tall triangle
        return _polygon(x, y, [(cx, cy + r), (cx - 0.8 * r, cy - 0.75 * r), (cx + 0.8 * r, cy - 0.75 * r)])
    if letter == "W":  # a drop: a circle with a point on top
        drop = dx**2 + (dy + 0.25 * r) ** 2 < (0.62 * r) ** 2
        pointed: np.ndarray = drop | _polygon(x, y, [(cx, cy + r), (cx - 0.54 * r, cy - 0.05 * r),
                                                     (cx + 0.54 * r, cy - 0.05 * r)])
        return pointed
    if letter == "A":  # wind: three waves
        waves = np.zeros(x.shape, dtype=bool)
        for k in (-1, 0, 1):
            line = cy + k * 0.55 * r + 0.16 * r * np.sin((dx / r) * np.pi * 1.5)
            waves |= (np.abs(y - line) < 0.12 * r) & (np.abs(dx) < 0.9 * r)
        return waves
    if letter == "E":  # a block of earth: a square
        return (np.abs(dx) < 0.72 * r) & (np.abs(dy) < 0.72 * r)
    if letter == "S":  # a star
        points = []
        for i in range(10):
            angle = np.pi / 2 + i * np.pi / 5
            radius = r if i % 2 == 0 else 0.42 * r
            points.append((cx + radius * np.cos(angle), cy + radius * np.sin(angle)))
        return _polygon(x, y, points)
    raise ValueError(letter)


def _element_map(code: str, u: np.ndarray, v: np.ndarray) -> np.ndarray:
    """Index into LETTERS of the element under each pixel (5 = the wild card)."""
    f = face(code)
    if f.kind == "wild":
        return np.full(u.shape, 5)
    if f.kind == "diagonal":
        first, stroke, second = tuple(code)
        left_of = (u + v < 1.0) if stroke == "\\" else (v > u)
        return np.where(left_of, LETTERS.index(first), LETTERS.index(second))
    quarter = np.where(v >= 0.5, 0, 2) + np.where(u >= 0.5, 1, 0)
    indices = np.array([LETTERS.index(c) for c in code])
    letters: np.ndarray = indices[quarter]
    return letters


def _panel_centres(code: str) -> list[tuple[str, float, float, float]]:
    """(letter, u, v, size) where each panel's symbol goes, size as a share of card width."""
    f = face(code)
    if f.kind == "diagonal":
        first, stroke, second = tuple(code)
        if stroke == "\\":
            return [(first, 0.3, 0.3, 0.2), (second, 0.7, 0.7, 0.2)]
        return [(first, 0.3, 0.7, 0.2), (second, 0.7, 0.3, 0.2)]
    centres = {0: (0.25, 0.75), 1: (0.75, 0.75), 2: (0.25, 0.25), 3: (0.75, 0.25)}
    found = []
    for letter in dict.fromkeys(code):
        quarters = [q for q in range(4) if code[q] == letter]
        u = sum(centres[q][0] for q in quarters) / len(quarters)
        v = sum(centres[q][1] for q in quarters) / len(quarters)
        size = {1: 0.15, 2: 0.2, 4: 0.28}[len(quarters)] if len(quarters) in (1, 2, 4) else 0.17
        found.append((letter, u, v, size))
    return found


def draw_face(code: str, width: int = TILE_W, height: int = TILE_H) -> np.ndarray:
    """An RGB image (height, width, 3) of a face as it lies."""
    image, u, v, x, y, aspect = canvas(width, height)
    if code == "*":
        _draw_wild(image, u, v, x, y, aspect)
    elif code == DRAGON:
        _draw_dragon(image, x, y, aspect)
    else:
        elements = _element_map(code, u, v)
        palette = np.array([ELEMENT_RGB[c] for c in LETTERS] + [(255, 255, 255)], dtype=np.float32)
        image[:] = palette[elements]
        # Dark dividers where the element changes.
        edge = np.zeros(elements.shape, dtype=bool)
        edge[:, 1:] |= elements[:, 1:] != elements[:, :-1]
        edge[1:, :] |= elements[1:, :] != elements[:-1, :]
        thick = max(1, SUPERSAMPLE * 2)
        grown = edge.copy()
        for shift in range(1, thick):
            grown[:, shift:] |= edge[:, :-shift]
            grown[shift:, :] |= edge[:-shift, :]
        image[grown] = DIVIDER
        for letter, cu, cv, size in _panel_centres(code):
            mask = symbol_mask(letter, x, y, cu, cv * aspect, size)
            image[mask] = SYMBOL_RGB[letter]
    _border(image, u, v, aspect)
    return _downsample(image)


def _draw_wild(image: np.ndarray, u: np.ndarray, v: np.ndarray, x: np.ndarray, y: np.ndarray, aspect: float) -> None:
    """The wild card: five bands of the elements swirling round a white centre."""
    angle = np.arctan2(y - aspect / 2, x - 0.5)
    band = ((angle + np.pi) / (2 * np.pi) * 5).astype(int) % 5
    palette = np.array([ELEMENT_RGB[c] for c in LETTERS], dtype=np.float32)
    image[:] = palette[band]
    radius = np.sqrt((x - 0.5) ** 2 + (y - aspect / 2) ** 2)
    image[radius < 0.3] = (250, 248, 240)
    for i, letter in enumerate(LETTERS):
        a = -np.pi + (i + 0.5) * 2 * np.pi / 5
        cx, cy = 0.5 + 0.38 * np.cos(a), aspect / 2 + 0.38 * np.sin(a)
        image[symbol_mask(letter, x, y, cx, cy, 0.09)] = SYMBOL_RGB[letter]
    star = symbol_mask("S", x, y, 0.5, aspect / 2, 0.22)
    image[star] = (40, 36, 48)


def _draw_dragon(image: np.ndarray, x: np.ndarray, y: np.ndarray, aspect: float) -> None:
    """The Aquarius Dragon: a golden dragon over a rainbow of the five elements, their symbols along the foot."""
    image[:] = DRAGON_NIGHT
    # The rainbow: five bands of the element colours arching over the middle of the card.
    cx, cy = 0.5, aspect * 0.3
    radius = np.sqrt((x - cx) ** 2 + (y - cy) ** 2)
    for i, letter in enumerate(LETTERS):
        outer = 0.46 - i * 0.052
        image[(y > cy) & (radius <= outer) & (radius > outer - 0.052)] = ELEMENT_RGB[letter]
    # The dragon, standing on the arch: a body waving from the tail (left) up to the neck and head (right).
    base = aspect * 0.66

    def spine(at: At) -> At:
        height: At = base + 0.05 * np.sin((at - 0.1) / 0.55 * 2 * np.pi)
        return height

    t = np.clip((x - 0.1) / 0.55, 0.0, 1.0)
    body = (x > 0.1) & (x < 0.66) & (np.abs(y - spine(x)) < 0.016 + 0.052 * t)
    tail = _polygon(x, y, [(0.11, base + 0.015), (0.03, base + 0.06), (0.05, base - 0.03), (0.11, base - 0.012)])
    neck = _polygon(x, y, [(0.58, base - 0.055), (0.66, base - 0.05), (0.76, base + 0.11), (0.68, base + 0.14)])
    head = _polygon(x, y, [(0.67, base + 0.1), (0.75, base + 0.17), (0.94, base + 0.14), (0.95, base + 0.11),
                           (0.84, base + 0.09), (0.77, base + 0.06)])
    horns = _polygon(x, y, [(0.7, base + 0.15), (0.6, base + 0.25), (0.76, base + 0.17)])
    legs = np.zeros(x.shape, dtype=bool)
    for lx in (0.3, 0.55):
        ly = spine(lx)
        legs |= _polygon(x, y, [(lx - 0.035, ly), (lx + 0.03, ly), (lx + 0.05, ly - 0.1), (lx - 0.02, ly - 0.1)])
        legs |= _polygon(x, y, [(lx - 0.03, ly - 0.085), (lx + 0.08, ly - 0.1), (lx - 0.03, ly - 0.11)])
    # A bat's wing from the shoulder: a leading edge up to the wrist, three fingers sweeping back to the tail.
    wx, wy = 0.45, spine(0.45)
    wrist = (wx + 0.03, wy + 0.3)
    tips = [(wx - 0.27, wy + 0.3), (wx - 0.3, wy + 0.16), (wx - 0.24, wy + 0.04)]
    wing = _polygon(x, y, [(wx + 0.07, wy), wrist, tips[0], (wx - 0.15, wy + 0.22), tips[1], (wx - 0.17, wy + 0.1),
                           tips[2], (wx - 0.1, wy)])
    ribs = np.zeros(x.shape, dtype=bool)
    for tip in tips:  # the finger bones, from the wrist
        dx, dy = tip[0] - wrist[0], tip[1] - wrist[1]
        along = np.clip(((x - wrist[0]) * dx + (y - wrist[1]) * dy) / (dx * dx + dy * dy), 0.0, 1.0)
        ribs |= (x - wrist[0] - along * dx) ** 2 + (y - wrist[1] - along * dy) ** 2 < 0.009 ** 2
    dragon = body | tail | neck | head | horns | legs | wing
    outline = np.zeros(x.shape, dtype=bool)
    rows, cols = round(0.012 * x.shape[0] / aspect), round(0.012 * x.shape[1])
    for dr, dc in ((rows, 0), (-rows, 0), (0, cols), (0, -cols)):
        outline |= np.roll(dragon, (dr, dc), axis=(0, 1))
    image[outline & ~dragon] = DIVIDER
    image[dragon] = DRAGON_GOLD
    image[wing & ~body] = DRAGON_WING
    image[ribs & wing & ~body] = DRAGON_GOLD
    image[(x - 0.8) ** 2 + (y - base - 0.13) ** 2 < 0.014 ** 2] = DIVIDER  # the eye
    # The five elements along the foot: a disc of each colour with its symbol.
    for i, letter in enumerate(LETTERS):
        sx, sy = 0.14 + i * 0.18, aspect * 0.11
        image[(x - sx) ** 2 + (y - sy) ** 2 < 0.078 ** 2] = ELEMENT_RGB[letter]
        image[symbol_mask(letter, x, y, sx, sy, 0.05)] = SYMBOL_RGB[letter]


# -- action cards ------------------------------------------------------------------------------------------

ACTION = "!"  # an action card's tile code: ACTION + its name (its words: view/action_art.py)
FIELD = (58, 34, 92)  # deep violet
FIELD_LIGHT = (84, 52, 128)
PLATE = (246, 238, 214)
PLATE_TOP = 0.5  # the plate the words lie on: its top, as a share of the card's length from its foot


def _arrow(x: np.ndarray, y: np.ndarray, x0: float, y0: float, x1: float, y1: float, width: float) -> np.ndarray:
    """A straight arrow from (x0, y0) to (x1, y1): a shaft and a head."""
    dx, dy = x1 - x0, y1 - y0
    length = math.hypot(dx, dy)
    ux, uy = dx / length, dy / length
    nx, ny = -uy, ux
    head = width * 2.4
    bx, by = x1 - ux * head, y1 - uy * head
    shaft = _polygon(x, y, [(x0 + nx * width / 2, y0 + ny * width / 2), (bx + nx * width / 2, by + ny * width / 2),
                            (bx - nx * width / 2, by - ny * width / 2), (x0 - nx * width / 2, y0 - ny * width / 2)])
    tip = _polygon(x, y, [(x1, y1), (bx + nx * head * 0.75, by + ny * head * 0.75),
                          (bx - nx * head * 0.75, by - ny * head * 0.75)])
    found: np.ndarray = shaft | tip
    return found


def _arc_arrow(x: np.ndarray, y: np.ndarray, cx: float, cy: float, r: float, start: float, end: float,
               width: float) -> np.ndarray:
    """An arrow along a circle from angle `start` to `end` (radians, counter-clockwise), its head at `end`."""
    angle = np.arctan2(y - cy, x - cx)
    radius = np.hypot(x - cx, y - cy)
    span = (end - start) % (2 * math.pi)
    along = (angle - start) % (2 * math.pi)
    band = (np.abs(radius - r) < width / 2) & (along <= span - 0.35)
    ex, ey = cx + r * math.cos(end), cy + r * math.sin(end)
    tx, ty = -math.sin(end), math.cos(end)  # the way the arrow goes at its end
    back = 0.35 * r
    bx, by = ex - tx * back, ey - ty * back
    nx, ny = math.cos(end), math.sin(end)
    head = _polygon(x, y, [(ex + tx * width * 0.6, ey + ty * width * 0.6), (bx + nx * width * 1.6, by + ny * width * 1.6),
                           (bx - nx * width * 1.6, by - ny * width * 1.6)])
    found: np.ndarray = band | head
    return found


def _card(x: np.ndarray, y: np.ndarray, cx: float, cy: float, w: float, h: float, tilt: float = 0.0) -> np.ndarray:
    """A little card (a rectangle, turned by `tilt` radians)."""
    c, s = math.cos(tilt), math.sin(tilt)
    corners = [(-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2), (-w / 2, h / 2)]
    return _polygon(x, y, [(cx + px * c - py * s, cy + px * s + py * c) for px, py in corners])


def _disc(x: np.ndarray, y: np.ndarray, cx: float, cy: float, r: float) -> np.ndarray:
    found: np.ndarray = (x - cx) ** 2 + (y - cy) ** 2 < r * r
    return found


def pictogram(name: str, x: np.ndarray, y: np.ndarray, cx: float, cy: float) -> tuple[np.ndarray, np.ndarray]:
    """The action's picture round (cx, cy), in card-width units: (gold parts, light parts drawn under them)."""
    gold = np.zeros(x.shape, dtype=bool)
    light = np.zeros(x.shape, dtype=bool)
    if name in ("trade_hands", "trade_goals"):
        if name == "trade_hands":  # two fans of cards
            for side in (-1, 1):
                for k in (-1, 0, 1):
                    light |= _card(x, y, cx + side * 0.22 + k * 0.03, cy + 0.02, 0.13, 0.19, -k * 0.3)
        else:  # two goals: discs
            light |= _disc(x, y, cx - 0.22, cy, 0.1) | _disc(x, y, cx + 0.22, cy, 0.1)
        gold |= _arrow(x, y, cx - 0.16, cy + 0.17, cx + 0.16, cy + 0.17, 0.045)
        gold |= _arrow(x, y, cx + 0.16, cy - 0.17, cx - 0.16, cy - 0.17, 0.045)
    elif name == "move_a_card":
        light |= _card(x, y, cx - 0.2, cy - 0.06, 0.17, 0.24)
        outline = _card(x, y, cx + 0.22, cy + 0.08, 0.19, 0.26) & ~_card(x, y, cx + 0.22, cy + 0.08, 0.14, 0.21)
        gold |= outline
        gold |= _arrow(x, y, cx - 0.1, cy - 0.02, cx + 0.1, cy + 0.06, 0.045)
    elif name == "zap_a_card":
        light |= _card(x, y, cx + 0.12, cy - 0.04, 0.2, 0.28, 0.25)
        gold |= _polygon(x, y, [(cx - 0.02, cy + 0.3), (cx - 0.2, cy + 0.0), (cx - 0.06, cy + 0.01),
                                (cx - 0.14, cy - 0.3), (cx + 0.1, cy + 0.07), (cx - 0.03, cy + 0.06),
                                (cx + 0.08, cy + 0.3)])
    elif name == "rotate_goals":
        for k in range(3):
            a = math.pi / 2 + k * 2 * math.pi / 3
            light |= _disc(x, y, cx + 0.2 * math.cos(a), cy + 0.2 * math.sin(a), 0.075)
        gold |= _arc_arrow(x, y, cx, cy, 0.31, math.radians(100), math.radians(20), 0.045)
        gold |= _arc_arrow(x, y, cx, cy, 0.31, math.radians(280), math.radians(200), 0.045)
    else:  # the shuffles: crossing arrows over cards or goals
        if name == "shuffle_hands":
            for k in (-1, 0, 1):
                light |= _card(x, y, cx + k * 0.05, cy, 0.15, 0.22, k * 0.35)
        else:
            light |= _disc(x, y, cx - 0.1, cy, 0.09) | _disc(x, y, cx + 0.1, cy, 0.09)
        gold |= _arrow(x, y, cx - 0.3, cy - 0.2, cx + 0.3, cy + 0.2, 0.04)
        gold |= _arrow(x, y, cx - 0.3, cy + 0.2, cx + 0.3, cy - 0.2, 0.04)
    return gold, light


def draw_action(name: str, width: int = TILE_W, height: int = TILE_H) -> np.ndarray:
    """An RGB image (height, width, 3) of an action card's face: its picture and the plate its words go on."""
    image, u, v, x, y, aspect = canvas(width, height)
    image[:] = FIELD
    glow = np.hypot(x - 0.5, (y - aspect * 0.75) / 1.1)
    image[glow < 0.4] = FIELD_LIGHT
    gold, light = pictogram(name, x, y, 0.5, aspect * 0.75)
    image[light] = (236, 226, 255)
    image[gold] = DRAGON_GOLD
    plate = (v < PLATE_TOP) & (v > 0.05) & (u > 0.07) & (u < 0.93)
    image[plate] = PLATE
    rim = ((v < PLATE_TOP + 0.012) & (v > 0.038) & (u > 0.06) & (u < 0.94)) & ~plate
    image[rim] = DRAGON_GOLD
    image[(np.abs(v - (PLATE_TOP + 0.012)) < 0.004) & (u > 0.06) & (u < 0.94)] = DIVIDER
    _border(image, u, v, aspect)
    return _downsample(image)



def _border(image: np.ndarray, u: np.ndarray, v: np.ndarray, aspect: float) -> None:
    b = BORDER
    inside = (u > b) & (u < 1 - b) & (v > b / aspect) & (v < 1 - b / aspect)
    image[~inside] = CARD_BORDER


def draw_back(width: int = TILE_W, height: int = TILE_H) -> np.ndarray:
    image, u, v, x, y, aspect = canvas(width, height)
    image[:] = BACK
    ring = np.sqrt((x - 0.5) ** 2 + (y - aspect / 2) ** 2)
    image[(np.sin(ring * 40) > 0.6)] = BACK_LIGHT
    for i, letter in enumerate(LETTERS):
        a = np.pi / 2 + i * 2 * np.pi / 5
        mask = (x - 0.5 - 0.27 * np.cos(a)) ** 2 + (y - aspect / 2 - 0.27 * np.sin(a)) ** 2 < 0.085**2
        image[mask] = ELEMENT_RGB[letter]
        image[symbol_mask(letter, x, y, 0.5 + 0.27 * np.cos(a), aspect / 2 + 0.27 * np.sin(a), 0.055)] = SYMBOL_RGB[letter]
    _border(image, u, v, aspect)
    return _downsample(image)


def _downsample(image: np.ndarray) -> np.ndarray:
    """The mean of each SUPERSAMPLE x SUPERSAMPLE block, rounded (sums of strided views: faster than mean())."""
    s = SUPERSAMPLE
    small = sum(image[i::s, j::s] for i in range(s) for j in range(s)) / np.float32(s * s)
    return np.clip(small + 0.5, 0, 255).astype(np.uint8)


class FaceAtlas:
    """Tiles of faces on pages; each page is one texture. `uv(code)` gives a face's (u0, v0, u1, v1) on its page.

    A page holds PAGE_COLUMNS x PAGE_ROWS tiles and its first tile is the card
    back, so a card's mesh (face on top, back below) takes one texture: its
    face's page. Slot 0 is the back; a face's slot s > 0 is on page
    (s - 1) // FACES_PER_PAGE. A face drawn after start-up changes one tile of
    one page: `take_fresh()` lists the slots drawn since it was last called,
    so the scene writes those tiles into their page's texture and the GPU
    gets that page again, not every face.
    """

    BACK = "back"

    def __init__(self, codes: Iterable[str] = ()) -> None:
        self.pages: list[np.ndarray] = []  # RGB, top row first, one per texture
        self.slots: dict[str, int] = {}
        self.fresh: list[int] = []
        self.add(self.BACK)
        for code in codes:
            self.add(code)

    @staticmethod
    def place(slot: int) -> tuple[int, int, int]:
        """(page, row, column) of a slot."""
        page, index = (0, 0) if slot == 0 else ((slot - 1) // FACES_PER_PAGE, (slot - 1) % FACES_PER_PAGE + 1)
        row, col = divmod(index, PAGE_COLUMNS)
        return page, row, col

    def page(self, code: str) -> int:
        """The page (texture) a face is on."""
        return self.place(self.add(code))[0]

    def add(self, code: str) -> int:
        if code in self.slots:
            return self.slots[code]
        slot = len(self.slots)
        page, row, col = self.place(slot)
        if page >= PAGES:
            raise RuntimeError("the face atlas is full")
        tile = tiles.tile(code, (TILE_H, TILE_W, 3), draw_back if code == self.BACK else
                          (lambda: draw_action(code[len(ACTION):])) if code.startswith(ACTION) else lambda: draw_face(code))
        if page == len(self.pages):
            self.pages.append(np.zeros((PAGE_ROWS * TILE_H, PAGE_COLUMNS * TILE_W, 3), dtype=np.uint8))
            if page:  # every page starts with the back
                self.pages[page][:TILE_H, :TILE_W] = self.pages[0][:TILE_H, :TILE_W]
        self.pages[page][row * TILE_H:(row + 1) * TILE_H, col * TILE_W:(col + 1) * TILE_W] = tile
        self.slots[code] = slot
        self.fresh.append(slot)
        return slot

    def take_fresh(self) -> list[int]:
        """The slots drawn since the last call (to copy into the textures)."""
        fresh, self.fresh = self.fresh, []
        return fresh

    def uv(self, code: str) -> tuple[float, float, float, float]:
        """Texture rectangle of a face on its page (v counted from the bottom of the page)."""
        _, row, col = self.place(self.add(code))
        inset = 0.5  # half a pixel, so mipmaps do not bleed across tiles
        width, height = PAGE_COLUMNS * TILE_W, PAGE_ROWS * TILE_H
        u0 = (col * TILE_W + inset) / width
        u1 = ((col + 1) * TILE_W - inset) / width
        top = (row * TILE_H + inset) / height
        bottom = ((row + 1) * TILE_H - inset) / height
        return (u0, 1.0 - bottom, u1, 1.0 - top)
