"""Dominus: a player who cannot play draws "until you have a card that you can play" — the engine draws at the
turn's start, and the log and the notice now say so (a fresh playtest: "Ann opened with 7 cards, Bo had 5; nothing
on screen, nothing in the log said why")."""


from aquarius3d.i18n import tr
from aquarius3d.session import Seat, Session


def drew(name, count):
    return tr("log_drew_until_playable", name=name, count=count)


def test_every_forced_draw_is_told_with_its_count(language):
    told = 0
    for seed in range(1, 6):
        session = Session.new("dominus", {}, [Seat("Ann", "computer"), Seat("Bo", "computer")], seed=seed,
                              autosave=False)
        state = session.state
        dealt = session.game.setup.hand
        extra = len(state.hands[state.turn]) - dealt
        assert (drew(session.seats[state.turn].name, extra) in session.messages) == (extra > 0)  # the opening
        told += extra > 0
        for _ in range(400):
            if session.stage == "over":
                break
            rounds = len(session.flow.rounds())
            hands = [len(hand) for hand in session.state.hands]
            said = len(session.messages)
            assert session.computer_move()
            state = session.state
            if state.over:
                continue
            seat = state.turn
            had = dealt if len(session.flow.rounds()) != rounds else hands[seat]
            extra = len(state.hands[seat]) - had
            new = session.messages[said:]
            line = drew(session.seats[seat].name, extra)
            if extra > 0:
                assert line in new and line in session.notice, (seed, new)
                told += 1
            else:
                assert not any(tr("log_drew_until_playable", name=session.seats[seat].name, count=n) in new
                               for n in range(1, 40))
    assert told >= 3  # (forced draws happen: the test saw some)
