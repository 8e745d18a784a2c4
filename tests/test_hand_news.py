"""A person told that another's move changed their hand (issue 27, a real-input playtest: playing alone against two
computers in Aquarius Rising, a computer's Trade Hands or Shuffle Hands replaced the hand with no word on screen; the
notice said only the last move, a pyramid stood since, and only the log, folded, told it)."""
import random

import pytest

from aquarius3d.i18n import set_language, tr
from aquarius3d.session import Seat, Session


def games(ruleset, seeds):
    """Ann and two computers, Ann playing at random: each (session, the computers' moves since Ann's last turn) at
    the start of Ann's turns."""
    for seed in seeds:
        session = Session.new(ruleset, {}, [Seat("Ann"), Seat("Bo", "computer", "easy"), Seat("Cy", "computer", "easy")],
                              seed=seed, autosave=False)
        rng, since = random.Random(seed), []
        for _ in range(400):
            if session.state.over:
                break
            if session.stage == "computer":
                before = len(session.state.log)
                session.computer_move()
                since.extend(session.state.log[before:])
                continue
            if session.stage == "choose" and since:
                yield session, since
            since = []
            session._try(rng.choice(sorted(session.game.legal_moves(session.state), key=str)))


@pytest.mark.parametrize("ruleset", ["aquarius", "aquarius-rising"])
def test_a_hand_changed_by_another_is_said_at_the_persons_turn(ruleset):
    told = quiet = 0
    for session, since in games(ruleset, range(16)):
        moves = [entry.split(": ", 1)[1] for entry in since]
        changed = any(m == "trade-hands 0" or m.startswith("shuffle-hands") for m in moves)
        said = session.notice.startswith("Your hand changed since your last turn: ")
        assert said == changed, (moves, session.notice)
        if said:  # the move that changed it, in the log's words
            told += 1
            lines = [line for line in session.since_last_turn(0, 0)
                     if "traded hands with Ann" in line or "shuffled all hands" in line]
            assert lines and session.notice == tr("hand_news", move=lines[-1])
        else:
            quiet += 1
    assert told >= 2 and quiet >= 10, (told, quiet)


def test_the_news_in_french():
    set_language("fr")
    try:
        for session, _ in games("aquarius", range(16)):
            if session.notice.startswith("Votre main a changé depuis votre dernier tour\xa0: "):
                return
        raise AssertionError("no hand changed by another in 16 games")
    finally:
        set_language("en")
