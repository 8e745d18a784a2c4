"""The result panel at a game's or a Dominus round's end, sized to what it says (a part of the HUD, screens/hud.py).

The panel stands at the middle of the window's right edge (lowered under the log's panel when that is unfolded:
layout.end_place), or at its bottom right corner where the end keeps furniture clear of it (Aquarius Rising's trays
and unused goals, right of its houses about their middle depth: view/family.py TableParts.end_furniture), and is as
wide and as high as its title, its lines and its buttons need, no larger than
layout.END: the finished table is framed beside it (screens/table_camera.py), so every bit of panel the words do not
need is taken from the cards (a 1024x600 window at 150% kept a panel of 490x425 pixels for three lines).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .layout import END, MARGIN, fit_text

if TYPE_CHECKING:
    from direct.gui.DirectGui import DirectButton, DirectFrame
    from direct.gui.OnscreenText import OnscreenText

    from .widgets import Frame

TEXT = 0.045  # the result's lines at 100% (smaller when they would not fit: Aquarius Rising's tie-breaks)
PAD = 0.06  # round the panel's words and buttons
WORDS_WIDEST = 1.0  # the result's lines wrap no wider (long rows read badly beside the table)
NARROWEST = 0.9  # the panel is no narrower (a short result looks lost in a sliver)
TITLE_BAND = 0.18  # from the panel's top to its lines' top: the title's row
TITLE_DROP = 0.1  # from the panel's top to the title's baseline
BUTTON_GAP = 0.1  # between two buttons of a row
FIRST_ROW = 0.1  # from the lines' bottom to the first row of buttons' middle
NEXT_ROW = 0.12  # from one row of buttons' middle to the next, and from the last to the panel's bottom


def button_width(button: DirectButton) -> float:
    """A button's width in its parent's units."""
    left, right, _, _ = button.guiItem.getFrame()
    return float((right - left) * button.getSx())


def fit(panel: DirectFrame, title: OnscreenText, lines: OnscreenText, rows: Sequence[Sequence[DirectButton]],
        low: bool = False) -> Frame:
    """Lay out the panel round its words and its rows of buttons (the rows' buttons that show, top to bottom: empty
    rows are left out), keeping its right edge and its middle height where layout.END has them, or its bottom
    MARGIN over the window's when `low`. The panel's frame."""
    shown = [[b for b in row if not b.isHidden()] for row in rows]
    shown = [row for row in shown if row]
    buttons = FIRST_ROW + NEXT_ROW * len(shown) if shown else PAD
    node = lines.textNode  # (as high as the panel at its largest leaves them: smaller words first)
    size = fit_text(node, WORDS_WIDEST, END[3] - END[2] - TITLE_BAND - buttons, TEXT)
    words_width = node.getWidth() * size if node.getText() else 0.0
    words_height = node.getHeight() * size if node.getText() else 0.0
    widths = [sum(button_width(b) for b in row) + BUTTON_GAP * (len(row) - 1) for row in shown]
    title_width = title.textNode.getWidth() * title.getScale()[0] if title.textNode.getText() else 0.0
    width = min(END[1] - END[0], max([NARROWEST, words_width + 2 * PAD, title_width + 2 * PAD]
                                     + [w + 2 * PAD for w in widths]))
    height = TITLE_BAND + words_height + buttons
    top = min(END[3], (END[2] + END[3]) / 2 + height / 2)
    if low:  # (the window's bottom, in the panel's units)
        top = min(END[3], panel.getRelativePoint(panel.getTop(), (0, 0, -1 + MARGIN)).z + height)
    right = END[1]
    middle = right - width / 2
    title.setPos(middle, top - TITLE_DROP)
    lines.setScale(size)
    words_top = top - TITLE_BAND
    lines.setPos(middle, words_top - (node.getTop() if node.getText() else 0.0) * size)
    row_z = words_top - words_height - FIRST_ROW
    for row, row_width in zip(shown, widths, strict=True):
        x = middle - row_width / 2
        for button in row:
            w = button_width(button)
            button.setPos(x + w / 2, 0, row_z)
            x += w + BUTTON_GAP
        row_z -= NEXT_ROW
    frame = (right - width, right, top - height, top)
    panel["frameSize"] = frame
    return frame
