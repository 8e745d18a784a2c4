"""The leaf of hard's search in Aquarius: the chance to win from a whole position at the seat's turn."""

import random

import pytest

from aquarius3d.bots import aquarius_chance, infer, make_player
from aquarius3d.bots.kit import Kit, kit_of
from aquarius3d.core.cards import mask_letters
from aquarius3d.engine.moves import MoveCard, Place
from aquarius3d.rules.ruleset import load_ruleset
from aquarius3d.core.vocabulary import ELEMENT_OF


def turn_starts(game, players, seeds):
    """(state at the start of a turn, the game's winners) for every turn of games between medium players."""
    for seed in seeds:
        state = game.new_state([f"p{i}" for i in range(players)], seed=seed)
        bots = [make_player("medium", seed * 10 + i) for i in range(players)]
        seen = []
        while not state.over:
            seen.append(state.copy())
            game.apply(state, bots[state.turn].choose(game, game.observe(state, state.turn)))
        for position in seen:
            yield position, state.winners


def test_a_finishing_card_is_found_exactly_as_the_engine_places_it():
    """Where the seat's goal group is within NEAR_WIN of the target, wins_now says yes exactly when one of its legal
    placements makes that group reach the target (further away it does not look: a card joining groups that
    far apart is rare)."""
    game = load_ruleset("aquarius")
    yes = no = 0
    for state, _ in turn_starts(game, 4, seeds=range(6)):
        seat = state.turn
        bit = game.goal_bit[state.goals[seat]]
        if state.table.largest_group(bit) < game.target - aquarius_chance.NEAR_WIN:
            assert not aquarius_chance.wins_now(game, state, seat)
            continue
        finishing = False
        for move in game.legal_moves(state):
            if isinstance(move, Place):
                after = state.copy()
                game.apply_unchecked(after, move)
                finishing = finishing or after.table.largest_group(bit) >= game.target
        assert aquarius_chance.wins_now(game, state, seat) == finishing
        yes += finishing
        no += not finishing
        if finishing:
            assert aquarius_chance.win_chance(game, state, seat) == 1.0
            assert kit_of(game).reward(game, state, seat, centre=0.0) == 1.0
    assert yes >= 3 and no >= 20, (yes, no)


@pytest.mark.slow
def test_the_chance_is_calibrated_on_games_it_was_not_fitted_on():
    """Over medium players' four-seat games (other deals than the fit's), the mean chance the model gives the seat
    to play is close to how often that seat went on to win, overall and where a rival held a finishing card."""
    game = load_ruleset("aquarius")
    said = won = 0.0
    threatened_said = threatened_won = 0.0
    count = threatened = 0
    for state, winners in turn_starts(game, 4, seeds=range(900, 960)):
        seat = state.turn
        chance = aquarius_chance.win_chance(game, state, seat)
        outcome = 1.0 / len(winners) if seat in winners else 0.0
        said += chance
        won += outcome
        count += 1
        values = aquarius_chance.features(game, state, seat)
        if values is not None and values[aquarius_chance.NAMES.index("rivals_finish")] > 0:
            threatened_said += chance
            threatened_won += outcome
            threatened += 1
    assert count > 1500
    assert abs(said - won) / count < 0.03, (said / count, won / count)
    assert threatened >= 40
    assert threatened_said / threatened < 0.15 and threatened_won / threatened < 0.2, (
        threatened_said / threatened, threatened_won / threatened)


def test_a_moved_card_is_evidence_for_its_mover():
    """A card moved with Move a Card counts, where it lies now, like a card placed there: the mover's evidence
    grows by one for each element the card shares with a neighbour that was there before."""
    game = load_ruleset("aquarius")
    checked = 0
    for seed in range(40):
        state = game.new_state(list("abcd"), seed=seed)
        bots = [make_player("medium", seed * 10 + i) for i in range(4)]
        while not state.over and checked < 3:
            seat = state.turn
            move = bots[seat].choose(game, game.observe(state, seat))
            game.apply(state, move)
            if not isinstance(move, MoveCard) or state.over:
                continue
            seen = game.observe(state, (seat + 1) % 4)
            without = seen.view.copy()
            without.log = list(seen.view.log)[:-1]
            before = infer.evidence(game, type(seen)(seen.seat, without))[seat]
            after = infer.evidence(game, seen)[seat]
            lies = state.table.faces[move.target]
            mask = 0
            for _, _, _, shared in state.table.touching(move.target, lies):
                mask |= shared
            joined = {ELEMENT_OF[letter] for letter in mask_letters(mask)}
            gained = {name for name in after if after[name] > before.get(name, 0.0)}
            assert gained == joined, (gained, joined)
            if joined:
                checked += 1
    assert checked >= 3


def test_goals_are_read_sharper_in_aquarius_than_elsewhere():
    """With the same evidence, Aquarius draws the leading element more often than a family at the default."""
    game = load_ruleset("aquarius")
    state = game.new_state(list("abcd"), seed=4)
    seen = game.observe(state, 0)
    leanings = [{}, {str(game.deck.cards[state.goals[1]].code): 2.0}, {}, {}]
    rng = random.Random(1)
    hits = sum(infer.draw_goals(game, seen, leanings, rng).get(state.goals[1]) == ("goal", 1) for _ in range(400))
    assert kit_of(game).beta > Kit.beta
    assert hits > 400 * 0.6, hits  # weight e^4 against three goals at 1: about 0.95; at 0.5 it would be about 0.48
