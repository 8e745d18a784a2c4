"""The record class rule blocks are written with: declared fields, frozen values, registration."""

import copy
import pickle
from typing import ClassVar, Literal

import pytest

from aquarius3d.engine.blocks import Block, FrozenError, Record, block, blocks, field
from aquarius3d.games.aquarius.actions import MoveACardBlock
from aquarius3d.games.aquarius.blocks import DealBlock
from aquarius3d.games.rising.blocks import RisingDealBlock


class Point(Record):
    """A test record."""

    x: int
    y: int = field(0, ge=-5, le=5, description="up")
    tags: list[str] = field(default_factory=list)
    kind: ClassVar[str] = "point"


def test_fields_defaults_and_class_variables():
    assert list(Point._fields) == ["x", "y", "tags"]
    assert Point._fields["y"].description == "up" and (Point._fields["y"].ge, Point._fields["y"].le) == (-5, 5)
    assert Point._fields["x"].required and not Point._fields["tags"].required
    p = Point(x=1)
    assert (p.x, p.y, p.tags, p.kind) == (1, 0, [], "point")
    assert Point(x=1).tags is not Point(x=1).tags  # a factory makes a new list each time
    with pytest.raises(TypeError, match="no field 'z'"):
        Point(x=1, z=2)
    with pytest.raises(TypeError, match="x has no default"):
        Point()


def test_frozen_equal_hashable_and_slotted():
    p = Point(x=1, y=2, tags=["a"])
    with pytest.raises(FrozenError):
        p.x = 3
    with pytest.raises(FrozenError):
        del p.y
    assert not hasattr(p, "__dict__")
    assert p == Point(x=1, y=2, tags=["a"]) and p != Point(x=1, y=3, tags=["a"])
    assert p._replace(y=3) == Point(x=1, y=3, tags=["a"]) and p.y == 2
    assert repr(p) == "Point(x=1, y=2, tags=['a'])"
    assert hash(Point(x=1, y=2, tags=())) == hash(Point(x=1, y=2, tags=()))
    for other in (pickle.loads(pickle.dumps(p)), copy.deepcopy(p), copy.copy(p)):
        assert other == p and other is not p


def test_subclasses_keep_the_order_of_the_fields_they_inherit():
    assert list(RisingDealBlock._fields) == ["type", "hand", "join_in_progress", "action_starter", "white", "clear",
                                             "dragon_start"]
    assert list(MoveACardBlock._fields) == ["card", "type", "turn_in_place"]
    assert RisingDealBlock._fields["hand"] is DealBlock._fields["hand"]
    deal = RisingDealBlock(type="rising_deal", hand=5)
    assert (deal.hand, deal.white, deal.action_starter) == (5, False, "middle")


def test_a_block_is_registered_with_a_literal_type_and_no_default():
    with pytest.raises(TypeError, match="must be Literal"):
        @block("win", "test_wrong")
        class Wrong(Block):
            type: Literal["other"]

    with pytest.raises(TypeError, match="must be Literal"):
        @block("win", "test_defaulted")
        class Defaulted(Block):
            type: Literal["test_defaulted"] = "test_defaulted"

    with pytest.raises(ValueError, match="registered twice"):
        @block("setup", "deal")
        class Again(Block):
            type: Literal["deal"]

    assert "test_wrong" not in blocks("win") and blocks("setup")["deal"] is DealBlock


def test_declarations_that_cannot_work_are_refused():
    with pytest.raises(TypeError, match="may not start with '_'"):
        class Hidden(Record):
            _x: int

    with pytest.raises(TypeError, match="cannot become a ClassVar"):
        class Shadow(Point):
            y: ClassVar[int] = 1

    with pytest.raises(TypeError, match="not both"):
        field(1, default_factory=list)


LISTING = """
import sys
{first}
from aquarius3d.engine.blocks import CATEGORIES, blocks
assert not [m for m in sys.modules if m.startswith("aquarius3d.games.dominus")]
print([list(blocks(category)) for category in CATEGORIES])
"""


def test_families_are_imported_when_the_registry_is_listed_in_one_order():
    import subprocess
    import sys
    from pathlib import Path

    def run(first):
        done = subprocess.run([sys.executable, "-c", LISTING.format(first=first)], capture_output=True, text=True,
                              cwd=Path(__file__).resolve().parent.parent, check=True)
        return done.stdout

    plain = run("import aquarius3d.games")
    assert run("import aquarius3d.games.towers.blocks, aquarius3d.games.rising") == plain
    assert run("from aquarius3d.rules.ruleset import load_ruleset") == plain


def test_bounds_are_checked_when_values_are(tmp_path):
    """field()'s bounds, and Bounds inside a type, become pydantic's constraints in the check."""
    from typing import Annotated

    from pydantic import ValidationError

    from aquarius3d.engine.blocks import Bounds
    from aquarius3d.rules.check import model_of

    class Sized(Record):
        name: str = field("a", pattern=r"^[a-z]+$", max_length=8)
        sides: list[Annotated[int, Bounds(ge=1, le=6)]] = field(default_factory=list, max_length=3)
        count: int = field(1, ge=0, le=9)

    model = model_of(Sized)
    assert model.model_validate({"name": "abc", "sides": [1, 6]}).sides == [1, 6]
    for wrong, kind in (({"name": "Abc"}, "string_pattern_mismatch"), ({"name": "abcdefghij"}, "string_too_long"),
                        ({"sides": [0]}, "greater_than_equal"), ({"sides": [7]}, "less_than_equal"),
                        ({"sides": [1, 2, 3, 4]}, "too_long"), ({"count": 10}, "less_than_equal")):
        with pytest.raises(ValidationError) as caught:
            model.model_validate(wrong)
        assert caught.value.errors()[0]["type"] == kind
    schema = model.model_json_schema()["properties"]
    assert schema["sides"]["items"] == {"maximum": 6, "minimum": 1, "type": "integer"}
    assert (schema["name"]["pattern"], schema["count"]["maximum"]) == ("^[a-z]+$", 9)
