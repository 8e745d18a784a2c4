"""The panel of the New game form and of the Host form (the backdrop's shade, screens/backdrop.py) stands centred
under the title round all the form holds, for every game, window size and interface scale (issue 27, polish from a
real-input playtest): with Aquarius Rising or Elemental Towers chosen it spanned x 205-695 of a window 1024 wide (the
options' column drawn from the left, the players centred), and at 125% a band of the window's colour lay across the
whole window under it, the form judged higher than the window though nothing was left to scroll under its foot."""

import pytest
from test_layout import with_window

from aquarius3d.i18n import tr
from aquarius3d.rules.ruleset import available
from aquarius3d.screens import drawn_rect
from aquarius3d.screens.focus import shown, widget_rect
from aquarius3d.screens.layout import inside

SIZES = [(1024, 600), (1280, 720), (1920, 1080)]
CENTRED = 0.02  # aspect2d units: 6 pixels in a window 600 high
BALANCED = 0.04  # at 100% (the Host form's seat of a player joining shows words narrower than a name's field)


def shade_rect(app, backdrop):
    low, high = backdrop.shade_node.getTightBounds(app.base.aspect2d)
    return (low.x, high.x, low.z, high.z)


def middle(rect) -> float:
    return (rect[0] + rect[1]) / 2


@pytest.mark.parametrize("width,height", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_panel_is_centred_under_the_title_round_the_whole_form(app, language, monkeypatch, width, height):
    """In English and in French ("Retour" and "Commencer": Back and Start as wide as each other), on the New game
    form and the Host form (its port and address in a row of their own)."""
    original = with_window(app, monkeypatch, width, height)
    aspect = width / height
    try:
        for percent in (100, 125, 150):
            app.settings["interface_scale"] = percent
            for name, title_key in (("new", "menu_new"), ("host", "menu_host")):
                check_form(app, aspect, app.screens.switch(name), title_key, percent)
    finally:
        app.base.adjustWindowAspectRatio(original)


def words(widget) -> object:
    try:
        return widget["text"]
    except KeyError:
        return None


def check_form(app, aspect, form, title_key, percent):
    buttons = [w for w in form.widgets if hasattr(w, "guiItem") and words(w) in (tr("menu_back"), tr(form.start_label))]
    assert len(buttons) == 2
    feet = [button.guiItem.getFrame() for button in buttons]  # (Back and Start, in their own units)
    for ruleset in [*available(), *available()]:  # (each drawn again: nothing grows with each drawing)
        form.choose_ruleset(ruleset)
        case = (form.name, ruleset, percent)
        panel = shade_rect(app, form.backdrop)
        title = next(w for w in form.widgets if not w.isEmpty() and hasattr(w, "getText")
                     and w.getText() == tr(title_key))
        axis = middle(drawn_rect(app.base, title))
        assert abs(middle(panel) - axis) <= CENTRED, case  # under the title, as the buttons are
        parts = [w for w in form.widgets + form.option_widgets + form.seat_widgets
                 if not w.isEmpty() and shown(w) and form.root.isAncestorOf(w)]
        rects = [r for r in (drawn_rect(app.base, w) for w in parts) if r is not None]
        whole = (min(r[0] for r in rects), max(r[1] for r in rects),
                 min(r[2] for r in rects), max(r[3] for r in rects))
        assert abs(middle(whole) - axis) <= BALANCED * form.root.getSx(), case  # what it holds balanced round it
        for rect in rects:  # every part on the panel (as far as it is in the window: a form may scroll)
            clipped = (max(rect[0], -aspect), min(rect[1], aspect), max(rect[2], -1), min(rect[3], 1))
            if clipped[2] < clipped[3]:
                assert inside(clipped, panel, 1e-4), case
        label = next(w for w in form.widgets if not w.isEmpty() and hasattr(w, "getText")
                     and w.getText() == tr("menu_ruleset"))
        assert drawn_rect(app.base, label)[1] < widget_rect(app.base, form.ruleset_menu)[0], case  # beside it
        band = form.scroll.band  # the foot's band: only where something scrolls under it, no wider than the panel
        if form.scroll.room == 0:
            assert band is None or not shown(band), case
        elif band is not None and shown(band):
            left, right, _, _ = widget_rect(app.base, band)
            assert panel[0] - 1e-4 <= left and right <= panel[1] + 1e-4, case
        now = [button.guiItem.getFrame() for button in buttons]
        assert [r[3] - r[2] for r in now] == pytest.approx([r[3] - r[2] for r in feet], abs=1e-4), case
        assert now[0][1] - now[0][0] == pytest.approx(now[1][1] - now[1][0], abs=1e-4), case  # as wide
