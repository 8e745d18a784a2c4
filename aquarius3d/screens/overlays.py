"""What lies over the table now: the game menu, the Join form, F1's help, the first-game tour's callout, the
hand-off cover's words and buttons, a greyed pyramid's tip. They draw over the table and every floating label;
a label that would lie under one is not shown (view/labels.py), so nothing of it shows through."""

from __future__ import annotations

from typing import TYPE_CHECKING

from panda3d.core import PGItem, Point3

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


def tuck(screen: TableScreen) -> None:
    """The HUD's words that a panel over the table would partly cover are hidden while it shows (the notice that
    ran out above F1's panel, the hand-off cover's words read through the game menu's buttons): nothing of the HUD
    reads over, through or half under a menu, dialog or overlay."""
    over = [rect for rect in (node_rect(screen, node) for node in panels(screen)) if rect is not None]
    hud = screen.hud
    for words in (hud.notice, hud.cover_words):
        words.show()  # (measured where it would be drawn)
        rect = node_rect(screen, words) if over else None
        if rect is not None and any(overlap(rect, other) for other in over):
            words.hide()


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
