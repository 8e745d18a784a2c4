"""Elemental Towers' drawn action card in the keyboard's ring (screens/keyboard.py, issue 27): while an action card
drawn waits to act, its face stands in the hand's place (screens/feedback.py) and Tab reaches it first, as it reaches a
hand's cards in the other games, before the choices it brings (the table's cards, the swaps of the scoring row, the
lone pyramids). In focus, it shows enlarged with what it does a moment, as a hand's action card does; Enter on it goes
on to the first of its choices (the card is already in play: there is nothing else to pick)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .feedback import DRAWN
from .preview_room import avoided

if TYPE_CHECKING:
    from .focus import Rect
    from .table_screen import TableScreen


def drawn_action(screen: TableScreen) -> list[str]:
    """The action card drawn and waiting to act (its code), as a list of one, or none."""
    session = screen.session
    if not session.flow.draws_action or session.stage not in DRAWN or session.action is None:
        return []
    return [str(session.action)]


def drawn_rect(screen: TableScreen) -> Rect | None:
    """Where the drawn card shows (aspect2d units), if it does."""
    feedback = screen.feedback
    if feedback.action_card.isHidden() or not feedback.drawn.nodes:
        return None
    return feedback.drawn.nodes[0][1]


def show_drawn(screen: TableScreen, shown: bool) -> None:
    """The drawn card enlarged with its words (`shown`), or back at its size."""
    drawn = screen.feedback.drawn
    if shown and drawn.nodes:
        drawn.enlarge(0, screen.base.getAspectRatio(), screen.kept_clear(), avoided(screen))  # (beside the table)
    elif drawn.enlarged_index is not None:
        drawn.enlarge(None)
