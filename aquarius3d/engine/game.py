"""A game: a compiled ruleset plus options, immutable; it runs States.

    game = load_game("aquarius", {"first_edition": True})
    state = game.new_state(["Ann", "Bo"], seed=7)
    for move in game.legal_moves(state): ...
    result = game.apply(state, parse_move("place FWAE @ 1,0"))

`apply` checks the move first and raises IllegalMove with a reason a player
can read; nothing changes when it does.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from ..core.cards import Face, canonical, face
from ..core.cards import Deck
from ..core.errors import IllegalMove, MoveSyntaxError, Why, refusal, refused
from ..core.values import Value, field
from ..core.vocabulary import BIT, LETTER_OF
from . import hidden, rng as random_source
from .groups import (ITEMS, SIZED, Chain, CrossGroup, MaskGroup, MoveGroup, PlaceGroup, PlaceRows, ShiftGroup, SlotPlaceGroup,
                     SortedGroup, SpreadGroup)
from .hidden import Observation
from .hooks import PlacementBlock, WinBlock
from .listing import move_groups
from .slots import bit_places
from .steps import place_step
from .movelog import MoveLog, log_move
from .moves import Join, Move, Pass, Place, parse_move
from .state import State
from ..core.text import short

# The move groups live in groups.py; rule blocks import them from here too.
__all__ = ["ApplyResult", "Chain", "CrossGroup", "Game", "MaskGroup", "MoveGroup", "PlaceGroup", "PlaceRows", "ShiftGroup", "SlotPlaceGroup",
           "SortedGroup", "SpreadGroup"]


class ApplyResult(Value):
    """What a move did that a player should be told."""

    move: Move
    seat: int
    bonus: int = 0  # extra cards drawn for a multi-connection
    connected: int = 0  # element mask the placed card connected through
    winners: list[int] = field(default_factory=list)
    over: bool = False

    def __init__(self, move: Move, seat: int, bonus: int = 0, connected: int = 0, winners: list[int] | None = None,
                 over: bool = False) -> None:  # written out: one is made for every move applied
        self.move, self.seat, self.bonus, self.connected, self.over = move, seat, bonus, connected, over
        self.winners = [] if winners is None else winners


class Game:
    """A ruleset compiled with its options: blocks, deck and limits. Never changes."""

    def __init__(self, ruleset: Any, options: dict[str, Any], deck: Deck) -> None:
        self.ruleset = ruleset
        self.id: str = ruleset.id
        self.family: str = ruleset.family  # "aquarius", "rising", "towers" or "dominus"
        self.options = dict(options)
        self.deck = deck
        self.setup = ruleset.setup
        self.turn_rules = ruleset.turn
        self.scoring = ruleset.scoring
        self.rounds = ruleset.rounds
        self.placement: PlacementBlock = ruleset.placement
        self.bonus = ruleset.bonus
        self.win: WinBlock = ruleset.win
        self.end = ruleset.end
        self.actions = {a.card_name: a for a in ruleset.actions}
        # Optional hooks of the placement block (None when it has none), looked up once per game.
        self._vertical_spots, self._vertical_free = self.placement.vertical_spots, self.placement.vertical_free
        self._put, self._reason_in_state = self.placement.put, self.placement.reason_in_state
        self._phased = self.turn_rules.phased
        # Whether the placement block's cells are the frontier's where a face connects (listing.py counts them
        # from the table's frontier slots).
        self._frontier_cells: bool = self.placement.frontier_cells
        self._every_cell: bool = self.placement.every_frontier_cell  # (listing.py: one group, sorted late)
        # Per card id: one name for an element card whichever way it lies (None for other cards).
        self._element_key = [canonical(c.code) if c.kind == "element" else None for c in deck.cards]
        # Per card id: its code when it is an element card (None otherwise); per element code, the faces it
        # may lie as, each with whether it is turned (a symmetric card lies one way).
        self._element_code = [c.code if c.kind == "element" else None for c in deck.cards]
        self._action_code = [c.code if c.kind == "action" else None for c in deck.cards]
        # Per card id: a goal card's element bit (0 for other cards).
        self.goal_bit = [BIT[LETTER_OF[c.code]] if c.kind == "goal" and c.code in LETTER_OF else 0 for c in deck.cards]
        # With each face, the places of the bits of its packed segments (slots.bit_places).
        self._ways: dict[str, tuple[tuple[bool, Face, tuple[int, ...]], ...]] = {}
        self._canonical: dict[str, str] = {}  # canonical() of every element code, either way up
        for code in filter(None, self._element_code):
            upright = face(code)
            self._ways[code] = tuple((turned, lies, bit_places(lies.bits)) for turned, lies in (
                ((False, upright),) if upright.symmetric else ((False, upright), (True, upright.turned))))
            self._canonical[code] = self._canonical[upright.turned.code] = canonical(code)
        # The same as (turned, places, p0, ..., p7): the places again one by one when there are eight (a card of
        # panels: one element a segment), unpacked at once, else eight None.
        self._row_ways: dict[str, tuple[tuple[Any, ...], ...]] = {
            code: tuple((turned, places, *(places if len(places) == 8 else (None,) * 8)) for turned, _, places in ways)
            for code, ways in self._ways.items()}
        # Whether every placement of a hand is counted from the frontier's slots, in one group, with nothing else
        # to ask first (listing.py): no vertical spots, no group of every frontier cell.
        self._slot_rows: bool = (self._frontier_cells and self._vertical_spots is None and not self._every_cell)
        # Per card id, its element code and its action name (None for other cards), as functions: listing.py
        # gathers a hand's with map.
        self._code_of: Callable[[int], Any] = self._element_code.__getitem__
        self._action_of: Callable[[int], Any] = self._action_code.__getitem__
        self._cells_memo: tuple[list[tuple[tuple[int, int], int]], dict[str, list[tuple[int, int]]]] = ([], {})
        self.min_players, self.max_players = ruleset.players.min, ruleset.players.max
        self._kept = self._cards_in_play()
        # The goals and the draw pile's cards, listed once (a new game copies them).
        kinds = [c.kind for c in deck.cards]
        self._goal_ids = tuple(i for i in self._kept if kinds[i] == "goal")
        self._play_ids = tuple(i for i in self._kept if kinds[i] in ("element", "action"))
        self._place_step = place_step(self)  # a placement played as one step, when the family has one

    def __getstate__(self) -> dict[str, Any]:
        """Pickled (a computer player thinking in another process) without the family's step, a closure."""
        return {**self.__dict__, "_place_step": None}

    def __setstate__(self, fields: dict[str, Any]) -> None:
        self.__dict__.update(fields)
        self._place_step = place_step(self)

    # -- cards ----------------------------------------------------------------------

    def _cards_in_play(self) -> list[int]:
        spec = self.ruleset.deck
        actions = spec.kept_actions()
        kept = []
        for card_id, card in enumerate(self.deck.cards):
            if card.kind == "goal" and not spec.goals:
                continue
            if card.kind == "element" and card.code == "*" and not spec.wild:
                continue
            if card.kind == "action":
                if actions == "none" or (isinstance(actions, list) and card.code not in actions):
                    continue
            kept.append(card_id)
        return kept

    def goal_ids(self) -> list[int]:
        return list(self._goal_ids)

    def play_ids(self) -> list[int]:
        """The element and action cards that make the draw pile."""
        return list(self._play_ids)

    def dragon_ids(self) -> list[int]:
        """The Aquarius Dragon, when the game starts with it (beside the deck, never drawn)."""
        return [i for i in self._kept if self.deck.cards[i].kind == "dragon"]

    def card_text(self, card_id: int) -> str:
        return self.deck.cards[card_id].code

    @property
    def target(self) -> int:
        return int(self.win.count)  # type: ignore[attr-defined]  # (connect_panels' panels to connect)

    def target_of(self, state: State, seat: int) -> int:
        """The panels `seat` must connect (Aquarius): its own target (young players) where the rules give one."""
        return self.win.target(state, seat) if self.win.target is not None else self.target

    # -- a new game ---------------------------------------------------------------------------

    def new_state(self, players: list[str], seed: int = 0, targets: list[int | None] | None = None,
                  preset: dict[str, Any] | None = None) -> State:
        """A new game; `targets` gives a player their own number of panels to connect (young players).

        `preset` hands the setup facts chosen before the deal (Elemental Towers: `same_deck`, the cards
        of a game to play again); the record keeps it so that the game replays.
        """
        if not self.min_players <= len(players) <= self.max_players:
            raise ValueError(f"{self.id} is for {self.min_players} to {self.max_players} players, not {len(players)}")
        if targets is not None and (len(targets) != len(players) or any(
                t is not None and (not isinstance(t, int) or t < 1) for t in targets)):
            raise ValueError(f"targets: one whole number (or none) for each of the {len(players)} players")
        state = State(
            players=list(players),
            hands=[[] for _ in players],
            goals=[None] * len(players),
            unused_goals=[],
            deck=[],
            rng=random_source.seed_state(seed),
        )
        if targets is not None and any(t is not None for t in targets):
            state.targets = list(targets)
        if preset:
            state.preset = dict(preset)
        self.setup.run(self, state)
        self.turn_rules.start(self, state)
        return state

    # -- moves --------------------------------------------------------------------------

    def legal_moves(self, state: State) -> list[Move]:
        """Every legal move of the player to play, in a fixed order."""
        moves: list[Move] = []
        for group in self._move_groups(state):
            moves.extend(group)
        return moves or ([] if state.over else [Pass()])

    def choose_move(self, state: State, pick: Callable[[int], int]) -> Move:
        """legal_moves(state)[pick(n)] for n legal moves, building only that move.

        Computer players use it: `pick` is, say, a random source's randrange.
        """
        groups = move_groups(self, state)
        # The lazy groups that keep their size, or whose items are their moves, are read without a call to their
        # __len__ (a Python call costs more than the rest of this loop).
        sizes: list[int] = []
        for listed in groups:
            kind = listed.__class__
            sizes.append(listed.size if kind in SIZED else len(listed.items) if kind in ITEMS else len(listed))
        total = sum(sizes)
        if not total:
            if state.over:
                raise IndexError("the game is over")
            return Pass()
        index = pick(total)
        for group, size in zip(groups, sizes):
            if index < size:
                chosen: Move = group[index]
                return chosen
            index -= size
        raise IndexError("no legal move with that index")

    def _move_groups(self, state: State, first: bool = False) -> list[Any]:
        """Legal moves in order, as lists or MoveGroups built lazily (listing.py); with `first`, stop at the
        first group found."""
        return move_groups(self, state, first)

    def can_play(self, state: State) -> bool:
        """Whether the player to play has anything but a pass."""
        return bool(self._move_groups(state, first=True))

    def check(self, state: State, move: Move | str) -> Move:
        """The move, parsed if it is text, when it is legal; IllegalMove saying why otherwise."""
        if isinstance(move, str):
            move = parse_move(move)
        elif not isinstance(move, Move):
            raise MoveSyntaxError(f"{short(move)} is not a move")
        if state.over:
            raise refused("over", "the game is over")
        if isinstance(move, Join):
            self._check_join(state, move)
            return move
        if state.phase != "play":
            self.turn_rules.check_phase_move(self, state, move)
            return move
        seat = state.turn
        hand = state.hands[seat]
        cards = self.deck.cards
        if isinstance(move, Place):
            wanted = canonical(move.code)
            keys = self._element_key
            if not any(keys[c] == wanted for c in hand):
                raise refused("not_in_hand", f"{state.players[seat]} has no {move.code} card in hand", card=move.code)
            why = self._placement_reason(state, move)
            if why:
                raise refusal(why)
        elif isinstance(move, Pass):
            if self.can_play(state):
                raise refused("pass", "you may pass only when no card in your hand can be played")
        elif move.action is None:
            raise refused("step", f"'{move}' is not a move now: play a card from your hand")
        else:
            block = self.actions.get(move.action)
            if block is None:
                raise refused("not_in_game", f"{move.action.replace('_', ' ')} is not part of this game",
                              action=move.action)
            if not isinstance(move, block.move_type):
                example = str(block.moves(self, state, seat)[0]) if block.moves(self, state, seat) else block.type
                raise refused("other_effect", f"in {self.ruleset.name}, {_title(move.action)} is played as '{example}'",
                              action=move.action)
            if not any(cards[c].kind == "action" and cards[c].code == move.action for c in hand):
                raise refused("no_action_card" if self.setup.actions_in_hand else "step",
                              f"{state.players[seat]} has no {_title(move.action)} card in hand", action=move.action)
            block.check(self, state, seat, move)
        return move

    def _placement_reason(self, state: State, move: Place) -> Why | None:
        lies = face(move.lies_as)
        if self._reason_in_state is not None:
            why: Why | None = self._reason_in_state(self, state, move.cell, move.level, lies)
            return why
        if move.level:
            return Why("storey", f"{self.ruleset.name} has no cards above the table", {"level": move.level,
                                                                                     "lies": move.lies_as})
        reason: Why | None = self.placement.reason(state.table, move.cell, lies)
        return reason

    def apply(self, state: State, move: Move | str) -> ApplyResult:
        """Play a move for the player to play; raises IllegalMove (changing nothing) if not legal."""
        return self.apply_unchecked(state, self.check(state, move))

    def apply_unchecked(self, state: State, move: Move) -> ApplyResult:
        """Play a move known to be legal, without checking it again (the search plays thousands a second).

        Safe only for a move the caller took from `legal_moves` or `choose_move` of this very state (computer
        players in their sampled worlds, `simulate`): anything else must go through `apply`, which checks. An
        illegal move here leaves the state wrong.
        """
        placed = type(move) is Place  # (the commonest move, asked first)
        if type(move) is Place:
            if self._place_step is not None and state.phase == "play":
                return self._place_step(state, move)  # the family's one step (engine/steps.py)
        elif isinstance(move, Join):
            return self._join(state, move)
        seat = state.turn
        result = ApplyResult(move, seat)
        if state.phase != "play":
            log_move(state.log, seat, move)
            if self.turn_rules.apply_phase_move(self, state, move):
                return result
            self._end_turn(state, seat, result, may_win=True, hint_cell=None)
            return result
        hint_cell = None
        may_win = True
        if placed or isinstance(move, Place):
            assert isinstance(move, Place)
            code = move.code
            card_id = self._take(state, seat, "element", code)
            lies = face(code).turned if move.turned else face(code)  # face(move.lies_as)
            if self._put is not None:
                result.connected = connected = self._put(self, state, move, card_id, lies)
            else:
                table = state.table
                result.connected = connected = self.placement.connects(table, move.cell, lies)
                table.place(move.cell, card_id, lies.code)
            result.bonus = bonus = self.bonus.extra_draws(lies, connected)
            if bonus:
                self._draw(state, seat, bonus)
            hint_cell = move.cell if not move.level else None
            state.passes = 0
        elif isinstance(move, Pass):
            state.passes += 1
            may_win = False
        else:
            action = move.action
            assert action is not None  # check() let through only moves that play a card
            card_id = self._take(state, seat, "action", action)
            state.discard.append(card_id)
            block = self.actions[action]
            block.apply(self, state, seat, move)
            may_win = block.may_win
            state.passes = 0
        log = state.log
        if log.__class__ is MoveLog:  # (log_move, written out: every move)
            log.add(seat, move)
        else:
            log.append(f"{seat}: {move}")
        if self._phased and self.turn_rules.after_card(self, state, move):
            return result  # the turn goes on (Aquarius Rising: play a pyramid)
        self._end_turn(state, seat, result, may_win, hint_cell)
        return result

    def _end_turn(self, state: State, seat: int, result: ApplyResult, may_win: bool,
                  hint_cell: tuple[int, int] | None) -> None:
        winners = self.win.winners(self, state, seat, hint_cell) if may_win and state.table.cards else None
        if winners:
            self._finish(state, winners, self.win.reason)
        elif self.end.finished(self, state):
            self._finish(state, self.end.winners(self, state, seat), self.end.reason)
        else:
            self._next_turn(state)
        if state.winners:
            result.winners = list(state.winners)
        result.over = state.phase == "over"

    def _check_join(self, state: State, move: Join) -> None:
        if not self.setup.join_in_progress:
            raise refused("join_closed", f"nobody can join a game of {self.ruleset.name} in progress")
        if len(state.players) >= self.max_players:
            raise refused("join_full", f"the table is full ({self.max_players} players)")
        if move.name in state.players:
            raise refused("join_name", f"{move.name} is already playing")
        if self.goal_ids() and not state.unused_goals:
            raise refused("join_no_goal", "there is no unused goal left to take")

    def _join(self, state: State, move: Join) -> ApplyResult:
        """FAQ: "grab an unused Goal and the top 3 cards from the deck, and you're in!" (at the end of the table).

        FAQ: "If another player creates a group of seven of my elements ... You win immediately." Ruling:
        a player whose new goal already has its group on the table wins on sitting down.
        """
        seat = len(state.players)
        state.players.append(move.name)
        state.goals.append(state.unused_goals.pop(0) if self.goal_ids() else None)
        state.hands.append([])
        self._draw(state, seat, self.setup.hand)
        if state.targets is not None:
            state.targets.append(None)
        state.joined += 1
        log_move(state.log, seat, move)
        result = ApplyResult(move, seat)
        if state.table.cards and seat in self.win.winners(self, state, seat):
            self._finish(state, [seat], self.win.reason)
            result.winners, result.over = list(state.winners), state.over
        return result

    def _take(self, state: State, seat: int, kind: str, code: str) -> int:
        """Take a card from a hand: an action by name, an element card in either orientation."""
        hand = state.hands[seat]
        if kind == "element":
            wanted = self._canonical.get(code) or canonical(code)
            keys = self._element_key
            i = 0
            for card_id in hand:
                if keys[card_id] == wanted:
                    return hand.pop(i)
                i += 1
            raise IllegalMove(f"no {code} in hand")  # check() makes this unreachable
        cards = self.deck.cards
        for i, card_id in enumerate(hand):
            card = cards[card_id]
            if card.kind == kind and card.code == code:
                return hand.pop(i)
        raise IllegalMove(f"no {code} in hand")  # check() makes this unreachable

    def _draw(self, state: State, seat: int, count: int) -> int:
        deck = state.deck
        if count == 1 and deck:  # (a turn's draw)
            state.hands[seat].append(deck.pop())
            return 1
        drawn = 0
        for _ in range(count):
            if not deck:
                break
            state.hands[seat].append(deck.pop())
            drawn += 1
        return drawn

    def _next_turn(self, state: State) -> None:
        state.turn = (state.turn + 1) % len(state.players)
        state.turn_number += 1
        self.turn_rules.start(self, state)

    def _finish(self, state: State, winners: list[int], reason: str) -> None:
        """A game (or, with scoring, a round) ends: record it, and deal the next round if there is one."""
        state.end_reason = reason
        if self.scoring is not None:
            if self.scoring.round_over(self, state, sorted(winners), reason):
                return
            state.phase = "over"
            state.winners = sorted(state.winners)
            return
        state.phase = "over"
        state.winners = sorted(winners)

    # -- what a player may see ----------------------------------------------------------------

    def observe(self, state: State, seat: int) -> Observation:
        """What one seat may know: the state with every card it cannot see left as a hole (engine/hidden.py)."""
        return hidden.observe(self, state, seat)

    def determinize(self, seen: Observation, rng: random.Random) -> State:
        """A whole state consistent with an observation, its holes filled at random: for computer players."""
        return hidden.determinize(self, seen, rng)

    def observation(self, state: State, seat: int) -> dict[str, Any]:
        """What one player may see: their own hand and goal, and public facts only (hidden.observation)."""
        return hidden.observation(self, state, seat)

    # -- records ---------------------------------------------------------------------------------

    def record(self, state: State, seed: int) -> dict[str, Any]:
        """A game record: enough to replay the game exactly (players who joined later are in the moves)."""
        seated = len(state.players) - state.joined
        record = {
            "ruleset": self.id,
            "options": dict(self.options),
            "seed": seed,
            "players": list(state.players[:seated]),
            "moves": [line.split(": ", 1)[1] for line in state.log],
        }
        if state.targets is not None:
            record["targets"] = list(state.targets[:seated])
        if state.preset:
            record["preset"] = dict(state.preset)
        return record

    def replay(self, record: dict[str, Any]) -> State:
        state = self.new_state(list(record["players"]), int(record["seed"]), record.get("targets"),
                               record.get("preset"))
        for i, text in enumerate(record["moves"]):
            try:
                self.apply(state, text)
            except ValueError as exc:
                raise IllegalMove(f"moves[{i}]: {short(text)}: {exc}") from None
        return state


def _title(action: str) -> str:
    return " ".join(word if word == "a" else word.capitalize() for word in action.split("_"))

