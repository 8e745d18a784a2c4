"""A ruleset's name for people, in the language in use (the menus name games so)."""

from __future__ import annotations

from ..core.errors import DataError
from ..i18n import has, tr
from .ruleset import load_ruleset


def game_name(ruleset: str) -> str:
    """A ruleset's name for people, in the language in use ("elemental-towers" -> "Elemental Towers");
    a ruleset of one's own, unknown to the catalogs, goes by its file's `name:`, else its id."""
    if has(f"game_{ruleset}"):
        return tr(f"game_{ruleset}")
    try:
        return load_ruleset(ruleset).ruleset.name or ruleset
    except DataError:
        return ruleset
