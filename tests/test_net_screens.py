"""The window's Host a game and Join a game (issue 31), driven offscreen through the app's own functions, on
loopback only: the forms refuse bad input in words, a host window plays a whole game with a player joined from
elsewhere (headless, its own loop), and a joined window plays a whole game against a host (its own loop) whose
every hand and deck it never draws. The network is stepped as the window's task steps it (`Online.step`)."""

import random
import socket
import time

import pytest

from aquarius3d.bots import SEAT_LEVELS
from aquarius3d.engine.hidden import HIDDEN
from aquarius3d.net.seating import chairs_of
from aquarius3d.net.window import HostedGame, JoinedGame, Pump
from aquarius3d.rules.ruleset import load_ruleset
from aquarius3d.session import Stage
from aquarius3d.session.seats import parse_seats
from driving import step as click_step
from driving import towers_step
from test_net_window import pick, window_plays

LOOPBACK = "127.0.0.1"
CHOOSING = (Stage.CHOOSE, Stage.PLACE, Stage.PLAYER, Stage.TABLE_CARD, Stage.TARGET, Stage.DIRECTION, Stage.CONFIRM,
            Stage.PYRAMID, Stage.DRAFT, Stage.EARNED, Stage.ROW, Stage.TRADE_PIECE)


def free_port():
    with socket.socket() as probe:
        probe.bind((LOOPBACK, 0))
        return probe.getsockname()[1]


def frames(app, done, *others, most=6000):
    """Step the window's network (and any other game's loop) a frame at a time until `done()`; bounded."""
    for _ in range(most):
        if app.online is not None:
            app.online.step()
        for other in others:
            other.step()
        if done():
            return
        time.sleep(0.0005)
    session = app.session
    raise AssertionError(f"waited too long (screen {app.screen}" + (
        f", stage {session.stage}, hint {session.hint()!r}, notice {session.notice!r})" if session else ")"))


def host_form(app, players, ruleset="aquarius", port=None):
    """The Host form filled in: the game, then each seat's kind ('Ann', 'remote' or a level), the port, the address."""
    form = app.screens.switch("host")
    form.choose_ruleset(ruleset)
    wanted = players.split(",")
    while len(form.seats) < len(wanted):
        form.add_seat()
    for i, who in enumerate(wanted):
        kind = "human" if who not in form.seat_kinds else who
        for _ in form.seat_kinds:  # a person, remote or a computer; then a computer's level
            if form.seats[i][1] == kind or form.seats[i][1] in SEAT_LEVELS and kind in SEAT_LEVELS:
                break
            form.toggle_seat(i)
        while form.seats[i][1] != kind:
            form.cycle_level(i)
        if kind == "human":
            form.seat_entries[i].enterText(who)
    form.port_entry.enterText(str(port or free_port()))
    form.address_entry.enterText(LOOPBACK)
    return form


def test_the_menu_offers_host_and_join(app):
    from direct.gui.DirectGui import DirectButton

    buttons = {w["text"]: w for w in app.widgets if isinstance(w, DirectButton)}
    assert list(buttons)[:3] == ["New game", "Host a game", "Join a game"]
    buttons["Host a game"]["command"]()
    assert app.screen == "host" and [s[1] for s in app.screens.current.seats] == ["human", "remote"]
    app.show_menu()
    buttons = {w["text"]: w for w in app.widgets if isinstance(w, DirectButton)}
    buttons["Join a game"]["command"]()
    assert app.screen == "join_game"


@pytest.mark.parametrize("field,typed,says", [
    ("port", "70000", "Port: '70000' is not a port: give a number from 1 to 65535 (7600 by default)."),
    ("port", "seven", "Port: 'seven' is not a port"),
    ("address", "my computer", "Address: 'my computer' is not an address"),
    ("address", "192.0.2.77", "192.0.2.77 is not an address of this computer: leave 0.0.0.0"),
    ("address", "no-such-host.invalid", "no-such-host.invalid is not an address: write one such as 0.0.0.0"),
])
def test_the_host_form_refuses_bad_input_in_words(app, field, typed, says):
    form = host_form(app, "Ann,remote")
    (form.port_entry if field == "port" else form.address_entry).enterText(typed)
    form.start()
    frames(app, lambda: app.online is None or app.screen != "host" or form.online is None)
    assert app.screen == "host" and form.note.getText().startswith(says), form.note.getText()
    assert app.online is None or app.online.closing


def test_the_host_form_says_a_port_in_use_no_remote_seat_and_a_name_twice(app):
    with socket.socket() as taken:
        taken.bind((LOOPBACK, 0))
        taken.listen()
        port = taken.getsockname()[1]
        form = host_form(app, "Ann,remote", port=port)
        form.start()
        frames(app, lambda: form.online is None)
    assert form.note.getText() == f"Port {port} is in use on this computer (another host, or another program): " \
                                  "choose another port."
    assert app.screen == "host" and [s[1] for s in form.seats] == ["human", "remote"]  # the form as it was
    form = host_form(app, "Ann,medium")
    form.start()
    assert form.note.getText().startswith("No seat joins from another computer") and form.online is None
    form = host_form(app, "Ann,ann,remote")
    form.start()
    assert form.note.getText().startswith("Two players are called ann") and form.online is None
    frames(app, lambda: app.online is None)  # (the host that could not listen is gone)


def test_the_join_form_refuses_bad_input_in_words(app):
    form = app.screens.switch("join_game")
    form.code_entry.enterText("")
    form.join()
    assert form.note.getText() == "Type the join code the host shows, such as 192.168.1.5:7600/k7f3-q9x2."
    form.code_entry.enterText("127.0.0.1:7600")
    form.join()
    assert form.note.getText().startswith("'127.0.0.1:7600' is not a join code: it looks like 192.168.1.5:7600/")
    form.code_entry.enterText(f"127.0.0.1:{free_port()}/k7f3-q9x2")
    form.name_entry.enterText("   ")
    form.join()
    assert form.note.getText() == "Give a name of 1 to 24 letters, digits or signs." and app.online is None
    form.name_entry.enterText("Bo")
    form.join()
    frames(app, lambda: form.online is None)
    assert form.note.getText().startswith("No host answers at 127.0.0.1:") and "nothing listens on that port" in \
        form.note.getText()
    assert app.screen == "join_game"


def test_a_host_window_plays_a_whole_game_with_a_player_who_joined(app):
    form = host_form(app, "Ann,remote,medium")
    form.start()
    frames(app, lambda: app.screen == "lobby")
    lobby = app.screens.current
    code = app.online.game.code
    assert lobby.code.getText() == str(code) and lobby.waiting.getText() == "Waiting for 1 player…"
    assert lobby.seats.getText().splitlines() == ["1. Ann (at the host's computer)", "2. a free seat",
                                                  "3. Cy (computer: medium)"]
    pump = Pump()
    try:
        joined = JoinedGame(code, "Di", pump, keep_token=False)
        frames(app, lambda: app.screen == "game", joined)
        table = app.table
        assert app.session is app.online.session and [s.kind for s in app.session.seats] == ["human", "remote",
                                                                                             "computer"]
        rng = random.Random(5)
        saw_remote = False

        def played():
            nonlocal saw_remote
            session, guest = app.session, joined.session
            if session.stage == Stage.REMOTE:
                saw_remote = True
                assert session.hint() == "Di is playing from another computer…"
                assert table.hud.hand.nodes  # (Ann's hand stays in view while Cy plays)
            elif session.stage in (*CHOOSING, Stage.COVER, Stage.COMPUTER):
                click_step(app, rng)
            if guest is not None and guest.stage in CHOOSING:
                pick(guest, rng)
            return session.state.over and guest is not None and guest.state.over
        frames(app, played, joined, most=20000)
        assert saw_remote and joined.session.summary() == app.session.summary()
        assert joined.session.messages == app.session.messages
        app.show_menu()  # the table left: the host stops, and says so to the player
        frames(app, lambda: app.online is None and joined.finished, joined)
    finally:
        pump.close()


def drawn_cards(app):
    """What the joined window draws of cards: the ids of the cards on the table (the scene's), and how many it holds
    up in the hand."""
    table = app.table
    return set(table.scene.views), len(table.hud.hand.nodes)


@pytest.mark.parametrize("ruleset,players", [("aquarius", "remote,medium"),
                                             pytest.param("aquarius-rising", "remote,medium", marks=pytest.mark.slow),
                                             ("dominus", "remote,medium"), ("elemental-towers", "remote")])
def test_a_joined_window_plays_a_whole_game_and_never_draws_another_seat_s_cards(app, ruleset, players):
    pump = Pump()
    try:
        hosted = HostedGame(load_ruleset(ruleset, {}), chairs_of(parse_seats(players, remote=True)), 11, LOOPBACK, 0,
                            pump, save=None)
        frames(app, lambda: hosted.code is not None, hosted)
        form = app.screens.switch("join_game")
        form.code_entry.enterText(str(hosted.code))
        form.name_entry.enterText("Bo")
        form.join()
        frames(app, lambda: app.screen == "game", hosted)
        rng = random.Random(2)
        checked = 0

        def played():
            nonlocal checked
            session, truth = app.session, hosted.session.state
            if session.seq == hosted.host.seq:  # the newest table told: what the window draws is what Bo may see
                seen = hosted.session.game.observe(truth, session.me).view
                on_table, in_hand = drawn_cards(app)
                secrets = {card for seat, hand in enumerate(truth.hands) if seat != session.me for card in hand}
                secrets |= set(truth.deck)
                assert not on_table & secrets  # (nor a card face down anywhere: the deck)
                own = len(session.state.hands[session.me])
                assert in_hand in (own, 0 if session.stage in (Stage.OVER, Stage.ROUND_OVER) else own, 3)
                assert session.state.hands == seen.hands
                assert all(card == HIDDEN for seat, hand in enumerate(session.state.hands) if seat != session.me
                           for card in hand)
                checked += 1
            if session.stage in CHOOSING:
                (towers_step if ruleset == "elemental-towers" else click_step)(app, rng)
            window_plays(hosted.session, rng)  # (the host's computer seat: its window would play it)
            return session.stage == Stage.OVER
        frames(app, played, hosted, most=30000)
        assert checked > 3 and app.table.hud.end_panel.isHidden() is False
        assert app.session.summary() == hosted.session.summary()
        app.table.hud.end_buttons[0]["command"]()  # Play again: the Join form, filled in, the connection closed
        assert app.screen == "join_game" and app.screens.current.code_entry.get() == str(hosted.code)
        frames(app, lambda: app.online is None, hosted)
        hosted.close()
        frames(app, lambda: hosted.finished, hosted)
    finally:
        pump.close()


def test_the_host_and_join_commands_open_the_window_on_the_lobby_and_the_join_form(app, monkeypatch, capsys):
    """`aquarius3d host ... --players "Ann,remote,medium"` opens the window's waiting room for Ann (the code printed
    first on the terminal too); `aquarius3d join CODE` opens the Join form filled in, and with --name joins at once."""
    from aquarius3d import cli
    from aquarius3d.screens.online import open_from_command

    opened = []
    monkeypatch.setattr(cli, "_online_window", lambda online: opened.append(online))
    port = free_port()
    assert cli.main(["host", "aquarius", "--players", "Ann,remote,medium", "--bind", LOOPBACK, "--port", str(port),
                     "--away-bot", "30"]) == 0
    assert cli.main(["join", f"{LOOPBACK}:{port}/k7f3-q9x2"]) == 0
    assert cli.main(["join", f"{LOOPBACK}:{port}/k7f3-q9x2", "--name", "  Bo  "]) == 0
    hosting, form, now = opened
    assert hosting["hosting"]["away_bot"] == 30 and [c.kind for c in hosting["hosting"]["chairs"]] == \
        ["human", "remote", "computer"]
    assert form == {"joining": {"code": f"{LOOPBACK}:{port}/k7f3-q9x2", "name": ""}}
    assert now == {"joining": {"code": f"{LOOPBACK}:{port}/k7f3-q9x2", "name": "Bo"}}

    open_from_command(app, **form)  # the form filled in, nobody joining yet
    assert app.screen == "join_game" and app.online is None
    assert app.screens.current.code_entry.get() == f"{LOOPBACK}:{port}/k7f3-q9x2"

    open_from_command(app, **hosting)
    frames(app, lambda: app.online.game.code is not None)
    assert app.screen == "lobby" and app.online.game.host.away_bot == 30
    code = str(app.online.game.code)
    assert capsys.readouterr().out.splitlines()[0] == f"join code: {code}"
    pump = Pump()
    try:
        joined = JoinedGame(app.online.game.code, "Bo", pump, keep_token=False)
        frames(app, lambda: app.screen == "game" and joined.session is not None, joined)
        assert [s.kind for s in app.session.seats] == ["human", "remote", "computer"]
        assert joined.session.seats[joined.session.me].name == "Bo"
        app.show_menu()  # the table left: the host stops (Bo's side, mid-game, would try to come back: closed)
        joined.close()
        frames(app, lambda: app.online is None and joined.finished, joined)
    finally:
        pump.close()


def test_aquarius3d_join_with_a_name_joins_at_once(app):
    pump = Pump()
    try:
        hosted = HostedGame(load_ruleset("aquarius", {}), chairs_of(parse_seats("remote,medium", remote=True)), 4,
                            LOOPBACK, 0, pump, save=None)
        frames(app, lambda: hosted.code is not None, hosted)
        from aquarius3d.screens.online import open_from_command

        open_from_command(app, joining={"code": str(hosted.code), "name": "Bo"})
        frames(app, lambda: app.screen == "game", hosted)
        assert app.session.seats[app.session.me].name == "Bo" and app.session.seats[0].kind == "human"
        app.show_menu()
        frames(app, lambda: app.online is None, hosted)
        hosted.close()
        frames(app, lambda: hosted.finished, hosted)
    finally:
        pump.close()
