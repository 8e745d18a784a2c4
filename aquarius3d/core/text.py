"""Values and key paths as messages say them: `short` echoes what a file says, cut to a bounded size;
`path_text` writes a key path (`actions[2].type`). Every error message of the program uses these."""

from __future__ import annotations

import reprlib
from collections.abc import Hashable, Mapping
from typing import Any

Path_ = tuple[Hashable, ...]  # a key path: ("actions", 2, "type"); its parts are a file's keys and list indexes
Places = Mapping[Path_, tuple[str, int]]  # where each key path of a file stands: {key path: (file, line)}

_short_repr = reprlib.Repr()  # bounded work however big the value
_short_repr.maxlevel = 3
_short_repr.maxstring = _short_repr.maxother = _short_repr.maxlong = 60
_short_repr.maxlist = _short_repr.maxtuple = _short_repr.maxset = 12
_short_repr.maxdict = 8


def short(value: Any, width: int = 60) -> str:
    """repr(value) cut to about `width` characters, for messages that echo what a file says.

    short("FWX") == "'FWX'"; a long text or list keeps its start, then "…" and its size.
    """
    if isinstance(value, str):
        text = repr(value[: width + 1])
        return text if len(text) <= width else f"{text[: width - 1]}… ({len(value):,} characters)"
    text = _short_repr.repr(value).replace("...", "…")
    if len(text) > width:
        text = text[: width - 1] + "…"
    if isinstance(value, (list, tuple, set, dict)) and len(value) > 8 and "…" in text:
        text += f" ({len(value):,} items)"
    return text


def key_text(key: Any) -> str:
    """A mapping key as YAML writes it (true, null, 3, text), cut short."""
    if isinstance(key, str):
        return key if len(key) <= 40 else key[:39] + "…"
    if key is None or isinstance(key, bool):
        return {None: "null", True: "true", False: "false"}[key]
    return short(key, 40)


def path_text(path: Path_, data: Any = None) -> str:
    """A key path as written in messages: `actions[2].type`.

    Whole numbers in a path are list indexes, unless `data` is given: then the
    path is followed through it, and a number that is a mapping's key reads `.3`.
    """
    text = ""
    follow = data is not None
    current = data
    for part in path:
        if not follow:
            index = isinstance(part, int) and not isinstance(part, bool)
        else:
            index = isinstance(current, list)
            try:
                current = current[part]
            except (KeyError, IndexError, TypeError):
                current = None
        if index:
            text += f"[{part}]"
        else:
            text += f".{key_text(part)}" if text else key_text(part)
    if len(text) > 72:  # deep paths keep their two ends
        text = text[:24] + "…" + text[-47:]
    return text or "(top)"


def place_of(lines: Places, path: Path_) -> tuple[str, int] | None:
    """Where a key path stands in a file read with its lines ({key path: (file, line)}): its own place, or its
    nearest ancestor's (a missing key is told where its mapping is); None when the file holds none of them."""
    for cut in range(len(path), -1, -1):
        found = lines.get(tuple(path[:cut]))
        if found:
            return found
    return None


def place_text(lines: Places, path: Path_) -> str:
    """`place_of` as messages begin: "aquarius.yaml:12", or "" when unknown."""
    found = place_of(lines, path)
    return f"{found[0]}:{found[1]}" if found else ""


def close_match(word: str, known: list[str]) -> list[str]:
    """The known name closest to a mistyped one, if any is close (for "did you mean ...?")."""
    import difflib  # only when a file has a mistake: it is not needed to start

    return difflib.get_close_matches(word, known, n=1)

