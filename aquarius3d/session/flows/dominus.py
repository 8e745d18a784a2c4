"""Dominus at the table: rounds, the score table between them and at the end."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.cards import face
from .base import Flow
from ...i18n import tr
from ..rows import row
from ..stages import Stage
from ...games.dominus.blocks import BlockedBlock, card_points, side_matches
from ...games.dominus.state import DominusData, Round

if TYPE_CHECKING:
    from ...engine.game import ApplyResult
    from ...engine.state import State
    from ...engine.table import Cell



def kind_words(points: int, count: int) -> str:
    """So many cards of a kind, by the rule sheet's names: aces (one element, 1 point), deuces (2), quads (4)."""
    if points == 1:
        return tr("round_kind_ace", count=count)
    return tr("round_kind_deuce", count=count) if points == 2 else tr("round_kind_quad", count=count)


class DominusFlow(Flow):
    own_undo = False  # the shared take-back
    _before: tuple[list[int], int] | None = None  # the hands' sizes and the rounds played before the last move

    # -- the cards a player drew, stuck ("you must draw from the deck ... until you have a card that you can play")

    def opening_lines(self) -> list[str]:
        return self.drawn_lines()

    def before_move(self) -> None:
        state = self.session.state
        self._before = ([len(hand) for hand in state.hands], len(self.rounds()))

    def after_move(self, result: ApplyResult, turn_before: int) -> list[str]:
        return self.drawn_lines()

    def notice(self, result: ApplyResult, turn_before: int) -> str:
        return "\n".join(self.drawn_lines())

    def drawn_lines(self) -> list[str]:
        """The player to move could play none of their cards and drew until they could (the engine draws at the
        turn's start, a round's first turn included): said, since a hand that grows by itself reads as a fault
        (a fresh playtest: "Ann opened with 7 cards, nothing said why")."""
        state = self.session.state
        if state.over or not 0 <= state.turn < len(state.hands):
            return []
        seat = state.turn
        before = self._before  # (none, or another round's: the game or a round dealt since)
        had = self.session.game.setup.hand if before is None or before[1] != len(self.rounds()) else before[0][seat]
        drawn = len(state.hands[seat]) - had
        if drawn <= 0:
            return []
        return [tr("log_drew_until_playable", name=self.session.seats[seat].name, count=drawn)]

    def rounds(self) -> list[Any]:
        data = self.session.state.data
        return data.rounds if isinstance(data, DominusData) else []

    def score_table(self) -> list[str]:
        """Each player's points (session/rows.py): a row per player, a column per round played (the last round's
        only after three) and the total; the columns' heads over them. Nothing in a game of one round, whose winner's
        points are its total (the round's table says them)."""
        session = self.session
        data = session.state.data
        scores = data.scores if isinstance(data, DominusData) else []
        rounds = self.rounds()
        if session.game.rounds < 2 or not scores:
            return []
        shown = list(enumerate(rounds, 1))[-1:] if len(rounds) > 3 else list(enumerate(rounds, 1))
        lines = [row("", *(tr("round_column", number=n) for n, _ in shown), tr("round_total_column"))]
        for seat, (player, total) in enumerate(zip(session.seats, scores)):
            lines.append(row(player.name, *(f"{result.points[seat]:+d}" for _, result in shown), total))
        return lines

    def round_end(self) -> State | None:
        data = self.session.state.data
        if not isinstance(data, DominusData):
            return None
        ended, data.ended = data.ended, None  # (held by the session from now on)
        return ended

    def summary(self) -> list[str] | None:
        session = self.session
        if session.stage == Stage.ROUND_OVER:
            rounds = self.rounds()
            return [tr("round_over", number=len(rounds), total=session.game.rounds),
                    *self.round_lines(rounds[-1], session.round_end), *self.score_table()]
        return None

    def reason_lines(self) -> list[str] | None:
        """The last round's points, explained (the table shown is that round's)."""
        rounds = self.rounds()
        return self.round_lines(rounds[-1], self.session.state) if rounds else None

    def round_lines(self, result: Round, ended: State | None) -> list[str]:
        """Who won the round and why, each other hand's points card by card (when the round's end is known), and
        what the winners score: the rule sheet's "The winner scores points for the cards left in opponents' hands"
        (aces 1, deuces 2, quads 4) and, in a blocked round, "the value of that player's hand is subtracted"."""
        seats, cards = self.session.seats, self.session.game.deck.cards
        names = " & ".join(seats[s].name for s in result.winners)
        blocked = result.reason == BlockedBlock.reason
        lines = [tr("round_won_out", names=names) if not blocked else tr("round_won_blocked", names=names)
                 if len(result.winners) == 1 else tr("round_won_blocked_shared", names=names)]
        for seat, value in enumerate(result.hands):
            if seat in result.winners and not blocked:
                continue
            kinds: dict[int, int] = {}
            for card in ended.hands[seat] if ended is not None and seat < len(ended.hands) else []:
                points = card_points(cards[card].code)
                kinds[points] = kinds.get(points, 0) + 1
            parts = ", ".join(kind_words(p, n) for p, n in sorted(kinds.items()))
            lines.append(row(tr("round_hand", name=seats[seat].name, parts=parts) if parts
                             else tr("round_hand_value", name=seats[seat].name), value))
        for seat in result.winners:
            points = result.points[seat]
            if blocked:
                lines.append(row(tr("round_scores_blocked", name=seats[seat].name, own=result.hands[seat]), points,
                                 total=True))
            else:
                lines.append(row(tr("round_scores", name=seats[seat].name), points, total=True))
        return lines

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
        return self.score_table() if isinstance(data, DominusData) and data.scores else []


FLOW = DominusFlow
