"""Checking a ruleset's values, and the JSON Schema of ruleset files: pydantic models made from
the declarations of the records and blocks (aquarius3d/rules/records.py, games/*/blocks.py).

This is the one module that imports pydantic, which alone takes several times a bare Python
start: aquarius3d/rules/ruleset.py imports it only to check a ruleset that the cache of checked ones
(aquarius3d/rules/cache.py) does not hold, and tools/gen_schema.py to write the schema.
Every error becomes one line, `file:line: key.path: reason`.
"""

from __future__ import annotations

from collections.abc import Hashable
from functools import lru_cache
from types import UnionType
from typing import TYPE_CHECKING, Annotated, Any, Literal, Union, get_args, get_origin

from pydantic import BaseModel, ConfigDict, Field, ValidationError, create_model, model_validator

from .. import games
from ..engine import blocks as rules
from ..engine.blocks import MISSING, Bounds, FieldSpec, Record
from .records import OptionSpec, Players, Ruleset, Ruling
from ..core.text import Path_, Places, close_match, path_text, place_text, short

if TYPE_CHECKING:
    from pydantic_core import ErrorDetails

_CONFIG = ConfigDict(extra="forbid", frozen=True)


def _field_info(spec: FieldSpec) -> Any:
    bounds = spec.bounds.constraints()
    if spec.description is not None:
        bounds["description"] = spec.description
    if spec.default_factory is not None:
        return Field(default_factory=spec.default_factory, **bounds)
    if spec.default is MISSING:
        return Field(**bounds)
    return Field(spec.default, **bounds)


def _pydantic_type(kind: Any) -> Any:
    """A declared type with every `Annotated[..., Bounds(...)]` in it made pydantic's Field (the
    type itself when it holds none)."""
    args = get_args(kind)
    if not args or get_origin(kind) is Literal:
        return kind
    if get_origin(kind) is Annotated:
        extras = tuple(Field(**extra.constraints()) if isinstance(extra, Bounds) else extra
                       for extra in kind.__metadata__)
        inner = _pydantic_type(args[0])
        if inner is args[0] and extras == kind.__metadata__:
            return kind
        return Annotated[(inner, *extras)]
    inner_args = tuple(_pydantic_type(arg) for arg in args)
    if all(new is old for new, old in zip(inner_args, args)):
        return kind
    if get_origin(kind) in (Union, UnionType):
        return Union[inner_args]
    return get_origin(kind)[inner_args]


@lru_cache(maxsize=None)
def model_of(cls: type[Record]) -> type[BaseModel]:
    """The pydantic model checking a record class's values: its fields, and its `_check`."""
    fields: dict[str, Any] = {name: (_pydantic_type(spec.evaluated()), _field_info(spec))
                              for name, spec in cls._fields.items()}
    validators: dict[str, Any] = {}  # pydantic's validators (what its decorators give), by name
    if cls._check is not Record._check:
        def check(instance: BaseModel) -> BaseModel:
            cls(**{name: getattr(instance, name) for name in cls._fields})._check()
            return instance

        validators["_check"] = model_validator(mode="after")(check)
    return create_model(cls.__name__, __config__=_CONFIG, __doc__=cls.__doc__, __module__=cls.__module__,
                        __validators__=validators, **fields)


def _union(category: str) -> Any:
    classes = tuple(model_of(cls) for cls in rules.blocks(category).values())
    if len(classes) == 1:
        return classes[0]
    return Annotated[Union[classes], Field(discriminator="type")]


@lru_cache(maxsize=None)
def ruleset_model() -> type[BaseModel]:
    """The pydantic model of a whole ruleset, built from the registered blocks (its keys are
    records.Ruleset's)."""
    players = model_of(Players)
    # The keys' types are made at run time (the registered blocks, the families): for mypy they are values.
    fields: dict[str, Any] = dict(
        id=(str, ...),
        name=(str, ...),
        description=(str, ""),
        extends=(str | None, None),
        family=(Literal[games.FAMILIES], Field(
            "aquarius", description="the game family (a package in aquarius3d/games) whose rules this composes")),
        players=(players, players()),
        deck=(_union("deck"), ...),
        setup=(_union("setup"), ...),
        turn=(_union("turn"), Field({"type": "draw_and_play"}, validate_default=True)),
        placement=(_union("placement"), ...),
        bonus=(_union("bonus"), ...),
        actions=(list[_union("action")], []),  # type: ignore[misc]
        win=(_union("win"), ...),
        end=(_union("end"), ...),
        scoring=(_union("scoring") | None, None),
        rounds=(int, Field(1, ge=1, le=100, description="rounds played; with scoring, the totals decide")),
        options=(dict[str, model_of(OptionSpec)], {}),  # type: ignore[misc]
        rulings=(list[model_of(Ruling)], Field([], description="the rulings players are told (rules help, "  # type: ignore[misc]
                                                               "reference)")),
    )
    model: type[BaseModel] = create_model("Ruleset", __config__=_CONFIG, **fields)
    if list(model.model_fields) != list(Ruleset._fields):
        raise TypeError("ruleset_model's keys are not records.Ruleset's")
    return model


def json_schema() -> dict[str, Any]:
    """The JSON Schema of ruleset files, for editors."""
    schema = ruleset_model().model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "aquarius3d ruleset"
    return schema


def check_option(raw: Any, data: Any, lines: Places, key: str) -> tuple[OptionSpec | None, list[str]]:
    """An option's declaration checked: its record, or None and the problems."""
    try:
        checked = model_of(OptionSpec).model_validate(raw)
    except ValidationError as exc:
        return None, _report(exc, data, lines, ("options", key))
    return OptionSpec(**{name: getattr(checked, name) for name in OptionSpec._fields}), []


def check_ruleset(values: dict[str, Any], data: Any, lines: Places) -> tuple[dict[str, Any] | None, list[str]]:
    """A ruleset's values checked: as plain data (defaults filled in), or None and the problems."""
    try:
        checked = ruleset_model().model_validate(values)
    except ValidationError as exc:
        return None, _report(exc, data, lines)
    return checked.model_dump(), []


# -- errors as lines --------------------------------------------------------------------------------


def _friendly(error: ErrorDetails) -> str:
    kind = error["type"]
    value = error.get("input")
    ctx = error.get("ctx") or {}
    if kind == "missing":
        return "missing required key"
    if kind == "extra_forbidden":
        return "unknown key"
    if kind in ("int_parsing", "int_type", "int_from_float"):
        return f"expected an integer, got {short(value)}"
    if kind in ("bool_parsing", "bool_type"):
        return f"expected true or false, got {short(value)}"
    if kind == "string_type":
        return f"expected text, got {short(value)}"
    if kind in ("dict_type", "model_type", "model_attributes_type"):
        return f"expected a mapping, got {short(value)}"
    if kind == "list_type":
        return f"expected a list, got {short(value)}"
    if kind == "literal_error":
        return f"expected {ctx.get('expected', 'another value')}, got {short(value)}"
    if kind == "union_tag_invalid":
        return f"unknown type {short(ctx.get('tag'))} (known: {ctx.get('expected_tags')})"
    if kind == "union_tag_not_found":
        return "missing 'type' key naming the building block"
    if kind == "greater_than_equal":
        return f"expected at least {ctx.get('ge')}, got {short(value)}"
    if kind == "less_than_equal":
        return f"expected at most {ctx.get('le')}, got {short(value)}"
    if kind == "string_pattern_mismatch":
        return f"{short(value)} is not a plain name (letters, digits, - and _; no folders)"
    if kind == "string_too_long":
        return f"{short(value)} is longer than {ctx.get('max_length')} characters"
    if kind == "too_long":
        return f"expected at most {ctx.get('max_length')} items, got {short(value)}"
    if kind == "value_error":  # our records' own sentences (their _check)
        return str(ctx.get("error", error["msg"]))
    return error["msg"]


def _error_path(loc: tuple[Hashable, ...], data: Any) -> Path_:
    """A pydantic error location as a key path into the data (union tags dropped)."""
    path: list[Hashable] = []
    current = data
    for part in loc:
        if isinstance(current, dict) and part in current:
            current = current[part]
            path.append(part)
        elif isinstance(current, list) and isinstance(part, int) and 0 <= part < len(current):
            current = current[part]
            path.append(part)
        elif isinstance(current, dict) and current.get("type") == part:
            continue  # the tag pydantic adds for a tagged union member
        elif isinstance(part, str) and not part.startswith(("function-", "union[")) and part not in ("bool", "int", "str"):
            path.append(part)
            current = None
    return tuple(path)


def _report(exc: ValidationError, data: Any, lines: Places, prefix: Path_ = ()) -> list[str]:
    found = []
    for error in exc.errors():
        loc = tuple(error["loc"])
        message = None
        if loc and loc[-1] == "[key]" or error["type"] == "invalid_key":
            # The key itself is wrong (a number where a name is wanted): pydantic's loc ends
            # in "[key]", or in the key as text; the input is the key as the file wrote it.
            loc = loc[:-1] + ((error["input"],) if error["type"] == "invalid_key" else ())
            message = f"expected text as the key, got {short(error['input'])}"
        path = prefix + _error_path(loc, _dig(data, prefix))
        if error["type"] == "union_tag_invalid":
            path += ("type",)  # point at the `type:` line itself
        message = message or _friendly(error)
        if error["type"] == "extra_forbidden":
            message = _unknown_key_message(path, data)
        if len(message) > 400:  # a long list of choices, or a value pydantic quotes in full
            message = message[:399] + "…"
        found.append(f"{place_text(lines, path)}: {path_text(path, data)}: {message}")
    return found


def _dig(data: Any, path: Path_) -> Any:
    for part in path:
        data = data[part]
    return data


def _unknown_key_message(path: Path_, data: Any) -> str:
    key = path[-1] if path else "?"
    parent = path[:-1]
    known: list[str] = []
    try:
        holder = _dig(data, parent)
        category = parent[0] if parent else None
        if isinstance(holder, dict) and "type" in holder:
            cat = "action" if category == "actions" else category
            cls = rules.blocks(cat).get(holder["type"]) if cat in rules.CATEGORIES else None
            if cls is not None:
                known = [f for f in cls._fields if f != "type"]
        elif not parent:
            known = list(Ruleset._fields)
        elif len(parent) == 2 and parent[0] == "options":
            known = list(OptionSpec._fields)
    except (KeyError, IndexError, TypeError):
        pass
    hint = close_match(str(key), known)
    if hint:
        return f"unknown key (did you mean {hint[0]!r}?)"
    if known:
        return f"unknown key (known: {', '.join(known)})"
    return "unknown key"
