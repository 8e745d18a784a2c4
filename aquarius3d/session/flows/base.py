"""A game family's part of a turn at the table: the hooks the session calls, and the choices only it offers.

The session (session/play.py) runs what every family shares: seats, the hand-off
cover, choosing a hand card and where it goes, the action cards, the log and
autosave. At a few points it asks the game's Flow (flows/<family>.py):
which stage a family's own phase is, what to tell the player, whether a cancel
is the family's, which spots above the table a card may take, what else to log
after a move, and what the end screen says. The window calls a family's own
choices on `session.flow` (Elemental Towers' builds, Aquarius Rising's pyramids).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..stages import Stage

if TYPE_CHECKING:
    from ...engine.game import ApplyResult
    from ..play import Session


class Flow:
    """The shared flow: Aquarius (and Dominus) need nothing beyond it."""

    must_play_drawn = False  # the card drawn must be played (Elemental Towers): nothing to cancel
    # The family undoes moves its own way (Elemental Towers: back to the start of the turn), with can_undo and
    # undo below; the shared take-back (takeback.py) then hands U and its button over to them. Every family's
    # flow says which.
    own_undo = False

    def __init__(self, session: Session) -> None:
        self.session = session

    def stage(self) -> Stage | None:
        """The stage for the family's own phase of the turn, or None for the shared ones."""
        return None

    def hint(self) -> str | None:
        """What to tell the player in a family's own stage (None: the shared hint)."""
        return None

    def cancel(self) -> bool:
        """Undo a choice the family's own way; True when it did (Esc)."""
        return False

    def choice(self) -> object:
        """What the player has chosen so far in the family's own stage (the table redraws when it changes)."""
        return None

    def can_undo(self) -> bool:
        """With own_undo: may the player undo now?"""
        return False

    def undo(self) -> bool:
        """With own_undo: undo the family's way; True when it did."""
        return False

    def spots_above(self, lies) -> list[tuple[tuple[int, int], int]]:
        """Spots above the table a card lying so may take: (cell, storey) (Aquarius Rising's houses)."""
        return []

    def after_move(self, result: ApplyResult, turn_before: int) -> list[str]:
        """Lines to log after a move, beyond the move in words."""
        return []

    def rounds(self) -> list[Any]:
        """The rounds played so far, when a game has rounds (Dominus)."""
        return []

    def game_over(self) -> None:
        """The game has just ended (Elemental Towers keeps the best score)."""

    def summary(self) -> list[str] | None:
        """The whole end screen, for a family that says it its own way (None: the shared one)."""
        return None

    def reason_lines(self) -> list[str] | None:
        """Why the winner won, for an ending the family defines (None: the shared reasons)."""
        return None

    def extra_lines(self) -> list[str]:
        """Lines the end screen adds after the goals."""
        return []

    def table_limit(self) -> tuple[tuple[int, int], tuple[int, int]] | None:
        """The corner cells of the table when a game bounds it (Dominus' `table` option); None when it is open."""
        return None

    def edge_marks(self, cell) -> dict[int, bool]:
        """While placing: each edge the chosen card would touch at `cell`, matching or not (Dominus)."""
        return {}
