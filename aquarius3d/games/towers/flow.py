"""Elemental Towers at the table: the session's stages for the solitaire game.

    draft       the draft variant: three cards offered, `draft_discard(i)` sends one to the box
    place       the drawn element card: `choose_cell` (R turns it), as in Aquarius
    earned      the actions the card's matches earned: `choose_space` builds there, or picks a
                pyramid or tower to move and then its new space; `skip(i)` lets one go
    table_card  Move a Card or Zap a Card drawn: `choose_table_card`, then (moving) `choose_cell`
    row         Trade Goals drawn: `swap_row(i)` swaps places i and i + 1
    trade_piece Trade Hands drawn: `choose_space` picks a lone pyramid, `trade_size(size)` swaps it

`undo()` goes back to the start of the turn: after its card was drawn, never across a draw.
"""

from __future__ import annotations

from collections import Counter

from ...engine.moves import Build, DraftDiscard, MoveCard, Shift, Skip, SwapRow, TradePiece, Zap, cell_text
from ...errors import IllegalMove
from ...i18n import element_name, tr
from ...vocabulary import ELEMENT_NAME_OF_COLOUR, pyramid_order
from ...stages import Stage
from .state import towers



class TowersPlay:
    """Mixed into Session: what a solitaire player of Elemental Towers does."""

    @property
    def towers(self) -> bool:
        return self.game.family == "towers"

    def _towers_stage(self) -> Stage:
        phase = self.state.phase
        if self.state.turn_number != getattr(self, "_snapshot_turn", None) and phase != "draft":
            self._snapshot = (self.state.copy(), len(self.messages))
            self._snapshot_turn = self.state.turn_number
        if phase == "draft":
            return Stage.DRAFT
        if phase == "actions":
            return Stage.EARNED
        if phase == "card_action":
            card = self.game.deck.cards[towers(self.state).action_card]
            self.action = card.code
            first = self.game.actions[card.code].moves(self.game, self.state, self.seat)[0]
            return {MoveCard: Stage.TABLE_CARD, Zap: Stage.TABLE_CARD, SwapRow: Stage.ROW,
                    TradePiece: Stage.TRADE_PIECE}[type(first)]
        self.selected = 0  # the card just drawn
        self.stage = Stage.PLACE
        if not self._place_cells(False) and self._place_cells(True):
            self.turned = True
        return Stage.PLACE

    # -- what the player sees ---------------------------------------------------------------------

    def earned(self) -> list[tuple[int, str]]:
        """The actions still to resolve: (index, colour)."""
        return [(i, m.colour) for i, m in enumerate(towers(self.state).pending)] if self.towers else []

    def earned_text(self) -> str:
        counts = Counter(colour for _, colour in self.earned())
        return ", ".join(f"{n} {element_name(ELEMENT_NAME_OF_COLOUR[c]).lower()}" for c, n in counts.items())

    def score(self) -> tuple[int, str, list]:
        from .blocks import rank_of, score_of

        total, towers = score_of(self.game, self.state)
        return total, rank_of(self.game, total), towers

    def row(self) -> list[str]:
        return [self.game.deck.cards[g].code for g in self.state.unused_goals]

    def draft_offer(self) -> list[str]:
        return [self.game.deck.cards[c].code for c in towers(self.state).draft_offer]

    def offered_cards(self) -> list[dict]:
        """The draft's three cards as hand cards ({"kind", "code"}), to choose from."""
        cards = self.game.deck.cards
        return [{"kind": cards[c].kind, "code": cards[c].code} for c in towers(self.state).draft_offer]

    def deck_cards(self) -> list[int]:
        """The game's cards, for playing them again (Elemental Towers)."""
        return list(towers(self.state).deck_cards) if self.towers else []

    def draft_rounds_left(self) -> int:
        """Offers still to come in the draft, this one included."""
        return len(towers(self.state).pool) // 3 + 1

    def supply_left(self) -> list[tuple[str, int]]:
        """The supply's pyramids left, (kind, count) in colour then size order, empty kinds left out."""
        supply = towers(self.state).supply if self.towers else {}
        return [(kind, count) for kind, count in sorted(supply.items(), key=lambda item: pyramid_order(item[0]))
                if count]

    def towers_ghosts(self) -> dict:
        """Glowing spots: {move: (cell, space, pyramid or tower)} for builds, or the chosen piece's moves."""
        if self.stage != Stage.EARNED:
            return {}
        from .blocks import piece_at, spaces

        found = {}
        for move in self.game.legal_moves(self.state):
            if isinstance(move, Build) and self.source is None:
                size = spaces(self.state.table.faces[move.cell].code)[move.space][1]
                colour = towers(self.state).pending[move.match].colour
                found.setdefault((move.cell, move.space), (move, [size + colour]))
            elif isinstance(move, Shift) and self.source == (move.cell, move.space):
                piece = piece_at(self.state, move.cell, move.space)
                found.setdefault((move.to_cell, move.to_space), (move, list(piece)))
        return {move: (cell, space, piece) for (cell, space), (move, piece) in found.items()}

    def movable(self) -> set:
        """Spaces holding a pyramid or tower an earned action may move now."""
        if self.stage != Stage.EARNED:
            return set()
        return {(m.cell, m.space) for m in self.game.legal_moves(self.state) if isinstance(m, Shift)}

    def tradeable(self) -> list[str]:
        """Trade Hands: the sizes the chosen lone pyramid may become."""
        if self.stage != Stage.TRADE_PIECE or self.source is None:
            return []
        return [m.size for m in self.game.legal_moves(self.state)
                if isinstance(m, TradePiece) and (m.cell, m.space) == self.source]

    # -- choosing -----------------------------------------------------------------------------------

    def choose_space(self, cell, space: str) -> bool:
        """A click on a space: build there, pick the pyramid there to move, or move the picked one there."""
        cell = tuple(cell)
        moves = self.game.legal_moves(self.state)
        if self.stage == Stage.TRADE_PIECE:
            if any(isinstance(m, TradePiece) and (m.cell, m.space) == (cell, space) for m in moves):
                self.source = (cell, space)
                self.notice = ""
                return True
            self.notice = tr("log_refused", reason=tr("towers_no_trade", cell=cell_text(cell), space=space))
            return False
        if self.stage != Stage.EARNED:
            return False
        if self.source is not None:
            for m in moves:
                if isinstance(m, Shift) and (m.cell, m.space) == self.source and (m.to_cell, m.to_space) == (cell, space):
                    return self._try(m)
            if (cell, space) == self.source:
                self.source = None  # a second click on the picked piece puts it down again
                return True
            return self._refuse(Shift(self._first_match_for_source(), *self.source, cell, space))
        for m in moves:
            if isinstance(m, Build) and (m.cell, m.space) == (cell, space):
                return self._try(m)
        if any(isinstance(m, Shift) and (m.cell, m.space) == (cell, space) for m in moves):
            self.source = (cell, space)
            self.notice = ""
            return True
        pending = self.earned()
        return self._refuse(Build(pending[0][0] if pending else 0, cell, space))

    def _first_match_for_source(self) -> int:
        from .blocks import piece_at

        piece = piece_at(self.state, *self.source)
        for index, colour in self.earned():
            if piece and colour == piece[0][1]:
                return index
        return 0

    def _refuse(self, move) -> bool:
        try:
            self.game.check(self.state, move)
        except IllegalMove as exc:
            self.notice = tr("log_refused", reason=str(exc))
            return False
        return self._try(move)

    def skip(self, index: int) -> bool:
        return self.stage == Stage.EARNED and self._try(Skip(index))

    def swap_row(self, index: int) -> bool:
        return self.stage == Stage.ROW and self._try(SwapRow(index))

    def trade_size(self, size: str) -> bool:
        if self.stage != Stage.TRADE_PIECE or self.source is None:
            return False
        return self._try(TradePiece(self.source[0], self.source[1], size))

    def draft_discard(self, index: int) -> bool:
        return self.stage == Stage.DRAFT and self._try(DraftDiscard(index))

    def can_undo(self) -> bool:
        snapshot = getattr(self, "_snapshot", None)
        return self.towers and snapshot is not None and not self.state.over \
            and len(self.state.log) > len(snapshot[0].log) \
            and self.state.turn_number == snapshot[0].turn_number

    def undo(self) -> bool:
        """Back to the start of this turn (after its card was drawn: the deck is never peeked at)."""
        if not self.can_undo():
            return False
        state, messages = self._snapshot
        self.state = state.copy()
        del self.messages[messages:]
        self.notice = tr("towers_undone")
        if self.autosave:
            from ... import saves

            saves.save(self.record())
        self._begin_turn()
        return True

    # -- words ------------------------------------------------------------------------------------

    def towers_events(self) -> list[str]:
        """Action cards resolved on drawing (Shuffle Goals) or impossible, in words."""
        from .narration import events

        return events(self.state)

    def towers_summary(self) -> list[str]:
        total, rank, towers = self.score()
        lines = [tr("towers_final", score=total, rank=rank)]
        row = self.row()
        for cell, space, colour, value in towers:
            element = ELEMENT_NAME_OF_COLOUR[colour]
            place = row.index(element) + 1 if element in row else 0
            lines.append(tr("towers_tower_line", element=element_name(element), cell=cell_text(cell), place=place,
                            value=value))
        if len({t[2] for t in towers}) == 5:
            lines.append(tr("towers_mastery", bonus=self.game.end.mastery_bonus))
        best = getattr(self, "best", None)
        if best is not None:
            lines.append(tr("towers_best", best=best))
        return lines
