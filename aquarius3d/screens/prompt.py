"""The prompt strip over the hand (what to do now, and the take-back button at its end) and the dialog beside it
(the choices an action needs, one button each, saying what it does: "Left: every goal goes one seat to the left
(Ann's to Bo, Bo's to Cy, Cy's to Ann)").

Both are placed by screens/layout.py: over the hand, left of the goal, under the log; the strip's text and the
dialog's buttons shrink their words to fit their boxes, never run out of them. The strip takes three rows at most, its
words never under 13 pixels high: where it is short of room the take-back button's words wrap, then the text shrinks,
and where even so the band over the hand is too narrow (Rising's heights panel and the goal at 1024x600 and 150%)
it stands higher, over the goal's corner, and takes the width up to the window's right edge. The options are the session's
(`Session.options()`, each a move and its words); a click hands the move back to the session (`choose`).
"""

from __future__ import annotations

import math

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from direct.gui.DirectGui import DirectButton, DirectFrame
from panda3d.core import NodePath, TextNode

from . import layout
from .layout import Rect
from .widgets import BUTTON

if TYPE_CHECKING:
    from direct.gui.OnscreenText import OnscreenText

    from ..engine.moves import Move
    from ..session.choice import Option
    from .table_screen import TableScreen

Act = Callable[[Callable[..., object], "Move | None"], None]
# the dialog measured: its width, its buttons' words as wrapped, columns, text size, a button's width, each row's height
Arrangement = tuple[float, list[TextNode], int, float, float, list[float]]

STRIP = (0.05, 0.06, 0.08, 0.8)  # the strip's colour: a dark band the words read on over any table
DIALOG = (0.1, 0.12, 0.16, 0.94)
EDGE = (0.85, 0.72, 0.35, 1)  # the dialog's rim: gold, as an action card's band
STRIP_STEP = 0.02  # the strip's width is tried in such steps (aspect2d units at 100%) for its words' rows


def measure(words: str, wrap: float | None) -> TextNode:
    """A text node holding these words, wrapped at `wrap` text units: its frame and rows, measured."""
    node = TextNode("measure")
    if wrap is not None:
        node.setWordwrap(wrap)
    node.setText(words)
    return node


class Prompt:
    """The strip and the dialog of the table screen: the screen keeps their widgets (screens/__init__.py)."""

    def __init__(self, screen: TableScreen, parent: NodePath) -> None:
        self.screen = screen
        self.parent = parent
        self.strip = screen.keep(DirectFrame(parent=parent, frameColor=STRIP, frameSize=(0, 0, 0, 0)))
        self.text: OnscreenText = screen.text("", (0, 0), layout.STRIP_TEXT, parent=self.strip)
        self.dialog = screen.keep(DirectFrame(parent=parent, frameColor=EDGE, frameSize=(0, 0, 0, 0)))
        self.dialog_inside = screen.keep(DirectFrame(parent=self.dialog, frameColor=DIALOG, frameSize=(0, 0, 0, 0)))
        self.widgets = screen.group()  # the dialog's buttons, then the take-back button (screens/keyboard.py)
        self.options: list[tuple[str, Callable[..., object], Move | None]] = []
        self.take_back: DirectButton | None = None
        self.scale = 1.0
        self.cover_scale = 1.0  # what the cover says is scaled so (the take-back button under its words too)
        self.cover_at = -0.42  # the take-back button's middle on the cover, at 100% (screens/cover.py keeps its row)
        self.ceilings: list[Rect] = []  # the parts at the top (turn panel, log, notice): the dialog stays under them
        self.hand = True  # a hand shows: the strip stands over it (else along the window's bottom)
        self.corner = layout.JOIN[1]  # how wide what the bottom left corner holds is, at 100%
        self.corner_top = 0.0  # and how high (layout.band)
        self.right = -layout.GOAL[0]  # how wide what the right side holds (the goal), at 100%
        self.strip_rect: Rect | None = None  # where they are now (aspect2d), None while hidden
        self.room_rect: Rect | None = None  # while a card is chosen: where the strip will stand once it is (kept clear)
        self.dialog_rect: Rect | None = None
        self.dialog.hide()

    # -- what shows -------------------------------------------------------------------------------------

    def draw(self, options: list[Option], take_back: str | None, act: Act, choose: Callable[..., object],
             undo: Callable[..., object], on_cover: NodePath | None,
             commands: Sequence[tuple[str, Callable[..., object]]] = ()) -> None:
        """The dialog's buttons, one per option, then one per command ((words, what it does): Pass), and the
        take-back button (labelled `take_back`, if any); on the cover (`on_cover`) only the take-back button, under
        its words."""
        screen = self.screen
        screen.forget(self.widgets)
        self.take_back = None
        made: list[DirectButton] = []
        if on_cover is None:
            for option in options:
                words = layout_words(option)
                made.append(DirectButton(text=words, parent=self.dialog_inside, command=act,
                                         extraArgs=[choose, option.move], text_align=TextNode.ALeft, **BUTTON))
            for words, command in commands:
                made.append(DirectButton(text=words, parent=self.dialog_inside, command=act,
                                         extraArgs=[command, None], text_align=TextNode.ALeft, **BUTTON))
        if take_back is not None:
            self.take_back = DirectButton(text=take_back, parent=on_cover if on_cover is not None else self.strip,
                                          command=act, extraArgs=[undo, None], **BUTTON)
            made.append(self.take_back)
        self.widgets += made
        self.layout()

    def say(self, words: str) -> None:
        """The prompt's words (the session's hint, or the suggestion H found), fitted into the strip."""
        self.text.setText(words)
        self.layout()

    # -- placing ----------------------------------------------------------------------------------------

    def layout(self) -> None:
        """Place the strip and the dialog side by side over the hand, centred as one where the band lets them, and
        fit their words in them; where the band between the bottom corners' parts is too narrow for the prompt in
        STRIP_MOST_ROWS rows (Rising's heights panel and the goal at 1024x600, 125% and 150%), in the band over
        the goal's corner, as wide as the window lets it (layout.band_over_goal)."""
        aspect, scale = self.screen.base.getAspectRatio(), self.scale
        on_cover = self.take_back is not None and self.take_back.getParent() != self.strip
        if on_cover and self.take_back is not None:
            self.take_back.setScale(0.055 * self.cover_scale)
            self.take_back.setPos(0, 0, self.cover_at * self.cover_scale)
        bands = [layout.band(scale, aspect, self.hand, self.corner, self.right, self.corner_top)]
        if self.hand and self.right == -layout.GOAL[0]:
            bands.append(layout.band_over_goal(scale, aspect, self.corner, self.corner_top))
        said, coming = self.text.getText(), self.screen.session.hint_to_come()
        self.room_rect = None
        if coming is not None and coming != said:  # (arranged with those words first, then with its own)
            self.text.setText(coming)
            self._arrange_first(bands, on_cover)
            self.room_rect = self.strip_rect
            self.text.setText(said)
        self._arrange_first(bands, on_cover)

    def _arrange_first(self, bands: list[Rect], on_cover: bool) -> None:
        """In the first band where the prompt takes STRIP_MOST_ROWS rows at most, else the last."""
        for i, band in enumerate(bands):
            if self._arrange(band, on_cover) or i == len(bands) - 1:
                break

    def _arrange(self, band: Rect, on_cover: bool) -> bool:
        """The strip and the dialog placed in this band; whether the prompt's words took STRIP_MOST_ROWS rows at
        most (no words: True)."""
        left, right, bottom, _ = band
        buttons = [b for b in self.widgets if b is not self.take_back]
        dialog = self._measure_dialog(buttons, (right - left) / 2, bottom) if buttons else None
        wide = dialog[0] + layout.MARGIN if dialog is not None else 0.0
        shown = bool(self.text.getText())
        strip = self._measure_strip(right - left - wide, None if on_cover else self.take_back) if shown else 0.0
        whole = strip + wide - (layout.MARGIN if not shown and dialog is not None else 0.0)
        x = min(right - whole, max(left, -whole / 2))  # centred over the hand, inside the band
        self.strip_rect = self._place_strip(x, x + strip, bottom, None if on_cover else self.take_back) \
            if shown else None
        self.strip.show() if shown else self.strip.hide()
        self.dialog_rect = self._stack(buttons, dialog, x + whole - dialog[0], bottom) if dialog is not None else None
        self.dialog.show() if dialog is not None else self.dialog.hide()
        return not shown or self.text.textNode.getNumRows() <= layout.STRIP_MOST_ROWS

    def _take_back_width(self, button: DirectButton | None, size: float, rows: int = 1) -> float:
        """The room the take-back button takes at the strip's end, its words at `size` (the prompt's), on one row or
        wrapped on up to `rows` rows where the strip is short of room (a narrow band: 1024x600 at 150%)."""
        if button is None:
            return 0.0
        words = str(button["text"])
        wrap = None
        if rows > 1:  # each row about as long: the button as narrow as those rows (never narrower than a word)
            longest = max(float(measure(word, None).getWidth()) for word in words.split() or [words])
            wrap = max(longest, float(measure(words, None).getWidth()) / rows) + layout.WRAP_SLACK
            while measure(words, wrap).getNumRows() > rows:
                wrap += 0.25
        if button["text_wordwrap"] != wrap:
            button["text_wordwrap"] = wrap
            button.resetFrameSize()
        button.setScale(size)
        x0, x1, _, _ = button.guiItem.getFrame()
        return float(x1 - x0) * size + layout.STRIP_PAD[0] * self.scale

    def text_size(self) -> float:
        """The prompt's text size as wanted (the interface scale's), never under STRIP_LEAST_PX pixels."""
        least = layout.least_strip_text(layout.window_pixels(self.screen.base)[1])
        return max(layout.STRIP_TEXT * self.scale, least)

    def _measure_strip(self, most: float, button: DirectButton | None) -> float:
        """How wide the strip is: at least STRIP_WIDE, at most `most`; between, as narrow as its words take
        STRIP_ROWS rows beside its button (the strip is that high whatever it says). On one row, "click a glowing
        spot to place the ... card" took the strip across the spots a card chosen showed, and the camera framed
        the table again after each card chosen."""
        scale, size = self.scale, self.text_size()
        text, side = self.text.getText(), 2 * layout.STRIP_PAD[0] * scale + self._take_back_width(button, size)
        least, step = layout.STRIP_WIDE * scale, STRIP_STEP * scale
        one_row = (float(measure(text, None).getWidth()) + layout.WRAP_SLACK) * size + side

        def fits(k: int) -> bool:  # (the words take no more rows the wider the strip: halved, not stepped through)
            wrap = max((least + k * step - side) / size - layout.WRAP_SLACK, 1.0)
            return bool(measure(text, wrap).getNumRows() <= layout.STRIP_ROWS)

        low, high = 0, max(0, math.ceil((min(one_row, most) - least) / step))  # the first step that fits, or high
        while low < high:
            middle = (low + high) // 2
            low, high = (low, middle) if fits(middle) else (middle + 1, high)
        return min(most, least + low * step, max(one_row, least))

    def _wrap_strip(self, left: float, right: float, button: DirectButton | None) -> tuple[float, int]:
        """The prompt's words wrapped in the strip beside its button: the largest size at which they take
        STRIP_ROWS rows, shrinking no further than SHRINK; else STRIP_MOST_ROWS rows, then so with the button's
        words wrapped on two rows, then three; then the text smaller, to STRIP_LEAST_PX pixels; failing all, more
        rows at the least size. The size and the button's rows."""
        wanted = self.text_size()
        least = layout.least_strip_text(layout.window_pixels(self.screen.base)[1])
        sizes = [size for size in layout.text_scales(wanted) if size >= least - 1e-9]
        sizes += [least] if sizes[-1] > least + 1e-9 else []  # (down to the least itself)
        big = [size for size in sizes if size >= layout.SHRINK * wanted - 1e-9]
        small = [size for size in sizes if size not in big]
        most = layout.STRIP_MOST_ROWS
        tries = [(1, layout.STRIP_ROWS, big), (1, most, big)]
        tries += [(2, most, big), (3, most, big), (2, most, small), (3, most, small)] if button is not None else \
            [(1, most, small)]
        node = self.text.textNode
        pad_x = layout.STRIP_PAD[0] * self.scale
        for button_rows, rows, candidates in tries:
            for size in candidates:
                width = right - left - 2 * pad_x - self._take_back_width(button, size, button_rows)
                node.setWordwrap(max(width / size - layout.WRAP_SLACK, 1.0))
                if node.getNumRows() <= rows:
                    return size, button_rows
        size = sizes[-1]  # (no such prompt is written: tests/test_prompt_rows.py)
        button_rows = 3 if button is not None else 1
        node.setWordwrap(max((right - left - 2 * pad_x - self._take_back_width(button, size, button_rows)) / size
                             - layout.WRAP_SLACK, 1.0))
        return size, button_rows

    def _place_strip(self, left: float, right: float, bottom: float, button: DirectButton | None) -> Rect:
        scale = self.scale
        pad_x, pad_z = layout.STRIP_PAD[0] * scale, layout.STRIP_PAD[1] * scale
        size, button_rows = self._wrap_strip(left, right, button)
        node = self.text.textNode
        text_right = right - pad_x - self._take_back_width(button, size, button_rows)
        self.text.setScale(size)
        block = node.getHeight() * size  # (its first row's capitals to its last row's descenders)
        high = 0.0
        if button is not None:
            _, _, z0, z1 = button.guiItem.getFrame()
            high = float(z1 - z0) * size
        # STRIP_ROWS rows high at least; more for more rows (it grows upwards), or for the button's wrapped words
        height = max(layout.strip_height(scale), block + 2 * pad_z, high + 2 * pad_z)
        top = bottom + height
        # the rows' block in the middle of the strip
        self.text.setPos((left + pad_x + text_right) / 2, bottom + (height + block) / 2 - node.getTop() * size)
        if button is not None:  # the take-back button at the strip's right end, level with the strip's middle
            x0, x1, z0, z1 = button.guiItem.getFrame()
            button.setPos(right - pad_x - x1 * size, 0, bottom + height / 2 - (z0 + z1) / 2 * size)
        self.strip["frameSize"] = (left, right, bottom, top)
        return (left, right, bottom, top)

    def _measure_dialog(self, buttons: list[DirectButton], most: float, bottom: float) -> Arrangement:
        """The dialog's buttons, all as wide, their words wrapped: the largest words whose buttons fit under the
        top the dialog may reach (under the log and the notice), in one column, else two; at most `most` wide."""
        scale = self.scale
        pad = layout.DIALOG_PAD * scale
        button_pad = BUTTON["pad"]
        # under the top parts it may stand below: it lies right of the window's middle (the strip left of it)
        top = min([part[2] for part in self.ceilings if part[1] > 0.0] or [1.0]) - layout.MARGIN
        words = [str(b["text"]) for b in buttons]
        # text units, unwrapped (with the slack the wrap keeps: a short button's words stay on one line)
        natural = max(measure(w, None).getWidth() for w in words) + 2 * button_pad[0] + layout.WRAP_SLACK

        def arrange(columns: int, size: float) -> tuple[Arrangement, float]:
            wide = min(most, layout.DIALOG_WIDE * scale, columns * natural * size + (columns + 1) * pad)
            inner = (wide - (columns + 1) * pad) / columns  # a button's width
            wrap = inner / size - 2 * button_pad[0] - layout.WRAP_SLACK
            nodes = [measure(w, wrap) for w in words]
            rows = [nodes[i:i + columns] for i in range(0, len(nodes), columns)]
            heights = [max(n.getHeight() for n in row) * size + 2 * button_pad[1] * size for row in rows]
            return (wide, nodes, columns, size, inner, heights), sum(heights) + pad * (len(rows) + 1)

        sizes = layout.text_scales(layout.DIALOG_TEXT * scale)
        big = [size for size in sizes if size >= 0.75 * sizes[0]]  # one column down to three quarters, then two
        for columns, size in [(1, size) for size in big] + [(2, size) for size in sizes] + \
                [(1, size) for size in sizes if size not in big]:
            found, needed = arrange(columns, size)
            if bottom + needed <= top:
                return found
        return arrange(2, sizes[-1])[0]  # (nothing fits under them: the smallest words, two columns)

    def _stack(self, buttons: list[DirectButton], arrangement: Arrangement, left: float, bottom: float) -> Rect:
        """Place the dialog's buttons as measured, its left edge at `left`."""
        wide, nodes, columns, size, inner, heights = arrangement
        pad = layout.DIALOG_PAD * self.scale
        button_pad = BUTTON["pad"]
        right = left + wide
        top = bottom + sum(heights) + pad * (len(heights) + 1)
        z = top - pad
        for r, height in enumerate(heights):
            for c in range(columns):
                i = r * columns + c
                if i >= len(buttons):
                    break
                button, node = buttons[i], nodes[i]
                button["text_wordwrap"] = node.getWordwrap()
                button.setScale(size)
                x0 = left + pad + c * (inner + pad)
                # the frame in the button's own units: as wide as the column, as high as the row
                button["frameSize"] = (-button_pad[0], inner / size - button_pad[0], -height / size + node.getTop()
                                       + button_pad[1], node.getTop() + button_pad[1])
                button.setPos(x0 + button_pad[0] * size, 0, z - (node.getTop() + button_pad[1]) * size)
            z -= height + pad
        rim = 0.006 * self.scale
        self.dialog["frameSize"] = (left - rim, right + rim, bottom - rim, top + rim)
        self.dialog_inside["frameSize"] = (left, right, bottom, top)
        return (left - rim, right + rim, bottom - rim, top + rim)

    def rects(self) -> list[Rect]:
        """Where the strip and the dialog stand now (aspect2d units), and the strip's room for the words a card
        chosen brings (a long card's prompt at 1024x600 and 150% took three rows, the strip grew over a spot and
        the camera moved once the card was chosen)."""
        return [r for r in (self.strip_rect, self.dialog_rect, self.room_rect) if r is not None]


def layout_words(option: Option) -> str:
    """A button's words: what it is, and what it does ("Left: every goal goes ...")."""
    from ..i18n import tr

    return tr("option_says", label=option.label, says=option.says) if option.says else option.label

