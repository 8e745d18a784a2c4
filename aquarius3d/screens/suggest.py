"""H at the table: the hard player's suggestion for the human to move, said in the HUD's notice line.

The choosing and the words are aquarius3d/suggest.py's (no Panda3D there); this only asks and shows. On the
cover or a computer's turn it says only that a suggestion waits for the player's own turn: nothing secret.
"""

from __future__ import annotations

from ..i18n import tr
from ..suggest import Suggestion, suggestion


def suggest(screen) -> Suggestion | None:
    """Put the suggestion (or why there is none now) in the notice line and redraw; the move, if any."""
    session = screen.session
    found = suggestion(session)
    session.notice = found.text if found is not None else tr("suggest_not_now")
    screen.refresh()
    return found
