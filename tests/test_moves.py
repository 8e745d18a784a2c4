"""Moves are frozen values: equal and hashed by class and fields, printed and read back, picklable."""

import copy
import pickle

import pytest

from aquarius3d.engine import moves
from aquarius3d.engine.moves import Build, Move, MoveCard, Pass, Place, PlacePyramid, Shift, ShuffleHands, Zap, parse_move

EXAMPLES = [
    Place("FWAE", (2, -1), True), Place("FWAE", (2, -1), False, 1), PlacePyramid("Lr", (0, 0), 1, 2), Pass(),
    moves.TradeHands(2), MoveCard((1, 0), (2, 0), True), Zap((1, 0)), moves.TradeGoals(None), moves.TradeGoals(1),
    moves.RotateGoals("left"), ShuffleHands(), moves.ShuffleGoals(), moves.TradePyramids(1), moves.TwoPyramids(),
    Build(0, (1, 0), "TL"), Shift(1, (1, 0), "TL", (2, 0), "BL"), moves.Skip(0), moves.SwapRow(2),
    moves.TradePiece((1, 0), "TL", "M"), moves.DraftDiscard(1), moves.Join("Cy"),
]


def test_every_kind_of_move_is_an_example():
    kinds = {cls for cls in vars(moves).values() if isinstance(cls, type) and issubclass(cls, Move) and cls is not Move}
    assert kinds == {type(move) for move in EXAMPLES}


@pytest.mark.parametrize("move", EXAMPLES, ids=str)
def test_a_move_is_a_frozen_value(move):
    assert parse_move(str(move)) == move
    twin = parse_move(str(move))
    assert twin is not move and hash(twin) == hash(move) and len({move, twin}) == 1
    assert pickle.loads(pickle.dumps(move)) == move and copy.deepcopy(move) == move
    with pytest.raises(AttributeError):
        move.extra = 1
    assert list(type(move)._fields) == list(vars(move))  # every field set by __init__, in order
    for name in type(move)._fields:
        with pytest.raises(AttributeError):
            setattr(move, name, None)
        with pytest.raises(AttributeError):
            delattr(move, name)


def test_equality_and_hash_are_those_of_a_dataclass():
    """Same class and same fields in order; the hash of the fields' tuple, as @dataclass(frozen=True) gives."""
    place = Place("FWAE", (2, -1), True)
    assert place == Place("FWAE", (2, -1), True, 0) and place != Place("FWAE", (2, -1))
    assert hash(place) == hash(("FWAE", (2, -1), True, 0))
    assert hash(Zap((1, 0))) == hash(((1, 0),)) and hash(Pass()) == hash(())
    assert Pass() != ShuffleHands() and Zap((1, 0)) != ((1, 0),) and Pass() != ()
    assert repr(place) == "Place(code='FWAE', cell=(2, -1), turned=True, level=0)"
    assert repr(Pass()) == "Pass()"
    assert (place.action, MoveCard((0, 0), (1, 0)).action, moves.SwapRow(0).action) == (None, "move_a_card",
                                                                                      "trade_goals")
