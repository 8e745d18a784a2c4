"""Elemental Towers beyond the position files: the deal, the draft, playing the same deck again."""

import json
import subprocess
import sys

import pytest

from aquarius3d.engine.moves import DraftDiscard
from aquarius3d.rules.ruleset import load_ruleset
from aquarius3d.games.towers.pieces import neighbours_of_space, spaces

from helpers import assert_every_card_once, play_random


@pytest.fixture(scope="module")
def game():
    return load_ruleset("elemental-towers", {})


def test_the_deal(game):
    state = game.new_state(["Solo"], seed=11)
    cards = game.deck.cards
    assert sorted(cards[g].code for g in state.unused_goals) == ["air", "earth", "fire", "space", "water"]
    assert state.goals == [None]
    assert len(game.play_ids()) == 55  # 40 elements and 15 actions: the first edition, no wild card
    table = list(state.table.cards.values())
    assert len(table) == 1 and cards[table[0]].kind == "element" and (0, 0) in state.table.cards
    # 30 dealt: the starter, the card in hand and 28 to draw (an action drawn first waits for its choice).
    in_play = len(state.deck) + 1 + len(state.hands[0]) + (state.data.action_card is not None)
    assert in_play == 30 and len(state.data.box) == 25
    assert state.data.supply == {s + c: 3 for c in "gyrbk" for s in "SML"}
    assert sum(state.data.supply.values()) == 45
    assert "box" not in game.observation(state, 0)["data"]
    assert_every_card_once(game, state)


def test_an_action_turned_up_as_the_starter_goes_back_into_the_deck(game):
    for seed in range(60):
        state = game.new_state(["Solo"], seed=seed)
        starter = state.table.cards[(0, 0)]
        assert game.deck.cards[starter].kind == "element"
    assert_every_card_once(game, state)


def test_the_draft_keeps_two_of_three_until_the_deck_has_thirty():
    game = load_ruleset("elemental-towers", {"draft": True})
    state = game.new_state(["Solo"], seed=5)
    assert state.phase == "draft" and len(state.data.box) == 15 and len(state.deck) == 10
    assert len(state.data.draft_offer) == 3 and "pool" not in game.observation(state, 0)["data"]
    assert game.observation(state, 0)["data"]["draft_offer"] == state.data.draft_offer
    discarded = []
    rounds = 0
    while state.phase == "draft":
        assert game.legal_moves(state) == [DraftDiscard(0), DraftDiscard(1), DraftDiscard(2)]
        discarded.append(state.data.draft_offer[1])
        game.apply(state, "draft-discard 1")
        rounds += 1
        assert_every_card_once(game, state)
    assert rounds == 10
    assert set(discarded) <= set(state.data.box) and len(state.data.box) == 25
    assert len(state.data.deck_cards) == 30
    assert not set(discarded) & set(state.data.deck_cards)
    with pytest.raises(ValueError):
        game.apply(state, "draft-discard 0")


def test_the_draft_deals_the_scoring_row_when_it_ends():
    """ "Set aside the 5 goal cards ... Shuffle your deck, draw one card ... and shuffle & deal the 5 goal cards
    into a scoring row": nothing of the row is known while drafting."""
    game = load_ruleset("elemental-towers", {"draft": True})
    state = game.new_state(["Solo"], seed=5)
    goals = set(game.goal_ids())
    seen = game.observation(state, 0)
    assert state.phase == "draft" and state.unused_goals == [] and seen["unused_goals"] == 0
    assert not goals & set(state.deck + state.data.draft_offer + state.data.box)
    assert sorted(state.data.goals_aside) == sorted(goals) and "goals_aside" not in seen["data"]
    assert not state.table.cards  # the starter is drawn after the draft too
    while state.phase == "draft":
        game.apply(state, "draft-discard 2")
        if state.phase == "draft":
            assert state.unused_goals == [] and game.observation(state, 0)["unused_goals"] == 0
    assert sorted(state.unused_goals) == sorted(goals) and not state.data.goals_aside
    assert len(state.table.cards) == 1 and game.observation(state, 0)["unused_goals"] == 5
    assert_every_card_once(game, state)
    # The row comes from the seeded random source: the record replays to the same row.
    record = json.loads(json.dumps(game.record(state, 5)))
    assert game.replay(record).unused_goals == state.unused_goals
    # Over many seeds the row is not fixed by the seed before the draft (it is shuffled when dealt).
    rows = {tuple(game.replay({**record, "seed": seed}).unused_goals) for seed in range(12)}
    assert len(rows) > 1


def test_the_same_drafted_cards_again_skip_the_draft_and_deal_a_new_row():
    game = load_ruleset("elemental-towers", {"draft": True})
    first = game.new_state(["Solo"], seed=3)
    while first.phase == "draft":
        game.apply(first, "draft-discard 0")
    again = game.new_state(["Solo"], seed=8, preset={"same_deck": first.data.deck_cards})
    assert again.phase != "draft" and again.data.deck_cards == first.data.deck_cards
    assert sorted(again.unused_goals) == sorted(game.goal_ids()) and not again.data.goals_aside
    assert len(again.table.cards) == 1
    assert_every_card_once(game, again)
    assert game.replay(json.loads(json.dumps(game.record(again, 8)))) == again


def test_playing_the_same_thirty_cards_again(game):
    first = game.new_state(["Solo"], seed=2)
    again = game.new_state(["Solo"], seed=9, preset={"same_deck": first.data.deck_cards})
    assert again.data.deck_cards == first.data.deck_cards
    assert sorted(again.data.box) == sorted(first.data.box)
    record = json.loads(json.dumps(game.record(again, 9)))
    assert record["preset"] == {"same_deck": first.data.deck_cards}
    assert game.replay(record) == again


def test_spaces_and_their_neighbours(game):
    assert spaces("FFFF") == {"TL": ("F", "L")}
    assert spaces("FWFW") == {"TL": ("F", "M"), "TR": ("W", "M")}
    assert spaces("FWAE") == {"TL": ("F", "S"), "TR": ("W", "S"), "BL": ("A", "S"), "BR": ("E", "S")}
    state = game.new_state(["Solo"], seed=1)
    state.table.remove((0, 0))
    state.table.place((0, 0), -1, "FWAE")
    state.table.place((1, 0), -2, "EEAA")
    state.table.place((0, -1), -3, "SSSS")
    # A quarter touches its two neighbours on the card (never the corner one) and what lies across.
    assert sorted(neighbours_of_space(state, (0, 0), "TR")) == [((0, 0), "BR"), ((0, 0), "TL"), ((1, 0), "TL")]
    assert sorted(neighbours_of_space(state, (0, 0), "BL")) == [((0, -1), "TL"), ((0, 0), "BR"), ((0, 0), "TL")]
    assert sorted(neighbours_of_space(state, (1, 0), "BL")) == [((0, 0), "BR"), ((1, 0), "TL")]


def test_simulate_reports_scores_and_is_deterministic():
    def run(*extra):
        out = subprocess.run([sys.executable, "-m", "aquarius3d", "simulate", "elemental-towers", "--games", "6",
                              "--seed", "4", "--json", *extra], capture_output=True, text=True, check=True)
        return json.loads(out.stdout)

    for extra in ((), ("--option", "draft=true")):
        one, two = run(*extra), run(*extra)
        assert one["scores"] == two["scores"] and one["turns"] == two["turns"] and len(one["scores"]) == 6
        assert one["winners"] == [[0]] * 6 and all(isinstance(s, int) and s >= 0 for s in one["scores"])


def test_move_a_card_possible_says_whether_it_has_a_move():
    """A drawn Move a Card asks `possible` instead of building its groups: the same answer, on tables of one
    card, of cards apart and of whole games."""
    from aquarius3d.games.towers.actions import TowersMoveACard
    from aquarius3d.engine.table import Table

    game = load_ruleset("elemental-towers")
    block = next(b for b in game.actions.values() if isinstance(b, TowersMoveACard))
    compared = 0
    for seed in range(6):
        for state in play_random(game, 1, seed=seed, steps=80):
            assert block.possible(state) == any(len(g) for g in block.move_groups(game, state, 0))
            compared += 1
    state = game.new_state(["A"], seed=1)
    for cards in ([((0, 0), "FFFF")], [((0, 0), "FFFF"), ((0, 1), "EEEE")]):
        state.table = Table()
        for cell, code in cards:
            state.table.place(cell, 0, code)
        assert block.possible(state) == any(len(g) for g in block.move_groups(game, state, 0)) == (len(cards) > 1)
    assert compared > 200
