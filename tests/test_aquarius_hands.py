"""Reading the others' hands from their placements (bots/aquarius_hands.py): the worlds hard searches in."""

import math
import random

import pytest

from aquarius3d.bots import aquarius_chance, aquarius_hands, infer, make_player
from aquarius3d.rules.ruleset import load_ruleset


def positions(game, seeds):
    """(the real state, the observation of the seat to play, its tests) at every turn of medium players' games."""
    for seed in seeds:
        state = game.new_state(list("abcd"), seed=seed)
        bots = [make_player("medium", seed * 10 + i) for i in range(4)]
        while not state.over:
            seat = state.turn
            seen = game.observe(state, seat)
            yield state, seen, aquarius_hands.tests(game, seen)
            game.apply(state, bots[seat].choose(game, seen))


def test_the_real_world_passes_every_test_when_the_others_play_as_medium():
    """Medium's placements are exactly what the tests expect: the true hands and goals never fail them."""
    game = load_ruleset("aquarius")
    tested = 0
    for state, _, found in positions(game, range(12)):
        assert aquarius_hands.consistent(game, state, found)
        tested += len(found)
    assert tested > 300, tested


@pytest.mark.slow
def test_the_tests_turn_away_many_worlds_drawn_without_them():
    """Of the worlds drawn from what the seat saw (goals leaning on the log and its rulings), well over a third
    fail (56% here): the cards the others placed say much about what they hold. The sampler's worlds, mended
    card by card, pass (all of them here; after TRIES mends and deals the last world would stand)."""
    game = load_ruleset("aquarius")
    rng = random.Random(5)
    drawn = failed = sampled = passed = 0
    for _, seen, found in positions(game, range(100, 106)):
        if not found:
            continue
        leanings = infer.evidence(game, seen, aquarius_hands.ruled_out(game, seen)[0])

        def draw(rng, seen=seen, leanings=leanings):
            return game.determinize(infer.leaning_observation(game, seen, leanings, rng), rng)

        for _ in range(5):
            drawn += 1
            failed += not aquarius_hands.consistent(game, draw(rng), found)
        sample = aquarius_hands.sampler(game, seen, draw)
        for _ in range(5):
            sampled += 1
            passed += aquarius_hands.consistent(game, sample(rng), found)
    assert drawn > 500
    assert failed > drawn * 0.35, (failed, drawn)
    assert passed > sampled * 0.97, (passed, sampled)


def test_a_seat_never_holds_a_card_that_would_have_won():
    """Where a seat's goal group was one card from the target before its move, a world that gives it a card
    finishing that group on the table before its move fails its test; its hand as it was passes."""
    game = load_ruleset("aquarius")
    cards = game.deck.cards
    checked = 0
    for state, _, found in positions(game, range(200, 260)):
        for test in found:
            goal = state.goals[test.seat]
            finishing = [c for c in game.play_ids() if cards[c].kind == "element" and c not in state.hands[test.seat]
                         and c != test.card and aquarius_chance.finishes(game, test.before, [c], game.goal_bit[goal],
                                                                          game.target_of(state, test.seat))]
            if not finishing or test.allowance:  # (bonus cards drawn after it: so many of its cards may be new)
                continue
            world = state.copy()
            assert test.passes(game, world)
            world.hands[test.seat][0] = finishing[0]
            assert not test.passes(game, world)
            checked += 1
        if checked >= 5:
            break
    assert checked >= 5, checked


def test_placements_rule_out_goals_and_hardly_ever_the_true_one():
    """Read back over whole games of medium players, a placement rules out three of the five goals on average,
    and almost never the goal its seat held then (the seat's own knowledge of other goals is not read back)."""
    game = load_ruleset("aquarius")
    cards = game.deck.cards
    placements = ruled = wrong = 0
    for seed in range(20):
        state = game.new_state(list("abcd"), seed=seed)
        bots = [make_player("medium", seed * 10 + i) for i in range(4)]
        goal_then = []
        while not state.over:
            goal_then.append(str(cards[state.goals[state.turn]].code))
            game.apply(state, bots[state.turn].choose(game, game.observe(state, state.turn)))
        for index, names in aquarius_hands.ruled_out(game, game.observe(state, 0))[0].items():
            placements += 1
            ruled += len(names)
            wrong += goal_then[index] in names
            assert all(amount == -aquarius_hands.RULED for amount in names.values())
    assert placements > 200
    assert ruled / placements > 2.5, ruled / placements
    assert wrong <= placements * 0.02, (wrong, placements)


def test_the_rulings_sharpen_the_reading_of_goals():
    """With the rulings, the mean log chance the reading gives the true goal of another seat rises well above the
    reading from joined elements alone (-0.28 against -0.63 over twelve games of medium players, every fourth turn)."""
    game = load_ruleset("aquarius")
    cards = game.deck.cards
    rng = random.Random(3)
    plain, read = [], []
    for state, seen, _ in positions(game, range(100, 106)):
        if state.turn_number % 4:
            continue
        for extra, into in ((None, plain), (aquarius_hands.ruled_out(game, seen)[0], read)):
            leanings = infer.evidence(game, seen, extra)
            for other, odds in infer.goal_odds(game, seen, leanings, rng, samples=100).items():
                into.append(math.log(max(1e-3, odds.get(str(cards[state.goals[other]].code), 0.0))))
    assert len(read) >= 100
    assert sum(read) / len(read) > sum(plain) / len(plain) + 0.2, (sum(read) / len(read), sum(plain) / len(plain))


@pytest.mark.slow
def test_seats_that_do_not_play_as_medium_are_not_read():
    """A placement that no goal explains as medium's marks its seat as unlike medium (a person, or here easy and
    random players): most of those seats are marked by the end of a game, hardly any medium seat; a marked seat's
    placements give no rulings and its hand no test."""
    game = load_ruleset("aquarius")
    levels = ["medium", "easy", "random", "medium"]
    marked = {level: 0 for level in levels}
    for seed in range(30):
        state = game.new_state(list("abcd"), seed=seed)
        bots = [make_player(levels[i], seed * 10 + i) for i in range(4)]
        while not state.over:
            seat = state.turn
            seen = game.observe(state, seat)
            if seat == 0:
                rulings, unlike = aquarius_hands.ruled_out(game, seen)
                movers = {index: mover for index, mover, _ in infer.public_moves(seen.view)}
                assert not any(movers[index] in unlike for index in rulings)
                assert not any(test.seat in unlike for test in aquarius_hands.tests(game, seen, unlike))
            game.apply(state, bots[seat].choose(game, seen))
        _, unlike = aquarius_hands.ruled_out(game, game.observe(state, 0))
        for other in unlike:
            marked[levels[other]] += 1
    assert marked["easy"] >= 15 and marked["random"] >= 15, marked
    assert marked["medium"] <= 2, marked  # (of 30 medium seats: seat 3)
