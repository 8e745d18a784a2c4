"""Where the table's 2D parts lie, for the window's shape and the interface scale, so that none covers another.

Every size is given at 100% in aspect2d units (the window is 2 high and 2 x aspect wide) and grows with the
interface scale (Settings: 100%, 125%, 150%). The corner parts (the turn panel, the log, the goal, the Join button,
the end panel) grow from their corners; the hand, the prompt strip and the choice dialog stand along the bottom:

    +--------+        notice        +-----------+
    |  turn  |                      |    log    |
    +--------+                      +-----------+
                    (the table)
    +--------------------------+--------------+
    |   prompt strip   [Undo]  |    dialog    |   the dialog only while an action asks for a choice
    +--------------------------+--------------+ +------+
    [Join]          [hand cards]                 | goal |

Where a part cannot have the whole scale in a small window it takes less ("shrinks gracefully"): the top panels
leave the notice at least NOTICE_MIN of the width, the hand's cards stand between the Join button and the goal,
the strip and the dialog shrink their text to fit their boxes. These are pure functions of numbers; the HUD
(screens/hud.py, screens/prompt.py) places its nodes by them, and the framing keeps the table clear of them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core import geometry
from ..files.user_settings import INTERFACE_SCALES

if TYPE_CHECKING:
    from direct.showbase.ShowBase import ShowBase
    from panda3d.core import TextNode

Rect = tuple[float, float, float, float]  # left, right, bottom, top (aspect2d units)

SCALES = INTERFACE_SCALES  # the interface scale's choices, in percent (Settings)
MARGIN = 0.02  # kept between a part and the window's edge, or two parts
INFO = (0.02, 0.82, -0.42, -0.02)  # the turn and counts, from the top left corner
LOG = (-1.1, -0.02, -0.46, -0.02)  # the log panel, from the top right corner, with LOG_ROWS rows of moves
LOG_ROWS, LOG_TEXT, LOG_FIRST = 9, 0.04, 0.08  # its rows at 100% (fewer when larger), their size, the first's baseline
GOAL = (-0.64, 0.0, 0.0, 0.52)  # the goal card and its text, from the bottom right corner
GOAL_CARD = (-1.47, 1.47, -2.17, 2.03)  # the goal card shown while the player peeks, in the goal button's units
JOIN = (0.0, 0.36, 0.0, 0.16)  # the Join button, from the bottom left corner
HEIGHTS_W = 0.82  # Aquarius Rising's heights panel's width, with its margin, from the bottom left corner (where it
# is drawn smaller than the scale, the HUD keeps the room it takes as drawn: screens/heights.py, corner_width)
END = (-1.32, -0.04, -0.62, 0.5)  # the end panel, from the middle of the right edge: the table stays beside it
NOTICE_MIN = 1.0  # the least width left to the notice between the top panels, whatever the scale
NOTICE_BAND = (0.025, 0.23)  # the notice's rows: from this far under the window's top to this far (at 100%)
NOTICE_CLEAR = 0.05  # between the notice's words and the turn panel, the log or its tab beside them, at the top panels'
# scale (kept at MARGIN, a long row came within 7 pixels of the Log button at 1024x600 and 150%: it read as touching)

CARD_H = 0.36  # a hand card's height at 100%
CARD_W = CARD_H * geometry.CARD_WIDTH / geometry.CARD_LENGTH
CARD_GAP = 0.03  # between two hand cards
HAND_BOTTOM = 0.03  # between the window's bottom and the cards
LIFT = 0.05  # the chosen card stands this much higher

STRIP_TEXT = 0.042  # the prompt's text size at 100%
STRIP_ROWS = 2  # rows the strip is always high enough for (a longer prompt gets smaller text, then more rows)
STRIP_MOST_ROWS = 3  # rows it may grow to: the take-back button's words wrap, then the text shrinks, to stay so
STRIP_LEAST_PX = 13.0  # the prompt's text is never smaller than this many pixels (its height), at 1024x600 and up
SMALLEST_WINDOW = 600  # the least window height the layout is made for (a smaller one keeps its sizes, in units)
STRIP_PAD = (0.03, 0.022)  # round the prompt's text: each side, above and below
STRIP_WIDE = 1.0  # the strip is at least this wide, however short its words (at 100%)
SHRINK = 0.75  # the strip's words get no smaller than this much of their size: the strip takes more rows instead
LINE = 1.2  # a row of text, in text heights (Panda3D's default font)
DIALOG_TEXT = 0.04  # the dialog's buttons' text size at 100%
DIALOG_WIDE = 1.15  # the most the dialog is wide at 100% (its buttons wrap their words)
DIALOG_PAD = 0.02  # round the dialog's buttons, and between two
WRAP_SLACK = 0.15  # text units kept free at a wrapped row's end: a glyph's overhang and the text's shadow
SMALLEST_TEXT = 0.026  # text never shrinks below this (aspect2d units: 8 pixels in a window 600 high)
READABLE = 17.0  # pixels of a text height (at 100%) F1's words grow to where its panel has room: 0.043 is 13 at 600
ROOMY = 1.25  # F1's words grow up to this much larger where its panel has room (1920x1080: half of it was empty)
LINE_EMS = 60.0  # the longest row of sentences (F1's rulings), in text heights: about 120 letters; longer read badly


def top_scale(scale: float, aspect: float) -> float:
    """The scale the turn panel and the log take: the interface scale, or less where the notice between them would
    be narrower than NOTICE_MIN (NOTICE_CLEAR kept on either side of it: notice_rect)."""
    return min(scale, (2 * aspect - NOTICE_MIN) / (INFO[1] - LOG[0] + 2 * NOTICE_CLEAR))


def corner_rect(frame: Rect, corner: tuple[float, float], scale: float) -> Rect:
    """A frame given from a corner (its point in aspect2d) at a scale, in aspect2d units."""
    x, z = corner
    left, right, bottom, top = frame
    return (x + left * scale, x + right * scale, z + bottom * scale, z + top * scale)


def log_rows(scale: float) -> int:
    """How many rows of moves the log shows: LOG_ROWS at 100%, fewer when larger, so that its panel keeps about its
    height (the table keeps its room under it)."""
    return max(5, round(LOG_ROWS / scale))


def log_frame(rows: int) -> Rect:
    """The log panel's frame from the top right corner (at 100%) for that many rows of moves."""
    return (LOG[0], LOG[1], -(LOG_FIRST + (rows - 1) * LOG_TEXT * LINE + 0.064), LOG[3])


def end_place(scale: float, aspect: float) -> tuple[float, float]:
    """The end panel's scale and how far it is lowered from the middle of the right edge: the interface scale, or
    less where it would not fit between the log's panel and the window's bottom; lowered just enough to stay under
    the log."""
    top = top_scale(scale, aspect)
    under_log = 1 + log_frame(log_rows(top))[2] * top - MARGIN
    size = min(scale, (under_log + 1 - MARGIN) / (END[3] - END[2]), (2 * aspect - 2 * MARGIN) / (END[1] - END[0]))
    return size, min(0.0, under_log - END[3] * size)


def notice_rect(scale: float, aspect: float, right: float | None = None) -> Rect:
    """The notice's place: the top of the window between the turn panel and the log panel (or `right`, the left edge
    of what stands there instead: the folded log's tab), NOTICE_CLEAR from each."""
    top = top_scale(scale, aspect)
    clear = NOTICE_CLEAR * top
    return (-aspect + INFO[1] * top + clear, (aspect + LOG[0] * top if right is None else right) - clear,
            1 - NOTICE_BAND[1] * scale, 1 - NOTICE_BAND[0] * scale)


def hand_width(cards: int, height: float) -> float:
    """How wide a hand of this many cards is, its cards this high."""
    return (cards * CARD_W + max(0, cards - 1) * CARD_GAP) * height / CARD_H


def hand_place(scale: float, aspect: float, cards: int, left_corner: float = 0.0,
               right_side: float = -GOAL[0]) -> tuple[float, float]:
    """A hand card's height and the hand's middle: CARD_H at the scale, centred on the window, between what the
    bottom left corner holds (`left_corner` wide at 100%: the Join button, Aquarius Rising's heights) and the goal;
    a long hand moves aside within that span, and shrinks when it would not fit even so."""
    wanted = CARD_H * scale
    left = -aspect + MARGIN + (left_corner * scale + MARGIN if left_corner else 0.0)
    right = aspect - right_side * scale - MARGIN
    width = hand_width(cards, wanted)
    if width <= 2 * min(-left, right):
        return wanted, 0.0
    if width <= right - left:
        return wanted, min(right - width / 2, max(left + width / 2, 0.0))
    return wanted * (right - left) / width, (left + right) / 2


def hand_top(scale: float) -> float:
    """The top of the hand band: its chosen card lifted, at the full scale (a shrunk hand stays under it)."""
    return -1 + (HAND_BOTTOM + CARD_H + LIFT) * scale


def band(scale: float, aspect: float, hand: bool, left_corner: float = JOIN[1], right_side: float = -GOAL[0],
         corner_top: float = 0.0) -> Rect:
    """Where the prompt strip and the dialog may lie: left, right, and the bottom they stand on (top: unused, 1).
    Over the hand when one shows; else along the window's bottom, right of what the bottom left corner holds
    (`left_corner` wide at 100%: the Join button, Aquarius Rising's heights); left of what the right side holds
    (`right_side` wide: the goal). Over the hand, right of the corner's part too
    where it stands higher than the hand (`corner_top` at 100%, from the window's bottom: the heights panel with
    its ties' lines)."""
    right = aspect - right_side * scale - MARGIN
    corner = -aspect + MARGIN + (left_corner * scale + MARGIN if left_corner else 0.0)
    if hand:
        bottom = hand_top(scale) + MARGIN * scale
        return (corner if -1 + (corner_top + MARGIN) * scale > bottom else -aspect + MARGIN, right, bottom, 1.0)
    return (corner, right, -1 + MARGIN, 1.0)


def band_over_goal(scale: float, aspect: float, left_corner: float = JOIN[1], corner_top: float = 0.0) -> Rect:
    """The band a long prompt takes where the band over the hand is too narrow for it: standing on the goal's
    corner (its words and card under it), right to the window's edge; right of the bottom left corner's part where
    that stands higher (`corner_top`: Rising's heights panel)."""
    bottom = max(hand_top(scale) + MARGIN * scale, -1 + (GOAL[3] + MARGIN) * scale)
    corner = -aspect + MARGIN + (left_corner * scale + MARGIN if left_corner else 0.0)
    return (corner if -1 + (corner_top + MARGIN) * scale > bottom else -aspect + MARGIN, aspect - MARGIN, bottom, 1.0)


def strip_height(scale: float) -> float:
    """The strip's height: STRIP_ROWS rows of its text and its padding."""
    return (STRIP_ROWS * LINE * STRIP_TEXT + 2 * STRIP_PAD[1]) * scale


def least_strip_text(window_height: int) -> float:
    """The smallest the prompt's text may be (aspect2d units) in a window this high: STRIP_LEAST_PX pixels, for a
    window as high as SMALLEST_WINDOW or higher."""
    return STRIP_LEAST_PX * 2 / max(window_height, SMALLEST_WINDOW)


def window_pixels(base: ShowBase) -> tuple[int, int]:
    """The window's width and height in pixels (tests lay out windows of other shapes: tests/test_layout.py)."""
    return base.win.getXSize(), base.win.getYSize()


def fit_words(node: TextNode, room: Rect, size: float, ceiling: float, lines: bool) -> float:
    """Wrap a text node's words to a box at the largest size from `ceiling` down to `size` whose rows fit it (each
    of its lines on one row, where `lines`; sentences no longer than LINE_EMS, where not), else from `size` down
    as fit_text does: the size."""
    left, right, bottom, top = room
    larger = ceiling
    while larger > size + 1e-9:  # (by 3%: tenths skipped sizes that fitted)
        wrap = (right - left) / larger - WRAP_SLACK
        node.setWordwrap(wrap if lines else min(wrap, LINE_EMS))
        rows = node.getText().count("\n") + 1 if lines else node.getNumRows()
        if node.getNumRows() == rows and node.getHeight() * larger <= top - bottom:
            return larger
        larger *= 0.97
    return fit_text(node, right - left, top - bottom, size, None if lines else LINE_EMS)


def text_scales(size: float) -> list[float]:
    """Text sizes to try, largest first: `size`, then smaller by tenths, down to SMALLEST_TEXT."""
    found = [size]
    while found[-1] * 0.9 >= SMALLEST_TEXT:
        found.append(found[-1] * 0.9)
    return found


def fitted(scale: float, content: Rect, aspect: float) -> float:
    """The scale a part centred on the window's middle takes: the interface scale, or less where its content (at
    100%) would reach past the window's edge, MARGIN kept."""
    left, right, bottom, top = content
    wide, high = max(-left, right), max(-bottom, top)
    most = min((aspect - MARGIN) / wide if wide > 0 else scale, (1 - MARGIN) / high if high > 0 else scale)
    return max(0.1, min(scale, most))


def scrolled(scale: float, content: Rect, aspect: float) -> tuple[float, float, float, float]:
    """A form's scale, where its root stands (across: its middle moved to the window's where it would not fit
    otherwise; up: its top at the window's top, or its middle at the window's) and how far it may scroll up: the
    interface scale held whatever the form's height, a form higher than the window scrolled (screens/scrolling.py);
    less only where its content (at 100%) is wider than the window."""
    left, right, bottom, top = content
    size = max(0.1, min(scale, (2 * aspect - 2 * MARGIN) / (right - left))) if right > left else scale
    x = 0.0 if max(-left, right) * size <= aspect - MARGIN else -(left + right) / 2 * size
    high = (top - bottom) * size
    if max(-bottom, top) * size <= 1 - MARGIN:
        return size, x, 0.0, 0.0  # (as drawn: round the window's middle)
    if high <= 2 - 2 * MARGIN:
        return size, x, -(top + bottom) / 2 * size, 0.0  # (moved to the window's middle: it fits so)
    return size, x, 1 - MARGIN - top * size, high - (2 - 2 * MARGIN)


def overlap(a: Rect, b: Rect) -> bool:
    """Do two rectangles share any area?"""
    return a[0] < b[1] and b[0] < a[1] and a[2] < b[3] and b[2] < a[3]


def inside(a: Rect, b: Rect, slack: float = 1e-6) -> bool:
    """Does rectangle a lie within b?"""
    return b[0] - slack <= a[0] and a[1] <= b[1] + slack and b[2] - slack <= a[2] and a[3] <= b[3] + slack


def fit_text(node: TextNode, width: float, height: float, size: float, longest: float | None = None) -> float:
    """Wrap a text node's words to a box at the largest size (from `size` down, text_scales) whose rows fit
    its height: the size (the smallest, if even that is too big). `longest`: no row longer than so many text
    heights, however wide the box."""
    for found in text_scales(size):
        wrap = width / found - WRAP_SLACK
        node.setWordwrap(wrap if longest is None else min(wrap, longest))
        if node.getHeight() * found <= height:
            break
    return found
