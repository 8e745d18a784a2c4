"""No word of the HUD is cut by a panel over the table (issue 27, point 4): with F1's help or the game menu open, the
turn panel's counts read "Bo: 3" and the goal's words "...utton) / goal." where the panel's edge cut them. Every
text and button of the HUD is wholly clear of the panel or not drawn while it shows, and drawn again after."""

import pytest
from driving import FakeTask, open_panel
from panda3d.core import PGButton

from aquarius3d.screens.focus import shown
from aquarius3d.screens.layout import overlap
from aquarius3d.screens.overlays import node_rect
from aquarius3d.session import Seat
from test_layout import with_window

CASES = [(size, scale) for size in [(1024, 600), (1280, 720)] for scale in (100, 150)]


def hud_words(table, panel):
    """Every text and button of the table screen's 2D nodes (its root and the HUD's corners), bar the panel's own
    and the floating labels (view/labels.py places those)."""
    hud = table.hud
    found = []
    for root in (table.root, hud.top_left, hud.top_right, hud.bottom_left, hud.bottom_right, hud.right_centre):
        for node in [*root.findAllMatches("**/+TextNode;+s"), *root.findAllMatches("**/+PGButton;+s")]:
            path = [node] + [node.getAncestor(i) for i in range(1, node.getNumNodes())]
            if any(step == panel or step.hasPythonTag("anchor") for step in path):
                continue
            if isinstance(node.node(), PGButton) or not any(isinstance(step.node(), PGButton) for step in path):
                found.append(node)
    return found


def cut(table, panel):
    """The HUD's words drawn now that the panel covers in part (or whole)."""
    over = node_rect(table, panel)
    cut = []
    for node in hud_words(table, panel):
        rect = node_rect(table, node)
        if shown(node) and rect is not None and overlap(rect, over):
            cut.append(node)
    return cut


@pytest.mark.parametrize("which", ["help", "menu"])
@pytest.mark.parametrize("size, scale", CASES)
def test_no_hud_word_is_cut_by_a_panel_over_the_table(app, monkeypatch, size, scale, which):
    original = with_window(app, monkeypatch, *size)
    app.settings["interface_scale"] = scale
    try:
        app.start_game("aquarius", {}, [Seat("Ann"), Seat("Bo", "computer"), Seat("Cy", "computer")], seed=8)
        table = app.table
        table.reveal()
        frame = table.feedback._place_task
        frame(FakeTask())
        info = table.hud.info
        assert shown(info) and "Bo" in info.getText()
        before = [node for node in hud_words(table, None) if shown(node)]
        panel = open_panel(table, which)
        frame(FakeTask())
        assert cut(table, panel) == []
        tucked = [node for node in before if not shown(node)]
        assert tucked  # (each case has words the panel would cut: the counts or the Menu button)
        if which == "help":
            table.toggle_help()
        else:
            table.close_menu()
        frame(FakeTask())
        assert all(shown(node) for node in tucked)
    finally:
        app.base.adjustWindowAspectRatio(original)
