"""Fixed texts said again in another language, for a screen that waited under Settings while the language
changed (the game's table): each text and button label that is a catalog text of the old language becomes
the same text in the new one. Texts drawn from the session (the turn, counts, hints, piles, seats) are drawn
again by the screen's own refresh; a screen's other texts (Hud: the rulings page) by its `relabelers`.
"""

from __future__ import annotations

from collections.abc import Iterable

from direct.gui.DirectGui import DirectEntry
from direct.gui.OnscreenText import OnscreenText
from panda3d.core import NodePath

from ..i18n import catalog, tr


def fixed_texts(language: str) -> dict[str, str]:
    """A language's texts without placeholders, each to its key (the first key, if two say the same)."""
    found: dict[str, str] = {}
    for key, entry in catalog(language).items():
        if isinstance(entry, str) and "{" not in entry:
            found.setdefault(entry, key)
    return found


def relabel(widgets: Iterable[NodePath], old: str) -> int:
    """Say every fixed text among `widgets` in the language now in use instead of `old`; how many changed."""
    keys = fixed_texts(old)
    changed = 0
    for widget in widgets:
        if widget.isEmpty() or isinstance(widget, DirectEntry):  # (an entry holds what the player typed)
            continue
        if isinstance(widget, OnscreenText):
            key = keys.get(widget.getText())
            if key is not None:
                widget.setText(tr(key))
                changed += 1
            continue
        try:
            text = widget["text"]
        except (KeyError, TypeError):
            continue
        key = keys.get(text) if isinstance(text, str) else None
        if key is not None:
            widget["text"] = tr(key)
            changed += 1
    return changed
