"""Dominus: the chance to win the round that `hard` judges its searched positions by (bots/dominus_eval.py)."""

from aquarius3d.bots.kit import kit_of
from aquarius3d.bots.dominus_eval import _spots, win_chance
from aquarius3d.rules.ruleset import load_ruleset


def _start():
    """A fresh deal, and the cards out of both hands split into those that fit the starter and those that do not."""
    game = load_ruleset("dominus")
    state = game.new_state(["Ann", "Bo"], seed=3)
    cards, table = game.deck.cards, state.table
    frontier = table.frontier()
    loose = list(state.deck)
    fits = [c for c in loose if _spots(game.placement, table, frontier, cards[c].code)]
    dead = [c for c in loose if c not in fits]
    assert len(fits) >= 4 and len(dead) >= 4
    return game, state, fits, dead


def test_one_card_that_fits_wins_at_once_and_one_that_does_not_may_lose():
    game, state, fits, dead = _start()
    state.hands = [[fits[0]], [fits[1], fits[2], dead[0]]]
    assert win_chance(game, state, 0) == 1.0
    state.hands[0] = [dead[1]]
    assert win_chance(game, state, 0) < 0.9


def test_cards_that_fit_nowhere_and_a_rival_close_to_going_out_lower_the_chance():
    game, state, fits, dead = _start()
    state.hands = [[fits[0], fits[1], fits[2]], [fits[3], dead[0], dead[1]]]
    even = win_chance(game, state, 0)
    state.hands[0] = [fits[0], fits[1], dead[2]]
    assert win_chance(game, state, 0) < even  # one of its own cards is dead
    state.hands = [[fits[0], fits[1], fits[2]], [fits[3]]]
    rival_goes_out = win_chance(game, state, 0)
    assert rival_goes_out < even  # the rival holds a last card that fits: it goes out next turn
    state.hands[1] = [dead[0]]
    assert win_chance(game, state, 0) > rival_goes_out  # a last card that fits nowhere: it must draw first


def test_hard_judges_a_round_in_play_by_its_chance_to_win_it():
    """The leaf of hard's search in a one-round game is that chance; over several rounds it stays the points."""
    game, state, fits, dead = _start()
    state.hands = [[fits[0], fits[1], dead[0]], [fits[2], fits[3], dead[1]]]
    assert kit_of(game).reward(game, state, 0, centre=0.0) == win_chance(game, state, 0)
    rounds = load_ruleset("dominus", {"rounds": 3})
    assert kit_of(rounds).reward(rounds, state, 0, centre=0.0) != win_chance(rounds, state, 0)
