"""Saved games and settings in the user's folders, written atomically.

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
from pathlib import Path

import platformdirs

from .errors import DataError

AUTOSAVE = "autosave"
FORMAT = 1


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


def write_atomic(path: Path, data: dict) -> Path:
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


def save(record: dict, name: str = AUTOSAVE) -> Path:
    return write_atomic(save_path(name), {"format": FORMAT, **record})


def saved_games() -> list[Path]:
    """Named saves, newest first (the autosave apart)."""
    folder = saves_dir()
    if not folder.is_dir():
        return []
    found = [p for p in folder.glob("*.json") if p.stem != AUTOSAVE]
    return sorted(found, key=lambda p: p.stat().st_mtime, reverse=True)


def read_record(path: Path) -> dict:
    """A saved game's record, checked; DataError names the file and the key."""
    where = path.name
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise DataError(f"{where}: no such saved game") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise DataError(f"{where}: not a saved game ({exc.__class__.__name__}: {exc})") from None
    if not isinstance(data, dict):
        raise DataError(f"{where}: not a saved game (expected a mapping)")
    checks = {"ruleset": str, "options": dict, "seed": int, "players": list, "moves": list, "seats": list}
    for key, kind in checks.items():
        if not isinstance(data.get(key), kind):
            raise DataError(f"{where}: {key}: missing or not a {kind.__name__}")
    for i, seat in enumerate(data["seats"]):
        if not isinstance(seat, dict) or seat.get("kind") not in ("human", "computer") or not isinstance(seat.get("name"), str):
            raise DataError(f"{where}: seats[{i}]: expected {{name, kind: human or computer}}")
        if "level" in seat:
            from .bots import LEVELS

            if seat["level"] not in LEVELS:
                raise DataError(f"{where}: seats[{i}]: level: {seat['level']!r} is not a computer level "
                                f"({', '.join(LEVELS)})")
    joined = sum(1 for move in data["moves"] if isinstance(move, str) and move.startswith("join "))
    if len(data["seats"]) != len(data["players"]) + joined:
        raise DataError(f"{where}: seats: {len(data['seats'])} seats for {len(data['players'])} players "
                        f"and {joined} who joined later")
    return data


SETTINGS_DEFAULTS = {"language": "en", "window": [1280, 720], "antialiasing": False}


def settings_path() -> Path:
    override = os.environ.get("AQUARIUS3D_HOME")
    base = Path(override) if override else platformdirs.user_config_path("aquarius3d", appauthor=False)
    return base / "settings.json"


def load_settings() -> dict:
    """The settings, with defaults for anything missing or unreadable."""
    settings = dict(SETTINGS_DEFAULTS)
    try:
        stored = json.loads(settings_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return settings
    if isinstance(stored, dict):
        if stored.get("language") in ("en", "fr"):
            settings["language"] = stored["language"]
        window = stored.get("window")
        if isinstance(window, list) and len(window) == 2 and all(isinstance(v, int) and 320 <= v <= 8192 for v in window):
            settings["window"] = window
        if isinstance(stored.get("antialiasing"), bool):
            settings["antialiasing"] = stored["antialiasing"]
    return settings


def store_settings(settings: dict) -> None:
    write_atomic(settings_path(), settings)


# -- Elemental Towers: best scores and a history ----------------------------------------------------


def towers_path() -> Path:
    return home() / "elemental-towers.json"


def record_towers_score(deck_cards: list[int], score: int, options: dict, store: bool = True) -> int:
    """Add a finished solitaire game to the history; the best score so far with the same cards.

    The deck is known by its cards (the same 30 cards played again share a best score).
    """
    import hashlib
    import time

    key = hashlib.sha1(",".join(str(c) for c in sorted(deck_cards)).encode()).hexdigest()[:12]
    path = towers_path()
    try:
        data = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
        if not isinstance(data, dict):
            data = {}
    except (OSError, ValueError):
        data = {}  # a damaged history is started afresh rather than stopping the game
    history = data.get("history") if isinstance(data.get("history"), list) else []
    best = data.get("best") if isinstance(data.get("best"), dict) else {}
    previous = best.get(key)
    top = max(score, previous) if isinstance(previous, int) else score
    if store:
        history.append({"date": time.strftime("%Y-%m-%d %H:%M"), "deck": key, "score": score,
                        "options": dict(options)})
        best[key] = top
        write_atomic(path, {"history": history[-500:], "best": best})
    return top


def towers_history() -> list[dict]:
    try:
        data = json.loads(towers_path().read_text(encoding="utf-8"))
        return list(data.get("history", []))
    except (OSError, ValueError, AttributeError):
        return []
