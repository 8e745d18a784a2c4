"""A player's side of a hosted game as a session the window draws and drives like its own (issue 31).

    session = GuestSession(game, first_state, send)     # send(seq, "place FASW @ 0,-1"): the move to the host
    session.take(next_state)                            # each `state` the host sends
    session.refused(message)                            # a `refused` for this player's move
    GuestSession(game, first_state, send, look)          # look(): Aqua-Chicken, this player looks at their goal

It is built from the host's `state` messages alone: its state is the view the host sent (wire.view_state),
in which every card this seat may not see is a hole, so nothing drawn from it, the scene graph included,
can show another hand or the deck, even by mistake; it never deals. Its one person is this seat; every
other seat is "remote" to it (their moves come from the host). On this seat's turn it offers the same
picks as a session at one computer (the spots and options are worked out from the view, by the same
flows), and a pick that makes a move sends it (`send`) instead of playing it; the host's next state is
the move played, or its refusal is said as a refusal at the table is. The log, the end screen and the
refusals are in the host's words; the events are made back from the host's (`played`, `joined`...), and each
move's notice at the top is what the host's table said of it (a bonus drawn: the mover's own too). Between
Dominus' rounds the finished round comes as this seat's view of it (`round_end`) and is shown with the host's
summary, as at the host's table, until this player goes on (Continue: `next_round`), whatever the host does: a
host without a window deals the next round at once, and the states that come meanwhile wait behind the round's
end (`held`), taken in order when the player goes on; so a turn of theirs in the new round begins then. A player
who goes on before the host does sees the next deal, their own new hand, until the host begins it. In
Aqua-Chicken the seat's own goal is a hole until the player first holds G: that sends a `look`, which the host
counts for the side game, and the next state holds the goal.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..engine.game import ApplyResult
from ..engine.hidden import HIDDEN
from ..engine.moves import Move, parse_move
from ..i18n import tr
from ..session import Seat, Session, Stage
from ..session.choice import Choice, Refusal
from ..session.events import Event, Joined, Played, RoundOver, TakenBack
from ..session.seats import REMOTE
from .wire import view_state

if TYPE_CHECKING:
    from ..engine.game import Game

Send = Callable[[int, str], None]  # (the seq of the state answered, the move in notation)
UNSEEN = "?"  # the observation's goal while the player has not looked at it (Aqua-Chicken): a goal card to hold


def seats_of(shown: list[dict[str, Any]], me: int) -> list[Seat]:
    """The seats as the host tells them: this seat the one person here, every other one remote to it."""
    return [Seat(str(seat.get("name") or "?"), "human" if i == me else REMOTE) for i, seat in enumerate(shown)]


def event_of(shown: dict[str, Any], me: int) -> Event | None:
    """A public event as the host sent it, made back into the session's (None for one it cannot read)."""
    kind = shown.get("type")
    try:
        if kind == "played":
            seat = int(shown["seat"])
            result = ApplyResult(parse_move(str(shown["move"])), seat, int(shown.get("bonus", 0)),
                                 over=bool(shown.get("over")))
            return Played(seat, result, int(shown["said"]), seat != me, str(shown.get("notice") or ""))
        if kind == "joined":
            return Joined(int(shown["seat"]))
        if kind == "taken_back":
            return TakenBack(int(shown["seat"]))
        if kind == "round_over":
            return RoundOver(int(shown["number"]))
    except (KeyError, TypeError, ValueError):
        return None
    return None


class GuestSession(Session):
    def __init__(self, game: Game, message: dict[str, Any], send: Send, look: Callable[[], None] | None = None) -> None:
        self.me = int(message["seat"])
        super().__init__(game, seats_of(message["seats"], self.me), 0, autosave=False,
                         state=view_state(message["view"]))
        self.send, self.look = send, look
        self.seq = -1  # the number of the last state the host sent
        self.your_move = False
        self.sent: int | None = None  # the seq a move was sent for, until the host answers it
        self.away: set[int] = set()  # seats whose player is not connected now
        self.computers: set[int] = set()  # the host's computer seats
        self.host_summary: list[str] = []
        self.host_stage = ""
        self.reading = False  # a round's end shows until this player goes on (Continue)
        self.held: list[tuple[dict[str, Any], bool]] = []  # the host's states come meanwhile, in order
        self.take(message)

    # -- what the host sends ----------------------------------------------------------------------------

    def take(self, message: dict[str, Any], fresh: bool = False) -> None:
        """A `state`: the table as this seat may see it, the log's new lines, the news. `fresh`: the first after
        the line came back (a move sent before it dropped may be lost: the turn begins again). While the player
        reads a round's end, it waits behind it (`next_round`)."""
        if self.reading:
            self.held.append((message, fresh))
            return
        same = message["seq"] == self.seq and not fresh
        shown = message["seats"]
        self.seats = seats_of(shown, self.me)
        self.away = {i for i, seat in enumerate(shown) if seat.get("kind") == REMOTE and seat.get("away")}
        self.computers = {i for i, seat in enumerate(shown) if seat.get("kind") == "computer"}
        log = message["log"]
        del self.messages[max(0, int(log["from"])):]
        self.messages.extend(str(line) for line in log["lines"])
        moved = False
        for found in message.get("events", []):
            event = event_of(found, self.me) if isinstance(found, dict) else None
            if event is not None:
                self.events.append(event)
            if isinstance(event, Played):  # each move says its news at the top, as at the host's table (or nothing)
                self.notice, moved = event.notice, True
        self.host_summary = [str(line) for line in message.get("summary", [])]
        began = self.host_stage != Stage.ROUND_OVER
        self.host_stage = str(message["stage"])
        if not began and self.host_stage != Stage.ROUND_OVER and not moved and log["lines"]:
            self.notice = str(log["lines"][-1])  # (the next round begun: its line, at the top as at the host's table)
        self.state = view_state(message["view"])
        ended = message.get("round_end")  # (Dominus between rounds: the finished table, shown until the player goes on)
        self.round_end = view_state(ended) if isinstance(ended, dict) and self.host_stage == Stage.ROUND_OVER else None
        self.reading = began and self.round_end is not None  # (a round's end just come: once, not when told again)
        self._moved()
        self.seq, self.your_move = int(message["seq"]), bool(message["your_move"])
        if same and (self.sent is not None or self.your_move and self.stage not in (Stage.REMOTE, Stage.OVER)):
            return  # the same table told again (a seat left or came back): the choice under way stays
        self.sent = None
        held = self.peeking and same  # (G still held while the host answered a look: the goal shows)
        self._sit()
        self.peeking = self.peeking or held

    def refused(self, message: dict[str, Any]) -> None:
        """The host refused this player's move: said as a refusal at the table is, and the turn begins again
        (a stale move needs nothing said: the newer state is on its way)."""
        if message.get("seq") is not None and message.get("seq") != self.sent:
            return
        self.sent = None
        if message.get("code") == "stale":
            return
        self._sit()
        self._follow(Refusal(str(message.get("reason") or tr("refuse_generic"))))

    def _sit(self) -> None:
        """The stage this seat waits in, from what the host said."""
        self.peeking = False
        if self.state.over or self.host_stage == Stage.OVER:
            self._set(Choice(Stage.OVER))
        elif self.host_stage == Stage.ROUND_OVER:  # (gone on before the host: the next deal, until it begins)
            self._set(Choice(Stage.ROUND_OVER if self.reading else Stage.REMOTE))
        elif self.your_move and self.seat == self.me:
            self.shown_seat = self.me
            self._set(self.flow.begin() or Choice(Stage.CHOOSE))
        else:
            self._set(Choice(Stage.REMOTE))

    # -- a pick that makes a move sends it --------------------------------------------------------------

    def _try(self, move: Move) -> bool:
        if not self.your_move or self.sent is not None:
            return self._follow(Refusal(tr("net_wait_your_turn")))
        self.sent = self.seq
        self.notice = ""
        self._set(Choice(Stage.REMOTE))  # until the host answers
        self.send(self.seq, str(move))
        return True

    # -- what a player at another computer may not do here ------------------------------------------------

    @property
    def viewer(self) -> int | None:
        """This seat, always (its secrets are the only ones it holds); nobody's at the end, which shows all."""
        return None if self.stage in (Stage.OVER, Stage.ROUND_OVER) else self.me

    def hint(self) -> str:
        if self.stage == Stage.REMOTE:
            name = self.seats[self.seat].name
            if self.host_stage == Stage.ROUND_OVER:  # (this player went on first: the next deal shows)
                return tr("net_next_round_waits", number=len(self.flow.rounds()) + 1)
            if self.sent is not None:
                return tr("net_move_sent")
            if self.seat in self.away:
                return tr("net_waiting_for", name=name)
            if self.seat in self.computers:
                return tr("hud_bot_thinking", name=name)
        if self.stage == Stage.ROUND_OVER:
            return tr("net_round_read")
        return super().hint()

    def summary(self) -> list[str]:
        return self.host_summary or super().summary()

    def can_take_back(self) -> bool:
        return False

    def take_back(self) -> bool:
        """U, Ctrl+Z: no take-back across computers yet (Elemental Towers: no undo of the turn), said in words."""
        return self._follow(Refusal(tr("net_no_undo" if self.flow.own_undo else "net_no_take_back")))

    def can_join(self) -> bool:
        return False

    def join(self, name: str, kind: str = "human", level: str = "") -> bool:
        return self._follow(Refusal(tr("net_no_join")))

    def next_round(self) -> None:
        """Continue: this player has read the round's end. What the host sent meanwhile is taken, in order (the next
        deal, the moves since, a turn of theirs); else the next deal shows until the host begins it."""
        if self.stage != Stage.ROUND_OVER or not self.reading:
            return
        self.reading = False
        held, self.held = self.held, []
        if not held:  # (the host still on its score table: the next deal shows, the last round's news gone)
            self.notice = ""
            self._sit()
        for message, fresh in held:
            self.take(message, fresh)  # (a further round's end, already come, holds what follows it again)

    def go_on_words(self) -> str:
        return tr("net_round_continue")

    def turn_title(self) -> str:
        """Gone on before the host: the next round is dealt, nobody's turn yet (not its first player's)."""
        if self.stage == Stage.REMOTE and self.host_stage == Stage.ROUND_OVER:
            return tr("net_round_dealt_title", number=len(self.flow.rounds()) + 1)
        return super().turn_title()

    @property
    def host_over(self) -> bool:
        """The host has said the game is over (maybe still behind a round's end this player reads)."""
        return self.state.over or any(message.get("stage") == Stage.OVER for message, _ in self.held)

    def peek(self, on: bool) -> None:
        """Press and hold to see the goal; in Aqua-Chicken, before the first look the goal is the host's to send:
        the look is told (`look`), the host counts it, and the goal shows when its state comes."""
        self.peeking = on and self.stage not in (Stage.OVER, Stage.ROUND_OVER)
        if self.peeking and self.goal_unseen and self.look is not None:
            self.look()

    @property
    def goal_unseen(self) -> bool:
        """Aqua-Chicken: the host holds this seat's goal until the player looks."""
        goals = self.state.goals
        return not self.state.over and self.me < len(goals) and goals[self.me] == HIDDEN

    def observation(self) -> dict[str, Any]:
        seen = super().observation()
        if self.goal_unseen and seen.get("seat") == self.me:
            seen["goal"] = UNSEEN  # (a goal there is, to hold G for: its words wait for the host, goal_text)
        return seen

    def goal_text(self) -> str | None:
        return None if self.goal_unseen else super().goal_text()

    def computer_move(self, chosen: Move | None = None) -> bool:
        return False

    def submit(self, move: Move | str) -> bool:
        return False

    def record(self) -> dict[str, Any]:
        """A joined game is the host's to save: said in words where the window saves (Ctrl+S, the game menu)."""
        raise OSError(0, tr("net_host_saves"))
