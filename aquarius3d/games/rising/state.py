"""Aquarius Rising's part of the state: cards on pyramids, the pyramids on every card, each seat's supply.

A spot is a card's place: its cell and its storey, `((x, y), level)`, level 0
being the table. In plain data (saves, check files, observations) a spot is
written "x,y,level".

The lists in `pyramids` (a card's four quarters) and `supply` (a seat's pyramids) are never changed in
place: a change puts a new list in their place, so that copies of a state (every observation) share them.
A card without pyramids has no entry in `pyramids`.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ...engine.state import State, data_of, register_data
from ...core.values import Value, field

Cell = tuple[int, int]
Spot = tuple[Cell, int]
Quarters = list[str | None]  # the pyramids on a card's TL, TR, BL, BR quarters ("Lr", ...), None for none


def spot(cell: Cell, level: int) -> Spot:
    return (cell[0], cell[1]), level


def spot_text(where: Spot) -> str:
    (x, y), level = where
    return f"{x},{y},{level}"


def spot_of(text: str) -> Spot:
    x, y, level = (int(v) for v in text.split(","))
    return (x, y), level


class RisingData(Value):
    family: ClassVar[str] = "rising"
    storeys: dict[Spot, tuple[int, str]] = field(default_factory=dict)  # cards on pyramids: card id, face
    pyramids: dict[Spot, Quarters] = field(default_factory=dict)  # the pyramids standing on each card
    supply: list[list[str]] = field(default_factory=list)  # each seat's unplayed pyramids
    to_play: int = 0  # pyramids still to play this turn, in the pyramid step
    two_pyramids: bool = False  # Move a Card was played: two pyramids this turn
    # The spots still open to a pyramid and those a card may go above (spots.py), kept as the game goes so that
    # listing the pyramid step and the storeys passes the rest by. Not part of the state's data: None until
    # asked for (a state read back makes it from scratch); an index is replaced, never changed in place, so
    # copies share it.
    spots: Any = field(default_factory=lambda: None, repr=False, compare=False)

    def __init__(self, storeys: dict[Spot, tuple[int, str]] | None = None, pyramids: dict[Spot, Quarters] | None = None,
                 supply: list[list[str]] | None = None, to_play: int = 0, two_pyramids: bool = False,
                 spots: Any = None) -> None:  # written out: one is made for every copy of a state
        self.storeys = {} if storeys is None else storeys
        self.pyramids = {} if pyramids is None else pyramids
        self.supply = [] if supply is None else supply
        self.to_play = to_play
        self.two_pyramids = two_pyramids
        self.spots = spots

    def copy(self) -> RisingData:
        # The lists in `pyramids` and `supply` are replaced, never changed in place, so a copy shares them
        # (and `storeys` holds tuples, `spots` is replaced too): only the containers are copied.
        return RisingData(dict(self.storeys), dict(self.pyramids), list(self.supply), self.to_play,
                          self.two_pyramids, self.spots)

    def observed(self) -> RisingData:
        return self.copy()  # (all public)

    def to_dict(self) -> dict[str, Any]:
        return {
            "storeys": {spot_text(k): [card, code] for k, (card, code) in sorted(self.storeys.items())},
            "pyramids": {spot_text(k): list(v) for k, v in sorted(self.pyramids.items())},
            "supply": [list(s) for s in self.supply],
            "to_play": self.to_play,
            "two_pyramids": self.two_pyramids,
        }

    def cards(self) -> list[int]:
        return [card for card, _ in self.storeys.values()]

    def hidden(self) -> list[tuple[str, list[int]]]:
        return []

    def public(self) -> dict[str, Any]:
        return self.to_dict()  # houses, pyramids and supplies stand in plain sight

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> RisingData:
        return cls({spot_of(k): (int(v[0]), str(v[1])) for k, v in data.get("storeys", {}).items()},
                   {spot_of(k): list(v) for k, v in data.get("pyramids", {}).items() if any(v)},
                   [list(s) for s in data.get("supply", [])], int(data.get("to_play", 0)),
                   bool(data.get("two_pyramids", False)))


register_data(RisingData.family, RisingData.from_dict)


def rising(state: State) -> RisingData:
    """The Rising part of a state."""
    return data_of(state, RisingData)
