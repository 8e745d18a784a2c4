"""Aquarius Rising at the table: the pyramid step (a pyramid from the supply, then a glowing quarter),
cards on houses, and the winner explained step by step."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from collections import Counter

from ...engine.moves import PlacePyramid
from .base import Flow
from ...i18n import pyramid_name, tr
from ..stages import Stage
from ...core.vocabulary import pyramid_order
from ...games.rising.narration import explain_heights
from ...games.rising.state import RisingData

if TYPE_CHECKING:
    from ...engine.table import Cell
    from ...core.cards import Face
    from ..play import Session


class RisingFlow(Flow):
    own_undo = False  # the shared take-back (takeback.py)
    def __init__(self, session: Session) -> None:
        super().__init__(session)
        self.pyramid: str | None = None  # the pyramid chosen from the supply

    def stage(self) -> Stage | None:
        session = self.session
        self.pyramid = None
        if session.state.phase == "pyramid" and session.shown_seat == session.seat:
            supply = self.supply()
            self.pyramid = supply[0][0] if len(supply) == 1 else None
            return Stage.PYRAMID
        return None

    def choice(self) -> object:
        return self.pyramid

    def supply(self, seat: int | None = None) -> list[tuple[str, int]]:
        """(pyramid, how many) in a seat's supply (the player to play by default): public."""
        session = self.session
        data = session.state.data
        if not isinstance(data, RisingData):
            return []
        counts = Counter(data.supply[session.seat if seat is None else seat])
        return sorted(counts.items(), key=lambda item: pyramid_order(item[0]))

    def select_pyramid(self, pyramid: str) -> None:
        if self.session.stage == Stage.PYRAMID and any(p == pyramid for p, _ in self.supply()):
            self.pyramid = pyramid
            self.session.notice = ""

    def pyramid_ghosts(self) -> dict[Any, Any]:
        """Where the chosen pyramid may stand: {move: (cell, storey, quarter, pyramid)}."""
        session = self.session
        if session.stage != Stage.PYRAMID or self.pyramid is None:
            return {}
        return {m: (m.cell, m.level, m.quarter, m.pyramid) for m in session.game.legal_moves(session.state)
                if isinstance(m, PlacePyramid) and m.pyramid == self.pyramid}

    def choose_quarter(self, cell: Cell, level: int, quarter: int) -> bool:
        session = self.session
        if session.stage != Stage.PYRAMID or self.pyramid is None:
            return False
        return session._try(PlacePyramid(self.pyramid, (cell[0], cell[1]), quarter, level))

    def hint(self) -> str | None:
        if self.session.stage != Stage.PYRAMID:
            return None
        data = self.session.state.data
        left = data.to_play if isinstance(data, RisingData) else 1
        return tr("hud_pyramid", count=left) if self.pyramid is None else tr("hud_pyramid_place", pyramid=pyramid_name(self.pyramid))

    def spots_above(self, lies: Face) -> list[tuple[tuple[int, int], int]]:
        session = self.session
        spots = session.game.placement.vertical_spots
        assert spots is not None  # (every Aquarius Rising placement block has storeys)
        return spots(session.game, session.state, lies)

    def explain_heights(self) -> list[str]:
        """The winner in words, one step of the tie-break chain at a time."""
        return explain_heights(self.session.game, self.session.state)

    def reason_lines(self) -> list[str] | None:
        return self.explain_heights() if self.session.state.end_reason == "highest element" else None


FLOW = RisingFlow
