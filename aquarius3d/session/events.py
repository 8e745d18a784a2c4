"""What happened at the table, as typed events: the session appends them as it plays (session/play.py), and
the window's parts read them in order, each keeping its own place (`Session.events_since`): the slide and
the rim of the last move, the sounds, the hand-off cover's pause, the name of a computer's move.

The log (`Session.messages`) says the same in words; an event says where its lines begin (`said`).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.game import ApplyResult


@dataclass(frozen=True)
class Played:
    """A seat made a move: the engine's result (the move, cards drawn, the game over), its first log line, and
    whether the move came from elsewhere than this window's hand (`computer`: a computer's, or a player's at
    another computer; the window slides it in from the seat and names it at the top), and what the table said
    of it at the top (`notice`: a bonus drawn, Aquarius Rising's turn without a pyramid; "" for nothing), which a
    player at another computer is told too."""

    seat: int
    result: ApplyResult
    said: int
    computer: bool
    notice: str = ""


@dataclass(frozen=True)
class Refused:
    """A pick or a move was turned down; `reason` in words, `code` the rules' reason when they gave one."""

    reason: str
    code: str | None = None


@dataclass(frozen=True)
class TakenBack:
    """A move was taken back (Elemental Towers: the turn undone to its start)."""

    seat: int


@dataclass(frozen=True)
class Joined:
    """A player sat down between turns."""

    seat: int


@dataclass(frozen=True)
class RoundOver:
    """A round ended and another follows (Dominus): the score table shows."""

    number: int


Event = Played | Refused | TakenBack | Joined | RoundOver
