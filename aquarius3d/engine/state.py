"""Everything that changes during a game, as plain data.

Piles are lists of card ids (indices into the game's deck). The top of the
draw pile and of the discard pile is the last item; the top of the unused
goals is the first item (goals go under the pile, at its end).

What a game family adds (Aquarius Rising's houses and pyramids, Elemental
Towers' pieces, Dominus' rounds) is its own typed object in `data`, defined in
that family's package and registered here by name, so the engine never
imports a family and a state still round-trips through plain data.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any, ClassVar, Protocol, TypeVar

from ..core.values import Value, field
from .movelog import MoveLog
from .table import Table


class FamilyData(Protocol):
    """A game family's part of the state: copied cheaply, written as plain JSON-ready data."""

    family: ClassVar[str]

    def copy(self) -> FamilyData: ...

    def observed(self) -> FamilyData:
        """The copy a seat's observation holds (engine/hidden.py, which then makes the hidden piles holes): what no
        seat may know beyond those piles is left out of it (Elemental Towers: the ids of the cards dealt into the
        deck)."""
        ...

    def to_dict(self) -> dict[str, Any]: ...

    def public(self) -> dict[str, Any]:
        """What every seat may know of it (observations)."""
        ...

    def cards(self) -> list[int]:
        """The card ids it holds (cards on pyramids, set aside, being resolved)."""
        ...

    def hidden(self) -> list[tuple[str, list[int]]]:
        """Its piles nobody may see, each with the kind of card it holds ("play" or "goal")."""
        ...


_READERS: dict[str, Callable[[dict[str, Any]], FamilyData]] = {}
D = TypeVar("D", bound=FamilyData)


def register_data(family: str, reader: Callable[[dict[str, Any]], FamilyData]) -> None:
    """Let State.from_dict rebuild a family's data (each family package calls this once)."""
    _READERS[family] = reader


def data_of(state: State, kind: type[D]) -> D:
    """A family's part of a state, made empty on first use (a bare table, say, has none yet)."""
    if state.data is None:
        state.data = kind()
    if not isinstance(state.data, kind):
        raise TypeError(f"not a {kind.family} state: {type(state.data).__name__}")
    return state.data


class State(Value, eq=False):
    players: list[str]
    hands: list[list[int]]
    goals: list[int | None]
    unused_goals: list[int]
    deck: list[int]
    discard: list[int] = field(default_factory=list)
    table: Table = field(default_factory=Table)
    turn: int = 0  # seat to play
    turn_number: int = 1
    phase: str = "play"  # "play" or "over"; families add steps ("pyramid", "actions", ...)
    rng: int = 0
    winners: list[int] = field(default_factory=list)
    end_reason: str = ""
    passes: int = 0  # consecutive passes, for the deck-out ending
    log: MoveLog = field(default_factory=MoveLog)  # "seat: move" per move, each line written when read (movelog.py)
    targets: list[int | None] | None = None  # players' own targets (young players); None: the ruleset's
    joined: int = 0  # players who sat down after the deal (their joins are moves in the log)
    preset: dict[str, Any] | None = None  # setup facts chosen before the deal (Elemental Towers: same_deck), kept for replays
    goals_turned_in: list[list[int]] = field(default_factory=list)  # per seat, goals it gave up to Shuffle Goals
    known: list[dict[int, tuple[str, int]]] = field(default_factory=list)  # per seat: hidden cards it saw placed
    data: FamilyData | None = None  # the family's own part (see the module docstring)

    def __init__(self, players: list[str], hands: list[list[int]], goals: list[int | None], unused_goals: list[int],
                 deck: list[int], discard: list[int] | None = None, table: Table | None = None, turn: int = 0,
                 turn_number: int = 1, phase: str = "play", rng: int = 0, winners: list[int] | None = None,
                 end_reason: str = "", passes: int = 0, log: MoveLog | None = None,
                 targets: list[int | None] | None = None, joined: int = 0, preset: dict[str, Any] | None = None,
                 goals_turned_in: list[list[int]] | None = None, known: list[dict[int, tuple[str, int]]] | None = None,
                 data: FamilyData | None = None) -> None:
        # Written out, the fields in their order (Value's generic __init__ walked the names and defaults: a
        # tenth of a new game's deal); a missing container is a new one, as the fields' factories make it.
        self.players = players
        self.hands = hands
        self.goals = goals
        self.unused_goals = unused_goals
        self.deck = deck
        self.discard = [] if discard is None else discard
        self.table = Table() if table is None else table
        self.turn = turn
        self.turn_number = turn_number
        self.phase = phase
        self.rng = rng
        self.winners = [] if winners is None else winners
        self.end_reason = end_reason
        self.passes = passes
        self.log = MoveLog() if log is None else log
        self.targets = targets
        self.joined = joined
        self.preset = preset
        self.goals_turned_in = [] if goals_turned_in is None else goals_turned_in
        self.known = [] if known is None else known
        self.data = data

    @property
    def over(self) -> bool:
        return self.phase == "over"

    def copy(self) -> State:
        other = State.__new__(State)
        fields = other.__dict__
        fields.update(self.__dict__)  # the numbers and strings; every container is replaced below
        fields["players"] = list(self.players)
        fields["hands"] = [list(h) for h in self.hands]
        fields["goals"] = list(self.goals)
        fields["unused_goals"] = list(self.unused_goals)
        fields["deck"] = list(self.deck)
        fields["discard"] = list(self.discard)
        fields["table"] = self.table.copy()
        fields["winners"] = list(self.winners)
        fields["log"] = self.log.copy() if self.log.__class__ is MoveLog else MoveLog(self.log)
        if self.targets is not None:
            fields["targets"] = list(self.targets)
        if self.preset is not None:
            fields["preset"] = copy.deepcopy(self.preset)
        fields["goals_turned_in"] = [list(g) for g in self.goals_turned_in]
        fields["known"] = [dict(k) for k in self.known]
        if self.data is not None:
            fields["data"] = self.data.copy()
        return other

    def to_dict(self) -> dict[str, Any]:
        return {
            "players": list(self.players),
            "hands": [list(h) for h in self.hands],
            "goals": list(self.goals),
            "unused_goals": list(self.unused_goals),
            "deck": list(self.deck),
            "discard": list(self.discard),
            "table": [
                {"at": [x, y], "card": self.table.cards[(x, y)], "face": self.table.faces[(x, y)].code}
                for (x, y) in sorted(self.table.cards)
            ],
            "turn": self.turn,
            "turn_number": self.turn_number,
            "phase": self.phase,
            "rng": str(self.rng),
            "winners": list(self.winners),
            "end_reason": self.end_reason,
            "passes": self.passes,
            "log": list(self.log),
            "targets": None if self.targets is None else list(self.targets),
            "joined": self.joined,
            "preset": copy.deepcopy(self.preset),
            "goals_turned_in": [list(g) for g in self.goals_turned_in],
            "known": [[[card, kind, holder] for card, (kind, holder) in sorted(k.items())] for k in self.known],
            "data": None if self.data is None else {"family": self.data.family, **self.data.to_dict()},
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> State:
        table = Table()
        for entry in data["table"]:
            table.place(tuple(entry["at"]), int(entry["card"]), entry["face"])
        own = data.get("data")
        return cls(
            players=list(data["players"]),
            hands=[list(h) for h in data["hands"]],
            goals=list(data["goals"]),
            unused_goals=list(data["unused_goals"]),
            deck=list(data["deck"]),
            discard=list(data["discard"]),
            table=table,
            turn=int(data["turn"]),
            turn_number=int(data["turn_number"]),
            phase=data["phase"],
            rng=int(data["rng"]),
            winners=list(data["winners"]),
            end_reason=data.get("end_reason", ""),
            passes=int(data.get("passes", 0)),
            log=MoveLog(data.get("log", [])),
            targets=None if data.get("targets") is None else list(data["targets"]),
            joined=int(data.get("joined", 0)),
            preset=copy.deepcopy(data.get("preset")),
            goals_turned_in=[list(g) for g in data.get("goals_turned_in", [])],
            known=[{int(card): (str(kind), int(holder)) for card, kind, holder in k} for k in data.get("known", [])],
            data=None if own is None else _READERS[own["family"]](own),
        )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self.to_dict() == other.to_dict()
