"""What `aquarius3d analyze` answers for Aquarius Rising: whether the houses could stand, heights, ranking, winner."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine.state import State
from ...core.vocabulary import ELEMENTS
from .blocks import structure_errors
from .houses import heights, houses_of_state, ranking, ranking_keys, winners_among
from .state import RisingData

if TYPE_CHECKING:
    from ...engine.game import Game
    from ...positions.file import Position
    from ...engine.table import Table


STOREYS = True
PIECES = False


def position_state(position: Position, table: Table) -> State:
    """A state holding a position's table, storeys and pyramids (a card's place in the file stands for its id)."""
    data = RisingData()
    for i, card in enumerate(position.cards):
        x, y, level = card.at
        if level:
            data.storeys[(x, y), level] = (i, card.card)
        if card.pyramids and any(card.pyramids):
            data.pyramids[(x, y), level] = [str(p) if p else None for p in card.pyramids]
    return State(players=[], hands=[], goals=[], unused_goals=[], deck=[], table=table, data=data)


def answers(game: Game, position: Position, table: Table, groups: dict[str, int]) -> tuple[list[str], Any, dict[str, Any]]:
    state = position_state(position, table)
    houses = houses_of_state(state)
    keys = ranking_keys(houses, groups, game.end.pips)
    found = {
        "heights": {name: (None if h is None else round(h, 6)) for name, h in heights(houses).items()},
        "ranking": ranking(keys),
        "winner": winners_among(keys, position.goals or list(ELEMENTS)),
    }
    return structure_errors(game, state, position), state, found


def play_data(game: Game, position: Position, table: Table, storeys: dict[Any, Any], pyramids: dict[Any, Any]) -> tuple[Any, list[int] | None]:
    """The storeys, pyramids and supplies to play a check file's moves from (`phase: pyramid`: mid-turn)."""
    data = RisingData(storeys, pyramids, [list(p.supply or []) for p in position.players],
                      to_play=1 if position.extra.get("phase") == "pyramid" else 0)
    return data, None


def facts(game: Game, state: State) -> dict[str, Any]:
    return {}
