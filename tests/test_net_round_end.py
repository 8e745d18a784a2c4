"""Dominus across computers (issue 27, point 8 for play across computers): at a round's end a player who joined
over the network sees what the host's own players see (Stage.ROUND_OVER): the finished round's table, its last
card down and each hand's count at that moment, the round's points explained, until THEY go on (Continue: its
button, Enter or Space), whatever the host does: a host without a window (`aquarius3d host` headless) deals the
next round at once, a host's window goes on when its people press Next round; the next deal waits behind the
round's end, and a turn of the player's in the new round begins when they have gone on. The round's end comes as
that seat's own view of it (the others' hands and the deck are holes). Driven through the protocol on loopback,
the joined side in the window offscreen; each wait bounded in frames."""

import io
import random

from aquarius3d.engine.hidden import HIDDEN
from aquarius3d.i18n import tr
from aquarius3d.net.code import new_secret
from aquarius3d.net.host import Host
from aquarius3d.net.seating import chairs_of
from aquarius3d.net.window import HostedGame, Pump
from aquarius3d.rules.ruleset import load_ruleset
from aquarius3d.session import Seat, Stage
from aquarius3d.session.rows import row
from aquarius3d.session.seats import parse_seats
from test_net_screens import LOOPBACK, frames
from test_net_window import pick, until, window_plays


def host_dominus(pump, seed=4):
    """Dominus of two rounds hosted as a window hosts it: Ann at the host's window, a seat for a joined player."""
    chairs = chairs_of([Seat("Ann"), *parse_seats("remote", remote=True)], window=True)
    return HostedGame(load_ruleset("dominus", {"rounds": 2}), chairs, seed, LOOPBACK, 0, pump, save=None)


class Headless:
    """A host as `aquarius3d host` runs without a window (cli: every seat remote or a computer): it plays its computer
    seats and deals the next round itself, at once (Host.window is False); its loop stepped with the test's frames."""

    def __init__(self, pump, players="remote,medium", seed=4):
        game = load_ruleset("dominus", {"rounds": 2})
        self.host = Host(game, chairs_of(parse_seats(players, remote=True)), seed, new_secret(), out=io.StringIO(),
                         save=None)
        self.pump, self.task = pump, pump.loop.create_task(self.host.run(LOOPBACK, 0))

    def step(self):
        self.pump.step()


def join_window(app, code, *games):
    """Bo joins through the window's Join form."""
    form = app.screens.switch("join_game")
    form.code_entry.enterText(str(code))
    form.name_entry.enterText("Bo")
    form.join()
    frames(app, lambda: app.screen == "game", *games)


def reading_the_round_s_end(app, ended, number=1):
    """The joined window shows the finished round, its points and Continue (no next deal, no hand)."""
    guest, table = app.session, app.table
    table.refresh()
    hud = table.hud
    assert guest.stage == Stage.ROUND_OVER and guest.shown_state.table.faces == ended.table.faces
    assert set(table.scene.views) == set(ended.table.cards.values())  # drawn: the round's cards, not the deal's
    assert hud.turn.getText() == tr("round_over_title", number=number)
    assert not hud.end_panel.isHidden() and not hud.hand.nodes
    assert not hud.next_round_button.isHidden() and hud.next_round_button["text"] == tr("net_round_continue")
    assert hud.prompt.text.getText() == tr("net_round_read")


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


def at_round_end(app, pump):
    """A Dominus game hosted by a window here (seed 4), Bo joined at this window, played to the first round's end."""
    hosted = host_dominus(pump)
    frames(app, lambda: hosted.code is not None, hosted)
    join_window(app, hosted.code, hosted)
    frames(app, to_round_end(hosted, lambda: app.session, random.Random(2)), hosted, most=20000)
    return hosted


def test_a_joined_player_reads_the_round_s_end_until_they_continue_at_a_window_s_host(app):
    pump = Pump()
    try:
        hosted = at_round_end(app, pump)
        session, guest = hosted.session, app.session
        ended = session.round_end
        assert ended is not None and len(ended.table.cards) > 1
        # the finished table, the counts of that moment and the points explained, as at the host's window
        assert guest.shown_state.table.faces == ended.table.faces != session.state.table.faces
        assert guest.observation()["hand_sizes"] == [len(hand) for hand in ended.hands]
        assert guest.summary() == session.summary()
        # the round's end as this seat may see it: its own last cards, holes for the other hand and the deck
        me = guest.me
        assert guest.shown_state.hands[me] == ended.hands[me]
        assert set(guest.shown_state.hands[1 - me]) <= {HIDDEN} and set(guest.shown_state.deck) <= {HIDDEN}
        result = session.flow.rounds()[0]
        winner = result.winners[0]
        assert row(tr("round_scores", name=session.seats[winner].name), result.points[winner], total=True) in \
            app.table.hud.end_lines.getText()
        reading_the_round_s_end(app, ended)
        # the host's window goes on, and its next table reaches Bo's window: he still reads the round's end
        session.next_round()
        frames(app, lambda: any(m["seq"] == hosted.host.seq for m, _ in guest.held), hosted)
        reading_the_round_s_end(app, ended)
        assert guest.summary() != session.summary()  # (the host's score table is gone; Bo's stays)
        # Continue, clicked: the next deal, as the host holds it
        hud = app.table.hud
        hud.next_round_button["command"]()
        assert guest.seq == hosted.host.seq and guest.stage != Stage.ROUND_OVER
        assert guest.shown_state is guest.state and guest.state.table.faces == session.state.table.faces
        assert guest.messages[-1] == tr("round_begins", number=2, name=session.seats[session.seat].name)
        assert hud.notice.getText() == guest.messages[-1] == session.notice  # (said at the top, as at the host's)
        assert set(app.table.scene.views) == set(session.state.table.cards.values())
        assert hud.end_panel.isHidden() and hud.turn.getText() != tr("round_over_title", number=1)
        assert len(hud.hand.nodes) == len(session.state.hands[me])
        hosted.close()
        frames(app, lambda: hosted.finished, hosted)
    finally:
        pump.close()


def test_a_host_without_a_window_deals_at_once_and_the_joined_player_still_reads_the_round_s_end(app):
    """`aquarius3d host` headless passes the score table at once and its computer plays on; Bo's window keeps the
    round's end until he presses Enter, then takes the next deal and what came since: his turn begins then."""
    pump = Pump()
    try:
        headless = Headless(pump)
        host = headless.host
        frames(app, lambda: host.ready.is_set(), headless)
        join_window(app, host.code, headless)
        guest, rng = app.session, random.Random(3)

        def ended():
            if guest.stage == Stage.ROUND_OVER:
                return True
            if guest.your_move and guest.sent is None and guest.stage not in (Stage.REMOTE, Stage.OVER):
                pick(guest, rng)
            return False
        frames(app, ended, headless, most=20000)
        session = host.session
        ended_table = guest.round_end
        assert session.stage != Stage.ROUND_OVER and len(session.flow.rounds()) == 1  # the host went on at once
        assert ended_table is not None and ended_table.table.faces != session.state.table.faces
        result = session.flow.rounds()[0]
        winner = result.winners[0]
        assert row(tr("round_scores", name=session.seats[winner].name), result.points[winner], total=True) \
            in guest.summary()
        assert session.seat == guest.me and session.stage == Stage.REMOTE  # (the new round waits for Bo)
        frames(app, lambda: any(m["seq"] == host.seq for m, _ in guest.held), headless)
        for _ in range(60):  # frames go by: nothing moves him on
            app.online.step()
            headless.step()
        reading_the_round_s_end(app, ended_table)
        assert not guest.your_move and guest.shown_state.hands[1 - guest.me] == [HIDDEN] * len(ended_table.hands[1])
        app.base.messenger.send("enter")  # Continue, by the keyboard
        assert guest.seq == host.seq and guest.state.table.faces == session.state.table.faces
        assert guest.stage == Stage.CHOOSE and guest.your_move  # his turn, now that he went on
        hud = app.table.hud
        assert hud.end_panel.isHidden() and len(hud.hand.nodes) == len(session.state.hands[guest.me])
        assert guest.messages == session.messages
        assert hud.prompt.text.getText() == guest.hint() == tr("hud_choose_card")
        host.stop()
        frames(app, lambda: headless.task.done(), headless)
    finally:
        pump.close()


def test_a_joined_player_who_goes_on_before_the_host_sees_the_next_deal_until_it_begins(app):
    """Space at the round's end, the host's window still on its score table: Bo's own new hand, the prompt saying
    the round begins when the host goes on, the turn panel "Round 2 dealt" (not its first player's turn); then the
    host goes on and the round plays."""
    pump = Pump()
    try:
        hosted = at_round_end(app, pump)
        session, guest = hosted.session, app.session
        reading_the_round_s_end(app, session.round_end)
        app.base.messenger.send("space")
        hud = app.table.hud
        assert session.stage == Stage.ROUND_OVER and guest.stage == Stage.REMOTE and not guest.your_move
        assert guest.state.table.faces == session.state.table.faces  # the next deal, as the host dealt it
        assert guest.round_end is not None and guest.shown_state is guest.state
        assert hud.end_panel.isHidden() and len(hud.hand.nodes) == len(session.state.hands[guest.me])
        assert hud.prompt.text.getText() == tr("net_next_round_waits", number=2) and not hud.notice.getText()
        assert hud.turn.getText() == tr("net_round_dealt_title", number=2)  # (nobody's turn until the host begins)
        assert set(guest.state.hands[1 - guest.me]) == {HIDDEN}  # (his own hand only)
        session.next_round()  # the host's window goes on: the round begins at Bo's window, no second Continue
        frames(app, lambda: guest.seq == hosted.host.seq, hosted)
        app.table.refresh()
        assert guest.stage != Stage.ROUND_OVER and hud.next_round_button.isHidden()
        assert guest.messages[-1] == tr("round_begins", number=2, name=session.seats[session.seat].name)
        assert hud.notice.getText() == guest.messages[-1] == session.notice
        assert hud.turn.getText() == tr("turn_of", name=session.seats[session.seat].name)
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
        until(lambda: any(m["seq"] == hosted.host.seq for m, _ in joined.session.held), hosted, joined)
        joined.session.next_round()  # (Continue: what the host sent meanwhile, taken)
        assert joined.session.seq == hosted.host.seq and joined.session.stage != Stage.ROUND_OVER
        assert "round_end" not in sent[-1] and joined.session.round_end is None
    finally:
        pump.close()
