"""The legal spots' outlines (issue 27, points 2 and 5): a gold line on a dark one, read on the felt and on every
panel, flaring as the spots appear and a little wider under the pointer; the table cards an action may take are
ringed the same way (view/scene.py draws them)."""

from __future__ import annotations

from panda3d.core import LineSegs, NodePath

SPOT_GLOW = (1.0, 0.9, 0.35, 1.0)  # a legal spot's outline: warm gold...
SPOT_EDGE = (0.05, 0.04, 0.02, 1.0)  # ...on a dark line, so that it reads on the felt and on every panel
SPOT_FLASH = 0.45  # seconds of the outlines' flare as the spots appear
SPOT_FLARE = 0.8  # how much brighter they start
SPOT_HOVER_GROWTH = 1.04  # the outline of the spot under the pointer, a little wider


def spot_outline(parent: NodePath, half_width: float, half_length: float) -> NodePath:
    """A legal spot's outline, a rectangle round its middle: a dark line 7 pixels wide under a gold one 3 pixels
    wide (in pixels: as clear at any zoom), each in its own bin after the table so the gold one is drawn over."""
    root = parent.attachNewNode("spot-outline")
    corners = ((half_width, -half_length), (half_width, half_length), (-half_width, half_length),
               (-half_width, -half_length))
    for order, (thickness, colour) in enumerate(((7.0, SPOT_EDGE), (3.0, SPOT_GLOW))):
        lines = LineSegs("spot-outline-dark" if order == 0 else "spot-outline-glow")
        lines.setThickness(thickness)
        lines.setColor(*colour)
        lines.moveTo(-half_width, -half_length, 0.0)
        for x, y in corners:
            lines.drawTo(x, y, 0.0)
        drawn = root.attachNewNode(lines.create())
        drawn.setBin("fixed", 40 + order)
    return root
