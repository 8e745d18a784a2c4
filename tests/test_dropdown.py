"""The new-game screen's game drop-down in the look of the other menus (issue 27, polish: it was Panda3D's default
grey popup): the font, colours and sizes of the buttons, its list under the button on a dark panel, read from the
scene graph and from the picture; it still answers to Tab and Enter (screens/focus.py: Enter opens its list, the arrows
or Tab light an entry, Enter takes it, Esc closes it unchanged) and to the mouse."""

import numpy as np
import pytest
from direct.gui import DirectGuiGlobals as DGG
from panda3d.core import Point3, TextNode

from aquarius3d.screens.focus import widget_label, widget_rect
from aquarius3d.screens.widgets import BUTTON, HOVER, POPUP, TEXT, Dropdown
from driving import picture


def list_rect(app, menu):
    """The open list's frame in aspect2d units (left, right, bottom, top)."""
    popup = menu.popupMenu
    left, right, bottom, top = popup["frameSize"]
    low = app.base.aspect2d.getRelativePoint(popup, Point3(left, 0, bottom))
    high = app.base.aspect2d.getRelativePoint(popup, Point3(right, 0, top))
    return low.x, high.x, low.z, high.z


def test_the_drop_down_looks_like_the_other_menus(app):
    form = app.show_new_game()
    menu = form.ruleset_menu
    assert isinstance(menu, Dropdown)
    start = next(w for w in form.widgets if widget_label(w) == "Start")
    assert menu["frameColor"] == start["frameColor"] == BUTTON["frameColor"]  # the button: as every button
    assert menu["relief"] == start["relief"] == DGG.FLAT
    font = start.component("text0").textNode.getFont()
    items = [menu.component(f"item{i}") for i in range(len(form.rulesets))]
    for item in items:  # the entries: the buttons' font and words' colour and size, no bevel, no grey
        node = item.component("text0").textNode
        assert node.getFont() == font == TextNode.getDefaultFont()
        assert tuple(node.getTextColor()) == pytest.approx(TEXT)
        assert item["relief"] == DGG.FLAT and item["frameColor"][3] == 0
        assert item.getScale(app.base.aspect2d)[0] == pytest.approx(menu.getScale(app.base.aspect2d)[0])
    assert menu.popupMenu["frameColor"] == POPUP and menu.popupMenu["relief"] == DGG.FLAT
    assert menu.popupMenu["frameColor"][3] == 1.0  # opaque: the form's words under the open list never read through
    assert menu["highlightColor"] == HOVER
    assert menu.popupMarker.find("**/down-arrow")  # a drawn arrow, not a grey raised box
    assert menu.popupMarker["relief"] is None


def test_the_open_list_lies_under_the_button_on_a_dark_panel(app):
    form = app.show_new_game()
    menu = form.ruleset_menu
    menu.showPopupMenu()
    button = widget_rect(app.base, menu)
    shown = list_rect(app, menu)
    aspect = app.base.getAspectRatio()
    assert shown[0] == pytest.approx(button[0], abs=0.03) and shown[3] == pytest.approx(button[2], abs=0.01)
    assert shown[1] - shown[0] >= button[1] - button[0] - 1e-6  # as wide as the button at least
    assert -aspect <= shown[0] and shown[1] <= aspect and -1 <= shown[2] and shown[3] <= 1
    image = picture(app)
    height, width = image.shape[:2]
    x0, x1 = int((shown[0] / aspect + 1) / 2 * width) + 2, int((shown[1] / aspect + 1) / 2 * width) - 2
    y0, y1 = int((1 - shown[3]) / 2 * height) + 2, int((1 - shown[2]) / 2 * height) - 2
    part = image[y0:y1, x0:x1]
    assert part.size
    grey = (abs(part - 0.8) < 0.06).all(axis=2).mean()  # Panda3D's default popup: light grey, black words
    assert grey < 0.01, grey
    dark = (abs(part - np.array(POPUP[:3])) < 0.06).all(axis=2).mean()
    light = (part.min(axis=2) > 0.6).mean()  # the entries' words
    assert dark > 0.5 and light > 0.01, (dark, light)
    menu.hidePopupMenu()


def test_the_drop_down_answers_to_the_mouse_and_to_tab_and_enter(app):
    form = app.show_new_game()
    menu = form.ruleset_menu
    menu.showPopupMenu()
    menu.component("item1")["command"]()  # a click on the second entry (its release closes the list)
    menu.hidePopupMenu()
    assert form.ruleset == form.rulesets[1] and menu.get() == form.game_names[1]
    focus = form.focus
    for _ in range(40):
        app.base.messenger.send("tab")
        if focus.widget is menu:
            break
    assert focus.widget is menu and not focus.marker.root.isHidden()
    # Enter opens the list (a playtester's Enter changed the game instead), the game in force lit; nothing changes yet
    app.base.messenger.send("enter")
    assert menu.is_open() and menu.highlightedIndex == 1 and form.ruleset == form.rulesets[1]
    app.base.messenger.send("arrow_down")  # the arrows (or Tab) light the next entry
    assert menu.highlightedIndex == 2 and form.ruleset == form.rulesets[1]
    lit = menu.component("item2")
    assert lit["frameColor"] == menu["highlightColor"]
    assert menu.component("item1")["frameColor"] != menu["highlightColor"]  # (one entry lit at a time)
    app.base.messenger.send("enter")  # Enter takes it and closes the list; the focus stays on the menu
    assert not menu.is_open() and form.ruleset == form.rulesets[2] and menu.get() == form.game_names[2]
    assert focus.widget is menu
    # Esc closes an open list unchanged (the form stays); Tab in it goes through its entries, not the form
    app.base.messenger.send("enter")
    app.base.messenger.send("tab")
    app.base.messenger.send("shift-tab")
    app.base.messenger.send("arrow_up")
    assert menu.highlightedIndex == 1 and focus.widget is menu
    app.base.messenger.send("escape")
    assert not menu.is_open() and form.ruleset == form.rulesets[2] and app.screens.current is form


def test_the_open_list_is_an_opaque_panel_with_a_rim_over_the_form(app):
    """A playtest read the New game form's options running on under the open list (63-dd.png): the list's dark panel
    was the form's colour, with no edge. The open list is opaque, drawn over the form (Panda3D's popup bin, the rim
    too), and a light rim runs round all four sides of it, in the picture."""
    from aquarius3d.screens.widgets import RIM

    form = app.show_new_game()
    menu = form.ruleset_menu
    menu.showPopupMenu()
    try:
        edge = menu.popupMenu.find("rim")
        assert not edge.isEmpty() and edge.getBinName() in ("", "gui-popup")
        assert menu.popupMenu.getBinName() == "gui-popup" and edge.getNetState().getBinIndex() == \
            menu.popupMenu.getNetState().getBinIndex()  # (the rim drawn in the list's bin: over every other widget)
        assert menu.popupMenu["frameColor"][3] == 1.0
        shown = list_rect(app, menu)
        image = picture(app)
        height, width = image.shape[:2]
        aspect = app.base.getAspectRatio()
        x0, x1 = (shown[0] / aspect + 1) / 2 * width, (shown[1] / aspect + 1) / 2 * width
        y0, y1 = (1 - shown[3]) / 2 * height, (1 - shown[2]) / 2 * height
        rim = np.array(RIM[:3])

        def lit(part):  # the share of pixels in the rim's colour
            return (abs(part - rim) < 0.08).all(axis=-1).mean()

        xs, ys = slice(int(x0) + 3, int(x1) - 3), slice(int(y0) + 3, int(y1) - 3)
        top = max(lit(image[y, xs]) for y in range(int(y0) - 3, int(y0) + 2))
        bottom = max(lit(image[y, xs]) for y in range(int(y1) - 2, int(y1) + 3))
        left = max(lit(image[ys, x]) for x in range(int(x0) - 3, int(x0) + 2))
        right = max(lit(image[ys, x]) for x in range(int(x1) - 2, int(x1) + 3))
        assert min(top, bottom, left, right) > 0.9, (top, bottom, left, right)
        inside = image[int(y0) + 3:int(y1) - 3, int(x0) + 3:int(x1) - 3]
        assert lit(inside) < 0.05  # (a rim, not a lighter panel)
    finally:
        menu.hidePopupMenu()
