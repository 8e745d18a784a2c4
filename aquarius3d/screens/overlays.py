"""What lies over the table now: the game menu, the Join form, F1's help, the first-game tour's callout, the
hand-off cover's words and buttons, a greyed pyramid's tip. They draw over the table and every floating label;
a label that would lie under one is not shown (view/labels.py), so nothing of it shows through; a word of the HUD
that a panel would cover is put away while the panel shows (`Tuck`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from panda3d.core import PGButton, PGItem, Point3

from .layout import overlap

if TYPE_CHECKING:
    from panda3d.core import NodePath

    from ..view.camera import Rect
    from .table_screen import TableScreen


def panels(screen: TableScreen) -> list[NodePath]:
    """The panels shown over the table and its HUD now: the game menu, the Join form, F1's help, the tour's callout."""
    nodes: list[NodePath] = []
    if screen.menu.shown:
        nodes.append(screen.menu.panel)
    if not screen.join.panel.isHidden():
        nodes.append(screen.join.panel)
    if screen.help_shown:
        nodes.append(screen.hud.help_panel)
    if screen.tour.shown:
        nodes.append(screen.tour.panel)
    return nodes


def covering(screen: TableScreen) -> list[Rect]:
    """The screen rectangles (render2d units: left, right, bottom, top) of what lies over the table now."""
    nodes = panels(screen)
    cover = screen.hud.cover
    if not cover.isHidden():  # the table stays in view, dimmed, behind the cover: only its words and buttons cover
        nodes += [node for node in cover.getChildren() if not node.isHidden()]
    if not screen.tray_tip.text.isHidden():
        nodes.append(screen.tray_tip.text)
    return [rect for rect in (node_rect(screen, node) for node in nodes) if rect is not None]


class Tuck:
    """The HUD's words that a panel over the table would cover, wholly or in part, are put away while it shows and
    back when it goes: the turn panel's counts, the goal's words, the notice, the hand-off cover's words... cut by
    F1's or the game menu's edge read as "Bo: 3 car" or "...al button)". Nothing of the HUD reads over, through or
    half under a menu, dialog or overlay. A word is put away by stashing it (a button with its words, the cover's
    words all together), so that what hides and shows it for its own reasons (hide and show) stays untouched."""

    def __init__(self, screen: TableScreen) -> None:
        self.screen = screen
        self.tucked: list[NodePath] = []

    def step(self) -> None:
        """Before each frame: what was put away comes back, and what a panel shown now would cover goes again."""
        screen = self.screen
        if screen.root is None or screen.root.isStashed():
            return  # (the screen steps aside for another one: it stashed its widgets itself)
        for node in self.tucked:
            if not node.isEmpty():
                node.unstash()
        self.tucked = []
        over = panels(screen)
        rects = [rect for rect in (node_rect(screen, node) for node in over) if rect is not None]
        if not rects:
            return
        for node in hud_words(screen, over):
            rect = node_rect(screen, node)
            if rect is not None and any(overlap(rect, other) for other in rects):
                node.stash()
                self.tucked.append(node)


def hud_words(screen: TableScreen, over: list[NodePath]) -> list[NodePath]:
    """The HUD's words drawn now, each as it is put away: a button with its words, the hand-off cover's words
    together, else a text alone; not the words of the panels in `over`, nor the floating labels (view/labels.py
    places those clear of every panel)."""
    hud = screen.hud
    roots = [root for root in (screen.root, hud.top_left, hud.top_right, hud.bottom_left, hud.bottom_right,
                               hud.right_centre) if root is not None]
    groups = [hud.cover_words]
    found: list[NodePath] = []
    for root in roots:
        # (a button's words are drawn by its PGButton, under no node of the graph: the button is found itself)
        for text in [*root.findAllMatches("**/+TextNode"), *root.findAllMatches("**/+PGButton")]:
            unit = word_unit(text, root, over, groups)
            if unit is not None and unit not in found and not unit.isHidden():
                found.append(unit)
    return found


def word_unit(text: NodePath, root: NodePath, over: list[NodePath], groups: list[NodePath]) -> NodePath | None:
    """What is put away with a text: the button or the group holding it, else the text; None for a text of a panel
    in `over` or a floating label."""
    unit = text
    node = text
    while node != root and not node.isEmpty():
        if node in over or node.hasPythonTag("anchor"):
            return None
        if node in groups or isinstance(node.node(), PGButton):
            unit = node
        node = node.getParent()
    return unit


def node_rect(screen: TableScreen, node: NodePath) -> Rect | None:
    """Where a 2D node is drawn in screen units: a panel's or button's frame (drawn by its PGItem, which no bounds
    count) joined with the bounds of what it holds; None when it draws nothing."""
    render2d = screen.base.render2d
    rects = []
    item = node.node()
    if isinstance(item, PGItem) and item.hasFrame():
        left, right, bottom, top = item.getFrame()
        low = render2d.getRelativePoint(node, Point3(left, 0, bottom))
        high = render2d.getRelativePoint(node, Point3(right, 0, top))
        rects.append((min(low.x, high.x), max(low.x, high.x), min(low.z, high.z), max(low.z, high.z)))
    bounds = node.getTightBounds(render2d)
    if bounds is not None:
        low, high = bounds
        rects.append((low.x, high.x, low.z, high.z))
    if not rects:
        return None
    return (min(r[0] for r in rects), max(r[1] for r in rects), min(r[2] for r in rects), max(r[3] for r in rects))
