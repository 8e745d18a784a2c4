"""Moves in words (games/*/narration.py): cards by their elements, places by a neighbour, who gets whose goal."""

import random
import re

import pytest

from aquarius3d.engine.moves import RotateGoals
from aquarius3d.engine.table import Table
from aquarius3d.games.aquarius.narration import card_words, where
from aquarius3d.i18n import set_language
from aquarius3d.session import Seat, Session

CODE = re.compile(r"-?\d+,-?\d+|\b[EAFWS]{4}\b|[EAFWS]\\[EAFWS]|\bplace \*|\b(TL|TR|BL|BR)\b")  # notation, not words


@pytest.fixture
def french():
    set_language("fr")
    yield
    set_language("en")


def faces(cards: dict) -> dict:
    table = Table()
    for i, (cell, code) in enumerate(cards.items()):
        table.place(cell, i, code)
    return table.faces


def test_cards_by_their_elements():
    assert [card_words(c) for c in ("FFWW", "FFFF", "EAFW", "F\\W", "*", "D")] == [
        "the Fire–Water card", "the Fire card", "the Earth–Air–Fire–Water card", "the diagonal Fire–Water card",
        "the wild card", "the Aquarius Dragon"]


def test_cards_by_their_elements_in_french(french):
    assert [card_words(c) for c in ("FFWW", "*")] == ["la carte Feu–Eau", "le joker"]
    assert [card_words(c, "of") for c in ("FFWW", "*", "D")] == ["de la carte Feu–Eau", "du joker", "du Dragon Aquarius"]


def test_a_place_by_its_neighbour(french):
    table = faces({(0, 0): "WWWW", (0, 1): "*"})
    assert where(table, (-1, 0)) == "à gauche de la carte Eau"
    set_language("en")
    assert where(table, (-1, 0)) == "left of the Water card"
    assert where(table, (1, 1)) == "right of the wild card"
    assert where(table, (0, -1)) == "below the Water card" and where(table, (0, 2)) == "above the wild card"
    assert where(table, (5, 5)) == "at 5,5"  # nothing beside it: the cell
    assert where({}, (0, 0)) == "in the middle of the table"  # the first card


@pytest.mark.parametrize("ruleset, players, options", [
    ("aquarius", 3, {}), ("aquarius-rising", 3, {}), ("dominus", 2, {}), ("elemental-towers", 1, {}),
    ("dominus", 2, {"rounds": 3})])  # (the card that ends a round is placed on a table then dealt anew)
@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_whole_game_is_told_in_words(ruleset, players, options, language):
    set_language(language)
    try:
        seats = [Seat(n, "computer", "random") for n in ["Ann", "Bo", "Cy"][:players]]
        if ruleset == "elemental-towers":
            seats = [Seat("Ann")]
        session = Session.new(ruleset, options, seats, seed=7, autosave=False)
        rng = random.Random(7)
        for _ in range(400):
            if session.stage == "over":
                break
            if session.stage == "computer":
                session.computer_move()
            elif session.stage == "round_over":
                session.next_round()
            else:  # Elemental Towers' solitaire: any legal move, said as the window would say it
                session._try(rng.choice(session.game.legal_moves(session.state)))
            assert session.hint() == "" or not CODE.search(session.hint()), session.hint()
        assert len(session.messages) > 10
        for message in session.messages:
            assert not CODE.search(message), message
    finally:
        set_language("en")


def test_rotate_goals_says_who_receives_whose_goal():
    session = Session.new("aquarius", {}, [Seat("Ann"), Seat("Bo"), Seat("Cy")], seed=2, autosave=False)
    state, game = session.state, session.game
    assert state.unused_goals
    state.hands[0][0] = next(i for i in game.play_ids() if game.deck.cards[i].code == "rotate_goals")
    before = list(state.goals)
    session._try(RotateGoals("left"))
    said = session.messages[-1]
    assert said.startswith("Ann rotated the goals to the left: ")
    parts = said.split(": ", 1)[1].split(", ")
    names = ["Ann", "Bo", "Cy"]
    for part in parts:  # each claim checked against the goals as they now lie
        got = re.fullmatch(r"(\w+) gets (\w+)'s goal", part)
        if got:
            taker, giver = (names.index(n) for n in got.groups())
            assert state.goals[taker] == before[giver], part
    assert "Ann gets the top unused goal" in parts and "Cy's goes under the unused goals" in parts
    assert sum(bool(re.fullmatch(r"\w+ gets \w+'s goal", p)) for p in parts) == 2


@pytest.mark.parametrize("direction", ["left", "right"])
def test_each_direction_button_says_where_each_goal_would_go(direction):
    """Issue 27: the prompt asks, and each direction's button says who would get whose goal (it was printed over
    the hand); each claim is checked against the goals as they lie once that button is chosen."""
    session = Session.new("aquarius", {}, [Seat("Ann"), Seat("Bo"), Seat("Cy")], seed=2, autosave=False)
    state, game = session.state, session.game
    state.hands[0][0] = next(i for i in game.play_ids() if game.deck.cards[i].code == "rotate_goals")
    session.reveal()
    session.select(0)
    assert session.stage == "direction"
    assert session.hint() == "Rotate Goals: pass every goal to the left or to the right?"
    option = next(o for o in session.options() if o.move == RotateGoals(direction))
    assert option.label == direction.capitalize()
    opening = f"every goal goes one seat to the {direction} ("
    assert option.says.startswith(opening) and option.says.endswith(")")
    parts = option.says[len(opening):-1].split(", ")
    before, top = list(state.goals), state.unused_goals[0]
    assert session.choose(option.move)
    names = ["Ann", "Bo", "Cy"]
    for part in parts:
        passed = re.fullmatch(r"(\w+)'s to (\w+)", part)
        under = re.fullmatch(r"(\w+)'s under the unused goals", part)
        taken = re.fullmatch(r"the top unused goal to (\w+)", part)
        if passed:
            giver, taker = (names.index(n) for n in passed.groups())
            assert state.goals[taker] == before[giver], part
        elif under:
            assert state.unused_goals[-1] == before[names.index(under.group(1))], part
        else:
            assert taken, part
            assert state.goals[names.index(taken.group(1))] == top, part
    assert len(parts) == 4  # three seats and the unused goals


def test_the_goal_peek_names_the_goal_in_words(french):
    session = Session.new("aquarius", {}, [Seat("Ann"), Seat("Bo")], seed=2, autosave=False)
    session.reveal()
    session.peek(True)
    goal = session.game.deck.cards[session.state.goals[0]].code
    element = {"earth": "Terre", "air": "Air", "fire": "Feu", "water": "Eau", "space": "Espace"}[goal]
    assert session.goal_text() == f"Votre objectif\xa0: {element}"


def test_the_end_says_goals_and_ranks_in_french(french):
    session = Session.new("elemental-towers", {}, [Seat("Ann")], seed=7, autosave=False)
    session.state.data.pieces.clear()
    assert session.flow.score()[1] == "Novice"
    from aquarius3d.session.flows.towers import rank_words

    assert rank_words("Master Builder") == "Maître bâtisseur" and rank_words("Grand Wizard") == "Grand Wizard"
    session = Session.new("aquarius", {}, [Seat("Ann"), Seat("Bo")], seed=7, autosave=False)
    session.state.phase, session.state.winners, session.state.end_reason = "over", [0], "deck out"
    lines = session.summary()
    assert "\tObjectif" in lines and lines[lines.index("\tObjectif") + 1].startswith("Ann\t")  # (a table: rows.py)


def test_risings_changed_actions_are_logged_with_the_card_played(language):
    """A fresh playtest read "Cy will play two pyramids this turn" with no word of the Move a Card that made it so
    (and "Cy traded pyramids with Bo" without its Zap a Card)."""
    from aquarius3d.engine.game import ApplyResult
    from aquarius3d.engine.moves import TradePyramids, TwoPyramids
    from aquarius3d.games.rising import narration
    from aquarius3d.i18n import action_name

    session = Session.new("aquarius-rising", {}, [Seat("Ann"), Seat("Bo"), Seat("Cy")], seed=2, autosave=False)
    game, state, names = session.game, session.state, ["Ann", "Bo", "Cy"]
    two = narration.describe(game, state, names, ApplyResult(TwoPyramids(), 2))
    trade = narration.describe(game, state, names, ApplyResult(TradePyramids(1), 2))
    assert two.startswith("Cy") and action_name("move_a_card") in two
    assert trade.startswith("Cy") and action_name("zap_a_card") in trade and "Bo" in trade
