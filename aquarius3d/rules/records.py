"""A checked ruleset as records: its players, options, rulings and one block per category.

These are made from values that aquarius3d/rules/check.py accepted (or from the cache of
them, aquarius3d/rules/cache.py); the same declarations give that check its models and the
JSON Schema its keys, so a key's default, bounds and description are written once, here or in
the block's class.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .. import games  # noqa: F401  (the registry can then import every family when it is listed)
from ..engine.blocks import Block, Record, field, registered
from ..core.text import short

if TYPE_CHECKING:
    from ..engine.hooks import SetupBlock
    from ..games.aquarius.actions import ActionBlock
    from ..games.aquarius.blocks import DeckBlock

MAX_PLAYERS = 12  # bounds that keep a mistyped number from hanging the program
MAX_EXTENDS = 20

# The ruleset's keys holding one block, with the category it is registered under.
BLOCK_KEYS = {"deck": "deck", "setup": "setup", "turn": "turn", "placement": "placement", "bonus": "bonus",
              "win": "win", "end": "end", "scoring": "scoring"}


class Players(Record):
    # (no docstring: the JSON Schema would show it)
    min: int = field(2, ge=1, le=MAX_PLAYERS)
    max: int = field(5, ge=1, le=MAX_PLAYERS)

    def _check(self) -> None:
        if self.min > self.max:
            raise ValueError(f"min ({self.min}) is more than max ({self.max})")


class OptionSpec(Record):
    """A variant: its default, and what choosing a value changes."""

    default: bool | int | str | list[int] = field(description="the value when the option is not chosen")
    description: str = field("", description="what the option does, for players")
    choices: list[bool | int | str] | None = field(None, description="the values allowed, if limited")
    min: int | None = field(None, description="the smallest value allowed (numbers)")
    max: int | None = field(None, description="the largest value allowed (numbers)")
    list_max: int | None = field(
        None, ge=1, le=20, description="a list of up to this many different choices (never the default) is allowed too"
    )
    set: list[str] = field(default_factory=list, description="dotted key paths that take the option's value")
    when: dict[str, dict[Any, Any]] = field(default_factory=dict, description="per value, keys merged into the ruleset")
    excludes: list[str] = field(
        default_factory=list,
        description="options that cannot be chosen with this one (both changed from their defaults), either way round",
    )

    def offered(self) -> list[object]:
        """The values a form cycles through: each choice, then (for an option taking a list) the
        first choice after the default paired with each other one, the usual way to add a second."""
        values: list[object] = list(self.choices) if self.choices else [self.default]
        singles = [c for c in values if c != self.default]
        if self.list_max and self.list_max >= 2 and singles:
            values += [[singles[0], other] for other in singles[1:]]
        return values

    def _check(self) -> None:
        if self.list_max is not None and self.choices is None:
            raise ValueError("list_max needs the choices a list may hold")
        numbers = isinstance(self.default, list) or (isinstance(self.default, int) and not isinstance(self.default, bool))
        if (self.min is not None or self.max is not None) and not numbers:
            raise ValueError(f"min and max are for options taking numbers, and the default is {short(self.default)}")


class Ruling(Record):
    """A reading of rule text that could be read otherwise, told to players in their language."""

    en: str = field(description="the ruling in English, one or two sentences a player reads")
    fr: str = field(description="the same ruling in French")
    rule: str = field("", description="the rule text it interprets, quoted")
    option: str | None = field(None, description="the option that chooses the other reading, if there is one")

    def text(self, language: str) -> str:
        return self.fr if language == "fr" else self.en


class Ruleset(Record):
    """A whole ruleset, checked, with its options' values applied. What a file may say here (the
    defaults, and which blocks each key takes) is the model check.ruleset_model builds."""

    id: str
    name: str
    description: str
    extends: str | None
    family: str
    players: Players
    deck: DeckBlock  # (the one deck block: these annotations are for mypy; check.ruleset_model checks files)
    setup: SetupBlock
    turn: Block
    placement: Block
    bonus: Block
    actions: list[ActionBlock]  # (every action block is one)
    win: Block
    end: Block
    scoring: Block | None
    rounds: int
    options: dict[str, OptionSpec]
    rulings: list[Ruling]


def block_of(category: str, data: dict[str, Any]) -> Block:
    """A registered block from its checked values (its `type` names it)."""
    return registered(category, data["type"])(**data)


def ruleset_of(data: dict[str, Any]) -> Ruleset:
    """The records of a ruleset from its checked values, as plain data (what the check gives and the
    cache keeps)."""
    values = dict(data)
    for key, category in BLOCK_KEYS.items():
        if values[key] is not None:
            values[key] = block_of(category, values[key])
    values["actions"] = [block_of("action", action) for action in values["actions"]]
    values["players"] = Players(**values["players"])
    values["options"] = {key: OptionSpec(**spec) for key, spec in values["options"].items()}
    values["rulings"] = [Ruling(**ruling) for ruling in values["rulings"]]
    return Ruleset(**values)


def block_modules(ruleset: Ruleset) -> list[str]:
    """The modules the ruleset's blocks come from (importing them registers the blocks)."""
    found = [ruleset.actions] + [[getattr(ruleset, key)] for key in BLOCK_KEYS]
    return sorted({type(item).__module__ for items in found for item in items if item is not None})
