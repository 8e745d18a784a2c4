"""Saved games in the user's folders, written atomically (settings.py and scores.py keep the rest).

A saved game is a game record (ruleset, options, seed, players, moves) plus
who sits where (human or computer); loading replays it, so a save can never
hold an impossible state. Files are written to a temporary name and renamed,
so a crash mid-write never loses or corrupts a game. AQUARIUS3D_HOME, when
set, replaces the user folders (tests use it).
"""

from __future__ import annotations

import json
import os
import re
import tempfile
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import platformdirs

from ..core.errors import DataError
from ..core.text import short

AUTOSAVE = "autosave"
FORMAT = 1  # the version of a saved game's layout; raise it (and add a migration) when the layout changes
Record = dict[str, Any]  # a saved game as JSON: the game's record (engine's Game.record), its seats and looks
MIGRATIONS: dict[int, Callable[[Record], Record]] = {}  # format n -> a function turning a format-n record into format n + 1
MAX_SAVE_BYTES = 8_000_000
MAX_MOVES = 100_000


def home() -> Path:
    override = os.environ.get("AQUARIUS3D_HOME")
    return Path(override) if override else platformdirs.user_data_path("aquarius3d", appauthor=False)


def saves_dir() -> Path:
    return home() / "saves"


def pictures_dir() -> Path:
    override = os.environ.get("AQUARIUS3D_HOME")
    if override:
        return Path(override) / "screenshots"
    pictures = platformdirs.user_pictures_path()
    return (pictures / "aquarius3d") if pictures.parent.exists() else home() / "screenshots"


def write_atomic(path: Path, data: Mapping[str, Any]) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            json.dump(data, out, indent=1)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return path


def save_path(name: str) -> Path:
    safe = re.sub(r"[^\w\- ]", "_", name).strip() or "game"
    return saves_dir() / f"{safe}.json"


def save(record: Record, name: str = AUTOSAVE) -> Path:
    return write_atomic(save_path(name), {"format": FORMAT, **record})


def modified(path: Path) -> float:
    try:
        return path.lstat().st_mtime
    except OSError:
        return 0.0


def saved_games() -> list[Path]:
    """Named saves, newest first (the autosave apart); a broken link or unreadable file is listed too."""
    folder = saves_dir()
    if not folder.is_dir():
        return []
    found = [p for p in folder.glob("*.json") if p.stem != AUTOSAVE]
    return sorted(found, key=modified, reverse=True)


def clean_temporary(older_than: float = 60.0) -> list[Path]:
    """Remove what interrupted writes left (`.NAME.json.XXXX`); returns what went. Run at start."""
    folder = saves_dir()
    removed: list[Path] = []
    if not folder.is_dir():
        return removed
    for path in folder.glob(".*.json.*"):
        if time.time() - modified(path) >= older_than:
            try:
                path.unlink()
                removed.append(path)
            except OSError:
                pass  # someone else's, or already gone
    return removed


def delete(path: Path) -> None:
    """Throw a saved game away (the Load list's Delete): only a file of the saves folder, never elsewhere;
    OSError when it cannot be removed."""
    path = Path(path)
    if path.parent.resolve() != saves_dir().resolve() or path.suffix != ".json":
        raise OSError(f"{path.name} is not a saved game of this program")
    path.unlink()


def _kind_name(kind: type) -> str:
    return {str: "text", dict: "mapping", int: "whole number", list: "list"}[kind]


def read_record(path: Path) -> Record:
    """A saved game's record, checked field by field; DataError names the file and the key.

    Older formats are migrated; a newer one is refused (the program is older than the save).
    """
    where = path.name
    try:
        if path.stat().st_size > MAX_SAVE_BYTES:
            raise DataError(f"{where}: not a saved game (larger than {MAX_SAVE_BYTES // 1_000_000} MB)")
        data: object = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        if path.is_symlink():
            raise DataError(f"{where}: a link to a file that is not there") from None
        raise DataError(f"{where}: no such saved game") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise DataError(f"{where}: not a saved game ({exc.__class__.__name__}: {exc})") from None
    except RecursionError:
        raise DataError(f"{where}: not a saved game (nested too deeply)") from None
    if not isinstance(data, dict):
        raise DataError(f"{where}: not a saved game (expected a mapping)")
    version = data.get("format")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise DataError(f"{where}: format: missing or not a version number")
    if version > FORMAT:
        raise DataError(f"{where}: format: saved by a newer aquarius3d (format {version}; this one reads up to "
                        f"{FORMAT}): update aquarius3d to open it")
    while version < FORMAT:
        data = MIGRATIONS[version](dict(data))
        version += 1
        data["format"] = version
    checks = {"ruleset": str, "options": dict, "seed": int, "players": list, "moves": list, "seats": list}
    for key, kind in checks.items():
        value = data.get(key)
        if not isinstance(value, kind) or isinstance(value, bool):
            raise DataError(f"{where}: {key}: missing or not a {_kind_name(kind)}")
    if not all(isinstance(k, str) for k in data["options"]):
        raise DataError(f"{where}: options: option names must be text")
    for key in ("players", "moves"):
        for i, item in enumerate(data[key]):
            if not isinstance(item, str):
                raise DataError(f"{where}: {key}[{i}]: expected text")
    if len(data["moves"]) > MAX_MOVES:
        raise DataError(f"{where}: moves: more than {MAX_MOVES} moves")
    targets = data.get("targets")
    if targets is not None and (not isinstance(targets, list) or not all(
            t is None or isinstance(t, int) and not isinstance(t, bool) for t in targets)):
        raise DataError(f"{where}: targets: expected a list of whole numbers (or null)")
    if data.get("preset") is not None and not isinstance(data["preset"], dict):
        raise DataError(f"{where}: preset: expected a mapping")
    looks = data.get("looks")
    if looks is not None and (not isinstance(looks, dict) or not all(
            isinstance(k, str) and k.isdigit() and isinstance(v, int) and not isinstance(v, bool)
            for k, v in looks.items())):
        raise DataError(f"{where}: looks: expected a mapping of seat numbers to turns")
    for i, seat in enumerate(data["seats"]):
        if not isinstance(seat, dict) or seat.get("kind") not in ("human", "computer", "remote") or not isinstance(seat.get("name"), str):
            raise DataError(f"{where}: seats[{i}]: expected {{name, kind: human, computer or remote}}")
        if "level" in seat and not isinstance(seat["level"], str):
            raise DataError(f"{where}: seats[{i}]: level: {short(seat['level'])} is not a computer level")
    joined = sum(1 for move in data["moves"] if isinstance(move, str) and move.startswith("join "))
    if len(data["seats"]) != len(data["players"]) + joined:
        raise DataError(f"{where}: seats: {len(data['seats'])} seats for {len(data['players'])} players "
                        f"and {joined} who joined later")
    return data
