"""Elemental Towers at the table: the session's stages for the solitaire game.

    draft       the draft variant: three cards offered, `draft_discard(i)` sends one to the box
    place       the drawn element card: `choose_cell` (R turns it), as in Aquarius
    earned      the actions the card's matches earned: `choose_space` builds there, or picks a
                pyramid or tower to move and then its new space; `skip(i)` lets one go
    table_card  Move a Card or Zap a Card drawn: `choose_table_card`, then (moving) `choose_cell`
    row         Trade Goals drawn: `swap_row(i)` swaps places i and i + 1
    trade_piece Trade Hands drawn: `choose_space` picks a lone pyramid, `trade_size(size)` swaps it

The window calls these on `session.flow`. `undo()` goes back to the start of the turn: after its card was drawn, never across a draw.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from ...files import saves
from ...files.scores import record_towers_score
from .. import words
from ...engine.moves import Build, DraftDiscard, MoveCard, Shift, Skip, SwapRow, TradePiece, Zap, cell_text
from ...core.errors import IllegalMove
from ...i18n import element_name, has, tr
from ...core.vocabulary import ELEMENT_NAME_OF_COLOUR, pyramid_order
from .base import Flow
from ..stages import Stage
from ...games.towers.narration import events, panel
from ...games.towers.state import towers

if TYPE_CHECKING:
    from ...engine.game import ApplyResult, Game
    from ...engine.state import State
    from ...engine.table import Cell
    from ...engine.moves import Move
    from ..play import Session


class TowersFlow(Flow):
    """What a solitaire player of Elemental Towers does, beyond placing the drawn card."""

    must_play_drawn = True
    own_undo = True  # back to the start of the turn (undo below), never across a draw

    def __init__(self, session: Session) -> None:
        super().__init__(session)
        self.best: int | None = None  # the best score with these cards, once the game is over
        self._snapshot: tuple[State, int] | None = None  # (state, messages) at the start of the turn, for undo
        self._snapshot_turn: int | None = None

    # The session's state, read through these (the flow never keeps a copy of its own).
    @property
    def game(self) -> Game:
        return self.session.game

    @property
    def state(self) -> State:
        return self.session.state

    def stage(self) -> Stage:
        session = self.session
        phase = self.state.phase
        session.shown_seat = session.seat  # solitaire: nothing to hide between turns
        if self.state.turn_number != self._snapshot_turn and phase != "draft":
            self._snapshot = (self.state.copy(), len(session.messages))
            self._snapshot_turn = self.state.turn_number
        if phase == "draft":
            return Stage.DRAFT
        if phase == "actions":
            return Stage.EARNED
        if phase == "card_action":
            card = self.game.deck.cards[towers(self.state).action_card]  # type: ignore[index]  # (set in this phase)
            session.action = card.code
            first = self.game.actions[card.code].moves(self.game, self.state, session.seat)[0]
            return {MoveCard: Stage.TABLE_CARD, Zap: Stage.TABLE_CARD, SwapRow: Stage.ROW,
                    TradePiece: Stage.TRADE_PIECE}[type(first)]
        session.selected = 0  # the card just drawn
        session.stage = Stage.PLACE
        if not session._place_cells(False) and session._place_cells(True):
            session.turned = True
        return Stage.PLACE

    def hint(self) -> str | None:
        session = self.session
        if session.stage == Stage.EARNED:
            return tr("hud_earned_move" if session.source else "hud_earned", actions=self.earned_text())
        if session.stage == Stage.ROW:
            return tr("hud_swap_row")
        if session.stage == Stage.TRADE_PIECE:
            return tr("hud_trade_size" if session.source else "hud_trade_piece")
        if session.stage == Stage.DRAFT:
            return tr("hud_draft", count=self.draft_rounds_left())
        return None

    def cancel(self) -> bool:
        """The drawn card must be played and a drawn action resolved: only a choice is undone."""
        session = self.session
        if session.stage == Stage.TARGET:
            session.stage, session.source, session.turned = Stage.TABLE_CARD, None, False
        elif session.stage in (Stage.EARNED, Stage.TRADE_PIECE):
            session.source = None
        return True

    def after_move(self, result: ApplyResult, turn_before: int) -> list[str]:
        lines = []
        drafted = isinstance(result.move, DraftDiscard) and self.state.phase != "draft"
        if drafted:  # the draft variant deals the scoring row now
            values = self.game.end.values
            row = ", ".join(f"{element_name(e)} {values[i] if i < len(values) else 0}" for i, e in enumerate(self.row()))
            lines.append(tr("log_row_dealt", row=row))
        if self.state.turn_number != turn_before or self.state.over or drafted:
            lines.extend(events(self.state))
        return lines

    def game_over(self) -> None:
        if self.best is None:
            self.best = record_towers_score(self.deck_cards(), self.score()[0], self.game.options,
                                                  store=self.session.autosave)

    def summary(self) -> list[str]:
        total, rank, towers = self.score()
        lines = [tr("towers_final", score=total, rank=rank)]
        row = self.row()
        for cell, _space, colour, value in towers:
            element = ELEMENT_NAME_OF_COLOUR[colour]
            place = row.index(element) + 1 if element in row else 0
            lines.append(tr("towers_tower_line", element=element_name(element), where=self._on_card(cell), place=place,
                            value=value))
        if len({t[2] for t in towers}) == 5:
            lines.append(tr("towers_mastery", bonus=self.game.end.mastery_bonus))
        if self.best is not None:
            lines.append(tr("towers_best", best=self.best))
        return lines

    def _on_card(self, cell: Cell) -> str:
        """Where a tower stands, in words: on the card it stands on ("on the Fire–Water card")."""
        from ...games.aquarius.narration import card_words

        face = self.state.table.faces.get((cell[0], cell[1]))
        return tr("on_card", card=card_words(face.code)) if face is not None else tr("where_cell", cell=cell_text(cell))

    # -- what the player sees ---------------------------------------------------------------------

    def earned(self) -> list[tuple[int, str]]:
        """The actions still to resolve: (index, colour)."""
        return [(i, m.colour) for i, m in enumerate(towers(self.state).pending)]

    def earned_text(self) -> str:
        counts = Counter(colour for _, colour in self.earned())
        return ", ".join(tr("count_actions", count=n, element=element_name(ELEMENT_NAME_OF_COLOUR[c]))
                         for c, n in counts.items())

    def score(self) -> tuple[int, str, list[tuple[Cell, str, str, int]]]:
        from ...games.towers.pieces import rank_of, score_of

        total, towers = score_of(self.game, self.state)
        return total, rank_words(rank_of(self.game, total)), towers

    def row(self) -> list[str]:
        return [self.game.deck.cards[g].code for g in self.state.unused_goals]

    def draft_offer(self) -> list[str]:
        return [self.game.deck.cards[c].code for c in towers(self.state).draft_offer]

    def offered_cards(self) -> list[dict[str, Any]]:
        """The draft's three cards as hand cards ({"kind", "code"}), to choose from."""
        cards = self.game.deck.cards
        return [{"kind": cards[c].kind, "code": cards[c].code} for c in towers(self.state).draft_offer]

    def deck_cards(self) -> list[int]:
        """The game's cards, for playing them again (Elemental Towers)."""
        return list(towers(self.state).deck_cards)

    def draft_rounds_left(self) -> int:
        """Offers still to come in the draft, this one included."""
        return len(towers(self.state).pool) // 3 + 1

    def supply_left(self) -> list[tuple[str, int]]:
        """The supply's pyramids left, (kind, count) in colour then size order, empty kinds left out."""
        supply = towers(self.state).supply
        return [(kind, count) for kind, count in sorted(supply.items(), key=lambda item: pyramid_order(item[0]))
                if count]

    def towers_ghosts(self) -> dict[Any, Any]:
        """Glowing spots: {move: (cell, space, pyramid or tower)} for builds, or the chosen piece's moves."""
        if self.session.stage != Stage.EARNED:
            return {}
        from ...games.towers.pieces import piece_at, spaces

        found: dict[tuple[Cell, str], tuple[Build | Shift, list[str]]] = {}
        for move in self.game.legal_moves(self.state):
            if isinstance(move, Build) and self.session.source is None:
                size = spaces(self.state.table.faces[move.cell].code)[move.space][1]
                colour = towers(self.state).pending[move.match].colour
                found.setdefault((move.cell, move.space), (move, [size + colour]))
            elif isinstance(move, Shift) and self.session.source == (move.cell, move.space):
                piece = piece_at(self.state, move.cell, move.space)
                found.setdefault((move.to_cell, move.to_space), (move, list(piece)))  # type: ignore[arg-type]  # (a shift moves a piece)
        return {move: (cell, space, piece) for (cell, space), (move, piece) in found.items()}

    def under_ghost(self, move: Move) -> list[str]:
        """What a glowing piece would stand on: the pieces at a move's destination (a build stands alone)."""
        from ...games.towers.pieces import piece_at

        if not isinstance(move, Shift):
            return []
        return list(piece_at(self.state, move.to_cell, move.to_space) or [])

    def choose_ghost(self, move: Build | Shift) -> bool:
        """A click on a glowing space: build there, or move the picked pyramid or tower there."""
        if isinstance(move, Shift):
            return self.choose_space(move.to_cell, move.to_space)
        return self.choose_space(move.cell, move.space)

    def movable(self) -> set[tuple[Cell, str]]:
        """Spaces holding a pyramid or tower an earned action may move now."""
        if self.session.stage != Stage.EARNED:
            return set()
        return {(m.cell, m.space) for m in self.game.legal_moves(self.state) if isinstance(m, Shift)}

    def tradeable(self) -> list[str]:
        """Trade Hands: the sizes the chosen lone pyramid may become."""
        if self.session.stage != Stage.TRADE_PIECE or self.session.source is None:
            return []
        return [m.size for m in self.game.legal_moves(self.state)
                if isinstance(m, TradePiece) and (m.cell, m.space) == self.session.source]

    # -- choosing -----------------------------------------------------------------------------------

    def choose_space(self, cell: Cell, space: str) -> bool:
        """A click on a space: build there, pick the pyramid there to move, or move the picked one there."""
        cell = (cell[0], cell[1])  # (a list, from a click)
        moves = self.game.legal_moves(self.state)
        if self.session.stage == Stage.TRADE_PIECE:
            if any(isinstance(m, TradePiece) and (m.cell, m.space) == (cell, space) for m in moves):
                self.session.source = (cell, space)
                self.session.notice = ""
                return True
            self.session.notice = tr("log_refused", reason=tr("towers_no_trade", where=panel(self.state, cell, space)))
            return False
        if self.session.stage != Stage.EARNED:
            return False
        if self.session.source is not None:
            for m in moves:
                if isinstance(m, Shift) and (m.cell, m.space) == self.session.source and (m.to_cell, m.to_space) == (cell, space):
                    return self.session._try(m)
            if (cell, space) == self.session.source:
                self.session.source = None  # a second click on the picked piece puts it down again
                return True
            return self._refuse(Shift(self._first_match_for_source(), *self.session.source, cell, space))
        for m in moves:
            if isinstance(m, Build) and (m.cell, m.space) == (cell, space):
                return self.session._try(m)
        if any(isinstance(m, Shift) and (m.cell, m.space) == (cell, space) for m in moves):
            self.session.source = (cell, space)
            self.session.notice = ""
            return True
        pending = self.earned()
        return self._refuse(Build(pending[0][0] if pending else 0, cell, space))

    def _first_match_for_source(self) -> int:
        from ...games.towers.pieces import piece_at

        assert self.session.source is not None  # (a piece is picked)
        piece = piece_at(self.state, *self.session.source)
        for index, colour in self.earned():
            if piece and colour == piece[0][1]:
                return index
        return 0

    def _refuse(self, move: Move) -> bool:
        try:
            self.game.check(self.state, move)
        except IllegalMove:
            self.session.notice = tr("log_refused", reason=words.refusal(self.session, move))
            return False
        return self.session._try(move)

    def skip(self, index: int) -> bool:
        return self.session.stage == Stage.EARNED and self.session._try(Skip(index))

    def swap_row(self, index: int) -> bool:
        return self.session.stage == Stage.ROW and self.session._try(SwapRow(index))

    def trade_size(self, size: str) -> bool:
        if self.session.stage != Stage.TRADE_PIECE or self.session.source is None:
            return False
        return self.session._try(TradePiece(self.session.source[0], self.session.source[1], size))

    def draft_discard(self, index: int) -> bool:
        return self.session.stage == Stage.DRAFT and self.session._try(DraftDiscard(index))

    def can_undo(self) -> bool:
        snapshot = self._snapshot
        return snapshot is not None and not self.state.over \
            and len(self.state.log) > len(snapshot[0].log) \
            and self.state.turn_number == snapshot[0].turn_number

    def undo(self) -> bool:
        """Back to the start of this turn (after its card was drawn: the deck is never peeked at)."""
        if not self.can_undo():
            return False
        assert self._snapshot is not None  # (can_undo)
        state, messages = self._snapshot
        self.session.state = state.copy()
        del self.session.messages[messages:]
        self.session.notice = tr("towers_undone")
        if self.session.autosave:
            saves.save(self.session.record())
        self.session._begin_turn()
        return True


FLOW = TowersFlow


def rank_words(rank: str) -> str:
    """A rank of the ruleset's `ranks:` in the player's language ("Master Builder" -> "Maître bâtisseur"); a rank
    of one's own ruleset, unknown to the catalogs, as written."""
    key = "rank_" + rank.lower().replace(" ", "_")
    return tr(key) if has(key) else rank
