"""Dominus across computers (issue 27, point 8 for play across computers): at a round's end a player who joined
over the network sees what the host's own players see (Stage.ROUND_OVER): the finished round's table, its last
card down and each hand's count at that moment, the round's points explained, until the host goes on; then the
next deal. The round's end comes as that seat's own view of it (the others' hands and the deck are holes). Driven
through the protocol on loopback, the joined side in the window offscreen; each wait bounded in frames."""

import random

from aquarius3d.engine.hidden import HIDDEN
from aquarius3d.i18n import tr
from aquarius3d.net.seating import chairs_of
from aquarius3d.net.window import HostedGame, Pump
from aquarius3d.rules.ruleset import load_ruleset
from aquarius3d.session import Seat, Stage
from aquarius3d.session.seats import parse_seats
from test_net_screens import LOOPBACK, frames
from test_net_window import pick, until, window_plays


def host_dominus(pump, seed=4):
    """Dominus of two rounds hosted as a window hosts it: Ann at the host's window, a seat for a joined player."""
    chairs = chairs_of([Seat("Ann"), *parse_seats("remote", remote=True)], window=True)
    return HostedGame(load_ruleset("dominus", {"rounds": 2}), chairs, seed, LOOPBACK, 0, pump, save=None)


def to_round_end(hosted, guest_of, rng, *games):
    """Both sides play on (Ann at the host's window, the joined player by its picks) until the first round has
    ended and the joined side holds the host's newest table; the host's window does not go on to the next deal."""
    def ended():
        session, guest = hosted.session, guest_of()
        if session is None or guest is None:
            return False
        if session.stage == Stage.ROUND_OVER:
            return guest.seq == hosted.host.seq
        if guest.your_move and guest.sent is None and guest.stage not in (Stage.REMOTE, Stage.OVER, Stage.ROUND_OVER):
            pick(guest, rng)
        window_plays(session, rng)
        return False
    return ended


def test_a_joined_player_sees_the_round_s_end_then_the_next_deal(app):
    pump = Pump()
    try:
        hosted = host_dominus(pump)
        frames(app, lambda: hosted.code is not None, hosted)
        form = app.screens.switch("join_game")
        form.code_entry.enterText(str(hosted.code))
        form.name_entry.enterText("Bo")
        form.join()
        frames(app, lambda: app.screen == "game", hosted)
        frames(app, to_round_end(hosted, lambda: app.session, random.Random(2)), hosted, most=20000)
        session, guest = hosted.session, app.session
        ended = session.round_end
        assert ended is not None and len(ended.table.cards) > 1
        # the finished table, the counts of that moment and the points explained, as at the host's window
        assert guest.stage == Stage.ROUND_OVER
        assert guest.shown_state.table.faces == ended.table.faces != session.state.table.faces
        assert guest.observation()["hand_sizes"] == [len(hand) for hand in ended.hands]
        assert guest.summary() == session.summary()
        # the round's end as this seat may see it: its own last cards, holes for the other hand and the deck
        me = guest.me
        assert guest.shown_state.hands[me] == ended.hands[me]
        assert set(guest.shown_state.hands[1 - me]) <= {HIDDEN} and set(guest.shown_state.deck) <= {HIDDEN}
        table = app.table
        table.refresh()
        assert set(table.scene.views) == set(ended.table.cards.values())  # drawn: the round's cards, not the deal's
        hud = table.hud
        assert hud.turn.getText() == tr("round_over_title", number=1)
        result = session.flow.rounds()[0]
        winner = result.winners[0]
        assert tr("round_scores", name=session.seats[winner].name, count=result.points[winner]) in \
            hud.end_lines.getText()
        assert not hud.end_panel.isHidden() and not hud.hand.nodes
        assert hud.next_round_button.isHidden()  # (no button that does nothing: the host goes on)
        assert hud.prompt.text.getText() == tr("net_host_goes_on")
        # the host's window goes on: the joined window shows the next deal
        session.next_round()
        frames(app, lambda: guest.seq == hosted.host.seq and guest.stage != Stage.ROUND_OVER, hosted)
        assert guest.shown_state is guest.state and guest.state.table.faces == session.state.table.faces
        assert guest.messages[-1] == tr("round_begins", number=2, name=session.seats[session.seat].name)
        table.refresh()
        assert set(table.scene.views) == set(session.state.table.cards.values())
        assert hud.end_panel.isHidden() and hud.turn.getText() != tr("round_over_title", number=1)
        hosted.close()
        frames(app, lambda: hosted.finished, hosted)
    finally:
        pump.close()


def test_each_seat_is_sent_the_round_s_end_as_it_may_see_it_and_only_between_rounds():
    """The host's `state` at a round's end holds `round_end`: that seat's view of the finished round (engine
    observation, the others' hands holes); every other `state` holds none."""
    from aquarius3d.net.window import JoinedGame

    pump = Pump()
    try:
        hosted = host_dominus(pump, seed=9)
        until(lambda: hosted.code is not None, hosted)
        joined = JoinedGame(hosted.code, "Bo", pump, keep_token=False)
        sent = []
        take = joined._take
        joined._take = lambda message, fresh: (sent.append(message), take(message, fresh))[1]
        until(to_round_end(hosted, lambda: joined.session, random.Random(5)), hosted, joined)
        session = hosted.session
        ended, me = session.round_end, joined.session.me
        states = [m for m in sent if m["type"] == "state"]
        assert "round_end" in states[-1] and states[-1]["stage"] == "round_over"
        assert not any("round_end" in m for m in states[:-1])
        view = states[-1]["round_end"]
        assert view["hands"][me] == ended.hands[me] and set(view["hands"][1 - me]) == {HIDDEN}
        assert set(view["deck"]) <= {HIDDEN} and "rng" not in view
        session.next_round()
        until(lambda: joined.session.seq == hosted.host.seq and joined.session.stage != Stage.ROUND_OVER,
              hosted, joined)
        assert "round_end" not in sent[-1] and joined.session.round_end is None
    finally:
        pump.close()
