"""The table's searching computer seats and H's suggestion, thought in a worker process (bots/worker.py).

A hard seat's search, or H's, takes up to its think time; done in the window's process it would stop the
frames (the camera, the Esc menu, everything) until it ends. Here the table's tick (`step`, each frame)
sends the seat's player and observation to the worker as soon as the seat is to move, keeps drawing while
it thinks (the hint line and the seat's label say so), and plays the answer on the window's thread once the
computer's pause is over (the pause and the thinking overlap). Levels that choose in a few milliseconds
(random, easy, medium) still choose here, at the end of the pause.

An answer counts only for the position it was asked about: the seat to move and the moves played so far. A take-back, a load or a new game moves the position on, and the job under way is dropped (its
process stopped, `Worker.cancel`); leaving the table (menu, load, settings, closing the window) stops it
too. If the worker cannot be used (no process could start, or it died), the choice is made here as before.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..bots.worker import Worker
from ..i18n import tr
from ..session import Stage
from ..session.suggestion import advisor, can_suggest, suggestion
from .suggest import show

if TYPE_CHECKING:
    from ..bots import Player
    from ..engine.hidden import Observation
    from ..engine.moves import Move
    from .table_screen import TableScreen

Position = tuple[int, int, tuple[str, ...]]  # the session's id, the seat to move, the moves played so far

SEARCHING = ("hard",)  # the levels whose choice takes long enough to be thought in the worker


class Thinking:
    def __init__(self, screen: TableScreen) -> None:
        self.screen = screen
        self.worker = Worker()
        self.kind: str | None = None  # "computer" or "suggest": what the job under way is for
        self.position: Position | None = None  # the position it was asked about
        self.answer: tuple[Move, Player] | None = None  # (move, player) come back for that position
        self.failed = False  # the worker could not be used: everything is chosen here, as before

    # -- what is under way -------------------------------------------------------------------------------

    def _position(self) -> Position:
        session = self.screen.session
        return id(session), session.seat, tuple(session.state.log)

    def thinking(self, kind: str = "computer") -> bool:
        """Is a job of that kind under way (asked, no answer yet) for the present position?"""
        return self.kind == kind and self.answer is None and self.position == self._position()

    def busy(self) -> bool:
        return self.kind is not None and self.answer is None

    def cancel(self) -> None:
        """Drop the job under way and its answer (the worker's process is stopped if it was thinking)."""
        self.worker.cancel()
        self.kind = self.position = self.answer = None

    def close(self) -> None:
        """The table goes away: no process is left behind."""
        self.cancel()
        self.worker.close()

    def _ask(self, kind: str, player: Player, observation: Observation) -> bool:
        if self.failed:
            return False
        try:
            self.worker.submit(self.screen.session.game, player, observation)
        except (OSError, RuntimeError, ValueError):  # no process here: choose in the window instead
            self.cancel()
            self.failed = True
            return False
        self.kind, self.position, self.answer = kind, self._position(), None
        return True

    def _collect(self) -> None:
        if self.kind is None or self.answer is not None:
            return
        try:
            found = self.worker.poll()
        except Exception:  # the worker died or the player failed there: choose in the window instead  # noqa: BLE001
            kind = self.kind
            self.cancel()
            self.failed = True
            if kind == "suggest":
                self.screen.suggest(wait=True)
            return
        if found is not None:
            self.answer = found[1:]

    # -- each frame ------------------------------------------------------------------------------------

    def step(self, ready: bool) -> bool:
        """Each frame: start, collect or play. `ready`: the computer's pause is over and nothing holds it.
        True when a computer seat has just moved."""
        if self.kind is not None and self.position != self._position():
            self.cancel()  # the game moved on (a take-back, another game): the answer would be stale
        self._collect()
        if self.kind == "suggest":
            if self.answer is not None:
                self._show_suggestion()
            return False
        session = self.screen.session
        if session.stage != Stage.COMPUTER:
            return False
        player = session.bots.get(session.seat)
        if player is None or getattr(player, "level", None) not in SEARCHING:
            return bool(ready and session.computer_move())
        if self.kind is None:
            if not self._ask("computer", player, session.game.observe(session.state, session.seat)):
                return bool(ready and session.computer_move())  # thought here, as before
            self.screen.refresh()  # the seat's label says it thinks
        if not ready or self.answer is None:
            return False
        move, player = self.answer
        seat = session.seat
        self.kind = self.position = self.answer = None
        session.adopt_player(seat, player)  # its random source as it is after choosing: as if chosen here
        return session.computer_move(move)

    # -- H ------------------------------------------------------------------------------------------

    def suggest(self) -> None:
        """H: ask the hard player for the human to move; the hint line says it when it comes (or why not now)."""
        screen = self.screen
        session = screen.session
        if not can_suggest(session):
            session.notify(tr("suggest_not_now"))
            screen.refresh()
            return
        if self.thinking("suggest"):
            return
        if self.kind == "computer":
            return
        player, seen, _ = advisor(session)
        if not self._ask("suggest", player, seen):
            screen.suggest(wait=True)  # no worker: think here, as before
            return
        screen.refresh()
        screen.hud.say(tr("suggest_thinking"))

    def _show_suggestion(self) -> None:
        screen = self.screen
        move = self.answer[0] if self.answer else None
        self.kind = self.position = self.answer = None
        found = suggestion(screen.session, move=move)
        screen.refresh()
        if found is not None:
            show(screen, found)
