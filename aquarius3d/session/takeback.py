"""Take-back: a human may take back the move they just made, until the next seat has acted.

The Board Game Arena policy (issue 11): a move can be taken back only while nobody else has acted
since (in hot-seat: until the cover is lifted for the next player; against computers: until the
computer has moved), never once the game has ended, and never when the move showed its mover
something that was hidden before: a card drawn into their own hand (a connection's bonus draw,
Trade Hands, Shuffle Hands, the next turn's draw in a solitaire game) or a goal that changed hands.
A move that drew cards only for others (the next seat's draw at the start of its turn, which no one
saw) is taken back honestly: the whole state before the move comes back, the deck with its cards in
their order included, so the same cards are dealt again.

Elemental Towers keeps its own undo (flows/towers.py: back to the start of the turn, after its
card was drawn): its flow says so (`Flow.own_undo`), and `TakeBack` hands over to it, so U and the button mean the same thing in every game.
The session calls `before()` and `after()` around each move, and `restore_point()` to take one back.
"""

from __future__ import annotations

from dataclasses import dataclass

from typing import TYPE_CHECKING, Any

from ..engine.state import State
from .stages import Stage

if TYPE_CHECKING:
    from .flows.base import Flow
    from .play import Session


@dataclass
class Snapshot:
    state: State  # the state before the move
    messages: int  # how many log lines there were
    seat: int  # who moved
    log: int  # the length of the game's log just after the move: anyone's next act makes it longer


def _secrets(state: State, seat: int) -> tuple[set[int], int | None, dict[Any, Any]]:
    """What a seat privately knows: the cards in its hand, its goal, the hidden cards it saw placed."""
    known = state.known[seat] if seat < len(state.known) else {}
    return set(state.hands[seat]), state.goals[seat] if seat < len(state.goals) else None, dict(known)


class TakeBack:
    def __init__(self, session: Session) -> None:
        self.session = session
        self.snapshot: Snapshot | None = None
        self._pending: tuple[State, int, int] | None = None

    def _own_undo(self) -> Flow | None:
        """The family's flow when it keeps its own undo (Elemental Towers; Flow.own_undo), else None."""
        flow: Flow = self.session.flow
        return flow if flow.own_undo else None

    def before(self) -> None:
        """A move is about to be made: keep the state if a human makes it."""
        session = self.session
        seat = session.seat
        human = seat < len(session.seats) and session.seats[seat].kind == "human"
        self._pending = (session.state.copy(), len(session.messages), seat) if human else None
        self.snapshot = None

    def after(self) -> None:
        """The move was made: keep it for a take-back unless it showed its mover anything hidden."""
        pending, self._pending = self._pending, None
        if pending is None:
            return
        state, messages, seat = pending
        now = self.session.state
        hand_before, goal_before, known_before = _secrets(state, seat)
        hand_after, goal_after, known_after = _secrets(now, seat)
        revealed = bool(hand_after - hand_before) or goal_after != goal_before \
            or any(known_before.get(k) != v for k, v in known_after.items())
        if not revealed and not now.over:
            self.snapshot = Snapshot(state, messages, seat, len(now.log))

    def possible(self) -> bool:
        """May the move just made be taken back now?"""
        own = self._own_undo()
        if own is not None:
            return bool(own.can_undo())
        snapshot, session = self.snapshot, self.session
        if snapshot is None or session.state.over or len(session.state.log) != snapshot.log:
            return False
        # The mover still plays (Aquarius Rising's pyramid), or the next seat has not looked or moved yet.
        return session.seat == snapshot.seat or session.stage in (Stage.COVER, Stage.COMPUTER)

    def mover(self) -> int | None:
        """The seat whose move may be taken back now, if one may (the family's own undo names nobody)."""
        if self._own_undo() is not None or not self.possible():
            return None
        return self.snapshot.seat if self.snapshot is not None else None

    def restore_point(self) -> tuple[State, int, int, str] | None:
        """What taking back the move comes to, if it may be taken back now: the state to go back to (the deck
        included), how many log lines to keep, who is looking, and the line to log ("" for none); the session
        puts it back (Session.take_back). The family's own undo answers instead where it keeps one."""
        from ..i18n import tr

        own = self._own_undo()
        if own is not None:
            found = own.restore_point()
            return None if found is None else (found[0], found[1], self.session.seat, "")
        if not self.possible():
            return None
        snapshot = self.snapshot
        assert snapshot is not None
        self.snapshot = None
        return (snapshot.state.copy(), snapshot.messages, snapshot.seat,
                tr("log_taken_back", name=self.session.seats[snapshot.seat].name))
