"""Action cards' faces: a picture of what the action does, and its name and effect written on a plate.

The picture is drawn with numpy into the atlas like the element faces (view/atlas.py: `draw_action`, the
tile of code `ACTION + name`): a gold pictogram on a deep violet field (swapping arrows for the trades, a card and an
arrow for Move a Card, a lightning bolt for Zap a Card, a turning arrow for Rotate Goals, crossing arrows for
the shuffles), over a cream plate. The words are text, in the window's language, laid on the plate
(`words`): the name in large letters, read on the discard pile at the default framing, and the effect in
a line under it. The table's discard pile and the hand put the same face on the card, each at its own size; the
hand's own card (about 93 pixels wide at 1280x720) bears the name alone, as large as the plate holds it (its effect
was drawn 3 pixels high there: a grey smudge), and shows the effect on the card enlarged when pointed at
(view/hand.py).
"""

from __future__ import annotations

import math

from panda3d.core import LVecBase4f, NodePath, TextFont, TextNode

from ..core import geometry
from .atlas import ACTION as ACTION
from .atlas import PLATE_TOP
from .font import font

INK = (0.16, 0.1, 0.24, 1.0)  # the name's colour
EFFECT_INK = (0.3, 0.24, 0.36, 1.0)
NAME_WRAP = 5.2  # the name's line, in the font's units: "Trade / Goals", "Rotation des / objectifs"
EFFECT_WRAP = 11.0  # the effect's lines (three at most, en and fr)
NAME_SHARE, EFFECT_SHARE = 0.38, 0.52  # the plate's height the name and the effect may take on a card shown enlarged
NAME_ALONE = 0.23  # the name's height (an em) at most, as a share of the card's width, where it is written alone
ALONE_SHARE = 0.96  # the plate's height its letters may take then (`close_rows`: each with a little room round it)
ROW_GAP = 0.02  # more room between the letters of two rows of a name written alone, in ems
LINE = 1.0  # a row of the effect, in its text heights (Panda3D's default font)


def words(parent: NodePath, name: str, effect: str | None, width: float, flat: bool,
          readable: bool = False) -> NodePath:
    """The action's name in large letters and its effect in a few lines, laid on the plate of a card `width` wide
    whose middle is at the parent's origin (`flat`: a card lying on the table, its face up the z axis; else a
    card of the screen, in x and z). Each is as large as fits the plate's width. `readable` (the hand's card shown
    enlarged): the effect comes first, as large as the plate holds it (its lines as wide as make it largest), the
    name in what is left. `effect` None (the hand's own card): the name alone, in the plate's middle, as large as
    the plate holds it."""
    length = width * geometry.CARD_LENGTH / geometry.CARD_WIDTH
    root = parent.attachNewNode("action-words")
    title = TextNode("action-name")
    title.setText(name)
    title.setAlign(TextNode.ACenter)
    title.setTextColor(*INK)
    title.setWordwrap(NAME_WRAP)
    rows = max(1, title.getNumRows())
    plate = length * (PLATE_TOP - 0.05)
    if effect is None:  # its rows as wide as make it largest, never narrower than its longest word ("Zap a / Card")
        widest = max(title.calcWidth(word) for word in name.split())
        best = (0.0, NAME_WRAP)
        for wrap in sorted({widest + 0.01, *(w / 4 for w in range(8, 41) if w / 4 > widest)}):
            title.setWordwrap(wrap)
            _, top, bottom = close_rows(title)
            size = min(width * NAME_ALONE, width * 0.84 / max(title.getWidth(), 0.1),
                       plate * ALONE_SHARE / max(top - bottom, 0.1))
            best = max(best, (size, wrap))
        title.setWordwrap(best[1])
        face, top, bottom = close_rows(title)
        title.setFont(face)
        alone = root.attachNewNode(title)
        alone.setScale(best[0])
        alone.setPos(0, 0, -length / 2 + length * (PLATE_TOP + 0.05) / 2 - (bottom + top) / 2 * alone.getSz())
        return _finish(root, [alone], flat)
    share = (NAME_SHARE, EFFECT_SHARE) if readable else (0.58, 0.3)
    scale = min(width * 0.17, width * 0.84 / max(title.getWidth(), 0.1), plate * share[0] / (rows + 0.1))
    name_node = root.attachNewNode(title)
    name_node.setScale(scale)
    plate_top = -length / 2 + length * PLATE_TOP
    first = plate_top - length * 0.03 - scale * 0.75  # the first line's baseline
    name_node.setPos(0, 0, first)
    line = TextNode("action-effect")
    line.setText(effect)
    line.setAlign(TextNode.ACenter)
    line.setTextColor(*EFFECT_INK)
    line.setWordwrap(EFFECT_WRAP)
    small = min(width * 0.066, width * 0.86 / max(line.getWidth(), 0.1),
                plate * share[1] / (max(1, line.getNumRows()) + 0.2))
    if readable:  # the wrap that makes the effect largest within the plate's width and its share of its height
        best = (small, EFFECT_WRAP)
        for wrap in range(8, 25):
            line.setWordwrap(wrap)
            size = min(width * 0.84 / max(line.getWidth(), 0.1), plate * share[1] / (line.getNumRows() * LINE + 0.2))
            best = max(best, (size, float(wrap)))
        small = best[0]
        line.setWordwrap(best[1])
    effect_node = root.attachNewNode(line)
    effect_node.setScale(small)
    effect_node.setPos(0, 0, first - scale * (rows - 1) * 1.0 - scale * 0.4 - small * 1.0)
    return _finish(root, [name_node, effect_node], flat)


_fonts: dict[float, TextFont] = {}


def close_rows(title: TextNode) -> tuple[TextFont, float, float]:
    """The font for a name written alone, its rows as close as their letters let them (the lowest letter of a row
    ROW_GAP over the highest of the next: "Rotation / des / objectifs" on a hand's shrunk card read 7 pixels high at
    1024x600 and 150% with the font's own rows), and its letters' top and bottom from the first row's baseline (in
    ems; each letter as the font draws it, a little room round it)."""
    face = font()
    rows = title.getWordwrappedText().split("\n")
    inks = [letters(face, row) for row in rows]
    pitch = face.getLineHeight()
    if len(rows) > 1:
        pitch = min(pitch, math.ceil(50 * (max(high - low for (low, _), (_, high) in zip(inks, inks[1:]))
                                             + ROW_GAP)) / 50)
    if pitch not in _fonts:
        _fonts[pitch] = face.makeCopy()
        _fonts[pitch].setLineHeight(pitch)
    return _fonts[pitch], inks[0][1], inks[-1][0] - (len(rows) - 1) * pitch


def letters(face: TextFont, row: str) -> tuple[float, float]:
    """How low and how high a row's letters reach from its baseline (ems), as the font draws them."""
    low, high = 0.0, 0.0
    for ch in row:
        glyph = face.getGlyph(ord(ch))
        quad, uv = LVecBase4f(), LVecBase4f()
        if glyph is not None and glyph.getQuad(quad, uv):  # (left, bottom, right, top)
            low, high = min(low, quad[1]), max(high, quad[3])
    return low, high


def _finish(root: NodePath, written: list[NodePath], flat: bool) -> NodePath:
    """The words drawn as written (no light, no shader), just over the card; laid flat on a card of the table."""
    for node in written:
        node.setLightOff(1)
        node.setShaderOff(1)
        node.setDepthOffset(1)
    if flat:
        root.setP(-90)  # lying on the card: the text's z becomes the card's y
    return root
