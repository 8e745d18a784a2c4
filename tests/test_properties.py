"""Property tests (Hypothesis): move notation, whole games, positions, rulesets and saves.

Each property holds for every input Hypothesis draws: valid inputs are accepted
and behave, broken ones give our clean errors (DataError, MoveSyntaxError,
IllegalMove) and never anything else. The "ci" profile (tests/conftest.py)
keeps the whole module to about a minute and repeatable; HYPOTHESIS_PROFILE=long
tries many more.
"""

from __future__ import annotations

import json
import random
import tempfile
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from aquarius3d.core.cards import face
from aquarius3d.engine import moves as m
from aquarius3d.engine.moves import parse_move
from aquarius3d.core.errors import DataError, IllegalMove, MoveSyntaxError
from aquarius3d.positions.analyze import analyze
from aquarius3d.positions.file import parse_position
from aquarius3d.rules.ruleset import load_ruleset
from aquarius3d.core.vocabulary import QUARTERS

from helpers import all_cards, assert_every_card_once

CLEAN = (DataError, IllegalMove, MoveSyntaxError)
_SCALE = settings().max_examples / 25  # the "long" profile scales every test's share up


def examples(n: int):
    return settings(max_examples=max(1, int(n * _SCALE)))


# -- strategies ---------------------------------------------------------------------------------

FACES = sorted({face(code).code for code in ("FFFF", "FWFW", "FFWW", "FWAE", "EAWF", "F\\W", "W\\F", "F/W", "*",
                                              "SSEE", "AESS", "WWWW", "EEAA", "SAFF", "AAAA")})
cells = st.tuples(st.integers(-60, 60), st.integers(-60, 60))
seats = st.integers(0, 12)
spaces = st.sampled_from(QUARTERS)
names = st.text(st.characters(codec="utf-8", exclude_categories=("Cs", "Cc", "Zl", "Zp")), min_size=1, max_size=30) \
    .map(lambda text: " ".join(text.split())).filter(bool)
moves = st.one_of(
    st.builds(m.Place, code=st.sampled_from(FACES), cell=cells, turned=st.booleans(), level=st.integers(0, 5)),
    st.just(m.Pass()), st.builds(m.TradeHands, seat=seats),
    st.builds(m.MoveCard, source=cells, target=cells, turned=st.booleans()), st.builds(m.Zap, cell=cells),
    st.builds(m.TradeGoals, seat=st.none() | seats), st.builds(m.RotateGoals, direction=st.sampled_from(["left", "right"])),
    st.just(m.ShuffleHands()), st.just(m.ShuffleGoals()),
    st.builds(m.PlacePyramid, pyramid=st.from_regex(r"[SML][gyrbkwc]", fullmatch=True), cell=cells,
              quarter=st.integers(0, 3), level=st.integers(0, 5)),
    st.builds(m.TradePyramids, seat=seats), st.just(m.TwoPyramids()),
    st.builds(m.Build, match=st.integers(0, 60), cell=cells, space=spaces),
    st.builds(m.Shift, match=st.integers(0, 60), cell=cells, space=spaces, to_cell=cells, to_space=spaces),
    st.builds(m.Skip, match=st.integers(0, 60)), st.builds(m.SwapRow, index=st.integers(0, 4)),
    st.builds(m.TradePiece, cell=cells, space=spaces, size=st.sampled_from("SML")),
    st.builds(m.DraftDiscard, index=st.integers(0, 2)), st.builds(m.Join, name=names),
)
# Values a hand-edited file may hold where something else belongs.
junk = st.recursive(
    st.none() | st.booleans() | st.integers() | st.integers(-10**30, 10**30) | st.floats() | st.text(max_size=20)
    | st.sampled_from(["FWX", "Lz", "fire", "wood", "", "-", "TL", "pass", "all", "none", "x" * 500]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6) | st.integers(), inner, max_size=3),
    max_leaves=8,
)


def mutated(data, draw):
    """`data` (plain YAML data) with one value replaced by junk, one key dropped, or one list item doubled."""
    data = json.loads(json.dumps(data))  # a deep copy of plain data
    holders = []

    def walk(node):
        if isinstance(node, dict):
            holders.extend((node, key) for key in node)
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            holders.extend((node, i) for i in range(len(node)))
            for value in node:
                walk(value)

    walk(data)
    if not holders:
        return draw(junk)
    holder, key = draw(st.sampled_from(holders))
    change = draw(st.sampled_from(["replace", "replace", "drop", "double"]))
    if change == "replace":
        holder[key] = draw(junk)
    elif change == "drop":
        del holder[key]
    elif isinstance(holder, list):
        holder.insert(key, holder[key])
    else:
        holder[key] = [holder[key], holder[key]]
    return data


# -- move notation --------------------------------------------------------------------------------


@examples(300)
@given(moves)
def test_a_move_reads_back_from_its_notation(move):
    assert parse_move(str(move)) == move


@examples(300)
@given(st.one_of(st.text(max_size=60), moves.map(str).flatmap(
    lambda text: st.tuples(st.just(text), st.integers(0, len(text)), st.text(max_size=3)).map(
        lambda t: t[0][:t[1]] + t[2] + t[0][t[1] + 1:]))))
def test_garbage_notation_gives_our_error_or_a_move_in_normal_form(text):
    try:
        move = parse_move(text)
    except MoveSyntaxError as exc:
        assert len(str(exc)) < 300
        return
    assert parse_move(str(move)) == move


# -- whole games ----------------------------------------------------------------------------------

def shuffle_hidden(game, state, seat: int, rng: random.Random):
    """A copy of the state with every card the seat cannot see shuffled among the places it cannot see
    (play cards among play-card places, goals among goal places): the same game, to that seat."""
    from aquarius3d.engine.hidden import unused_goals_public

    other = state.copy()
    places: dict[str, list[tuple[list, int]]] = {"play": [], "goal": [], "record": []}
    for s, hand in enumerate(other.hands):
        if s != seat:
            places["play"] += [(hand, i) for i in range(len(hand))]
    places["play"] += [(other.deck, i) for i in range(len(other.deck))]
    if not other.over:
        places["goal"] += [(other.goals, s) for s, g in enumerate(other.goals) if s != seat and g is not None]
        if not unused_goals_public(game):
            places["goal"] += [(other.unused_goals, i) for i in range(len(other.unused_goals))]
    places["record"] = [(given, i) for s, given in enumerate(other.goals_turned_in) if s != seat  # not places:
                        for i in range(len(given))]  # which goals the others turned in, shuffled among themselves
    if other.data is not None:
        for kind, pile in other.data.hidden():
            places[kind] += [(pile, i) for i in range(len(pile))]
    for spots in places.values():
        cards = [holder[i] for holder, i in spots]
        rng.shuffle(cards)
        for (holder, i), card in zip(spots, cards):
            holder[i] = card
    return other


GAMES = [("aquarius", {}, 2, 4), ("aquarius", {"first_edition": True}, 3, 3), ("aquarius-rising", {}, 2, 3),
         ("elemental-towers", {}, 1, 1), ("elemental-towers", {"draft": True}, 1, 1), ("dominus", {}, 2, 3)]


@examples(40)
@given(st.sampled_from(GAMES), st.integers(0, 2**31), st.data())
def test_random_play_keeps_every_card_once_hides_what_it_must_and_round_trips_through_a_save(game_spec, seed, data):
    ruleset, options, low, high = game_spec
    game = load_ruleset(ruleset, options)
    players = data.draw(st.integers(low, high), label="players")
    state = game.new_state([f"P{i}" for i in range(players)], seed=seed)
    chooser = random.Random(seed)
    steps = data.draw(st.integers(1, 150), label="steps")
    for step in range(steps):
        if state.over:
            break
        legal = game.legal_moves(state)
        assert legal, "a game that is not over always offers a move (at least a pass)"
        game.apply(state, legal[chooser.randrange(len(legal))])
        assert_every_card_once(game, state)
        if step % 5 == 4 or state.over:
            for seat in range(len(state.players)):
                seen = game.observe(state, seat)
                # A state built from the seat's view alone looks the same to it: nothing it cannot
                # see leaks into its observation, and the guess holds every card once.
                guess = game.determinize(seen, random.Random(step))
                assert_every_card_once(game, guess)
                assert game.observe(guess, seat).view.to_dict() == seen.view.to_dict()
                # And the real state with what the seat cannot see shuffled looks the same to it.
                other = shuffle_hidden(game, state, seat, random.Random(step))
                assert_every_card_once(game, other)
                assert game.observe(other, seat).view.to_dict() == seen.view.to_dict()
    record = game.record(state, seed)
    assert game.replay(json.loads(json.dumps(record))) == state


def test_a_game_round_trips_through_a_save_file(tmp_path, monkeypatch):
    from aquarius3d.files import saves
    from aquarius3d.session import Seat, Session

    monkeypatch.setenv("AQUARIUS3D_HOME", str(tmp_path))
    for ruleset, options, players, _ in GAMES:
        session = Session.new(ruleset, options, [Seat(f"P{i}", "computer", "random") for i in range(players)],
                              seed=11, autosave=False)
        for _ in range(40):
            if session.state.over or not session.computer_move():
                break
        path = saves.save(session.record(), f"round-{ruleset}")
        again = Session.load(path, autosave=False)
        assert again.state == session.state and again.record() == session.record()


# -- positions ------------------------------------------------------------------------------------


def position_of(game, state) -> dict:
    """A position file's data for a state reached by play (the table, hands and goals)."""
    cards = game.deck.cards
    return {
        "ruleset": game.id,
        "options": dict(game.options),
        "cards": [{"at": [x, y], "card": state.table.faces[(x, y)].code} for (x, y) in sorted(state.table.cards)],
        "players": [{"name": name, "hand": [cards[c].code for c in state.hands[s]],
                     **({"goal": cards[state.goals[s]].code} if state.goals[s] is not None else {})}
                    for s, name in enumerate(state.players)],
        "turn": state.turn,
    }


def placed(game, seed: int, steps: int):
    """A state reached by placing cards only (no action moves a card): its table is one the rules allow."""
    players = max(game.min_players, min(3, game.max_players))
    state = game.new_state(["Ann", "Bo", "Cy"][:players], seed=seed)
    chooser = random.Random(seed)
    for _ in range(steps):
        if state.over:
            break
        legal = [move for move in game.legal_moves(state) if isinstance(move, (m.Place, m.Pass))]
        if not legal:
            break
        game.apply(state, legal[chooser.randrange(len(legal))])
    return state


@examples(25)
@given(st.sampled_from([("aquarius", {}), ("aquarius", {"first_edition": True}), ("dominus", {})]),
       st.integers(0, 2**31), st.integers(0, 40))
def test_a_position_reached_by_placing_cards_is_valid(spec, seed, steps):
    game = load_ruleset(*spec)
    result = analyze(parse_position(position_of(game, placed(game, seed, steps)), "pos.yaml"), game)
    assert result["valid"] is True, result["errors"]
    assert set(result["largest_group"]) == {"earth", "air", "fire", "water", "space"}


@examples(120)
@given(st.sampled_from([("aquarius", {}), ("aquarius-rising", {}), ("dominus", {}), ("elemental-towers", {})]),
       st.integers(0, 2**31), st.integers(0, 25), st.data())
def test_a_broken_position_gives_our_error_never_another(spec, seed, steps, data):
    game = load_ruleset(*spec)
    text = mutated(position_of(game, placed(game, seed, steps)), data.draw)
    try:
        position = parse_position(text, "pos.yaml")
        result = analyze(position)
    except DataError as exc:
        assert str(exc).startswith("pos.yaml"), str(exc)
        assert all(len(line) < 600 for line in str(exc).splitlines())
    else:
        assert isinstance(result["valid"], bool) and all(isinstance(e, str) for e in result["errors"])


# -- rulesets -------------------------------------------------------------------------------------

SHIPPED = ["aquarius", "aquarius-rising", "dominus", "elemental-towers"]
OPTIONS = {name: sorted(load_ruleset(name).ruleset.options) for name in SHIPPED}


def plays(game, moves_at_most: int = 150) -> None:
    """A short game with random legal moves: whatever loaded must also play."""
    state = game.new_state([f"P{i}" for i in range(game.min_players)], seed=3)
    chooser = random.Random(3)
    for _ in range(moves_at_most):
        if state.over:
            return
        legal = game.legal_moves(state)
        game.apply(state, legal[chooser.randrange(len(legal))])
        assert_every_card_once(game, state)


@examples(80)
@given(st.sampled_from(SHIPPED).flatmap(lambda name: st.tuples(st.just(name), st.sampled_from(OPTIONS[name]))),
       st.one_of(junk, st.booleans(), st.integers(-3, 70), st.lists(st.integers(-3, 70), max_size=3)))
def test_any_option_value_loads_and_plays_or_is_refused_cleanly(choice, value):
    name, option = choice
    try:
        game = load_ruleset(name, {option: value})
    except DataError as exc:
        assert all(len(line) < 600 for line in str(exc).splitlines())
        return
    plays(game)


RULESET_DATA = {name: yaml.safe_load((Path(__file__).parents[1] / "rulesets" / f"{name}.yaml").read_text())
                for name in SHIPPED}


@examples(80)
@given(st.sampled_from(SHIPPED), st.data())
def test_a_small_edit_of_a_shipped_ruleset_loads_and_plays_or_is_refused_cleanly(name, data):
    edited = mutated(RULESET_DATA[name], data.draw)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"{name}.yaml"
        path.write_text(yaml.safe_dump(edited, allow_unicode=True))
        try:
            game = load_ruleset(str(path))
        except DataError as exc:
            first = str(exc).splitlines()[0]
            assert first.startswith(f"{name}.yaml") or "unknown ruleset" in first, first
            return
        plays(game)


# -- saves ----------------------------------------------------------------------------------------


def _record(ruleset: str, moves_made: int) -> dict:
    from aquarius3d.session import Seat, Session

    session = Session.new(ruleset, {}, [Seat("Ann"), Seat("Bo", "computer", "random")], seed=5, autosave=False)
    game, state = session.game, session.state
    chooser = random.Random(5)
    for _ in range(moves_made):
        if state.over:
            break
        legal = game.legal_moves(state)
        session._play(legal[chooser.randrange(len(legal))])
    return {"format": 1, **session.record()}


RECORDS = {name: _record(name, 12) for name in ("aquarius", "aquarius-rising", "dominus")}


@examples(120)
@given(st.sampled_from(sorted(RECORDS)), st.data())
def test_a_corrupt_save_gives_our_error_never_another(name, data):
    from aquarius3d.session import Session

    record = mutated(RECORDS[name], data.draw)
    text = json.dumps(record)
    if data.draw(st.booleans(), label="cut"):
        text = text[:data.draw(st.integers(0, len(text)), label="at")]
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.json"
        path.write_text(text)
        try:
            session = Session.load(path, autosave=False)
        except DataError as exc:
            assert str(exc).startswith("game.json: "), str(exc)
            assert all(len(line) < 600 for line in str(exc).splitlines())
        else:
            assert_every_card_once(session.game, session.state)
            assert len(all_cards(session.game, session.state)) > 0


@pytest.mark.parametrize("name", sorted(RECORDS))
def test_a_save_reads_back_as_written(tmp_path, name):
    from aquarius3d.files import saves

    path = tmp_path / "game.json"
    path.write_text(json.dumps(RECORDS[name]))
    assert saves.read_record(path) == RECORDS[name]
