"""Aquarius Rising's computer players and the goal actions (bots/rising_goals.py): the goal places follow the
engine's moves, the winner is the engine's, goal actions are kept for the end, and only the seat's view counts."""

import random

from aquarius3d.bots import make_player
from aquarius3d.bots import rising_goals
from aquarius3d.bots.rising_eval import keys_and_open
from aquarius3d.engine.moves import RotateGoals, TradeGoals, TradeHands
from aquarius3d.rules.ruleset import load_ruleset

from helpers import play_random
from test_bots import shuffle_the_unseen


def _game():
    return load_ruleset("aquarius-rising")


def _states(game, seeds, steps=130):
    for seed in seeds:
        for state in play_random(game, 3, seed=seed, steps=steps):
            yield state.copy()


def _elements(game, ids):
    return [None if g is None else str(game.deck.cards[g].code) for g in ids]


def test_goal_places_follow_trade_and_rotate_goals_as_the_engine_moves_them():
    game = _game()
    tried = 0
    for state in _states(game, range(3), steps=120):
        if state.phase != "play":
            continue
        seat = state.turn
        for move in game.legal_moves(state):
            if not isinstance(move, (TradeGoals, RotateGoals)):
                continue
            goals, pile = rising_goals.after(_elements(game, state.goals), _elements(game, state.unused_goals),
                                             seat, move)
            real = state.copy()
            game.apply(real, move)
            assert goals == _elements(game, real.goals), move
            assert pile == _elements(game, real.unused_goals), move
            tried += 1
    assert tried >= 10


def test_the_winners_from_the_keys_are_the_engines():
    game = _game()
    for seed in range(6):
        state = game.new_state(["P0", "P1", "P2"], seed=seed)
        chooser = random.Random(seed)
        while not state.over:
            moves = game.legal_moves(state)
            game.apply(state, moves[chooser.randrange(len(moves))])
        keys, _ = keys_and_open(game, state)
        assert rising_goals.winners(keys, _elements(game, state.goals)) == sorted(state.winners)


def test_medium_keeps_its_goal_actions_while_it_has_another_card():
    """The last goal action decides most games: a goal action is played only when nothing else is left."""
    game = _game()
    tried = 0
    for n, state in enumerate(_states(game, range(8))):
        if state.phase != "play":
            continue
        seat = state.turn
        hand = state.hands[seat]
        goal_cards = [c for c in hand if rising_goals.is_goal_action(game, c)]
        if not goal_cards or len(goal_cards) == len(hand):
            continue
        move = make_player("medium", seed=n).choose(game, game.observe(state, seat))
        assert not isinstance(move, (TradeGoals, RotateGoals)), f"medium played {move} holding {len(hand)} cards"
        tried += 1
    assert tried >= 10


def test_giving_away_a_goal_action_by_trade_hands_counts_against_it():
    """While the deck is still long the goal actions are spread thin over the unseen cards: a hand traded away
    with one in it loses more than the other hand is expected to bring."""
    game = _game()
    tried = 0
    for state in _states(game, range(8), steps=60):
        seat = state.turn
        if state.phase != "play" or len(state.deck) < 25 or not any(
                rising_goals.is_goal_action(game, c) for c in state.hands[seat]):
            continue
        observation = game.observe(state, seat)
        for other in range(3):
            if other != seat:
                assert rising_goals.hand_goal_actions(game, observation, TradeHands(other)) < 0
                tried += 1
    assert tried >= 4


def test_the_chance_of_a_goal_action_reads_only_the_seats_view():
    """Dealing again everything the seat cannot see (the others' goals and hands, the pile, the deck) leaves
    the chances the same for the same source."""
    game = _game()
    rng = random.Random(11)
    tried = 0
    for state in _states(game, range(4), steps=110):
        if state.phase != "play":
            continue
        seat = state.turn
        other = shuffle_the_unseen(game, state, seat, rng)
        for view in (state, other):
            assert game.observe(view, seat).known == game.observe(state, seat).known
        keys, _ = keys_and_open(game, state)
        for move in (None, TradeGoals((seat + 1) % 3), RotateGoals("left")):
            one = rising_goals.win_chance(game, game.observe(state, seat), keys, move, random.Random(tried))
            two = rising_goals.win_chance(game, game.observe(other, seat), keys, move, random.Random(tried))
            assert one == two
        assert rising_goals.goal_actions_left(game, game.observe(state, seat)) == rising_goals.goal_actions_left(
            game, game.observe(other, seat))
        tried += 1
    assert tried >= 10


def test_a_goal_traded_into_the_unused_pile_is_followed_to_its_place_there():
    """Ann gives her goal to the pile (it goes to the bottom); Bo rotates, which takes the pile's top: the
    goal deals Ann imagines keep her old goal where it is, at the bottom and then the top of the pile."""
    from aquarius3d.engine.hidden import observe

    game = load_ruleset("aquarius-rising")
    state = game.new_state(["Ann", "Bo", "Cy"], seed=3)
    cards = game.deck.cards
    mine = str(cards[state.goals[0]].code)
    game.actions["trade_goals"].apply(game, state, 0, TradeGoals(None))
    assert [str(cards[g].code) for g in state.unused_goals][-1] == mine
    rng = random.Random(1)
    seen = observe(game, state, 0)
    assert {rising_goals.sample_places(game, seen, rng)[1][-1] for _ in range(20)} == {mine}
    game.actions["rotate_goals"].apply(game, state, 1, RotateGoals("left"))  # the pile's top to Ann
    assert str(cards[state.unused_goals[0]].code) == mine
    seen = observe(game, state, 0)
    assert {rising_goals.sample_places(game, seen, rng)[1][0] for _ in range(20)} == {mine}
