"""Position files as tests: a position, what analyze should say, and moves to play.

A check file is a position file with extra keys:

    expect: {valid: true, largest_group: {fire: 3}}   # a subset of analyze's answers
    moves:                                           # played in turn from the position
      - play: place FWAE @ 1,0
        expect: {bonus: 1, hand_sizes: [3, 3], table: {"1,0": FWAE}}
      - play: zap 5,5
        illegal: no card at 5,5                     # IllegalMove, message containing this

The players' hands are the hands they play from (the player to play has drawn).
The draw pile is `deck:` (card codes or action names, top first) when given,
the other cards then set aside; otherwise every card the position leaves
over, shuffled with `seed` (default 0).
`aquarius3d check FILE...` runs them, and so do the project's tests.
"""

from __future__ import annotations

from typing import Any, NoReturn

from ..core.cards import DRAGON, canonical, face
from ..core.cards import Card, Deck
from ..core.vocabulary import ACTIONS, ELEMENTS
from ..engine.game import ApplyResult, Game
from ..engine import rng as random_source
from ..engine.state import State
from ..engine.table import Table
from ..core.errors import IllegalMove
from .analyze import analyze, load_game
from .file import Position, PositionError, line_of
from ..games import analyst
from ..core.text import Path_, path_text, short


def _refuse(position: Position, path: Path_, reason: str) -> NoReturn:
    raise PositionError(position.source, [(line_of(position.lines, path), path_text(path), reason)])


def position_state(game: Game, position: Position, seed: int = 0) -> tuple[Game, State]:
    """A game and state for a position: its table, players, hands and goals; the rest in the deck.

    Quarter layouts and diagonal strokes are our deck list's choice, so a
    position's quarter card takes the place of the deck's card of the same
    elements: the game returned plays with the deck as the position draws it.
    """
    deck = game.deck
    cards = list(deck.cards)
    free = set(game.play_ids()) | set(game.dragon_ids())
    free_goals = [i for i in game.goal_ids()]

    def take(code: str, path: Path_) -> int:
        if code == DRAGON:  # beside the deck, only with Aquarius Rising's dragon_start
            match = [i for i in game.dragon_ids() if i in free]
            if not match:
                _refuse(position, path, "the Aquarius Dragon (D) is not in this game "
                                        "(Aquarius Rising's dragon_start option) or is already on the table")
            free.discard(match[0])
            return match[0]
        if code in ACTIONS:
            match = [i for i in sorted(free) if deck.cards[i].kind == "action" and deck.cards[i].code == code]
        else:
            match = [i for i in sorted(free) if deck.cards[i].kind == "element" and deck.cards[i].code == code]
            match = match or [
                i for i in sorted(free)
                if deck.cards[i].kind == "element" and canonical(deck.cards[i].code) == canonical(code)
            ]
            layout_free = face(code).kind == "diagonal" or (face(code).kind == "quad" and len(set(code)) == 4)
            if not match and layout_free:
                match = [
                    i for i in sorted(free)
                    if deck.cards[i].kind == "element" and sorted(deck.cards[i].code) == sorted(code)
                ]
                if match:
                    cards[match[0]] = Card("element", code)
        if not match:
            _refuse(position, path, f"no {code} card is left in the {deck.name} deck")
        free.discard(match[0])
        return match[0]

    table = Table()
    storeys: dict[tuple[tuple[int, int], int], tuple[int, str]]  # (cell, level) -> the card's id and face
    pyramids: dict[tuple[tuple[int, int], int], list[str | None]]  # (cell, level) -> its quarters' pyramids
    storeys, pyramids = {}, {}
    for i, card in enumerate(position.cards):
        x, y, level = card.at
        card_id = take(card.card, ("cards", i, "card"))
        if level == 0:
            table.place((x, y), card_id, card.card)
        else:
            storeys[(x, y), level] = (card_id, card.card)
        if card.pyramids and any(card.pyramids):
            pyramids[(x, y), level] = [str(p) if p else None for p in card.pyramids]
    seats = position.players
    if not seats:
        _refuse(position, ("players",), "a position to play from needs players")
    hands = [[take(code, ("players", s, "hand", j)) for j, code in enumerate(p.hand)] for s, p in enumerate(seats)]
    goals: list[int | None] = []
    for s, seat in enumerate(seats):
        if seat.goal is None or not free_goals:
            goals.append(None)
            continue
        match = [g for g in free_goals if deck.cards[g].code == seat.goal]
        if not match:
            _refuse(position, ("players", s, "goal"), f"no {seat.goal} goal card is left")
        free_goals.remove(match[0])
        goals.append(match[0])
    if any(g is not None for g in goals):  # goals held by some players but not others: no deal does that
        for s, goal in enumerate(goals):
            if goal is None:
                _refuse(position, ("players", s), "missing goal: the other players hold goals, so every player needs one")
    state_rng = random_source.seed_state(seed)
    if "deck" in position.extra:
        rest = [take(code, ("deck", i)) for i, code in enumerate(position.extra["deck"])][::-1]
    else:
        rest = sorted(free - set(game.dragon_ids()))  # the Dragon is never drawn
        state_rng = random_source.shuffle(state_rng, rest)
    if cards != list(deck.cards):
        game = Game(game.ruleset, game.options, Deck(deck.name, tuple(cards)))
    targets = [p.target for p in seats] if any(p.target for p in seats) else None
    # The family's own part: Rising's storeys, pyramids and supplies; Elemental Towers' pieces, supply and row.
    data, row = analyst(game.family).play_data(game, position, table, storeys, pyramids)
    if row is not None:
        free_goals = row
    return game, State(
        targets=targets,
        data=data,
        players=[p.name for p in seats],
        hands=hands,
        goals=goals,
        unused_goals=free_goals,
        deck=rest,
        table=table,
        turn=position.turn,
        rng=state_rng,
    )


def _facts(game: Game, state: State, result: ApplyResult | None) -> dict[str, Any]:
    cards = game.deck.cards
    own = state.data.to_dict() if state.data is not None else {}
    return {
        "bonus": result.bonus if result else 0,
        "players": list(state.players),
        "winners": list(state.winners),
        "over": state.over,
        "turn": state.turn,
        "hand_sizes": [len(h) for h in state.hands],
        "hands": [sorted(cards[c].code for c in hand) for hand in state.hands],
        "hand": sorted(cards[c].code for c in state.hands[result.seat]) if result else None,
        "goals": [cards[g].code if g is not None else None for g in state.goals],
        "unused_goals": [cards[g].code for g in state.unused_goals],
        "goals_turned_in": [game.observation(state, s)["goals_turned_in"] for s in range(len(state.players))],
        "table": {f"{x},{y}": f.code for (x, y), f in sorted(state.table.faces.items())},
        "deck": len(state.deck),
        "discard": [cards[c].code for c in state.discard],
        "largest_group": {e: state.table.largest_group(1 << i) for i, e in enumerate(ELEMENTS)},
        "legal_moves": [str(m) for m in game.legal_moves(state)],
        "scores": own.get("scores"),
        "supply": own.get("supply"),
        "pyramids": own.get("pyramids"),
        "storeys": {k: v[1] for k, v in own.get("storeys", {}).items()},
        "phase": state.phase,
        "rounds": own.get("rounds"),
        "end_reason": state.end_reason,
        "pieces": {cell: {q: "+".join(p) for q, p in here.items()} for cell, here in own.get("pieces", {}).items()},
        "pending": [m["colour"] for m in own.get("pending", [])],
        "row": [cards[g].code for g in state.unused_goals],
        "events": own.get("events", []),
        **analyst(game.family).facts(game, state),
    }


class Problem(str):
    """A way a check file and the rules disagree, as text; `path` is the key path it is about."""

    path: Path_ = ()

    @classmethod
    def at(cls, path: Path_, text: str) -> "Problem":
        problem = cls(f"{path_text(path)}: {text}")
        problem.path = path
        return problem


def _compare(expected: Any, actual: Any, path: Path_, problems: list[str]) -> None:
    if isinstance(expected, dict) and isinstance(actual, dict):
        for key, value in expected.items():
            if key not in actual:
                problems.append(Problem.at(path + (key,), "not in the answer"))
            else:
                _compare(value, actual[key], path + (key,), problems)
    elif expected != actual:
        problems.append(Problem.at(path, f"expected {short(expected, 200)}, got {short(actual, 200)}"))


def _said(exc: Exception) -> str:
    """An engine's message, which may quote a move from the file: cut if that made it long."""
    text = str(exc)
    return text if len(text) <= 200 else text[:199] + "…"


def run_checks(position: Position) -> list[str]:
    """Every way the rules disagree with a check file; empty when they agree.

    Each problem is a Problem: text starting with the key it is about, its `path`
    the key path (Position.where gives its line).
    """
    problems: list[str] = []
    game = load_game(position)
    expect = position.extra.get("expect")
    if expect:
        _compare(expect, analyze(position, game), ("expect",), problems)
    moves = position.extra.get("moves") or []
    if not moves:
        return problems
    game, state = position_state(game, position, int(position.extra.get("seed", 0) or 0))
    if position.extra.get("phase") == "pyramid":
        state.phase = "pyramid"
    for i, step in enumerate(moves):
        where = ("moves", i)
        if isinstance(step, str):
            step = {"play": step}
        text = step.get("play")
        shown = short(text, 80)
        before = state.to_dict()
        try:
            result = game.apply(state, text)
        except IllegalMove as exc:
            if "illegal" not in step:
                problems.append(Problem.at(where, f"{shown} was refused: {_said(exc)}"))
                return problems
            if str(step["illegal"]) not in str(exc):
                problems.append(Problem.at(where, f"{shown} refused with {short(str(exc), 200)}, "
                                                  f"expected {short(step['illegal'], 80)}"))
            if state.to_dict() != before:
                problems.append(Problem.at(where, f"the refused move {shown} changed the state"))
            continue
        except ValueError as exc:
            problems.append(Problem.at(where, f"{shown}: {_said(exc)}"))
            return problems
        if "illegal" in step:
            problems.append(Problem.at(where, f"{shown} was allowed, expected refusal: {short(step['illegal'], 80)}"))
            return problems
        if step.get("expect"):
            _compare(step["expect"], _facts(game, state, result), where + ("expect",), problems)
    return problems
