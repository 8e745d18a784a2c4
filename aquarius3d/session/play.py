"""A game at one computer: hot-seat turns, the hand-off cover, and each card's flow.

The session is what the window drives, and it holds no Panda3D: the app draws `stage`, `observation()`,
`ghosts()` and `messages`, and calls the methods below on clicks and keys. Tests drive whole games so.
Stages (stages.py; Elemental Towers adds its own, flows/towers.py), and what each waits for:
    cover       between human turns: every secret hidden until `reveal()`
    choose      pick a hand card (`select`), or `pass_turn()` when stuck
    place       an element card is chosen: ghosts show where it goes (`turn_card`, `choose_cell`)
    player      an action needs a player (Trade Hands, Trade Goals): `choose_player`
    table_card  an action needs a table card (Move a Card, Zap a Card): `choose_table_card`
    target      Move a Card: where the card goes (`turn_card`, `choose_cell`)
    direction   Rotate Goals: `choose_direction`
    confirm     Shuffle Hands or Goals: `confirm()`
    pyramid     Aquarius Rising: choose a pyramid (`select_pyramid`), then a glowing quarter (`choose_quarter`)
    computer    a computer seat is to move: `computer_move()`
    round_over  a round has ended and another follows: `summary()` shows the totals, `next_round()`
    over        the game has ended
"""

from __future__ import annotations

import random
from typing import Any

from ..files import saves
from ..bots import DEFAULT_LEVEL, LEVELS, make_player
from ..core.cards import face
from ..engine.game import ApplyResult, Game
from ..engine.moves import (Join, MoveCard, Pass, Place, RotateGoals, ShuffleGoals, ShuffleHands, TradeGoals,
                            TradeHands, TradePyramids, TwoPyramids, Zap)
from ..core.errors import DataError, IllegalMove
from ..games import narrator
from ..games.aquarius.narration import card_words
from ..i18n import action_name, tr
from ..rules.ruleset import load_ruleset
from ..core.text import short
from . import words
from .flows import flow_of
from .seats import Seat
from .stages import Stage
from .takeback import TakeBack

class Session:
    def __init__(self, game: Game, seats: list[Seat], seed: int, autosave: bool = True,
                 targets: list[int | None] | None = None, preset: dict | None = None) -> None:
        self.game = game
        self.seats = list(seats)
        self.seed = seed
        self.state = game.new_state([s.name for s in seats], seed, targets, preset)
        self.chicken = bool(game.options.get("aqua_chicken"))
        self.looks: dict[int, int] = {}  # Aqua-Chicken: seat -> the turn of their first look
        self.autosave = autosave
        self.autosave_failed = False  # the last autosave failed: told, and tried again at the next move
        self.messages: list[str] = []
        self.notice = ""
        self.peeking = False
        self.pending_seats: list[Seat] = []  # seats waiting to join (a saved game's, or the join form's)
        self.think: float | None = None  # seconds a searching computer seat may think (None: its default)
        self.bots = {i: self._bot(i) for i, s in enumerate(seats) if s.kind == "computer"}
        self.flow = flow_of(game.family)(self)  # the family's part of the turn (flows/)
        self._reset_choice()
        self.shown_seat: int | None = None  # whose secrets were last on screen
        self.takeback = TakeBack(self)  # the human's last move, kept to be taken back (takeback.py)
        self.last_played: tuple[int, ApplyResult, int] | None = None
        self.seen_upto: dict[int, int] = {}  # seat -> how many log lines it had seen when its last turn ended
        self._begin_turn()

    def _bot(self, index: int):  # a computer seat's player: its level, a seed of its own, the think budget
        return make_player(self.seats[index].level, self.seed * 31 + index, self.think)

    def set_think(self, seconds: float | None) -> None:
        """`play --think`: the computer seats made again with that budget (their seeds unchanged)."""
        self.think = seconds
        self.bots = {i: self._bot(i) for i in self.bots}

    # -- making and restoring ---------------------------------------------------------------------

    @classmethod
    def new(cls, ruleset: str, options: dict, seats: list[Seat], seed: int | None = None, autosave: bool = True,
            targets: list[int | None] | None = None, preset: dict | None = None):
        game = load_ruleset(ruleset, options)
        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
        return cls(game, seats, seed, autosave, targets, preset)

    def record(self) -> dict:
        record = {**self.game.record(self.state, self.seed),
                  "seats": [{"name": s.name, "kind": s.kind, **({"level": s.level} if s.kind == "computer" else {})}
                            for s in self.seats]}
        if self.looks:
            record["looks"] = {str(seat): turn for seat, turn in self.looks.items()}
        return record

    @classmethod
    def from_record(cls, record: dict, autosave: bool = True) -> "Session":
        game = load_ruleset(record["ruleset"], record["options"])
        for i, seat in enumerate(record["seats"]):  # (files/saves.py checked the record's form)
            if seat.get("level", DEFAULT_LEVEL) not in LEVELS:
                raise DataError(f"seats[{i}]: level: {short(seat['level'])} is not a computer level ({', '.join(LEVELS)})")
        seats = [Seat(s["name"], s["kind"], s.get("level", DEFAULT_LEVEL)) for s in record["seats"]]
        seated = len(record["players"])
        session = cls(game, seats[:seated], int(record["seed"]), autosave=False, targets=record.get("targets"),
                      preset=record.get("preset"))
        session.pending_seats = seats[seated:]
        for i, text in enumerate(record["moves"]):
            try:
                session._play(text, quiet=False)
            except ValueError as exc:
                raise IllegalMove(f"moves[{i}]: {short(text)}: {exc}", words.replay_refusal(session, i, text)) from None
        session.autosave = autosave
        session.shown_seat = None
        session.takeback.snapshot = None  # a loaded game starts with nothing to take back
        session.looks = {int(seat): int(turn) for seat, turn in (record.get("looks") or {}).items()}
        session._begin_turn()
        return session

    @classmethod
    def load(cls, path, autosave: bool = True) -> "Session":
        record = saves.read_record(path)
        try:
            return cls.from_record(record, autosave)
        except (IllegalMove, ValueError) as exc:
            raise DataError(f"{path.name}: {exc}", getattr(exc, "words", None)) from None
        except (TypeError, KeyError, IndexError, AttributeError, RecursionError) as exc:  # checked fields, odd values
            raise DataError(f"{path.name}: cannot be replayed ({exc.__class__.__name__}: {exc})") from None

    # -- what may be shown ---------------------------------------------------------------------

    @property
    def family(self) -> str:
        """The game's family ("aquarius", "rising", "towers", "dominus"): which overlays the window draws."""
        return self.game.family

    @property
    def seat(self) -> int:
        return self.state.turn

    @property
    def humans(self) -> int:
        return sum(1 for s in self.seats if s.kind == "human")

    @property
    def viewer(self) -> int | None:
        """The seat whose secrets may be on screen now, if any."""
        if self.stage == Stage.OVER:
            return None
        if self.stage == Stage.ROUND_OVER:
            return None
        if self.stage in (Stage.COVER, Stage.COMPUTER):
            return self.shown_seat if self.humans == 1 and self.stage == Stage.COMPUTER else None
        return self.seat

    def observation(self) -> dict:
        """What the screen may show: the viewer's view, or only public facts."""
        viewer = self.viewer
        if viewer is None:
            public = self.game.observation(self.state, self.seat)
            public["hand"] = []
            public["goal"] = None
            public["goals_turned_in"] = []
            if not self.state.over:
                public["goals"] = [None] * len(self.seats)
            public["seat"] = None
            return public
        return self.game.observation(self.state, viewer)

    def goal_text(self) -> str | None:
        return words.goal_text(self)

    # -- turn flow ------------------------------------------------------------------------------

    def _reset_choice(self) -> None:
        self.selected: int | None = None  # index into the hand
        self.turned = False
        self.source: tuple[Any, Any] | None = None  # Move a Card: the chosen table card; Elemental Towers: (cell, space)
        self.action: str | None = None

    def _begin_turn(self) -> None:
        self._reset_choice()
        self.peeking = False
        if self.state.over:
            self.stage = Stage.OVER
            self.flow.game_over()
        elif self.seats[self.seat].kind == "computer":
            self.stage = Stage.COMPUTER
        elif (own := self.flow.stage()) is not None:
            self.stage = own
        elif self.humans > 1 and self.shown_seat != self.seat:
            self.stage = Stage.COVER
        else:
            self.stage = Stage.CHOOSE
            self.shown_seat = self.seat

    def reveal(self) -> None:
        """The player whose turn it is confirms they alone are looking."""
        if self.stage == Stage.COVER:
            self.shown_seat = self.seat
            self._begin_turn()

    def since_last_turn(self, seat: int | None = None, most: int = 8) -> list[str]:
        """The log lines written since a seat's last turn ended (the seat to move by default), the newest `most`:
        what the hand-off cover tells a player before they look; everything so far before their first turn."""
        seat = self.seat if seat is None else seat
        lines = self.messages[self.seen_upto.get(seat, 0):]
        return lines[-most:] if most else lines

    def can_pass(self) -> bool:
        return self.stage == Stage.CHOOSE and not self.game.can_play(self.state)

    def pass_turn(self) -> bool:
        if self.stage == Stage.CHOOSE and not self.can_pass():  # said in the player's language, not the rules'
            self.notice = tr("log_refused", reason=tr("refuse_pass"))
            return False
        return self.stage == Stage.CHOOSE and self._try(Pass())

    def hint(self) -> str:
        return words.hint(self)

    # -- choosing -------------------------------------------------------------------------------

    def _hand_card(self, index: int):
        hand = self.state.hands[self.seat]
        return self.game.deck.cards[hand[index]] if 0 <= index < len(hand) else None

    def _selected_code(self) -> str:
        return self._hand_card(self.selected).code

    def select(self, index: int) -> None:
        """Pick a hand card: an element card shows its ghosts, an action starts its flow."""
        if self.stage not in (Stage.CHOOSE, Stage.PLACE, Stage.PLAYER, Stage.TABLE_CARD, Stage.TARGET, Stage.DIRECTION, Stage.CONFIRM):
            return
        card = self._hand_card(index)
        if card is None:
            return
        if self.stage == Stage.CONFIRM and index == self.selected:
            self.confirm()
            return
        self._reset_choice()
        self.selected = index
        self.notice = ""
        if card.kind == "element":
            self.stage = Stage.PLACE
            if not self._place_cells(False) and self._place_cells(True):
                self.turned = True
            return
        self.action = card.code
        block = self.game.actions.get(card.code)
        if block is None or not block.moves(self.game, self.state, self.seat):
            self.notice = tr("log_refused", reason=tr("refuse_action_dead", action=action_name(card.code)))
            self.stage, self.selected, self.action = Stage.CHOOSE, None, None
            return
        # The stage follows the kind of move the ruleset's block makes (Aquarius Rising changes two actions).
        self.stage = {
            TradeHands: Stage.PLAYER, TradeGoals: Stage.PLAYER, TradePyramids: Stage.PLAYER, MoveCard: Stage.TABLE_CARD,
            Zap: Stage.TABLE_CARD, RotateGoals: Stage.DIRECTION, ShuffleHands: Stage.CONFIRM, ShuffleGoals: Stage.CONFIRM,
            TwoPyramids: Stage.CONFIRM,
        }[type(block.moves(self.game, self.state, self.seat)[0])]

    def cancel(self) -> None:
        if self.flow.cancel():
            return
        if self.stage in (Stage.PLACE, Stage.PLAYER, Stage.TABLE_CARD, Stage.TARGET, Stage.DIRECTION, Stage.CONFIRM):
            self._reset_choice()
            self.stage = Stage.CHOOSE

    def turn_card(self) -> None:
        """R: turn the chosen card 180 degrees (placing it, or moving a table card)."""
        if self.stage in (Stage.PLACE, Stage.TARGET):
            self.turned = not self.turned

    def _place_cells(self, turned: bool) -> list:
        """Cells (with storeys, for Rising) where the chosen card fits, lying upright or turned."""
        if self.stage != Stage.PLACE or self.selected is None:
            return []
        upright = face(self._selected_code())
        if turned and upright.symmetric:
            return []
        lies = upright.turned if turned else upright
        cells = list(self.game.placement.cells(self.state.table, lies))
        return cells + [cell for cell, _ in self.flow.spots_above(lies)]

    def ghosts(self) -> dict:
        """Legal spots for the chosen card as it would lie now: {move: (cell, face code[, storey])}."""
        if self.stage == Stage.PLACE:
            code = self._selected_code()
            lies = face(code).turned.code if self.turned else code
            found = {Place(code, cell, self.turned): (cell, lies) for cell in self._place_cells(self.turned)}
            if not (self.turned and face(code).symmetric):
                for cell, level in self.flow.spots_above(face(lies)):
                    found[Place(code, cell, self.turned, level)] = (cell, lies, level)
            return found
        if self.stage == Stage.TARGET:
            block = self.game.actions["move_a_card"]
            current = self.state.table.faces[self.source]
            lies = current.turned if self.turned else current
            found = {}
            for move in block.moves(self.game, self.state, self.seat):
                if move.source == self.source and (move.turned == self.turned or lies.symmetric and not move.turned):
                    found[move] = (move.target, lies.code)
            return found
        return {}

    def choose_cell(self, cell, level: int | None = None) -> bool:
        """Click on the table while placing or moving: play there, or say why not.

        Without a storey, a card goes where a ghost stands in that cell (on the house, if there is one).
        """
        cell = tuple(cell)
        if self.stage == Stage.PLACE:
            if level is None:
                levels = [m.level for m in self.ghosts() if isinstance(m, Place) and m.cell == cell]
                level = max(levels) if levels else 0
            found = [m for m in self.ghosts() if isinstance(m, Place) and m.cell == cell and m.level == level]
        elif self.stage == Stage.TARGET:
            found = [m for m in self.ghosts() if isinstance(m, MoveCard) and m.target == cell]
        else:
            return False
        if not found:  # no glowing spot there: why not, in words (the rules' own reasons speak code)
            self.notice = tr("log_refused", reason=self._why_not_there(cell))
            return False
        return self._try(found[0])

    def _why_not_there(self, cell) -> str:
        return words.why_not_there(self, cell)

    def choose_table_card(self, cell) -> bool:
        cell = tuple(cell)
        if self.stage != Stage.TABLE_CARD:
            return False
        if cell not in self.state.table.cards:
            self.notice = tr("log_refused", reason=tr("no_card_there"))
            return False
        if self.action == "zap_a_card":
            return self._try(Zap(cell))
        self.source = cell
        self.turned = False
        self.stage = Stage.TARGET
        if not self.ghosts():
            self.turned = True
            if not self.ghosts():
                self.stage, self.source, self.turned = Stage.TABLE_CARD, None, False
                self.notice = tr("log_refused", reason=tr("no_move_for_card", card=card_words(self.state.table.faces[cell].code)))
                return False
        return True

    def choose_player(self, seat: int | None) -> bool:
        """A seat number, or None for the unused goals (Trade Goals)."""
        if self.stage != Stage.PLAYER:
            return False
        for move in self._action_moves():
            if isinstance(move, (TradeHands, TradeGoals, TradePyramids)) and move.seat == seat:
                return self._try(move)
        self.notice = tr("log_refused", reason=tr("refuse_action_dead", action=action_name(self.action)))
        return False

    def _action_moves(self) -> list:
        return list(self.game.actions[self.action].moves(self.game, self.state, self.seat))

    def player_choices(self) -> list:
        if self.stage != Stage.PLAYER:
            return []
        return [m.seat for m in self._action_moves()]

    def choose_direction(self, direction: str) -> bool:
        return self.stage == Stage.DIRECTION and self._try(RotateGoals(direction))

    def confirm(self) -> bool:
        if self.stage != Stage.CONFIRM:
            return False
        return self._try(self._action_moves()[0])

    def can_take_back(self) -> bool:
        return self.takeback.possible()

    def take_back(self) -> bool:
        """U: take back the move just made (takeback.py says when that may be)."""
        if self.takeback.take_back():
            return True
        self.notice = tr("log_refused", reason=tr("refuse_take_back"))
        return False

    def computer_move(self, chosen=None) -> bool:  # `chosen`: the seat's player chose it elsewhere (screens/thinking.py)
        if self.stage != Stage.COMPUTER:
            return False
        # A computer player gets only what its seat may know (engine/hidden.py), never the state itself.
        return self._try(self.bots[self.seat].choose(self.game, self.game.observe(self.state, self.seat)) if chosen is None else chosen)

    # -- playing ---------------------------------------------------------------------------------

    def _try(self, move) -> bool:
        try:
            self._play(move)
        except IllegalMove:  # said in words, whatever the move came from (a click, a computer, a save)
            self.notice = tr("log_refused", reason=words.refusal(self, move))
            return False
        return True

    def _play(self, move, quiet: bool = False) -> ApplyResult:
        seat = self.seat
        rounds_before = len(self.flow.rounds())
        turn_before = self.state.turn_number
        before = {cell: f.code for cell, f in self.state.table.faces.items()}  # to name a card a move takes away
        self.takeback.before()
        result = self.game.apply(self.state, move)
        if isinstance(result.move, Join):
            self._seat_joined(result)
            self._autosave()
            if result.over:  # the newcomer's goal already had its group on the table: they win at once
                self._begin_turn()
            return result
        said = len(self.messages)  # where this move's log lines begin
        self.messages.append(self.describe(result, before))
        self.messages.extend(self.flow.after_move(result, turn_before))
        self.notice = ""
        if result.bonus:
            self.notice = tr("log_bonus", name=self.seats[seat].name, count=result.bonus)
            self.messages.append(self.notice)
        self.takeback.after()
        self.seen_upto[seat] = len(self.messages)  # the mover saw their own move and all before it
        self.last_played = (seat, result, said)  # for the window: who moved, the move, where its log lines begin
        self._autosave()
        self._begin_turn()
        if not self.state.over and len(self.flow.rounds()) > rounds_before:
            self.stage = Stage.ROUND_OVER
            self.shown_seat = None
        return result

    def _autosave(self) -> None:
        """Save after each move; a failure (disk full, read-only folder) is told and tried again next move."""
        if not self.autosave:
            return
        try:
            saves.save(self.record())
        except OSError as exc:
            self.autosave_failed = True
            self.notice = tr("autosave_failed", reason=exc.strerror or exc)
            self.messages.append(self.notice)
            return
        if self.autosave_failed:
            self.autosave_failed = False
            self.messages.append(tr("autosave_again"))

    def next_round(self) -> None:
        """Close the score table between rounds."""
        if self.stage == Stage.ROUND_OVER:
            self._begin_turn()

    # -- joining ----------------------------------------------------------------------------------

    def can_join(self) -> bool:
        if self.stage not in (Stage.COVER, Stage.CHOOSE, Stage.COMPUTER):
            return False
        try:
            self.game.check(self.state, Join("\x00"))
        except IllegalMove:
            return False
        return True

    def join(self, name: str, kind: str = "human", level: str = DEFAULT_LEVEL) -> bool:
        """A player sits down between turns (an unused goal and the top three cards)."""
        if self.stage not in (Stage.COVER, Stage.CHOOSE, Stage.COMPUTER):
            self.notice = tr("log_refused", reason=tr("join_between_turns"))
            return False
        self.pending_seats = [Seat(name.strip(), kind, level)]
        return self._try(Join(name.strip()))

    def _seat_joined(self, result: ApplyResult) -> None:
        seat = self.pending_seats.pop(0) if self.pending_seats else Seat(result.move.name)
        self.seats.append(seat)
        if seat.kind == "computer":
            self.bots[len(self.seats) - 1] = self._bot(len(self.seats) - 1)
        self.messages.append(tr("log_join", name=seat.name))

    # -- Aqua-Chicken ----------------------------------------------------------------------------

    def peek(self, on: bool) -> None:
        """Press and hold to see your goal; in Aqua-Chicken the first look is recorded."""
        self.peeking = on and self.viewer is not None and self.stage not in (Stage.COVER, Stage.COMPUTER, Stage.OVER)
        if self.peeking and self.chicken and self.viewer not in self.looks:
            self.looks[self.viewer] = self.state.turn_number
            self.messages.append(tr("log_looked", name=self.seats[self.viewer].name))
            self._autosave()

    def goal_hint(self) -> str:
        return words.goal_hint(self)

    def chicken_winners(self) -> list[int]:
        return words.chicken_winners(self)

    def describe(self, result: ApplyResult, before: dict | None = None) -> str:
        """A move in words for the log (games/<family>/narration.py); `before`: the faces before it, {cell: code}."""
        return narrator(self.game.family)(self.game, self.state, [s.name for s in self.seats], result, before)

    # -- the end -----------------------------------------------------------------------------

    def winning_cells(self) -> set:
        return words.winning_cells(self)

    def summary(self) -> list[str]:
        return words.summary(self)
