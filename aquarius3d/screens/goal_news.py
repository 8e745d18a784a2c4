"""A person at a hot-seat table who rotated or traded goals looks at the goal their move gave them before the cover
for the next person (issue 27): the goal shows open by its button ("Your new goal: Water"), the prompt says what to
do, and its Done button (Enter, Space, Tab to it) brings the cover; the session keeps whose news it is
(session/shown.py: goal_news)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..i18n import tr
from ..session.stages import Stage

if TYPE_CHECKING:
    from .table_screen import TableScreen


def done_button(screen: TableScreen) -> list[tuple[str, Callable[..., object]]]:
    """The prompt's Done button while the mover's new goal shows ((words, what it does)), else none."""
    session = screen.session
    if not session.goal_news_open:
        return []
    return [(tr("goal_news_done", name=session.seats[session.seat].name), lambda _: screen.reveal())]


def covered(screen: TableScreen) -> bool:
    """Does the hand-off cover hide the table now (not while the mover's new goal shows)?"""
    return screen.session.stage == Stage.COVER and not screen.session.goal_news_open
