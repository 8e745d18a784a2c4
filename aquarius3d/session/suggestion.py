"""H in the window: a move suggested to the human whose turn it is, and why, in words.

    found = suggestion(session)      # None when nobody may be helped now (the cover, a computer's turn)
    found.move, found.text           # a legal move of the seat to move, and "Suggestion: ... — ..."

The hard player (bots/hard.py) chooses, with a short budget (THINK) that is a deadline too (`timed`: the window
waits no longer on a slow machine, nor in Aquarius Rising's end game), from `game.observe(state, seat)`: exactly
what the seat may know, never more. The words come from playing the
move in a world sampled from that same observation (`Game.determinize`), so that naming the move can
reveal nothing the seat does not know (not the next card of the deck, not another hand). The real state is
never touched. The reason given is one the evaluation can stand behind: how large the seat's own goal group
grows, that an action card stays in hand for later, or else that the search found it best.
No Panda3D here: the table screen (screens/table_screen.py) shows the text in the HUD's notice line.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..bots.hard import HardPlayer
from ..core.cards import face
from ..engine.moves import (Build, DraftDiscard, MoveCard, Pass, Place, PlacePyramid, RotateGoals, Shift, ShuffleGoals,
                            ShuffleHands, Skip, SwapRow, TradeGoals, TradeHands, TradePiece, TradePyramids, TwoPyramids,
                            Zap)
from ..games import narrator
from ..games.aquarius.narration import card_words, rotation, taken, where
from ..games.rising.narration import pyramid_place
from ..games.towers.state import TowersData
from ..i18n import action_name, element_name, pyramid_name, tr
from .stages import Stage
from ..core.vocabulary import BIT, ELEMENT_OF, LETTER_OF

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..engine.hidden import Observation
    from ..engine.moves import Move
    from ..engine.state import State
    from .shown import Shown

THINK = 0.5  # seconds of the hard player's budget: a short wait in the window
TIMED = True  # and a deadline (bots/hard.py); False: the budget alone, the same advice on any machine (the tests')
NOT_NOW = (Stage.COVER, Stage.COMPUTER, Stage.REMOTE, Stage.OVER, Stage.ROUND_OVER)


@dataclass(frozen=True)
class Suggestion:
    move: Move  # an engine move, legal for the seat to move
    text: str  # "Suggestion: <the move in words> — <why>"


def can_suggest(session: Shown) -> bool:
    """Whether a human is to move with their secrets on screen (not the cover, not a computer's turn)."""
    return (session.stage not in NOT_NOW and not session.state.over
            and session.seats[session.seat].kind == "human")


def suggestion(session: Shown, think: float = THINK, move: Move | None = None) -> Suggestion | None:
    """The hard player's move for the seat to move, from that seat's observation, with a reason; None if not now.

    `move`, if given, is the move `advisor` chose (in a worker process, screens/thinking.py): only said here."""
    if not can_suggest(session):
        return None
    game, seat = session.game, session.seat
    player, seen, seed = advisor(session, think)
    if move is None:
        move = player.choose(game, seen)
    world = game.determinize(seen, random.Random(seed))  # what the seat knows, the rest sampled
    goal = _goal_letter(game, world, seat)
    before_size = world.table.largest_group(BIT[goal]) if goal else 0
    faces_before = {cell: f.code for cell, f in world.table.faces.items()}
    hand = list(world.hands[seat]) if seat < len(world.hands) else []
    placed = _place_words(world, move) if isinstance(move, Place) else None
    if isinstance(move, PlacePyramid):  # Aquarius Rising's pyramid step, said as advice, not as the log's past
        placed = tr("suggest_pyramid", pyramid=pyramid_name(move.pyramid), where=pyramid_place(world, move))
    offered = _offered(game, world, move)  # (Elemental Towers' draft: the card sent back, before it goes)
    result = game.apply(world, move)
    names = [s.name for s in session.seats]
    said = placed or _advice(game, world, names, move, faces_before, offered) \
        or narrator(game.family)(game, world, names, result, faces_before)  # else as the log says it
    return Suggestion(move, tr("suggest_text", move=said, why=_reason(game, world, move, goal, before_size, hand)))


def advisor(session: Shown, think: float = THINK) -> tuple[HardPlayer, Observation, int]:
    """The player that advises the seat to move, its observation and the seed: the same position, the same advice
    (unless its deadline cut the search short: a machine that cannot run its budget in THINK seconds)."""
    seen = session.game.observe(session.state, session.seat)
    seed = (session.seed * 1_000_003 + session.state.turn_number * 131 + session.seat) % 2**31
    return HardPlayer(seed=seed, think=think, timed=TIMED), seen, seed


def _place_words(world: State, move: Place) -> str:
    """"place the Fire card left of the Water card": the card as it would lie, by a neighbour before the move."""
    lies = face(move.code).turned.code if move.turned else move.code
    return tr("suggest_place", card=card_words(lies), where=where(world.table.faces, move.cell, move.level))


def _offered(game: Game, world: State, move: Move) -> str | None:
    """The draft's card a DraftDiscard sends back (Elemental Towers), in words, before it is sent."""
    if not isinstance(move, DraftDiscard):
        return None
    from ..games.towers.state import towers

    offer = towers(world).draft_offer
    if not 0 <= move.index < len(offer):
        return None
    card = game.deck.cards[offer[move.index]]
    return card_words(card.code) if card.kind == "element" else action_name(card.code)


def _advice(game: Game, world: State, names: list[str], move: Move, before: dict[Any, str],
            offered: str | None) -> str | None:
    """The move as advice to the player ("trade hands with Bo"), said of the world after it; None for a move
    said as the log says it."""
    faces = world.table.faces
    if isinstance(move, Pass):
        return tr("suggest_pass")
    if isinstance(move, (TradeHands, TradePyramids)) and move.seat is not None:
        key = "suggest_trade_hands" if isinstance(move, TradeHands) else "suggest_trade_pyramids"
        return tr(key, other=names[move.seat])
    if isinstance(move, TradeGoals):
        return tr("suggest_trade_goals_pile") if move.seat is None else tr("suggest_trade_goals", other=names[move.seat])
    if isinstance(move, RotateGoals):
        return tr("suggest_rotate_goals", direction=tr(f"dir_{move.direction}").lower(),
                  who=rotation(names, move.direction, bool(world.unused_goals)))
    if isinstance(move, (ShuffleHands, ShuffleGoals, TwoPyramids, Skip)):
        return tr({ShuffleHands: "suggest_shuffle_hands", ShuffleGoals: "suggest_shuffle_goals",
                   TwoPyramids: "suggest_two_pyramids", Skip: "suggest_skip"}[type(move)])
    if isinstance(move, MoveCard):
        moved = faces.get((move.target[0], move.target[1]))
        return tr("suggest_move", card=card_words(moved.code) if moved else tr("card_the_unknown"),
                  where=where(faces, move.target))
    if isinstance(move, Zap):  # (Elemental Towers zaps into the deck, not a hand)
        key = "suggest_zap_deck" if isinstance(world.data, TowersData) else "suggest_zap"
        return tr(key, card=taken(before, move.cell))
    return _towers_advice(game, world, move, before, offered)


def _towers_advice(game: Game, world: State, move: Move, before: dict[Any, str], offered: str | None) -> str | None:
    """Elemental Towers' moves as advice."""
    from ..games.towers.narration import panel
    from ..games.towers.pieces import piece_at

    if isinstance(move, Build):
        piece = piece_at(world, move.cell, move.space)
        return tr("suggest_build", pyramid=pyramid_name(piece[0]), where=panel(world, move.cell, move.space)) \
            if piece else None
    if isinstance(move, Shift):
        piece = piece_at(world, move.to_cell, move.to_space)
        return tr("suggest_shift", colour=tr(f"colour_{piece[0][1]}"), source=panel(world, move.cell, move.space, before),
                  target=panel(world, move.to_cell, move.to_space)) if piece else None
    if isinstance(move, TradePiece):
        piece = piece_at(world, move.cell, move.space)
        return tr("suggest_trade_piece", pyramid=pyramid_name(piece[0]), where=panel(world, move.cell, move.space)) \
            if piece else None
    if isinstance(move, SwapRow):
        row = [element_name(game.deck.cards[g].code) for g in world.unused_goals]
        return tr("suggest_swap_row", first=row[move.index + 1], second=row[move.index])
    if isinstance(move, DraftDiscard) and offered is not None:
        return tr("suggest_draft", card=offered)
    return None


def _goal_letter(game: Game, world: State, seat: int) -> str | None:
    """The element letter of the seat's own goal, if the game gives goals of elements."""
    goals = getattr(world, "goals", None)
    if not goals or seat >= len(goals) or goals[seat] is None or goals[seat] < 0:  # (< 0: a hole, not looked at yet)
        return None
    code = str(game.deck.cards[goals[seat]].code)
    return LETTER_OF.get(code) or (code if code in ELEMENT_OF else None)


def _reason(game: Game, world: State, move: Move, goal: str | None, before_size: int, hand: list[int]) -> str:
    if isinstance(move, Pass):
        return tr("suggest_why_pass")
    if goal is not None and isinstance(move, Place):
        after = world.table.largest_group(BIT[goal])
        if after > before_size:
            return tr("suggest_why_group", element=element_name(ELEMENT_OF[goal]), count=after)
    cards = game.deck.cards
    if isinstance(move, Place) and any(cards[c].kind == "action" for c in hand if c >= 0):
        return tr("suggest_why_keep")
    return tr("suggest_why_search_solo" if len(world.players) == 1 else "suggest_why_search")  # (no others to answer)
