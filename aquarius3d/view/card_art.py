"""Faces the table never lays down, drawn like the atlas's: a goal card (for the Rules pages).

A goal card is the night of the Aquarius Dragon's card with a large disc of its element and, along the
foot, seven little panels of that element joined in a chain: the seven the goal asks for.
"""

from __future__ import annotations

import numpy as np
from panda3d.core import Texture

from .atlas import TILE_H, TILE_W, _border, _downsample, canvas, symbol_mask
from .palette import DIVIDER, DRAGON_NIGHT, ELEMENT_RGB, SYMBOL_RGB


def draw_goal(letter: str, width: int = TILE_W * 2, height: int = TILE_H * 2) -> np.ndarray:
    """An RGB image (height, width, 3) of the goal card of an element letter (E, A, F, W, S)."""
    image, u, v, x, y, aspect = canvas(width, height)
    image[:] = DRAGON_NIGHT
    cy = aspect * 0.6
    ring = (x - 0.5) ** 2 + (y - cy) ** 2
    image[ring < 0.36 ** 2] = DIVIDER
    image[ring < 0.33 ** 2] = ELEMENT_RGB[letter]
    image[symbol_mask(letter, x, y, 0.5, cy, 0.2)] = SYMBOL_RGB[letter]
    for i in range(7):  # seven panels in a chain, joined edge to edge, the lower row shifted half a step
        column, row = divmod(i, 2)
        px, py = 0.17 + column * 0.2 + row * 0.1, aspect * (0.2 - row * 0.09)
        square = (np.abs(x - px) < 0.085) & (np.abs(y - py) < aspect * 0.04)
        image[square] = DIVIDER
        image[(np.abs(x - px) < 0.07) & (np.abs(y - py) < aspect * 0.032)] = ELEMENT_RGB[letter]
    _border(image, u, v, aspect)
    return _downsample(image)


def image_texture(image: np.ndarray, name: str) -> Texture:
    """A texture of an RGB image (rows top first), mipmapped."""
    from .furniture import texture as _texture

    texture = _texture(image, name)
    texture.generateRamMipmapImages()
    return texture


def goal_texture(letter: str) -> Texture:
    """The goal card of an element letter as a texture, drawn once (kept with the snapshots' textures): the Rules
    pages' picture and the goal a player peeks at."""
    from .snapshots import CACHE

    key = ("goal-card", letter)
    if key not in CACHE:
        CACHE[key] = image_texture(draw_goal(letter), f"goal-{letter}")
    return CACHE[key]
