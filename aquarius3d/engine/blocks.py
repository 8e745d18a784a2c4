"""The registry of rule building blocks, and the small record class they are written with.

A block is a frozen record registered under a category (deck, setup, turn,
placement, bonus, action, win, end, scoring) and a `type:` name. Its fields are
class annotations with defaults; `field()` adds a description and bounds:

    @block("setup", "deal")
    class DealBlock(Block):
        type: Literal["deal"]
        hand: int = field(3, ge=0, le=60, description="cards dealt to each player")

Playing needs nothing more: a block is built from values already checked, so
starting the program does not import pydantic. Checking a ruleset and writing
its JSON Schema are done by pydantic models made from these declarations when
they are needed (aquarius3d/rules/check.py): the declarations are the schema.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar, Literal, NoReturn, TypeVar, get_origin

CATEGORIES = ("deck", "setup", "turn", "placement", "bonus", "action", "win", "end", "scoring")


class _Missing:
    """The default of a field that has none (it must be given)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "MISSING"


MISSING: Any = _Missing()


class Bounds:
    """What a value may be, beyond its type: `ge` and `le` for numbers, `pattern` (a regular
    expression found in the text: anchor it, ^...$, for the whole), `min_length` and `max_length`
    for text and lists.

    `field()` takes these for a field; inside a type, `Annotated[int, Bounds(ge=1)]` bounds each
    item of a list, say. They are checked when a ruleset is (as pydantic's Field constraints).
    """

    __slots__ = ("ge", "le", "pattern", "min_length", "max_length")

    def __init__(self, *, ge: int | None = None, le: int | None = None, pattern: str | None = None,
                 min_length: int | None = None, max_length: int | None = None) -> None:
        self.ge = ge
        self.le = le
        self.pattern = pattern
        self.min_length = min_length
        self.max_length = max_length

    def constraints(self) -> dict[str, Any]:
        """The bounds that are set, by name."""
        return {name: getattr(self, name) for name in Bounds.__slots__ if getattr(self, name) is not None}

    def __repr__(self) -> str:
        return f"Bounds({', '.join(f'{k}={v!r}' for k, v in self.constraints().items())})"


class FieldSpec:
    """A declared field: its name, its annotation as written, its default (or a function making
    one), what it means for players, and its bounds."""

    __slots__ = ("name", "annotation", "module", "default", "default_factory", "description", "bounds")

    def __init__(self, default: Any = MISSING, default_factory: Callable[[], Any] | None = None,
                 description: str | None = None, bounds: Bounds | None = None) -> None:
        if default is not MISSING and default_factory is not None:
            raise TypeError("a field takes a default or a default_factory, not both")
        self.name = ""
        self.annotation: object = None
        self.module = ""  # the module declaring the field, where a written annotation is read
        self.default = default
        self.default_factory = default_factory
        self.description = description
        self.bounds = bounds or Bounds()

    @property
    def ge(self) -> int | None:
        return self.bounds.ge

    @property
    def le(self) -> int | None:
        return self.bounds.le

    @property
    def required(self) -> bool:
        return self.default is MISSING and self.default_factory is None

    def evaluated(self) -> Any:
        """The annotation as a type (one written as text is read in the declaring module)."""
        if isinstance(self.annotation, str):
            return eval(self.annotation, vars(sys.modules[self.module]))  # noqa: S307 (our own source)
        return self.annotation

    def default_value(self) -> Any:
        """The value the field takes when a file does not give it."""
        if self.default_factory is not None:
            return self.default_factory()
        if self.default is MISSING:
            raise TypeError(f"{self.name} has no default")
        return self.default

def field(default: Any = MISSING, *, default_factory: Callable[[], Any] | None = None,
          description: str | None = None, ge: int | None = None, le: int | None = None,
          pattern: str | None = None, min_length: int | None = None, max_length: int | None = None) -> Any:
    """Declare a field's default (or `default_factory`), its description and its bounds (see Bounds)."""
    bounds = Bounds(ge=ge, le=le, pattern=pattern, min_length=min_length, max_length=max_length)
    return FieldSpec(default, default_factory, description, bounds)


def _is_classvar(annotation: object) -> bool:
    if isinstance(annotation, str):
        return annotation.startswith(("ClassVar", "typing.ClassVar"))
    return annotation is ClassVar or get_origin(annotation) is ClassVar


class FrozenError(AttributeError):
    """A record's fields cannot be changed (make another with `_replace`)."""


class RecordMeta(type):
    """Collects a record class's fields (its annotations that are not ClassVar) and gives each new
    field a slot; the bases' fields come first, a field declared again keeps its place."""

    def __new__(mcs, name: str, bases: tuple[type, ...], namespace: dict[str, Any], **kwargs: Any) -> RecordMeta:
        fields: dict[str, FieldSpec] = {}
        for base in reversed(bases):
            fields.update(getattr(base, "_fields", {}))
        inherited = set(fields)
        for field_name, annotation in namespace.get("__annotations__", {}).items():
            if _is_classvar(annotation):
                if field_name in inherited:
                    raise TypeError(f"{name}.{field_name}: a field of a base cannot become a ClassVar")
                continue
            if field_name.startswith("_"):
                raise TypeError(f"{name}.{field_name}: a field's name may not start with '_'")
            value = namespace.pop(field_name, MISSING)
            spec = value if isinstance(value, FieldSpec) else FieldSpec(value)
            spec.name = field_name
            spec.annotation = annotation
            spec.module = namespace.get("__module__", "")
            fields[field_name] = spec
        namespace["__slots__"] = tuple(n for n in fields if n not in inherited)
        namespace["_fields"] = fields
        return super().__new__(mcs, name, bases, namespace, **kwargs)


def _rebuild(cls: type[R], values: dict[str, Any]) -> R:
    return cls(**values)


R = TypeVar("R", bound="Record")


class Record(metaclass=RecordMeta):
    """Frozen values with declared fields, equal when of one class with equal fields.

    `_fields` holds the declarations by name, in order; `_asdict()`, `_replace(**changes)` and
    `_check()` start with an underscore, as a namedtuple's do, so that no field name hides them.

    Built from values that were checked (a ruleset's, by aquarius3d/rules/check.py): nothing
    is checked here, a missing field takes its default and an unknown one is refused.
    """

    _fields: ClassVar[dict[str, FieldSpec]]

    def __init__(self, **values: Any) -> None:
        for name, spec in self._fields.items():
            value = values.pop(name) if name in values else spec.default_value()
            object.__setattr__(self, name, value)
        if values:
            raise TypeError(f"{type(self).__name__} has no field {', '.join(map(repr, values))}")

    def _check(self) -> None:
        """Raise ValueError with a sentence when the values do not go together (run when a file
        is checked; a record made in code is trusted)."""

    def _asdict(self) -> dict[str, Any]:
        """The fields' values by name (not copied)."""
        return {name: getattr(self, name) for name in self._fields}

    def _replace(self: R, **changes: Any) -> R:
        """A copy with some fields changed."""
        return type(self)(**{**self._asdict(), **changes})

    def __setattr__(self, name: str, value: Any) -> NoReturn:
        raise FrozenError(f"{type(self).__name__} is frozen: {name} cannot be set")

    def __delattr__(self, name: str) -> NoReturn:
        raise FrozenError(f"{type(self).__name__} is frozen: {name} cannot be deleted")

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return all(getattr(self, name) == getattr(other, name) for name in self._fields)

    def __hash__(self) -> int:
        return hash((type(self), *(getattr(self, name) for name in self._fields)))

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._fields)
        return f"{type(self).__name__}({shown})"

    def __reduce__(self) -> tuple[Any, ...]:
        return _rebuild, (type(self), self._asdict())


class Block(Record):
    """Base of every building block."""

    if TYPE_CHECKING:  # every registered block declares it as Literal[its name] (see `block`)
        type: str


_REGISTRY: dict[str, dict[str, type[Block]]] = {category: {} for category in CATEGORIES}
_IMPORT_ALL: list[Callable[[], object]] = []  # what imports every module that registers blocks

B = TypeVar("B", bound=type[Block])


def block(category: str, name: str) -> Callable[[B], B]:
    """Class decorator: register a block under a category and a type name."""

    def register(cls: B) -> B:
        if category not in _REGISTRY:
            raise ValueError(f"unknown block category {category!r}")
        if name in _REGISTRY[category]:
            raise ValueError(f"{category} block {name!r} registered twice")
        # The `type` field must be a Literal of the name so that it can tag a union.
        spec = cls._fields.get("type")
        expected: object = Literal[name]
        if spec is None or spec.evaluated() != expected or not spec.required:
            raise TypeError(f"{cls.__name__}.type must be Literal[{name!r}], without a default")
        _REGISTRY[category][name] = cls
        return cls

    return register


def import_all_with(importer: Callable[[], object]) -> None:
    """Have `importer` called once, before the registry is first listed: it imports every module
    that registers blocks (aquarius3d.games does this), so that a program that needs only some
    families, a ruleset loaded from the cache, imports only those."""
    _IMPORT_ALL.append(importer)


def _import_all() -> None:
    while _IMPORT_ALL:
        _IMPORT_ALL[-1]()  # (removed once it has worked)
        _IMPORT_ALL.pop()


def blocks(category: str) -> dict[str, type[Block]]:
    """Every registered block of a category, by type name: by module name, then in the order each
    module declares them (the same order whichever family happened to be imported first)."""
    _import_all()
    return dict(sorted(_REGISTRY[category].items(), key=lambda item: item[1].__module__))


def registered(category: str, name: str) -> type[Block]:
    """The block registered under that category and type name (every family is imported only when
    it is not registered yet); KeyError when there is none."""
    found = _REGISTRY[category].get(name)
    if found is None:
        _import_all()
        found = _REGISTRY[category][name]
    return found
