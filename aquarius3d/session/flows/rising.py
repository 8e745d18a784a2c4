"""Aquarius Rising at the table: the pyramid step (a pyramid from the supply, then a glowing quarter),
cards on houses, and the winner explained step by step."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from ...core.vocabulary import ELEMENTS, pyramid_order
from ...engine.moves import Move, PlacePyramid
from ...games.rising.blocks import HighestElementBlock
from ...games.rising.houses import ranking
from ...games.rising.narration import explain_heights
from ...games.rising.state import RisingData
from ...i18n import pyramid_name, tr
from .. import words
from ..choice import Choice, Outcome, Refusal, Spot
from ..stages import Stage
from .base import Flow

if TYPE_CHECKING:
    from ...core.cards import Face
    from ...engine.game import ApplyResult


class RisingFlow(Flow):
    own_undo = False  # the shared take-back (takeback.py)
    pyramids = True

    def seat_line(self, seat: int, cards: int) -> str:
        return words.rising_seat_line(self.session, seat, cards)

    def begin(self) -> Choice | None:
        """After the card, the same player stands a pyramid: the only kind in the supply is chosen for them."""
        if self.session.state.phase != "pyramid":
            return None
        supply = self.supply()
        return Choice(Stage.PYRAMID, pyramid=supply[0][0] if len(supply) == 1 else None)

    def supply(self, seat: int | None = None) -> list[tuple[str, int]]:
        """(pyramid, how many) in a seat's supply (the player to play by default): public."""
        session = self.session
        data = session.state.data
        if not isinstance(data, RisingData):
            return []
        counts = Counter(data.supply[session.seat if seat is None else seat])
        return sorted(counts.items(), key=lambda item: pyramid_order(item[0]))

    def placeable(self) -> set[str]:
        """The pyramids of the player's supply that have a quarter to stand on now."""
        session = self.session
        if session.state.phase != "pyramid":
            return set()
        return {m.pyramid for m in session.game.legal_moves(session.state) if isinstance(m, PlacePyramid)}

    def stuck(self) -> set[str]:
        """The pyramids of the player's supply that no quarter can take now (greyed on the tray)."""
        if self.session.stage != Stage.PYRAMID:
            return set()
        return {code for code, _ in self.supply()} - self.placeable()

    def why_stuck(self, pyramid: str) -> str | None:
        """Why a pyramid of the supply cannot be picked now, in words (None when it can): the refusal's reason,
        said as well when the pointer rests on it."""
        if pyramid in self.placeable():
            return None
        return tr("refuse_pyramid_nowhere", pyramid=pyramid_name(pyramid))

    def pick_pyramid(self, choice: Choice, pyramid: str) -> Outcome | None:
        if choice.stage != Stage.PYRAMID or not any(p == pyramid for p, _ in self.supply()):
            return choice  # (not a pyramid of this supply now: nothing changes)
        why = self.why_stuck(pyramid)
        if why is not None:  # no dead end: a pyramid with nowhere to go is not picked
            return Refusal(why)
        return choice.but(pyramid=pyramid)

    def cancel(self, choice: Choice) -> Choice | None:
        """Esc puts a picked pyramid back on the tray (when there was a choice of pyramids)."""
        if choice.stage == Stage.PYRAMID and choice.pyramid is not None and len(self.supply()) > 1:
            return choice.but(pyramid=None)
        return None

    def spots(self, choice: Choice) -> dict[Move, Spot] | None:
        """Where the chosen pyramid may stand: a quarter of a card, on the table or on a house."""
        if choice.stage != Stage.PYRAMID:
            return None
        if choice.pyramid is None:
            return {}
        session = self.session
        return {m: Spot(m.cell, m.level, quarter=m.quarter, pieces=(m.pyramid,))
                for m in session.game.legal_moves(session.state)
                if isinstance(m, PlacePyramid) and m.pyramid == choice.pyramid}

    def hint(self, choice: Choice) -> str | None:
        if choice.stage != Stage.PYRAMID:
            return None
        data = self.session.state.data
        left = data.to_play if isinstance(data, RisingData) else 1
        if choice.pyramid is None:
            return tr("hud_pyramid", count=left)
        return tr("hud_pyramid_place", pyramid=pyramid_name(choice.pyramid))

    def after_move(self, result: ApplyResult, turn_before: int) -> list[str]:
        """A turn that ends without its pyramid step, the player still holding pyramids: no quarter could take
        any of them ("each action is mandatory, unless game circumstances forbid it"). Said in the log, and to the
        player at once (notice)."""
        line = self._no_pyramid(result, turn_before)
        return [line] if line else []

    def notice(self, result: ApplyResult, turn_before: int) -> str:
        return self._no_pyramid(result, turn_before) or ""

    def _no_pyramid(self, result: ApplyResult, turn_before: int) -> str | None:
        session = self.session
        state = session.state
        if isinstance(result.move, PlacePyramid) or result.over or state.phase == "pyramid" \
                or state.turn_number == turn_before or not self.supply(result.seat):
            return None
        names = [seat.name for seat in session.seats]
        return tr("log_no_pyramid", name=names[result.seat], next=names[state.turn])

    def spots_above(self, lies: Face) -> list[tuple[tuple[int, int], int]]:
        session = self.session
        spots = session.game.placement.vertical_spots
        assert spots is not None  # (every Aquarius Rising placement block has storeys)
        return spots(session.game, session.state, lies)

    def height_ranking(self) -> list[tuple[str, float | None, int | None]]:
        """Every goal element as it stands now: (element, its highest point in mm, its rank), best first, by the
        rules' own heights and tie-break chain (games/rising/houses.py, as the winner is found); an element with no
        panel on the table has neither and comes last. Equal on the whole chain, elements share a rank."""
        state = self.session.state
        end = self.session.game.end
        keys = end.keys(state) if isinstance(end, HighestElementBlock) else {}
        found: list[tuple[str, float | None, int | None]] = []
        for group in ranking(keys):
            rank = len(found) + 1
            found += [(element, keys[element][0], rank) for element in group]
        return found + [(element, None, None) for element in ELEMENTS if element not in keys]

    def explain_heights(self) -> list[str]:
        """The winner in words, one step of the tie-break chain at a time."""
        return explain_heights(self.session.game, self.session.state)

    def reason_lines(self) -> list[str] | None:
        return self.explain_heights() if self.session.state.end_reason == "highest element" else None


FLOW = RisingFlow
