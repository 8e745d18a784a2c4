"""The face atlas: pages of tiles, a new face changes one tile of one page, faster drawing draws the same pixels."""

import numpy as np

from aquarius3d.core.cards import LETTERS
from aquarius3d.view import atlas
from aquarius3d.view.atlas import FACES_PER_PAGE, TILE_H, TILE_W, FaceAtlas, draw_face

FACES = ["FFFF", "WWWW", "AAAA", "EEEE", "SSSS", "FWAE", "EAWF", "FFWW", "WWFF", "FWFW", "WFWF", "AAEE", "EEAA",
         "AEAE", "EAEA", "SSFF", "FFSS", "SFSF", "FSFS", "F\\W", "W\\F", "F/W", "W/F", "*"]


def ram(texture) -> np.ndarray:
    """A texture's RAM image as rows of RGB pixels, top row first (Panda3D keeps them bottom up, in BGR)."""
    data = np.frombuffer(bytes(texture.getRamImage()), np.uint8)
    return data.reshape(texture.getYSize(), texture.getXSize(), 3)[::-1, :, ::-1]


def tile_box(slot):
    page, row, col = FaceAtlas.place(slot)
    return page, slice(row * TILE_H, (row + 1) * TILE_H), slice(col * TILE_W, (col + 1) * TILE_W)


def test_every_page_starts_with_the_back_and_holds_its_faces():
    faces = FaceAtlas(FACES[:FACES_PER_PAGE + 2])
    assert len(faces.pages) == 2
    back = faces.pages[0][:TILE_H, :TILE_W]
    assert np.array_equal(faces.pages[1][:TILE_H, :TILE_W], back)
    last = FACES[FACES_PER_PAGE + 1]
    page, rows, cols = tile_box(faces.slots[last])
    assert page == 1 and np.array_equal(faces.pages[1][rows, cols], draw_face(last))
    u0, v0, u1, v1 = faces.uv(last)
    assert 0 < u0 < u1 < 1 and 0 < v0 < v1 < 1


def test_a_new_face_changes_only_its_tile_of_one_texture(offscreen):
    from aquarius3d.view.scene import TableScene

    scene = TableScene(offscreen.base.render, FaceAtlas(FACES[:FACES_PER_PAGE + 3]))  # a page and a bit
    try:
        assert len(scene.textures) == 2
        before = [ram(t).copy() for t in scene.textures]
        versions = [t.getImageModified() for t in scene.textures]
        texture = scene.face_texture("SEWA")  # a face not drawn yet: it goes on the second page
        page, rows, cols = tile_box(scene.atlas.slots["SEWA"])
        assert page == 1 and texture == scene.textures[1]
        assert scene.textures[0].getImageModified() == versions[0]  # the first page is not sent again
        assert np.array_equal(ram(scene.textures[0]), before[0])
        after = ram(scene.textures[1])
        assert np.array_equal(after[rows, cols], draw_face("SEWA"))
        outside = np.ones(after.shape[:2], dtype=bool)
        outside[rows, cols] = False
        assert np.array_equal(after[outside], before[1][outside])  # every other tile intact
        assert scene.textures[1].getImageModified() != versions[1]
        assert all(t.getNumRamMipmapImages() == t.getExpectedNumMipmapLevels() > 1 for t in scene.textures)  # CPU-made
        # A card's mesh carries its own page's texture, whatever its parent sets.
        from panda3d.core import TextureAttrib

        state = scene._mesh("SEWA").getGeomState(0)
        assert state.getAttrib(TextureAttrib).getTexture() == scene.textures[1] != scene.textures[0]
    finally:
        scene.close()


def test_faces_on_later_pages_show_their_own_colours(offscreen):
    from aquarius3d.view.scene import CardView, TableScene

    codes = [c for c in FACES if c not in ("FFFF", "WWWW")][:FACES_PER_PAGE]
    scene = TableScene(offscreen.base.render, FaceAtlas(codes))  # the first page is full of other faces
    offscreen.scene.root.stash()
    try:
        scene.sync({0: CardView((0, 0), "FFFF"), 1: CardView((1, 0), "WWWW")})
        assert {scene.atlas.page("FFFF"), scene.atlas.page("WWWW")} == {1}
        from aquarius3d.view.camera import preset
        from test_view_scene import pixels

        preset("top", scene.bounds()).apply(offscreen.base.camera)
        image = pixels(offscreen)
        reds = (image[..., 0] > 0.6) & (image[..., 1] < 0.35) & (image[..., 2] < 0.35)
        blues = (image[..., 2] > 0.55) & (image[..., 0] < 0.3)
        assert reds.sum() > 20 and blues.sum() > 20
    finally:
        scene.close()
        offscreen.scene.root.unstash()


def test_symbols_drawn_in_their_window_match_symbols_drawn_on_the_whole_face():
    """The window round a symbol (SYMBOL_REACH) must hold all of it: compare with no window at all."""
    u, v = atlas._grid(TILE_W * 2, TILE_H * 2)
    x, y = u, v * 1.4
    for letter in LETTERS:
        for cx, cy, r in ((0.5, 0.7, 0.28), (0.25, 1.05, 0.15), (0.02, 0.02, 0.2), (0.95, 1.3, 0.09)):
            windowed = atlas.symbol_mask(letter, x, y, cx, cy, r)
            whole = atlas.symbol_mask(letter, x.ravel(), y.ravel(), cx, cy, r).reshape(x.shape)  # not a grid
            assert whole.any() and np.array_equal(windowed, whole), (letter, cx, cy, r)


def test_downsampling_is_the_rounded_mean_of_each_block():
    rng = np.random.default_rng(5)
    s = atlas.SUPERSAMPLE
    image = rng.integers(0, 256, (8 * s, 6 * s, 3)).astype(np.float32)
    mean = image.reshape(8, s, 6, s, 3).mean(axis=(1, 3))
    assert np.array_equal(atlas._downsample(image), np.clip(mean + 0.5, 0, 255).astype(np.uint8))


def test_png_writer_round_trips_through_panda3d(tmp_path):
    from panda3d.core import PNMImage

    from aquarius3d.view.render import png_bytes

    rng = np.random.default_rng(9)
    rgb = rng.integers(0, 256, (7, 11, 3), dtype=np.uint8)
    path = tmp_path / "x.png"
    path.write_bytes(png_bytes(rgb))
    image = PNMImage(str(path))
    read = np.array([[[image.getRedVal(x, y), image.getGreenVal(x, y), image.getBlueVal(x, y)] for x in range(11)]
                     for y in range(7)])
    assert np.array_equal(read, rgb)
