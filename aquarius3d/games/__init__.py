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


def flow_of(family: str) -> Callable[..., Any]:
    """The family's Flow class (aquarius3d/flow.py): its part of a turn at the table."""
    flow: Callable[..., Any] = import_module(f"{__name__}.{family}.flow").FLOW
    return flow


def narrator(family: str) -> Callable[..., str]:
    """The family's `describe(game, state, names, result, before)`: a move in words, in the player's language
    (`before`: the faces on the table before the move, {cell: code}, to name a card the move took away)."""
    describe: Callable[..., str] = import_module(f"{__name__}.{family}.narration").describe
    return describe
