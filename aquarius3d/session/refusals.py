"""Why a move is refused, in words and in the player's language, wherever the move came from: a click, a
computer player, a saved game being replayed.

The engine says why in English with the notation ("F\\S does not connect at 0,-3"), for check files and the
command line. The window says it as a player would, naming cards by their elements and places by a neighbour:
`refusal` works the reason out again from the move and the table as they stand (the facts the rules look at:
the hand, the cell, the step of the turn), and falls back on a plain "not allowed now" rather than ever
showing a code.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.cards import canonical, face
from ..engine.moves import (
    Build, DraftDiscard, Join, Move, MoveCard, Pass, Place, PlacePyramid, RotateGoals, Shift, Skip, SwapRow,
    TradeGoals, TradeHands, TradePiece, TradePyramids, Zap, parse_move)
from ..games.aquarius.narration import card_words, where
from ..i18n import action_name, pyramid_name, tr

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..engine.state import State

NEIGHBOURS = ((1, 0), (-1, 0), (0, 1), (0, -1))


def refusal(game: Game, state: State, names: list[str], move: Move | str) -> str:
    """Why `move` is not allowed now, in words (the reason only: the caller says "Not allowed: ...")."""
    if isinstance(move, str):
        try:
            move = parse_move(move)
        except ValueError:
            return tr("refuse_unreadable")
    if not isinstance(move, Move):  # (an odd value in a saved game)
        return tr("refuse_unreadable")
    if state.over:
        return tr("refuse_over")
    if isinstance(move, Join):
        return _join(game, state, move)
    if isinstance(move, Pass) and state.phase == "play":
        return tr("refuse_pass")
    name = names[state.turn] if state.turn < len(names) else ""
    kinds = {type(m) for m in game.legal_moves(state)}
    if state.phase == "play" and isinstance(move, Place):
        return _place(game, state, name, move)
    if type(move) in kinds:
        return _kind(game, state, names, name, move) or tr("refuse_generic")
    if state.phase == "play" and move.action is not None:  # an action card played from the hand
        block = game.actions.get(move.action)
        if block is None:
            return tr("refuse_not_in_game", action=action_name(move.action))
        if not isinstance(move, block.move_type):
            return tr("refuse_other_effect", action=action_name(move.action))
        held = any(game.deck.cards[c].kind == "action" and game.deck.cards[c].code == move.action
                   for c in state.hands[state.turn])
        if not held:  # (Elemental Towers' actions act when drawn, never from a hand)
            if game.family == "towers":
                return tr("refuse_step")
            return tr("refuse_no_action_card", name=name, action=action_name(move.action))
        return _kind(game, state, names, name, move) or tr("refuse_generic")
    return tr("refuse_step")


def _join(game: Game, state: State, move: Join) -> str:
    if not getattr(game.setup, "join_in_progress", False):
        return tr("refuse_join_closed")
    if len(state.players) >= game.max_players:
        return tr("refuse_join_full")
    if move.name in state.players:
        return tr("refuse_join_name", name=move.name)
    return tr("refuse_join_no_goal")


def _place(game: Game, state: State, name: str, move: Place) -> str:
    """A card from the hand that may not go where it was put."""
    wanted = canonical(move.code)
    cards = game.deck.cards
    if not any(cards[c].kind == "element" and canonical(cards[c].code) == wanted for c in state.hands[state.turn]):
        return tr("refuse_not_in_hand", name=name, card=card_words(move.code))
    lies = face(move.code).turned.code if move.turned else move.code
    return _cell(game, state, move.cell, lies, move.level, Place(move.code, move.cell, not move.turned, move.level))


def _cell(game: Game, state: State, cell, lies: str, level: int = 0, turned: Move | None = None,
          source=None) -> str:
    """Why a card lying as `lies` may not go to `cell`: taken, beside nothing, or it does not fit."""
    cell = (cell[0], cell[1])
    table = state.table
    card = card_words(lies)
    faces = {c: f for c, f in table.faces.items() if c != source}
    if level:
        return tr("refuse_storey", card=card, level=level)
    if cell in table.cards and cell != source:
        return tr("refuse_taken")
    if not any((cell[0] + dx, cell[1] + dy) in faces for dx, dy in NEIGHBOURS):
        return tr("refuse_not_next")
    if turned is not None:
        try:
            game.check(state, turned)
        except ValueError:
            pass
        else:
            return tr("refuse_other_way", card=card)
    return tr("refuse_cannot_go", card=card, where=where(faces, cell))


def _kind(game: Game, state: State, names: list[str], name: str, move: Move) -> str | None:
    """The reason for a move of the right kind for this step that breaks a rule of its own."""
    seats = len(state.players)
    if isinstance(move, (TradeHands, TradePyramids)) or (isinstance(move, TradeGoals) and move.seat is not None):
        target = move.seat
        if target is None or not 0 <= target < seats:
            return tr("refuse_no_seat")
        if target == state.turn:
            return tr("refuse_yourself")
        return None
    if isinstance(move, TradeGoals):
        return tr("refuse_no_unused")
    if isinstance(move, RotateGoals):
        return tr("refuse_direction")
    if isinstance(move, MoveCard):
        faces = state.table.faces
        source = (move.source[0], move.source[1])
        if source not in faces:
            return tr("no_card_there")
        lies = faces[source].turned.code if move.turned else faces[source].code
        return _cell(game, state, move.target, lies, source=source)
    if isinstance(move, (Zap, TradePiece, Build)) and (move.cell[0], move.cell[1]) not in state.table.faces:
        return tr("no_card_there")
    if isinstance(move, PlacePyramid):
        return _pyramid(state, name, move)
    return _towers(game, state, move)


def _pyramid(state: State, name: str, move: PlacePyramid) -> str:
    """Aquarius Rising: a pyramid not in the supply, or one that may not stand there."""
    from ..games.rising.narration import pyramid_place
    from ..games.rising.state import rising

    pyramid = pyramid_name(move.pyramid)
    if move.pyramid not in rising(state).supply[state.turn]:
        return tr("refuse_no_pyramid", name=name, pyramid=pyramid)
    if (move.cell[0], move.cell[1]) not in state.table.faces:
        return tr("no_card_there")
    return tr("refuse_pyramid_there", pyramid=pyramid, where=pyramid_place(state, move))


def _towers(game: Game, state: State, move: Move) -> str | None:
    """Elemental Towers: earned actions, the scoring row, trades with the supply, the draft."""
    from ..games.towers.narration import panel
    from ..games.towers.pieces import piece_at
    from ..games.towers.state import towers

    data = towers(state)
    if isinstance(move, (Build, Shift, Skip)) and not 0 <= move.match < len(data.pending):
        return tr("refuse_no_earned")
    if isinstance(move, Build):
        return tr("refuse_build", where=panel(state, move.cell, move.space))
    if isinstance(move, Shift):
        if (move.cell[0], move.cell[1]) not in state.table.faces or not piece_at(state, move.cell, move.space):
            return tr("refuse_no_piece")
        if (move.to_cell[0], move.to_cell[1]) not in state.table.faces:
            return tr("no_card_there")
        return tr("refuse_shift", where=panel(state, move.to_cell, move.to_space))
    if isinstance(move, SwapRow):
        return tr("refuse_row_place")
    if isinstance(move, TradePiece):
        piece = piece_at(state, move.cell, move.space)
        if not piece or len(piece) != 1:
            return tr("towers_no_trade", where=panel(state, move.cell, move.space))
        return tr("refuse_trade_size", pyramid=pyramid_name(move.size + piece[0][1]))
    if isinstance(move, DraftDiscard):
        return tr("refuse_no_offer")
    return None
