"""Turn steps a game family plays in one go for its commonest move, registered by family.

The engine applies a move in phases, each asking a rule block (Game.apply_unchecked): take the card, place
it, the bonus, the log, the win, the end, the next turn and its draw. For the move most turns make (an
element card placed from the hand), a family may give one function that does all of that with the blocks'
rules written out, for the games whose blocks are the ones it knows: `register_place_step(family, make)`,
where `make(game)` returns the step (`step(state, move) -> ApplyResult`) or None when the game's blocks are
others (then the engine's phases play the move). A step must leave the state and return the result exactly
as the phases would (tests/test_steps.py plays seeded games both ways).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .game import ApplyResult, Game
    from .moves import Place
    from .state import State

PlaceStep = Callable[["State", "Place"], "ApplyResult"]
_MAKERS: dict[str, Callable[["Game"], PlaceStep | None]] = {}


def register_place_step(family: str, make: Callable[[Game], PlaceStep | None]) -> None:
    """Let a family play its games' placements in one step (each family package calls this once at most)."""
    _MAKERS[family] = make


def place_step(game: Game) -> PlaceStep | None:
    """The family's one-step placement for this game, or None (the engine's phases)."""
    make = _MAKERS.get(game.family)
    return None if make is None else make(game)
