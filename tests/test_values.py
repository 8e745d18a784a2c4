"""Value classes behave as the dataclasses they replace (declared the same way, cheaper to define)."""

import copy
import dataclasses
import pickle
import subprocess
import sys
from functools import cached_property
from pathlib import Path

import pytest

from aquarius3d.core.values import Value, field


class Point(Value, frozen=True):
    x: int
    y: int = 0
    tags: list = field(default_factory=list)

    @cached_property
    def size(self) -> int:
        return abs(self.x) + abs(self.y)


@dataclasses.dataclass(frozen=True)
class DataPoint:
    x: int
    y: int = 0
    tags: list = dataclasses.field(default_factory=list)


class Box(Value):
    items: list
    label: str = ""


class Counter(Value, eq=False):
    count: int = 0


class Said(Value, eq=False):
    text: str

    def __eq__(self, other):
        return isinstance(other, Said) and other.text.lower() == self.text.lower()


def test_a_frozen_value_is_a_frozen_dataclass():
    for args, kwargs in (((1,), {}), ((1, 2), {}), ((), {"x": 1, "tags": (3,)}), ((1,), {"y": 5, "tags": ()})):
        value, data = Point(*args, **kwargs), DataPoint(*args, **kwargs)
        assert repr(value) == repr(data).replace("DataPoint", "Point")
        assert vars(value) == vars(data) and value._fields == tuple(vars(data))
        if not isinstance(value.tags, list):
            assert hash(value) == hash(data)
    assert Point(1) == Point(1, 0, []) and Point(1) != Point(2) and Point(1) != DataPoint(1)
    assert Point(1).tags is not Point(1).tags
    point = Point(3, -4)
    assert point.size == 7  # cached_property works on a frozen value
    with pytest.raises(AttributeError):
        point.x = 2
    with pytest.raises(AttributeError):
        del point.y
    frozen = Point(1, 2, ())
    for other in (pickle.loads(pickle.dumps(frozen)), copy.deepcopy(frozen), copy.copy(frozen)):
        assert other == frozen and hash(other) == hash(frozen)


def test_mutable_values_and_identity():
    box = Box([1])
    box.label = "b"
    assert box == Box([1], "b") and Box.__hash__ is None
    assert Counter() != Counter() and hash(Counter()) is not None
    counter = Counter()
    counter.count += 1
    assert counter.count == 1 and counter == counter
    assert Said("Hi") == Said("HI") and Said.__hash__ is None  # its own __eq__ stays


def test_mistakes_are_refused():
    with pytest.raises(TypeError, match="missing 'x'"):
        Point()
    with pytest.raises(TypeError, match="given twice"):
        Point(1, x=2)
    with pytest.raises(TypeError, match="not a field"):
        Point(1, z=2)
    with pytest.raises(TypeError, match="takes 3 values"):
        Point(1, 2, [], 4)
    with pytest.raises(TypeError, match="without a default follows"):
        class Wrong(Value):
            a: int = 0
            b: int


@pytest.mark.parametrize("position", ["aquarius/win-immediately", "aquarius-rising/building-up",
                                      "elemental-towers/building-a-tower", "dominus/blocked-round"])
def test_analyze_imports_no_dataclasses(position):  # for every family
    position = Path(__file__).parent / "positions" / f"{position}.yaml"
    code = ("import runpy, sys; sys.argv = ['aquarius3d', 'analyze', sys.argv[1], '--json']\n"
            "try:\n    runpy.run_module('aquarius3d', run_name='__main__')\nexcept SystemExit:\n    pass\n"
            "print('dataclasses' in sys.modules, file=sys.stderr)")
    for _ in range(2):  # the second with the ruleset cached
        done = subprocess.run([sys.executable, "-c", code, str(position)], capture_output=True, text=True,
                              cwd=Path(__file__).parent.parent)
        assert done.returncode == 0, done.stderr
    assert done.stderr.strip().splitlines()[-1] == "False"


class Noted(Value):
    name: str
    lines: dict = field(default_factory=dict, repr=False, compare=False)


@dataclasses.dataclass
class DataNoted:
    name: str
    lines: dict = dataclasses.field(default_factory=dict, repr=False, compare=False)


def test_a_field_left_out_of_repr_and_equality_as_in_a_dataclass():
    a, b = Noted("x", {"k": 1}), Noted("x", {"k": 2})
    assert a == b and Noted("x") != Noted("y")
    assert DataNoted("x", {"k": 1}) == DataNoted("x", {"k": 2})
    assert repr(a).replace("Noted", "") == repr(DataNoted("x", {"k": 1})).replace("DataNoted", "")
    assert pickle.loads(pickle.dumps(a)).lines == {"k": 1}  # still kept whole
