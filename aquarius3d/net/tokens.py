"""The reconnect tokens a player's side keeps, so that the same `aquarius3d join CODE` run again (after a crash,
a closed terminal) takes its seat back: one token a game and name, in the user's data folder beside the saves
(`tokens.json`, written atomically), forgotten when the game ends. Two players joining one game from one
computer give each their own --name."""

from __future__ import annotations

import json
from typing import Any

from ..files import saves
from .code import JoinCode

KEPT = 50  # the newest entries kept: games long over are forgotten


def _path() -> Any:
    return saves.home() / "tokens.json"


def _read() -> dict[str, str]:
    try:
        data = json.loads(_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return {k: v for k, v in data.items() if isinstance(k, str) and isinstance(v, str)} if isinstance(data, dict) else {}


def _key(code: JoinCode, name: str) -> str:
    return f"{code} {name.casefold()}"


def remembered(code: JoinCode, name: str) -> str | None:
    return _read().get(_key(code, name))


def remember(code: JoinCode, name: str, token: str | None) -> None:
    """Keep the token (None: forget it); a disk that refuses is no reason to stop playing."""
    found = _read()
    found.pop(_key(code, name), None)
    if token is not None:
        found[_key(code, name)] = token
    try:
        saves.write_atomic(_path(), dict(list(found.items())[-KEPT:]))
    except OSError:
        pass
