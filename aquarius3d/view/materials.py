"""Textures made by the program with numpy: the felt's fibres, the rim's wood grain, contact shadows.

Nothing is shipped: each texture is drawn at start-up in a few milliseconds, from a fixed seed, so every
table looks the same.

- **Fibres**: a small tile of fine noise stretched a little along two directions, as woven and brushed
  cloth is; tiled every few centimetres of felt (view/shaders.py's FIBRE_SCALE) and mipmapped, it reads as
  cloth close up and fades to the felt's own mottling far away.
- **Wood**: rings of a log cut lengthwise (stretched noise bent round a few centres), light and dark
  latewood, pores; along the rim's length.
- **Contact shadows**: a map of the whole table, dark round every card, tray and pile lying on the felt
  and fading over a few millimetres: where a thing touches the cloth, less light reaches it (their own
  tops are left alone: the cards lying on the felt take their light from the same place).
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

Rect = tuple[float, float, float, float]  # x0, y0, x1, y1 in millimetres

CONTACT_MM = 2.0  # millimetres of felt a texel of the contact map covers (at most)
CONTACT_MAX = 1024  # texels along a side, at most
CONTACT_REACH = 5.0  # millimetres over which a contact shadow fades
CONTACT_DARK = 0.42  # share of the light lost at a thing's edge


def _smooth(noise: np.ndarray, passes: int, axis: int | None = None) -> np.ndarray:
    """Blur a tileable array by averaging with its rolled neighbours (wrapping: the tile stays seamless)."""
    for _ in range(passes):
        if axis is None:
            noise = (noise + np.roll(noise, 1, 0) + np.roll(noise, -1, 0) + np.roll(noise, 1, 1) + np.roll(noise, -1, 1)) / 5
        else:
            noise = (noise + np.roll(noise, 1, axis) + np.roll(noise, -1, axis)) / 3
    return noise


def _normalised(a: np.ndarray) -> np.ndarray:
    low, high = float(a.min()), float(a.max())
    return (a - low) / (high - low or 1.0)


def fibres(size: int = 256, seed: int = 11) -> np.ndarray:
    """A tileable grey image (size, size) of felt fibres, 0..1 around 0.5."""
    rng = np.random.default_rng(seed)
    fine = rng.normal(0.0, 1.0, (size, size))
    along = _smooth(fine, 3, 1)  # fibres lying one way
    across = _smooth(rng.normal(0.0, 1.0, (size, size)), 3, 0)  # and the other
    fuzz = _smooth(rng.normal(0.0, 1.0, (size, size)), 1)
    tufts = _smooth(rng.normal(0.0, 1.0, (size, size)), 6)
    cloth = 0.45 * along + 0.45 * across + 0.35 * fuzz + 0.9 * tufts / (tufts.std() or 1.0) * fuzz.std()
    image: np.ndarray = np.clip(0.5 + 0.5 * cloth / (3 * cloth.std()), 0.0, 1.0)
    return image


def wood(width: int = 1024, height: int = 64, seed: int = 5) -> np.ndarray:
    """An RGB image (height, width, 3), 0-255, of wood grain running along the width."""
    rng = np.random.default_rng(seed)
    x = np.linspace(0.0, 1.0, width, endpoint=False)[None, :]
    y = np.linspace(0.0, 1.0, height, endpoint=False)[:, None]
    wobble = _smooth(rng.normal(0.0, 1.0, (height, width)), 12, 1)
    wobble = wobble / (wobble.std() or 1.0)
    # Rings of a log cut lengthwise: distance from a slowly bending heart line, in many thin bands.
    heart = 0.5 + 0.35 * np.sin(2 * np.pi * (x * 1.3 + 0.2)) + 0.1 * np.sin(2 * np.pi * x * 4.1)
    rings = np.abs(y - heart) * 9.0 + 0.25 * wobble + 0.6 * x
    bands = rings - np.floor(rings)
    late = np.clip((bands - 0.72) / 0.2, 0.0, 1.0) * np.clip((1.0 - bands) / 0.08, 0.0, 1.0)
    pores = _smooth(rng.normal(0.0, 1.0, (height, width)), 2, 1)
    pores = np.clip(-pores / (pores.std() or 1.0) - 1.6, 0.0, 1.0)
    light = np.array([150.0, 99.0, 58.0])
    dark = np.array([92.0, 55.0, 30.0])
    shade = np.clip(0.2 * late[..., None] * 3 + 0.25 * pores[..., None] + 0.06 * wobble[..., None], 0.0, 1.0)
    image = light * (1.0 - shade) + dark * shade
    return np.clip(image, 0, 255).astype(np.uint8)


def contact_map(extent: tuple[tuple[float, float], tuple[float, float]], rects: Iterable[Rect]) -> np.ndarray:
    """The light left on the felt (0..1, rows from y0 up) round things lying on it, over the table's extent."""
    (x0, y0), (x1, y1) = extent
    width = max(8, min(CONTACT_MAX, round((x1 - x0) / CONTACT_MM)))
    length = max(8, min(CONTACT_MAX, round((y1 - y0) / CONTACT_MM)))
    sx, sy = width / (x1 - x0), length / (y1 - y0)
    cover = np.zeros((length, width), dtype=np.float32)
    for rx0, ry0, rx1, ry1 in rects:
        c0, c1 = int(max(0, round((rx0 - x0) * sx))), int(min(width, round((rx1 - x0) * sx)))
        r0, r1 = int(max(0, round((ry0 - y0) * sy))), int(min(length, round((ry1 - y0) * sy)))
        if c1 > c0 and r1 > r0:
            cover[r0:r1, c0:c1] = 1.0
    solid = cover.copy()
    # Three box blurs (nearly a Gaussian) of about CONTACT_REACH millimetres, by running sums.
    radius_x = max(1, round(CONTACT_REACH * sx / 2))
    radius_y = max(1, round(CONTACT_REACH * sy / 2))
    for _ in range(3):
        cover = _box(cover, radius_x, 1)
        cover = _box(cover, radius_y, 0)
    # Nothing darkens the top of what lies there (the cards on the felt look this map up too): only round it.
    light: np.ndarray = np.where(solid > 0, 1.0, 1.0 - CONTACT_DARK * np.clip(cover * 1.6, 0.0, 1.0))
    return light


def _box(a: np.ndarray, radius: int, axis: int) -> np.ndarray:
    """Mean over 2 * radius + 1 neighbours along an axis, the edges padded with zeros."""
    pad = [(0, 0), (0, 0)]
    pad[axis] = (radius + 1, radius)
    sums = np.cumsum(np.pad(a, pad), axis=axis)
    n = a.shape[axis]
    high = np.take(sums, np.arange(2 * radius + 1, 2 * radius + 1 + n), axis=axis)
    low = np.take(sums, np.arange(0, n), axis=axis)
    result: np.ndarray = (high - low) / (2 * radius + 1)
    return result
