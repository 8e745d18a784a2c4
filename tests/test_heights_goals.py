"""Aquarius Rising's heights panel at the end says which rows decide (issue 27, a real-input playtest: the panel
ranked Air first, nobody's goal, while the result said Earth won; nothing marked which elements were goals)."""
import random

from aquarius3d.i18n import element_name, tr
from aquarius3d.screens.heights import DIM
from aquarius3d.screens.widgets import TEXT
from aquarius3d.session import Seat
from driving import session_step


def ink(text):
    return tuple(round(c, 3) for c in text.textNode.getTextColor())


def ink_of(colour):
    return tuple(round(c, 3) for c in colour)


def test_at_the_end_the_goals_rows_stand_out_and_a_line_names_them(app):
    seen_dim = 0
    for seed in (3, 7):
        app.start_game("aquarius-rising", {}, [Seat(n, "computer", "easy") for n in ("Ann", "Bo", "Cy")], seed=seed)
        session, table = app.session, app.table
        rng = random.Random(seed)
        for _ in range(800):
            if session.state.over:
                break
            session_step(session, rng)
            if len(session.state.log) == 20:  # mid-game: the goals secret, every element on the table bright
                table.refresh()
                panel = table.heights
                assert tr("heights_goals_end", elements="")[:10] not in panel.note.getText()
                assert all(ink(panel.names[i]) == ink_of(TEXT) for i, (_, h, _) in enumerate(panel.rows[:5])
                           if h is not None)
        assert session.state.over
        table.refresh()
        panel = table.heights
        cards = session.game.deck.cards
        goals = {cards[g].code for g in session.state.goals if g is not None}
        for i, (element, height, _) in enumerate(panel.rows[:5]):
            bright = element in goals and height is not None
            assert ink(panel.names[i]) == ink_of(TEXT if bright else DIM), (element, goals)
            assert ink(panel.ranks[i]) == ink_of(TEXT if bright else DIM)
            seen_dim += not bright and height is not None
        last = panel.note.getText().split("\n")[-1]
        assert last.startswith("The goals: ") and all(element_name(e) in last for e in goals)
        left, right, bottom, top = panel.rect()
        assert bottom >= -1.0 and top <= 1.0  # (the panel, a line taller, inside the window)
    assert seen_dim  # a row of an element on the table but nobody's goal was dimmed
