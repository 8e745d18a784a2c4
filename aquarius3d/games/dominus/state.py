"""Dominus' part of the state: the rounds played and the running totals.

Records as in the other families (aquarius3d/core/values.py), not dataclasses: importing `dataclasses`
brings `inspect` and makes each class's methods at every start, a good part of an analyze.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ...engine.state import State, data_of, register_data
from ...core.values import Value, field


class Round(Value, frozen=True):
    """One round's result: who won it, the points each seat scored, each hand's value, and why it ended."""

    winners: tuple[int, ...]
    points: tuple[int, ...]
    hands: tuple[int, ...]
    reason: str

    def to_dict(self) -> dict[str, Any]:
        return {"winners": list(self.winners), "points": list(self.points), "hands": list(self.hands),
                "reason": self.reason}


class DominusData(Value):
    family: ClassVar[str] = "dominus"
    scores: list[int] = field(default_factory=list)  # running totals per seat (empty before the first round ends)
    rounds: list[Round] = field(default_factory=list)
    # The table and hands as the last round ended, before the next was dealt: for the window to show that round's
    # end. Only the state that played the round's last move holds it: never copied, saved or observed.
    ended: State | None = field(default_factory=lambda: None, repr=False, compare=False)

    def copy(self) -> DominusData:
        return DominusData(list(self.scores), list(self.rounds))

    def observed(self) -> DominusData:
        return self.copy()  # (all public)

    def to_dict(self) -> dict[str, Any]:
        return {"scores": list(self.scores), "rounds": [r.to_dict() for r in self.rounds]}

    def public(self) -> dict[str, Any]:
        return self.to_dict()

    def cards(self) -> list[int]:
        return []

    def hidden(self) -> list[tuple[str, list[int]]]:
        return []

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> DominusData:
        rounds = [Round(tuple(r["winners"]), tuple(r["points"]), tuple(r["hands"]), str(r["reason"]))
                  for r in data.get("rounds", [])]
        return cls([int(v) for v in data.get("scores", [])], rounds)


register_data(DominusData.family, DominusData.from_dict)


def dominus(state: State) -> DominusData:
    """The Dominus part of a state."""
    return data_of(state, DominusData)
