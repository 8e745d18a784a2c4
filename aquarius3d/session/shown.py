"""What a session may show, whoever asks (the window, a test, a host later): the seat to move, the choice
under way, the viewer's observation, the spots and options a player may pick, the events and the log in
order. Worked out from the state and the choice, never changing them: Session (play.py) makes the moves."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine.game import Game
from ..engine.moves import Move, MoveCard, RotateGoals, ShuffleHands, TradeGoals, TradeHands, TradePyramids, Zap
from ..engine.state import State
from ..games import narrator
from ..i18n import action_name, tr
from . import words
from .choice import Cell, Choice, Option, Spot
from .events import Event, Played
from .seats import Seat
from .spots import card_cells, shared_spots
from .stages import Stage

if TYPE_CHECKING:
    from ..engine.game import ApplyResult
    from .flows.base import Flow
    from .takeback import TakeBack


class Shown:
    """The part of a session that reads: everything here is asked, nothing changes the game."""

    flow: Flow
    takeback: TakeBack
    seed: int
    chicken: bool
    looks: dict[int, int]
    peeking: bool

    def __init__(self, game: Game, seats: list[Seat], state: State) -> None:
        self.game = game
        self.seats = list(seats)
        self.state = state
        self.messages: list[str] = []
        self.events: list[Event] = []  # what happened, in order (events.py); readers keep their own place
        self.notice = ""
        self.shown_seat: int | None = None  # whose secrets were last on screen
        self.seen_upto: dict[int, int] = {}  # seat -> how many log lines it had seen when its last turn ended
        self.hand_changed: dict[int, str] = {}  # seat -> how another's move changed its hand since its own last
        self.goals_seen: dict[int, object] = {}  # seat -> the goal it saw at its last peek (words.goal_hint)
        self.goal_news: int | None = None  # a person at a hot-seat table whose own move changed their goal (`saw`)
        self._goal_turn = False  # the turn of that move goes on (Rising's pyramid after the card): the news stays
        self._choice = Choice(Stage.CHOOSE)
        self._position = 0  # counts the changes of the state: what the spots are kept for
        self._kept: dict[Any, Any] = {}  # spots and card cells of this position, by what they were asked for
        self.round_end: State | None = None  # the table as the last round ended, before the next deal (Dominus)

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
    def choice(self) -> Choice:
        """What the player has chosen so far, and the stage it waits in (choice.py)."""
        return self._choice

    @property
    def stage(self) -> Stage:
        return self._choice.stage

    @property
    def selected(self) -> int | None:
        return self._choice.selected

    @property
    def turned(self) -> bool:
        return self._choice.turned

    @property
    def source(self) -> Any:
        return self._choice.source

    @property
    def action(self) -> str | None:
        return self._choice.action

    @property
    def viewer(self) -> int | None:
        """The seat whose secrets may be on screen now, if any."""
        if self.stage in (Stage.OVER, Stage.ROUND_OVER):
            return None
        if self.goal_news_open:  # the mover looks at the goal their move gave them, before the cover
            return self.goal_news
        if self.stage in (Stage.COVER, Stage.COMPUTER, Stage.REMOTE):  # (a remote player's secrets: never here)
            return self.shown_seat if self.humans == 1 and self.stage != Stage.COVER else None
        return self.seat

    @property
    def near_seat(self) -> int:
        """The seat at the table's near edge, by the hand along the window's bottom: the person whose hand shows now
        (in hot-seat, the one whose turn it is once the cover is lifted), else the last one whose hand showed, else
        the first person (the first seat when nobody plays here); never another seat by this player's hand."""
        for seat in (self.viewer, self.shown_seat):
            if seat is not None and seat < len(self.seats) and self.seats[seat].kind == "human":
                return seat
        return next((i for i, seat in enumerate(self.seats) if seat.kind == "human"), 0)

    @property
    def shown_state(self) -> State:
        """The state the table shows: between two rounds (Dominus) the round as it ended, its last card down and
        the hands it was scored by, until the players go on to the next deal; else the state itself."""
        if self.stage == Stage.ROUND_OVER and self.round_end is not None:
            return self.round_end
        return self.state

    def observation(self) -> dict[str, Any]:
        """What the screen may show: the viewer's view, or only public facts (between rounds, the round's end)."""
        viewer = self.viewer
        if viewer is None:
            public = self.game.observation(self.shown_state, self.seat)
            public["hand"] = []
            public["goal"] = None
            public["goals_turned_in"] = []
            if not self.state.over:
                public["goals"] = [None] * len(self.seats)
            public["seat"] = None
            return public
        return self.game.observation(self.state, viewer)

    def events_since(self, count: int) -> list[Event]:
        """The events after the first `count` (a reader keeps how many it has read)."""
        return self.events[count:]

    @property
    def last_played(self) -> Played | None:
        """The last move made, if any."""
        return next((e for e in reversed(self.events) if isinstance(e, Played)), None)

    def spots(self) -> dict[Move, Spot]:
        """The places the player may pick on the table now, each with the move it makes (the ghosts): worked
        out once for each position and choice, whoever asks."""
        key = ("spots", self._position, self._choice)
        if key not in self._kept:
            own = self.flow.spots(self._choice)
            self._kept[key] = own if own is not None else shared_spots(
                self.game, self.state, self.flow, self._choice, self.chosen_code())
        found: dict[Move, Spot] = self._kept[key]
        return found

    def table_choices(self) -> set[Cell]:
        """The table's cards the action under way may take (Zap a Card: any; Move a Card: each that can go
        somewhere): outlined on the table and gone through by Tab. Worked out once per position and choice."""
        if self.stage != Stage.TABLE_CARD:
            return set()
        key = ("table_choices", self._position, self._choice)
        if key not in self._kept:
            found: set[Cell] = set()
            for move in self._action_moves():
                cell = move.cell if isinstance(move, Zap) else move.source if isinstance(move, MoveCard) else None
                if cell is not None:
                    found.add((cell[0], cell[1]))
            self._kept[key] = found
        chosen: set[Cell] = self._kept[key]
        return chosen

    def fits(self, turned: bool) -> int:
        """How many spots the chosen hand card has lying so (upright, or turned round)."""
        code = self.chosen_code()
        if code is None:
            return 0
        key = ("cells", self._position, code, turned)
        if key not in self._kept:
            self._kept[key] = card_cells(self.game, self.state, self.flow, code, turned)
        return len(self._kept[key])

    def options(self) -> list[Option]:
        """The choices the stage offers as buttons (players, directions, a confirmation, skips...)."""
        own = self.flow.options(self._choice)
        if own is not None:
            return own
        if self.stage == Stage.PLAYER:
            return [Option(tr("hud_pile") if m.seat is None else self.seats[m.seat].name, m, words.says(self, m))
                    for m in self._action_moves() if isinstance(m, (TradeHands, TradeGoals, TradePyramids))]
        if self.stage == Stage.DIRECTION:
            return [Option(tr(f"dir_{d}"), RotateGoals(d), words.says(self, RotateGoals(d))) for d in ("left", "right")]
        if self.stage == Stage.CONFIRM:
            moves = self._action_moves()
            return [Option(action_name(self.action or ""), moves[0], words.says(self, moves[0]))] if moves else []
        return []

    def notify(self, text: str) -> None:
        """A line for the notice (the window's own news: a suggestion not now, a picture saved)."""
        self.notice = text

    def _set(self, choice: Choice) -> None:
        self._choice = choice

    def _moved(self) -> None:
        """The state changed (a move, a take-back): what was kept for the position before is dropped."""
        self._position += 1
        self._kept.clear()

    def saw(self, seat: int, move: Move, said: int) -> None:
        """A seat's move has ended (its log lines from `said` on): the seat saw the log up to here. If the move
        changed another's hand (Trade Hands with them, Shuffle Hands) and the seat to move next is such a person's,
        the notice says so, at their turn (no cover tells a person playing alone, and the notice said the last move
        only: a playtest saw its cards change unexplained, a pyramid stood since)."""
        self.seen_upto[seat] = len(self.messages)
        self.hand_changed.pop(seat, None)
        # a person who rotated or traded goals at a hot-seat table sees the goal they got before the cover, as a
        # player looks at the goal card just received (issue 27), after the rest of their turn too (Aquarius
        # Rising's pyramid); a computer's move changes no person's goal so (told at their turn: words.goal_hint),
        # nor does a game played alone, over the network, or Aqua-Chicken's
        if isinstance(move, (RotateGoals, TradeGoals)) and self.seats[seat].kind == "human" and self.humans > 1 \
                and not self.chicken and all(s.kind != "remote" for s in self.seats):
            self.goal_news = seat
        elif self.goal_news != seat or not self._goal_turn:
            self.goal_news = None
        self._goal_turn = self.goal_news == seat and self.state.turn == seat and not self.state.over
        if isinstance(move, (TradeHands, ShuffleHands)):
            for other in [move.seat] if isinstance(move, TradeHands) else range(len(self.seats)):
                if other != seat:
                    self.hand_changed[other] = self.messages[said]
        after = self.state.turn
        if after != seat and after in self.hand_changed and self.seats[after].kind == "human" and not self.state.over:
            self.notice = tr("hand_news", move=self.hand_changed[after])

    def still_looking(self, seat: int) -> None:
        """A move taken back: its mover is still the one looking, and no new goal of the turn shows at its cover."""
        self.shown_seat = seat
        self.goal_news, self._goal_turn = None, False

    @property
    def goal_news_open(self) -> bool:
        """Does the mover's new goal show now, the cover for the next person waiting until they are done?"""
        return self.goal_news is not None and self.stage == Stage.COVER

    def goal_news_done(self) -> bool:
        """The mover is done looking at their new goal (the cover next): their look counted as a peek, so that their
        next turn does not tell them of a change they saw. False if no new goal was showing."""
        if not self.goal_news_open or self.goal_news is None:
            return False
        self.goals_seen[self.goal_news] = self.observation()["goal"]
        self.goal_news = None
        return True

    def since_last_turn(self, seat: int | None = None, most: int = 8) -> list[str]:
        """The log lines written since a seat's last turn ended (the seat to move by default), the newest `most`:
        what the hand-off cover tells a player before they look; everything so far before their first turn."""
        seat = self.seat if seat is None else seat
        lines = self.messages[self.seen_upto.get(seat, 0):]
        return lines[-most:] if most else lines

    def can_go_on(self) -> bool:
        """May the players at this screen go on to the next deal now (Next round; a player who joined a game over
        the network: Continue, net/guest_session.py)?"""
        return self.stage == Stage.ROUND_OVER

    def go_on_words(self) -> str:
        """The words of the button that goes on from a round's end."""
        return tr("round_next")

    def turn_title(self) -> str:
        """The title of the turn panel: whose turn it is, the end, or the round's end."""
        if self.stage == Stage.OVER:
            return tr("end_title")
        if self.stage == Stage.ROUND_OVER:
            return tr("round_over_title", number=len(self.flow.rounds()))
        return tr("turn_of", name=self.seats[self.seat].name)

    def can_pass(self) -> bool:
        return self.stage == Stage.CHOOSE and not self.game.can_play(self.state)

    def hint(self) -> str:
        return words.hint(self)

    def hint_to_come(self) -> str | None:
        return words.hint_to_come(self)

    def _hand_card(self, index: int) -> Any:
        hand = self.state.hands[self.seat]
        return self.game.deck.cards[hand[index]] if 0 <= index < len(hand) else None

    def chosen_code(self) -> str | None:
        """The code of the hand card chosen, if one is."""
        if self.selected is None or self.seat >= len(self.state.hands):
            return None
        card = self._hand_card(self.selected)
        return card.code if card is not None else None

    def _action_moves(self) -> list[Move]:
        block = self.game.actions.get(self.action) if self.action is not None else None
        return list(block.moves(self.game, self.state, self.seat)) if block is not None else []

    def player_choices(self) -> list[int | None]:
        return [o.move.seat for o in self.options() if isinstance(o.move, (TradeHands, TradeGoals, TradePyramids))] \
            if self.stage == Stage.PLAYER else []

    def can_take_back(self) -> bool:
        return self.takeback.possible()

    def take_back_mover(self) -> int | None:
        """Whose move U would take back now (None when none may be taken back, or the family undoes its own turn)."""
        return self.takeback.mover()

    def describe(self, result: ApplyResult, before: dict[Any, str] | None = None) -> str:
        """A move in words for the log (the flow's, else games/<family>/narration.py); `before`: the faces before it,
        {cell: code}."""
        own = self.flow.describe(result, before)
        if own is not None:
            return own
        return narrator(self.game.family)(self.game, self.state, [s.name for s in self.seats], result, before)

    def goal_text(self) -> str | None:
        return words.goal_text(self)

    def goal_hint(self) -> str:
        return words.goal_hint(self)

    def chicken_winners(self) -> list[int]:
        return words.chicken_winners(self)

    def winning_cells(self) -> set[Any]:
        return words.winning_cells(self)

    def summary(self) -> list[str]:
        return words.summary(self)
