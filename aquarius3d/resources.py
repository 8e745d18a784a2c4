"""Where the shipped data lives (rulesets/ and assets/), and the user's cache folder.

In a checkout they sit at the top of the repository; installed, they are
inside the package (pyproject.toml maps them there).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def _find(name: str) -> Path:
    for candidate in (_PACKAGE / name, _PACKAGE.parent / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"the {name}/ folder is missing from this installation")


def rulesets_dir() -> Path:
    return _find("rulesets")


def assets_dir() -> Path:
    return _find("assets")


def decks_dir() -> Path:
    return assets_dir() / "decks"


CACHE_VARIABLE = "AQUARIUS3D_CACHE_DIR"  # names another cache folder; set empty, nothing is kept


def user_cache_dir() -> Path | None:
    """The program's cache folder (checked rulesets, sounds): AQUARIUS3D_CACHE_DIR, or the user's cache
    folder; None when the variable is set empty."""
    override = os.environ.get(CACHE_VARIABLE)
    if override is not None:
        return Path(override) if override else None
    if sys.platform.startswith("linux") and "ANDROID_DATA" not in os.environ:
        # platformdirs' answer on Linux (tests/test_ruleset_cache.py compares), without importing it
        base = os.environ.get("XDG_CACHE_HOME", "").strip() or os.path.expanduser("~/.cache")
        return Path(base) / "aquarius3d"
    import platformdirs

    return platformdirs.user_cache_path("aquarius3d", appauthor=False)
