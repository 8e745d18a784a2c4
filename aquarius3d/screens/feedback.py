"""What the table does after each move, so that everyone can follow: the move slides in and stays outlined,
the seats round the table show who is to move, a computer's move is named, a sound is played, the
hand-off cover waits until the move has been seen, and in Elemental Towers the drawn action card is shown.

It reads the session only (its state, stage, log and `last_played`), never the rules modules; the table
screen (screens/table.py) calls `observe()` on each redraw, `step()` on each frame and asks `busy()`.
"""

from __future__ import annotations

import time

from direct.gui.DirectGui import DirectFrame

from ..i18n import action_name, tr
from ..view.motion import LastMove
from ..view.seats import SeatLabels
from ..view.sound import Sounds

COVER_PAUSE = 1.3  # seconds between the move before a hand-off and the cover: the move is seen first
HAND = (0.0, -0.85)  # where the hand lies on screen: a human's card slides from the table under it
CARD = (0.96, 0.93, 0.84, 1)  # an action card's face, shown over the table


class Feedback:
    """The last move's slide and rim, the seats, the sounds, the paced cover, the drawn action card."""

    def __init__(self, screen) -> None:
        self.screen = screen
        self.session = screen.session
        self.last_move = LastMove(screen.scene)
        self.seats = SeatLabels(screen.scene)
        self.sounds = Sounds(screen.base, screen.app.settings.get("volume", 60))
        self._last = self.session.last_played  # moves made before the table opened (a loaded game) do not slide
        self._notice = self.session.notice
        self.cover_due: float | None = None
        self._build_action_card()

    def _build_action_card(self) -> None:
        """A card standing over the table's right side: the action's name, big, and what it does."""
        screen = self.screen
        self.action_card = screen.keep(DirectFrame(frameColor=CARD, frameSize=(-0.2, 0.2, -0.28, 0.28),
                                                   pos=(0.95, 0, 0.2), parent=screen.root))
        self.action_name = screen.text("", (0, 0.17), 0.05, parent=self.action_card, fg=(0.12, 0.1, 0.08, 1), wrap=7)
        self.action_effect = screen.text("", (0, -0.06), 0.032, parent=self.action_card, fg=(0.2, 0.18, 0.15, 1),
                                         wrap=11)
        self.action_card.hide()

    # -- after each redraw ------------------------------------------------------------------------------

    def observe(self, now: float | None = None) -> None:
        """Called after the scene took the session's state: start what a new move brings, update the seats."""
        now = time.monotonic() if now is None else now
        session = self.session
        self.sounds.volume = self.screen.app.settings.get("volume", 60)  # changed in Settings during the game
        self._update_seats()
        played = session.last_played
        if played is not None and played is not self._last:
            self._last = played
            self._moved(played, now)
        elif self.last_move.stale():  # the move was undone: no rim round an empty place
            self.last_move.clear()
        elif session.notice and session.notice != self._notice and session.notice.startswith(tr("log_refused",
                                                                                                 reason="")):
            self.sounds.play("invalid")
        self._notice = session.notice
        self._show_action()

    def _moved(self, played, now: float) -> None:
        session, screen = self.session, self.screen
        seat, result, said = played
        computer = session.seats[seat].kind == "computer"
        origin = self.seats.spot(seat) if computer else screen.picker.table_point(HAND)
        self.last_move.show(screen.scene.arrived, origin or self.seats.spot(seat), now)
        if session.state.over:
            self.sounds.play("win")
        else:
            self.sounds.play("action" if result.move.action else "place")
        # A computer's move is named at the top too, until the next move: nobody misses it.
        screen.status = "\n".join(session.messages[said:said + 2]) if computer else ""
        if session.stage == "cover":
            screen.hud.cover_held = True
            self.cover_due = now + COVER_PAUSE

    def _update_seats(self) -> None:
        session = self.session
        seen = session.observation()
        humans = [i for i, s in enumerate(session.seats) if s.kind == "human"]
        lines = []
        for i, seat in enumerate(session.seats):
            cards = seen["hand_sizes"][i] if i < len(seen["hand_sizes"]) else 0
            if session.family == "rising":
                counts = tr("seat_cards_pyramids", cards=cards, pyramids=sum(c for _, c in session.flow.supply(i)))
            elif session.family == "towers":
                score, rank, _ = session.flow.score()
                counts = tr("hud_score", score=score, rank=rank)
            else:
                counts = tr("seat_cards", count=cards)
            thinking = i == session.seat and self.screen.thinking.thinking()  # a hard seat searching (thinking.py)
            lines.append(f"{seat.name}\n{counts}" + (f"\n{tr('seat_thinking')}" if thinking else ""))
        current = None if session.stage in ("over", "round_over") else session.seat
        self.seats.update(lines, current, humans[0] if humans else 0,
                          None if session.family == "towers" else list(seen["hand_sizes"]))

    def _show_action(self) -> None:
        """Elemental Towers: the action card drawn and waiting to act, face up with its name and effect."""
        session = self.session
        action = session.action if session.family == "towers" and session.stage in (
            "table_card", "target", "row", "trade_piece") else None
        effect = tr(f"effect_{action}") if action is not None else None
        if action is None and session.family == "towers":
            action, effect = self._resolved_on_drawing()
        if action is None:
            self.action_card.hide()
            return
        self.action_name.setText(action_name(action))
        self.action_effect.setText(effect)
        self.action_card.show()

    def _resolved_on_drawing(self) -> tuple[str | None, str | None]:
        """Elemental Towers: an action card drawn with the last move that acted (or could not) at once, with
        what it did; shown until the next move."""
        session, played = self.session, self.session.last_played
        state = session.state
        if played is None or not state.discard:
            return None, None
        top = session.game.deck.cards[state.discard[-1]].code
        name = action_name(top)
        outcomes = (tr("log_event_done", action=name), tr("log_event_impossible", action=name))
        said = next((line for line in session.messages[played[2] + 1:] if line in outcomes), None)
        return (top, said) if said else (None, None)

    # -- each frame --------------------------------------------------------------------------------------

    def step(self, now: float) -> None:
        self.last_move.step(now)
        if self.cover_due is not None and now >= self.cover_due:
            self.release()

    def release(self) -> None:
        """Show the hand-off cover now (its pause is over, or someone clicked)."""
        self.cover_due = None
        if self.screen.hud.cover_held:
            self.screen.hud.cover_held = False
            self.screen.refresh()

    def busy(self) -> bool:
        return self.last_move.busy() or self.cover_due is not None

    def nodes(self) -> list:
        """The seats' labels and hands, for framing."""
        return list(self.seats.labels) + ([self.seats.backs] if self.seats.backs.getNumChildren() else [])

    def cleanup(self) -> None:
        self.last_move.finish()
        self.last_move.root.removeNode()
        self.seats.root.removeNode()
        self.seats.backs.removeNode()
