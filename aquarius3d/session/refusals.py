"""Why a move is refused, in words and in the player's language, wherever the move came from: a click, a
computer player, a saved game being replayed. The one place a refusal is put into words.

The rules say why (Game.check raises IllegalMove with a coded `Why`: "taken", "no_fit", "no_seat"... and
the cell, card or pyramid it names, beside the English for the command line and check files). Here each
code becomes a sentence as a player would say it, naming cards by their elements and places by a
neighbour; a move the rules would take, refused by the step of the turn, is "not allowed now". Never a code.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..core.cards import face
from ..core.errors import IllegalMove, Why
from ..engine.moves import Join, Move, MoveCard, Place, PlacePyramid, parse_move
from ..games.aquarius.narration import card_words, where
from ..i18n import action_name, pyramid_name, tr

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..engine.state import State

Cell = tuple[int, int]


class Asked:
    """What a refusal's words may name: the game, the position, the seats' names and the move refused."""

    def __init__(self, game: Game, state: State, names: list[str], move: Move) -> None:
        self.game, self.state, self.names, self.move = game, state, names, move
        self.name = names[state.turn] if state.turn < len(names) else ""


def refusal(game: Game, state: State, names: list[str], move: Move | str) -> str:
    """Why `move` is not allowed now, in words (the reason only: the caller says "Not allowed: ...")."""
    if isinstance(move, str):
        try:
            move = parse_move(move)
        except ValueError:
            return tr("refuse_unreadable")
    if not isinstance(move, Move):  # (an odd value in a saved game)
        return tr("refuse_unreadable")
    try:
        game.check(state, move)
    except IllegalMove as exc:
        if exc.why is None or exc.why.code not in WORDS:
            return tr("refuse_generic")
        return WORDS[exc.why.code](exc.why, Asked(game, state, names, move))
    except ValueError:
        return tr("refuse_unreadable")
    return tr("refuse_step")  # the rules would take it: the step of the turn asks for something else


def _cell(cell: Any) -> Cell:
    return (cell[0], cell[1])


def _no_fit(why: Why, asked: Asked) -> str:
    """A card that does not go where it was put: it would, turned round; else where it may not go, by a neighbour."""
    move, cell = asked.move, _cell(why.facts["cell"])
    source = why.facts.get("source")
    lies = str(why.facts.get("lies") or (face(move.code).turned.code if isinstance(move, Place) and move.turned
                                         else getattr(move, "code", "")))
    other: Move | None = None
    if isinstance(move, Place):
        other = Place(move.code, move.cell, not move.turned, move.level)
    elif isinstance(move, MoveCard) and _cell(move.target) != _cell(move.source):
        other = MoveCard(move.source, move.target, not move.turned)
    if other is not None:
        try:
            asked.game.check(asked.state, other)
        except ValueError:
            pass
        else:
            return tr("refuse_other_way", card=card_words(lies))
    faces = {c: f for c, f in asked.state.table.faces.items() if source is None or c != _cell(source)}
    return tr("refuse_cannot_go", card=card_words(lies), where=where(faces, cell))


def _towers_panel(why: Why, asked: Asked) -> str:
    from ..games.towers.narration import panel

    return panel(asked.state, _cell(why.facts["cell"]), why.facts["space"])


def _build(why: Why, asked: Asked) -> str:
    if _cell(why.facts["cell"]) not in asked.state.table.faces:
        return tr("no_card_there")
    return tr("refuse_build", where=_towers_panel(why, asked))


def _shift(why: Why, asked: Asked) -> str:
    if _cell(why.facts["cell"]) not in asked.state.table.faces:
        return tr("no_card_there")
    return tr("refuse_shift", where=_towers_panel(why, asked))


def _no_trade(why: Why, asked: Asked) -> str:
    if _cell(why.facts["cell"]) not in asked.state.table.faces:
        return tr("no_card_there")
    return tr("towers_no_trade", where=_towers_panel(why, asked))


def _pyramid_there(why: Why, asked: Asked) -> str:
    from ..games.rising.narration import pyramid_place

    move = asked.move
    assert isinstance(move, PlacePyramid)  # (the rules' reason for a pyramid)
    return tr("refuse_pyramid_there", pyramid=pyramid_name(why.facts["pyramid"]), where=pyramid_place(asked.state, move))


def _join(key: str) -> Callable[[Why, Asked], str]:
    return lambda why, asked: tr(key, name=asked.move.name if isinstance(asked.move, Join) else "")


WORDS: dict[str, Callable[[Why, Asked], str]] = {
    "over": lambda why, asked: tr("refuse_over"),
    "step": lambda why, asked: tr("refuse_step"),
    "pass": lambda why, asked: tr("refuse_pass"),
    "join_closed": _join("refuse_join_closed"),
    "join_full": _join("refuse_join_full"),
    "join_name": _join("refuse_join_name"),
    "join_no_goal": _join("refuse_join_no_goal"),
    "not_in_hand": lambda why, asked: tr("refuse_not_in_hand", name=asked.name, card=card_words(why.facts["card"])),
    "not_in_game": lambda why, asked: tr("refuse_not_in_game", action=action_name(why.facts["action"])),
    "other_effect": lambda why, asked: tr("refuse_other_effect", action=action_name(why.facts["action"])),
    "no_action_card": lambda why, asked: tr("refuse_no_action_card", name=asked.name,
                                            action=action_name(why.facts["action"])),
    # where a card goes (a hand card placed, a table card moved)
    "taken": lambda why, asked: tr("refuse_taken"),
    "not_next": lambda why, asked: tr("refuse_not_next"),
    "no_fit": _no_fit,
    "off_table": _no_fit,
    "storey": lambda why, asked: tr("refuse_storey", card=card_words(why.facts["lies"]), level=why.facts["level"]),
    "no_card": lambda why, asked: tr("no_card_there"),
    # the actions' choices
    "no_seat": lambda why, asked: tr("refuse_no_seat"),
    "yourself": lambda why, asked: tr("refuse_yourself"),
    "no_unused": lambda why, asked: tr("refuse_no_unused"),
    "direction": lambda why, asked: tr("refuse_direction"),
    # Aquarius Rising's pyramids
    "no_pyramid": lambda why, asked: tr("refuse_no_pyramid", name=asked.name, pyramid=pyramid_name(why.facts["pyramid"])),
    "pyramid_there": _pyramid_there,
    # Elemental Towers
    "no_earned": lambda why, asked: tr("refuse_no_earned"),
    "build": _build,
    "shift": _shift,
    "no_piece": lambda why, asked: tr("refuse_no_piece"),
    "row_place": lambda why, asked: tr("refuse_row_place"),
    "no_trade": _no_trade,
    "trade_size": lambda why, asked: tr("refuse_trade_size", pyramid=pyramid_name(why.facts["pyramid"])),
    "no_offer": lambda why, asked: tr("refuse_no_offer"),
    "zap_last_card": lambda why, asked: tr("refuse_zap_last_card"),
}
