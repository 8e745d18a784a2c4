"""The `hard` player's Aquarius judgement (bots/aquarius_eval.py with the others' goals read): it keeps its answers
to a rival about to win (Zap a Card, Move a Card, Trade and Rotate Goals) until one is near, and judges Rotate
Goals by the place its new goal comes from. Medium's judgement (no goals read) is left as it was."""

from aquarius3d.bots import aquarius_eval, make_player
from aquarius3d.bots.aquarius_eval import KEEP_ACTION, KEEP_ANSWER, Judge, off_table_worth
from aquarius3d.engine.moves import MoveCard, RotateGoals, ShuffleHands, TradeGoals, TradeHands, Zap
from aquarius3d.rules.ruleset import load_ruleset
from aquarius3d.core.vocabulary import BIT, LETTER_OF

GAME = load_ruleset("aquarius")


def positions(players=4, seeds=range(1, 30)):
    """(state, observation of the seat to play) along games between medium players."""
    for seed in seeds:
        state = GAME.new_state([f"p{i}" for i in range(players)], seed=seed)
        bots = [make_player("medium", seed * 10 + i) for i in range(players)]
        while not state.over:
            observation = GAME.observe(state, state.turn)
            yield state, observation
            GAME.apply(state, bots[state.turn].choose(GAME, observation))


def mine(observation):
    return BIT[LETTER_OF[GAME.deck.cards[observation.view.goals[observation.seat]].code]]


def test_answers_are_kept_until_a_rival_is_one_panel_from_winning():
    answers = [Zap((0, 0)), MoveCard((0, 0), (1, 0)), TradeGoals(1), RotateGoals("left")]
    others = [TradeHands(1), ShuffleHands()]
    for state, observation in positions():
        own = mine(observation)
        near = [bit for bit in aquarius_eval.BITS
                if bit != own and state.table.largest_group(bit) == GAME.target - 1]
        if not near:
            continue
        rivals = [s for s in range(4) if s != observation.seat]
        calm = Judge(GAME, observation, odds={s: {} for s in rivals})  # nobody holds anything near winning
        assert not calm.danger()
        assert [calm.keep(m) for m in answers] == [KEEP_ANSWER] * 4
        assert [calm.keep(m) for m in others] == [KEEP_ACTION] * 2
        alarmed = Judge(GAME, observation, odds={**{s: {} for s in rivals}, rivals[0]: {near[0]: 1.0}})
        assert alarmed.danger()
        assert [alarmed.keep(m) for m in answers + others] == [KEEP_ACTION] * 6
        medium = Judge(GAME, observation)  # medium reads no goals: every action card costs KEEP_ACTION, as before
        assert [medium.keep(m) for m in answers + others] == [KEEP_ACTION] * 6
        return
    raise AssertionError("no position with another element one panel from the target")


def test_rotate_goals_is_judged_by_the_place_the_new_goal_comes_from():
    """Left passes every goal to the next seat: the seat receives the goal of the seat before it. With that seat
    surely holding the element of the largest group on the table and the seat after it a small one, hard
    rotates left; medium, reading no goals, cannot tell the directions apart."""
    for state, observation in positions():
        seat = observation.seat
        if seat in (0, 3) or len(state.table) < 8:  # the unused pile sits between seats 3 and 0
            continue
        own = mine(observation)
        sizes = sorted(((state.table.largest_group(bit), bit) for bit in aquarius_eval.BITS
                        if bit != own and bit in {BIT[LETTER_OF[GAME.deck.cards[g].code]] for g in GAME.goal_ids()}),
                       reverse=True)
        (big, big_bit), (small, small_bit) = sizes[0], sizes[-1]
        if big - small < 3 or big >= GAME.target - 1 or state.table.largest_group(own) >= big:
            continue
        before, after = seat - 1, seat + 1
        odds = {s: {} for s in range(4) if s != seat}
        odds[before], odds[after] = {big_bit: 1.0}, {small_bit: 1.0}
        hard = Judge(GAME, observation, odds=odds)
        base = hard.value(hard.base)
        left = off_table_worth(hard, observation.view, seat, RotateGoals("left"), base, None)
        right = off_table_worth(hard, observation.view, seat, RotateGoals("right"), base, None)
        assert left > right + 10 * (big - small - 1)
        medium = Judge(GAME, observation)
        assert (off_table_worth(medium, observation.view, seat, RotateGoals("left"), base, None)
                == off_table_worth(medium, observation.view, seat, RotateGoals("right"), base, None))
        return
    raise AssertionError("no position with groups far enough apart")
