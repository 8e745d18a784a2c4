"""Dominus at the table: rounds, the score table between them and at the end."""

from __future__ import annotations

from typing import Any

from ...flow import Flow
from ...i18n import tr
from ...stages import Stage
from .state import DominusData


class DominusFlow(Flow):
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

    def extra_lines(self) -> list[str]:
        data = self.session.state.data
        return [self.score_table()] if isinstance(data, DominusData) and data.scores else []


FLOW = DominusFlow
