"""Where the shipped data lives: rulesets/ and assets/.

In a checkout they sit at the top of the repository; installed, they are
inside the package (pyproject.toml maps them there).
"""

from __future__ import annotations

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
