"""Loading rulesets: rulesets/<id>.yaml composed from registered building blocks.

A ruleset names a block per category by `type:` (see aquarius3d.engine.blocks), may
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
The values are checked by aquarius3d/rules/check.py (pydantic, imported only then);
what a check gave is kept by aquarius3d/rules/cache.py, so that loading the same
ruleset with the same options again reads neither YAML nor pydantic.
"""

from __future__ import annotations

from importlib import import_module
from pathlib import Path
from typing import TYPE_CHECKING, Any

from . import cache as ruleset_cache
from ..core.cards import Deck
from .decks import combine_decks, deck_data, deck_of_data, deck_path, load_deck, with_dragon
from ..core.errors import DataError
from ..files.resources import rulesets_dir
from .records import MAX_EXTENDS, MAX_PLAYERS, OptionSpec, Ruleset, Ruling, block_modules, ruleset_of
from ..files.yamlfile import parse_bytes, parse_yaml, read_bytes, read_yaml
from ..core.text import Places, close_match, key_text, path_text, place_text, short

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..files.yamlfile import Lines

__all__ = ["RulesetError", "load_ruleset", "read_yaml", "path_text", "ruleset_model", "json_schema", "available",
           "OptionSpec", "Ruleset", "Ruling", "MAX_PLAYERS"]


class RulesetError(DataError):
    """A ruleset that cannot be loaded; `problems` holds one line per error."""

    def __init__(self, problems: list[str]) -> None:
        # A line is cut if it grew long (choices or known names listed from a file that holds huge ones).
        self.problems = [p if len(p) <= MAX_LINE else p[:MAX_LINE - 1] + "…" for p in problems]
        super().__init__("\n".join(self.problems))


MAX_LINE = 500  # characters in one line of a message


def ruleset_model() -> Any:
    """The pydantic model of a whole ruleset (imports pydantic: for checks and the schema only)."""
    from .check import ruleset_model as model

    return model()


def json_schema() -> dict[str, Any]:
    """The JSON Schema of ruleset files, for editors (imports pydantic)."""
    from .check import json_schema as schema

    return schema()


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


def _set_path(data: dict[str, Any], dotted: str, value: Any) -> None:
    parts = [int(p) if p.isdigit() else p for p in dotted.split(".")]
    target: Any = data  # mappings and lists of the ruleset's values
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


def _read_tree(name: str, seen: tuple[Path, ...] = (), path: Path | None = None,
               files: list[tuple[Path, bytes]] | None = None) -> tuple[dict[str, Any], Lines]:
    """The ruleset's data with what it extends merged in, and the line of every key; `files`
    gets each file read and its bytes (the ruleset's own first)."""
    path = path or ruleset_path(name)
    if not _is_file(path):
        raise DataError(f"unknown ruleset {short(name)} (available: {', '.join(available())})")
    raw = read_bytes(path)
    if files is not None:
        files.append((path, raw))
    data, lines = parse_bytes(raw, path.name)
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
        base, base_lines = _read_tree(parent, chain, parent_path, files)
        # A variant needs only what it changes: its id is its file's name, its name the base's with that
        # file's name beside it ("Aquarius (quick)"), unless it says otherwise.
        own = {"id": path.stem, "name": f"{base.get('name', short(parent))} ({path.stem})"}
        data = {**own, **data}
        mine = ("id", "name", "description")  # the base's are not the variant's, nor are their lines
        base = {k: v for k, v in base.items() if k not in mine}
        base_lines = {k: v for k, v in base_lines.items() if not (k and k[0] in mine)}
        data = _merge(base, data)
        lines = {**base_lines, **lines}
    return data, lines


def parse_option_value(text: str) -> Any:
    """An option value from the command line: YAML scalars (true, 3, name)."""
    try:
        return parse_yaml(text, "--option")[0]
    except DataError:
        return text


def parse_option_pairs(pairs: list[str] | None) -> dict[str, Any]:
    """The options of a command line's --option KEY=VALUE arguments (every command that takes a ruleset)."""
    options = {}
    for pair in pairs or []:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise DataError(f"--option {pair!r}: expected KEY=VALUE, for example first_edition=true")
        options[key.strip()] = parse_option_value(value)
    return options


def _resolve_options(specs: dict[str, OptionSpec], chosen: dict[str, Any], where: str) -> tuple[dict[str, Any], list[str]]:
    values: dict[str, Any] = {}
    problems = []
    for key in chosen:
        if not isinstance(key, str):
            problems.append(f"{where}: options.{key_text(key)}: expected an option name, got {short(key)}")
        elif key not in specs:
            hint = close_match(key, list(specs))
            known = ", ".join(sorted(specs)) or "none"
            problems.append(
                f"{where}: options.{key_text(key)}: unknown option"
                + (f" (did you mean {hint[0]!r}?)" if hint else f" (options: {known})")
            )
    for key, spec in specs.items():
        value: Any = chosen.get(key, spec.default)  # as asked, checked here
        kind = type(spec.default)
        if isinstance(spec.default, list):  # (a checked default is a plain list, as type() is list asked)
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
                problems.append(f"{where}: options.{key_text(key)}: {problem}")
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
        # (min and max are only declared beside a number (OptionSpec._check), so value is an int where they are)
        if spec.min is not None and value < spec.min or spec.max is not None and value > spec.max:  # type: ignore[operator]
            problems.append(f"{where}: options.{key_text(key)}: {short(value)} is out of range ({spec.min} to {spec.max})")
            continue
        values[key] = value
    return values, problems


def _excluded(specs: dict[str, OptionSpec], values: dict[str, Any], where: str) -> list[str]:
    """Options chosen together that exclude each other (`excludes`, either way round): each pair told once, on the
    later option, naming the earlier one as players know it."""
    chosen = [key for key in specs if key in values and values[key] != specs[key].default]
    problems = []
    for i, key in enumerate(chosen):
        for earlier in chosen[:i]:
            if earlier in specs[key].excludes or key in specs[earlier].excludes:
                known = specs[earlier].description.split(":")[0].strip()
                problems.append(f"{where}: options.{key}: cannot be chosen with {earlier}"
                                + (f" ({known})" if known else "") + ": choose one of them")
    return problems


def _list_problem(spec: OptionSpec, value: list[Any]) -> str | None:
    """Why a list is not a valid value of an option that takes several choices, or None."""
    assert spec.choices is not None and spec.list_max is not None  # (the caller's list_max; OptionSpec._check)
    allowed = [c for c in spec.choices if c != spec.default]
    names = ", ".join(_value_key(c) for c in allowed)
    if not value:
        return f"an empty list chooses nothing: give 1 to {spec.list_max} of {names}"
    for item in value:
        if item not in allowed:
            return f"{short(item)} is not one of {names}"
    twice = next((item for i, item in enumerate(value) if item in value[:i]), None)
    if twice is not None:
        return f"{key_text(_value_key(twice))} is listed twice"
    if len(value) > spec.list_max:
        listed = ", ".join(key_text(_value_key(v)) for v in value[:8]) + (", …" if len(value) > 8 else "")
        return f"at most {spec.list_max} choices, got {len(value)}: {listed}"
    return None


def load_ruleset(name: str, options: dict[str, Any] | None = None) -> Game:
    """Load and check a ruleset with options; returns the compiled Game."""
    from ..engine.game import Game

    path = ruleset_path(name)
    entry_name = None
    try:
        entry_name = ruleset_cache.entry_name(path, read_bytes(path), options)
    except DataError:
        pass  # said by the check below
    entry = ruleset_cache.read(entry_name) if entry_name else None
    if entry is not None:
        try:
            for module in entry["modules"]:  # they register the ruleset's blocks; no other family is imported
                if module.startswith("aquarius3d.games."):
                    import_module(module)
            ruleset, values, set_by = ruleset_of(entry["ruleset"]), dict(entry["values"]), dict(entry["set_by"])
            deck = deck_of_data(entry["deck"])  # the deck lists' digests are among the entry's files
        except Exception:  # an entry that is not what the program writes: check afresh  # noqa: BLE001
            pass
        else:
            if not _deck_problems(ruleset, deck, set_by, path.name, {}):  # else the check below tells them
                return Game(ruleset, values, deck)
    files: list[tuple[Path, bytes]] = []
    ruleset, values, set_by, checked, deck = _check(name, options, files)
    if entry_name:
        try:
            decks = [(deck_path(n), read_bytes(deck_path(n))) for n in (ruleset.deck.name, ruleset.deck.elements) if n]
        except DataError:  # a deck list gone since it was read: keep nothing
            return Game(ruleset, values, deck)
        ruleset_cache.write(entry_name, files[1:] + decks, checked, values, set_by, block_modules(ruleset),
                            deck_data(deck))
    return Game(ruleset, values, deck)


def _check(name: str, options: dict[str, Any] | None, files: list[tuple[Path, bytes]],
           ) -> tuple[Ruleset, dict[str, Any], dict[str, str], dict[str, Any], Deck]:
    """Read a ruleset (and what it extends), apply the options and check everything; returns the
    records, the options' values, which option set which key, the checked values as plain data
    and the deck. Raises RulesetError with every problem."""
    from .. import games
    from .check import check_option, check_ruleset

    data, lines = _read_tree(name, files=files)
    where = ruleset_path(name).name
    problems: list[str] = []
    specs_raw = data.get("options") or {}
    specs: dict[str, OptionSpec] = {}
    if isinstance(specs_raw, dict):
        for key, raw in specs_raw.items():
            if not isinstance(key, str):
                problems.append(f"{place_text(lines, ('options', key))}: options.{key_text(key)}: "
                                f"expected text as the option's name, got {short(key)}")
                continue
            spec, option_problems = check_option(_stringify_when(raw), data, lines, key)
            problems.extend(option_problems)
            if spec is not None:
                specs[key] = spec
    path_problems = []  # told when the ruleset is otherwise right: a wrong block explains them already
    for key, spec in specs.items():
        for i, dotted in enumerate(spec.set):
            problem = _path_problem(data, dotted)
            if problem:
                path_problems.append(f"{place_text(lines, ('options', key, 'set'))}: options.{key}.set[{i}]: {problem}")
    for key, spec in list(specs.items()):
        # An option that sets keys defaults to what the ruleset (with what it extends) says there,
        # so a ruleset that changes win.count also moves its `target` option's default.
        current = _get_path(data, spec.set[0]) if spec.set else _MISSING
        if isinstance(current, tuple):
            current = list(current)
        if current is not _MISSING and type(current) is type(spec.default) and current != spec.default:
            specs[key] = spec._replace(default=current)
    for key, spec in specs.items():
        for i, other in enumerate(spec.excludes):
            # (an option a ruleset extending this one removed, `other: null`, is no mistake: it excludes nothing)
            if other == key or other not in specs and ("options", other) not in lines:
                path_problems.append(f"{place_text(lines, ('options', key, 'excludes'))}: options.{key}.excludes[{i}]: "
                                     f"{short(other)} is not another option of this ruleset")
    values, option_problems = _resolve_options(specs, dict(options or {}), where)
    problems.extend(option_problems)
    problems.extend(_excluded(specs, values, where))
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
    values_to_check = dict(data)
    if isinstance(specs_raw, dict):
        # Options were checked above; the model keeps the valid ones.
        values_to_check["options"] = {k: spec._asdict() for k, spec in specs.items()}
    checked, ruleset_problems = check_ruleset(values_to_check, data, lines)
    problems.extend(ruleset_problems)
    ruleset = ruleset_of(checked) if checked is not None else None
    deck = None
    if ruleset is not None:
        problems.extend(path_problems)
        problems.extend(f"{place_text(lines, path)}: {path_text(path)}: {reason}"
                        for path, reason in games.block_problems(ruleset))
        deck, deck_problems = _deck_of(ruleset, set_by, where, lines)
        problems.extend(deck_problems)
    if problems or ruleset is None or checked is None or deck is None:  # (no deck: its problem is told)
        problems = sorted(dict.fromkeys(problems), key=_line_number)
        if not any(problem.startswith(f"{where}:") for problem in problems):
            # Every problem lies in what the ruleset extends, as this ruleset leaves or changes it.
            problems.insert(0, f"{where}: the ruleset it extends, as {where} changes it, does not load:")
        raise RulesetError(problems)
    return ruleset, values, set_by, checked, deck


def _deck_of(ruleset: Ruleset, set_by: dict[str, str], where: str, lines: Places) -> tuple[Deck | None, list[str]]:
    """The ruleset's deck, and the problems of a deck that does not go with its action blocks."""
    try:
        deck = load_deck(ruleset.deck.name)
        if ruleset.deck.elements:
            deck = combine_decks(load_deck(ruleset.deck.elements), deck)
        if ruleset.setup.dragon_start:  # Aquarius Rising: the promo card starts the table
            deck = with_dragon(deck)
    except DataError as exc:
        key = "elements" if ruleset.deck.elements and "elements" in str(exc) else "name"
        return None, [f"{place_text(lines, ('deck', key))}: deck.{key}: {exc}"]
    return deck, _deck_problems(ruleset, deck, set_by, where, lines)


def _deck_problems(ruleset: Ruleset, deck: Deck, set_by: dict[str, str], where: str, lines: Places) -> list[str]:
    """The problems of a deck that does not go with the ruleset's action blocks."""
    problems = []
    have = {a.card_name for a in ruleset.actions}
    spec = ruleset.deck.kept_actions()
    for card in deck.cards:
        if card.kind != "action" or spec == "none" or (isinstance(spec, list) and card.code not in spec):
            continue
        if card.code not in have:
            problems.append(
                f"{place_text(lines, ('actions',))}: actions: the deck holds {card.code} cards "
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
                f"{place_text(lines, key)}: {path_text(key)}: the {deck.name} deck has no {short(action)} cards"
            )
    return problems


def _line_number(problem: str) -> tuple[str, int]:
    head = problem.split(": ", 1)[0]
    name, _, line = head.rpartition(":")
    return (name, int(line)) if line.isdigit() else (head, 0)


def _stringify_when(raw: Any) -> Any:
    if isinstance(raw, dict) and isinstance(raw.get("when"), dict):
        return {**raw, "when": {_value_key(k): v for k, v in raw["when"].items()}}
    return raw
