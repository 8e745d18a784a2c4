"""The Rules pages, Settings and the new-game form stand over the picture of the table the main menu stands over
(issue 27, open list point 5): one Backdrop (screens/backdrop.py), drawn once a session, and a shade of the panels'
colour behind their words, dark enough that every word reads over the picture's cards as on the menu's panel."""

import numpy as np
import pytest
from driving import picture
from test_contrast import contrast, luminance
from test_layout import with_window

from aquarius3d.screens.focus import window_rect
from aquarius3d.screens.layout import inside
from aquarius3d.screens.widgets import DIM, TEXT, WARNING

SCREENS = ["rules", "settings", "new"]
SIZES = [(1024, 600), (1280, 720), (1920, 1080)]


def show(app, name):
    screen = {"rules": app.show_rules, "settings": app.show_settings, "new": app.show_new_game}[name]()
    app.base.taskMgr.step()  # (the picture comes on the frame after the screen)
    return screen


def frame(app) -> np.ndarray:
    app.base.win.setActive(True)  # (the pacer rests the window while nothing moves)
    return picture(app)


def shade_rect(app, backdrop):
    """Where the shade lies (aspect2d units): left, right, bottom, top."""
    low, high = backdrop.shade_node.getTightBounds(app.base.aspect2d)
    return (low.x, high.x, low.z, high.z)


@pytest.mark.parametrize("name", SCREENS)
def test_the_screen_stands_over_the_picture_its_words_on_a_shade(app, name):
    from aquarius3d.screens.backdrop import backdrop_snapshot
    from aquarius3d.view.snapshots import CACHE, has_pixels

    screen = show(app, name)
    backdrop = screen.backdrop
    picture_node, shade = backdrop.node, backdrop.shade_node
    assert not screen.busy() and not picture_node.isHidden() and has_pixels(picture_node.getTexture())
    assert picture_node.getTexture() == CACHE[(backdrop_snapshot().key, "")]  # (the menu's picture, drawn once)
    assert picture_node.getParent() == app.base.render2d and not shade.isHidden()
    # under every panel and word of the screen: drawn first (the fixed "background" bin), the picture, then the shade
    assert picture_node.getBinName() == shade.getBinName() == "background"
    assert picture_node.getBinDrawOrder() < shade.getBinDrawOrder()
    assert not screen.root.isAncestorOf(shade)  # (not one of the screen's parts: its layout and scrolling ignore it)
    for node in [screen.root, *screen.root.findAllMatches("**")]:
        assert node.getBinName() != "background", node
    assert inside(screen.content(), shade_rect(app, backdrop))
    image = frame(app)
    left, top, right, bottom = window_rect(app.base, shade_rect(app, backdrop))
    beside = image[:, : max(1, left - 4)]  # the picture beside the shade: the table's felt, cards and pyramids
    assert beside.std() > 0.05 and (beside[..., 1] > beside[..., 0]).mean() > 0.3
    screen.root.stash()  # the ground the words stand on: the shade over the picture
    ground = frame(app)[top + 2:bottom - 2, left + 2:right - 2]
    picture_node.hide()
    plain = frame(app)[top + 2:bottom - 2, left + 2:right - 2]
    picture_node.show()
    screen.root.unstash()
    assert np.abs(ground - plain).max() > 0.02  # (the picture is seen through the shade: not the plain colour)
    brightest = luminance(ground).max()
    for ink in (TEXT, WARNING, DIM):  # the words, a note of what went wrong, a choice that cannot be made
        assert contrast(np.array([luminance(np.array(ink[:3]))]), np.array([brightest]))[0] >= 4.5, (name, ink)


@pytest.mark.parametrize("width,height", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_shade_holds_the_screen_at_every_size_and_scale(app, monkeypatch, width, height):
    """The shade lies round all the screen draws (its form scrolled or not), inside the window; the picture fills
    the window; Back to the menu takes the screen's picture away, the menu shows its own."""
    original = with_window(app, monkeypatch, width, height)
    aspect = width / height
    try:
        for percent in (100, 150):
            app.settings["interface_scale"] = percent
            for name in SCREENS:
                screen = show(app, name)
                backdrop = screen.backdrop
                rect = shade_rect(app, backdrop)
                assert inside(rect, (-aspect, aspect, -1, 1), 1e-6), (name, percent)
                content = screen.content()
                clipped = (max(content[0], -aspect), min(content[1], aspect), max(content[2], -1), min(content[3], 1))
                assert inside(clipped, rect), (name, percent)
                low, high = backdrop.node.getTightBounds(app.base.render2d)
                assert (low.x, low.z, high.x, high.z) == pytest.approx((-1, -1, 1, 1))
                node = backdrop.node
                menu = app.show_menu()
                assert node.isEmpty() and screen.backdrop is None
                assert menu.backdrop is not None and len(app.base.render2d.findAllMatches("menu-backdrop")) == 1
    finally:
        app.base.adjustWindowAspectRatio(original)


def test_over_a_game_the_screen_has_the_picture_and_gives_the_table_back(app):
    """Settings opened from the game menu stands over the picture too; Back brings the table, with no picture."""
    from aquarius3d.session import Seat

    app.start_game("aquarius", {}, [Seat("Ann"), Seat("Bo")], seed=3)
    table = app.table
    table.open_menu()
    table.menu.buttons["settings"]["command"]()
    settings = app.screens.current
    app.base.taskMgr.step()
    assert app.screen == "settings" and not settings.backdrop.node.isHidden()
    app.show_menu()  # its Back button
    assert app.table is table and not app.base.render2d.find("menu-backdrop")
    assert not app.base.aspect2d.find("backdrop-shade")
