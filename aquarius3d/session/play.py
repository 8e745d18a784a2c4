"""A game at one computer: hot-seat turns, the hand-off cover, and what a player chooses, made into moves.

The session is what the window drives, and it holds no Panda3D. The window draws `stage`, `choice`,
`observation()`, `spots()`, `options()` and `messages`, reads `events_since()`, and turns clicks and keys
into the session's picks below; tests drive whole games the same way. Every pick ends in one place: a new
`Choice`, a move played (`_try`), or a refusal told in words. A family's flow (flows/) is asked, never lets
itself in: it answers with an outcome (choice.py) that the session follows.

Stages (stages.py; Elemental Towers adds its own, flows/towers.py), and the picks each waits for:
    cover       between human turns: every secret hidden until `reveal()`
    choose      a hand card (`select`), or `pass_turn()` when stuck
    place       an element card is chosen: a spot (`choose`), or a cell (`choose_cell`); `turn_card` turns it
    player      an action needs a player (Trade Hands, Trade Goals): an option (`choose`)
    table_card  an action needs a table card (Move a Card, Zap a Card): `choose_table_card`
    target      Move a Card: where the card goes, a spot (`choose`) or a cell (`choose_cell`)
    direction   Rotate Goals: an option (`choose`)
    confirm     Shuffle Hands or Goals: an option (`choose`), or `confirm()`
    pyramid     Aquarius Rising: a pyramid of the supply (`select_pyramid`), then a glowing quarter (`choose`)
    computer    a computer seat is to move: `computer_move()`
    remote      a player at another computer is to move: the host hands on their move (`submit(move)`)
    round_over  a round has ended and another follows: `summary()` shows the totals, `next_round()`
    over        the game has ended
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from ..bots import DEFAULT_LEVEL, LEVELS, make_player
from ..core.errors import DataError, IllegalMove
from ..core.text import short
from ..engine.game import ApplyResult, Game
from ..engine.state import State
from ..engine.moves import (Join, Move, MoveCard, Pass, RotateGoals, ShuffleGoals, ShuffleHands, TradeGoals,
                            TradeHands, TradePyramids, TwoPyramids, Zap, parse_move)
from ..files import saves
from ..games.aquarius.narration import card_words
from ..i18n import action_name, catalog, tr
from ..rules.ruleset import load_ruleset
from . import words
from .choice import Choice, Outcome, Refusal
from .events import Joined, Played, Refused, RoundOver, TakenBack
from .flows import flow_of
from .seats import Seat
from .spots import card_cells, shared_spots
from .stages import Stage
from .shown import Shown
from .takeback import TakeBack

STAGE_OF_EFFECT: dict[type, Stage] = {  # an action card's stage, by the kind of move its block makes
    TradeHands: Stage.PLAYER, TradeGoals: Stage.PLAYER, TradePyramids: Stage.PLAYER,  # (Rising changes two)
    MoveCard: Stage.TABLE_CARD, Zap: Stage.TABLE_CARD, RotateGoals: Stage.DIRECTION,
    ShuffleHands: Stage.CONFIRM, ShuffleGoals: Stage.CONFIRM, TwoPyramids: Stage.CONFIRM,
}
CHOOSING = (Stage.CHOOSE, Stage.PLACE, Stage.PLAYER, Stage.TABLE_CARD, Stage.TARGET, Stage.DIRECTION, Stage.CONFIRM)


class Session(Shown):
    def __init__(self, game: Game, seats: list[Seat], seed: int, autosave: bool = True,
                 targets: list[int | None] | None = None, preset: dict[str, Any] | None = None,
                 state: State | None = None) -> None:
        # `state`: a table to sit at instead of a new deal (a player's side of a hosted game sits at the view its
        # host sent, net/guest_session.py: it never deals, so it never holds a card it was not shown)
        super().__init__(game, seats, game.new_state([s.name for s in seats], seed, targets, preset)
                         if state is None else state)
        self.seed = seed
        self.chicken = bool(game.options.get("aqua_chicken"))
        self.looks = {}  # Aqua-Chicken: seat -> the turn of their first look
        self.autosave = autosave
        self.autosave_failed = False  # the last autosave failed: told, and tried again at the next move
        self.peeking = False
        self.pending_seats: list[Seat] = []  # seats waiting to join (a saved game's, or the join form's)
        self.think: float | None = None  # seconds a searching computer seat may think (None: its default)
        # A searching seat's think time is a deadline in wall time too (bots/hard.py): a move at the table ends by
        # then on any machine. False: the arena's seed-exact budget alone (tests comparing choices made apart).
        self.timed = True
        self.bots = {i: self._bot(i) for i, s in enumerate(seats) if s.kind == "computer"}
        self.flow = flow_of(game.family)(self)  # the family's part of the turn (flows/)
        self.takeback = TakeBack(self)  # the human's last move, kept to be taken back (takeback.py)
        self.replaying = False  # a saved game's moves are being played again (from_record)
        self._passing = False
        if state is None:
            self.messages.extend(self.flow.opening_lines())
        self._begin_turn()

    def _bot(self, index: int) -> Any:  # a computer seat's player: its level, a seed of its own, the think budget
        return make_player(self.seats[index].level, self.seed * 31 + index, self.think, timed=self.timed)

    def set_think(self, seconds: float | None, timed: bool = True) -> None:
        """`play --think`: the computer seats made again with that budget (their seeds unchanged); `timed=False`:
        the budget of simulations alone, without the deadline (the same moves for a seed, however long they take)."""
        self.think = seconds
        self.timed = timed
        self.bots = {i: self._bot(i) for i in self.bots}

    def adopt_player(self, seat: int, player: Any) -> None:
        """A computer seat's player as it came back from choosing in a worker process (screens/thinking.py):
        its random source as it is after choosing, so that the game goes on as if it had chosen here."""
        self.bots[seat] = player

    # -- making and restoring ---------------------------------------------------------------------

    @classmethod
    def new(cls, ruleset: str, options: dict[str, Any], seats: list[Seat], seed: int | None = None,
            autosave: bool = True, targets: list[int | None] | None = None,
            preset: dict[str, Any] | None = None) -> Session:
        game = load_ruleset(ruleset, options)
        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
        return cls(game, seats, seed, autosave, targets, preset)

    def record(self) -> dict[str, Any]:
        record = {**self.game.record(self.state, self.seed),
                  "seats": [{"name": s.name, "kind": s.kind, **({"level": s.level} if s.kind == "computer" else {})}
                            for s in self.seats]}
        if self.looks:
            record["looks"] = {str(seat): turn for seat, turn in self.looks.items()}
        if self.state.over:
            record["over"] = True  # (read back by the menu: a finished game is not continued; replaying tells again)
        return record

    @classmethod
    def from_record(cls, record: dict[str, Any], autosave: bool = True,
                    make: Callable[..., Session] | None = None) -> Session:
        game = load_ruleset(record["ruleset"], record["options"])
        for i, seat in enumerate(record["seats"]):  # (files/saves.py checked the record's form)
            if seat.get("level", DEFAULT_LEVEL) not in LEVELS:
                raise DataError(f"seats[{i}]: level: {short(seat['level'])} is not a computer level ({', '.join(LEVELS)})")
        seats = [Seat(s["name"], s["kind"], s.get("level", DEFAULT_LEVEL)) for s in record["seats"]]
        seated = len(record["players"])
        # `make`: the session to replay the moves in (a host's own, net/seating.py), from the same arguments
        session = (make or cls)(game, seats[:seated], int(record["seed"]), autosave=False,
                                targets=record.get("targets"), preset=record.get("preset"))
        session.pending_seats = seats[seated:]
        session.replaying = True  # (the passes the session made for a seat are among the moves: never made again)
        for i, text in enumerate(record["moves"]):
            try:
                session._play(text)
            except ValueError as exc:
                raise IllegalMove(f"moves[{i}]: {short(text)}: {exc}", words.replay_refusal(session, i, text)) from None
        session.replaying = False
        session.autosave = autosave
        session.shown_seat = None
        session.takeback.snapshot = None  # a loaded game starts with nothing to take back
        session.looks = {int(seat): int(turn) for seat, turn in (record.get("looks") or {}).items()}
        session._begin_turn()
        session._pass_if_out()
        return session

    @classmethod
    def load(cls, path: Any, autosave: bool = True) -> Session:
        record = saves.read_record(path)
        try:
            return cls.from_record(record, autosave)
        except (IllegalMove, ValueError) as exc:
            raise DataError(f"{path.name}: {exc}", getattr(exc, "words", None)) from None
        except (TypeError, KeyError, IndexError, AttributeError, RecursionError) as exc:  # checked fields, odd values
            raise DataError(f"{path.name}: cannot be replayed ({exc.__class__.__name__}: {exc})") from None

    # -- what may be shown ---------------------------------------------------------------------

    # -- turn flow ------------------------------------------------------------------------------

    def _begin_turn(self) -> None:
        self.peeking = False
        if self.state.over:
            self._set(Choice(Stage.OVER))
            self.flow.game_over()
        elif self.seats[self.seat].kind == "computer":
            self._set(Choice(Stage.COMPUTER))
        elif self.seats[self.seat].kind == "remote":
            self._set(Choice(Stage.REMOTE))
        elif self.humans > 1 and self.shown_seat != self.seat:
            self._set(Choice(Stage.COVER))
        else:
            self.shown_seat = self.seat
            self._set(self.flow.begin() or Choice(Stage.CHOOSE))

    def reveal(self) -> None:
        """The player whose turn it is confirms they alone are looking (first a mover says they saw their new goal)."""
        if self.stage == Stage.COVER and not self.goal_news_done():
            self.shown_seat = self.seat
            self._begin_turn()

    def pass_turn(self) -> bool:
        if self.stage == Stage.CHOOSE and not self.can_pass():  # said in the player's language, not the rules'
            return self._follow(Refusal(tr("refuse_pass")))
        return self.stage == Stage.CHOOSE and self._try(Pass())

    # -- choosing -------------------------------------------------------------------------------

    def placing(self, index: int) -> Choice:
        """The choice of placing hand card `index`: turned round when it fits only so."""
        choice = Choice(Stage.PLACE, selected=index)
        code = self._hand_card(index).code
        upright = card_cells(self.game, self.state, self.flow, code, False)
        return choice.but(turned=not upright and bool(card_cells(self.game, self.state, self.flow, code, True)))

    def select(self, index: int) -> bool:
        """Pick a hand card: an element card shows its spots, an action starts its flow."""
        own = self.flow.select(self._choice, index)
        if own is not None:
            return self._follow(own)
        if self.stage not in CHOOSING:
            return False
        card = self._hand_card(index)
        if card is None:
            return False
        if self.stage == Stage.CONFIRM and index == self.selected:
            return self.confirm()
        self.notice = ""
        if card.kind == "element":
            return self._follow(self.placing(index))
        block = self.game.actions.get(card.code)
        moves = block.moves(self.game, self.state, self.seat) if block is not None else []
        if not moves:
            self._set(Choice(Stage.CHOOSE))
            why = f"refuse_dead_{block.type}" if block is not None else ""  # (the action's own reason, where it has one)
            return self._follow(Refusal(tr(why if why in catalog("en") else "refuse_action_dead",
                                           action=action_name(card.code))))
        return self._follow(Choice(STAGE_OF_EFFECT[type(moves[0])], selected=index, action=card.code))

    def cancel(self) -> bool:
        """Esc: undo the choice under way (the family's way first); False when there was nothing to undo."""
        own = self.flow.cancel(self._choice)
        if own is not None:
            changed = own != self._choice
            self._set(own)
            return changed
        if self.stage in CHOOSING and self.stage != Stage.CHOOSE:
            self._set(Choice(Stage.CHOOSE))
            return True
        return False

    def turn_card(self) -> None:
        """R: turn the chosen card 180 degrees (placing it, or moving a table card)."""
        if self.stage in (Stage.PLACE, Stage.TARGET):
            self._set(self._choice.but(turned=not self.turned))

    def choose(self, move: Move) -> bool:
        """Play a move the player picked among the spots or the options offered now; else say why not."""
        offered = move in self.spots() or any(option.move == move for option in self.options())
        return self._try(move) if offered else self._follow(Refusal(words.refusal(self, move)))

    def advised(self, move: Move) -> bool:
        """H's suggestion played whole (its ghost clicked, or Enter): checked as any move, else refused in words."""
        waiting = (Stage.COVER, Stage.COMPUTER, Stage.REMOTE, Stage.OVER, Stage.ROUND_OVER)  # (no suggestion then)
        return self.stage not in waiting and self.seats[self.seat].kind == "human" and self._try(move)

    def choose_cell(self, cell: Any, level: int | None = None) -> bool:
        """A click on a table cell while placing or moving a card: a spot there is played (the highest storey's
        if no storey is named), else why not is said in words."""
        if self.stage not in (Stage.PLACE, Stage.TARGET):
            return False
        cell = (cell[0], cell[1])
        here = [(move, spot) for move, spot in self.spots().items() if spot.cell == cell and spot.card is not None
                and (level is None or spot.level == level)]
        if not here:  # no glowing spot there: why not, in words (the rules' own reasons speak code)
            return self._follow(Refusal(words.why_not_there(self, cell)))
        return self._try(max(here, key=lambda found: found[1].level)[0])

    def choose_table_card(self, cell: Any) -> bool:
        cell = (cell[0], cell[1])
        if self.stage != Stage.TABLE_CARD:
            return False
        if cell not in self.state.table.cards:
            return self._follow(Refusal(tr("no_card_there")))
        if self.action == "zap_a_card":
            return self._try(Zap(cell))
        target = self._choice.but(stage=Stage.TARGET, source=cell, turned=False)
        for choice in (target, target.but(turned=True)):
            if shared_spots(self.game, self.state, self.flow, choice, None):
                return self._follow(choice)
        return self._follow(Refusal(tr("no_move_for_card", card=card_words(self.state.table.faces[cell].code))))

    def choose_space(self, cell: Any, space: str) -> bool:
        """Elemental Towers: a click on a space of a card (a piece to move or trade, or where it goes)."""
        own = self.flow.space(self._choice, (cell[0], cell[1]), space)
        return own is not None and self._follow(own)

    def select_pyramid(self, pyramid: str) -> bool:
        """Aquarius Rising: a pyramid of the player's supply, clicked on the tray or picked with Tab."""
        own = self.flow.pick_pyramid(self._choice, pyramid)
        return own is not None and self._follow(own)

    def choose_player(self, seat: int | None) -> bool:
        """A seat number, or None for the unused goals (Trade Goals): the option that names it."""
        if self.stage != Stage.PLAYER:
            return False
        found = [o.move for o in self.options()
                 if isinstance(o.move, (TradeHands, TradeGoals, TradePyramids)) and o.move.seat == seat]
        if not found:
            return self._follow(Refusal(tr("refuse_action_dead", action=action_name(self.action or ""))))
        return self._try(found[0])

    def choose_direction(self, direction: str) -> bool:
        return self.stage == Stage.DIRECTION and self._try(RotateGoals(direction))

    def confirm(self) -> bool:
        options = self.options()
        return self.stage == Stage.CONFIRM and bool(options) and self._try(options[0].move)

    def take_back(self) -> bool:
        """U: take back the move just made (takeback.py says when that may be)."""
        restore = self.takeback.restore_point()
        if restore is None:  # (a solitaire game undoes its turn: what stops it is the card the turn drew)
            return self._follow(Refusal(tr("refuse_undo_turn" if self.flow.own_undo else "refuse_take_back")))
        state, lines, seat, said = restore
        self.state = state
        self._moved()
        del self.messages[lines:]
        if said:
            self.messages.append(said)
        self.still_looking(seat)  # (and a new goal of the turn taken back shows no more)
        self.events.append(TakenBack(seat))
        if self.autosave:
            try:
                saves.save(self.record())
            except OSError:
                pass  # the next move's autosave tells of a failing disk
        self._begin_turn()
        self.notice = tr("towers_undone" if self.flow.own_undo else "taken_back")
        return True

    def computer_move(self, chosen: Move | None = None) -> bool:
        """A computer seat moves (`chosen`: its player chose it elsewhere, screens/thinking.py)."""
        if self.stage != Stage.COMPUTER:
            return False
        # A computer player gets only what its seat may know (engine/hidden.py), never the state itself.
        return self._try(self.bots[self.seat].choose(self.game, self.game.observe(self.state, self.seat))
                         if chosen is None else chosen)

    def submit(self, move: Move | str) -> bool:
        """A remote player's whole move, as the host received it (net/host.py: in notation, checked there to come
        from the seat to move): played, or refused in words as a click would be."""
        notice = self.notice
        if self.stage != Stage.REMOTE:
            done = self._follow(Refusal(tr("refuse_over" if self.state.over else "refuse_not_your_turn",
                                           name=self.seats[self.seat].name)))
        else:
            made: Move | None
            try:
                made = parse_move(move) if isinstance(move, str) else move
            except ValueError:
                made = None
            # (a player sits down through the host, never by a move of another seat)
            done = self._try(made) if isinstance(made, Move) and not isinstance(made, Join) else \
                self._follow(Refusal(tr("refuse_unreadable" if made is None else "refuse_step")))
        if not done:
            self.notice = notice  # the refusal is said to the remote player (the Refused event), not on this screen
        return done

    # -- playing ---------------------------------------------------------------------------------

    def _follow(self, outcome: Outcome) -> bool:
        """Do what a pick came to: choose on, play a move, or say why not. True unless refused."""
        if isinstance(outcome, Refusal):
            self.notice = tr("log_refused", reason=outcome.reason)
            self.events.append(Refused(outcome.reason))
            return False
        if isinstance(outcome, Choice):
            self._set(outcome)
            self.notice = ""
            return True
        return self._try(outcome)

    def _try(self, move: Move) -> bool:
        try:
            self._play(move)
        except IllegalMove:  # said in words, whatever the move came from (a click, a computer, a save)
            return self._follow(Refusal(words.refusal(self, move)))
        return True

    def _play(self, move: Move | str) -> ApplyResult:
        seat = self.seat
        rounds_before = len(self.flow.rounds())
        turn_before = self.state.turn_number
        before = {cell: f.code for cell, f in self.state.table.faces.items()}  # to name a card a move takes away
        self.takeback.before()
        self.flow.before_move()
        result = self.game.apply(self.state, move)
        self._moved()
        if isinstance(result.move, Join):
            self._seat_joined(result)
            self._autosave()
            if result.over:  # the newcomer's goal already had its group on the table: they win at once
                self._begin_turn()
            return result
        said = len(self.messages)  # where this move's log lines begin
        self.messages.append(self.describe(result, before))
        self.messages.extend(self.flow.after_move(result, turn_before))
        self.notice = self.flow.notice(result, turn_before)
        if result.bonus:
            self.notice = tr("log_bonus", name=self.seats[seat].name, count=result.bonus)
            self.messages.append(self.notice)
        self.takeback.after()
        self.saw(seat, result.move, said)  # the mover saw their move and all before (the next may hear of their hand)
        elsewhere = self.seats[seat].kind != "human"  # (not at this window)
        self.events.append(Played(seat, result, said, elsewhere, self.notice))
        self._autosave()
        self._begin_turn()
        if not self.state.over and len(self.flow.rounds()) > rounds_before:
            self.round_end = self.flow.round_end()  # shown until the players go on to the next deal
            self._set(Choice(Stage.ROUND_OVER))
            self.shown_seat = None
            self.events.append(RoundOver(len(self.flow.rounds())))
        self._pass_if_out()
        return result

    def _pass_if_out(self) -> None:
        """A person whose turn holds nothing to do (Flow.out_of_play: Aquarius Rising's player with no card to play
        and no quarter for any pyramid) is not made to lift the cover and press Pass turn after turn: the pass is
        played for them, the log and the top of the window say why (the cover never shows for it). So too for a
        player at another computer (a host's remote seat): the host decides from the state it holds, and every
        seat is told the same line as at one table (net/host.py: the log, and the move's notice). A computer seat
        passes by its own choice. The move before stays to be taken back, as if the pass had not come between."""
        if self.replaying or self._passing:
            return
        kept = self.takeback.snapshot
        self._passing = True
        try:
            while self.stage in (Stage.COVER, Stage.CHOOSE, Stage.REMOTE):
                line = self.flow.out_of_play()
                if line is None:
                    break
                said = len(self.messages)
                self._play(Pass())
                self.messages[said] = line  # (not "Bo passed": why the turn passed by itself)
        finally:
            self._passing = False
        if self.takeback.snapshot is not kept:
            if kept is not None:
                kept.log = len(self.state.log)
            self.takeback.snapshot = kept

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
            self.round_end = None  # the table shows the new deal from now on, and the log says so
            self.notice = tr("round_begins", number=len(self.flow.rounds()) + 1, name=self.seats[self.seat].name)
            self.messages.append(self.notice)
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
            return self._follow(Refusal(tr("join_between_turns")))
        self.pending_seats = [Seat(name.strip(), kind, level)]
        return self._try(Join(name.strip()))

    def _seat_joined(self, result: ApplyResult) -> None:
        assert isinstance(result.move, Join)
        seat = self.pending_seats.pop(0) if self.pending_seats else Seat(result.move.name)
        self.seats.append(seat)
        if seat.kind == "computer":
            self.bots[len(self.seats) - 1] = self._bot(len(self.seats) - 1)
        self.messages.append(tr("log_join", name=seat.name))
        self.events.append(Joined(len(self.seats) - 1))

    # -- Aqua-Chicken ----------------------------------------------------------------------------

    def peek(self, on: bool) -> None:
        """Press and hold to see your goal; in Aqua-Chicken the first look is recorded."""
        self.peeking = on and self.viewer is not None and self.stage not in (Stage.COVER, Stage.COMPUTER, Stage.OVER)
        if self.peeking and self.viewer is not None:
            self.goals_seen[self.viewer] = self.observation()["goal"]
        if self.peeking and self.chicken and self.viewer is not None and self.viewer not in self.looks:
            self.looks[self.viewer] = self.state.turn_number
            self.messages.append(tr("log_looked", name=self.seats[self.viewer].name))
            self._autosave()

    # -- in words (words.py) ------------------------------------------------------------------
