"""Every text a player reads, in English and French: one catalog per language.

    tr("turn_of", name="Ann")    # "Ann's turn" / "Au tour de Ann"

A missing key in one language falls back to English; a missing key in
English is a bug, and a test checks both catalogs have the same keys.

A text with a count is a plural entry: a mapping of forms, `one` and `other`,
each holding `{count}`. `tr` gives it to `plural`, which picks the form the
language uses for that number (English: one for 1 only; French: one for 0 and 1):

    tr("count_cards", count=1)    # "1 card" / "1 carte"
    tr("count_cards", count=0)    # "0 cards" / "0 carte"
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from ..core.geometry import card_top
from ..files.resources import catalogs_dir
from ..files.yamlfile import read_yaml

LANGUAGES = {"en": "English", "fr": "Français"}
_current = "en"

Entry = str | dict[str, str]  # a catalog's text: a string, or a text with a count's plural forms


@lru_cache(maxsize=None)
def catalog(language: str) -> dict[str, Entry]:
    """A language's texts by key: a string, or for a text with a count its plural forms ({"one": .., "other": ..})."""
    path = catalogs_dir() / f"{language}.yaml"
    entries: dict[str, Entry] = read_yaml(path)[0]  # (tests/test_words.py checks the catalogs' form)
    return entries


def set_language(language: str) -> None:
    global _current
    if language not in LANGUAGES:
        raise ValueError(f"unknown language {language!r} (one of {', '.join(LANGUAGES)})")
    _current = language


def language() -> str:
    return _current


def tr(key: str, **values: object) -> str:
    """A text in the language in use, its placeholders filled; a plural entry through `plural` (it needs `count`)."""
    entry = catalog(_current).get(key) or catalog("en")[key]
    if isinstance(entry, dict):
        return plural(key, entry, **values)
    if not values:
        return entry
    if _current == "fr" and ("de {" in entry or "que {" in entry):
        entry = _elide(entry, values)
    return _contract(entry.format(**values))


_VOWELS = "AEIOUYÀÂÄÉÈÊËÎÏÔÖÙÛÜaeiouyàâäéèêëîïôöùûü"
_NAMES = ("name", "giver", "taker")


def _elide(entry: str, values: dict[str, object]) -> str:
    """French elision before a player's name: "Au tour d'Ann", "personne d'autre qu'Ann", not "de Ann"."""
    for field in _NAMES:
        value = str(values.get(field, ""))
        if value[:1] and value[0] in _VOWELS:
            entry = entry.replace(f"de {{{field}}}", f"d'{{{field}}}").replace(f"que {{{field}}}", f"qu'{{{field}}}")
    return entry


PLURAL_FORMS = ("one", "other")


def plural_form(count: int, language: str | None = None) -> str:
    """Which form a count takes: English says "1 card" but "0 cards"; French "0 carte", "1 carte", "2 cartes"."""
    if (language or _current) == "fr":
        return "one" if abs(count) < 2 else "other"
    return "one" if abs(count) == 1 else "other"


def plural(key: str, forms: dict[str, str], **values: Any) -> str:  # values["count"]: a number
    """A plural entry's form for `values["count"]`, filled in ("3 more spots", "1 more spot")."""
    if "count" not in values:
        raise KeyError(f"{key} says a count: give it count=")
    return _contract(forms[plural_form(int(values["count"]))].format(**values))


_CONTRACTED = re.compile(r"(?<![\w'’])([Dd]e|[àÀ]) (les?)(?= )")
_CONTRACTIONS = {("de", "le"): "du", ("de", "les"): "des", ("à", "le"): "au", ("à", "les"): "aux"}


def _contract(text: str) -> str:
    """French contraction where a filled-in placeholder begins with an article: "du panneau Eau", "au panneau",
    "des pyramides", "aux joueurs", never "de le panneau" (a template's "de {target}" with target "le panneau
    Eau…"). No catalog text says "de le" itself (tests/test_french_contractions.py), so only fillings change."""
    if _current != "fr":
        return text

    def contracted(found: re.Match[str]) -> str:
        word = _CONTRACTIONS[(found.group(1).lower(), found.group(2))]
        return word.capitalize() if found.group(1)[0].isupper() else word

    return _CONTRACTED.sub(contracted, text)


def texts(entry: Entry) -> list[str]:
    """The strings of a catalog entry: the entry itself, or each of its plural forms."""
    return list(entry.values()) if isinstance(entry, dict) else [entry]


def has(key: str) -> bool:
    return key in catalog("en")


def number(value: float, digits: int = 1) -> str:
    """A number for people: no trailing zeros ("26", not "26.0"), a decimal comma in French ("26,4")."""
    text = f"{value:.{digits}f}"
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    if text == "-0":
        text = "0"
    return text.replace(".", ",") if _current == "fr" else text


def length(mm: float, digits: int = 1) -> str:
    """A length in millimetres for people: "26 mm", "26.4 mm"; "26,4 mm" in French (a no-break space before mm)."""
    return tr("length_mm", value=number(mm, digits))


HEIGHT_DIGITS = 2  # the pieces' measures are given to the hundredth of a millimetre (core/geometry.py)
FLAT = card_top(0) + 1e-6  # a card's face on the felt: its thickness is no height to read


def height(mm: float) -> str:
    """A height on Aquarius Rising's table, read the same everywhere (the K panel, M's marks, a house's label, the
    end screen): "89.46 mm", to the hundredth of a millimetre, so that two heights that differ never read alike
    and one height never reads two ways; "flat" for a card's face on the felt ("0.3 mm" would read as nonsense)."""
    return tr("heights_flat") if mm <= FLAT else length(mm, HEIGHT_DIGITS)


def choice_name(value: object) -> str:
    """One value an option offers, in words: an action card's name, 'every action', 'by house'..."""
    if has(f"action_{value}"):
        return action_name(str(value))
    if has(f"choice_{value}"):
        return tr(f"choice_{value}")
    return str(value)


def element_name(element: str) -> str:
    return tr(f"element_{element}")


def action_name(action: str) -> str:
    return tr(f"action_{action}")


def pyramid_name(pyramid: str) -> str:
    """'Lr' -> 'large red'; in French the noun with it, each size where French puts it ("grande pyramide rouge",
    "pyramide rouge moyenne"): the catalogs say each size's order (`pyramid_name_S`, `_M`, `_L`)."""
    return tr(f"pyramid_name_{pyramid[0]}", colour=tr(f"colour_{pyramid[1]}"))


OWN_ROWS = {"rising": "Aquarius Rising", "dominus": "Dominus", "towers": "Elemental Towers"}  # a row's first words
GOALS = ("aquarius", "rising")  # the games whose players hold a goal
SOLITAIRE = {"towers": ("U", "Space", "Espace")}  # keys a one-player game has not (no hand-off; its own take-back)


def _row_game(row: str) -> str | None:
    """The game a row of the controls is for (it begins with that game's name and a colon), or None (every game)."""
    for family, name in OWN_ROWS.items():
        if row.startswith(name) and row[len(name):].lstrip(" \xa0").startswith(":"):
            return family
    return None


def game_controls(family: str) -> list[str]:
    """One game's controls (the Rules screen's page for it): the rows for every game, less the keys it has not
    (the goal's where nobody holds one, the hand-off cover and the shared take-back in a solitaire), and its own
    rows without its name before them (the page is its own)."""
    rows = []
    for row in tr("help_text").strip().split("\n"):
        game = _row_game(row)
        if game is not None and game != family:
            continue
        if game is not None:
            row = row[len(OWN_ROWS[game]):].lstrip(" \xa0")[1:].lstrip()
            row = row[:1].upper() + row[1:]  # ("Point at a house: ...")
        parts = [part for part in row.split(GAP)
                 if not (family not in GOALS and part.lstrip().startswith("G "))
                 and (game is not None or part.lstrip().split(" ")[0] not in SOLITAIRE.get(family, ()))]
        if any(part.strip() for part in parts):
            rows.append(GAP.join(parts))
    return rows


GAP = "      "  # between two keys on a row of the controls
