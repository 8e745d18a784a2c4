"""A player's seat on the New game and Host forms: one click makes a computer a person again, whatever its level,
and its level is a button of its own (issue 27, polish from the real-input playtest: the seat button went through
four computer levels before Human)."""

import pytest

from aquarius3d.bots import DEFAULT_LEVEL, SEAT_LEVELS
from aquarius3d.session.seats import REMOTE


def seat_words(form, index):
    """The words of a player's buttons, left to right (Remove left out)."""
    from direct.gui.DirectGui import DirectButton

    entry = form.seat_entries[index]
    row = [w for w in form.seat_widgets if isinstance(w, DirectButton) and abs(w.getZ() - entry.getZ()) < 0.03]
    return [w["text"] for w in sorted(row, key=lambda w: w.getX()) if w["text"] != "Remove"]


@pytest.mark.parametrize("level", SEAT_LEVELS)
def test_one_click_makes_a_computer_of_any_level_a_person(app, level):
    form = app.show_new_game()
    form.choose_ruleset("aquarius")
    form.add_seat()
    assert form.seats[2][1] == DEFAULT_LEVEL  # a new player: a computer at the usual level
    while form.seats[2][1] != level:
        form.cycle_level(2)  # its level: a button of its own
        assert form.seats[2][1] in SEAT_LEVELS
    assert seat_words(form, 2)[:2] == ["Computer", level.capitalize()]
    form.toggle_seat(2)
    assert form.seats[2][1] == "human" and seat_words(form, 2)[:1] == ["Human"]  # a person: no level shown
    form.toggle_seat(2)
    assert form.seats[2][1] == DEFAULT_LEVEL


def test_every_level_comes_round_and_a_person_has_none(app):
    form = app.show_new_game()
    form.choose_ruleset("aquarius")
    form.toggle_seat(1)
    seen = []
    for _ in SEAT_LEVELS:
        seen.append(form.seats[1][1])
        form.cycle_level(1)
    assert seen == list(SEAT_LEVELS) and form.seats[1][1] == SEAT_LEVELS[0]
    form.cycle_level(0)  # Ann, a person: her level button is not there, nor does asking change her
    assert form.seats[0][1] == "human" and len(seat_words(form, 0)) == len(seat_words(form, 1)) - 1


def test_the_host_forms_seat_goes_person_remote_computer(app):
    form = app.screens.switch("host")
    form.choose_ruleset("aquarius")
    assert form.seats[1][1] == REMOTE
    form.toggle_seat(1)
    assert form.seats[1][1] == DEFAULT_LEVEL
    form.cycle_level(1)
    assert form.seats[1][1] == SEAT_LEVELS[1]
    form.toggle_seat(1)
    assert form.seats[1][1] == "human"
    form.toggle_seat(1)
    assert form.seats[1][1] == REMOTE
