"""H at the table: the hard player's suggestion for the human to move, said in the HUD's hint line.

The choosing and the words are aquarius3d/session/suggestion.py's (no Panda3D there); this only asks and shows. The
suggestion takes the hint's place above the hand (wide and free there; the notice line at the top would run
under the log and the goal card) until the next redraw, that is the player's next click; on the table the
hand card is lifted and the spot glows (view/advice.py) as long. On the cover or a
computer's turn the notice says only that a suggestion waits for the player's own turn: nothing secret.

The marks look like what a click or Enter plays, and they do (a playtest: a click on the suggested ghost, or Enter,
only put it away): `Advice` keeps the move while the strip still says it; a click on its ghost or Enter plays it
whole (Session.advised: the rules check it as any move), Esc puts it away.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..i18n import tr
from ..session.suggestion import Suggestion, suggestion

if TYPE_CHECKING:
    from ..engine.moves import Move
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
    """The suggestion in words in the hint line, with the keys that play it or put it away, and on the table
    (view/advice.py): until the next redraw."""
    from ..view.advice import show_advice

    screen.hud.say(tr("suggest_shown", text=found.text))  # the keys that answer it, said where it shows
    show_advice(screen, found.move)
    screen.advice.move, screen.advice.words = found.move, screen.hud.prompt.text.getText()


class Advice:
    """The suggestion on show, kept by the table screen: its move, while the strip still says it (the next redraw
    puts the session's hint back, and the marks away)."""

    def __init__(self, screen: TableScreen) -> None:
        self.screen = screen
        self.move: Move | None = None
        self.words = ""

    def shown(self) -> Move | None:
        """The suggested move, if its marks show now."""
        if self.move is not None and self.screen.hud.prompt.text.getText() != self.words:
            self.move = None
        return self.move

    def clicked(self, point: tuple[float, float]) -> bool:
        """A click at a screen point: on the suggested ghost, the move is played (True); else nothing (False)."""
        from ..view.advice import advice_pick

        screen, move = self.screen, self.shown()
        pick = None if move is None else advice_pick(screen.session, move)
        if move is None or pick is None or screen.picker.ghost_at(point, {move: pick}, screen.session.state.table.faces) != move:
            return False
        return self.play()

    def play(self) -> bool:
        """Enter (or a click on its ghost): the suggested move played, if one shows; whether one did."""
        move = self.shown()
        if move is None:
            return False
        self.move = None
        self.screen.session.advised(move)
        self.screen.refresh()
        return True

    def dismiss(self) -> bool:
        """Esc: the suggestion put away, if one shows (not the game menu opened under it)."""
        if self.shown() is None:
            return False
        self.move = None
        self.screen.refresh()
        return True
