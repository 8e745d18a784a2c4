"""Refusals in words (refusals.py): whatever a move came from (a click, a computer, a saved game), the window
says why it is not allowed by names of cards, places and pyramids, in the player's language, never in codes."""

import random
import re

import pytest

from aquarius3d.files import saves
from aquarius3d.session import saved
from aquarius3d.engine.moves import (
    Build, DraftDiscard, Join, MoveCard, Pass, Place, PlacePyramid, RotateGoals, Shift, ShuffleGoals, ShuffleHands,
    Skip, SwapRow, TradeGoals, TradeHands, TradePiece, TradePyramids, TwoPyramids, Zap,
)
from aquarius3d.core.errors import DataError, IllegalMove
from aquarius3d.i18n import set_language, tr
from aquarius3d.session import Seat, Session

# The notation and the engine's own English: cells, card codes, pyramid codes, quarters, move words, ids.
CODE = re.compile(r"-?\d+,-?\d+|\b[EAFWS*]{4}\b|[EAFWS]\\[EAFWS]|\b[SML][gyrbkwc]\b|\b(TL|TR|BL|BR)\b|@|->|#\d"
                  r"|\b[a-z]+_[a-z]+\b|\b(swap-row|draft-discard|trade-goals|rotate-goals|trade-hands|two-pyramids)\b"
                  r"|is not a move|seats are|\bturned\b")


@pytest.fixture(autouse=True)
def english_after():
    yield
    set_language("en")


def session_at(ruleset: str, phase: str, seed: int = 3) -> Session:
    """A session played by random legal moves until the state is at `phase` ("play" at once)."""
    players = 1 if ruleset == "elemental-towers" else 2
    options = {"draft": True} if phase == "draft" else {}
    for attempt in range(40):
        session = Session.new(ruleset, options, [Seat(n) for n in ["Ann", "Bo"][:players]], seed=seed + attempt,
                              autosave=False)
        rng = random.Random(seed + attempt)
        for _ in range(200):
            if session.state.phase == phase and not session.state.over:
                return session
            if session.state.over:
                break
            session._play(rng.choice(session.game.legal_moves(session.state)))
    raise AssertionError(f"no {phase} step reached in {ruleset}")


def illegal(ruleset: str, phase: str):
    """Moves of every kind, each wrong in this ruleset at this step: far cells, cards not held, bad seats..."""
    far, taken = (40, 40), (0, 0)
    moves = [Place("SSSS", far), Place("SSSS", taken), Place("EEEE", (41, 41)), Pass(), TradeHands(0), TradeHands(9),
             MoveCard(far, (1, 0), False), MoveCard(taken, far, False), Zap(far), TradeGoals(9), TradeGoals(0),
             RotateGoals("up"), ShuffleHands(), ShuffleGoals(), Join("Ann")]
    moves += [PlacePyramid("Lr", far, 0, 0), PlacePyramid("Lr", taken, 0, 1), PlacePyramid("Sw", taken, 3, 0),
              TradePyramids(0), TradePyramids(9), TwoPyramids()]
    moves += [PlacePyramid(p, taken, q, 0) for p in ("Lr", "Lb", "Sy") for q in range(4)]  # (some cannot stand there)
    moves += [Build(9, taken, "TL"), Build(0, far, "TL"), Build(0, taken, "BR"), Shift(0, far, "TL", taken, "TR"),
              Shift(0, taken, "TL", far, "TR"), Skip(9), SwapRow(9), TradePiece(far, "TL", "L"),
              TradePiece(taken, "TL", "S"), DraftDiscard(9)]
    return moves


CASES = [("aquarius", "play"), ("dominus", "play"), ("aquarius-rising", "play"), ("aquarius-rising", "pyramid"),
         ("elemental-towers", "play"), ("elemental-towers", "actions"), ("elemental-towers", "card_action"),
         ("elemental-towers", "draft")]


@pytest.mark.parametrize("ruleset, phase", CASES)
def test_every_kind_of_illegal_move_is_refused_in_words_in_both_languages(ruleset, phase):
    said = {}
    for language in ("en", "fr"):
        set_language(language)
        session = session_at(ruleset, phase)
        prefix = tr("log_refused", reason="")
        refused = 0
        for move in illegal(ruleset, phase):
            try:
                session.game.check(session.state, move)  # (a move the engine takes is no refusal to test)
                continue
            except (IllegalMove, ValueError, AttributeError):
                pass
            before = session.state.to_dict() if hasattr(session.state, "to_dict") else None
            assert session._try(move) is False
            if before is not None:
                assert session.state.to_dict() == before
            notice = session.notice
            assert notice.startswith(prefix), (move, notice)
            assert not CODE.search(notice), (language, str(move), notice)
            said.setdefault(str(move), []).append(notice)
            refused += 1
        assert refused >= 15
    for move, (english, french) in said.items():  # each said in both languages, not the same words twice
        assert english != french, move
    assert len({notices[0] for notices in said.values()}) >= (3 if phase in ("card_action", "draft") else 5)


def test_a_card_that_only_fits_the_other_way_round_is_told_so():
    session = Session.new("aquarius", {}, [Seat("Ann"), Seat("Bo")], seed=9, autosave=False)
    state, game = session.state, session.game
    state.table = type(state.table)()
    fire = next(i for i in game.play_ids() if game.deck.cards[i].code == "FFWW")
    state.table.place((0, 0), fire, "FFWW")
    state.hands[0][0] = next(i for i in game.play_ids() if game.deck.cards[i].code == "FFSS")
    assert session.game.check(state, Place("FFSS", (0, 1), True))  # turned, its fire meets the fire below it
    assert not session._try(Place("FFSS", (0, 1)))
    assert session.notice == "Not allowed: the Fire–Space card fits there only the other way round"
    assert not session._try(Place("FFSS", (5, 5)))
    assert session.notice == "Not allowed: a card goes beside another card (corners do not count)"
    assert not session._try(Place("FFSS", (0, 0)))
    assert session.notice == "Not allowed: there is a card there already"
    set_language("fr")
    assert not session._try(Place("FFSS", (0, 1)))
    assert session.notice == "Interdit\xa0: la carte Feu–Espace ne va ici que dans l'autre sens"
    assert not session._try(Place("WWWW", (1, 0)))
    assert session.notice.startswith("Interdit\xa0: Ann n'a pas la carte Eau en main")


def test_a_saved_game_with_a_move_that_cannot_be_replayed_is_told_in_words(tmp_path, monkeypatch):
    monkeypatch.setenv("AQUARIUS3D_HOME", str(tmp_path))
    record = Session.new("aquarius", {}, [Seat("Ann"), Seat("Bo")], seed=3).record()
    record["moves"] = list(record["moves"]) + ["place SSSS @ 40,40"]
    path = saves.save(record, "odd")
    with pytest.raises(DataError) as caught:
        Session.load(path)
    number = len(record["moves"])
    assert "place SSSS @ 40,40" in str(caught.value)  # the command line keeps the notation
    set_language("fr")
    with pytest.raises(DataError) as caught:
        Session.load(path)
    words = caught.value.in_words()
    assert words.startswith(f"le coup {number} ne peut pas être rejoué\xa0: ") and not CODE.search(words), words
    entry = next(e for e in saved.list_games() if e.name == "odd")
    assert not entry.ok and entry.reason == words
    record["moves"][-1] = "place ?? @ x"  # not even a move
    with pytest.raises(DataError) as caught:
        Session.load(saves.save(record, "odd"))
    assert caught.value.in_words() == f"le coup {number} ne peut pas être rejoué\xa0: le coup est illisible"
