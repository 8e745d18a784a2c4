"""Elemental Towers' computer judgement: towers priced in the actions still to earn (bots/towers_eval.py)."""

from aquarius3d.bots import make_player
from aquarius3d.bots.towers_eval import position_value
from aquarius3d.bots.towers_plan import distances, space_graph
from aquarius3d.games.towers.pieces import pieces_of, score_of
from aquarius3d.rules.ruleset import load_ruleset


def _table(game, seed=5, turns=14):
    """A state some way into a game of medium's, with its pieces cleared and nothing pending."""
    state = game.new_state(["solo"], seed=seed)
    player = make_player("medium", seed)
    while state.turn_number < turns or state.phase != "play":
        game.apply(state, player.choose(game, game.observe(state, 0)))
    pieces_of(state).clear()
    state.data.pending = []
    return state


def test_with_the_deck_empty_the_worth_is_the_score():
    """At the end only complete towers by the row count, and the mastery bonus: nothing else is worth a thing."""
    game = load_ruleset("elemental-towers")
    state = _table(game)
    state.deck = []
    spots = sorted(space_graph(state))
    for (cell, name), colour in zip(spots, "gyrbk"):
        pieces_of(state).setdefault(cell, {})[name] = ["L" + colour, "M" + colour, "S" + colour]
    pieces_of(state).setdefault(spots[5][0], {})[spots[5][1]] = ["Lg", "Mg"]  # no worth at the end
    assert score_of(game, state)[0] == 25
    assert position_value(game, state) == 20 * 25
    del pieces_of(state)[spots[0][0]][spots[0][1]]  # no mastery without green
    assert position_value(game, state) == 20 * score_of(game, state)[0]


def test_a_small_pyramid_nearer_its_tower_is_worth_more():
    """The price of a tower counts the spaces its pieces must travel, not only whether they touch."""
    game = load_ruleset("elemental-towers")
    state = _table(game)
    graph = space_graph(state)
    base = sorted(graph)[0]
    reach = distances(graph, set(), base)
    near = next(node for node, steps in sorted(reach.items()) if steps == 2)
    far = next((node for node, steps in sorted(reach.items()) if steps == 4), None)
    assert far is not None
    worth = {}
    for name, spot in (("near", near), ("far", far)):
        trial = state.copy()
        pieces_of(trial).clear()
        pieces_of(trial).setdefault(base[0], {})[base[1]] = ["Lr", "Mr"]
        pieces_of(trial).setdefault(spot[0], {})[spot[1]] = ["Sr"]
        worth[name] = position_value(game, trial)
    assert worth["near"] > worth["far"]


def _shuffle_chances(game, state, worlds=6):
    """shuffle_ahead in several worlds dealt from the player's own observation of the state."""
    import random

    from aquarius3d.bots.towers_eval import shuffle_ahead

    seen = game.observe(state, 0)
    return {round(shuffle_ahead(game, game.determinize(seen, random.Random(k))), 9) for k in range(worlds)}


def _has_shuffle(game, ids):
    return any(game.deck.cards[c].code == "shuffle_goals" for c in ids)


def test_playing_the_same_cards_again_the_player_knows_whether_a_shuffle_goals_will_come():
    """Replaying the same 30 cards (reshuffled) a person knows what the deck holds, not its order: a Shuffle
    Goals in it comes for sure (every card is drawn before the end), none in it never comes. A first game
    knows only how many lie unseen: the same chance in every world, whatever the world's deck holds."""
    game = load_ruleset("elemental-towers")
    with_one = game.new_state(["Solo"], seed=1)  # 2 of the 3 Shuffle Goals among its 30 cards, none seen
    without = game.new_state(["Solo"], seed=22)  # none of them among its 30 cards
    assert _has_shuffle(game, with_one.data.deck_cards) and not _has_shuffle(game, without.data.deck_cards)
    for first in (with_one, without):
        assert not first.known or not first.known[0]  # nothing of the deck seen (no action turned up as starter)
        chances = _shuffle_chances(game, first)
        assert len(chances) == 1 and 0.5 < chances.pop() < 1.0  # the same guess, whichever game it is
    again = game.new_state(["Solo"], seed=101, preset={"same_deck": with_one.data.deck_cards})
    assert _shuffle_chances(game, again) == {1.0}
    again = game.new_state(["Solo"], seed=102, preset={"same_deck": without.data.deck_cards})
    assert _shuffle_chances(game, again) == {0.0}


def test_a_replay_whose_shuffle_goals_are_drawn_expects_no_more():
    """The known contents are those still in the deck: once its Shuffle Goals are drawn, none is expected."""
    game = load_ruleset("elemental-towers")
    first = game.new_state(["Solo"], seed=1)
    again = game.new_state(["Solo"], seed=103, preset={"same_deck": first.data.deck_cards})
    shuffles = [c for c in again.deck if game.deck.cards[c].code == "shuffle_goals"]
    assert shuffles
    again.deck = [c for c in again.deck if c not in shuffles]
    again.discard.extend(shuffles)  # as if drawn and played: seen, out of the deck
    assert _shuffle_chances(game, again) == {0.0}
