"""What a seat may know: observations hide exactly the hidden cards; determinized states are consistent with them."""

import random

import pytest

from aquarius3d.engine.hidden import HIDDEN, determinize, observe
from aquarius3d.engine.moves import RotateGoals, TradeGoals, TradeHands, Zap
from aquarius3d.rules.ruleset import load_ruleset

from helpers import assert_every_card_once, play_random

GAMES = [("aquarius", {}, 4), ("aquarius", {"first_edition": True}, 3), ("aquarius-rising", {}, 3),
         ("elemental-towers", {}, 1), ("elemental-towers", {"draft": True}, 1), ("dominus", {}, 2)]


def public(state, seat):
    """Everything the seat may see, as plain data."""
    data = state.to_dict()
    for key in ("deck", "rng", "known", "goals_turned_in"):
        data.pop(key)
    data["hands"] = [hand if s == seat else len(hand) for s, hand in enumerate(state.hands)]
    data["deck"] = len(state.deck)
    data["data"] = None if state.data is None else state.data.public()
    return data


@pytest.mark.parametrize("ruleset, options, players", GAMES)
def test_a_determinized_state_shows_the_seat_what_it_saw_and_holds_every_card_once(ruleset, options, players):
    game = load_ruleset(ruleset, options)
    chooser = random.Random(7)
    checked = 0
    for seed in range(3):
        for state in play_random(game, players, seed=seed, steps=60):
            seat = chooser.randrange(players)
            seen = observe(game, state, seat)
            guess = determinize(game, seen, random.Random(seed))
            assert_every_card_once(game, guess)
            assert all(HIDDEN not in hand for hand in guess.hands) and HIDDEN not in guess.deck
            if not (game.family == "towers" or state.over):
                assert public(guess, seat) == {**public(state, seat), "goals": public(guess, seat)["goals"],
                                               "unused_goals": public(guess, seat)["unused_goals"]}
                assert guess.goals[seat] == state.goals[seat]
            else:
                assert public(guess, seat) == public(state, seat)
            if state.turn == seat:  # the seat's own choices are the same in the guess
                assert [str(m) for m in game.legal_moves(guess)] == [str(m) for m in game.legal_moves(state)]
            checked += 1
    assert checked > 20


@pytest.mark.parametrize("ruleset, options, players", GAMES)
def test_what_a_seat_cannot_see_does_not_change_its_observation(ruleset, options, players):
    """Two states that differ only in hidden cards look the same from the seat (and differ from another seat)."""
    game = load_ruleset(ruleset, options)
    for state in play_random(game, players, seed=3, steps=25):
        seat = state.turn
        other = state.copy()
        random.Random(1).shuffle(other.deck)
        if players > 1:
            mover = (seat + 1) % players
            pool = other.hands[mover] + other.deck
            random.Random(2).shuffle(pool)
            other.hands[mover], other.deck = pool[:len(other.hands[mover])], pool[len(other.hands[mover]):]
        assert observe(game, other, seat).view == observe(game, state, seat).view


def test_a_hand_given_away_in_trade_hands_is_known_to_be_in_the_other_hand():
    game = load_ruleset("aquarius")
    for seed in range(40):
        state = game.new_state(["Ann", "Bo", "Cy"], seed=seed)
        trade = next((c for c in state.hands[0] if game.deck.cards[c].code == "trade_hands"), None)
        if trade is None:
            continue
        given = [c for c in state.hands[0] if c != trade]
        game.apply(state, TradeHands(2))
        for sample in range(5):
            guess = determinize(game, observe(game, state, 0), random.Random(sample))
            assert sorted(guess.hands[2]) == sorted(state.hands[2]) == sorted(given)
        # Bo saw nothing of it: his guesses of Cy's hand vary.
        guesses = {tuple(sorted(determinize(game, observe(game, state, 1), random.Random(s)).hands[2]))
                   for s in range(8)}
        assert len(guesses) > 1
        return
    pytest.fail("no deal with Trade Hands in the first hand")


def test_a_traded_goal_and_a_zapped_card_are_known():
    game = load_ruleset("aquarius")
    state = game.new_state(["Ann", "Bo", "Cy"], seed=5)
    cards = game.deck.cards
    spare = [c for c in state.deck if cards[c].code in ("trade_goals", "zap_a_card")]
    trade = next(c for c in spare if cards[c].code == "trade_goals")
    zap = next(c for c in spare if cards[c].code == "zap_a_card")
    state.deck = [c for c in state.deck if c not in (trade, zap)]
    state.hands[0].append(trade)
    mine = state.goals[0]
    game.apply(state, TradeGoals(1))
    guess = determinize(game, observe(game, state, 0), random.Random(3))
    assert guess.goals[1] == mine and guess.goals[0] == state.goals[0]  # Ann knows Bo holds her old goal
    # Cy saw only that a trade happened: her guesses of Bo's goal vary.
    assert len({determinize(game, observe(game, state, 2), random.Random(s)).goals[1] for s in range(12)}) > 1
    # Bo zaps the starter: everyone saw it go into his hand.
    state.hands[1].append(zap)
    starter = state.table.cards[(0, 0)]
    game.apply(state, Zap((0, 0)))
    for sample in range(5):
        assert starter in determinize(game, observe(game, state, 2), random.Random(sample)).hands[1]


def test_the_random_source_is_not_part_of_an_observation():
    game = load_ruleset("aquarius")
    state = game.new_state(["Ann", "Bo"], seed=11)
    assert observe(game, state, 0).view.rng == 0 and state.rng != 0


@pytest.mark.parametrize("options", [{}, {"draft": True}])
def test_an_elemental_towers_observation_carries_neither_the_deck_s_cards_nor_the_preset_that_lists_them(options):
    """Issue 31, point 2: the ids of the 30 cards dealt into the deck (kept in the state for "same cards again")
    would tell which cards lie unseen in the box; the setup's preset (same_deck) lists them too."""
    game = load_ruleset("elemental-towers", options)
    first = game.new_state(["Solo"], seed=4)
    for _ in range(12):
        if first.phase == "play":
            break
        game.apply(first, str(game.legal_moves(first)[0]))  # (draft: through the draft to the deal)
    again = game.new_state(["Solo"], seed=5, preset={"same_deck": first.data.deck_cards})
    for state in (first, again):
        assert len(state.data.deck_cards) == 30  # the state keeps them
        seen = observe(game, state, 0).view
        assert seen.data.deck_cards == [] and seen.preset is None
        assert "deck_cards" not in seen.to_dict()["data"] and seen.to_dict()["preset"] is None
        assert len(state.data.deck_cards) == 30 and state.data is not seen.data  # (the state itself untouched)
    assert again.preset == {"same_deck": first.data.deck_cards}


def _cards_at(state, place):
    kind, holder = place
    if kind == "hand":
        return state.hands[holder]
    if kind == "goal":
        return [state.goals[holder]]
    if kind == "deck":  # Elemental Towers: a card seen and shuffled back, or the deck replayed
        return state.deck
    assert kind == "unused" and holder < len(state.unused_goals), place
    return state.unused_goals if holder < 0 else [state.unused_goals[holder]]  # -1: somewhere in the pile


def _assert_knowledge_is_true(game, state):
    """Every place a seat knows a card to lie at holds it, unless the card has been played since or the seat
    holds it (what it sees overrides what it knew)."""
    public = set(state.table.cards.values()) | set(state.discard)
    if state.data is not None:
        public |= set(state.data.cards())  # Rising's houses, Towers' towers
    for seat, known in enumerate(state.known):
        for card, place in known.items():
            if card not in public and card not in state.hands[seat]:
                assert card in _cards_at(state, place), (seat, game.deck.cards[card].code, place)


def test_goals_traded_and_rotated_through_the_unused_pile_are_known_where_they_are():
    """The unused goals are a pile: Trade Goals takes its top and puts the goal given at the bottom, Rotate
    Goals takes its top into the ring and puts the goal going out at the bottom. What each seat learnt
    follows every goal to its true place (once, a rotation after a trade with the pile moved a seat's
    knowledge of the whole pile to a seat)."""
    game = load_ruleset("aquarius")
    trade, rotate = game.actions["trade_goals"], game.actions["rotate_goals"]
    chooser = random.Random(5)
    for players in (2, 3, 4):
        for deal in range(25):
            state = game.new_state([f"P{i}" for i in range(players)], seed=deal)
            for _ in range(12):
                seat = chooser.randrange(players)
                if chooser.random() < 0.5:
                    targets = [s for s in range(players) if s != seat] + [None]
                    trade.apply(game, state, seat, TradeGoals(chooser.choice(targets)))
                else:
                    rotate.apply(game, state, seat, RotateGoals(chooser.choice(["left", "right"])))
                _assert_knowledge_is_true(game, state)
                for looker in range(players):  # and a guess from any seat puts the goals it knows there
                    guess = determinize(game, observe(game, state, looker), random.Random(deal))
                    for card, place in state.known[looker].items():
                        assert card in _cards_at(guess, place)


def test_what_seats_know_in_random_games_is_true():
    for ruleset, options, players in GAMES:
        game = load_ruleset(ruleset, options)
        for seed in range(6):
            for state in play_random(game, players, seed=seed, steps=200):
                _assert_knowledge_is_true(game, state)
