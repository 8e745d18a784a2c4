"""Elemental Towers' best scores (per set of cards, so the same 30 cards played again share one) and the
history of finished games, in the user's data folder."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .saves import home, write_atomic


def towers_path() -> Path:
    return home() / "elemental-towers.json"


def record_towers_score(deck_cards: list[int], score: int, options: dict[str, Any], store: bool = True) -> int:
    """Add a finished solitaire game to the history; the best score so far with the same cards.

    The deck is known by its cards (the same 30 cards played again share a best score).
    """
    import hashlib
    import time

    key = hashlib.sha1(",".join(str(c) for c in sorted(deck_cards)).encode()).hexdigest()[:12]
    path = towers_path()
    try:
        data: Any = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}  # JSON, checked below
        if not isinstance(data, dict):
            data = {}
    except (OSError, ValueError):
        data = {}  # a damaged history is started afresh rather than stopping the game
    history: list[Any] = data.get("history") if isinstance(data.get("history"), list) else []
    best: dict[str, Any] = data.get("best") if isinstance(data.get("best"), dict) else {}
    previous = best.get(key)
    top = max(score, previous) if isinstance(previous, int) else score
    if store:
        history.append({"date": time.strftime("%Y-%m-%d %H:%M"), "deck": key, "score": score,
                        "options": dict(options)})
        best[key] = top
        write_atomic(path, {"history": history[-500:], "best": best})
    return top


def towers_history() -> list[Any]:  # the history's entries as the file holds them (unchecked)
    try:
        data = json.loads(towers_path().read_text(encoding="utf-8"))
        return list(data.get("history", []))
    except (OSError, ValueError, AttributeError):
        return []
