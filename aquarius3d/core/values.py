"""Record classes declared like dataclasses, without the cost of @dataclass at start-up.

    class Card(Value, frozen=True):
        kind: str
        code: str = "?"
        seen: list[int] = field(default_factory=list)

@dataclass writes and compiles an __init__, __repr__, __eq__ (and, frozen, __hash__,
__setattr__ and __delattr__) for each class every time the program starts, about a
millisecond a class here, and importing `dataclasses` brings `inspect` with it: together
they were a good part of `aquarius3d analyze`'s start. A Value class is declared the same
way and behaves the same (the fields in annotation order, bases' first; positional or
keyword arguments; equal and, when frozen, hashed by class and fields; `eq=False` keeps
identity; the same repr; a frozen one refuses changes); its methods are shared, written
once here. Fields are ordinary instance attributes, so `cached_property` works on a frozen
one. The shared __init__ is generic (a loop): a class made often (State, a move's result)
writes its own.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, dataclass_transform, get_origin

_MISSING: Any = object()
_set = object.__setattr__


class _Factory:
    __slots__ = ("make", "repr", "compare")

    def __init__(self, make: Callable[[], Any], repr: bool = True, compare: bool = True) -> None:
        self.make = make
        self.repr = repr
        self.compare = compare


def field(*, default_factory: Callable[[], Any], repr: bool = True, compare: bool = True) -> Any:
    """A field whose default is made afresh for each value (a list, a dict); as with dataclasses,
    `repr=False` leaves it out of the repr and `compare=False` out of equality and the hash."""
    return _Factory(default_factory, repr, compare)


class FrozenValueError(AttributeError):
    """A frozen value's fields cannot be changed."""


def _is_classvar(annotation: object) -> bool:
    if isinstance(annotation, str):
        return annotation.startswith(("ClassVar", "typing.ClassVar"))
    return annotation is ClassVar or get_origin(annotation) is ClassVar


@dataclass_transform(field_specifiers=(field,))
class Value:
    """Base of the record classes (see the module docstring); `_fields` names the fields in order."""

    _fields: ClassVar[tuple[str, ...]] = ()
    _field_set: ClassVar[frozenset[str]] = frozenset()
    _defaults: ClassVar[dict[str, Any]] = {}  # name -> default, or a _Factory
    _frozen: ClassVar[bool] = False
    _compared: ClassVar[tuple[str, ...]] = ()  # the fields equality and the hash read
    _shown: ClassVar[tuple[str, ...]] = ()  # the fields the repr shows

    def __init_subclass__(cls, *, frozen: bool = False, eq: bool = True, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        fields = list(cls._fields)
        defaults = dict(cls._defaults)
        for name, annotation in cls.__dict__.get("__annotations__", {}).items():
            if _is_classvar(annotation):
                continue
            if name not in fields:
                fields.append(name)
            if name in cls.__dict__:
                defaults[name] = cls.__dict__[name]
                if isinstance(defaults[name], _Factory):
                    delattr(cls, name)  # not a class attribute: every value gets its own
            else:
                defaults.pop(name, None)
        defaulted = [name in defaults for name in fields]
        if any(defaulted[i] and not defaulted[i + 1] for i in range(len(fields) - 1)):
            raise TypeError(f"{cls.__name__}: a field without a default follows one with a default")
        cls._fields = tuple(fields)
        cls._field_set = frozenset(fields)
        cls._defaults = defaults
        quiet = {n for n, d in defaults.items() if isinstance(d, _Factory) and not d.repr}
        uncompared = {n for n, d in defaults.items() if isinstance(d, _Factory) and not d.compare}
        cls._shown = tuple(n for n in fields if n not in quiet)
        cls._compared = tuple(n for n in fields if n not in uncompared)
        if frozen and not cls._frozen:
            cls._frozen = True
            cls.__setattr__ = _refuse_set  # type: ignore[method-assign,assignment]
            cls.__delattr__ = _refuse_delete  # type: ignore[method-assign,assignment]
        # As @dataclass: what the class body defines stays; eq=False keeps identity, and a value equal
        # by its fields is hashable only when frozen.
        own_eq = "__eq__" in cls.__dict__
        if not eq:
            if not own_eq:
                cls.__eq__ = object.__eq__  # type: ignore[method-assign]
                cls.__hash__ = object.__hash__  # type: ignore[method-assign]
        elif not cls._frozen:
            if cls.__dict__.get("__hash__") is None:
                cls.__hash__ = None  # type: ignore[assignment]
        elif own_eq and cls.__dict__.get("__hash__") is None:
            cls.__hash__ = Value.__hash__  # type: ignore[method-assign]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        # Generic, for values made now and then; a class made often writes its own __init__, setting
        # each field as this does (object.__setattr__ keeps the instance's fast attribute layout).
        names = self._fields
        if not args and kwargs.keys() == self._field_set:  # every field by name (a copy): no defaults
            for name, value in kwargs.items():
                _set(self, name, value)
            return
        if len(args) > len(names):
            raise TypeError(f"{type(self).__name__}() takes {len(names)} values, {len(args)} given")
        for name, value in zip(names, args):
            _set(self, name, value)
        for name, value in kwargs.items():
            if name not in names or names.index(name) < len(args):
                problem = "not a field" if name not in names else "given twice"
                raise TypeError(f"{type(self).__name__}(): {name!r} is {problem}")
            _set(self, name, value)
        for name in names[len(args):]:
            if name not in kwargs:
                default = self._defaults.get(name, _MISSING)
                if default is _MISSING:
                    raise TypeError(f"{type(self).__name__}(): missing {name!r}")
                _set(self, name, default.make() if isinstance(default, _Factory) else default)

    def _values(self) -> tuple[Any, ...]:
        return tuple([getattr(self, name) for name in self._fields])

    def _compared_values(self) -> tuple[Any, ...]:
        return tuple([getattr(self, name) for name in self._compared])

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            assert isinstance(other, Value)
            return self._compared_values() == other._compared_values()
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._compared_values())

    def __repr__(self) -> str:
        return f"{type(self).__name__}({', '.join(f'{n}={getattr(self, n)!r}' for n in self._shown)})"

    def __reduce__(self) -> tuple[Any, ...]:
        return _rebuild, (type(self), self._values())


def _refuse_set(self: Value, name: str, value: Any) -> None:
    raise FrozenValueError(f"cannot assign to field {name!r}")


def _refuse_delete(self: Value, name: str) -> None:
    raise FrozenValueError(f"cannot delete field {name!r}")


def _rebuild(cls: type[Value], values: tuple[Any, ...]) -> Value:
    made = cls.__new__(cls)
    for name, value in zip(cls._fields, values):
        _set(made, name, value)
    return made
