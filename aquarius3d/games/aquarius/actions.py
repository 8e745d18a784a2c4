"""Aquarius' action cards: the base every family's action effects share (ActionBlock), and Trade
Hands, Move a Card, Zap a Card, Trade Goals, Rotate Goals, Shuffle Hands and Shuffle Goals."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Literal

from ...core.cards import connected_elements, face
from ...engine.game import MoveGroup, ShiftGroup, SortedGroup
from ...engine.hidden import everyone_learns, forget, learn, move_places, pile_moves, swap_places
from ...core.errors import refused
from ...core.text import short
from ...engine import rng as random_source
from ...engine.moves import MoveCard, RotateGoals, ShuffleGoals, ShuffleHands, TradeGoals, TradeHands, Zap
from ...engine.blocks import Block, block, field

if TYPE_CHECKING:
    from ...engine.moves import Move
    from ...engine.game import Game
    from ...engine.state import State


# -- action cards -------------------------------------------------------------------------


class ActionBlock(Block):
    """An action card's effect: its legal moves, a check with a reason, and the effect."""

    card: str | None = field(None, description="the action card this effect is for (default: the type's own card); "
                                               "it must be the card the effect's moves are played with "
                                               "(two_pyramids: move_a_card, trade_pyramids: zap_a_card)")
    move_type: ClassVar[type] = object  # the move this effect takes
    # Whether the effect can change the table or the goals (and so make a winner).
    may_win: ClassVar[bool] = True
    # Whether it is resolved with no choice to make when drawn (Elemental Towers' Shuffle Goals).
    automatic: ClassVar[bool] = False

    @property
    def card_name(self) -> str:
        return self.card or self.type

    def moves(self, game: "Game", state: "State", seat: int) -> list[Move]:
        raise NotImplementedError

    def move_groups(self, game: "Game", state: "State", seat: int) -> list[Any]:
        """The moves as groups (lists, or MoveGroups built lazily); one list unless a block knows better."""
        return [self.moves(game, state, seat)]

    def check(self, game: "Game", state: "State", seat: int, move: Any) -> None:
        """Raise IllegalMove with a (coded) reason when the move is not allowed."""

    def apply(self, game: "Game", state: "State", seat: int, move: Any) -> None:
        raise NotImplementedError


def _other_seat(state: "State", seat: int, target: int, what: str) -> None:
    if not 0 <= target < len(state.players):
        raise refused("no_seat", f"there is no seat {target} (seats are 0 to {len(state.players) - 1})")
    if target == seat:
        raise refused("yourself", f"you cannot {what} with yourself")


@block("action", "trade_hands")
class TradeHandsBlock(ActionBlock):
    """Trade Hands: "Swap hands (but not Goals) with the player of your choice."

    The action card leaves your hand before the swap.
    """

    type: Literal["trade_hands"]
    move_type = TradeHands
    may_win: ClassVar[bool] = False

    def moves(self, game: Game, state: State, seat: int) -> list[Move]:
        return [TradeHands(other) for other in range(len(state.players)) if other != seat]

    def move_groups(self, game: Game, state: State, seat: int) -> list[Any]:
        return [MoveGroup([other for other in range(len(state.players)) if other != seat], TradeHands)]

    def check(self, game: Game, state: State, seat: int, move: TradeHands) -> None:
        _other_seat(state, seat, move.seat, "trade hands")

    def apply(self, game: Game, state: State, seat: int, move: TradeHands) -> None:
        state.hands[seat], state.hands[move.seat] = state.hands[move.seat], state.hands[seat]
        swap_places(state, ("hand", seat), ("hand", move.seat))
        learn(state, seat, state.hands[move.seat], ("hand", move.seat))  # each saw the hand it gave away
        learn(state, move.seat, state.hands[seat], ("hand", seat))


@block("action", "move_a_card")
class MoveACardBlock(ActionBlock):
    """Move a Card: move a table card to a new legal location.

    FAQ: it may stay where it is in a different orientation, and it must be
    reconnected to another card (never its own island), though the cards it
    leaves may become islands. Ruling: the new spot must be a legal placement
    with the card lifted off the table.
    """

    type: Literal["move_a_card"]
    move_type = MoveCard
    turn_in_place: bool = field(True, description="a card may stay in its cell, turned 180 degrees")

    def moves(self, game: Game, state: State, seat: int) -> list[Move]:
        return [move for group in self.move_groups(game, state, seat) for move in group]

    def move_groups(self, game: Game, state: State, seat: int) -> list[Any]:
        """Per card and orientation, the cells it may go to (built lazily: there can be thousands)."""
        table = state.table
        if len(table.cards) < 2:
            return []
        # The targets of a card are the frontier without it (Table.frontier_without): the frontier's cells, in
        # order, where it connects, the lifted card's empty neighbours judged again, then its own cell (only
        # to turn in place). As bit sets over the frontier's slots (engine/slots.py), each card and
        # orientation costs a few ORs (Table.shift_rows).
        rows, size = table.shift_rows(self.turn_in_place)
        return [ShiftGroup(rows, table.slots().cells, MoveCard, size)] if rows else []

    def check(self, game: Game, state: State, seat: int, move: MoveCard) -> None:
        table = state.table
        if move.source not in table.cards:
            raise refused("no_card", f"there is no card at {move.source[0]},{move.source[1]} to move")
        code = table.faces[move.source].code
        lies = face(code).turned if move.turned else face(code)
        if move.target == move.source:
            if not move.turned or lies.code == code:
                raise refused("no_fit", "the card would stay exactly as it lies", cell=move.target, lies=lies.code,
                              source=move.source)
            if not self.turn_in_place:
                raise refused("no_fit", "a moved card must go to another cell", cell=move.target, lies=lies.code,
                              source=move.source)
        if len(table.cards) < 2:
            raise refused("not_next", "the card must be reconnected to another card, and it is the only one",
                          cell=move.target, lies=lies.code, source=move.source)
        target = move.target
        if target in table.cards and target != move.source:
            raise refused("taken", f"{target[0]},{target[1]} already holds a card", cell=target, source=move.source)
        # Judge the spot with the card lifted off, without touching the table.
        need = dict(table.frontier_without(move.source)).get(target)
        if need is None:
            raise refused("not_next", f"{target[0]},{target[1]} is not next to any card (corners do not count)",
                          cell=target, source=move.source)
        if not connected_elements(lies.bits, need):
            raise refused("no_fit", f"{lies.code} does not connect at {target[0]},{target[1]}: "
                                    "no touching half-side shows the same element", cell=target, lies=lies.code,
                          source=move.source)

    def apply(self, game: Game, state: State, seat: int, move: MoveCard) -> None:
        table = state.table
        code = table.faces[move.source].code
        card_id, _ = table.remove(move.source)
        table.place(move.target, card_id, face(code).turned.code if move.turned else code)


@block("action", "zap_a_card")
class ZapACardBlock(ActionBlock):
    """Zap a Card: "pick it up, and place it in your hand."

    FAQ: when the table empties, flip a new starter as at the start of the game.
    Ruling: the card goes to the hand upright, as printed.
    """

    type: Literal["zap_a_card"]
    move_type = Zap

    def moves(self, game: Game, state: State, seat: int) -> list[Move]:
        return [Zap(cell) for cell in sorted(state.table.cards)]

    def move_groups(self, game: Game, state: State, seat: int) -> list[Any]:
        return [SortedGroup(list(state.table.cards), Zap)]  # (the cells sorted only when one is chosen)

    def check(self, game: Game, state: State, seat: int, move: Zap) -> None:
        if move.cell not in state.table.cards:
            raise refused("no_card", f"there is no card at {move.cell[0]},{move.cell[1]} to zap")

    def apply(self, game: Game, state: State, seat: int, move: Zap) -> None:
        card_id, _ = state.table.remove(move.cell)
        state.hands[seat].append(card_id)
        everyone_learns(state, [card_id], ("hand", seat))  # everyone saw it go into that hand
        if not state.table.cards:
            game.setup.flip_starter(game, state)


@block("action", "trade_goals")
class TradeGoalsBlock(ActionBlock):
    """Trade Goals: switch goals with any player, or with the unused goals.

    FAQ: "Take the topmost card from the Goal pile and put yours on the bottom
    of the stack."
    """

    type: Literal["trade_goals"]
    move_type = TradeGoals
    with_unused: bool = field(True, description="whether the top unused goal may be taken")

    def moves(self, game: Game, state: State, seat: int) -> list[Move]:
        return list(self.move_groups(game, state, seat)[0])

    def move_groups(self, game: Game, state: State, seat: int) -> list[Any]:
        seats: list[int | None] = [other for other in range(len(state.players)) if other != seat]
        if self.with_unused and state.unused_goals:
            seats.append(None)
        return [MoveGroup(seats, TradeGoals)]

    def check(self, game: Game, state: State, seat: int, move: TradeGoals) -> None:
        if move.seat is None:
            if not self.with_unused:
                raise refused("no_unused", "this game does not allow trading for an unused goal")
            if not state.unused_goals:
                raise refused("no_unused", "there are no unused goals")
        else:
            _other_seat(state, seat, move.seat, "trade goals")

    def apply(self, game: Game, state: State, seat: int, move: TradeGoals) -> None:
        if move.seat is None:
            given = state.goals[seat]
            pile = len(state.unused_goals)
            state.unused_goals.append(given)  # type: ignore[arg-type]  # (every seat of a game with goals holds one)
            state.goals[seat] = state.unused_goals.pop(0)
            # The top of the pile comes to the seat, the rest move up one, the given goal goes to the bottom.
            moves = pile_moves(pile, ("goal", seat))
            moves["goal", seat] = ("unused", pile - 1)
            move_places(state, moves)
            learn(state, seat, [given], ("unused", pile - 1))  # type: ignore[list-item]  # (every seat of a game with goals holds one)
        else:
            state.goals[seat], state.goals[move.seat] = state.goals[move.seat], state.goals[seat]
            swap_places(state, ("goal", seat), ("goal", move.seat))
            learn(state, seat, [state.goals[move.seat]], ("goal", move.seat))  # type: ignore[list-item]  # each saw the goal it gave
            learn(state, move.seat, [state.goals[seat]], ("goal", seat))  # type: ignore[list-item]  # (every seat of a game with goals holds one)


@block("action", "rotate_goals")
class RotateGoalsBlock(ActionBlock):
    """Rotate Goals: every goal passes to the next player in the chosen direction.

    The unused goals sit between the last seat and the first, like an extra
    player: "take the topmost Goal in the pile, then put the incoming Goal on
    the bottom of the stack." Left passes each goal to the next seat number.
    """

    type: Literal["rotate_goals"]
    move_type = RotateGoals

    def moves(self, game: Game, state: State, seat: int) -> list[Move]:
        return [RotateGoals("left"), RotateGoals("right")]

    def move_groups(self, game: Game, state: State, seat: int) -> list[Any]:
        return [MoveGroup(["left", "right"], RotateGoals)]

    def check(self, game: Game, state: State, seat: int, move: RotateGoals) -> None:
        if move.direction not in ("left", "right"):
            raise refused("direction", f"goals rotate left or right, not {short(move.direction)}")

    def apply(self, game: Game, state: State, seat: int, move: RotateGoals) -> None:
        goals = state.goals
        before = list(goals)
        ring: list[int | None] = list(goals)
        pile = bool(state.unused_goals)
        if pile:
            ring.append(state.unused_goals.pop(0))
        if move.direction == "left":
            ring = ring[-1:] + ring[:-1]
        else:
            ring = ring[1:] + ring[:1]
        if pile:
            state.unused_goals.append(ring.pop())  # type: ignore[arg-type]  # (every seat of a game with goals holds one)
        state.goals[:] = ring
        # Every goal moved one place round the ring, where the pile's top comes in and the bottom takes the
        # goal going out: knowledge follows, and each player knows where their own goal went.
        seats = len(goals)
        step = 1 if move.direction == "left" else -1
        first, last = (0, seats - 1) if step == 1 else (seats - 1, 0)  # the seat the pile's top comes to; the one going out
        moves: dict[tuple[str, int], tuple[str, int]] = {("goal", s): ("goal", (s + step) % seats) for s in range(seats)}
        if pile:
            moves.update(pile_moves(len(state.unused_goals), ("goal", first)))
            moves["goal", last] = ("unused", len(state.unused_goals) - 1)
        move_places(state, moves)
        for s, goal in enumerate(before):
            if goal is not None:
                learn(state, s, [goal], moves["goal", s])


@block("action", "shuffle_hands")
class ShuffleHandsBlock(ActionBlock):
    """Shuffle Hands: gather every hand, shuffle, deal them out starting with yourself."""

    type: Literal["shuffle_hands"]
    move_type = ShuffleHands
    may_win: ClassVar[bool] = False

    def moves(self, game: Game, state: State, seat: int) -> list[Move]:
        return [ShuffleHands()]

    def apply(self, game: Game, state: State, seat: int, move: ShuffleHands) -> None:
        cards = [card for hand in state.hands for card in hand]
        state.rng = random_source.shuffle(state.rng, cards)
        seats = len(state.players)
        hands: list[list[int]] = [[] for _ in range(seats)]
        for i, card in enumerate(cards):
            hands[(seat + i) % seats].append(card)
        state.hands[:] = hands
        forget(state, "hand")


@block("action", "shuffle_goals")
class ShuffleGoalsBlock(ActionBlock):
    """Shuffle Goals (first edition): the players' goals are gathered, shuffled and dealt again.

    Ruling: the card text is not in our rule sheet; by default only the goals in
    play are shuffled (the unused pile stays put). `include_unused: true` mixes
    the unused goals in too, and the spares go back to the pile.

    Each player sees the goal they turn in: Aqua-Chicken says "it is OK to look at
    your old Goal card (before turning it in), but your *new* Goal card must be left
    face down". The state keeps the goals each seat turned in (`_turned_in`) and the
    observation shows a seat its own (`goals_turned_in`). Ruling: that look is free
    in Aqua-Chicken; a look at the new goal is a look, and a look taken before the
    shuffle still counts (that player had left the side game).
    """

    type: Literal["shuffle_goals"]
    move_type = ShuffleGoals
    include_unused: bool = field(False, description="whether unused goals are shuffled in")

    def moves(self, game: Game, state: State, seat: int) -> list[Move]:
        return [ShuffleGoals()]

    def apply(self, game: Game, state: State, seat: int, move: ShuffleGoals) -> None:
        turned_in = state.goals_turned_in
        turned_in.extend([] for _ in range(len(state.goals) - len(turned_in)))
        for s, goal in enumerate(state.goals):
            if goal is not None:
                turned_in[s].append(goal)
        goals = [g for g in state.goals if g is not None]
        if self.include_unused:
            goals += state.unused_goals
        state.rng = random_source.shuffle(state.rng, goals)
        seats = len(state.players)
        state.goals[:] = goals[:seats]
        forget(state, "goal")
        if self.include_unused:
            state.unused_goals[:] = goals[seats:]
            forget(state, "unused")
