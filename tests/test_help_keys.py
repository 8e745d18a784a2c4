"""F1's help (and the Rules screen's controls page, made from it) names every key of the table, in each language:
the tour said "F to fit" while the help had no F."""

import re

import pytest

from aquarius3d.i18n import GAP, LANGUAGES, OWN_ROWS, set_language, tr
from aquarius3d.screens.inputs import KEYS
from aquarius3d.session import Seat


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_help_names_every_letter_and_digit_key(language):
    keys = sorted({key for events in KEYS.values() for key in events if re.fullmatch(r"[a-z0-9]", key)})
    set_language(language)
    try:
        text = tr("help_text")
    finally:
        set_language("en")
    pan = {key for name in ("pan_forward", "pan_back", "pan_left", "pan_right") for key in KEYS[name]}
    assert re.search(r"\b[A-Z] [A-Z] [A-Z] [A-Z]\b", text)  # the pan keys written together (W A S D, Z Q S D)
    named = {key for key in keys if re.search(rf"(^|[\s/]){key.upper()}[\s\u00a0]*(:|or |ou |\()", text, re.M)}
    assert named - pan == set(keys) - pan, sorted(set(keys) - pan - named)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_help_says_enter_plays_the_suggestion(language):
    """A helper left it to README alone: H's suggestion is played by Enter (or a click on its ghost, eb61095)."""
    set_language(language)
    try:
        row = next(part for row in tr("help_text").split("\n") for part in row.split("      ")
                   if part.lstrip().startswith("H"))
        assert {"en": "Enter", "fr": "Entrée"}[language] in row, row
    finally:
        set_language("en")


@pytest.mark.parametrize("ruleset,seats", [("dominus", 2), ("aquarius-rising", 2), ("elemental-towers", 1),
                                           ("aquarius", 2)])
def test_f1_lists_the_keys_of_the_game_played(app, ruleset, seats):
    """A playtester read Aquarius Rising's keys (E, L, K, M, the tray) in Dominus' F1; later Dominus' F1 listed
    Elemental Towers' take-back and Towers' F1 Dominus' "go on after a round": each game's own rows show in its F1
    alone, without the game's name before them (the help is that game's)."""
    app.start_game(ruleset, {}, [Seat("Ann"), Seat("Bo")][:seats], seed=3)
    table = app.table
    table.toggle_help()
    shown = table.hud.help_body.getText()
    family = table.session.family
    for row in tr("help_text").split("\n"):
        name, _, rest = row.partition(": ")
        own = next((game for game, title in OWN_ROWS.items() if name == title), None)
        if own is not None:
            words = rest.split(GAP)[0].strip()
            assert (words[:1].upper() + words[1:] in shown) == (own == family), (family, row)
            assert name + ":" not in shown
    assert "3 or Home: the three-quarter view" in shown and "F1: this help" in shown
    assert ("take back your last move (until the next player acts)" in shown) == (family != "towers")


@pytest.mark.parametrize("ruleset,seats", [("dominus", 2), ("elemental-towers", 1), ("aquarius", 2)])
def test_f1_names_the_goal_key_only_where_players_hold_goals(app, ruleset, seats):
    """A fresh playtest read "G (hold): peek at your goal" in Dominus' F1: nobody holds a goal there (nor in
    Elemental Towers, a solitaire); the rest of its row (P: pass) stays."""
    app.start_game(ruleset, {}, [Seat("Ann"), Seat("Bo")][:seats], seed=3)
    app.table.toggle_help()
    shown = app.table.hud.help_body.getText()
    assert ("G (hold): peek at your goal" in shown) == (ruleset == "aquarius")
    assert "P: pass (when nothing can be played)" in shown and "F12: screenshot" in shown
