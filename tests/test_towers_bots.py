"""Elemental Towers' computer judgement: towers priced in the actions still to earn (bots/towers_eval.py)."""

from aquarius3d.bots import make_player
from aquarius3d.bots.towers_eval import position_value
from aquarius3d.bots.towers_plan import distances, space_graph
from aquarius3d.games.towers.pieces import pieces_of, score_of
from aquarius3d.ruleset import load_ruleset


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
