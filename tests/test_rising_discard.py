"""Aquarius Rising's discard pile lies face up like Aquarius' (rulesets/aquarius-rising.yaml: "Action cards play
the same as they do in ordinary Aquarius", whose discard is face up and open to look through)."""

from aquarius3d.i18n import action_name
from aquarius3d.session import Seat


def test_rising_discard_lies_face_up_with_its_top_action_named(app):
    for seed in range(1, 40):  # a deal that turned action cards up while looking for the first element card
        app.start_game("aquarius-rising", {}, [Seat("Ann"), Seat("Bo")], seed=seed)
        if app.session.state.discard:
            break
    session, piles = app.session, app.table.parts.piles
    assert session.state.discard
    top = session.game.deck.cards[session.state.discard[-1]].code
    assert not piles.discard_face.isHidden() and not piles.stacks["discard"].isHidden()
    assert piles.discard_name.node().getText() == action_name(top)
    face, stack = piles.discard_face.getPos(), piles.stacks["discard"].getPos()
    assert (face.x, face.y) == (stack.x, stack.y) and face.z > stack.z  # lying on the stack, face up


def test_rising_discard_takes_the_action_just_played(app):
    app.start_game("aquarius-rising", {}, [Seat("Ann"), Seat("Bo")], seed=3)
    session, piles = app.session, app.table.parts.piles
    app.table.reveal()
    cards = session.game.deck.cards
    hand = session.state.hands[0]
    two = next(i for i in session.game.play_ids() if cards[i].code == "move_a_card")
    if two not in hand:  # Move a Card (two pyramids this turn) into Ann's hand, from wherever it was
        for pile in [session.state.deck, session.state.discard, session.state.hands[1]]:
            if two in pile:
                pile[pile.index(two)] = hand[0]
                break
        hand[0] = two
    session.select(hand.index(two))
    assert session.stage == "confirm"
    session.confirm()
    app.table.refresh()
    assert cards[session.state.discard[-1]].code == "move_a_card"
    assert not piles.discard_face.isHidden()
    assert piles.discard_name.node().getText() == action_name("move_a_card")
