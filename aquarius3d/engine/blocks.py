"""The registry of rule building blocks.

A block is a frozen pydantic model registered under a category (deck, setup,
placement, bonus, action, win, end) and a `type:` name. Its typed fields are
its schema: the ruleset loader builds a tagged union of every block of a
category, and the JSON Schema for editors is generated from the same classes.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

CATEGORIES = ("deck", "setup", "turn", "placement", "bonus", "action", "win", "end", "scoring")
_REGISTRY: dict[str, dict[str, type["Block"]]] = {category: {} for category in CATEGORIES}


class Block(BaseModel):
    """Base of every building block: frozen, unknown keys refused."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)


def block(category: str, name: str):
    """Class decorator: register a block under a category and a type name."""

    def register(cls: type[Block]) -> type[Block]:
        if category not in _REGISTRY:
            raise ValueError(f"unknown block category {category!r}")
        if name in _REGISTRY[category]:
            raise ValueError(f"{category} block {name!r} registered twice")
        # The `type` field must be a Literal of the name so that it can tag a union.
        annotation = cls.model_fields.get("type")
        if annotation is None or annotation.annotation != Literal[name]:
            raise TypeError(f"{cls.__name__}.type must be Literal[{name!r}]")
        _REGISTRY[category][name] = cls
        return cls

    return register


def blocks(category: str) -> dict[str, type[Block]]:
    """The registered blocks of a category, by type name."""
    return dict(_REGISTRY[category])
