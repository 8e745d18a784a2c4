"""The camera through the turns of a person and a computer (issue 27: a playtest saw Dominus swing between turns).

Framed clear of each step's HUD alone, the camera swung back and forth at every turn: a person's hand is a card
shorter on the computer's turn than on their own (the card played, not yet drawn again), and the game's view chose
its pitch anew each time. Aquarius, Ann and a computer at 1280x720, seed 5: the aim 26 mm forward on the computer's
turn and back on Ann's, turn after turn; Dominus: 33 and 30 degrees by turns, the aim 100 mm aside. Now the turns are
framed clear of the band each step showed (screens/turn_band.py), a view that shows all holds, and the game's view
comes no higher again within the game: the camera moves when the table grows, never there and back."""
import math

import pytest

from aquarius3d.session import Seat

from driving import settle
from test_layout import with_window


def same(a, b):
    """Two views alike: the same pitch, the distance within 1 %, the aim within 1 % of the distance."""
    return (a.pitch == b.pitch and math.isclose(a.distance, b.distance, rel_tol=0.01)
            and math.dist(a.target, b.target) <= 0.01 * a.distance)


@pytest.mark.parametrize("ruleset,seed", [("aquarius", 5), ("dominus", 5), ("aquarius", 3), ("dominus", 7)])
def test_the_camera_never_swings_there_and_back_between_turns(app, monkeypatch, ruleset, seed):
    original = with_window(app, monkeypatch, 1280, 720)
    try:
        app.start_game(ruleset, {}, [Seat("Ann"), Seat("Bo", "computer", "easy")], seed=seed)
        session, table = app.session, app.table
        views = []  # the camera at each turn's start: Ann's, the computer's, Ann's...
        for _ in range(40):
            if session.stage not in ("choose", "computer") or len(views) >= 16:
                break
            settle(app)
            views.append(table.camera.orbit)
            if session.stage == "computer":
                session.computer_move()
            else:
                moves = sorted(session.game.legal_moves(session.state), key=str)
                assert session._try(moves[seed % len(moves)])
        assert len(views) >= 10, len(views)
        swings = [i for i in range(1, len(views) - 1)
                  if not same(views[i - 1], views[i]) and same(views[i - 1], views[i + 1])]
        assert not swings, [(i, views[i - 1], views[i], views[i + 1]) for i in swings]
    finally:
        app.base.adjustWindowAspectRatio(original)
