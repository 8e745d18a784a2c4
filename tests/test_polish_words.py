"""Issue 27, point 8 (a playtester's polish list): words that say what the game does.

- Trade Hands' button gives the number of cards that change hands: the Trade Hands card leaves the hand first.
- H in a solitaire explains its suggestion without opponents answering.
- Aquarius Rising's card without pyramids reads as what it is, not as an error ("No house here")."""

import random

import pytest
from driving import step

from aquarius3d.i18n import set_language, tr
from aquarius3d.session import Seat, Session
from aquarius3d.session.suggestion import suggestion
from test_prompt import give

NB = "\u00a0"


@pytest.mark.parametrize("language", ["en", "fr"])
def test_trade_hands_says_how_many_cards_change_hands(app, language):
    set_language(language)
    try:
        app.start_game("aquarius", {}, [Seat("Ann"), Seat("Bo"), Seat("Cy")], seed=5)
        rng = random.Random(5)
        for _ in range(60):
            if app.session.stage == "choose" and not app.session.can_pass():
                break
            step(app, rng)
        session = app.session
        give(app, "trade_hands")
        assert session.stage == "player"
        option = session.options()[0]
        seat, other = session.seat, option.move.seat
        mine, theirs = list(session.state.hands[seat]), list(session.state.hands[other])
        assert option.says == tr("says_trade_hands", other=session.seats[other].name,
                                 yours=tr("count_cards", count=len(mine) - 1),  # (the Trade Hands card is played)
                                 theirs=tr("count_cards", count=len(theirs)))
        assert session.choose(option.move)
        given = [card for card in mine if card in session.state.hands[other]]  # (a turn's draw may follow)
        assert len(given) == len(mine) - 1 and set(theirs) <= set(session.state.hands[seat])
    finally:
        set_language("en")


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_solitaire_suggestion_is_explained_without_opponents(language):
    set_language(language)
    try:
        alone = Session.new("elemental-towers", {}, [Seat("Ann")], seed=3, autosave=False)
        found = suggestion(alone, move=sorted(alone.game.legal_moves(alone.state), key=str)[0])
        assert found is not None and found.text.endswith(tr("suggest_why_search_solo")), found.text
        others = {"en": "others", "fr": "autres"}[language]
        assert others not in tr("suggest_why_search_solo") and others in tr("suggest_why_search")
        pair = Session.new("aquarius", {}, [Seat("Ann"), Seat("Bo")], seed=3, autosave=False)
        pair.reveal()
        move = next(m for m in pair.game.legal_moves(pair.state) if type(m).__name__ == "Place")
        found = suggestion(pair, move=move)
        assert found is not None and tr("suggest_why_search_solo") not in found.text
    finally:
        set_language("en")


def test_a_card_without_pyramids_in_rising_reads_as_an_empty_card_not_an_error():
    set_language("en")
    words = tr("house_flat")
    assert not words.lower().startswith("no ") and "pyramid" in words and "starts a house" in words
    set_language("fr")
    try:
        words = tr("house_flat")
        assert not words.startswith("Pas de") and "maison" in words and f"{NB}:" in words
    finally:
        set_language("en")
