"""The table's cards an action may take glow as the legal spots do (issue 27, point 9 and point 2's outlines): Zap
a Card outlines every card, Move a Card only those that can go somewhere; the outline reads against the table;
Tab goes through the outlined cards alone, each previewed (its outline widened), and Enter takes the one in focus."""

import random

import pytest
from driving import picture
from test_contrast import contrast, luminance
from test_spots import outline_points

from aquarius3d.engine.moves import Place
from aquarius3d.session import Seat
from aquarius3d.view.scene import SPOT_HOVER_GROWTH

STUCK = (0, 0)  # after the two placements below (seed 1), the first card cannot go anywhere else


def to_table_card(app, action):
    """Two cards placed (seed 1), then the player to move holds `action` and picks it."""
    app.start_game("aquarius", {}, [Seat("Ann"), Seat("Bo")], seed=1)
    session = app.session
    game, state = session.game, session.state
    rng = random.Random(1)
    for _ in range(2):
        game.apply(state, rng.choice([m for m in game.legal_moves(state) if isinstance(m, Place)]))
    card = next(i for i in game.play_ids() if game.deck.cards[i].code == action)
    for pile in (state.deck, *state.hands):
        if card in pile:
            pile.remove(card)
    state.hands[state.turn].append(card)
    session._moved()
    session._begin_turn()
    if session.stage == "cover":
        session.reveal()
    session.select(state.hands[state.turn].index(card))
    app.table.refresh()
    assert session.stage == "table_card"
    if app.table.scene._flash is not None:
        app.table.scene._flash.finish()
    return session


def test_move_a_card_outlines_only_the_cards_that_can_go_somewhere(app):
    session = to_table_card(app, "move_a_card")
    cards = session.state.table.cards
    choices = session.table_choices()
    assert choices == set(cards) - {STUCK} and len(choices) == 2
    scene = app.table.scene
    assert set(scene.outlined) == {cards[c] for c in choices}
    assert cards[STUCK] not in scene.outlined
    app.base.aspect2d.hide()
    try:
        seen = luminance(picture(app))
        scene.spots_root.hide()
        bare = luminance(picture(app))
    finally:
        scene.spots_root.show()
        app.base.aspect2d.show()
    ratio = contrast(seen, bare)
    checked = 0
    for outline in scene.outlined.values():
        for col, row in outline_points(app, outline):
            if 6 <= col < ratio.shape[1] - 6 and 6 <= row < ratio.shape[0] - 6:
                assert ratio[row - 4:row + 5, col - 4:col + 5].max() >= 3.0, (col, row)
                checked += 1
    assert checked >= 4
    assert "outlined" in session.hint()


def test_zap_a_card_outlines_every_card(app):
    session = to_table_card(app, "zap_a_card")
    cards = session.state.table.cards
    assert session.table_choices() == set(cards)
    assert set(app.table.scene.outlined) == set(cards.values())


def test_tab_goes_through_the_outlined_cards_and_enter_takes_one(app):
    session = to_table_card(app, "move_a_card")
    keys, scene, cards = app.table.keys, app.table.scene, session.state.table.cards
    tables = [t.key for t in keys.ring() if t.kind == "table"]
    assert sorted(tables) == sorted(session.table_choices())  # the stuck card is not in the ring
    keys.step(1)
    assert keys.focus is not None and keys.focus.kind == "table"
    lit = cards[keys.focus.key]
    widths = {k: o.getScale().x for k, o in scene.outlined.items()}
    assert widths[lit] == pytest.approx(SPOT_HOVER_GROWTH) and all(w == 1.0 for k, w in widths.items() if k != lit)
    keys.enter()
    assert session.stage == "target" and session.source in tables
    assert not scene.outlined  # (where it goes glows now instead)
