"""An Aquarius turn that places an element card, played as one step (engine/steps.py).

Most turns of a game place a card from the hand. The engine plays a move in phases, each a call to a rule
block; here the rules of this family's blocks are written out in one function for the games built from
exactly these blocks: `deal`'s table, `draw_and_play` (a player who cannot play passes), `connect`,
`multi_connection` or no bonus, `connect_panels` and `deck_out`, without scoring. Any other block, and any
other move, goes through the engine's phases. The rules are those of the blocks (blocks.py), unchanged:

- the card leaves the hand (the first card of that name, either way up), and goes on the table;
- the multi-connection bonus: "cause two different Elements to form connections at the same time, you get
  to immediately draw one extra card" (n elements, n - 1 cards), never for the wild card unless `wild`;
- the win: a seat whose goal's element has a group of `count` panels through the card wins at once, the
  mover first ("the winner is the player whose turn made the win happen"), else all who reached it; an
  element's group is looked at only when the table's bound on its largest group reaches the count;
- while the deck holds cards the game goes on: the next seat draws its turn's cards. With the deck empty,
  `deck_out` decides whether the game ends (its rulings: blocks.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.cards import SEG_MASK, face
from ...engine.game import ApplyResult
from ...engine.movelog import MoveLog
from ...engine.placing import put
from ...engine.steps import PlaceStep, register_place_step
from ...engine.unions import _BITS_OF
from .blocks import ConnectBlock, ConnectPanelsBlock, DeckOutBlock, DrawAndPlayBlock, MultiConnectionBlock, NoBonusBlock

if TYPE_CHECKING:
    from ...engine.game import Game
    from ...engine.moves import Place
    from ...engine.state import State


def make_place_step(game: Game) -> PlaceStep | None:
    """The one-step placement for a game made of the blocks above, or None."""
    turn, win, end, bonus = game.turn_rules, game.win, game.end, game.bonus
    if (type(game.placement) is not ConnectBlock or type(win) is not ConnectPanelsBlock
            or type(end) is not DeckOutBlock or type(turn) is not DrawAndPlayBlock or turn.when_stuck != "pass"
            or game.scoring is not None or type(bonus) not in (MultiConnectionBlock, NoBonusBlock)):
        return None
    count: int = win.count
    draws: int = turn.draw
    # Whether a card earns the bonus: never without the multi-connection block; the wild card only with `wild`.
    bonus_for_wild = type(bonus) is MultiConnectionBlock and bool(bonus.wild)
    bonus_at_all = type(bonus) is MultiConnectionBlock
    canonical_of = game._canonical
    new = object.__new__
    key_of = game._element_key

    def place_step(state: State, move: Place) -> ApplyResult:
        seat = state.turn
        # ApplyResult(move, seat), its fields set as its __init__ sets them, without the call.
        result = new(ApplyResult)
        result.move = move
        result.seat = seat
        result.bonus = 0
        result.connected = 0
        result.over = False
        result.winners = []
        # The card from the hand (Game._take).
        hand = state.hands[seat]
        code = move.code
        wanted = canonical_of[code]
        i = 0
        for card_id in hand:
            if key_of[card_id] == wanted:
                break
            i += 1
        card_id = hand.pop(i)
        lies = face(code)
        if move.turned:
            lies = lies.turned
        table = state.table
        cell = move.cell
        faced = put(table, cell, card_id, lies)  # what faced into the cell: the elements it connects through
        if faced:
            # cards.connected_elements, written out (a call for every card placed): the eight segments' masks
            # folded into one.
            both = lies.bits & faced
            both |= both >> 20
            both |= both >> 10
            connected = (both | both >> 5) & SEG_MASK
        else:
            connected = 0
        result.connected = connected
        if bonus_at_all and connected and (bonus_for_wild or lies.kind != "wild"):
            extra = connected.bit_count() - 1
            if extra > 0:
                result.bonus = extra
                game._draw(state, seat, extra)
        state.passes = 0
        log = state.log
        if log.__class__ is MoveLog:
            log._items.append((seat, move))  # (MoveLog.add, written out)
        else:
            log.append(f"{seat}: {move}")
        # The win (ConnectPanelsBlock.winners through the card placed).
        shown = lies.elements
        bound = table.bound
        found: list[int] | None = None
        if state.targets or move.level:
            found = win.winners(game, state, seat, None if move.level else cell)
        else:
            for bit in _BITS_OF[shown]:
                if bound[bit] >= count:
                    found = win.winners(game, state, seat, cell)
                    break
        if state.deck and not found:
            # DeckOutBlock.finished says no while the deck holds cards: the next turn, and its draw.
            state.turn = turn_now = (seat + 1) % len(state.players)
            state.turn_number += 1
            if draws == 1:
                state.hands[turn_now].append(state.deck.pop())
            else:
                game._draw(state, turn_now, draws)
        else:  # (Game._end_turn, once the winners are known)
            if found:
                game._finish(state, found, win.reason)
            elif end.finished(game, state):
                game._finish(state, end.winners(game, state, seat), end.reason)
            else:
                game._next_turn(state)
            if state.winners:
                result.winners = list(state.winners)
            result.over = state.phase == "over"
        return result

    return place_step


register_place_step("aquarius", make_place_step)
