"""Deck lists as data: assets/decks/<name>.yaml.

A deck is a tuple of physical cards; a card's id is its index in the deck,
which is how the state keeps every card in exactly one place.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import TypedDict

from ..core.cards import DECK_NAME, DRAGON, Card, CardCodeError, Deck, face
from ..core.vocabulary import ACTIONS, ELEMENTS
from ..core.errors import DataError
from ..files.resources import decks_dir
from ..files.yamlfile import read_yaml
from ..core.text import path_text, short

def deck_path(name: str) -> Path:
    """assets/decks/<name>.yaml; DataError for a name that is not a plain name (`../x`, `/etc/x`)."""
    if not isinstance(name, str) or not re.fullmatch(DECK_NAME, name):
        raise DataError(f"deck {short(name)} is not a deck list's name (letters, digits, - and _, like second-edition)")
    return decks_dir() / f"{name}.yaml"


@lru_cache(maxsize=None)
def load_deck(name: str) -> Deck:
    """Load assets/decks/<name>.yaml, with a clear error naming file and key."""
    path = deck_path(name)
    where = path.name
    if not path.is_file():
        available = ", ".join(sorted(p.stem for p in decks_dir().glob("*.yaml")))
        raise DataError(f"deck {short(name)} not found (available: {available})")
    data, _ = read_yaml(path, where)
    if not isinstance(data, dict):
        raise DataError(f"{where}: expected a mapping of deck keys")
    cards: list[Card] = []
    for goal in data.get("goals", []):
        if goal not in ELEMENTS:
            raise DataError(f"{where}: goals: {short(goal)} is not an element")
        cards.append(Card("goal", goal))
    elements = data.get("elements", {})
    if not isinstance(elements, dict):
        raise DataError(f"{where}: elements: expected a mapping of card code to count")
    for code, count in elements.items():
        try:
            face(code)
        except CardCodeError as exc:
            raise DataError(f"{where}: {path_text(('elements', code))}: {exc}") from None
        if not isinstance(count, int) or count < 0:
            raise DataError(f"{where}: {path_text(('elements', code))}: expected a count, got {short(count)}")
        cards.extend(Card("element", code) for _ in range(count))
    wild = data.get("wild", 0)
    cards.extend(Card("element", "*") for _ in range(int(wild)))
    for action, count in (data.get("actions") or {}).items():
        if action not in ACTIONS:
            raise DataError(f"{where}: {path_text(('actions', action))}: unknown action (one of {', '.join(ACTIONS)})")
        cards.extend(Card("action", action) for _ in range(int(count)))
    return Deck(str(data.get("name", name)), tuple(cards))


def combine_decks(elements: Deck, rest: Deck) -> Deck:
    """The element cards of one deck list with the goals and actions of another (Aquarius Rising)."""
    cards = [c for c in rest.cards if c.kind == "goal"]
    cards += [c for c in elements.cards if c.kind == "element"]
    cards += [c for c in rest.cards if c.kind == "action"]
    return Deck(f"{rest.name} with the elements of {elements.name}", tuple(cards))


class DeckData(TypedDict):
    """A deck as plain data: its name, and each card's [kind, code]."""

    name: str
    cards: list[list[str]]


def deck_data(deck: Deck) -> DeckData:
    """A deck as plain data (for the cache of checked rulesets): its name and each card's kind and code."""
    return {"name": deck.name, "cards": [[card.kind, card.code] for card in deck.cards]}


def deck_of_data(data: DeckData) -> Deck:
    """The deck that deck_data gave; ValueError for data it does not give."""
    cards = tuple(Card(kind, code) for kind, code in data["cards"])
    if not isinstance(data["name"], str) or not all(type(c.kind) is str and type(c.code) is str for c in cards):
        raise ValueError("not a deck's data")
    return Deck(data["name"], cards)


def with_dragon(deck: Deck) -> Deck:
    """A deck with the Aquarius Dragon beside it: the card Aquarius Rising's `dragon_start` starts with."""
    return Deck(deck.name, deck.cards + (Card("dragon", DRAGON),))
