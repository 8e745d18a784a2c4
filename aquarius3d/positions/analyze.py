"""Position files and `analyze` (the contract in POSITIONS.md).

A position is a table at one moment. `read_position` (file.py) checks
the file's form and raises PositionError naming every problem: first as
POSITIONS.md writes errors (`pos.yaml: cards[2].card: 'FWX' is not a card code`),
then each with its line (`pos.yaml:5: cards[2].card: ...`);
`analyze` answers questions about a well-formed position, including whether
the rules could have produced it (`valid`, with reasons in `errors`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core import geometry
from ..core.cards import DRAGON, canonical, face
from ..core.vocabulary import ACTIONS, BIT, ELEMENT_OF, ELEMENTS, LETTER_OF, LETTERS, PYRAMID_COLOUR
from ..core.errors import DataError
from ..games import analyst
from .file import Position, PositionError, line_of
from ..rules.ruleset import RulesetError, load_ruleset, ruleset_path
from ..core.text import key_text

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..engine.state import State
    from ..engine.table import Table

PYRAMID_COLOURS = set(PYRAMID_COLOUR.values()) | {"w", "c"}


# -- analysis -------------------------------------------------------------------------------


def load_game(position: Position) -> Game:
    """The game a position is for, with its options; errors name the position's keys.

    A problem with an option the position chose is told under `options`, any
    other problem of the ruleset under `ruleset`, each with the position's line.
    """
    try:
        game = load_ruleset(position.ruleset, position.options)
    except DataError as exc:
        problems = exc.problems if isinstance(exc, RulesetError) else str(exc).splitlines()
        try:
            where = ruleset_path(position.ruleset).name
        except (OSError, ValueError):
            where = ""
        told = []
        chosen = {key_text(key): key for key in position.options}
        for problem in problems:
            head = problem.split(": ", 2)
            option = head[1].split(".", 1)[1].split("[", 1)[0] if len(head) > 1 and head[1].startswith("options.") else None
            if head[0] == where and option in chosen:
                told.append((line_of(position.lines, ("options", chosen[option])), "options", problem))
            else:
                told.append((line_of(position.lines, ("ruleset",)), "ruleset", problem))
        raise PositionError(position.source, told) from None
    starter = game.placement.starter_problem  # Dominus: the table lies around the starter
    refused = starter({c.at[:2] for c in position.cards if c.at[2] == 0}) if starter else None
    if refused:
        raise PositionError(position.source, [(line_of(position.lines, ("cards",)), "cards", refused)])
    return game


def analyze(position: Position, game: Game | None = None) -> dict[str, Any]:
    """The answers of POSITIONS.md for a position, as a JSON-ready dict."""
    game = game or load_game(position)
    from ..engine.table import Table

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


def _probe(game: Game, table: Table, code: str, state: State | None = None) -> dict[str, Any]:
    """Distinct legal placements (cell, storey and face) of a card; `vertical` counts those on pyramids."""
    upright = face(code)
    faces = [upright] if upright.symmetric else [upright, upright.turned]
    count = sum(len(game.placement.cells(table, f)) for f in faces)
    vertical = 0
    spots = game.placement.vertical_spots  # (a state comes with Aquarius Rising's placement, which has them)
    if state is not None and spots is not None:
        vertical = sum(len(spots(game, state, f)) for f in faces)
    return {"card": code, "placements": count + vertical, "vertical": vertical}


def rising_state(position: Position, table: Table) -> State:
    """A state holding a position's table, storeys and pyramids (Aquarius Rising)."""
    from ..games.rising.analysis import position_state

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


def _deck_errors(game: Game, position: Position) -> list[str]:
    """Cards the deck in use does not have (on the table and in hands together)."""
    deck = game.deck
    have: dict[str, int] = {}
    for card_id in set(game.play_ids()) | set(game.goal_ids()):
        card = deck.cards[card_id]
        key = _physical_key(card.code) if card.kind == "element" else f"{card.kind} {card.code}"
        have[key] = have.get(key, 0) + 1
    used: dict[str, int] = {}
    for placed in position.cards:
        if placed.card == DRAGON:
            continue  # _dragon_errors
        key = _physical_key(placed.card)
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


def _dragon_errors(game: Game, position: Position) -> list[str]:
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


def describe(result: dict[str, Any]) -> str:
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
