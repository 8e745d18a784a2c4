"""The player's settings (language, window size, full screen or not, picture quality, smoother edges, the first-game tour, volume, the
interface scale, the log unfolded or not, the last game started from the New game form), kept in the user's configuration folder (AQUARIUS3D_HOME, when set, instead); anything missing or unreadable is a
default."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import TypedDict, cast

import platformdirs

from .saves import write_atomic


class LastGame(TypedDict):
    """The last game started from the New game form, to open it with next time (screens/new_game.py checks it
    against the rulesets as they are then)."""

    ruleset: str
    options: dict[str, object]  # those changed from the default: yes/no, a number, a choice, or a list of them
    seats: list[list[str]]  # [name, kind]: "human" or a computer's level; the game's seats first, then the form's
    # players it left out (a solitaire game's), shown again for a game that seats them
    targets: list[int | None]  # each seat's own number of panels to connect (None: the table's)


class Settings(TypedDict):
    language: str  # "en" or "fr"
    window: list[int]  # width, height
    fullscreen: bool  # the window full screen (Settings, F11); settings stored before it had it: False
    quality: str  # "auto" (found from the renderer, view/quality.py), "low", "medium" or "high"
    smooth_edges: str  # multisampling: "auto" (the quality's choice), "on" or "off"
    tour: bool
    volume: int
    interface_scale: int  # the size of every 2D part, in percent: 100, 125 or 150 (screens/layout.py)
    log_open: bool  # the log of moves unfolded at the table's top right (J), or folded to its tab
    new_game: LastGame | None  # the New game form's last game (None: none yet)


# tour: the first-game tour is still to be shown (screens/tour.py); volume 0-100, 0 off
SETTINGS_DEFAULTS: Settings = {"language": "en", "window": [1280, 720], "fullscreen": False, "quality": "auto",
                               "smooth_edges": "auto",
                               "tour": True, "volume": 60, "interface_scale": 100,
                               "log_open": False, "new_game": None}


QUALITY_CHOICES = ("auto", "low", "medium", "high")
SMOOTH_CHOICES = ("auto", "on", "off")
INTERFACE_SCALES = (100, 125, 150)  # the interface scale's choices, in percent
WINDOW_SIZES = ((1024, 600), (1280, 720), (1600, 900), (1920, 1080))  # the window sizes Settings offers


def offered_window_sizes(display: tuple[int, int]) -> tuple[tuple[int, int], ...]:
    """The window sizes Settings offers on a display of this size: those that fit it; all of them when its size is
    unknown (0) or none fits."""
    fit = tuple(size for size in WINDOW_SIZES if _fits(size, display))
    return fit or WINDOW_SIZES


def window_size(wanted: tuple[int, int], display: tuple[int, int]) -> tuple[int, int]:
    """The size the window opens at on a display of this size, for the size stored (or the default): that one if it
    fits or the display's size is unknown (0), else the largest offered size that fits, else the display's own size
    (a screen smaller than every size offered: cramped, but nothing off it). The stored choice stays as it was."""
    if _fits(wanted, display):
        return wanted
    fit = [size for size in WINDOW_SIZES if _fits(size, display)]
    return fit[-1] if fit else (min(wanted[0], display[0]), min(wanted[1], display[1]))


def _fits(size: tuple[int, int], display: tuple[int, int]) -> bool:
    """Whether a window of this size fits a display of that size; any size does on a display of unknown size."""
    return display[0] <= 0 or display[1] <= 0 or (size[0] <= display[0] and size[1] <= display[1])


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
        if isinstance(stored.get("fullscreen"), bool):
            settings["fullscreen"] = stored["fullscreen"]
        if stored.get("quality") in QUALITY_CHOICES:
            settings["quality"] = stored["quality"]
        if stored.get("smooth_edges") in SMOOTH_CHOICES:
            settings["smooth_edges"] = stored["smooth_edges"]
        elif stored.get("antialiasing") is True:  # (before the quality tiers: a box ticked for smoother edges)
            settings["smooth_edges"] = "on"
        if isinstance(stored.get("tour"), bool):
            settings["tour"] = stored["tour"]
        if isinstance(stored.get("log_open"), bool):
            settings["log_open"] = stored["log_open"]
        volume = stored.get("volume")
        if isinstance(volume, int) and not isinstance(volume, bool) and 0 <= volume <= 100:
            settings["volume"] = volume
        scale = stored.get("interface_scale")
        if scale in INTERFACE_SCALES and not isinstance(scale, bool):
            settings["interface_scale"] = scale
        settings["new_game"] = read_last_game(stored.get("new_game"))
    return settings


def read_last_game(stored: object) -> LastGame | None:
    """The last game as stored, if it has the right shape (names and kinds as short words, at most 8 seats, plain
    option values); else None (the form's defaults)."""
    if not isinstance(stored, dict):
        return None
    ruleset, options = stored.get("ruleset"), stored.get("options", {})
    seats, targets = stored.get("seats"), stored.get("targets", [])
    if not (isinstance(ruleset, str) and isinstance(options, dict) and isinstance(seats, list)
            and isinstance(targets, list)):
        return None
    if not all(isinstance(key, str) and _plain_option(value) for key, value in options.items()):
        return None
    if not 1 <= len(seats) <= 8 or not all(isinstance(seat, list) and len(seat) == 2 and
                                            all(isinstance(part, str) and 0 < len(part) <= 40 for part in seat)
                                            for seat in seats):
        return None
    if len(targets) > len(seats) or not all(target is None or _number(target) for target in targets):
        return None
    return {"ruleset": ruleset, "options": dict(options), "seats": [list(seat) for seat in seats],
            "targets": cast("list[int | None]", list(targets))}


def _number(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 99


def _plain_option(value: object) -> bool:
    """An option's value as the form sets it: yes/no, a number, a word, or a short list of numbers or words."""
    if isinstance(value, (bool, str)) or _number(value):
        return not isinstance(value, str) or len(value) <= 40
    return isinstance(value, list) and 0 < len(value) <= 5 and all(
        _number(part) or (isinstance(part, str) and len(part) <= 40) for part in value)


def store_settings(settings: Settings) -> None:
    write_atomic(settings_path(), settings)
