"""The seats of a hosted game as the host keeps them: who plays each (a remote player, or a computer), the
reconnect token that gives a remote seat back to its player, and the connection playing it now.

Before the deal, a remote seat is free until a player says hello; their name is the seat's. After it, each
remote seat belongs to its token: a player who comes back with it takes the seat again, and nobody else
can. The hosted game is saved after every move with the tokens and the secret (`hosted_record`), so that
a host started again with `--load` gives the same seats to the same players.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..bots import DEFAULT_LEVEL
from ..core.errors import DataError
from ..i18n import tr
from ..session import Session, Stage
from ..session.choice import Refusal
from ..session.seats import REMOTE, Seat, same_name
from .code import SECRET

if TYPE_CHECKING:
    from ..engine.game import Game
    from .link import Link

HOSTED = "hosted"  # the hosted game's autosave, beside the window's in the saves folder


@dataclass
class Chair:
    kind: str  # "remote", "computer", or "human": a player at the host's own window (hot-seat beside the others)
    name: str = ""  # a remote seat's: empty until its player says hello
    level: str = DEFAULT_LEVEL
    token: str | None = None
    link: Link | None = None
    away_since: float | None = None  # when its player left, after the deal (the event loop's clock)

    @property
    def seat(self) -> Seat:
        return Seat(self.name, self.kind, self.level)

    def public(self) -> dict[str, Any]:
        """What every player is told of the seat: its name, kind, level, and whether its player is here."""
        if self.kind == "human":  # at the host's window: always there
            return {"name": self.name, "kind": LOCAL, "away": False}
        shown: dict[str, Any] = {"name": self.name or None, "kind": self.kind}
        if self.kind == "computer":
            shown["level"] = self.level
        else:
            shown["away"] = self.link is None
        return shown


LOCAL = "local"  # a seat played at the host's own window, as the others are told of it


def chairs_of(seats: list[Seat], window: bool = False) -> list[Chair]:
    """The chairs of a new hosted game: remote and computer seats, and with a `window` (the host's own) people
    playing there too."""
    found = []
    for seat in seats:
        if seat.kind not in (REMOTE, "computer") and not window:
            raise DataError(f"--players: {seat.name} would play at this computer, in a window: a host without "
                            "one seats only 'remote' players and computer levels (random, easy, medium, hard)")
        found.append(Chair(seat.kind, "" if seat.kind == REMOTE else seat.name, seat.level))
    if not any(chair.kind == REMOTE for chair in found):
        raise DataError("--players: no seat is 'remote': name at least one, for a player who joins by the code")
    return found


def unique_name(wanted: str, chairs: list[Chair]) -> str:
    """The name a joining player asked for, numbered when another seat has it already ("Bo 2")."""
    taken = [chair.name for chair in chairs if chair.name]
    name, number = wanted, 1
    while same_name([*taken, name]) is not None:
        number += 1
        name = f"{wanted[:20]} {number}"
    return name


def hosted_record(session: Session, chairs: list[Chair], secret: str) -> dict[str, Any]:
    """The game's record (files/saves.py) with what a host started again needs: the secret and the tokens."""
    return {**session.record(), "network": {"secret": secret, "tokens": [chair.token for chair in chairs]}}


def resumed_chairs(record: dict[str, Any], where: str, window: bool = False) -> tuple[list[Chair], str]:
    """The chairs and the secret of a hosted game's record; DataError when the record is not one. With a `window`,
    a seat may be a person's at the host's own window (a game a window hosted)."""
    network = record.get("network")
    seats = record["seats"]
    if not isinstance(network, dict) or not isinstance(network.get("tokens"), list):
        raise DataError(f"{where}: not a hosted game (it keeps no reconnect tokens): open it with "
                        "'aquarius3d play --load'")
    tokens, secret = network["tokens"], network.get("secret")
    if not isinstance(secret, str) or not SECRET.fullmatch(secret):
        raise DataError(f"{where}: network: secret: missing or not a join code's secret")
    if len(tokens) != len(seats) or not all(t is None or isinstance(t, str) and 0 < len(t) <= 64 for t in tokens):
        raise DataError(f"{where}: network: tokens: expected one token (or null) per seat")
    chairs = []
    for i, (seat, token) in enumerate(zip(seats, tokens)):
        kind = seat["kind"]
        kinds = (REMOTE, "computer", "human") if window else (REMOTE, "computer")
        if kind not in kinds or (kind == REMOTE) != (token is not None):
            raise DataError(f"{where}: seats[{i}]: a hosted game's seat is remote (with a token) or a computer"
                            + (" or a person's at the host's window" if window else ""))
        chairs.append(Chair(kind, seat["name"], seat.get("level", DEFAULT_LEVEL), token))
    return chairs, secret


def goal_unseen(session: Session, seat: int) -> bool:
    """Aqua-Chicken: the seat's player has not looked at their goal yet, so their view is sent without it."""
    return session.chicken and seat not in session.looks and not session.state.over


def record_look(session: Session, seat: int) -> bool:
    """Aqua-Chicken: a remote player looks at their goal (their `look`): the first look is counted and logged as at
    one table (Session.peek). False when it changes nothing: not Aqua-Chicken, the game over, looked before."""
    if not goal_unseen(session, seat):
        return False
    session.looks[seat] = session.state.turn_number
    session.messages.append(tr("log_looked", name=session.seats[seat].name))
    return True


class HostedSession(Session):
    """The session a host owns: as at one table, but nobody sits down between turns (a player joins by the code,
    before the deal), and a remote seat whose player is away is waited for in those words."""

    def __init__(self, game: Game, chairs: list[Chair], seed: int, targets: list[int | None] | None = None,
                 preset: dict[str, Any] | None = None) -> None:
        self.chairs = chairs
        super().__init__(game, [chair.seat for chair in chairs], seed, autosave=False, targets=targets, preset=preset)

    @classmethod
    def resumed(cls, record: dict[str, Any], chairs: list[Chair]) -> Session:
        """A hosted game going on from its record (`host --load`): its moves replayed in a host's session, its
        chairs those the record keeps (resumed_chairs)."""
        def make(game: Game, seats: list[Seat], seed: int, autosave: bool = False, **kwargs: Any) -> Session:
            return cls(game, chairs, seed, **kwargs)
        return cls.from_record(record, autosave=False, make=make)

    def can_join(self) -> bool:
        return False

    def join(self, name: str, kind: str = "human", level: str = DEFAULT_LEVEL) -> bool:
        return self._follow(Refusal(tr("net_no_join")))

    def take_back(self) -> bool:
        """U at the host's window: as at one table, but a move a player at another computer has been sent (their
        turn now) is theirs to answer: said so, rather than that they acted."""
        snapshot = self.takeback.snapshot
        if self.stage == Stage.REMOTE and snapshot is not None and snapshot.log == len(self.state.log) \
                and not self.flow.own_undo:
            return self._follow(Refusal(tr("net_move_seen", name=self.seats[self.seat].name)))
        return super().take_back()

    def hint(self) -> str:
        if self.stage == Stage.REMOTE and self.chairs[self.seat].link is None:
            return tr("net_waiting_for", name=self.seats[self.seat].name)
        return super().hint()
