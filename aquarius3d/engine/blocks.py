"""The registry of rule building blocks.

A block is a frozen pydantic model registered under a category (deck, setup,
placement, bonus, action, win, end) and a `type:` name. Its typed fields are
its schema: the ruleset loader builds a tagged union of every block of a
category, and the JSON Schema for editors is generated from the same classes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal, TypeVar

from pydantic import BaseModel, ConfigDict
from pydantic.fields import FieldInfo

CATEGORIES = ("deck", "setup", "turn", "placement", "bonus", "action", "win", "end", "scoring")
_REGISTRY: dict[str, dict[str, type["Block"]]] = {category: {} for category in CATEGORIES}


class Block(BaseModel):
    """Base of every building block: frozen, unknown keys refused."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)


B = TypeVar("B", bound=type[Block])


def block(category: str, name: str) -> Callable[[B], B]:
    """Class decorator: register a block under a category and a type name."""

    def register(cls: B) -> B:
        if category not in _REGISTRY:
            raise ValueError(f"unknown block category {category!r}")
        if name in _REGISTRY[category]:
            raise ValueError(f"{category} block {name!r} registered twice")
        # The `type` field must be a Literal of the name so that it can tag a union.
        fields: dict[str, FieldInfo] = cls.__pydantic_fields__
        annotation = fields.get("type")
        expected: object = Literal[name]
        if annotation is None or annotation.annotation != expected:
            raise TypeError(f"{cls.__name__}.type must be Literal[{name!r}]")
        _REGISTRY[category][name] = cls
        return cls

    return register


def blocks(category: str) -> dict[str, type[Block]]:
    """The registered blocks of a category, by type name."""
    return dict(_REGISTRY[category])
