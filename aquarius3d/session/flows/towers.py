"""Elemental Towers at the table: the session's stages for the solitaire game, and what each pick means.

    draft       the draft variant: three cards offered; the one clicked (`Session.select`) goes to the box
    place       the drawn element card: a spot (`Session.choose`), R turns it, as in Aquarius
    earned      the actions the card's matches earned: a spot builds there or moves the picked piece there;
                a space (`Session.choose_space`) picks a pyramid or tower to move; an option lets one go
    table_card  Move a Card or Zap a Card drawn: `Session.choose_table_card`, then (moving) a spot
    row         Trade Goals drawn: an option swaps two neighbouring places of the scoring row
    trade_piece Trade Hands drawn: a space picks a lone pyramid, an option the size it becomes

U goes back to the start of the turn (`restore_point`): after its card was drawn, never across a draw.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from ...core.errors import IllegalMove
from ...core.vocabulary import ELEMENT_NAME_OF_COLOUR, pyramid_order
from ...engine.moves import Build, DraftDiscard, Move, MoveCard, Shift, Skip, SwapRow, TradePiece, Zap
from ...files.scores import record_towers_score
from ...games.towers import narration
from ...games.towers.narration import events, panel
from ...games.towers.state import towers
from ...i18n import action_name, element_name, has, tr
from .. import words
from ..choice import Cell, Choice, Option, Outcome, Refusal, Spot
from ..rows import row
from ..stages import Stage
from .base import Flow

if TYPE_CHECKING:
    from ...engine.game import ApplyResult, Game
    from ...engine.state import State
    from ..play import Session


class TowersFlow(Flow):
    """What a solitaire player of Elemental Towers does, beyond placing the drawn card."""

    must_play_drawn = True
    solitaire = True
    draws_action = True
    replays_deck = True
    spaces = True
    own_undo = True  # back to the start of the turn (undo below), never across a draw

    def __init__(self, session: Session) -> None:
        super().__init__(session)
        self.best: int | None = None  # the best score with these cards, once the game is over
        self._snapshot: tuple[State, int] | None = None  # (state, messages) at the start of the turn, for undo
        self._snapshot_turn: int | None = None
        self._previous: State | None = None  # the state before the move being played, to say what it took
        self._start: State | None = None  # ...and to say what it changed of the score (after_move)
        self._told: str | None = None  # what the last move changed of the score, in words (None: nothing)
        self._lit: tuple[set[tuple[Cell, str]], list[int]] = (set(), [])  # its towers and places of the row

    # The session's state, read through these (the flow never keeps a copy of its own).
    @property
    def game(self) -> Game:
        return self.session.game

    @property
    def state(self) -> State:
        return self.session.state

    def begin(self) -> Choice:
        """Each turn begins in the phase the rules are in: the draft, the earned actions, a drawn action card,
        or the drawn card to place. The start of each turn (after its card was drawn) is kept, for undo."""
        phase = self.state.phase
        if self.state.turn_number != self._snapshot_turn and phase != "draft":
            self._snapshot = (self.state.copy(), len(self.session.messages))
            self._snapshot_turn = self.state.turn_number
        if phase == "draft":
            return Choice(Stage.DRAFT)
        if phase == "actions":
            return Choice(Stage.EARNED)
        if phase == "card_action":
            card = self.game.deck.cards[towers(self.state).action_card]  # type: ignore[index]  # (set in this phase)
            first = self.game.actions[card.code].moves(self.game, self.state, self.session.seat)[0]
            stage = {MoveCard: Stage.TABLE_CARD, Zap: Stage.TABLE_CARD, SwapRow: Stage.ROW,
                     TradePiece: Stage.TRADE_PIECE}[type(first)]
            return Choice(stage, action=card.code)
        return self.session.placing(0)  # the card just drawn

    def select(self, choice: Choice, index: int) -> Outcome | None:
        """In the draft, the card clicked goes back to the box."""
        return DraftDiscard(index) if choice.stage == Stage.DRAFT else None

    def hint(self, choice: Choice) -> str | None:
        if choice.stage == Stage.EARNED:
            return tr("hud_earned_move" if choice.source else "hud_earned", actions=self.earned_text())
        if choice.stage == Stage.ROW:
            return tr("hud_swap_row")
        if choice.stage == Stage.TRADE_PIECE:
            return tr("hud_trade_size" if choice.source else "hud_trade_piece")
        if choice.stage == Stage.DRAFT:
            return tr("hud_draft", count=self.draft_rounds_left())
        return None

    def cancel(self, choice: Choice) -> Choice:
        """The drawn card must be played and a drawn action resolved: only a choice is undone."""
        if choice.stage == Stage.TARGET:
            return choice.but(stage=Stage.TABLE_CARD, source=None, turned=False)
        if choice.stage in (Stage.EARNED, Stage.TRADE_PIECE):
            return choice.but(source=None)
        return choice

    def before_move(self) -> None:
        self._previous = self._start = self.state.copy()

    def describe(self, result: ApplyResult, before: dict[Any, str] | None) -> str | None:
        """Each move a sentence with its player, what it moved or took from where to where (narration.py)."""
        previous, self._previous = self._previous, None
        return narration.describe(self.game, self.state, [s.name for s in self.session.seats], result, before,
                                  previous)

    def after_move(self, result: ApplyResult, turn_before: int) -> list[str]:
        lines = []
        drafted = isinstance(result.move, DraftDiscard) and self.state.phase != "draft"
        if drafted:  # the draft variant deals the scoring row now
            values = self.game.end.values
            row = ", ".join(f"{element_name(e)} {values[i] if i < len(values) else 0}" for i, e in enumerate(self.row()))
            lines.append(tr("log_row_dealt", row=row))
        if self.state.turn_number != turn_before or self.state.over or drafted:
            lines.extend(self.opening_lines())
        before, self._start = self._start, None
        self._told, self._lit = None, (set(), [])
        if before is not None:  # what the move (and the action cards it drew) changed of the score, said and lit
            changes = narration.tower_changes(self.game, before, self.state)
            self._told = narration.score_words(self.game, before, self.state, changes, self.score()[1])
            places = {i for i, (a, b) in enumerate(zip(before.unused_goals, self.state.unused_goals)) if a != b}
            order = self.row()  # (and the place each tower that came to score, or changed its points, scores at)
            places |= {order.index(ELEMENT_NAME_OF_COLOUR[new[2]]) for _, new in changes
                       if new is not None and ELEMENT_NAME_OF_COLOUR[new[2]] in order}
            self._lit = ({(new[0], new[1]) for _, new in changes if new is not None}, sorted(places))
            lines.extend([self._told] if self._told else [])
        return lines

    def notice(self, result: ApplyResult, turn_before: int) -> str:
        """A move that changed the score says so at once: which towers, their points, the score now."""
        return self._told or ""

    def score_lit(self) -> tuple[set[tuple[Cell, str]], list[int]]:
        return self._lit

    def opening_lines(self) -> list[str]:
        """The action cards the turn drew (at the game's start too): those that acted at once ("Ann drew Shuffle
        Goals: done", and the row it made) or could not, and the one that waits for the player's choice."""
        name = self.session.seats[self.state.turn].name
        lines = events(self.state, self.game, name)
        if self.state.phase == "card_action":
            card = self.game.deck.cards[towers(self.state).action_card]  # type: ignore[index]  # (set in this phase)
            lines.append(tr("log_drew_action", name=name, action=action_name(card.code)))
        return lines

    def game_over(self) -> None:
        if self.best is None:
            self.best = record_towers_score(self.deck_cards(), self.score()[0], self.game.options,
                                                  store=self.session.autosave)

    def summary(self) -> list[str]:
        """A table (session/rows.py): a row per tower and its points, the bonus for a tower of every element, the
        total with its rank; the best score with these cards under it."""
        total, rank, towers = self.score()
        lines = []
        for cell, _space, colour, value in towers:  # (its value is the one its element's card bears in the row)
            element = ELEMENT_NAME_OF_COLOUR[colour]
            lines.append(row(tr("towers_tower_line", element=element_name(element), where=self._on_card(cell)), value))
        if len({t[2] for t in towers}) == 5:
            lines.append(row(tr("towers_mastery"), f"+{self.game.end.mastery_bonus}"))
        lines.append(row(tr("towers_final", rank=rank), total, total=True))
        if self.best is not None:
            lines.append(tr("towers_best", best=self.best))
        return lines

    def _on_card(self, cell: Cell) -> str:
        """Where a tower stands, in words: on the card it stands on ("on the Fire–Water card")."""
        return narration.on_card(self.state, cell)

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

    def score_line(self) -> str:
        score, rank, _ = self.score()
        return tr("hud_score", score=score, rank=rank)

    def scored_spaces(self) -> set[tuple[Cell, str]]:
        return {(cell, space) for cell, space, _, _ in self.score()[2]}

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

    def spots(self, choice: Choice) -> dict[Move, Spot] | None:
        """The earned actions' spots: builds, or where the picked pyramid or tower may move (the piece it
        shows, and what it would stand on there)."""
        if choice.stage != Stage.EARNED:
            return None
        from ...games.towers.pieces import piece_at, spaces

        found: dict[Move, Spot] = {}
        taken: set[tuple[Cell, str]] = set()
        for move in self.game.legal_moves(self.state):
            if isinstance(move, Build) and choice.source is None:
                where = ((move.cell[0], move.cell[1]), move.space)
                size = spaces(self.state.table.faces[where[0]].code)[move.space][1]
                piece: tuple[str, ...] = (size + towers(self.state).pending[move.match].colour,)
                below: tuple[str, ...] = ()
            elif isinstance(move, Shift) and choice.source == (move.cell, move.space):
                where = ((move.to_cell[0], move.to_cell[1]), move.to_space)
                piece = tuple(piece_at(self.state, move.cell, move.space) or ())
                below = tuple(piece_at(self.state, move.to_cell, move.to_space) or ())
            else:
                continue
            if where not in taken:  # one spot a space (the first earned action that reaches it)
                taken.add(where)
                found[move] = Spot(where[0], space=where[1], pieces=piece, below=below)
        return found

    def options(self, choice: Choice) -> list[Option] | None:
        """Buttons: an earned action let go, two places of the scoring row swapped, the size a lone pyramid
        is traded for."""
        if choice.stage == Stage.EARNED:
            named = [(index, element_name(ELEMENT_NAME_OF_COLOUR[colour])) for index, colour in self.earned()]
            return [Option(tr("hud_skip", element=name), Skip(index), tr("says_skip", element=name))
                    for index, name in named]
        if choice.stage == Stage.ROW:
            row = [element_name(e) for e in self.row()]  # the places by their elements, not numbers
            points = list(self.game.end.values) + [0] * len(row)  # each place's points a tower, top first
            return [Option(tr("hud_swap", first=row[i], second=row[i + 1]), SwapRow(i),
                           tr("says_swap", first=row[i], second=row[i + 1], first_points=points[i + 1],
                              second_points=points[i])) for i in range(len(row) - 1)]
        if choice.stage == Stage.TRADE_PIECE:
            return [Option(tr("hud_take", size=tr(f"size_{m.size}")), m, tr("says_take", size=tr(f"size_{m.size}")))
                    for m in self.game.legal_moves(self.state)
                    if isinstance(m, TradePiece) and (m.cell, m.space) == choice.source]
        return None

    def movable(self) -> set[tuple[Cell, str]]:
        """Spaces holding a pyramid or tower an earned action may move now."""
        if self.session.stage != Stage.EARNED:
            return set()
        return {((m.cell[0], m.cell[1]), m.space) for m in self.game.legal_moves(self.state) if isinstance(m, Shift)}

    def trade_spaces(self) -> set[tuple[Cell, str]]:
        """Trade Hands: the spaces holding a lone pyramid that may be traded for another size."""
        if self.session.stage != Stage.TRADE_PIECE:
            return set()
        return {((m.cell[0], m.cell[1]), m.space) for m in self.game.legal_moves(self.state) if isinstance(m, TradePiece)}

    def tradeable(self) -> list[str]:
        """Trade Hands: the sizes the chosen lone pyramid may become."""
        choice = self.session.choice
        return [m.move.size for m in self.options(choice) or [] if isinstance(m.move, TradePiece)]

    # -- choosing -----------------------------------------------------------------------------------

    def space(self, choice: Choice, cell: Cell, space: str) -> Outcome | None:
        """A click on a space: build there, pick the pyramid there to move (or to trade), or move the picked
        one there; a second click on the picked piece puts it down again."""
        moves = self.game.legal_moves(self.state)
        if choice.stage == Stage.TRADE_PIECE:
            if any(isinstance(m, TradePiece) and (m.cell, m.space) == (cell, space) for m in moves):
                return choice.but(source=(cell, space))
            return Refusal(tr("towers_no_trade", where=panel(self.state, cell, space)))
        if choice.stage != Stage.EARNED:
            return None
        if choice.source is not None:
            for m in moves:
                if isinstance(m, Shift) and (m.cell, m.space) == choice.source and (m.to_cell, m.to_space) == (cell, space):
                    return m
            if (cell, space) == choice.source:
                return choice.but(source=None)
            (from_cell, from_space) = choice.source
            return self._checked(Shift(self._first_match_for(choice.source), from_cell, from_space, cell, space))
        for m in moves:
            if isinstance(m, Build) and (m.cell, m.space) == (cell, space):
                return m
        if any(isinstance(m, Shift) and (m.cell, m.space) == (cell, space) for m in moves):
            return choice.but(source=(cell, space))
        pending = self.earned()
        return self._checked(Build(pending[0][0] if pending else 0, cell, space))

    def _first_match_for(self, source: tuple[Cell, str]) -> int:
        from ...games.towers.pieces import piece_at

        piece = piece_at(self.state, *source)
        for index, colour in self.earned():
            if piece and colour == piece[0][1]:
                return index
        return 0

    def _checked(self, move: Move) -> Outcome:
        """A move the rules take (then it is played), or their refusal in words."""
        try:
            self.game.check(self.state, move)
        except IllegalMove:
            return Refusal(words.refusal(self.session, move))
        return move

    def can_undo(self) -> bool:
        snapshot = self._snapshot
        return snapshot is not None and not self.state.over \
            and len(self.state.log) > len(snapshot[0].log) \
            and self.state.turn_number == snapshot[0].turn_number

    def restore_point(self) -> tuple[State, int] | None:
        """Back to the start of this turn (after its card was drawn: the deck is never peeked at)."""
        if not self.can_undo():
            return None
        assert self._snapshot is not None  # (can_undo)
        state, messages = self._snapshot
        return state.copy(), messages


FLOW = TowersFlow


def rank_words(rank: str) -> str:
    """A rank of the ruleset's `ranks:` in the player's language ("Master Builder" -> "Maître bâtisseur"); a rank
    of one's own ruleset, unknown to the catalogs, as written."""
    key = "rank_" + rank.lower().replace(" ", "_")
    return tr(key) if has(key) else rank
