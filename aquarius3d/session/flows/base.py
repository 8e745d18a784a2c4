"""A game family's part of a turn at the table: what the session asks it, and what it answers.

The session (session/play.py) runs what every family shares: seats, the hand-off cover, choosing a hand
card and where it goes, the action cards, the log and autosave. At a few points it asks the game's Flow
(flows/<family>.py), passing the choice under way: the choice a family's own step of the turn begins with,
the spots and options of its own stages, what a pick of its own means (a space, a pyramid of the tray),
what Esc undoes, what to tell the player, which storeys a card may take, what else to log after a move,
what the end screen says. A flow answers with values (choice.py: a new choice, a move, a refusal); it
reads the session and never changes it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ...core.cards import Face
    from ...engine.game import ApplyResult
    from ...engine.moves import Move
    from ...engine.state import State
    from ..choice import Cell, Choice, Option, Outcome, Spot
    from ..play import Session


class Flow:
    """The shared flow: Aquarius needs nothing beyond it."""

    must_play_drawn = False  # the card drawn must be played (Elemental Towers): nothing to cancel
    # The family undoes moves its own way (Elemental Towers: back to the start of the turn), with can_undo and
    # restore_point below; the shared take-back (takeback.py) then hands U and its button over to them.
    own_undo = False

    # What the window shows of the family: screens/ and view/ ask these, never the family's name.
    solitaire = False  # one seat: no unused goals, no others' hands, its score for its seat line (Elemental Towers)
    pyramids = False  # a tray of pyramids per seat, houses of storeys and their heights (Aquarius Rising)
    draws_action = False  # an action card drawn each turn, shown large beside the table (Elemental Towers)
    spaces = False  # cards with spaces holding pieces, a supply tray and a scoring row (Elemental Towers)
    replays_deck = False  # the end offers the same cards again (Elemental Towers)

    def __init__(self, session: Session) -> None:
        self.session = session

    def seat_line(self, seat: int, cards: int) -> str | None:
        """What a seat's label and the turn panel say of it in one line, the family's way (Aquarius Rising: its
        cards and pyramids); None for the shared way (the name, then the cards)."""
        return None

    def score_line(self) -> str | None:
        """A solitaire game's score and rank in words, said where other games count a seat's cards."""
        return None

    def offered_cards(self) -> list[dict[str, Any]]:
        """The cards a draft offers, as hand cards ({"kind", "code"}) to choose from (Elemental Towers)."""
        return []

    def scored_spaces(self) -> set[tuple[Cell, str]] | None:
        """The spaces whose towers score now (Elemental Towers: the end's moment lights them); None: no towers."""
        return None

    def score_lit(self) -> tuple[set[tuple[Cell, str]], list[int]]:
        """What the last move changed of the score, to light a moment (Elemental Towers: the spaces of the towers
        that came to score or changed their points, and the places of the scoring row that changed)."""
        return set(), []

    def begin(self) -> Choice | None:
        """The choice a turn of the family's own begins with (its own stage), or None for the shared one."""
        return None

    def select(self, choice: Choice, index: int) -> Outcome | None:
        """A hand card clicked in a stage of the family's own (None: the shared meaning)."""
        return None

    def spots(self, choice: Choice) -> dict[Move, Spot] | None:
        """The spots of a stage of the family's own (None: the shared ones)."""
        return None

    def options(self, choice: Choice) -> list[Option] | None:
        """The buttons of a stage of the family's own (None: the shared ones)."""
        return None

    def space(self, choice: Choice, cell: Cell, space: str) -> Outcome | None:
        """A space of a card clicked (Elemental Towers); None when the family has no spaces."""
        return None

    def pick_pyramid(self, choice: Choice, pyramid: str) -> Outcome | None:
        """A pyramid of the player's supply picked (Aquarius Rising); None when the family has none."""
        return None

    def cancel(self, choice: Choice) -> Choice | None:
        """What Esc leaves of the choice, the family's way (None: the shared way)."""
        return None

    def hint(self, choice: Choice) -> str | None:
        """What to tell the player in a family's own stage (None: the shared hint)."""
        return None

    def out_of_play(self) -> str | None:
        """The person to move can do nothing at all this turn (Aquarius Rising: no card to play and no quarter for
        any pyramid): the line that says why as the session passes for them; None when they have a choice."""
        return None

    def can_undo(self) -> bool:
        """With own_undo: may the player undo now?"""
        return False

    def restore_point(self) -> tuple[State, int] | None:
        """With own_undo: the state to go back to and how many log lines it had, if the player may undo now."""
        return None

    def spots_above(self, lies: Face) -> list[tuple[tuple[int, int], int]]:
        """Spots above the table a card lying so may take: (cell, storey) (Aquarius Rising's houses)."""
        return []

    def opening_lines(self) -> list[str]:
        """Lines to log as the game opens (what the deal did that a player should read)."""
        return []

    def before_move(self) -> None:
        """A move is about to be played (Elemental Towers keeps the state before it, to say what the move took)."""

    def describe(self, result: ApplyResult, before: dict[Any, str] | None) -> str | None:
        """The move just played in words for the log, the family's way (None: its narration's, as usual)."""
        return None

    def after_move(self, result: ApplyResult, turn_before: int) -> list[str]:
        """Lines to log after a move, beyond the move in words."""
        return []

    def notice(self, result: ApplyResult, turn_before: int) -> str:
        """What the player who moved is told at once, at the top of the window, beyond the log ("" for nothing)."""
        return ""

    def rounds(self) -> list[Any]:
        """The rounds played so far, when a game has rounds (Dominus)."""
        return []

    def round_end(self) -> State | None:
        """The table and hands as the round just played ended, before the next was dealt (Dominus), if known:
        what the window shows with the round's result."""
        return None

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

    def edge_marks(self, cell: Cell | None) -> dict[int, bool]:
        """While placing: each edge the chosen card would touch at `cell`, matching or not (Dominus)."""
        return {}
