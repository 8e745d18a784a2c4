"""Where the shipped data lives (rulesets/, assets/ and the texts' catalogs i18n/), and the user's cache folder.

In a checkout rulesets/ and assets/ sit at the top of the repository; installed, they are
inside the package (pyproject.toml maps them there), beside i18n/. In the standalone app
(tools/build_app.py) the modules are frozen into the executable and have no files of their
own (every module's __file__ is the executable): the three folders sit beside the executable,
or in a macOS .app in Contents/Resources, beside Contents/MacOS.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent.parent  # (this module is in aquarius3d/files)


def frozen() -> bool:
    """Whether this is the standalone app (or another frozen program): no module has a file of its own."""
    return bool(getattr(sys, "frozen", False))


def _roots() -> tuple[Path, ...]:
    if frozen():
        here = Path(sys.executable).resolve().parent
        return here, here.parent / "Resources"
    return _PACKAGE, _PACKAGE.parent


def _find(name: str) -> Path:
    for candidate in (root / name for root in _roots()):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"the {name}/ folder is missing from this installation")


def rulesets_dir() -> Path:
    return _find("rulesets")


def assets_dir() -> Path:
    return _find("assets")


def decks_dir() -> Path:
    return assets_dir() / "decks"


def catalogs_dir() -> Path:
    """The texts' catalogs (en.yaml, fr.yaml): the i18n package's own folder."""
    return _find("i18n")


def build_mark() -> str | None:
    """In the standalone app, a mark of its build (the executable's size and modification time), for the caches
    that are named after the code they depend on and cannot read it there; None elsewhere."""
    if not frozen():
        return None
    try:
        found = os.stat(sys.executable)
    except OSError:
        return None
    return f"{found.st_size}-{found.st_mtime_ns}"


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
