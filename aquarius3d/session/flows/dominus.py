"""Dominus at the table: rounds, the score table between them and at the end."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.cards import face
from .base import Flow
from ...i18n import tr
from ..stages import Stage
from ...games.dominus.blocks import side_matches
from ...games.dominus.state import DominusData

if TYPE_CHECKING:
    from ...engine.table import Cell


class DominusFlow(Flow):
    own_undo = False  # the shared take-back

    def rounds(self) -> list[Any]:
        data = self.session.state.data
        return data.rounds if isinstance(data, DominusData) else []

    def score_table(self) -> str:
        """Rounds and totals, one line per round."""
        session = self.session
        lines = []
        for number, result in enumerate(self.rounds(), 1):
            points = ", ".join(f"{s.name} {p:+d}" for s, p in zip(session.seats, result.points))
            lines.append(tr("round_line", number=number, points=points))
        data = session.state.data
        scores = data.scores if isinstance(data, DominusData) else []
        totals = ", ".join(f"{s.name} {t}" for s, t in zip(session.seats, scores))
        lines.append(tr("round_totals", totals=totals))
        return "\n".join(lines)

    def summary(self) -> list[str] | None:
        if self.session.stage == Stage.ROUND_OVER:
            number = len(self.rounds())
            return [tr("round_over", number=number, total=self.session.game.rounds), self.score_table()]
        return None

    def table_limit(self) -> tuple[tuple[int, int], tuple[int, int]] | None:
        reach = self.session.game.placement.reach
        if reach is None:
            return None
        across, along = reach()
        return ((-across, -along), (across, along))

    def edge_marks(self, cell: Cell | None) -> dict[int, bool]:
        """Off the table (outside its outline) nothing is marked: no card goes there whatever its edges."""
        session = self.session
        on_table = session.game.placement.on_table
        code = session.chosen_code()
        if session.stage != Stage.PLACE or on_table is None or cell is None or code is None:
            return {}
        need = session.state.table.need.get(cell)
        if not need or not on_table(cell) or cell in session.state.table.cards:
            return {}
        lies = face(code).turned if session.turned else face(code)
        return dict(side_matches(lies.bits, need))

    def extra_lines(self) -> list[str]:
        data = self.session.state.data
        return [self.score_table()] if isinstance(data, DominusData) and data.scores else []


FLOW = DominusFlow
