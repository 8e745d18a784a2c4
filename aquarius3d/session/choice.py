"""What a player is choosing, as plain values: the choice under way, what a flow answers to a pick, the spots
on the table a player may pick, and the choices the HUD offers as buttons.

The session holds one `Choice` and alone replaces it (session/play.py); a family's flow (flows/) is asked
with the choice and answers with an `Outcome`: a new choice, a move to play, or a refusal in words.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ..engine.moves import Move
from .stages import Stage

Cell = tuple[int, int]


@dataclass(frozen=True)
class Choice:
    """What the player has chosen so far this turn, and what the session waits for next (`stage`)."""

    stage: Stage
    selected: int | None = None  # the hand card chosen (its index in the hand)
    turned: bool = False  # the chosen card, or the table card being moved, turned 180 degrees
    source: Any = None  # Move a Card: the table card's cell; Elemental Towers: the (cell, space) picked
    action: str | None = None  # the action card being played (Elemental Towers: drawn)
    pyramid: str | None = None  # Aquarius Rising: the pyramid chosen from the supply

    def but(self, **changes: Any) -> Choice:
        """This choice with some fields changed."""
        return replace(self, **changes)


@dataclass(frozen=True)
class Refusal:
    """A pick the rules or the stage turn down: why, in the player's words (the session says "Not allowed: ...")."""

    reason: str


Outcome = Choice | Move | Refusal  # what a flow answers to a pick: choose on, play this move, or no


@dataclass(frozen=True)
class Spot:
    """A place on the table the player may pick now (drawn as a ghost): what it shows there.

    A card's ghost has `card`; a pyramid's (Aquarius Rising) a `quarter` and its pyramid in `pieces`; an
    Elemental Towers build or move a `space`, the piece built or moved in `pieces` and what it would stand
    on in `below`."""

    cell: Cell
    level: int = 0  # the storey it stands on (Aquarius Rising)
    card: str | None = None  # a card's ghost: its code as it would lie
    quarter: int | None = None  # a pyramid's quarter of its card
    pieces: tuple[str, ...] = ()
    space: str | None = None
    below: tuple[str, ...] = ()


@dataclass(frozen=True)
class Option:
    """A choice the HUD offers as a button (a player, a direction, a skip...): its name, the move it makes, and what
    that does in words ("every goal goes one seat to the left (Ann's to Bo, Bo's to Ann)"), said on the button."""

    label: str
    move: Move
    says: str = ""
