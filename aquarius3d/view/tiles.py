"""Card faces drawn once are kept in the cache folder, so the next start (and `aquarius3d render`) reads them.

Drawing a face with numpy takes tens of milliseconds; a table of 45 cards has some 40 faces. Each tile is
kept as a .npy file in a folder of the user's cache (resources.user_cache_dir) named after a digest of the
drawing code (view/atlas.py, view/palette.py, cards.py) and the tile size: a change to how faces are drawn
is a new folder, never a stale picture. No cache folder (AQUARIUS3D_CACHE_DIR set empty), or one that cannot
be read or written, and faces are simply drawn each time.
"""

from __future__ import annotations

import hashlib
import os
from functools import lru_cache
from pathlib import Path
from typing import Callable

import numpy as np


@lru_cache(maxsize=4)
def _digest(shape: tuple[int, int, int]) -> str | None:
    """A digest of the code that draws the faces, and of the tile's shape (None if the code cannot be read)."""
    from ..files.resources import build_mark

    digest = hashlib.sha1(repr(shape).encode())
    mark = build_mark()
    if mark is not None:  # the standalone app: no source to read, its build stands for the drawing code
        digest.update(mark.encode())
        return digest.hexdigest()[:16]
    here = Path(__file__).resolve().parent
    for source in (here / "atlas.py", here / "palette.py", here.parent / "core" / "cards.py"):
        try:
            digest.update(source.read_bytes())
        except OSError:
            return None
    return digest.hexdigest()[:16]


def _folder(shape: tuple[int, int, int]) -> Path | None:
    from ..files import resources

    base, digest = resources.user_cache_dir(), _digest(shape)
    return None if base is None or digest is None else base / f"faces-{digest}"


def tile(code: str, shape: tuple[int, int, int], draw: Callable[[], np.ndarray]) -> np.ndarray:
    """The face `code` as an image of this shape: from the cache if it is there, else drawn (and kept)."""
    folder = _folder(shape)
    if folder is None:
        return draw()
    path = folder / f"{code.encode().hex() or 'empty'}.npy"
    try:
        kept: np.ndarray = np.load(path, allow_pickle=False)
        if kept.shape == shape and kept.dtype == np.uint8:
            return kept
    except (OSError, ValueError):
        pass
    image = draw()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        partial = path.with_name(f"{path.stem}.{os.getpid()}.part.npy")
        np.save(partial, image, allow_pickle=False)
        os.replace(partial, path)  # whole or not at all: another window may read it meanwhile
    except OSError:
        pass
    return image
