"""Dominus between rounds, in the window: the round's end stays on the table with its points explained until the
players go on; the piles lie outside the table's outline (issue 27, found playing whole games by real input)."""

import pytest
from driving import FakeTask

from aquarius3d.core import geometry
from aquarius3d.games.dominus.blocks import card_points
from aquarius3d.i18n import set_language, tr
from aquarius3d.session import Seat
from aquarius3d.session.rows import row


def play_to_round_end(app):
    app.start_game("dominus", {"rounds": 2}, [Seat("Ann", "computer", "easy"), Seat("Bo", "computer", "easy")],
                   seed=4)
    for _ in range(500):
        if app.session.stage == "round_over":
            return app.session
        app.table._bot_due = 0
        app.table._tick(FakeTask())
    raise AssertionError(f"no round's end: stage {app.session.stage}")


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_rounds_end_shows_its_table_and_its_points_until_the_next_deal(app, language):
    set_language(language)
    session = play_to_round_end(app)
    ended = session.round_end
    assert ended is not None and len(ended.table.cards) > 1  # the round's own cards, not the next deal's starter
    assert len(session.state.table.cards) == 1  # (the next round is dealt already, behind the result)
    app.table.refresh()
    scene = app.table.scene
    assert set(scene.views) == set(ended.table.cards.values())  # the finished table is what is drawn
    hud = app.table.hud
    assert hud.turn.getText() == tr("round_over_title", number=1)  # not "Bo's turn"
    lines = hud.end_lines.getText()
    result = session.flow.rounds()[0]
    winner = session.seats[result.winners[0]].name
    assert row(tr("round_scores", name=winner), result.points[result.winners[0]], total=True) in lines  # who scored
    loser = 1 - result.winners[0]
    points = [card_points(session.game.deck.cards[c].code) for c in ended.hands[loser]]
    kinds = {p: points.count(p) for p in points}
    named = ", ".join(tr("round_kind_ace" if p == 1 else "round_kind_deuce" if p == 2 else "round_kind_quad", count=n)
                      for p, n in sorted(kinds.items()))
    assert points and row(tr("round_hand", name=session.seats[loser].name, parts=named), sum(points)) in lines
    seen = session.observation()
    assert seen["hand_sizes"] == [len(h) for h in ended.hands]  # the counts of that moment, a winner's 0 among them
    assert 0 in seen["hand_sizes"] or result.reason == "blocked"
    app.table.next_round()
    assert session.stage != "round_over" and session.round_end is None
    app.table.refresh()
    assert set(scene.views) == set(session.state.table.cards.values())  # now the new deal
    assert hud.turn.getText() == tr("turn_of", name=session.seats[session.seat].name)
    assert session.messages[-1] == tr("round_begins", number=2, name=session.seats[session.seat].name)


def test_dominus_piles_lie_outside_the_tables_outline(app):
    session = play_to_round_end(app)
    app.table.next_round()
    app.table.refresh()
    piles = app.table.parts.piles
    (x0, _), (x1, _) = session.flow.table_limit()
    outline_left = x0 * geometry.CELL_X - geometry.CELL_X / 2
    outline_right = x1 * geometry.CELL_X + geometry.CELL_X / 2
    for name in ("deck",):  # (Dominus has neither a discard pile nor unused goals)
        stack = piles.stacks[name]
        assert not stack.isHidden()
        right_edge = stack.getX() + geometry.CARD_WIDTH * 0.45
        assert right_edge < outline_left or stack.getX() - geometry.CARD_WIDTH * 0.45 > outline_right
        assert piles.labels[name].node().getText() == tr("hud_deck", count=len(session.state.deck))
