"""Shared helpers for the tests: random positions reached by play, invariant checks."""

from __future__ import annotations

import random

import pytest

from aquarius3d.engine.game import Game
from aquarius3d.engine.state import State


def sweep(cases, by=lambda values: values[0]):
    """Every case of a sweep as pytest parameters, all but the first of each group marked slow, so that
    `pytest -m "not slow"` keeps one case of each and the whole suite runs them all. A case's group is
    `by` of its values (its first value, the ruleset, by default); with `by=None` the cases are one group."""
    seen = set()
    params = []
    for case in cases:
        values = case if isinstance(case, tuple) else (case,)
        group = by(values) if by else None
        marks = () if group not in seen else (pytest.mark.slow,)
        seen.add(group)
        params.append(pytest.param(*values, marks=marks))
    return params


def all_cards(game: Game, state: State) -> list[int]:
    """Every card id the state holds, wherever it is."""
    found = [c for hand in state.hands for c in hand]
    found += [g for g in state.goals if g is not None]
    found += state.unused_goals + state.deck + state.discard + list(state.table.cards.values())
    # A family's own places: cards on pyramids (Rising); cards back in the box, the draft's pool and offer,
    # the goals set aside while drafting, an action card being resolved (Elemental Towers).
    found += state.data.cards() if state.data is not None else []
    return found


def assert_every_card_once(game: Game, state: State) -> None:
    found = all_cards(game, state)
    assert sorted(found) == sorted(game.play_ids() + game.goal_ids() + game.dragon_ids()), "a card is lost or in two places"


def play_random(game: Game, players: int, seed: int, steps: int):
    """Play up to `steps` random moves; yields the state before each move."""
    state = game.new_state([f"P{i}" for i in range(players)], seed=seed)
    chooser = random.Random(seed)
    for _ in range(steps):
        if state.over:
            return
        yield state
        moves = game.legal_moves(state)
        game.apply(state, moves[chooser.randrange(len(moves))])


def joining_session():
    """A hot-seat Aquarius session for Ann and Bo where seven fire panels lie together and the top unused
    goal is fire (tests/positions/aquarius/join-and-win-at-once.yaml): whoever joins wins at once."""
    from pathlib import Path

    from aquarius3d.positions.checks import position_state
    from aquarius3d.positions.analyze import load_game
    from aquarius3d.positions.file import read_position
    from aquarius3d.session import Seat, Session

    position = read_position(Path(__file__).parent / "positions" / "aquarius" / "join-and-win-at-once.yaml")
    game, state = position_state(load_game(position), position)
    session = Session(game, [Seat("Ann"), Seat("Bo")], seed=1, autosave=False)
    session.state = state
    session._begin_turn()
    return session
