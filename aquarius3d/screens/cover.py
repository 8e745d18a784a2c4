"""The hot-seat hand-off cover's words, one under the other in its box: whose turn, the moves since the player's
last turn, how to lift the cover, the take-back button (screens/prompt.py places it at the row kept here), and a row
for what Ctrl+S says. Every word inside the box at every window size and interface scale (a playtest found the hint
and the note below the box, near the window's foot: the cover read unfinished). The HUD builds the cover
(screens/hud.py) and scales it as a whole (layout.fitted)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import layout

if TYPE_CHECKING:
    from direct.gui.OnscreenText import OnscreenText

    from .hud import Hud

WORDS = (-1.3, 1.3, -0.8, 0.8)  # what the cover says, round the window's middle, at 100% (the box lies within)
SINCE = (-1.25, 1.25, -0.03, 0.5)  # the moves since the player's last turn, at most (smaller words if need be)
GAP = 0.05  # between one part of the cover's words and the next
PAD = 0.05  # the box's room under its last row
BUTTON = 0.1  # the take-back button's height (its words at 0.055)
NOTE_ROW = 0.06  # the Ctrl+S note's row (its words at 0.05), kept whether it says something or not


def stack(hud: Hud, take_back: bool) -> None:
    """Place the cover's words from the box's top down, the take-back button's row among them if `take_back`, and
    draw the box round them all."""
    since = hud.cover_since
    node = since.textNode
    size = layout.fit_text(node, SINCE[1] - SINCE[0], SINCE[3] - SINCE[2], 0.05)
    since.setScale(size)
    since.setPos(0, SINCE[3] - (node.getTop() if node.getText() else 0.0) * size)
    title = hud.cover_title.textNode
    low = SINCE[3] - node.getHeight() * size if node.getText() else \
        hud.cover_title.getPos()[1] + title.getBottom() * hud.cover_title.getScale()[1]
    low = below(hud.cover_hint, low - GAP)
    if take_back:
        hud.prompt.cover_at = low - GAP - BUTTON / 2
        low -= GAP + BUTTON
    note = hud.cover_note
    note.setPos(0, low - GAP - note.textNode.getLineHeight() * 0.8 * note.getScale()[1])
    low -= GAP + NOTE_ROW
    hud.cover_band["frameSize"] = (WORDS[0], WORDS[1], low - PAD, WORDS[3])


def below(text: OnscreenText, top: float) -> float:
    """Words with their top at `top` (the cover's units): where they end below."""
    node, size = text.textNode, text.getScale()[1]
    text.setPos(0, top - node.getTop() * size)
    return float(top - node.getHeight() * size)
