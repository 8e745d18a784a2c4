"""The window's side of issue 31 without a window: a game hosted as the Host form hosts it (net/window.py: the host
on an asyncio loop stepped a frame at a time, its people and computer seats played by the window) and a player
joined as the Join form joins (a GuestSession built from the host's states alone, played by the same picks as a
table at one computer). On loopback; each wait bounded in steps."""

import errno
import random
import socket
import time

import pytest

from aquarius3d.bots import make_player
from aquarius3d.engine.hidden import HIDDEN
from aquarius3d.i18n import element_name
from aquarius3d.net.code import JoinCode
from aquarius3d.net.seating import chairs_of
from aquarius3d.net.window import HostedGame, JoinedGame
from aquarius3d.rules.ruleset import load_ruleset
from aquarius3d.session import Seat, Stage
from aquarius3d.session.events import Played, Refused
from aquarius3d.session.seats import parse_seats

LOOPBACK = "127.0.0.1"
RULESETS = [("aquarius", "Ann,remote,medium"), ("aquarius-rising", "Ann,remote,medium"),
            ("dominus", "Ann,remote,medium"), ("elemental-towers", "remote")]


pytestmark = pytest.mark.usefixtures("private_home")  # (conftest.py: a home of the test's own)


def host(pump, ruleset="aquarius", players="Ann,remote,medium", seed=3, port=0, bind=LOOPBACK):
    seats = [Seat(p) if p not in ("remote", "medium", "random") else parse_seats(p, remote=True)[0]
             for p in players.split(",")]
    hosted = HostedGame(load_ruleset(ruleset, {}), chairs_of(seats, window=True), seed, bind, port, pump, save=None)
    until(lambda: hosted.code is not None or hosted.problem is not None, hosted)
    return hosted


def until(done, *games, steps=20000):
    """Step every game (a frame each) until `done()`; fails past `steps` frames."""
    for _ in range(steps):
        for game in games:
            game.step()
        if done():
            return
        time.sleep(0.0005)
    raise AssertionError("waited too long")


def window_plays(session, rng):
    """What the host's window does on its own between frames: the computer seats, the next round, its person's
    turn (a random legal move, as a click would make)."""
    if session is None:
        return
    if session.stage == Stage.COMPUTER:
        session.computer_move()
    elif session.stage == Stage.ROUND_OVER:
        session.next_round()
    elif session.stage == Stage.COVER:
        session.reveal()
    elif session.seats[session.seat].kind == "human" and session.stage in (Stage.CHOOSE, Stage.PLACE, Stage.PYRAMID,
                                                                             Stage.PLAYER, Stage.DIRECTION):
        session._try(make_player("random", rng.randrange(99)).choose(session.game,
                                                                      session.game.observe(session.state, session.seat)))


def pick(session, rng):
    """One pick of the joined player, as clicks and keys make them at the table (the session's own picks)."""
    stage = session.stage
    if stage == Stage.CHOOSE:
        session.pass_turn() if session.can_pass() else session.select(rng.randrange(len(session.state.hands[session.me])))
    elif stage == Stage.DRAFT:
        session.select(rng.randrange(3))
    elif stage == Stage.TRADE_PIECE and session.source is None:  # Elemental Towers' Trade Hands: a lone pyramid
        session.choose_space(*rng.choice(sorted({(m.cell, m.space) for m in session.game.legal_moves(session.state)})))
    elif stage == Stage.PYRAMID and session.choice.pyramid is None:
        session.select_pyramid(rng.choice(sorted(session.flow.placeable())))
    elif session.options() and (not session.spots() or rng.random() < 0.3):
        session.choose(rng.choice(session.options()).move)
    elif session.spots():
        session.choose(rng.choice(sorted(session.spots(), key=str)))
    elif stage == Stage.TABLE_CARD:
        session.choose_table_card(rng.choice(sorted(session.state.table.cards)))
    elif stage in (Stage.PLACE, Stage.TARGET):
        session.turn_card() if rng.random() < 0.5 else session.cancel()
    else:
        session.cancel()


def holds_no_secret(guest, game, truth):
    """The joined player's table is its seat's observation and no more: a hole wherever the seat may not look (the
    others' hands, their goals until the end, the deck, face-down goals), its own hand and goal the host's."""
    mine, state = guest.me, guest.state
    seen = game.observe(truth, mine).view
    assert state.hands[mine] == truth.hands[mine] and state.goals[mine] == truth.goals[mine]
    for seat, hand in enumerate(state.hands):
        if seat != mine:
            assert set(hand) <= {HIDDEN} and len(hand) == len(truth.hands[seat])
    assert (state.hands, state.goals, state.deck, state.unused_goals) == (seen.hands, seen.goals, seen.deck,
                                                                         seen.unused_goals)
    assert set(state.deck) <= {HIDDEN}
    assert not getattr(state.data, "deck_cards", None)  # (Elemental Towers' box: withheld)


@pytest.mark.parametrize("ruleset,players", RULESETS)
def test_a_joined_window_plays_a_whole_game_seeing_only_its_own_seat(pump, ruleset, players):
    hosted = host(pump, ruleset, players)
    joined = JoinedGame(hosted.code, "Bo", pump)
    rng = random.Random(7)
    checked = 0

    def played():
        nonlocal checked
        guest = joined.session
        assert joined.problem is None, joined.problem
        if guest is None:
            window_plays(hosted.session, rng)
            return False
        if guest.seq == hosted.host.seq:  # (the host's newest table has reached the player)
            holds_no_secret(guest, hosted.session.game, hosted.session.state)
            assert guest.messages == hosted.session.messages
            checked += 1
        if guest.stage not in (Stage.REMOTE, Stage.OVER, Stage.ROUND_OVER):
            pick(guest, rng)
        window_plays(hosted.session, rng)
        return guest.stage == Stage.OVER and guest.seq == hosted.host.seq
    until(played, hosted, joined)
    guest = joined.session
    assert guest.state.over and checked > 5
    assert guest.summary() == hosted.session.summary()
    moved = [e for e in guest.events if isinstance(e, Played)]
    assert moved and all(e.computer == (e.seat != guest.me) for e in moved)  # another seat's slides in from its seat
    assert [str(e.result.move) for e in moved][-5:] == [str(e.result.move) for e in hosted.session.events
                                                        if isinstance(e, Played)][-5:]


def test_a_refused_move_is_said_as_a_refusal_at_the_table_and_the_turn_begins_again(pump):
    hosted = host(pump, "aquarius", "remote,random")
    joined = JoinedGame(hosted.code, "Bo", pump)
    until(lambda: joined.session is not None and joined.session.stage == Stage.CHOOSE, hosted, joined)
    guest = joined.session
    assert guest.hint() == "Choose a card from your hand." or "pass" in guest.hint()
    guest.send(guest.seq, "place FFFF @ 40,40")  # a move no click would make: the host checks it
    guest.sent = guest.seq
    until(lambda: guest.sent is None, hosted, joined)
    assert guest.stage == Stage.CHOOSE and guest.notice.startswith("Not allowed: ")
    assert isinstance(guest.events[-1], Refused)
    assert hosted.session.stage == Stage.REMOTE and hosted.host.seq == guest.seq  # nothing changed at the host


def test_a_joined_window_that_loses_the_line_says_so_and_takes_its_seat_back(pump):
    hosted = host(pump, "aquarius", "Ann,remote")
    joined = JoinedGame(hosted.code, "Bo", pump)
    until(lambda: joined.session is not None, hosted, joined)
    link = hosted.host.chairs[1].link
    link.ws.transport.abort()  # the line drops, without a word
    until(lambda: joined.lost, hosted, joined)
    assert joined.session.notice == "The line to the host dropped: trying again…"
    until(lambda: hosted.session.hint().startswith("Waiting for Bo") or hosted.session.seat != 1 or not joined.lost,
          hosted, joined)
    until(lambda: not joined.lost and joined.session.seq == hosted.host.seq, hosted, joined)
    assert joined.session.notice == "Back at the table."
    assert hosted.host.chairs[1].link is not None and hosted.host.chairs[1].link is not link
    assert joined.session.me == 1 and joined.session.state.hands[1] == hosted.session.state.hands[1]


def test_the_host_says_waiting_for_an_away_player_on_their_turn(pump):
    hosted = host(pump, "aquarius", "remote,Ann", seed=2)
    joined = JoinedGame(hosted.code, "Bo", pump)
    until(lambda: hosted.session is not None and joined.session is not None, hosted, joined)
    assert hosted.session.seat == 0 and hosted.session.hint() == "Bo is playing from another computer…"
    joined.close()
    until(lambda: hosted.host.chairs[0].link is None and joined.finished, hosted, joined)
    assert hosted.session.hint() == "Waiting for Bo to come back…"


@pytest.mark.parametrize("case", ["secret", "full", "nobody", "version", "not a host"])
def test_a_window_that_cannot_join_says_why_in_words(pump, monkeypatch, case):
    hosted = host(pump, "aquarius", "Ann,remote")
    code = hosted.code
    if case == "secret":
        code = JoinCode(code.host, code.port, "aaaa-bbbb")
    elif case == "full":
        first = JoinedGame(code, "Bo", pump)
        until(lambda: first.session is not None, hosted, first)
    elif case == "nobody":
        with socket.socket() as free:
            free.bind((LOOPBACK, 0))
            code = JoinCode(LOOPBACK, free.getsockname()[1], code.secret)
    elif case == "version":
        monkeypatch.setattr("aquarius3d.net.host.PROTOCOL", 3)
    elif case == "not a host":
        import http.server
        import threading

        class Web(http.server.BaseHTTPRequestHandler):  # a web server: it answers, but not as a host
            protocol_version = "HTTP/1.1"

            def do_GET(self):
                self.send_error(404)

            def log_message(self, *args):
                pass

        server = http.server.HTTPServer((LOOPBACK, 0), Web)
        threading.Thread(target=server.handle_request, daemon=True).start()
        code = JoinCode(LOOPBACK, server.server_address[1], code.secret)
    joined = JoinedGame(code, "Cy", pump)
    until(lambda: joined.problem is not None, hosted, joined)
    says = {"secret": "The host refused the secret: check the code the host shows (the part after the slash).",
            "full": "Every seat of that game is taken:",
            "nobody": f"No host answers at {code.host}:{code.port}",
            "version": "The host runs another version of aquarius3d",
            "not a host": f"{code.host}:{code.port} is not an aquarius3d host"}[case]
    assert joined.problem.startswith(says), joined.problem
    assert joined.session is None


def test_a_port_in_use_is_said_in_words(pump):
    with socket.socket() as taken:
        taken.bind((LOOPBACK, 0))
        taken.listen()
        port = taken.getsockname()[1]
        hosted = host(pump, port=port)
    assert hosted.code is None
    assert hosted.problem == f"Port {port} is in use on this computer (another host, or another program): " \
                             "choose another port."
    assert errno.EADDRINUSE  # (the case said)


def test_a_joined_table_is_the_host_s_state_message_and_never_deals(monkeypatch):
    from aquarius3d.engine.game import Game
    from aquarius3d.net.guest_session import GuestSession
    from aquarius3d.net.wire import seat_view
    from aquarius3d.session import Session

    game = load_ruleset("aquarius", {})
    truth = Session(game, [Seat("Ann"), Seat("Bo")], 5, autosave=False)
    message = {"type": "state", "seq": 1, "seat": 1, "turn": 0, "stage": "remote", "your_move": False,
               "seats": [{"name": "Ann", "kind": "local", "away": False}, {"name": "Bo", "kind": "remote", "away": False}],
               "view": seat_view(game, truth.state, 1), "log": {"from": 0, "lines": list(truth.messages)}, "events": []}
    monkeypatch.setattr(Game, "new_state", lambda *args, **kwargs: pytest.fail("a joined table dealt cards"))
    sent = []
    guest = GuestSession(game, message, lambda seq, move: sent.append((seq, move)))
    assert guest.state.hands == [[HIDDEN] * len(truth.state.hands[0]), truth.state.hands[1]]
    assert guest.stage == Stage.REMOTE and guest.viewer == 1 and guest.observation()["hand_sizes"] == [len(h) for h in truth.state.hands]
    assert guest.hint() == "Ann is playing from another computer…"
    guest.take({**message, "seq": 2, "turn": 1, "your_move": True,
                "view": {**message["view"], "turn": 1}, "log": {"from": len(truth.messages), "lines": []}})
    assert guest.stage == Stage.CHOOSE and guest.select(0) and guest.stage == Stage.PLACE
    move = sorted(guest.spots(), key=str)[0]
    assert guest.choose(move) and sent == [(2, str(move))] and guest.hint() == "Move sent: the host checks it…"
    assert not guest.choose(move) and sent == [(2, str(move))]  # once: the host has not answered yet
    assert not guest.can_take_back() and not guest.take_back() and not guest.can_join()


@pytest.mark.parametrize("ruleset,players,says", [
    ("aquarius", "remote,random", "Not allowed: across computers, a move is played at the host as soon as it is "
                                  "sent: it cannot be taken back yet"),
    ("elemental-towers", "remote", "Not allowed: across computers, each move is played at the host as soon as it is "
                                   "sent: the turn cannot be undone yet"),
])
def test_u_at_a_joined_window_says_why_there_is_no_take_back_or_undo(pump, ruleset, players, says):
    hosted = host(pump, ruleset, players)
    joined = JoinedGame(hosted.code, "Bo", pump)
    until(lambda: joined.session is not None and joined.session.your_move, hosted, joined)
    guest, seq = joined.session, hosted.host.seq
    stage = guest.stage
    assert not guest.can_take_back() and not guest.take_back()
    assert guest.notice == says and isinstance(guest.events[-1], Refused)
    assert guest.stage == stage and guest.sent is None  # nothing sent, the turn goes on
    until(lambda: True, hosted, joined)
    assert hosted.host.seq == seq


def test_u_at_the_host_s_window_after_a_move_sent_to_a_remote_player_says_so(pump):
    hosted = host(pump, "aquarius", "Ann,remote", seed=3)
    joined = JoinedGame(hosted.code, "Bo", pump)
    until(lambda: hosted.session is not None and joined.session is not None, hosted, joined)
    session = hosted.session
    rng = random.Random(1)

    def ann_to_play():
        if session.stage == Stage.COVER:
            session.reveal()
        elif joined.session.stage not in (Stage.REMOTE, Stage.OVER):
            pick(joined.session, rng)
        return session.seat == 0 and session.stage == Stage.CHOOSE
    until(ann_to_play, hosted, joined)
    for index in range(len(session.state.hands[0])):  # a card placed (not an action, which may show cards)
        if session.select(index) and session.stage == Stage.PLACE and session.spots():
            break
        session.cancel()
    moves = len(session.state.log)
    assert session.choose(sorted(session.spots(), key=str)[0]) and session.stage == Stage.REMOTE
    assert not session.take_back()
    assert session.notice == "Not allowed: nothing to take back: your move has gone to Bo, who plays next from " \
                             "another computer"
    assert len(session.state.log) == moves + 1  # the move stands


def test_a_take_back_at_the_host_s_window_while_a_computer_seat_is_next_reaches_the_joined_window(pump):
    hosted = host(pump, "aquarius", "Ann,medium,remote", seed=3)
    joined = JoinedGame(hosted.code, "Bo", pump)
    until(lambda: hosted.session is not None and joined.session is not None, hosted, joined)
    session, rng = hosted.session, random.Random(1)

    def ann_to_play():
        if session.stage == Stage.COVER:
            session.reveal()
        elif session.stage == Stage.COMPUTER:
            session.computer_move()
        elif joined.session.stage not in (Stage.REMOTE, Stage.OVER):
            pick(joined.session, rng)
        return session.seat == 0 and session.stage == Stage.CHOOSE
    until(ann_to_play, hosted, joined)
    for index in range(len(session.state.hands[0])):  # a card placed (not an action, which may show cards)
        if session.select(index) and session.stage == Stage.PLACE and session.spots():
            break
        session.cancel()
    moves = len(session.state.log)
    assert session.choose(sorted(session.spots(), key=str)[0]) and session.stage == Stage.COMPUTER
    until(lambda: hosted.host.table_changed() or len(joined.session.state.log) == moves + 1, hosted, joined)
    until(lambda: len(joined.session.state.log) == moves + 1, hosted, joined)
    assert session.take_back() and len(session.state.log) == moves
    hosted.host.table_changed()
    until(lambda: len(joined.session.state.log) == moves, hosted, joined)
    assert joined.session.messages == session.messages and joined.session.state.table.faces == session.state.table.faces


def test_aqua_chicken_across_computers_the_goal_comes_with_the_first_look_which_the_host_counts(pump):
    """A joined player's own goal stays on the host until they hold G: the look is told (`look`), counted for the
    side game and logged for all, and the goal comes under the same table number; a second look changes nothing."""
    game = load_ruleset("aquarius", {"aqua_chicken": True})
    hosted = HostedGame(game, chairs_of([Seat("Ann"), *parse_seats("remote", remote=True)], window=True), 3,
                        LOOPBACK, 0, pump, save=None)
    until(lambda: hosted.code is not None, hosted)
    joined = JoinedGame(hosted.code, "Bo", pump, keep_token=False)
    until(lambda: joined.session is not None, hosted, joined)
    guest, session = joined.session, hosted.session
    me, ann = guest.me, 1 - guest.me
    assert guest.state.goals[me] == HIDDEN and guest.goal_unseen and session.state.goals[me] != HIDDEN
    assert guest.observation()["goal"] == "?" and guest.goal_text() is None  # (a goal card to hold, no words yet)
    assert guest.goal_hint().endswith("Aqua-Chicken: hold G only if you must look at your goal.")
    seq, element = hosted.host.seq, game.deck.cards[session.state.goals[me]].code
    guest.peek(True)
    until(lambda: not guest.goal_unseen, hosted, joined)
    assert guest.state.goals[me] == session.state.goals[me] and guest.goal_text().endswith(element_name(element))
    assert session.looks == {me: session.state.turn_number} and hosted.host.seq == seq  # a look is not a move
    assert guest.messages[-1] == session.messages[-1] == "Bo looked at their goal"
    assert session.chicken_winners() == [ann]  # Bo looked: Ann alone never has
    guest.peek(False)
    guest.peek(True)  # looked before: nothing is sent
    session.peek(True)  # Ann, at the host's window, looks: told to Bo under the same number
    until(lambda: guest.messages[-1] == "Ann looked at their goal", hosted, joined)
    assert session.messages.count("Bo looked at their goal") == 1 and hosted.host.seq == seq
    assert sorted(session.looks) == [0, 1]


@pytest.mark.parametrize("ruleset", ["aquarius", "aquarius-rising"])
def test_each_move_s_notice_at_a_joined_window_is_the_host_s_to_the_end(pump, ruleset):
    """Issue 31: what the host's table says at the top of a move (a bonus drawn, Rising's turn without a pyramid)
    reaches the joined window with the move, the player's own moves too, and a move without one clears the top
    (a line's news, "Back at the table.", stays no longer than the next move); after the last move the joined
    window says what the host's table said of it."""
    hosted = host(pump, ruleset, "Ann,remote,medium", seed=8)
    joined = JoinedGame(hosted.code, "Bo", pump)
    rng = random.Random(3)
    compared, said, last = [], [], None

    def played():
        nonlocal last
        guest, session = joined.session, hosted.session
        newest = session.events[-1] if session is not None and session.events else None
        if guest is not None and guest.seq == hosted.host.seq != last and isinstance(newest, Played):
            last = guest.seq  # (a new table, just come: before this player picks, which may say a refusal)
            compared.append(guest.notice == session.notice)
            said.append((newest.seat, session.notice))
        if guest is not None and guest.stage not in (Stage.REMOTE, Stage.OVER, Stage.ROUND_OVER):
            pick(guest, rng)
        window_plays(session, rng)
        return guest is not None and guest.stage == Stage.OVER and guest.seq == hosted.host.seq
    until(played, hosted, joined)
    assert all(compared) and len(compared) > 10
    me = joined.session.me  # (moves with something said at the top were compared: Bo's own, and the others')
    assert any(notice for seat, notice in said if seat == me) and any(notice for seat, notice in said if seat != me)
    assert joined.session.notice == hosted.session.notice
    final = hosted.session.last_played
    assert final is not None and final.result.over and joined.session.last_played.notice == final.notice


def test_a_game_hosted_by_a_window_goes_on_from_its_save_in_a_window_again(pump):
    """A window that hosted a game closes mid-game (its save kept); `aquarius3d host --load` opens a window on it
    again: its person's seat still at the window, the same join code's secret, the table as it was saved; the
    player who had joined comes back to their seat with the token their window kept."""
    import argparse

    from aquarius3d.net.commands import add_parsers, cmd_host

    from aquarius3d.files import saves
    from aquarius3d.net.seating import HOSTED

    saved = saves.save_path(HOSTED)  # (in the test's own home folder)
    seats = [Seat("Ann"), *parse_seats("remote", remote=True)]
    hosted = HostedGame(load_ruleset("aquarius", {}), chairs_of(seats, window=True), 5, LOOPBACK, 0, pump)
    until(lambda: hosted.code is not None, hosted)
    joined = JoinedGame(hosted.code, "Bo", pump)
    rng = random.Random(4)
    for _ in range(3000):  # a few moves each, Ann at the host's window and Bo at his
        if len(hosted.session.state.log if hosted.session else []) >= 6 and hosted.session.stage in (
                Stage.CHOOSE, Stage.REMOTE):
            break
        window_plays(hosted.session, rng)
        if joined.session is not None and joined.session.your_move:
            pick(joined.session, rng)
        hosted.step()
        joined.step()
    moves, secret = len(hosted.session.state.log), hosted.host.secret
    assert moves >= 6 and saved.exists()
    joined.close()
    hosted.close()
    until(lambda: hosted.finished and joined.finished, hosted, joined)

    opened = []
    parser = argparse.ArgumentParser()
    add_parsers(parser.add_subparsers(), lambda **online: opened.append(online))
    args = parser.parse_args(["host", "--load", str(saved), "--bind", LOOPBACK, "--port", "0"])
    assert cmd_host(args) == 0 and len(opened) == 1  # a window opened on it, nothing listening from the command
    hosting = dict(opened[0]["online"]["hosting"])
    assert [(c.kind, c.name) for c in hosting["chairs"]] == [("human", "Ann"), ("remote", "Bo")]
    assert hosting["secret"] == secret and len(hosting["session"].state.log) == moves
    hosting.pop("out")
    again = HostedGame(seed=hosting.pop("seed"), pump=pump, save=None, **hosting)
    until(lambda: again.code is not None, again)
    assert again.session is hosting["session"] and again.session.can_join() is False  # (the host's own rules)
    back = JoinedGame(again.code, "Bo", pump)  # the same code: the token his window kept takes his seat back
    until(lambda: back.session is not None and back.session.seq == again.host.seq, again, back)
    assert back.session.me == 1 and back.session.state.hands[1] == again.session.state.hands[1]
    back.close()
    again.close()
    until(lambda: again.finished and back.finished, again, back)
