"""The font every text of the window is drawn with, and which characters it can draw.

The window draws text with Panda3D's built-in font (nothing else is loaded): a
character it lacks comes out as a blank box. `missing` finds such characters,
so a test can hold every string of the catalogs (i18n/*.yaml) to the font.
"""

from __future__ import annotations

from panda3d.core import TextFont, TextNode


def font() -> TextFont:
    """The font texts are drawn with (Panda3D's default: OnscreenText, DirectGui and TextNode all use it)."""
    return TextNode.getDefaultFont()


def missing(text: str) -> set[str]:
    """The characters of a text the font cannot draw (a line break or a space is no character to draw)."""
    face = font()
    return {ch for ch in set(text) if ch not in "\n\t " and face.getGlyph(ord(ch)).getCharacter() != ord(ch)}
