"""The HUD's counts as people say them: "Ann: 1 card, 1 pyramid", and in French "Ann : 1 carte, 1 pyramide"."""

import os

import pytest

from aquarius3d.i18n import set_language
from aquarius3d.session import Seat


@pytest.mark.parametrize("language, line", [("en", "Ann: 1 card, 1 pyramid"), ("fr", "Ann\xa0: 1 carte, 1 pyramide")])
def test_rising_hud_says_one_card_and_one_pyramid_in_the_singular(app, language, line, tmp_path):
    set_language(language)
    try:
        app.start_game("aquarius-rising", {}, [Seat("Ann"), Seat("Bo")], seed=2)
        state = app.session.state
        state.hands[0][1:] = []
        state.data.supply[0][1:] = []
        app.table.refresh()
        info = app.table.hud.info.getText().split("\n")
        assert line in info
        assert app.table.feedback.seats.text(0) == line  # Rising's seat label is one line, at the seat's tray
        if os.environ.get("AQUARIUS3D_SHOTS"):
            app.base.graphicsEngine.renderFrame()
            app.base.win.saveScreenshot(os.path.join(os.environ["AQUARIUS3D_SHOTS"], f"hud-{language}.png"))
    finally:
        set_language("en")


@pytest.mark.parametrize("language, lines", [("en", ["Ann: 4 cards", "Bo: 1 card", "Deck: 1 card", "0 unused goals"]),
                                             ("fr", ["Ann\xa0: 4 cartes", "Bo\xa0: 1 carte", "Pioche\xa0: 1 carte",
                                                     "0 objectif inutilisé"])])
def test_aquarius_hud_counts_each_hand_by_name(app, language, lines):
    set_language(language)
    try:
        app.start_game("aquarius", {}, [Seat("Ann"), Seat("Bo")], seed=2)
        state = app.session.state
        state.hands[0][4:] = []
        state.hands[1][1:] = []
        state.deck[1:] = []
        state.unused_goals[:] = []
        app.table.refresh()
        info = app.table.hud.info.getText().split("\n")
        assert all(line in info for line in lines), info
    finally:
        set_language("en")
