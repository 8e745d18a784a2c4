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
import time
from dataclasses import dataclass
from pathlib import Path

import platformdirs

from ..core.errors import DataError
from .yamlfile import short

AUTOSAVE = "autosave"
FORMAT = 1  # the version of a saved game's layout; raise it (and add a migration) when the layout changes
MIGRATIONS: dict = {}  # format n -> a function turning a format-n record into format n + 1
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


def _modified(path: Path) -> float:
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
    return sorted(found, key=_modified, reverse=True)


def clean_temporary(older_than: float = 60.0) -> list[Path]:
    """Remove what interrupted writes left (`.NAME.json.XXXX`); returns what went. Run at start."""
    folder = saves_dir()
    removed = []
    if not folder.is_dir():
        return removed
    for path in folder.glob(".*.json.*"):
        if time.time() - _modified(path) >= older_than:
            try:
                path.unlink()
                removed.append(path)
            except OSError:
                pass  # someone else's, or already gone
    return removed


@dataclass
class SaveEntry:
    """One saved game as the Load list and `aquarius3d saves` show it: a summary, or why it is broken."""

    path: Path
    name: str
    date: str
    ok: bool
    game: str = ""  # the ruleset's name
    players: tuple[str, ...] = ()
    turn: int = 0
    reason: str = ""  # why it cannot be loaded, when not ok
    ruleset: str = ""  # the ruleset's id (the window names the game in the player's language)

    def line(self) -> str:
        if not self.ok:
            return f"{self.name}  {self.date}  broken: {self.reason}"
        return f"{self.name}  {self.date}  {self.game}, {', '.join(self.players)}, turn {self.turn}"


def list_games(autosave: bool = True) -> list[SaveEntry]:
    """Every saved game, newest first (the autosave first when asked for), each checked by loading it."""
    from ..session import Session

    paths = saved_games()
    auto = save_path(AUTOSAVE)
    if autosave and (auto.exists() or auto.is_symlink()):
        paths.insert(0, auto)
    entries = []
    for path in paths:
        stamp = _modified(path)
        date = time.strftime("%Y-%m-%d %H:%M", time.localtime(stamp)) if stamp else "?"
        try:
            session = Session.load(path, autosave=False)
        except DataError as exc:
            reason = exc.in_words()  # a move that cannot be replayed is said in words
            if reason.startswith(f"{path.name}: "):
                reason = reason[len(path.name) + 2:]
            entries.append(SaveEntry(path, path.stem, date, False, reason=reason))
            continue
        entries.append(SaveEntry(path, path.stem, date, True, session.game.ruleset.name,
                                 tuple(s.name for s in session.seats), session.state.turn_number,
                                 ruleset=session.game.id))
    return entries


def _kind_name(kind) -> str:
    return {str: "text", dict: "mapping", int: "whole number", list: "list"}[kind]


def read_record(path: Path) -> dict:
    """A saved game's record, checked field by field; DataError names the file and the key.

    Older formats are migrated; a newer one is refused (the program is older than the save).
    """
    where = path.name
    try:
        if path.stat().st_size > MAX_SAVE_BYTES:
            raise DataError(f"{where}: not a saved game (larger than {MAX_SAVE_BYTES // 1_000_000} MB)")
        data = json.loads(path.read_text(encoding="utf-8"))
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
        if not isinstance(seat, dict) or seat.get("kind") not in ("human", "computer") or not isinstance(seat.get("name"), str):
            raise DataError(f"{where}: seats[{i}]: expected {{name, kind: human or computer}}")
        if "level" in seat:
            from ..bots import LEVELS

            if not isinstance(seat["level"], str) or seat["level"] not in LEVELS:
                raise DataError(f"{where}: seats[{i}]: level: {short(seat['level'])} is not a computer level "
                                f"({', '.join(LEVELS)})")
    joined = sum(1 for move in data["moves"] if isinstance(move, str) and move.startswith("join "))
    if len(data["seats"]) != len(data["players"]) + joined:
        raise DataError(f"{where}: seats: {len(data['seats'])} seats for {len(data['players'])} players "
                        f"and {joined} who joined later")
    return data


SETTINGS_DEFAULTS = {"language": "en", "window": [1280, 720], "antialiasing": False, "tour": True,
                     "volume": 60}  # tour: the first-game tour is still to be shown (screens/tour.py); volume 0-100, 0 off


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
        if isinstance(stored.get("tour"), bool):
            settings["tour"] = stored["tour"]
        volume = stored.get("volume")
        if isinstance(volume, int) and not isinstance(volume, bool) and 0 <= volume <= 100:
            settings["volume"] = volume
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
