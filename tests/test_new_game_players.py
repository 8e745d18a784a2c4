"""The New game form's players follow one rule (issue 27, point 8; a playtester's real-input run): Rising's three
players appeared under Dominus, later Dominus showed two humans (Elemental Towers, chosen in between, had cut them to
one and the form padded with a human), and Rising then took Dominus' two.

The rule: the players are the table's, whichever game is chosen. Switching games keeps them, as many shown as the
game seats (Elemental Towers: the first, as a person), the others kept aside and shown again for a game that seats
them; a game that needs more gets computers, as "Add a player" adds; the last game started keeps them all for the
next time the form opens."""

import json

from aquarius3d.bots import DEFAULT_LEVEL
from aquarius3d.files import user_settings

THREE = [["Ann", "human"], ["Bo", DEFAULT_LEVEL], ["Cy", DEFAULT_LEVEL]]


def three_at_rising(app):
    form = app.show_new_game()
    form.choose_ruleset("aquarius-rising")
    form.toggle_seat(1)  # Bo: a computer
    form.add_seat()  # Cy: a computer
    assert form.seats == THREE
    return form


def test_switching_games_keeps_the_players_and_a_solitaire_game_loses_none(app):
    form = three_at_rising(app)
    form.choose_ruleset("dominus")
    assert form.seats == THREE
    form.choose_ruleset("elemental-towers")
    assert form.seats == [["Ann", "human"]]
    assert [e.get() for e in form.seat_entries] == ["Ann"]
    form.choose_ruleset("dominus")  # (was: Ann and Bo, two humans)
    assert form.seats == THREE
    assert [e.get() for e in form.seat_entries] == ["Ann", "Bo", "Cy"]
    form.choose_ruleset("aquarius-rising")
    assert form.seats == THREE


def test_the_players_of_the_last_game_come_back_next_time_all_of_them(app):
    form = three_at_rising(app)
    form.choose_ruleset("elemental-towers")
    form.seat_entries[0].enterText("Zoé")
    form.start()
    assert [seat.name for seat in app.session.seats] == ["Zoé"]
    app.show_menu()
    app.settings = user_settings.load_settings()  # (as the next time the game opens)
    form = app.show_new_game()
    assert form.ruleset == "elemental-towers" and form.seats == [["Zoé", "human"]]
    form.choose_ruleset("dominus")
    assert form.seats == [["Zoé", "human"], *THREE[1:]]


def test_a_game_needing_more_players_gets_computers_as_add_a_player_adds(app):
    stored = {"ruleset": "elemental-towers", "options": {}, "seats": [["Ann", "human"]], "targets": []}
    user_settings.settings_path().write_text(json.dumps({"new_game": stored}))
    app.settings = user_settings.load_settings()
    form = app.show_new_game()
    assert form.seats == [["Ann", "human"]]
    form.choose_ruleset("aquarius")
    assert form.seats == [["Ann", "human"], ["Bo", DEFAULT_LEVEL]]


def test_a_name_taken_from_one_kept_aside_drops_that_one(app):
    form = three_at_rising(app)
    form.choose_ruleset("elemental-towers")
    form.seat_entries[0].enterText("Bo")
    form.start()
    assert user_settings.load_settings()["new_game"]["seats"] == [["Bo", "human"], ["Cy", DEFAULT_LEVEL]]
