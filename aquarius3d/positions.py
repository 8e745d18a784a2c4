"""Position files and `analyze` (the contract in POSITIONS.md).

A position is a table at one moment. `read_position` checks the file's form
and raises DataError (`pos.yaml: cards[2].card: 'FWX' is not a card code`);
`analyze` answers questions about a well-formed position, including whether
the rules could have produced it (`valid`, with reasons in `errors`).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from . import geometry
from .cards import BIT, DRAGON, ELEMENT_OF, ELEMENTS, LETTER_OF, LETTERS, PYRAMID_COLOUR, CardCodeError, canonical, face
from .decks import ACTIONS
from .errors import DataError
from .games import analyst
from .ruleset import load_ruleset
from .values import Value, field
from .vocabulary import QUARTERS
from .yamlfile import read_yaml, short

PYRAMID_COLOURS = set(PYRAMID_COLOUR.values()) | {"w", "c"}
_PYRAMID = re.compile(r"([SML])([gyrbkwc])")
KNOWN_KEYS = {"ruleset", "options", "cards", "goals", "players", "scoring_row", "probe", "turn",
              "description", "expect", "moves", "seed", "deck", "phase"}  # the last five: check files


class Pyramid(Value, frozen=True):
    size: str  # S, M or L
    colour: str  # g y r b k, or w (white) and c (clear)

    def __str__(self) -> str:
        return self.size + self.colour


class PlacedCard(Value):
    at: tuple[int, int, int]
    card: str  # the face as it lies
    pyramids: tuple[Pyramid | None, ...] | None = None
    pieces: dict[str, tuple[Pyramid, ...]] | None = None


class Seat(Value):
    name: str
    goal: str | None  # element name
    hand: list[str] = field(default_factory=list)  # card codes or action names
    target: int | None = None  # panels this player must connect, where the table agreed one
    supply: list[str] | None = None  # Aquarius Rising: unplayed pyramids


class Position(Value):
    source: str
    ruleset: str
    options: dict
    cards: list[PlacedCard]
    players: list[Seat]
    goals: list[str]  # goal element names held (from goals or players)
    scoring_row: list[str] | None
    probe: list[str]
    turn: int = 0
    extra: dict = field(default_factory=dict)  # keys tests add (expect, moves, illegal)


def _fail(source: str, path: str, reason: str):
    if len(path) > 72:  # a long key written in the file
        path = path[:24] + "…" + path[-47:]
    raise DataError(f"{source}: {path}: {reason}")


def _element(source: str, path: str, value: Any) -> str:
    if isinstance(value, str) and value.strip().lower() in ELEMENTS:
        return value.strip().lower()
    _fail(source, path, f"{short(value)} is not an element (one of {', '.join(ELEMENTS)})")


def _card_code(source: str, path: str, value: Any) -> str:
    if not isinstance(value, str):
        _fail(source, path, f"{short(value)} is not a card code")
    try:
        return face(value).code
    except CardCodeError:
        _fail(source, path, f"{short(value)} is not a card code")


def _pyramid(source: str, path: str, value: Any) -> Pyramid:
    match = _PYRAMID.fullmatch(value) if isinstance(value, str) else None
    if not match:
        _fail(source, path, f"{short(value)} is not a pyramid (a size S, M or L and a colour g, y, r, b, k, w or c, like Lr)")
    return Pyramid(match[1], match[2])


def read_position(path: str | Path, display: str | None = None) -> Position:
    """Read a position file; DataError names the file and key of any mistake."""
    source = display or str(path)
    data, _ = read_yaml(Path(path), source) if Path(path).exists() else _missing(source)
    return parse_position(data, source)


def _missing(source: str):
    raise DataError(f"{source}: no such file")


def parse_position(data: Any, source: str = "<position>") -> Position:
    if not isinstance(data, dict):
        raise DataError(f"{source}: expected a mapping with at least 'ruleset' and 'cards'")
    for key in data:
        if key not in KNOWN_KEYS:
            _fail(source, str(key), f"unknown key (known: {', '.join(sorted(KNOWN_KEYS))})")
    ruleset = data.get("ruleset")
    if not isinstance(ruleset, str) or not ruleset:
        _fail(source, "ruleset", "missing: name a ruleset, for example 'ruleset: aquarius'")
    options = data.get("options") or {}
    if not isinstance(options, dict):
        _fail(source, "options", f"expected a mapping of option names to values, got {short(options)}")
    if "cards" not in data:
        _fail(source, "cards", "missing: the cards on the table, a list (write 'cards: []' for an empty table)")
    cards = _read_cards(source, data["cards"])
    players = _read_players(source, data.get("players"))
    goals_raw = data.get("goals")
    if goals_raw is not None:
        if not isinstance(goals_raw, list):
            _fail(source, "goals", f"expected a list of elements, got {short(goals_raw)}")
        goals = [_element(source, f"goals[{i}]", g) for i, g in enumerate(goals_raw)]
    else:
        goals = [p.goal for p in players if p.goal]
    row = data.get("scoring_row")
    if row is not None:
        if not isinstance(row, list):
            _fail(source, "scoring_row", f"expected a list of elements, got {short(row)}")
        row = [_element(source, f"scoring_row[{i}]", e) for i, e in enumerate(row)]
    probe_raw = data.get("probe") or []
    if not isinstance(probe_raw, list):
        _fail(source, "probe", f"expected a list of card codes, got {short(probe_raw)}")
    probe = [_card_code(source, f"probe[{i}]", c) for i, c in enumerate(probe_raw)]
    turn = data.get("turn", 0)
    if not isinstance(turn, int) or isinstance(turn, bool) or (players and not 0 <= turn < len(players)):
        _fail(source, "turn", f"expected a seat number, got {short(turn)}")
    extra = {k: data[k] for k in ("expect", "moves", "seed", "description", "phase") if k in data}
    if "deck" in data:
        deck = data["deck"]
        if not isinstance(deck, list):
            _fail(source, "deck", f"expected a list of cards, top first, got {short(deck)}")
        extra["deck"] = [c if isinstance(c, str) and c in ACTIONS else _card_code(source, f"deck[{i}]", c) for i, c in enumerate(deck)]
    return Position(source, ruleset, dict(options), cards, players, goals, row, probe, turn, extra)


def _read_cards(source: str, raw: Any) -> list[PlacedCard]:
    if not isinstance(raw, list):
        _fail(source, "cards", f"expected a list of cards, got {short(raw)}")
    cards: list[PlacedCard] = []
    taken: dict[tuple, int] = {}
    for i, entry in enumerate(raw):
        where = f"cards[{i}]"
        if not isinstance(entry, dict):
            _fail(source, where, f"expected a mapping like {{at: [0, 0], card: FWAE}}, got {short(entry)}")
        for key in entry:
            if key not in ("at", "card", "pyramids", "pieces"):
                _fail(source, f"{where}.{key}", "unknown key (known: at, card, pyramids, pieces)")
        at = entry.get("at")
        if (
            not isinstance(at, list)
            or len(at) not in (2, 3)
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in at)
        ):
            _fail(source, f"{where}.at", f"expected [x, y] or [x, y, level] in whole numbers, got {short(at)}")
        cell = (at[0], at[1], at[2] if len(at) == 3 else 0)
        if cell[2] < 0:
            _fail(source, f"{where}.at", f"level {cell[2]} is below the table")
        if cell in taken:
            _fail(source, f"{where}.at", f"cell {_cell_text(cell)} already holds cards[{taken[cell]}]")
        taken[cell] = i
        if "card" not in entry:
            _fail(source, f"{where}.card", "missing card code")
        code = _card_code(source, f"{where}.card", entry["card"])
        pyramids = None
        if entry.get("pyramids") is not None:
            raw_p = entry["pyramids"]
            if not isinstance(raw_p, list) or len(raw_p) != 4:
                _fail(source, f"{where}.pyramids", f"expected four entries (TL, TR, BL, BR), got {short(raw_p)}")
            pyramids = tuple(
                None if p in ("-", None) else _pyramid(source, f"{where}.pyramids[{q}]", p) for q, p in enumerate(raw_p)
            )
        pieces = None
        if entry.get("pieces") is not None:
            raw_q = entry["pieces"]
            if not isinstance(raw_q, dict):
                _fail(source, f"{where}.pieces", f"expected a mapping of quarters to pyramids, got {short(raw_q)}")
            pieces = {}
            for quarter, tower in raw_q.items():
                if quarter not in QUARTERS:
                    _fail(source, f"{where}.pieces.{quarter}", "not a quarter (TL, TR, BL or BR)")
                if not isinstance(tower, str) or not tower:
                    _fail(source, f"{where}.pieces.{quarter}", f"expected a pyramid or a tower like Lr+Mr, got {short(tower)}")
                pieces[quarter] = tuple(
                    _pyramid(source, f"{where}.pieces.{quarter}", part.strip()) for part in tower.split("+")
                )
        cards.append(PlacedCard(cell, code, pyramids, pieces))
    for card in cards:
        x, y, level = card.at
        if level > 0 and (x, y, level - 1) not in taken:
            index = taken[card.at]
            _fail(source, f"cards[{index}].at", f"level {level} at {x},{y} has no card below it on level {level - 1}")
    return cards


def _read_players(source: str, raw: Any) -> list[Seat]:
    if raw is None:
        return []
    if not isinstance(raw, list):
        _fail(source, "players", f"expected a list of players, got {short(raw)}")
    seats = []
    for i, entry in enumerate(raw):
        where = f"players[{i}]"
        if not isinstance(entry, dict):
            _fail(source, where, f"expected a mapping like {{name: Ann, goal: fire, hand: [FWAE]}}, got {short(entry)}")
        for key in entry:
            if key not in ("name", "goal", "hand", "target", "supply"):
                _fail(source, f"{where}.{key}", "unknown key (known: name, goal, hand, target, supply)")
        target = entry.get("target")
        if target is not None and (not isinstance(target, int) or isinstance(target, bool) or target < 1):
            _fail(source, f"{where}.target", f"expected a number of panels, got {short(target)}")
        goal = entry.get("goal")
        goal = _element(source, f"{where}.goal", goal) if goal is not None else None
        hand_raw = entry.get("hand") or []
        if not isinstance(hand_raw, list):
            _fail(source, f"{where}.hand", f"expected a list of cards, got {short(hand_raw)}")
        hand = []
        for j, item in enumerate(hand_raw):
            if isinstance(item, str) and item in ACTIONS:
                hand.append(item)
            else:
                hand.append(_card_code(source, f"{where}.hand[{j}]", item))
        supply = entry.get("supply")
        if supply is not None:
            if not isinstance(supply, list):
                _fail(source, f"{where}.supply", f"expected a list of pyramids like [Lr, Sb], got {short(supply)}")
            supply = [str(_pyramid(source, f"{where}.supply[{j}]", p)) for j, p in enumerate(supply)]
        seats.append(Seat(str(entry.get("name", f"Player {i + 1}")), goal, hand, target, supply))
    return seats


def _cell_text(cell: tuple) -> str:
    return ",".join(str(v) for v in (cell if cell[2] else cell[:2]))


# -- analysis -------------------------------------------------------------------------------


def load_game(position: Position):
    """The game a position is for, with its options; errors name the position's keys."""
    try:
        game = load_ruleset(position.ruleset, position.options)
    except DataError as exc:
        first = str(exc).splitlines()[0]
        if first.startswith("unknown ruleset"):
            raise DataError(f"{position.source}: ruleset: {first}") from None
        raise DataError(f"{position.source}: options: {first}") from None
    starter = game.placement.starter_problem  # Dominus: the table lies around the starter
    problem = starter({c.at[:2] for c in position.cards if c.at[2] == 0}) if starter else None
    if problem:
        raise DataError(f"{position.source}: cards: {problem}")
    return game


def analyze(position: Position, game=None) -> dict:
    """The answers of POSITIONS.md for a position, as a JSON-ready dict."""
    game = game or load_game(position)
    from .engine.table import Table

    table = Table()
    errors: list[str] = []
    family = analyst(game.family)
    for i, card in enumerate(position.cards):
        if not family.STOREYS:
            if card.at[2] > 0:
                errors.append(f"cards[{i}]: {game.ruleset.name} has no cards above the table")
            if card.pyramids and any(card.pyramids):
                errors.append(f"cards[{i}].pyramids: {game.ruleset.name} has no pyramids")
        if card.pieces and not family.PIECES:
            errors.append(f"cards[{i}].pieces: {game.ruleset.name} has no pieces")
    for card in position.cards:
        if card.at[2] == 0:
            table.place(card.at[:2], -1, card.card)
    errors.extend(_deck_errors(game, position))
    errors.extend(_dragon_errors(game, position))
    errors.extend(game.placement.arrangement_errors(table))
    groups = {name: table.largest_group(BIT[LETTER_OF[name]]) for name in ELEMENTS}
    own_errors, state, answers = family.answers(game, position, table, groups)  # games/<family>/analysis.py
    errors.extend(own_errors)
    result: dict[str, Any] = {
        "ruleset": game.id,
        "valid": not errors,
        "errors": errors,
        "largest_group": groups,
        "geometry": {"card_thickness": geometry.CARD_THICKNESS, "pyramid_height": dict(geometry.PYRAMID_HEIGHT)},
    }
    if position.probe:
        result["probe"] = [_probe(game, table, code, state) for code in position.probe]
    result.update(answers)
    return result


def _probe(game, table, code: str, state=None) -> dict:
    """Distinct legal placements (cell, storey and face) of a card; `vertical` counts those on pyramids."""
    upright = face(code)
    faces = [upright] if upright.symmetric else [upright, upright.turned]
    count = sum(len(game.placement.cells(table, f)) for f in faces)
    vertical = 0
    if state is not None:
        vertical = sum(len(game.placement.vertical_spots(game, state, f)) for f in faces)
    return {"card": code, "placements": count + vertical, "vertical": vertical}


def rising_state(position: Position, table):
    """A state holding a position's table, storeys and pyramids (Aquarius Rising)."""
    from .games.rising.analysis import position_state

    return position_state(position, table)


def _physical_key(code: str) -> str:
    """What the deck's facts pin down about a card: its exact face, or less.

    Quarter layouts and the stroke of diagonal cards are not published (our
    deck lists choose them), so those count by their set of elements.
    """
    kind = face(code).kind
    if kind == "quad" and len(set(code)) == 4:
        return "quarter card " + "".join(l for l in LETTERS if l in code)
    if kind == "diagonal":
        return "diagonal card " + "".join(l for l in LETTERS if l in code)
    return canonical(code)


def _key_text(key: str) -> str:
    if key.startswith(("quarter card ", "diagonal card ")):
        prefix, letters = key.rsplit(" ", 1)
        return f"{prefix}s of {' and '.join(ELEMENT_OF[l] for l in letters)}"
    return key


def _deck_errors(game, position: Position) -> list[str]:
    """Cards the deck in use does not have (on the table and in hands together)."""
    deck = game.deck
    have: dict[str, int] = {}
    for card_id in set(game.play_ids()) | set(game.goal_ids()):
        card = deck.cards[card_id]
        key = _physical_key(card.code) if card.kind == "element" else f"{card.kind} {card.code}"
        have[key] = have.get(key, 0) + 1
    used: dict[str, int] = {}
    for card in position.cards:
        if card.card == DRAGON:
            continue  # _dragon_errors
        key = _physical_key(card.card)
        used[key] = used.get(key, 0) + 1
    for seat in position.players:
        for code in seat.hand:
            if code == DRAGON:
                continue
            key = f"action {code}" if code in ACTIONS else _physical_key(code)
            used[key] = used.get(key, 0) + 1
    if any(k.startswith("goal ") for k in have):
        for goal in position.goals:
            used[f"goal {goal}"] = used.get(f"goal {goal}", 0) + 1
    errors = []
    for key, count in sorted(used.items()):
        if count > have.get(key, 0):
            errors.append(f"{_key_text(key)}: {count} in the position, but the {deck.name} deck has {have.get(key, 0)}")
    return errors


def _dragon_errors(game, position: Position) -> list[str]:
    """The Aquarius Dragon (`D`): only with Aquarius Rising's dragon_start, once, at 0,0, never in a hand."""
    errors = []
    used = bool(game.dragon_ids())
    placed = [(i, card) for i, card in enumerate(position.cards) if card.card == DRAGON]
    for i, card in placed:
        if not used:
            errors.append(f"cards[{i}].card: D is the Aquarius Dragon: it needs the dragon_start option"
                          if "dragon_start" in game.ruleset.options
                          else f"cards[{i}].card: D is the Aquarius Dragon, which {game.ruleset.name} does not use")
        elif card.at != (0, 0, 0):
            errors.append(f"cards[{i}].at: the Aquarius Dragon starts the table at 0,0 (and never moves)")
    if len(placed) > 1:
        errors.append(f"cards: {len(placed)} Aquarius Dragons, but there is only one")
    if used and position.cards and not any(card.at == (0, 0, 0) for _, card in placed):
        errors.append("cards: with dragon_start the Aquarius Dragon lies at 0,0")
    for s, seat in enumerate(position.players):
        for j, code in enumerate(seat.hand):
            if code == DRAGON:
                errors.append(f"players[{s}].hand[{j}]: the Aquarius Dragon is never in a hand")
    return errors


def describe(result: dict) -> str:
    """analyze's answers as text for people."""
    lines = [f"ruleset: {result['ruleset']}"]
    lines.append("valid: yes" if result["valid"] else "valid: no")
    lines.extend(f"  - {e}" for e in result["errors"])
    groups = ", ".join(f"{name} {size}" for name, size in result["largest_group"].items())
    lines.append(f"largest connected groups (panels): {groups}")
    if "table" in result:
        table = result["table"]
        lines.append(f"table: {table['columns']} x {table['rows']} cards around the starter at 0,0 "
                     f"(x from {table['x'][0]} to {table['x'][1]}, y from {table['y'][0]} to {table['y'][1]})")
    for entry in result.get("probe", []):
        lines.append(
            f"probe {entry['card']}: {entry['placements']} legal placements ({entry['vertical']} on pyramids)"
        )
    if "score" in result:
        lines.append(f"score if the game ended now: {result['score']} ({result['rank']})")
    if "hand_points" in result:
        lines.append("hand points: " + ", ".join(str(p) for p in result["hand_points"]))
    if "winner" in result:
        winners = result["winner"]
        if len(winners) == 1:
            lines.append(f"winner if the game ended now: {winners[0]}")
        elif winners:
            lines.append(f"winner if the game ended now: a draw between {', '.join(winners)}")
    return "\n".join(lines)
