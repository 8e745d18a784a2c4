"""The result panel at a game's or a Dominus round's end, sized to what it says (a part of the HUD, screens/hud.py).

The panel stands at the middle of the window's right edge (lowered under the log's panel when that is unfolded:
layout.end_place), or at its bottom right corner where the end keeps furniture clear of it (Aquarius Rising's trays
and unused goals, right of its houses about their middle depth: view/family.py TableParts.end_furniture), and is as
wide and as high as its title, its lines and its buttons need, no larger than
layout.END: the finished table is framed beside it (screens/table_camera.py), so every bit of panel the words do not
need is taken from the cards (a 1024x600 window at 150% kept a panel of 490x425 pixels for three lines).

The result's lines (session.summary(), held by the HUD's lines text) are drawn here as blocks: prose centred, and
the rows of a table (session/rows.py) as a table, each row's words on the left, its points right-aligned in
columns, a rule over a total row (a playtest: each tower's points wrapped onto a line of their own, and Dominus'
result read as nine dense centred lines). The panel grows wider than layout.END where the window has the room
(never past half its width) before the table's words wrap.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from direct.gui.OnscreenText import OnscreenText
from panda3d.core import CardMaker, TextNode

from ..session.rows import cells, is_head, is_total
from .layout import END, MARGIN, SMALLEST_TEXT, WRAP_SLACK, text_scales

if TYPE_CHECKING:
    from direct.gui.DirectGui import DirectButton, DirectFrame

    from .widgets import Frame

TEXT = 0.05  # a table's words at 100% (smaller when they would not fit)
PROSE = 0.9  # prose is this much smaller (as large as it was: Aquarius Rising's long tie-breaks stand low, by trays)
PAD = 0.06  # round the panel's words and buttons
WORDS_WIDEST = 1.0  # prose wraps no wider (long rows read badly beside the table), unless a table is wider
LABEL_WIDEST = 1.2  # a row's words wrap no wider, at most (less where the window has not the room)
LABEL_LEAST = 0.45  # nor narrower where they are longer: smaller words first
TABLE_LEAST = 0.8  # a table is no narrower: its points stand apart from short words ("Ann", "Bo")
WIDEST = 1.75  # the panel is no wider, however wide the window (nor wider than half of it)
NARROWEST = 0.9  # the panel is no narrower (a short result looks lost in a sliver)
COLUMN_GAP = 0.07  # between a row's words and its first points, and between two columns of points
ROW_GAP = 0.02  # between two rows of a table
BLOCK_GAP = 0.045  # between a table and prose
RULE = 0.004  # the rule over a total row: its thickness
HEAD_COLOUR = (0.75, 0.8, 0.85, 1.0)  # the columns' heads: quieter than the points under them
HEAD = 0.85  # and smaller
ASCENT = 0.8  # a row's first baseline under its top, in lines
TITLE_BAND = 0.18  # from the panel's top to its lines' top: the title's row
TITLE_DROP = 0.1  # from the panel's top to the title's baseline
BUTTON_GAP = 0.1  # between two buttons of a row
FIRST_ROW = 0.1  # from the lines' bottom to the first row of buttons' middle
NEXT_ROW = 0.12  # from one row of buttons' middle to the next, and from the last to the panel's bottom


@dataclass
class Block:
    """A part of the result: prose (`rows` empty) or a table's rows, each its cells."""

    prose: str = ""
    rows: list[list[str]] = field(default_factory=list)
    totals: list[bool] = field(default_factory=list)
    heads: list[bool] = field(default_factory=list)


def blocks(text: str) -> list[Block]:
    """The result's lines in blocks: each run of prose lines one, each run of rows one (a head begins one)."""
    found: list[Block] = []
    for line in text.split("\n") if text else []:
        row = cells(line)
        if row is None:
            if found and not found[-1].rows:
                found[-1].prose += "\n" + line
            else:
                found.append(Block(prose=line))
            continue
        if not found or not found[-1].rows or is_head(line):  # (a head begins a table of its own)
            found.append(Block())
        found[-1].rows.append(row)
        found[-1].totals.append(is_total(line))
        found[-1].heads.append(is_head(line))
    return found


class Body:
    """The result's words as drawn: a node under the panel holding a text per prose block and per cell."""

    def __init__(self, panel: DirectFrame, lines: OnscreenText) -> None:
        self.root = panel.attachNewNode("end-body")
        self.lines = lines
        self.texts: list[OnscreenText] = []
        self.key: tuple[str, float, float, float] | None = None  # what these are drawn for (drawn again on change)
        self.size = self.width = self.height = 0.0

    def clear(self) -> None:
        for node in self.texts:
            node.destroy()
        self.texts = []
        for child in self.root.getChildren():
            child.removeNode()

    def word(self, words: str, size: float, align: int, fg: tuple[float, ...] | None = None) -> OnscreenText:
        node = self.lines.textNode
        text = OnscreenText(text=words, scale=size, align=align, fg=fg or tuple(node.getTextColor()),
                            shadow=(0, 0, 0, 0.7), font=node.getFont(), parent=self.root, mayChange=True)
        self.texts.append(text)
        return text

    def draw(self, text: str, widest: float, height: float, least: float) -> None:
        """Lay out the words for a panel at most `widest` wide (its words' room, without PAD), in `height`, the
        panel at least `least` wide: the largest size that fits, else the smallest."""
        key = (text, round(widest, 4), round(height, 4), round(least, 4))
        if key == self.key:
            return
        self.key = key
        for size in text_scales(TEXT):
            self.clear()
            self._draw(blocks(text), size, widest, least)
            if self.height <= height or size * 0.9 < SMALLEST_TEXT:
                break

    def _draw(self, found: list[Block], size: float, widest: float, least: float) -> None:
        """At the words' size: the blocks from the top (z 0) down, centred on x 0; self.width and self.height."""
        tables = []  # (block, label wrap, the columns' widths)
        for block in found:
            if not block.rows:
                continue
            columns = max(len(row) for row in block.rows) - 1
            widths = [max((self._width(row[j + 1], size) for row in block.rows if len(row) > j + 1), default=0.0)
                      for j in range(columns)]
            values = sum(widths) + COLUMN_GAP * columns
            labels = max(self._width(row[0], size) for row in block.rows)
            label = max(min(labels, LABEL_LEAST), min(labels, LABEL_WIDEST, widest - values), TABLE_LEAST - values)
            tables.append((block, label, widths))
        table_width = max((label + sum(w) + COLUMN_GAP * len(w) for _, label, w in tables), default=0.0)
        tables = [(block, table_width - sum(w) - COLUMN_GAP * len(w), w) for block, _, w in tables]  # (one width:
        # the last points of every table in one column, a rule as long as the rows under it)
        prose_width = min(widest, max(WORDS_WIDEST, table_width))
        z, width = 0.0, table_width
        line = self.lines.textNode.getLineHeight()
        for index, block in enumerate(found):
            if index:
                z -= BLOCK_GAP if bool(block.rows) != bool(found[index - 1].rows) else BLOCK_GAP / 2
            if not block.rows:
                small = size * PROSE
                words = self.word(block.prose, small, TextNode.ACenter)
                words.textNode.setWordwrap(prose_width / small - WRAP_SLACK)
                node = words.textNode
                words.setPos(0, z - node.getTop() * small)
                z -= node.getHeight() * small
                width = max(width, node.getWidth() * small)
                continue
            _, label, widths = next(t for t in tables if t[0] is block)
            full = label + sum(widths) + COLUMN_GAP * len(widths)
            left = -full / 2
            for row, total, head in zip(block.rows, block.totals, block.heads, strict=True):
                if total:
                    self._rule(left, left + full, z - ROW_GAP / 2)
                    z -= ROW_GAP
                base = z - ASCENT * line * size  # (every row's first baseline as far under its top)
                rows_high = 1
                if row[0]:  # (a head's first cell is empty: no text, whose rows Panda3D does not count)
                    words = self.word(row[0], size, TextNode.ALeft)
                    words.textNode.setWordwrap(label / size - WRAP_SLACK / 2)
                    words.setPos(left, base)
                    rows_high = max(1, words.textNode.getNumRows())
                right = left + label
                for value, wide in zip(row[1:], widths, strict=False):
                    right += COLUMN_GAP + wide
                    shown = self.word(value, size * (HEAD if head else 1.0), TextNode.ARight,
                                      HEAD_COLOUR if head else None)
                    shown.setPos(right, base)
                z -= rows_high * line * size + ROW_GAP
        self.size, self.width, self.height = size, width, -z

    def _width(self, words: str, size: float) -> float:
        return float(self.lines.textNode.calcWidth(words)) * size if words else 0.0

    def _rule(self, left: float, right: float, z: float) -> None:
        maker = CardMaker("end-rule")
        maker.setFrame(left, right, z - RULE / 2, z + RULE / 2)
        rule = self.root.attachNewNode(maker.generate())
        rule.setColor(0.85, 0.88, 0.9, 0.6)
        rule.setTransparency(True)


def body(panel: DirectFrame, lines: OnscreenText) -> Body:
    """The panel's drawn result (made on first use, kept on the panel)."""
    found = panel.getPythonTag("end_body")
    if not isinstance(found, Body):
        found = Body(panel, lines)
        panel.setPythonTag("end_body", found)
    return found


def button_width(button: DirectButton) -> float:
    """A button's width in its parent's units."""
    left, right, _, _ = button.guiItem.getFrame()
    return float((right - left) * button.getSx())


def fit(panel: DirectFrame, title: OnscreenText, lines: OnscreenText, rows: Sequence[Sequence[DirectButton]],
        low: bool = False) -> Frame:
    """Lay out the panel round its words (the lines' text, drawn as Body: the lines themselves are stashed) and its
    rows of buttons (the rows' buttons that show, top to bottom: empty rows are left out), keeping its right edge
    and its middle height where layout.END has them, or its bottom MARGIN over the window's when `low`. The panel's
    frame."""
    shown = [[b for b in row if not b.isHidden()] for row in rows]
    shown = [row for row in shown if row]
    for row in shown:
        for button in row:  # (round its words as they are now: "Play again" becomes "New deal", "Rejouer" "Nouvelle
            if button["frameSize"] is None:  # donne", after the button was made)
                button.resetFrameSize()
    buttons = FIRST_ROW + NEXT_ROW * len(shown) if shown else PAD
    if not lines.isStashed():  # (drawn by Body: out of the scene, its bounds too, but its text kept)
        lines.stash()
    widths = [sum(button_width(b) for b in row) + BUTTON_GAP * (len(row) - 1) for row in shown]
    title_width = title.textNode.getWidth() * title.getScale()[0] if title.textNode.getText() else 0.0
    top_node = panel.getTop()
    half = 1.0 / max(1e-6, abs(panel.getSx(top_node))) - MARGIN  # half the window, in the panel's units
    widest = END[1] - END[0] if low else max(END[1] - END[0], min(WIDEST, half))  # (low: clear of the trays)
    least = max([NARROWEST, title_width + 2 * PAD] + [w + 2 * PAD for w in widths])
    drawn = body(panel, lines)
    drawn.draw(lines.textNode.getText(), widest - 2 * PAD, END[3] - END[2] - TITLE_BAND - buttons, least)
    width = min(widest, max(least, drawn.width + 2 * PAD))
    height = TITLE_BAND + drawn.height + buttons
    top = min(END[3], (END[2] + END[3]) / 2 + height / 2)
    if low:  # (the window's bottom, in the panel's units)
        top = min(END[3], panel.getRelativePoint(top_node, (0, 0, -1 + MARGIN)).z + height)
    right = END[1]
    middle = right - width / 2
    title.setPos(middle, top - TITLE_DROP)
    words_top = top - TITLE_BAND
    drawn.root.setPos(middle, 0, words_top)
    row_z = words_top - drawn.height - FIRST_ROW
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
