"""Every text a player reads, in English and French: one catalog per language.

    tr("turn_of", name="Ann")    # "Ann's turn" / "Au tour de Ann"

A missing key in one language falls back to English; a missing key in
English is a bug, and a test checks both catalogs have the same keys.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from ..yamlfile import read_yaml

LANGUAGES = {"en": "English", "fr": "Français"}
_current = "en"


@lru_cache(maxsize=None)
def catalog(language: str) -> dict[str, str]:
    path = Path(__file__).with_name(f"{language}.yaml")
    return read_yaml(path)[0]


def set_language(language: str) -> None:
    global _current
    if language not in LANGUAGES:
        raise ValueError(f"unknown language {language!r} (one of {', '.join(LANGUAGES)})")
    _current = language


def language() -> str:
    return _current


def tr(key: str, **values) -> str:
    text = catalog(_current).get(key) or catalog("en")[key]
    return text.format(**values) if values else text


def has(key: str) -> bool:
    return key in catalog("en")


def element_name(element: str) -> str:
    return tr(f"element_{element}")


def action_name(action: str) -> str:
    return tr(f"action_{action}")


def pyramid_name(pyramid: str) -> str:
    """'Lr' -> 'large red' (in the language in use)."""
    return tr("pyramid_name", size=tr(f"size_{pyramid[0]}"), colour=tr(f"colour_{pyramid[1]}"))
