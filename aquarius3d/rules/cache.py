"""A cache of checked rulesets, so that loading one again needs neither pydantic nor a YAML parse
(of the ruleset or of its deck lists).

Checking a ruleset (aquarius3d/rules/check.py) imports pydantic, which takes several times a
bare Python start. What the check gives for a ruleset file and the options asked for (the
ruleset's values as plain data, the options' values and which option set which key) is kept
in one file per ruleset and options, in the user's cache folder (AQUARIUS3D_CACHE_DIR names
another; set but empty, nothing is kept). An entry is used only when all of these are as
they were when it was written:

- the ruleset file (where it is and every byte of it) and the options, which name the entry;
- every file it extends and its deck lists (assets/decks), whose digests the entry holds;
- the program: its version, Python's, and the size and modification time of every module of
  the rules side (where blocks are declared and rulesets read and checked) and of the installed
  pydantic, all folded into the entry's name (so a change to the code is a new entry).

An entry that cannot be read, does not match its checksum or is stale is ignored, and the
ruleset checked and written again; a cache folder that cannot be written is left alone.
Rulesets with problems are never kept: their messages always come from a fresh check.
The entry holds the deck as the deck lists made it (a list of kinds and codes); it is checked
against the ruleset's action blocks on every load (ruleset.py).
"""

from __future__ import annotations

import json
import os
import sys
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, NotRequired, TypedDict

from ..files.resources import (
    CACHE_VARIABLE as VARIABLE, user_cache_dir as cache_dir)  # noqa: F401  (VARIABLE: for tests)
from ..files.resources import build_mark

try:
    from _blake2 import blake2b  # hashlib would load OpenSSL first, which takes longer than all this
except ImportError:  # pragma: no cover - another Python
    from hashlib import blake2b

if TYPE_CHECKING:
    from .decks import DeckData

FORMAT = 2  # raise when an entry's layout or meaning changes
_TUPLE = "\x00tuple"  # how a tuple is written (JSON has lists only)
_MAPPING = "\x00mapping"  # a mapping whose keys are not all text, or one that could be mistaken for the above


def _digest(data: bytes) -> str:
    return blake2b(data, digest_size=20).hexdigest()


# -- plain data as JSON, exactly ------------------------------------------------------------------


def encode(value: Any) -> Any:
    """Plain data (mappings, lists, tuples, text, numbers, true/false, null) made JSON-ready so that
    `decode` gives it back equal and of the same types; ValueError for anything else."""
    kind = type(value)
    if kind is dict:
        if all(type(key) is str and not key.startswith("\x00") for key in value):
            return {key: encode(item) for key, item in value.items()}
        return {_MAPPING: [[encode(key), encode(item)] for key, item in value.items()]}
    if kind is list:
        return [encode(item) for item in value]
    if kind is tuple:
        return {_TUPLE: [encode(item) for item in value]}
    if kind in (str, int, float, bool) or value is None:
        return value
    raise ValueError(f"{kind.__name__} is not kept in the cache")


def _object(pairs: dict[str, Any]) -> Any:
    if len(pairs) == 1:
        if _TUPLE in pairs:
            return tuple(pairs[_TUPLE])
        if _MAPPING in pairs:
            return {key: item for key, item in pairs[_MAPPING]}
    return pairs


def decode(text: str) -> Any:
    return json.loads(text, object_hook=_object)


# -- what an entry depends on ---------------------------------------------------------------------


def _stat(path: str | Path | None) -> tuple[int, int] | None:
    try:
        found = os.stat(path) if path else None
    except OSError:
        return None
    return (found.st_mtime_ns, found.st_size) if found else None


@lru_cache(maxsize=1)
def program() -> str:
    """A digest of everything in the program that decides what a check gives: the version, Python's,
    and the size and modification time of every module of the rules side (the package's core, files, rules,
    engine and games: the declarations and the checking code) and of the installed pydantic's version file."""
    from importlib.util import find_spec

    from .. import __version__
    from ..games import FAMILIES  # (imports no family)

    package = Path(__file__).parent.parent
    modules = []
    folders = [package / name for name in ("core", "files", "rules", "engine", "games")]
    for folder in folders + [package / "games" / family for family in FAMILIES]:
        try:
            with os.scandir(folder) as found:
                modules += [(entry.path, _stat(entry.path)) for entry in found if entry.name.endswith(".py")]
        except OSError:
            modules.append((str(folder), None))
    pydantic = find_spec("pydantic")
    origin = Path(pydantic.origin).parent / "version.py" if pydantic and pydantic.origin else None
    parts = [FORMAT, __version__, sys.version, sorted(modules), _stat(origin)]
    mark = build_mark()
    if mark is not None:  # the standalone app: its modules have no files to look at, its build stands for them
        parts.append(mark)
    return _digest(repr(parts).encode())


def entry_name(path: Path, raw: bytes, options: dict[str, Any] | None) -> str | None:
    """The name of the entry for a ruleset file (its content `raw`) and options; None when the
    options cannot be kept (values a file could not hold)."""
    try:
        asked = json.dumps(encode(dict(options or {})))
    except (ValueError, TypeError):
        return None
    key = json.dumps([program(), str(path.resolve()), _digest(raw), asked])
    return _digest(key.encode())


# -- reading and writing entries ------------------------------------------------------------------


class Entry(TypedDict):
    """What a check gave for a ruleset file and options, as `write` keeps it."""

    extends: list[list[str]]  # [file, digest] of each file read besides the ruleset
    ruleset: dict[str, Any]  # the checked values, as plain data
    values: dict[str, Any]  # the options' values
    set_by: dict[str, str]  # a key path -> the option that set it
    modules: list[str]  # where the ruleset's blocks come from
    deck: NotRequired[DeckData]


def read(name: str) -> Entry | None:
    """The entry of that name when it is sound and its extended files are unchanged, else None."""
    folder = cache_dir()
    if folder is None:
        return None
    try:
        text = (folder / f"{name}.json").read_text(encoding="ascii")
        check, _, body = text.partition("\n")
        if check != _digest(body.encode()):
            return None
        entry: Entry = decode(body)  # (checked as it is read: anything else is None)
        for file, digest in entry["extends"]:
            if _digest(Path(file).read_bytes()) != digest:
                return None
        return entry if isinstance(entry, dict) else None
    except (OSError, ValueError, KeyError, TypeError, RecursionError):
        return None


def write(name: str, extends: list[tuple[Path, bytes]], ruleset: dict[str, Any], values: dict[str, Any],
          set_by: dict[str, str], modules: list[str], deck: DeckData | None = None) -> None:
    """Keep what a check gave, with the modules its blocks come from and the deck (decks.deck_data;
    an entry without one is checked again when read); `extends` are the files read besides the
    ruleset (what it extends, its deck lists). Silently nothing when it cannot be kept or written."""
    folder = cache_dir()
    if folder is None:
        return
    try:
        entry: Entry = {"extends": [[str(path.resolve()), _digest(raw)] for path, raw in extends],
                 "ruleset": ruleset, "values": values, "set_by": set_by, "modules": modules}
        if deck is not None:
            entry["deck"] = deck
        body = json.dumps(encode(entry), separators=(",", ":"))  # ASCII: any text, even a lone surrogate
    except (ValueError, TypeError):
        return
    target = folder / f"{name}.json"
    temporary = folder / f".{name}.{os.getpid()}.tmp"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        temporary.write_text(f"{_digest(body.encode())}\n{body}", encoding="ascii")
        os.replace(temporary, target)  # whole or not at all, whoever else writes it
    except OSError:
        try:
            temporary.unlink(missing_ok=True)
        except OSError:
            pass
