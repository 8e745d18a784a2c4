"""Card faces drawn once are read back from the cache folder (view/tiles.py): the same pixels, not drawn again."""

import numpy as np

from aquarius3d.view import atlas, tiles


def test_a_face_drawn_once_is_read_from_the_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("AQUARIUS3D_CACHE_DIR", str(tmp_path))
    drawn = []
    real = atlas.draw_face

    def counting(code, *args):
        drawn.append(code)
        return real(code, *args)

    monkeypatch.setattr(atlas, "draw_face", counting)
    first = atlas.FaceAtlas()
    first.add("FWAE")
    assert drawn == ["FWAE"] and list(tmp_path.glob("faces-*/*.npy"))
    second = atlas.FaceAtlas()
    second.add("FWAE")
    assert drawn == ["FWAE"]  # not drawn again
    assert np.array_equal(first.pages[0], second.pages[0])
    for path in tmp_path.glob("faces-*/*.npy"):  # a damaged file: drawn again, the same
        path.write_bytes(b"not a picture")
    third = atlas.FaceAtlas()
    third.add("FWAE")
    assert drawn == ["FWAE", "FWAE"] and np.array_equal(first.pages[0], third.pages[0])


def test_no_cache_folder_draws_every_time(monkeypatch):
    monkeypatch.setenv("AQUARIUS3D_CACHE_DIR", "")
    calls = []
    for _ in range(2):
        tiles.tile("X", (2, 2, 3), lambda: calls.append(1) or np.zeros((2, 2, 3), np.uint8))
    assert len(calls) == 2
