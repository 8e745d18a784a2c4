"""The building blocks of Aquarius: deck, deal, connection, bonus, actions, win, end.

Each block's docstring states the rule it implements; rulings on unclear text
are fields with a default, so a ruleset can choose the other reading.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, ClassVar, Literal

from ...cards import BIT, LETTER_OF, connected_elements, face
from ...decks import DECK_NAME
from ...engine.game import MaskGroup, MoveGroup
from ...engine.table import bit_places, frontier_index
from ...engine.hidden import everyone_learns, forget, learn, move_places, swap_places
from ...errors import IllegalMove
from ...yamlfile import short
from ...engine import rng as random_source
from ...engine.moves import MoveCard, RotateGoals, ShuffleGoals, ShuffleHands, TradeGoals, TradeHands, Zap
from ...engine.blocks import Block, block, field

if TYPE_CHECKING:
    from ...engine.game import Game
    from ...engine.state import State


# -- deck and setup ---------------------------------------------------------------------------


@block("deck", "deck")
class DeckBlock(Block):
    """Which cards are in play: a deck list from assets/decks, optionally thinned.

    The children's variants thin it (rulesets/aquarius.yaml). Rulings: Elemental
    Connections ("just the Element cards") and Basic Aquarius ("only the Goals and
    the Element cards") leave the wild card out, as the rule sheet counts it apart
    from the elements; their `keep_wild` option deals it in. Single-Action Aquarius
    keeps one action, or "one or two more": a list of at most three.
    """

    type: Literal["deck"]
    name: str = field("second-edition", pattern=DECK_NAME,
                      description="a deck list in assets/decks, by its plain name (without .yaml; no folders)")
    elements: str | None = field(None, pattern=DECK_NAME,
                                 description="take the element cards from this deck list instead (a plain name)")
    goals: bool = field(True, description="whether the goal cards are used")
    actions: str | list[str] = field("all", description="all, none, one action name, or a list of action names kept")
    wild: bool = field(
        True, description="whether the wild card is used (aquarius.yaml: not in Elemental Connections or Basic)"
    )

    def kept_actions(self) -> str | list[str]:
        """'all', 'none', or the list of action names kept."""
        if isinstance(self.actions, str) and self.actions not in ("all", "none"):
            return [self.actions]
        return self.actions


@block("setup", "deal")
class DealBlock(Block):
    """Setup: secret goals (the rest form the unused pile), a hand each, a starter card.

    Rule: "deal out one more card, face up, in the center of the table. (If it's
    an Action, stick it in the middle of the deck and try again.)"
    """

    type: Literal["deal"]
    hand: int = field(3, ge=0, le=60, description="cards dealt to each player")
    join_in_progress: bool = field(
        True, description="a player may join between turns, taking an unused goal and the top cards "
                          "(and wins at once if that goal's group is already on the table)"
    )
    action_starter: Literal["middle", "discard"] = field(
        "middle", description="where an action card turned up as the starter goes"
    )

    def run(self, game: "Game", state: "State") -> None:
        goal_ids = game.goal_ids()
        state.rng = random_source.shuffle(state.rng, goal_ids)
        seats = len(state.players)
        if goal_ids:
            state.goals = goal_ids[:seats]
            state.unused_goals = goal_ids[seats:]
        else:
            state.goals = [None] * seats
        deck = game.play_ids()
        state.rng = random_source.shuffle(state.rng, deck)
        state.deck = deck
        for _ in range(self.hand):
            for seat in range(seats):
                if state.deck:
                    state.hands[seat].append(state.deck.pop())
        self.flip_starter(game, state)

    def flip_starter(self, game: "Game", state: "State") -> None:
        """Turn up cards until an element card starts the table (the deck may run dry)."""
        actions_seen = []
        while state.deck:
            card_id = state.deck.pop()
            card = game.deck.cards[card_id]
            if card.kind == "element":
                state.table.place((0, 0), card_id, card.code)
                break
            actions_seen.append(card_id)
        if self.action_starter == "discard":
            state.discard.extend(actions_seen)
        else:
            for card_id in actions_seen:
                state.deck.insert(len(state.deck) // 2, card_id)


# -- turns ---------------------------------------------------------------------------------


@block("turn", "draw_and_play")
class DrawAndPlayBlock(Block):
    """A turn: draw, then play one card (or an action); pass only when nothing can be played.

    Aquarius FAQ: "you should draw a card before you play one"; with nothing
    playable "you must pass and play nothing". Dominus: no draw, but a player
    who cannot play "must draw from the deck ... until you have a card that you
    can play" (`when_stuck: draw_until_playable`).
    """

    type: Literal["draw_and_play"]
    draw: int = field(1, ge=0, le=60, description="cards drawn at the start of each turn")
    phased: ClassVar[bool] = False  # True for turns with a step after the card (Aquarius Rising)
    when_stuck: Literal["pass", "draw_until_playable"] = field(
        "pass", description="what a player who cannot play does (a pass once the deck is empty)"
    )

    def start(self, game: "Game", state: "State") -> None:
        game._draw(state, state.turn, self.draw)
        if self.when_stuck == "draw_until_playable":
            while state.deck and not game.can_play(state):
                game._draw(state, state.turn, 1)

    def after_card(self, game: "Game", state: "State", move) -> bool:
        """Whether the turn goes on after the card is played (not in plain Aquarius)."""
        return False

    def phase_moves(self, game: "Game", state: "State") -> list:
        return []

    def check_phase_move(self, game: "Game", state: "State", move) -> None:
        raise IllegalMove("there is no such step in this game's turn")

    def apply_phase_move(self, game: "Game", state: "State", move) -> bool:
        return False


# -- placement and bonus --------------------------------------------------------------------


@block("placement", "connect")
class ConnectBlock(Block):
    """The connection rule: at least one panel alongside a panel of the same element.

    Rule: "Element cards must be placed so that at least one panel is positioned
    alongside a panel of the same Element on a card next to the new card."
    Corners never connect; the wild card is every element.
    """

    type: Literal["connect"]

    def reason(self, table, cell, card_face) -> str | None:
        """Why a face cannot go at a cell, or None when it can."""
        if cell in table.cards:
            return f"{cell[0]},{cell[1]} already holds a card"
        if not table.cards:
            return None if cell == (0, 0) else "the table is empty: the first card goes at 0,0"
        if cell not in table.need:
            return f"{cell[0]},{cell[1]} is not next to any card (corners do not count)"
        if not table.connects(cell, card_face):
            return (
                f"{card_face.code} does not connect at {cell[0]},{cell[1]}: "
                "no touching half-side shows the same element"
            )
        return None

    def arrangement_errors(self, table) -> list[str]:
        """Why a whole arrangement could not come from legal placements (empty when it could).

        Every card must have connected when placed: the cards linked by shared
        elements must form one piece (then any order from a card outwards works).
        """
        parts = table.card_components()
        if len(parts) <= 1:
            return []
        smallest = "; ".join(f"{x},{y}" for x, y in sorted(sorted(parts, key=len)[0]))
        return [f"the cards are not one connected arrangement: {len(parts)} separate parts (the smallest: {smallest})"]

    def connects(self, table, cell, card_face) -> int:
        """Elements the face connects through at a cell (for the multi-connection bonus)."""
        return table.connects(cell, card_face)

    def cells(self, table, card_face, frontier=None) -> list:
        """Cells where a face connects; pass table.frontier() when asking for many faces."""
        if not table.cards:
            return [(0, 0)]
        bits = card_face.bits
        return [cell for cell, need in (frontier or table.frontier()) if bits & need]


@block("bonus", "multi_connection")
class MultiConnectionBlock(Block):
    """Multi-connection bonus: connecting n different elements at once draws n - 1 cards.

    Rule: "If you play a two or four panel Element card and cause two different
    Elements to form connections at the same time, you get to immediately draw
    one extra card ... you do NOT get a Multi-Connection Bonus for playing the
    Wild card." Ruling: it applies to playing a card from the hand, not to a
    card moved by Move a Card ("if you play ... card").
    """

    type: Literal["multi_connection"]
    wild: bool = field(False, description="whether playing the wild card earns a bonus")

    def extra_draws(self, card_face, connected_mask: int) -> int:
        if card_face.kind == "wild" and not self.wild:
            return 0
        return max(0, bin(connected_mask).count("1") - 1)


@block("bonus", "none")
class NoBonusBlock(Block):
    """No bonus draws."""

    type: Literal["none"]

    def extra_draws(self, card_face, connected_mask: int) -> int:
        return 0


# -- action cards -------------------------------------------------------------------------


class ActionBlock(Block):
    """An action card's effect: its legal moves, a check with a reason, and the effect."""

    card: str | None = field(None, description="the action card this effect is for (default: the type's own card); "
                                               "it must be the card the effect's moves are played with "
                                               "(two_pyramids: move_a_card, trade_pyramids: zap_a_card)")
    move_type: ClassVar[type] = object  # the move this effect takes
    # Whether the effect can change the table or the goals (and so make a winner).
    may_win: ClassVar[bool] = True

    @property
    def card_name(self) -> str:
        return self.card or self.type

    def moves(self, game: "Game", state: "State", seat: int) -> list:
        raise NotImplementedError

    def move_groups(self, game: "Game", state: "State", seat: int) -> list:
        """The moves as groups (lists, or MoveGroups built lazily); one list unless a block knows better."""
        return [self.moves(game, state, seat)]

    def check(self, game: "Game", state: "State", seat: int, move) -> None:
        """Raise IllegalMove with a reason when the move is not allowed."""

    def apply(self, game: "Game", state: "State", seat: int, move) -> None:
        raise NotImplementedError


def _other_seat(state: "State", seat: int, target: int, what: str) -> None:
    if not 0 <= target < len(state.players):
        raise IllegalMove(f"there is no seat {target} (seats are 0 to {len(state.players) - 1})")
    if target == seat:
        raise IllegalMove(f"you cannot {what} with yourself")


@block("action", "trade_hands")
class TradeHandsBlock(ActionBlock):
    """Trade Hands: "Swap hands (but not Goals) with the player of your choice."

    The action card leaves your hand before the swap.
    """

    type: Literal["trade_hands"]
    move_type: ClassVar[type] = TradeHands
    may_win: ClassVar[bool] = False

    def moves(self, game, state, seat):
        return [TradeHands(other) for other in range(len(state.players)) if other != seat]

    def move_groups(self, game, state, seat):
        return [MoveGroup([other for other in range(len(state.players)) if other != seat], TradeHands)]

    def check(self, game, state, seat, move):
        _other_seat(state, seat, move.seat, "trade hands")

    def apply(self, game, state, seat, move):
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
    move_type: ClassVar[type] = MoveCard
    turn_in_place: bool = field(True, description="a card may stay in its cell, turned 180 degrees")

    def moves(self, game, state, seat):
        return [move for group in self.move_groups(game, state, seat) for move in group]

    def move_groups(self, game, state, seat):
        """Per card and orientation, the cells it may go to (built lazily: there can be thousands)."""
        table = state.table
        if len(table.cards) < 2:
            return []
        # The targets of a card are the frontier without it (Table.frontier_without): the frontier's cells, in
        # order, where it connects, the lifted card's empty neighbours judged again, then its own cell (only
        # to turn in place). As bit sets over the frontier, each card and orientation costs a few ORs.
        frontier = table.frontier()
        places, index = frontier_index(frontier)
        cells = [cell for cell, _ in frontier]
        groups = []
        for source, lies in table.in_order():
            changed, own = table.lifted(source)
            changes = [(1 << places[cell], now) for cell, now in changed.items()]
            for turned, candidate in ((False, lies), (True, lies.turned)):
                if turned and candidate.code == lies.code:
                    continue
                bits = candidate.bits
                mask = 0
                for place in bit_places(bits):
                    mask |= index[place]
                for bit, now in changes:
                    mask = mask | bit if bits & now else mask & ~bit
                last = source if turned and self.turn_in_place and own & bits else None
                if mask or last is not None:
                    groups.append(MaskGroup(mask, cells, last, partial(MoveCard, source, turned=turned)))
        return groups

    def check(self, game, state, seat, move):
        table = state.table
        if move.source not in table.cards:
            raise IllegalMove(f"there is no card at {move.source[0]},{move.source[1]} to move")
        code = table.faces[move.source].code
        lies = face(code).turned if move.turned else face(code)
        if move.target == move.source:
            if not move.turned or lies.code == code:
                raise IllegalMove("the card would stay exactly as it lies")
            if not self.turn_in_place:
                raise IllegalMove("a moved card must go to another cell")
        if len(table.cards) < 2:
            raise IllegalMove("the card must be reconnected to another card, and it is the only one")
        target = move.target
        if target in table.cards and target != move.source:
            raise IllegalMove(f"{target[0]},{target[1]} already holds a card")
        # Judge the spot with the card lifted off, without touching the table.
        need = dict(table.frontier_without(move.source)).get(target)
        if need is None:
            raise IllegalMove(f"{target[0]},{target[1]} is not next to any card (corners do not count)")
        if not connected_elements(lies.bits, need):
            raise IllegalMove(f"{lies.code} does not connect at {target[0]},{target[1]}: "
                              "no touching half-side shows the same element")

    def apply(self, game, state, seat, move):
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
    move_type: ClassVar[type] = Zap

    def moves(self, game, state, seat):
        return [Zap(cell) for cell in sorted(state.table.cards)]

    def move_groups(self, game, state, seat):
        return [MoveGroup(sorted(state.table.cards), Zap)]

    def check(self, game, state, seat, move):
        if move.cell not in state.table.cards:
            raise IllegalMove(f"there is no card at {move.cell[0]},{move.cell[1]} to zap")

    def apply(self, game, state, seat, move):
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
    move_type: ClassVar[type] = TradeGoals
    with_unused: bool = field(True, description="whether the top unused goal may be taken")

    def moves(self, game, state, seat):
        return list(self.move_groups(game, state, seat)[0])

    def move_groups(self, game, state, seat):
        seats: list[int | None] = [other for other in range(len(state.players)) if other != seat]
        if self.with_unused and state.unused_goals:
            seats.append(None)
        return [MoveGroup(seats, TradeGoals)]

    def check(self, game, state, seat, move):
        if move.seat is None:
            if not self.with_unused:
                raise IllegalMove("this game does not allow trading for an unused goal")
            if not state.unused_goals:
                raise IllegalMove("there are no unused goals")
        else:
            _other_seat(state, seat, move.seat, "trade goals")

    def apply(self, game, state, seat, move):
        if move.seat is None:
            given = state.goals[seat]
            state.unused_goals.append(given)
            state.goals[seat] = state.unused_goals.pop(0)
            move_places(state, {("goal", seat): ("unused", -1)})
            learn(state, seat, [given], ("unused", -1))
        else:
            state.goals[seat], state.goals[move.seat] = state.goals[move.seat], state.goals[seat]
            swap_places(state, ("goal", seat), ("goal", move.seat))
            learn(state, seat, [state.goals[move.seat]], ("goal", move.seat))  # each saw the goal it gave
            learn(state, move.seat, [state.goals[seat]], ("goal", seat))


@block("action", "rotate_goals")
class RotateGoalsBlock(ActionBlock):
    """Rotate Goals: every goal passes to the next player in the chosen direction.

    The unused goals sit between the last seat and the first, like an extra
    player: "take the topmost Goal in the pile, then put the incoming Goal on
    the bottom of the stack." Left passes each goal to the next seat number.
    """

    type: Literal["rotate_goals"]
    move_type: ClassVar[type] = RotateGoals

    def moves(self, game, state, seat):
        return [RotateGoals("left"), RotateGoals("right")]

    def move_groups(self, game, state, seat):
        return [MoveGroup(["left", "right"], RotateGoals)]

    def check(self, game, state, seat, move):
        if move.direction not in ("left", "right"):
            raise IllegalMove(f"goals rotate left or right, not {short(move.direction)}")

    def apply(self, game, state, seat, move):
        goals = state.goals
        before = list(goals)
        ring: list = list(goals)
        pile = bool(state.unused_goals)
        if pile:
            ring.append(state.unused_goals.pop(0))
        if move.direction == "left":
            ring = ring[-1:] + ring[:-1]
        else:
            ring = ring[1:] + ring[:1]
        if pile:
            state.unused_goals.append(ring.pop())
        state.goals[:] = ring
        # Every goal moved one place round the ring (the unused pile is a place in it): knowledge follows,
        # and each player knows where their own goal went.
        places: list[tuple[str, int]] = [("goal", s) for s in range(len(goals))] + ([("unused", -1)] if pile else [])
        step = 1 if move.direction == "left" else -1
        moves = {place: places[(i + step) % len(places)] for i, place in enumerate(places)}
        move_places(state, moves)
        for s, goal in enumerate(before):
            if goal is not None:
                learn(state, s, [goal], moves["goal", s])


@block("action", "shuffle_hands")
class ShuffleHandsBlock(ActionBlock):
    """Shuffle Hands: gather every hand, shuffle, deal them out starting with yourself."""

    type: Literal["shuffle_hands"]
    move_type: ClassVar[type] = ShuffleHands
    may_win: ClassVar[bool] = False

    def moves(self, game, state, seat):
        return [ShuffleHands()]

    def apply(self, game, state, seat, move):
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
    move_type: ClassVar[type] = ShuffleGoals
    include_unused: bool = field(False, description="whether unused goals are shuffled in")

    def moves(self, game, state, seat):
        return [ShuffleGoals()]

    def apply(self, game, state, seat, move):
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


# -- winning and ending ---------------------------------------------------------------------------


@block("win", "connect_panels")
class ConnectPanelsBlock(Block):
    """Win: a connected group of `count` panels of your goal element wins at once.

    FAQ: you win immediately even when another player made the group; when one
    play gives several players their group, "the winner is the player whose
    turn made the win happen". Ruling: when it gives several players their group
    and the mover is not among them, they share the win. Ruling: a player who
    joins a game in progress ("grab an unused Goal") when that goal's group is
    already on the table wins at once, on sitting down.
    """

    type: Literal["connect_panels"]
    count: int = field(7, ge=1, le=200, description="panels to connect")
    reason: ClassVar[str] = "goal"

    def target(self, state, seat: int) -> int:
        """Panels this seat must connect: the count, or the seat's own target where the table agreed one."""
        targets = state.targets
        return targets[seat] if targets and seat < len(targets) and targets[seat] else self.count

    def reached(self, game, state, cell=None) -> list[int]:
        """Seats whose goal element reaches their target; with a cell, only groups through it."""
        table = state.table
        found = []
        if not table.cards:
            return found
        # With a cell, only the elements its card shows can have grown (a group of none is empty).
        shown = table.faces[cell].elements if cell is not None else 31
        cards = game.deck.cards
        for seat, goal in enumerate(state.goals):
            if goal is None:
                continue
            bit = BIT[LETTER_OF[cards[goal].code]]
            if not bit & shown:
                continue
            size = table.largest_group_at(cell, bit) if cell is not None else table.largest_group(bit)
            if size >= self.target(state, seat):
                found.append(seat)
        return found

    def winners(self, game, state, mover: int, cell=None) -> list[int]:
        reached = self.reached(game, state, cell)
        return [mover] if mover in reached else reached


@block("end", "deck_out")
class DeckOutBlock(Block):
    """The deck-out ending.

    FAQ: "keep playing even though you don't get to draw new cards ... if there
    is no winner when all of the cards have been played, then the player whose
    number of connected elements is closest to 7 is the winner." Rulings: the
    game also ends when the deck is empty and every player passed in turn (no
    card left can be played); equal distances share the win.
    """

    type: Literal["deck_out"]
    winner: Literal["closest_to_target", "last_card"] = field(
        "closest_to_target", description="who wins when the cards run out"
    )
    reason: ClassVar[str] = "deck out"

    def finished(self, game, state) -> bool:
        if state.deck:
            return False
        if not any(state.hands):
            return True
        return state.passes >= len(state.players)

    def winners(self, game, state, last_player: int) -> list[int]:
        if self.winner == "last_card":
            # Whoever placed the last card (passes at the very end do not count).
            for line in reversed(state.log):
                seat, move = line.split(": ", 1)
                if move.startswith("place "):
                    return [int(seat)]
            return [last_player]
        table = state.table
        distance = {}
        for seat, goal in enumerate(state.goals):
            if goal is None:
                continue
            bit = BIT[LETTER_OF[game.deck.cards[goal].code]]
            target = game.win.target(state, seat) if hasattr(game.win, "target") else game.target
            distance[seat] = abs(target - table.largest_group(bit))
        if not distance:
            return []
        best = min(distance.values())
        return [seat for seat, d in distance.items() if d == best]
