"""The building blocks of Aquarius: deck, deal, connection, bonus, win, end (the action cards: actions.py).

Each block's docstring states the rule it implements; rulings on unclear text
are fields with a default, so a ruleset can choose the other reading.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Literal

from ...core.vocabulary import BIT, LETTER_OF
from ...core.cards import DECK_NAME
from ...core.errors import Why, refused
from ...engine import rng as random_source
from ...engine.blocks import Block, block, field
from ...engine.hooks import PlacementBlock, SetupBlock, WinBlock

if TYPE_CHECKING:
    from ...engine.table import Cell
    from ...core.cards import Face
    from ...engine.moves import Move, Place
    from ...engine.table import Table
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
class DealBlock(SetupBlock):
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
            state.goals = [goal for goal in goal_ids[:seats]]  # (a seat's goal may later be None)
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

    def after_card(self, game: "Game", state: "State", move: Place) -> bool:
        """Whether the turn goes on after the card is played (not in plain Aquarius)."""
        return False

    def phase_moves(self, game: "Game", state: "State") -> list[Any]:
        return []

    def check_phase_move(self, game: "Game", state: "State", move: Move) -> None:
        raise refused("step", "there is no such step in this game's turn")

    def apply_phase_move(self, game: "Game", state: "State", move: Move) -> bool:
        return False


# -- placement and bonus --------------------------------------------------------------------


@block("placement", "connect")
class ConnectBlock(PlacementBlock):
    """The connection rule: at least one panel alongside a panel of the same element.

    Rule: "Element cards must be placed so that at least one panel is positioned
    alongside a panel of the same Element on a card next to the new card."
    Corners never connect; the wild card is every element.
    """

    type: Literal["connect"]
    frontier_cells: ClassVar[bool] = True  # cells() below: the engine counts them from the frontier slots

    def reason(self, table: Table, cell: Cell, card_face: Face) -> Why | None:
        """Why a face cannot go at a cell, or None when it can."""
        if cell in table.cards:
            return Why("taken", f"{cell[0]},{cell[1]} already holds a card", {"cell": cell})
        if not table.cards:
            return None if cell == (0, 0) else Why("not_next", "the table is empty: the first card goes at 0,0",
                                                   {"cell": cell})
        if cell not in table.need:
            return Why("not_next", f"{cell[0]},{cell[1]} is not next to any card (corners do not count)",
                       {"cell": cell})
        if not table.connects(cell, card_face):
            return Why("no_fit", f"{card_face.code} does not connect at {cell[0]},{cell[1]}: "
                                 "no touching half-side shows the same element", {"cell": cell, "lies": card_face.code})
        return None

    def arrangement_errors(self, table: Table) -> list[str]:
        """Why a whole arrangement could not come from legal placements (empty when it could).

        Every card must have connected when placed: the cards linked by shared
        elements must form one piece (then any order from a card outwards works).
        """
        parts = table.card_components()
        if len(parts) <= 1:
            return []
        smallest = "; ".join(f"{x},{y}" for x, y in sorted(sorted(parts, key=len)[0]))
        return [f"the cards are not one connected arrangement: {len(parts)} separate parts (the smallest: {smallest})"]

    def connects(self, table: Table, cell: Cell, card_face: Face) -> int:
        """Elements the face connects through at a cell (for the multi-connection bonus)."""
        return table.connects(cell, card_face)

    def cells(self, table: Table, card_face: Face, frontier: list[tuple[Cell, int]] | None = None) -> list[Cell]:
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

    def extra_draws(self, card_face: Face, connected_mask: int) -> int:
        if card_face.kind == "wild" and not self.wild:
            return 0
        return max(0, connected_mask.bit_count() - 1)


@block("bonus", "none")
class NoBonusBlock(Block):
    """No bonus draws."""

    type: Literal["none"]

    def extra_draws(self, card_face: Face, connected_mask: int) -> int:
        return 0


# -- winning and ending ---------------------------------------------------------------------------


@block("win", "connect_panels")
class ConnectPanelsBlock(WinBlock):
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

    def target(self, state: State, seat: int) -> int:
        """Panels this seat must connect: the count, or the seat's own target where the table agreed one."""
        targets = state.targets
        own = targets[seat] if targets and seat < len(targets) else None
        return own if own else self.count

    def reached(self, game: Game, state: State, cell: Cell | None = None) -> list[int]:
        """Seats whose goal element reaches their target; with a cell, only groups through it."""
        table = state.table
        found: list[int] = []
        if not table.cards:
            return found
        # With a cell, only the elements its card shows can have grown (a group of none is empty).
        shown = table.faces[cell].elements if cell is not None else 31
        goal_bit = game.goal_bit
        targets = state.targets
        bound = table.bound  # per element, at least its largest group's size
        seat = -1
        for goal in state.goals:
            seat += 1
            if goal is None:
                continue
            bit = goal_bit[goal]
            if not bit & shown:
                continue
            target = self.target(state, seat) if targets else self.count
            if cell is not None:
                if bound[bit] < target:
                    continue  # no group of this element is that large: nor the one through the cell
                size = table.largest_group_at(cell, bit)
            else:
                size = table.largest_group(bit)
            if size >= target:
                found.append(seat)
        return found

    def winners(self, game: Game, state: State, mover: int, cell: Cell | None = None) -> list[int]:
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

    def finished(self, game: Game, state: State) -> bool:
        if state.deck:
            return False
        if not any(state.hands):
            return True
        return state.passes >= len(state.players)

    def winners(self, game: Game, state: State, last_player: int) -> list[int]:
        if self.winner == "last_card":
            # Whoever placed the last card (passes at the very end do not count).
            for line in reversed(state.log):
                who, move = line.split(": ", 1)
                if move.startswith("place "):
                    return [int(who)]
            return [last_player]
        table = state.table
        distance: dict[int, int] = {}
        for seat, goal in enumerate(state.goals):
            if goal is None:
                continue
            bit = BIT[LETTER_OF[game.deck.cards[goal].code]]
            target = game.target_of(state, seat)
            distance[seat] = abs(target - table.largest_group(bit))
        if not distance:
            return []
        best = min(distance.values())
        return [seat for seat, d in distance.items() if d == best]
