"""Loading rulesets: rulesets/<id>.yaml composed from registered building blocks.

A ruleset names a block per category by `type:` (see aquarius3d.rules), may
`extends:` another ruleset (mappings merge, everything else is replaced), and
declares `options:` (variants) with a default and what each changes:

    options:
      first_edition:
        default: false
        description: the first-edition deck
        when: {true: {deck: {name: first-edition}}}   # merged in for that value
      target:
        default: 7
        set: [win.count]                             # these keys take the value

Loading collects every error and reports each as `file:line: key.path: reason`.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, ValidationError, create_model, model_validator

from . import games  # noqa: F401  (registers every family's blocks)
from .engine import blocks as rules
from .decks import combine_decks, load_deck, with_dragon
from .errors import DataError
from .resources import rulesets_dir
from .yamlfile import Path_, key_text, parse_yaml, path_text, read_yaml, short

__all__ = ["RulesetError", "load_ruleset", "read_yaml", "path_text", "ruleset_model", "json_schema", "available"]


class RulesetError(DataError):
    """A ruleset that cannot be loaded; `problems` holds one line per error."""

    def __init__(self, problems: list[str]) -> None:
        # A line is cut if it grew long (choices or known names listed from a file that holds huge ones).
        self.problems = [p if len(p) <= MAX_LINE else p[:MAX_LINE - 1] + "…" for p in problems]
        super().__init__("\n".join(self.problems))


MAX_LINE = 500  # characters in one line of a message
MAX_PLAYERS = 12  # bounds that keep a mistyped number from hanging the program
MAX_EXTENDS = 20


class Players(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)
    min: int = Field(2, ge=1, le=MAX_PLAYERS)
    max: int = Field(5, ge=1, le=MAX_PLAYERS)

    @model_validator(mode="after")
    def _ordered(self):
        if self.min > self.max:
            raise ValueError(f"min ({self.min}) is more than max ({self.max})")
        return self


class OptionSpec(BaseModel):
    """A variant: its default, and what choosing a value changes."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)
    default: bool | int | str | list[int] = Field(description="the value when the option is not chosen")
    description: str = Field("", description="what the option does, for players")
    choices: list[bool | int | str] | None = Field(None, description="the values allowed, if limited")
    min: int | None = Field(None, description="the smallest value allowed (numbers)")
    max: int | None = Field(None, description="the largest value allowed (numbers)")
    list_max: int | None = Field(
        None, ge=1, le=20, description="a list of up to this many different choices (never the default) is allowed too"
    )
    set: list[str] = Field(default_factory=list, description="dotted key paths that take the option's value")
    when: dict[str, dict] = Field(default_factory=dict, description="per value, keys merged into the ruleset")

    def offered(self) -> list:
        """The values a form cycles through: each choice, then (for an option taking a list) the
        first choice after the default paired with each other one, the usual way to add a second."""
        values = list(self.choices or [self.default])
        singles = [c for c in values if c != self.default]
        if self.list_max and self.list_max >= 2 and singles:
            values += [[singles[0], other] for other in singles[1:]]
        return values

    @model_validator(mode="after")
    def _list_needs_choices(self):
        if self.list_max is not None and self.choices is None:
            raise ValueError("list_max needs the choices a list may hold")
        numbers = isinstance(self.default, list) or (isinstance(self.default, int) and not isinstance(self.default, bool))
        if (self.min is not None or self.max is not None) and not numbers:
            raise ValueError(f"min and max are for options taking numbers, and the default is {short(self.default)}")
        return self


class Ruling(BaseModel):
    """A reading of rule text that could be read otherwise, told to players in their language."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)
    en: str = Field(description="the ruling in English, one or two sentences a player reads")
    fr: str = Field(description="the same ruling in French")
    rule: str = Field("", description="the rule text it interprets, quoted")
    option: str | None = Field(None, description="the option that chooses the other reading, if there is one")

    def text(self, language: str) -> str:
        return self.fr if language == "fr" else self.en


def _union(category: str):
    classes = tuple(rules.blocks(category).values())
    if len(classes) == 1:
        return classes[0]
    return Annotated[Union[classes], Field(discriminator="type")]


@lru_cache(maxsize=None)
def ruleset_model() -> type[BaseModel]:
    """The pydantic model of a whole ruleset, built from the registered blocks."""
    return create_model(
        "Ruleset",
        __config__=ConfigDict(extra="forbid", frozen=True),
        id=(str, ...),
        name=(str, ...),
        description=(str, ""),
        extends=(str | None, None),
        family=(Literal[games.FAMILIES], Field(  # type: ignore[valid-type]
            "aquarius", description="the game family (a package in aquarius3d/games) whose rules this composes")),
        players=(Players, Players()),
        deck=(_union("deck"), ...),
        setup=(_union("setup"), ...),
        turn=(_union("turn"), Field({"type": "draw_and_play"}, validate_default=True)),
        placement=(_union("placement"), ...),
        bonus=(_union("bonus"), ...),
        actions=(list[_union("action")], []),
        win=(_union("win"), ...),
        end=(_union("end"), ...),
        scoring=(_union("scoring") | None, None),
        rounds=(int, Field(1, ge=1, le=100, description="rounds played; with scoring, the totals decide")),
        options=(dict[str, OptionSpec], {}),
        rulings=(list[Ruling], Field([], description="the rulings players are told (rules help, reference)")),
    )


def json_schema() -> dict:
    """The JSON Schema of ruleset files, for editors."""
    schema = ruleset_model().model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "aquarius3d ruleset"
    return schema


def _line_of(lines: dict, path: Path_) -> str:
    for cut in range(len(path), -1, -1):
        found = lines.get(tuple(path[:cut]))
        if found:
            return f"{found[0]}:{found[1]}"
    return ""


# -- merging: extends and options -----------------------------------------------------------------


def _merge(base: Any, over: Any) -> Any:
    """Mappings merge key by key; a mapping naming another block `type` replaces the block;
    a key set to null removes what the base had there (an option that does not apply, say)."""
    if isinstance(base, dict) and isinstance(over, dict):
        if "type" in over and base.get("type") != over["type"]:
            return {k: v for k, v in over.items() if v is not None}
        merged = dict(base)
        for key, value in over.items():
            if value is None:
                merged.pop(key, None)
            else:
                merged[key] = _merge(base[key], value) if key in base else value
        return merged
    return over


_MISSING = object()


def _get_path(data: Any, dotted: str) -> Any:
    for part in (int(p) if p.isdigit() else p for p in dotted.split(".")):
        try:
            data = data[part]
        except (KeyError, IndexError, TypeError):
            return _MISSING
    return data


def _path_problem(data: Any, dotted: str) -> str | None:
    """Why an option's `set` path cannot take a value (it runs into a number or text), or None."""
    parts = [int(p) if p.isdigit() else p for p in dotted.split(".")]
    if not all(parts):
        return f"{short(dotted)} is not a dotted key path like setup.hand"
    target = data
    for depth, part in enumerate(parts[:-1]):
        if isinstance(target, dict):
            if part not in target:
                return None  # made when the option is chosen
            target = target[part]
        elif isinstance(target, list) and isinstance(part, int) and part < len(target):
            target = target[part]
        else:
            return f"{'.'.join(map(str, parts[:depth])) or 'the ruleset'} is {short(target)}, which holds no key {short(part)}"
    if not isinstance(target, (dict, list)) or isinstance(target, list) and not (
            isinstance(parts[-1], int) and parts[-1] < len(target)):
        where = ".".join(map(str, parts[:-1])) or "the ruleset"
        return f"{where} is {short(target)}, which holds no key {short(parts[-1])}"
    return None


def _set_path(data: dict, dotted: str, value: Any) -> None:
    parts = [int(p) if p.isdigit() else p for p in dotted.split(".")]
    target = data
    for part in parts[:-1]:
        target = target.setdefault(part, {}) if isinstance(target, dict) else target[part]
    target[parts[-1]] = value


def _value_key(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def ruleset_path(name: str) -> Path:
    """rulesets/<name>.yaml for an id, or the path itself for a file."""
    candidate = Path(name)
    if candidate.suffix in (".yaml", ".yml") or _is_file(candidate):
        return candidate
    return rulesets_dir() / f"{name}.yaml"


def _is_file(path: Path) -> bool:
    """Path.is_file, False for a name the system refuses (too long, a NUL byte) rather than an error."""
    try:
        return path.is_file()
    except (OSError, ValueError):
        return False


def available() -> list[str]:
    return sorted(p.stem for p in rulesets_dir().glob("*.yaml"))


def _parent_path(parent: str, child: Path) -> Path:
    """What `extends:` names: a file is found beside the ruleset that names it, an id among the rulesets."""
    candidate = Path(parent)
    if candidate.suffix in (".yaml", ".yml") or len(candidate.parts) > 1:
        return candidate if candidate.is_absolute() else child.parent / candidate
    return ruleset_path(parent)


def _read_tree(name: str, seen: tuple = (), path: Path | None = None) -> tuple[dict, dict]:
    path = path or ruleset_path(name)
    if not _is_file(path):
        raise DataError(f"unknown ruleset {short(name)} (available: {', '.join(available())})")
    data, lines = read_yaml(path)
    if not isinstance(data, dict):
        raise DataError(f"{path.name}:1: expected a mapping of ruleset keys")
    parent = data.get("extends")
    if parent:
        where = f"{path.name}:{lines.get(('extends',), ('', '?'))[1]}: extends"
        if not isinstance(parent, str):
            raise DataError(f"{where}: expected a ruleset id or file, got {short(parent)}")
        parent_path = _parent_path(parent, path)
        if not _is_file(parent_path):
            raise DataError(f"{where}: unknown ruleset {short(parent)} (available: {', '.join(available())})")
        chain = seen + (path.resolve(),)
        if parent_path.resolve() in chain:
            raise DataError(f"{where}: {short(parent)} extends itself")
        if len(chain) >= MAX_EXTENDS:
            raise DataError(f"{where}: {short(parent)}: more than {MAX_EXTENDS} rulesets extending one another")
        base, base_lines = _read_tree(parent, chain, parent_path)
        base = {k: v for k, v in base.items() if k not in ("id", "name", "description")}
        data = _merge(base, data)
        lines = {**base_lines, **lines}
    return data, lines


def parse_option_value(text: str) -> Any:
    """An option value from the command line: YAML scalars (true, 3, name)."""
    try:
        return parse_yaml(text, "--option")[0]
    except DataError:
        return text


def _resolve_options(specs: dict, chosen: dict, where: str) -> tuple[dict, list[str]]:
    values = {}
    problems = []
    for key in chosen:
        if not isinstance(key, str):
            problems.append(f"{where}: options.{key_text(key)}: expected an option name, got {short(key)}")
        elif key not in specs:
            hint = _close_match(key, list(specs))
            known = ", ".join(sorted(specs)) or "none"
            problems.append(
                f"{where}: options.{key_text(key)}: unknown option"
                + (f" (did you mean {hint[0]!r}?)" if hint else f" (options: {known})")
            )
    for key, spec in specs.items():
        value = chosen.get(key, spec.default)
        kind = type(spec.default)
        if kind is list:
            if (not isinstance(value, list) or len(value) != len(spec.default)
                    or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
                problems.append(f"{where}: options.{key_text(key)}: expected {len(spec.default)} whole numbers "
                                f"like {short(spec.default)}, got {short(value)}")
                continue
            low = [v for v in value if spec.min is not None and v < spec.min or spec.max is not None and v > spec.max]
            if low:
                problems.append(f"{where}: options.{key_text(key)}: {short(value)} is out of range ({spec.min} to {spec.max} each)")
                continue
            values[key] = list(value)
            continue
        if isinstance(value, list) and spec.list_max:
            problem = _list_problem(spec, value)
            if problem:
                problems.append(f"{where}: options.{key}: {problem}")
            else:
                values[key] = list(value)
            continue
        if kind is int and isinstance(value, bool) or not isinstance(value, kind):
            expected = {bool: "true or false", int: "an integer", str: "text"}[kind]
            problems.append(f"{where}: options.{key_text(key)}: expected {expected}, got {short(value)}")
            continue
        if spec.choices is not None and value not in spec.choices:
            choices = ", ".join(key_text(_value_key(c)) for c in spec.choices)
            several = f" (or a list of up to {spec.list_max})" if spec.list_max else ""
            problems.append(f"{where}: options.{key_text(key)}: expected one of {choices}{several}, got {short(value)}")
            continue
        if spec.min is not None and value < spec.min or spec.max is not None and value > spec.max:
            problems.append(f"{where}: options.{key_text(key)}: {short(value)} is out of range ({spec.min} to {spec.max})")
            continue
        values[key] = value
    return values, problems


def _list_problem(spec: OptionSpec, value: list) -> str | None:
    """Why a list is not a valid value of an option that takes several choices, or None."""
    allowed = [c for c in spec.choices if c != spec.default]
    names = ", ".join(_value_key(c) for c in allowed)
    if not value:
        return f"an empty list chooses nothing: give 1 to {spec.list_max} of {names}"
    for item in value:
        if item not in allowed:
            return f"{item!r} is not one of {names}"
    twice = next((item for i, item in enumerate(value) if item in value[:i]), None)
    if twice is not None:
        return f"{_value_key(twice)} is listed twice"
    if len(value) > spec.list_max:
        return f"at most {spec.list_max} choices, got {len(value)}: {', '.join(map(_value_key, value))}"
    return None


def _friendly(error: dict) -> str:
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
    if kind == "value_error":  # our validators' own sentences
        return str(ctx.get("error", error["msg"]))
    return error["msg"]


def _error_path(loc: tuple, data: Any) -> Path_:
    """A pydantic error location as a key path into the data (union tags dropped)."""
    path = []
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




def load_ruleset(name: str, options: dict | None = None):
    """Load and check a ruleset with options; returns the compiled Game."""
    from .engine.game import Game

    data, lines = _read_tree(name)
    where = ruleset_path(name).name
    problems: list[str] = []
    specs_raw = data.get("options") or {}
    specs: dict[str, OptionSpec] = {}
    if isinstance(specs_raw, dict):
        for key, raw in specs_raw.items():
            if not isinstance(key, str):
                problems.append(f"{_line_of(lines, ('options', key))}: options.{key_text(key)}: "
                                f"expected text as the option's name, got {short(key)}")
                continue
            try:
                specs[key] = OptionSpec.model_validate(_stringify_when(raw))
            except ValidationError as exc:
                problems.extend(_report(exc, data, lines, ("options", key)))
    path_problems = []  # told when the ruleset is otherwise right: a wrong block explains them already
    for key, spec in specs.items():
        for i, dotted in enumerate(spec.set):
            problem = _path_problem(data, dotted)
            if problem:
                path_problems.append(f"{_line_of(lines, ('options', key, 'set'))}: options.{key}.set[{i}]: {problem}")
    for key, spec in list(specs.items()):
        # An option that sets keys defaults to what the ruleset (with what it extends) says there,
        # so a ruleset that changes win.count also moves its `target` option's default.
        current = _get_path(data, spec.set[0]) if spec.set else _MISSING
        if isinstance(current, tuple):
            current = list(current)
        if current is not _MISSING and type(current) is type(spec.default) and current != spec.default:
            specs[key] = spec.model_copy(update={"default": current})
    values, option_problems = _resolve_options(specs, dict(options or {}), where)
    problems.extend(option_problems)
    set_by: dict[str, str] = {}  # a key path -> the option that set it (errors then name the option)
    for key, spec in specs.items():
        # An option at its default changes nothing: the ruleset as written is the default.
        if key not in values or values[key] == spec.default:
            continue
        value = values[key]
        patch = spec.when.get(_value_key(value))
        if patch:
            data = _merge(data, patch)
        for dotted in spec.set:
            if _path_problem(data, dotted):
                continue  # said above
            _set_path(data, dotted, value)
            set_by[dotted] = key
    model = ruleset_model()
    ruleset = None
    try:
        checked = dict(data)
        if isinstance(specs_raw, dict):
            # Options were checked above; the model keeps the valid ones.
            checked["options"] = {k: spec.model_dump(warnings=False) for k, spec in specs.items()}
        ruleset = model.model_validate(checked)
    except ValidationError as exc:
        problems.extend(_report(exc, data, lines))
    else:
        problems.extend(path_problems)
        problems.extend(f"{_line_of(lines, path)}: {path_text(path)}: {reason}"
                        for path, reason in games.block_problems(ruleset))
    deck = None
    if ruleset is not None:
        try:
            deck = load_deck(ruleset.deck.name)
            if ruleset.deck.elements:
                deck = combine_decks(load_deck(ruleset.deck.elements), deck)
            if getattr(ruleset.setup, "dragon_start", False):  # Aquarius Rising: the promo card starts the table
                deck = with_dragon(deck)
        except DataError as exc:
            key = "elements" if ruleset.deck.elements and "elements" in str(exc) else "name"
            problems.append(f"{_line_of(lines, ('deck', key))}: deck.{key}: {exc}")
    if ruleset is not None and deck is not None:
        have = {a.card_name for a in ruleset.actions}
        spec = ruleset.deck.kept_actions()
        for card in deck.cards:
            if card.kind != "action" or spec == "none" or (isinstance(spec, list) and card.code not in spec):
                continue
            if card.code not in have:
                problems.append(
                    f"{_line_of(lines, ('actions',))}: actions: the deck holds {card.code} cards "
                    "but no action block of that type says what they do"
                )
                have.add(card.code)
        if isinstance(spec, list):
            single = not isinstance(ruleset.deck.actions, list)
            codes = list(dict.fromkeys(c.code for c in deck.cards if c.kind == "action"))
            for i, action in enumerate(spec):
                if action in codes:
                    continue
                option = set_by.get("deck.actions")
                if option:  # chosen by an option: say so, and what the deck offers
                    problems.append(f"{where}: options.{option}: the {deck.name} deck has no {action} cards "
                                    f"(its actions: {', '.join(codes) or 'none'})")
                    continue
                key = ("deck", "actions") if single else ("deck", "actions", i)
                problems.append(
                    f"{_line_of(lines, key)}: {path_text(key)}: the {deck.name} deck has no {short(action)} cards"
                )
    if problems:
        problems = sorted(dict.fromkeys(problems), key=_line_number)
        if not any(problem.startswith(f"{where}:") for problem in problems):
            # Every problem lies in what the ruleset extends, as this ruleset leaves or changes it.
            problems.insert(0, f"{where}: the ruleset it extends, as {where} changes it, does not load:")
        raise RulesetError(problems)
    return Game(ruleset, values, deck)


def _line_number(problem: str) -> tuple:
    head = problem.split(": ", 1)[0]
    name, _, line = head.rpartition(":")
    return (name, int(line)) if line.isdigit() else (head, 0)


def _stringify_when(raw: Any) -> Any:
    if isinstance(raw, dict) and isinstance(raw.get("when"), dict):
        return {**raw, "when": {_value_key(k): v for k, v in raw["when"].items()}}
    return raw


def _report(exc: ValidationError, data: Any, lines: dict, prefix: Path_ = ()) -> list[str]:
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
            message = _unknown_key_message(path, error, data)
        if len(message) > 400:  # a long list of choices, or a value pydantic quotes in full
            message = message[:399] + "…"
        found.append(f"{_line_of(lines, path)}: {path_text(path, data)}: {message}")
    return found


def _dig(data: Any, path: Path_) -> Any:
    for part in path:
        data = data[part]
    return data


def _close_match(word: str, known: list[str]) -> list[str]:
    import difflib  # only when a file has a mistake: it is not needed to start

    return difflib.get_close_matches(word, known, n=1)


def _unknown_key_message(path: Path_, error: dict, data: Any) -> str:
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
                known = [f for f in cls.model_fields if f != "type"]
        elif not parent:
            known = list(ruleset_model().model_fields)
        elif len(parent) == 2 and parent[0] == "options":
            known = list(OptionSpec.model_fields)
    except (KeyError, IndexError, TypeError):
        pass
    hint = _close_match(str(key), known)
    if hint:
        return f"unknown key (did you mean {hint[0]!r}?)"
    if known:
        return f"unknown key (known: {', '.join(known)})"
    return "unknown key"


