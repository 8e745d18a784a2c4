"""The main menu (issue 27, point 8): a playtest found it bare, a column of buttons of every width on an empty
background. It stands on a panel over a picture of the table drawn once by the table's own renderer (one textured
rectangle a frame, never the 3D table), its title, the games it plays and its buttons (all of one width) readable
at every window size and interface scale, without scrolling; Tab and Enter still go through its buttons."""

import numpy as np
import pytest
from driving import picture
from test_contrast import contrast, luminance
from test_layout import with_window

from aquarius3d.i18n import set_language, tr
from aquarius3d.screens.focus import widget_label, widget_rect, window_rect
from aquarius3d.screens.layout import inside, overlap
from aquarius3d.screens.widgets import TEXT

SIZES = [(1024, 600), (1280, 720), (1920, 1080)]


def frame(app) -> np.ndarray:
    """The window as drawn now: RGB rows from the top, 0..1 (the window woken: the pacer rests it while nothing
    moves)."""
    app.base.win.setActive(True)
    return picture(app)


def test_the_menu_stands_over_a_picture_of_the_table(app):
    from aquarius3d.screens.backdrop import backdrop_snapshot
    from aquarius3d.view.snapshots import CACHE, has_pixels

    CACHE.pop((backdrop_snapshot().key, ""), None)
    menu = app.show_menu()
    backdrop = menu.backdrop.node
    assert menu.busy() and app.busy() and backdrop.isHidden()  # the buttons at once, the picture on the next frame
    app.base.taskMgr.step()
    assert not menu.busy() and not backdrop.isHidden() and has_pixels(backdrop.getTexture())
    assert backdrop.getParent() == app.base.render2d and backdrop.getBinName() == "background"  # under every word
    low, high = backdrop.getTightBounds(app.base.render2d)
    assert (low.x, low.z, high.x, high.z) == pytest.approx((-1, -1, 1, 1))  # the whole window
    assert not app.base.render.find("**/snapshot-studio")  # a picture: the 3D table is not drawn behind the menu
    drawn, texture = len(CACHE), backdrop.getTexture()
    again = app.show_menu()  # (drawn once a session)
    assert backdrop.isEmpty()  # (the first menu's, taken away with it)
    assert not again.busy() and len(CACHE) == drawn and again.backdrop.node.getTexture() == texture
    image = frame(app)
    panel = window_rect(app.base, widget_rect(app.base, again.panel_frame))
    left, top, right, bottom = panel
    beside = image[:, : max(1, left - 4)]  # the picture beside the panel: the table's felt, cards and pyramids
    assert beside.std() > 0.05 and (beside[..., 1] > beside[..., 0]).mean() > 0.3  # not one flat colour; felt green
    app.show_settings()  # leaving takes it away (Settings shows the same picture: tests/test_backdrop.py)
    assert app.screen == "settings" and again.backdrop is None
    assert len(app.base.render2d.findAllMatches("menu-backdrop")) == 1


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("width,height", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_menu_is_readable_at_every_size_and_scale(app, monkeypatch, width, height, lang):
    """The picture fills the window of each shape, never stretched; the title, the line of the games and the
    buttons stand on the panel, one under another, none over another, the buttons all of one width, the whole inside
    the window at 100%, 125% and 150% with nothing to scroll, at the chosen scale."""
    from aquarius3d.screens.backdrop import ASPECT, backdrop_snapshot
    from aquarius3d.view.snapshots import draw

    draw(app.base, [backdrop_snapshot()])
    original = with_window(app, monkeypatch, width, height)
    set_language(lang)
    try:
        aspect = width / height
        for percent in (100, 125, 150):
            app.settings["interface_scale"] = percent
            menu = app.show_menu()
            what = (lang, width, height, percent)
            node = menu.backdrop.node
            stage = node.findAllTextureStages()[0]
            u, v = node.getTexScale(stage)
            assert u * ASPECT / v == pytest.approx(aspect) and max(u, v) == pytest.approx(1.0), what  # not stretched
            assert menu.root.getSz() == pytest.approx(percent / 100) and menu.scroll.room == 0, what
            panel = widget_rect(app.base, menu.panel_frame)
            assert inside(panel, (-aspect, aspect, -1, 1)), what
            parts = [("title", menu.title), ("tagline", menu.tagline)] + [(widget_label(b), b) for b in menu.buttons]
            rects = {}
            for name, part in parts:
                rect = widget_rect(app.base, part) if hasattr(part, "guiItem") else menu.rect_of(part)
                assert inside(rect, panel), (what, name)
                for other, seen in rects.items():
                    assert not overlap(rect, seen), (what, name, other)
                rects[name] = rect
            assert menu.tagline.getText() == tr("menu_tagline")
            widths = {round(r[1] - r[0], 6) for name, r in rects.items() if name not in ("title", "tagline")}
            assert len(widths) == 1, what  # one width
    finally:
        set_language("en")
        app.base.adjustWindowAspectRatio(original)


def test_the_menus_words_read_on_its_panel(app):
    """Read back from the drawn window: round the panel's words (its title and line, away from the buttons), the
    panel over the picture is dark enough for the words' colour at WCAG's 4.5:1 everywhere."""
    from aquarius3d.screens.backdrop import backdrop_snapshot
    from aquarius3d.view.snapshots import draw

    draw(app.base, [backdrop_snapshot()])
    menu = app.show_menu()
    image = frame(app)
    panel = widget_rect(app.base, menu.panel_frame)
    title = menu.rect_of(menu.title)
    tagline = menu.rect_of(menu.tagline)
    left, top, right, bottom = window_rect(app.base, (panel[0], panel[1], tagline[2], title[3]))
    band = image[top:bottom, left + 2:right - 2]
    words = luminance(np.array(TEXT[:3]))
    ground = luminance(band)
    background = ground[ground < np.percentile(ground, 70)]  # (the words' own pixels left out)
    assert background.size and contrast(background, np.full_like(background, words)).min() >= 4.5


def test_tab_and_enter_go_through_the_menu(app):
    """The buttons in Tab's ring top to bottom (Continue, with no game, left out); Enter presses the one chosen."""
    send = app.base.messenger.send
    menu = app.screens.current
    expected = [tr(k) for k in ("menu_new", "menu_host", "menu_join", "menu_load", "menu_settings", "menu_rules",
                                "menu_quit")]
    seen = []
    for _ in expected:
        send("tab")
        seen.append(widget_label(menu.focus.widget))
    assert seen == expected
    send("shift-tab")
    assert widget_label(menu.focus.widget) == tr("menu_rules")
    send("enter")
    assert app.screen == "rules"


@pytest.mark.parametrize("percent", [100, 150])
def test_what_went_wrong_is_said_on_the_panel_under_the_title(app, monkeypatch, percent):
    """Continue with no game: the menu says so under the title, in place of the line of the games, on the panel and
    in the window at 1024x600 with nothing to scroll; a long reason (a broken autosave) too."""
    original = with_window(app, monkeypatch, 1024, 600)
    app.settings["interface_scale"] = percent
    try:
        menu = app.show_menu()
        app.continue_game()
        assert app.screens.current is menu and menu.note.getText() == tr("menu_no_autosave")
        long = "autosave.json: not a saved game (the file is damaged, or written by a newer version); it was left as it was."
        for said in (tr("menu_no_autosave"), long):
            menu = app.show_menu(said) if said == long else menu
            assert not menu.note.isHidden() and menu.tagline.isHidden() and menu.scroll.room == 0
            panel = widget_rect(app.base, menu.panel_frame)
            note, title = menu.rect_of(menu.note), menu.rect_of(menu.title)
            first = widget_rect(app.base, menu.buttons[0])
            assert inside(note, panel) and inside(panel, (-1024 / 600, 1024 / 600, -1, 1))
            assert title[2] > note[3] and note[2] > first[3]  # under the title, over the buttons
    finally:
        app.base.adjustWindowAspectRatio(original)
