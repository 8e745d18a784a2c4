"""Elemental Towers' part of the state: pieces on the panels, the supply, earned actions, the draft.

The scoring row is the goal cards in `state.unused_goals`, top (5 points)
first. Cards out of the game, the draft's unseen pool and the goals set aside
while drafting are hidden: `public()` leaves them out, and so it does the list
of the game's 30 cards (kept to play them again; a player does not know which
30 were dealt).

A card's pieces (its dict of spaces and their lists) and `deck_cards` are never changed in place: a change
puts a new one in their place, so that copies of a state (every observation) share them.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ...engine.state import State, data_of, register_data
from ...core.values import Value, field

_set = object.__setattr__  # a frozen Value's fields are set this way
Cell = tuple[int, int]
Piece = list[str]  # a pyramid or a tower, bottom first: ["Lr", "Mr"]


class Match(Value, frozen=True):
    """An action earned by a match: its colour, and the two touching spaces (x, y, space name)."""

    colour: str
    spaces: tuple[tuple[int, int, str], tuple[int, int, str]]

    def __init__(self, colour: str, spaces: tuple[tuple[int, int, str], tuple[int, int, str]]) -> None:
        _set(self, "colour", colour)  # written out: one for every match made
        _set(self, "spaces", spaces)

    def to_dict(self) -> dict[str, Any]:
        return {"colour": self.colour, "spaces": [list(s) for s in self.spaces]}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Match:
        a, b = (tuple(s) for s in data["spaces"])
        return cls(str(data["colour"]), ((int(a[0]), int(a[1]), str(a[2])), (int(b[0]), int(b[1]), str(b[2]))))


def cell_text(cell: Cell) -> str:
    return f"{cell[0]},{cell[1]}"


def cell_of(text: str) -> Cell:
    x, y = (int(v) for v in text.split(","))
    return x, y


class TowersData(Value):
    family: ClassVar[str] = "towers"
    pieces: dict[Cell, dict[str, Piece]] = field(default_factory=dict)  # per card, space name -> piece
    supply: dict[str, int] = field(default_factory=dict)  # pyramids left by kind ("Sr": 3, ...)
    pending: list[Match] = field(default_factory=list)  # the actions the last card earned, still to resolve
    action_card: int | None = None  # an action card drawn and being resolved
    draft_offer: list[int] = field(default_factory=list)  # draft: the three cards offered
    deck_cards: list[int] = field(default_factory=list)  # the game's cards, for playing them again
    events: list[str] = field(default_factory=list)  # what happened at the start of the turn (actions resolved)
    box: list[int] = field(default_factory=list)  # hidden: cards out of the game
    pool: list[int] = field(default_factory=list)  # hidden: the draft's unseen pool
    goals_aside: list[int] = field(default_factory=list)  # hidden: the goals set aside while drafting

    def __init__(self, pieces: dict[Cell, dict[str, Piece]] | None = None, supply: dict[str, int] | None = None,
                 pending: list[Match] | None = None, action_card: int | None = None,
                 draft_offer: list[int] | None = None, deck_cards: list[int] | None = None,
                 events: list[str] | None = None, box: list[int] | None = None, pool: list[int] | None = None,
                 goals_aside: list[int] | None = None) -> None:  # written out: one is made for every copy of a state
        self.pieces = {} if pieces is None else pieces
        self.supply = {} if supply is None else supply
        self.pending = [] if pending is None else pending
        self.action_card = action_card
        self.draft_offer = [] if draft_offer is None else draft_offer
        self.deck_cards = [] if deck_cards is None else deck_cards
        self.events = [] if events is None else events
        self.box = [] if box is None else box
        self.pool = [] if pool is None else pool
        self.goals_aside = [] if goals_aside is None else goals_aside

    def copy(self) -> TowersData:
        # A card's pieces (the dict and its lists) and `deck_cards` are replaced, never changed in place, so a
        # copy shares them.
        return TowersData(dict(self.pieces), dict(self.supply), list(self.pending), self.action_card,
                          list(self.draft_offer), self.deck_cards, list(self.events), list(self.box),
                          list(self.pool), list(self.goals_aside))

    def observed(self) -> TowersData:
        """An observation's copy: without `deck_cards`, which would tell which cards went into the unseen box (the
        game's cards are in its record, for playing them again; no seat plays from them)."""
        seen = self.copy()
        seen.deck_cards = []
        return seen

    def public(self) -> dict[str, Any]:
        found: dict[str, Any] = {
            "pieces": {cell_text(c): {n: list(p) for n, p in sorted(here.items())}
                       for c, here in sorted(self.pieces.items())},
            "supply": dict(self.supply),
            "pending": [m.to_dict() for m in self.pending],
            "draft_offer": list(self.draft_offer),
            "events": list(self.events),
        }
        if self.action_card is not None:
            found["action_card"] = self.action_card
        return found

    def to_dict(self) -> dict[str, Any]:
        dealt = {"deck_cards": list(self.deck_cards)} if self.deck_cards else {}  # (none in an observation)
        return {**self.public(), **dealt, "box": list(self.box), "pool": list(self.pool),
                "goals_aside": list(self.goals_aside)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TowersData:
        return cls({cell_of(c): {n: list(p) for n, p in here.items()} for c, here in data.get("pieces", {}).items()},
                   {k: int(v) for k, v in data.get("supply", {}).items()},
                   [Match.from_dict(m) for m in data.get("pending", [])], data.get("action_card"),
                   list(data.get("draft_offer", [])), list(data.get("deck_cards", [])), list(data.get("events", [])),
                   list(data.get("box", [])), list(data.get("pool", [])), list(data.get("goals_aside", [])))

    def hidden(self) -> list[tuple[str, list[int]]]:
        return [("play", self.box), ("play", self.pool), ("goal", self.goals_aside)]

    def cards(self) -> list[int]:
        found = self.box + self.pool + self.draft_offer + self.goals_aside
        return found + ([self.action_card] if self.action_card is not None else [])


register_data(TowersData.family, TowersData.from_dict)


def towers(state: State) -> TowersData:
    """The Elemental Towers part of a state."""
    data = state.data
    if type(data) is TowersData:  # (asked a hundred times a game: the common case first)
        return data
    return data_of(state, TowersData)
