"""The look shared by every screen: colours, and buttons, texts and panels that a screen keeps track of."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from direct.gui.DirectGui import DGG, DirectButton, DirectFrame
from direct.gui.OnscreenText import OnscreenText
from panda3d.core import NodePath, TextNode

Colour = tuple[float, float, float, float]  # red, green, blue, alpha: 0-1 each
Frame = tuple[float, float, float, float]  # left, right, bottom, top

TEXT: Colour = (0.95, 0.93, 0.86, 1)
WARNING: Colour = (1.0, 0.72, 0.45, 1)  # what went wrong, on a form
DIM: Colour = (0.68, 0.68, 0.68, 1)  # what cannot be chosen (a broken save)
CHOSEN = dict(frameColor=((0.55, 0.45, 0.2, 1), (0.66, 0.55, 0.26, 1), (0.66, 0.55, 0.26, 1), (0.2, 0.2, 0.2, 1)))
PANEL: Colour = (0.08, 0.09, 0.11, 0.86)
ENTRY = dict(text_fg=(0.1, 0.1, 0.1, 1), frameColor=(0.9, 0.9, 0.86, 1))
BUTTON = dict(frameColor=((0.22, 0.3, 0.42, 1), (0.3, 0.42, 0.58, 1), (0.3, 0.42, 0.58, 1), (0.2, 0.2, 0.2, 1)),
              text_fg=TEXT, relief=DGG.FLAT, pad=(0.5, 0.3))
CHECK = dict(text_fg=TEXT, frameColor=(0, 0, 0, 0), boxPlacement="left", boxBorder=0.5)  # a gap after the box


def button(parent: NodePath, text: str, command: Callable[..., object] | None, pos: tuple[float, float],
           scale: float = 0.06, args: Sequence[object] = ()) -> DirectButton:
    """A flat button at (x, z); `command(*args)` on a click."""
    return DirectButton(text=text, command=command, extraArgs=list(args), pos=(pos[0], 0, pos[1]), scale=scale,
                        parent=parent, **BUTTON)


def text(parent: NodePath, words: str, pos: tuple[float, float], scale: float = 0.05, align: int = TextNode.ACenter,
         fg: Colour = TEXT, wrap: float | None = None) -> OnscreenText:
    """Shadowed text that may change later (`setText`)."""
    return OnscreenText(text=words, pos=pos, scale=scale, align=align, fg=fg, parent=parent,
                        shadow=(0, 0, 0, 0.7), wordwrap=wrap, mayChange=True)


def panel(parent: NodePath, frame: Frame, colour: Colour = PANEL) -> DirectFrame:
    """A plain rectangle (left, right, bottom, top) behind other widgets."""
    return DirectFrame(frameColor=colour, frameSize=frame, parent=parent)


def newest_lines(widget: OnscreenText, lines: list[str], rows: int) -> None:
    """Show the newest of `lines` that fit in `rows` rows of a wrapped text (the log): older ones drop off the top."""
    count = min(len(lines), rows)
    while True:
        widget.setText("\n".join(lines[len(lines) - count:]) if count else "")
        if count <= 1 or widget.textNode.getNumRows() <= rows:
            return
        count -= 1


def side_by_side(buttons: list[DirectButton], z: float, gap: float = 0.03, width: float = 2.6) -> list[DirectButton]:
    """Lay buttons out in a row centred at height z, each as wide as its words, `gap` apart; rows of at most
    `width` (aspect2d units) stacked downwards. Returns the buttons."""
    rows: list[list[tuple[DirectButton, float]]] = [[]]
    used = 0.0
    for button in buttons:
        wide = button.getWidth() * button.getScale()[0]
        if rows[-1] and used + wide > width:
            rows.append([])
            used = 0.0
        rows[-1].append((button, wide))
        used += wide + gap
    for r, row in enumerate(rows):
        x = -(sum(w for _, w in row) + gap * (len(row) - 1)) / 2
        for button, wide in row:
            button.setPos(x + wide / 2, 0, z - r * 0.09)
            x += wide + gap
    return buttons
