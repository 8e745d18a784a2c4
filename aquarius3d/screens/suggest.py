"""H at the table: the hard player's suggestion for the human to move, said in the HUD's hint line.

The choosing and the words are aquarius3d/session/suggestion.py's (no Panda3D there); this only asks and shows. The
suggestion takes the hint's place above the hand (wide and free there; the notice line at the top would run
under the log and the goal card) until the next redraw, that is the player's next click; on the table the
hand card is lifted and the spot glows (view/advice.py) as long. On the cover or a
computer's turn the notice says only that a suggestion waits for the player's own turn: nothing secret.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..i18n import tr
from ..session.suggestion import Suggestion, suggestion

if TYPE_CHECKING:
    from .table_screen import TableScreen


def suggest(screen: TableScreen) -> Suggestion | None:
    """Show the suggestion in the hint line (or, in the notice, why there is none now); the move, if any."""
    session = screen.session
    found = suggestion(session)
    if found is None:
        session.notify(tr("suggest_not_now"))
    screen.refresh()
    if found is not None:
        show(screen, found)
    return found


def show(screen: TableScreen, found: Suggestion) -> None:
    """The suggestion in words in the hint line, and on the table (view/advice.py): until the next redraw."""
    from ..view.advice import show_advice

    screen.hud.say(found.text)
    show_advice(screen, found.move)
