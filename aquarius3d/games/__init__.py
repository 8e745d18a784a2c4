"""The game families, one package each: their rule blocks, and what each adds to the shared engine.

A family registers its building blocks with the engine's registry
(aquarius3d.engine.blocks) when its package is imported. Importing this package
imports none of them: the registry imports them all the first time it is listed
(to check a ruleset, write the schema), and a ruleset loaded from the cache of
checked ones imports only the modules its blocks come from.
"""

from collections.abc import Callable
from importlib import import_module
from types import ModuleType
from typing import Any

from ..engine.blocks import import_all_with

# The families a ruleset may name with `family:`; the window, analyze and the session ask
# `game.family` what a game has (storeys, pieces, rounds), never which blocks it happens to use.
FAMILIES = ("aquarius", "rising", "towers", "dominus")


def import_all() -> None:
    """Import every family (each registers its blocks)."""
    for family in FAMILIES:
        import_module(f"{__name__}.{family}")


import_all_with(import_all)


def analyst(family: str) -> ModuleType:
    """The family's analysis module: `answers(game, position, table, groups)` and what a table may hold."""
    return import_module(f"{__name__}.{family}.analysis")


def narrator(family: str) -> Callable[..., str]:
    """The family's `describe(game, state, names, result, before)`: a move in words, in the player's language
    (`before`: the faces on the table before the move, {cell: code}, to name a card the move took away)."""
    describe: Callable[..., str] = import_module(f"{__name__}.{family}.narration").describe
    return describe


def block_problems(ruleset: Any) -> list[tuple[tuple[str | int, ...], str]]:
    """Blocks a ruleset names that its family's rules do not work with: (key path, reason) each.

    Each family's package says which blocks it plays with per category (its
    BLOCKS); a ruleset composing others is refused when it is loaded.
    """
    family = ruleset.family
    accepted = import_module(f"{__name__}.{family}").BLOCKS
    found: list[tuple[tuple[str | int, ...], str]] = []
    chosen: list[tuple[tuple[str | int, ...], str, Any]] = [((category,), category, getattr(ruleset, category))
                                            for category in ("setup", "turn", "placement", "bonus", "win", "end",
                                                             "scoring")]
    chosen += [(("actions", i), "action", action) for i, action in enumerate(ruleset.actions)]
    for path, category, block in chosen:
        if block is None or category not in accepted or block.type in accepted[category]:
            continue
        takes = ", ".join(accepted[category]) or f"no {category} block"
        found.append((path + ("type",), f"{block.type!r} is not a block the {family} family plays with "
                                        f"(it takes: {takes})"))
    for i, action in enumerate(ruleset.actions):
        # A move names the card it is played with (TwoPyramids: Move a Card), and the game finds the
        # action's block by that card: a block bound to another card would receive moves it cannot read.
        plays_as = getattr(getattr(action, "move_type", None), "action", None)
        if isinstance(plays_as, str) and action.card_name != plays_as:
            found.append((("actions", i, "card"), f"{action.type} is played with {plays_as} cards, "
                                                  f"not {action.card_name}"))
    return found
