"""The legal spots' outlines (issue 27, points 2 and 5): a gold line on a dark one, read on the felt and on every
panel, flaring as the spots appear and a little wider under the pointer; the table cards an action may take are
ringed the same way (view/scene.py draws them)."""

from __future__ import annotations

from panda3d.core import LineSegs, NodePath, TransparencyAttrib

SPOT_GLOW = (1.0, 0.9, 0.35, 1.0)  # a legal spot's outline: warm gold...
SPOT_EDGE = (0.05, 0.04, 0.02, 1.0)  # ...on a dark line, so that it reads on the felt and on every panel
SPOT_THROUGH = (1.0, 0.9, 0.35, 0.55)  # the spot's outline through a pyramid or a house before it: fainter gold
SPOT_FLASH = 0.45  # seconds of the outlines' flare as the spots appear
SPOT_FLARE = 0.8  # how much brighter they start
SPOT_HOVER_GROWTH = 1.04  # the outline of the spot under the pointer, a little wider
SOURCE_LINE = (0.96, 0.96, 0.92, 1.0)  # the card Move a Card lifts: a dashed pale line round where it lies...
SOURCE_DIM = (0.55, 0.55, 0.55, 1.0)  # ...and the card dimmed there, as if gone from it
DASH = (7.0, 4.5)  # millimetres of each dash and of each gap


def spot_outline(parent: NodePath, half_width: float, half_length: float) -> NodePath:
    """A legal spot's outline, a rectangle round its middle: a dark line 7 pixels wide under a gold one 3 pixels
    wide (in pixels: as clear at any zoom), each in its own bin after the table so the gold one is drawn over; and
    under both, a fainter gold line drawn through whatever stands before it (SPOT_THROUGH): a playtester's only
    legal quarter lay behind a black pyramid, its outline hidden, and nothing could be seen to glow."""
    root = parent.attachNewNode("spot-outline")
    corners = ((half_width, -half_length), (half_width, half_length), (-half_width, half_length),
               (-half_width, -half_length))
    for order, (name, thickness, colour) in enumerate((("spot-outline-through", 3.0, SPOT_THROUGH),
                                                       ("spot-outline-dark", 7.0, SPOT_EDGE),
                                                       ("spot-outline-glow", 3.0, SPOT_GLOW))):
        lines = LineSegs(name)
        lines.setThickness(thickness)
        lines.setColor(*colour)
        lines.moveTo(-half_width, -half_length, 0.0)
        for x, y in corners:
            lines.drawTo(x, y, 0.0)
        drawn = root.attachNewNode(lines.create())
        drawn.setBin("fixed", 39 + order)
        if order == 0:  # (seen through what stands before it: no depth test, drawn first of the three)
            drawn.setDepthTest(False)
            drawn.setTransparency(TransparencyAttrib.M_alpha)
    return root


def source_outline(parent: NodePath, half_width: float, half_length: float) -> NodePath:
    """Round the card Move a Card lifts: a dashed pale line on a dark one (in pixels, as the spots'), unlike the
    gold of the spots and of the last move: this card leaves from here."""
    root = parent.attachNewNode("source-outline")
    corners = [(-half_width, -half_length), (half_width, -half_length), (half_width, half_length),
               (-half_width, half_length)]
    for order, (thickness, colour) in enumerate(((7.0, SPOT_EDGE), (3.0, SOURCE_LINE))):
        lines = LineSegs("source-outline-dark" if order == 0 else "source-outline-line")
        lines.setThickness(thickness)
        lines.setColor(*colour)
        for (x0, y0), (x1, y1) in zip(corners, corners[1:] + corners[:1]):
            length = abs(x1 - x0) + abs(y1 - y0)
            at = 0.0
            while at < length:
                end = min(length, at + DASH[0])
                lines.moveTo(x0 + (x1 - x0) * at / length, y0 + (y1 - y0) * at / length, 0.0)
                lines.drawTo(x0 + (x1 - x0) * end / length, y0 + (y1 - y0) * end / length, 0.0)
                at = end + DASH[1]
        root.attachNewNode(lines.create()).setBin("fixed", 40 + order)
    return root
