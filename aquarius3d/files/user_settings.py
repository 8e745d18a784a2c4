"""The player's settings (language, window size, smoother edges, the first-game tour, volume), kept in the
user's configuration folder (AQUARIUS3D_HOME, when set, instead); anything missing or unreadable is a default."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import TypedDict

import platformdirs

from .saves import write_atomic



class Settings(TypedDict):
    language: str  # "en" or "fr"
    window: list[int]  # width, height
    antialiasing: bool
    tour: bool
    volume: int


SETTINGS_DEFAULTS: Settings = {"language": "en", "window": [1280, 720], "antialiasing": False, "tour": True,
                     "volume": 60}  # tour: the first-game tour is still to be shown (screens/tour.py); volume 0-100, 0 off


def settings_path() -> Path:
    override = os.environ.get("AQUARIUS3D_HOME")
    base = Path(override) if override else platformdirs.user_config_path("aquarius3d", appauthor=False)
    return base / "settings.json"


def load_settings() -> Settings:
    """The settings, with defaults for anything missing or unreadable."""
    settings = SETTINGS_DEFAULTS.copy()
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


def store_settings(settings: Settings) -> None:
    write_atomic(settings_path(), settings)
