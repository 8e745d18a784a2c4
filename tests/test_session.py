"""Hot-seat sessions, driven through their own functions as the window drives them."""

import itertools
import json
import random
import re

import pytest

from aquarius3d.files import saves
from aquarius3d.files import scores
from aquarius3d.files import user_settings
from aquarius3d.engine.moves import MoveCard, Place, Skip, SwapRow
from aquarius3d.core.errors import DataError
from aquarius3d.positions.file import Seat as PositionSeat
from aquarius3d.i18n import LANGUAGES, catalog, element_name, set_language, texts, tr
from aquarius3d.session import Seat, Session


pytestmark = pytest.mark.usefixtures("private_home")  # (conftest.py: a home of the test's own)


def humans(n):
    return [Seat(name) for name in ["Ann", "Bo", "Cy", "Di", "Ed"][:n]]


def play_like_a_person(session, rng, max_steps=3000):
    """Click through a whole game: reveal, pick cards, place on ghosts, finish every action's flow."""
    for _ in range(max_steps):
        if session.stage == "over":
            return
        if session.stage == "cover" and session.goal_news_open:  # the goal the mover's own move gave them (only)
            mover = int(session.state.log[-1].split(":")[0])
            own = [line for line in itertools.takewhile(lambda line, seat=f"{mover}: ": line.startswith(seat),
                                                        reversed(session.state.log))]
            # (in the mover's turn: Aquarius Rising's pyramid comes after the card)
            assert any(line.split(": ")[1].startswith(("rotate-goals", "trade-goals")) for line in own)
            assert session.viewer == mover != session.seat
            session.reveal()  # Done: the cover next
            assert not session.goal_news_open and session.stage == "cover"
            continue
        if session.stage == "cover":
            assert session.observation()["hand"] == [] and session.observation()["goal"] is None
            session.reveal()
            continue
        if session.stage == "computer":
            assert session.computer_move()
            continue
        if session.stage == "choose":
            if session.can_pass():
                assert session.pass_turn()
                continue
            session.select(rng.randrange(len(session.state.hands[session.seat])))
            continue
        if session.stage in ("place", "target"):
            if rng.random() < 0.3:
                session.turn_card()
            ghosts = session.spots()
            if not ghosts:
                session.turn_card()
                ghosts = session.spots()
            if not ghosts:
                session.cancel()
                continue
            move = rng.choice(sorted(ghosts, key=str))
            cell = move.cell if isinstance(move, Place) else move.target
            assert session.choose_cell(cell), session.notice
        elif session.stage == "pyramid":
            session.select_pyramid(rng.choice(session.flow.supply())[0])  # (one with nowhere to go is refused)
            spots = sorted(session.spots(), key=str)
            if spots:
                move = rng.choice(spots)
                assert session.choose(move), session.notice
        elif session.stage == "player":
            assert session.choose_player(rng.choice(session.player_choices()))
        elif session.stage == "table_card":
            assert session.choose_table_card(rng.choice(sorted(session.state.table.cards)))
        elif session.stage == "direction":
            assert session.choose_direction(rng.choice(["left", "right"]))
        elif session.stage == "confirm":
            assert session.confirm()
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("seed", range(4))
def test_complete_hot_seat_games(seed):
    session = Session.new("aquarius", {"first_edition": seed % 2 == 1}, humans(2 + seed % 3), seed=seed)
    play_like_a_person(session, random.Random(seed))
    assert session.stage == "over" and session.state.winners
    assert session.summary()[0].endswith("wins!") or session.summary()[0].endswith("share the win!")
    assert session.observation()["goals"] == [session.game.deck.cards[g].code for g in session.state.goals]
    assert len(session.messages) == len(session.state.log) + sum("bonus" in m for m in session.messages)


def test_cover_hides_every_secret_between_human_turns():
    session = Session.new("aquarius", {}, humans(3), seed=5)
    assert session.stage == "cover"
    seen = session.observation()
    assert seen["hand"] == [] and seen["goal"] is None and seen["goals"] == [None, None, None]
    session.peeking = True
    assert session.goal_text() is None
    session.reveal()
    assert session.stage == "choose"
    seen = session.observation()
    assert len(seen["hand"]) == 4 and seen["goal"] is not None
    assert [g is not None for g in seen["goals"]] == [True, False, False]
    session.peeking = True
    assert session.goal_text().startswith("Your goal: ")


def test_no_cover_for_a_lone_human_against_computers():
    session = Session.new("aquarius", {}, [Seat("Ann"), Seat("Bot", "computer")], seed=2)
    assert session.stage == "choose"
    session.select(0)
    while session.stage == "choose":
        session.select(0)
    rng = random.Random(1)
    play_like_a_person(session, rng)
    assert session.stage == "over"


def test_ghosts_are_exactly_the_legal_placements():
    session = Session.new("aquarius", {}, humans(2), seed=9)
    session.reveal()
    game, state = session.game, session.state
    for index, card_id in enumerate(state.hands[state.turn]):
        card = game.deck.cards[card_id]
        if card.kind != "element":
            continue
        session.select(index)
        shown = set(session.spots())
        session.turn_card()
        shown |= set(session.spots())
        legal = {m for m in game.legal_moves(state) if isinstance(m, Place) and m.code == card.code}
        assert shown == legal
        session.cancel()


def test_an_illegal_click_says_why_and_changes_nothing():
    session = Session.new("aquarius", {}, humans(2), seed=9)
    session.reveal()
    index = next(i for i, c in enumerate(session.state.hands[0]) if session.game.deck.cards[c].kind == "element")
    session.select(index)
    before = session.state.to_dict()
    assert not session.choose_cell((40, 40))
    assert session.notice == "Not allowed: a card goes beside another card (corners do not count)"
    assert session.state.to_dict() == before and session.stage == "place"
    assert not session.choose_cell((0, 0))
    assert session.notice == "Not allowed: there is a card there already"
    lies = session.game.deck.cards[session.state.hands[0][index]].code
    beside = [(1, 0), (-1, 0), (0, 1), (0, -1)]
    wrong = [c for c in beside if c not in {m.cell for m in session.spots()}]
    if wrong:  # a spot beside the starter where the card does not connect, said in words, never in codes
        assert not session.choose_cell(wrong[0])
        assert session.notice.startswith("Not allowed: the ") and lies not in session.notice
    assert session.state.to_dict() == before and session.stage == "place"


def test_move_a_card_flow_and_cancel():
    session = Session.new("aquarius", {}, humans(2), seed=3)
    session.reveal()
    game, state = session.game, session.state
    move_card = next(i for i in game.play_ids() if game.deck.cards[i].code == "move_a_card")
    holder = [s for s, h in enumerate(state.hands) if move_card in h]
    (state.deck if not holder else state.hands[holder[0]]).remove(move_card)
    state.hands[0].append(move_card)
    # Two cards on the table so the move is possible.
    place = next(m for m in game.legal_moves(state) if isinstance(m, Place))
    game.apply(state, place)
    state.turn = 0
    session._begin_turn()
    session.select(state.hands[0].index(move_card))
    assert session.stage == "table_card"
    session.cancel()
    assert session.stage == "choose" and session.selected is None
    session.select(state.hands[0].index(move_card))
    assert session.choose_table_card(place.cell)
    assert session.stage == "target"
    ghosts = session.spots()
    assert ghosts and all(isinstance(m, MoveCard) and m.source == place.cell for m in ghosts)
    target = sorted(ghosts, key=str)[0]
    assert session.choose_cell(target.target)
    moved = session.state.table.faces[tuple(target.target)].code
    assert session.messages[-1].startswith("Ann moved the ") and session.messages[-1].count(" card") == 2
    assert moved not in session.messages[-1] and not re.search(r"\d", session.messages[-1])  # words, not codes


def test_autosave_after_every_move_and_continue_loses_nothing(private_home):
    session = Session.new("aquarius", {}, [Seat("Ann"), Seat("Bo"), Seat("Bot", "computer")], seed=4)
    rng = random.Random(4)
    for _ in range(40):
        if session.stage == "over":
            break
        play_like_a_person_one_move(session, rng)
        stored = saves.read_record(saves.save_path(saves.AUTOSAVE))
        assert stored["moves"] == session.record()["moves"]
    restored = Session.load(saves.save_path(saves.AUTOSAVE))
    assert restored.state == session.state
    assert restored.seats == session.seats
    if not session.state.over and session.seats[session.seat].kind == "human":
        assert restored.stage == "cover"  # secrets stay hidden after a restart


def play_like_a_person_one_move(session, rng):
    moves = len(session.state.log)
    for _ in range(50):
        if len(session.state.log) > moves or session.stage == "over":
            return
        if session.stage == "cover":
            session.reveal()
        elif session.stage == "computer":
            session.computer_move()
        elif session.stage == "choose":
            if session.can_pass():
                session.pass_turn()
            else:
                session.select(rng.randrange(len(session.state.hands[session.seat])))
        elif session.stage in ("place", "target"):
            ghosts = session.spots() or (session.turn_card() or session.spots())
            if ghosts:
                move = sorted(ghosts, key=str)[0]
                session.choose_cell(move.cell if isinstance(move, Place) else move.target)
            else:
                session.cancel()
        elif session.stage == "player":
            session.choose_player(session.player_choices()[0])
        elif session.stage == "table_card":
            session.choose_table_card(sorted(session.state.table.cards)[0])
        elif session.stage == "direction":
            session.choose_direction("left")
        elif session.stage == "confirm":
            session.confirm()


def test_named_saves_and_corrupt_files(private_home):
    session = Session.new("aquarius", {}, humans(2), seed=6)
    path = saves.save(session.record(), "Friday night")
    assert saves.saved_games() == [path]
    assert Session.load(path).state == session.state
    broken = saves.save_path("broken")
    broken.write_text("{not json")
    with pytest.raises(DataError, match=r"^broken.json: not a saved game"):
        Session.load(broken)
    record = session.record()
    record["moves"] = ["zap 9,9"]
    bad_move = saves.save(record, "bad move")
    with pytest.raises(DataError, match=r"^bad move.json: moves\[0\]: 'zap 9,9': there is no card at 9,9"):
        Session.load(bad_move)
    record = session.record()
    del record["seats"]
    saves.write_atomic(saves.save_path("no seats"), {"format": saves.FORMAT, **record})
    with pytest.raises(DataError, match=r"^no seats.json: seats: missing or not a list"):
        Session.load(saves.save_path("no seats"))
    assert json.loads(path.read_text())["moves"] == []  # the good save is untouched


def test_atomic_write_leaves_the_old_file_when_writing_fails(private_home, monkeypatch):
    path = saves.save({"ruleset": "aquarius", "moves": ["pass"]}, "keep")
    monkeypatch.setattr(saves.json, "dump", lambda *a, **k: (_ for _ in ()).throw(OSError("disk full")))
    with pytest.raises(OSError):
        saves.save({"ruleset": "aquarius", "moves": []}, "keep")
    assert json.loads(path.read_text())["moves"] == ["pass"]
    assert [p.name for p in path.parent.iterdir()] == ["keep.json"]


def test_settings_defaults_and_bad_files(private_home):
    assert user_settings.load_settings() == {"language": "en", "window": [1280, 720], "fullscreen": False,
                                             "quality": "auto", "smooth_edges": "auto", "tour": True, "volume": 60,
                                             "interface_scale": 100, "log_open": False, "new_game": None}
    last = {"ruleset": "dominus", "options": {"rounds": 2}, "seats": [["Ann", "human"], ["Bo", "easy"]], "targets": []}
    user_settings.store_settings({"language": "fr", "window": [1600, 900], "quality": "medium", "smooth_edges": "off",
                                  "tour": False, "volume": 0, "interface_scale": 125, "log_open": True, "new_game": last})
    assert user_settings.load_settings() == {"language": "fr", "window": [1600, 900], "fullscreen": False, "quality": "medium",
                                             "smooth_edges": "off", "tour": False, "volume": 0, "interface_scale": 125,
                                             "log_open": True, "new_game": last}
    user_settings.store_settings({"quality": "ultra", "smooth_edges": "yes"})  # unknown: the defaults
    assert user_settings.load_settings()["quality"] == user_settings.load_settings()["smooth_edges"] == "auto"
    user_settings.store_settings({"antialiasing": True})  # the box of before the quality tiers, ticked
    assert user_settings.load_settings()["smooth_edges"] == "on"
    user_settings.store_settings({"language": "fr", "tour": "yes"})  # not a yes or no: the default
    assert user_settings.load_settings()["tour"] is True
    user_settings.store_settings({"volume": 101})  # out of range: the default
    assert user_settings.load_settings()["volume"] == 60
    user_settings.store_settings({"log_open": 1})  # not a yes or no: the default (folded)
    assert user_settings.load_settings()["log_open"] is False
    user_settings.settings_path().write_text("garbage")
    assert user_settings.load_settings()["language"] == "en"


def test_catalogs_have_the_same_keys_and_placeholders():
    import re

    english = catalog("en")
    for language in LANGUAGES:
        other = catalog(language)
        assert set(other) == set(english), language
        for key, entry in english.items():
            assert isinstance(entry, dict) == isinstance(other[key], dict), (language, key)  # plural in both or neither
            wanted = {name for text in texts(entry) for name in re.findall(r"{(\w+)}", text)}
            for text in texts(other[key]):
                assert set(re.findall(r"{(\w+)}", text)) == wanted, (language, key)


def test_messages_in_french():
    set_language("fr")
    session = Session.new("aquarius", {}, humans(2), seed=1)
    assert tr("turn_of", name="Ann") == "Au tour d'Ann"
    session.reveal()
    assert session.hint() in (tr("hud_choose_card"), tr("hud_pass"))
    play_like_a_person(session, random.Random(1))
    assert "gagne" in session.summary()[0]


def test_a_card_that_fits_nowhere_says_so():
    session = Session.new("aquarius", {}, humans(2), seed=9)
    session.reveal()
    state, game = session.state, session.game
    state.table = type(state.table)()
    fire = next(i for i in game.play_ids() if game.deck.cards[i].code == "FFFF")
    water = next(i for i in game.play_ids() if game.deck.cards[i].code == "WWWW")
    state.table.place((0, 0), fire, "FFFF")
    state.hands[0] = [water]
    session.select(0)
    assert session.spots() == {}
    assert session.hint() == "The Water card fits nowhere on the table now, either way round: choose another card."


def test_aqua_chicken_shuffle_goals_shows_the_old_goal_without_a_look(private_home):
    """'it is OK to look at your old Goal card (before turning it in), but your new Goal card must be left face down'"""
    session = Session.new("aquarius", {"aqua_chicken": True, "first_edition": True}, humans(3), seed=4,
                          autosave=False)
    game, state = session.game, session.state
    shuffle = next(i for i in game.play_ids() if game.deck.cards[i].code == "shuffle_goals")
    for pile in [state.deck, *state.hands]:  # put a Shuffle Goals card first in Ann's hand
        if shuffle in pile:
            pile[pile.index(shuffle)] = state.hands[0][0]
    state.hands[0][0] = shuffle
    old = [game.deck.cards[g].code for g in state.goals]
    session.reveal()
    session.peek(True)  # Ann looks before the shuffle: she has left the side game
    session.peek(False)
    session.select(0)
    assert session.stage == "confirm" and session.confirm()
    assert [game.observation(state, s)["goals_turned_in"] for s in range(3)] == [[g] for g in old]
    assert session.looks == {0: 1}  # her look still counts
    assert session.observation()["goals_turned_in"] == []  # Bo's cover: nothing secret on screen
    session.reveal()
    assert session.goal_text() is None
    assert session.goal_hint().splitlines() == [
        f"Turned in to Shuffle Goals (a free look): {element_name(old[1])}",
        "Aqua-Chicken: hold G only if you must look at your goal."]
    assert session.looks == {0: 1}  # seeing the old goal is not a look
    session.peek(True)  # the new goal is face down: peeking at it is a look
    assert session.goal_text() == f"Your goal: {element_name(game.deck.cards[state.goals[1]].code)}"
    assert session.looks == {0: 1, 1: 2}
    assert session.chicken_winners() == [2]


def test_aqua_chicken_records_looks_and_names_the_last(private_home):
    session = Session.new("aquarius", {"aqua_chicken": True}, humans(3), seed=2)
    assert session.chicken
    session.reveal()
    session.peek(True)
    assert session.goal_text().startswith("Your goal: ")
    session.peek(False)
    assert session.looks == {0: 1}
    assert session.chicken_winners() == [1, 2]  # they have not looked yet
    restored = Session.load(saves.save_path(saves.AUTOSAVE))
    assert restored.looks == {0: 1}
    play_like_a_person(session, random.Random(2))
    assert any(line.startswith("Aqua-Chicken: Bo & Cy held out longest") for line in session.summary())


def test_joining_from_the_table_and_restoring_it(private_home):
    session = Session.new("aquarius", {}, [Seat("Ann"), Seat("Bo")], seed=3)
    assert session.can_join()
    assert session.join("Hal", "computer")
    assert [s.name for s in session.seats] == ["Ann", "Bo", "Hal"] and session.seats[2].kind == "computer"
    assert len(session.state.hands[2]) == 3 and session.state.goals[2] is not None
    assert session.messages[-1] == "Hal joins the game"
    rng = random.Random(3)
    for _ in range(30):
        play_like_a_person_one_move(session, rng)
    restored = Session.load(saves.save_path(saves.AUTOSAVE))
    assert restored.state == session.state and restored.seats == session.seats
    assert restored.record()["players"] == ["Ann", "Bo"]  # Hal sits down in the moves


def test_a_player_who_joins_with_their_group_on_the_table_wins_at_once():
    from helpers import joining_session

    session = joining_session()
    assert session.stage == "cover" and session.can_join()
    assert session.join("Cy")
    assert session.stage == "over" and session.state.winners == [2]
    assert [s.name for s in session.seats] == ["Ann", "Bo", "Cy"]
    assert session.messages[-1] == "Cy joins the game"
    lines = session.summary()
    assert lines[0] == "Cy wins!"
    assert lines[1] == tr("end_reason_goal", element=element_name("fire"), count=7)
    assert session.observation()["goals"] == ["earth", "air", "fire"]  # the end shows every goal
    assert not session.can_join() and not session.join("Di")  # nobody sits down at a finished game
    assert session.winning_cells() == {(0, 0), (1, 0), (2, 0), (-1, 0), (0, 1), (1, 1), (0, -1)}


def test_dominus_rounds_show_a_score_table_between_rounds():
    session = Session.new("dominus", {"rounds": 2}, [Seat("Ann"), Seat("Bo")], seed=4)
    rng = random.Random(4)
    seen_table = False
    for _ in range(3000):
        if session.stage == "over":
            break
        if session.stage == "round_over":
            seen_table = True
            assert session.observation()["hand"] == []  # nothing secret on the score table
            lines = session.summary()
            assert lines[0] == "Round 1 of 2 is over" and lines[-3:-2] == ["\tRound 1\tTotal"]
            assert lines[-2].startswith("Ann\t") and lines[-1].startswith("Bo\t")  # (a row per player: rows.py)
            session.next_round()
            continue
        play_like_a_person_one_move(session, rng)
    assert seen_table and session.stage == "over"
    assert "\tRound 1\tRound 2\tTotal" in session.summary()


def test_players_own_targets():
    session = Session.new("aquarius", {}, humans(2), seed=1, targets=[4, None])
    assert session.state.targets == [4, None]
    assert session.record()["targets"] == [4, None]
    assert Session.from_record(session.record(), autosave=False).state == session.state


@pytest.mark.parametrize("seed", range(3))
def test_complete_games_of_aquarius_rising(seed):
    options = [{}, {"to_the_clouds": True}, {"sky_high": True, "to_the_clouds": True}][seed]
    session = Session.new("aquarius-rising", options, humans(2 + seed), seed=seed)
    play_like_a_person(session, random.Random(seed))
    assert session.stage == "over" and session.state.end_reason == "highest element"
    lines = session.summary()
    winner = session.state.winners[0]
    element = element_name(session.game.deck.cards[session.state.goals[winner]].code)
    assert lines[0] == f"{session.seats[winner].name} wins!"
    players = len(session.seats)
    assert lines[1].startswith("Highest points of the goals' elements: ") and lines[-players - 2] == f"{element} wins."
    assert lines[-players - 1] == "\tGoal" and lines[-1].startswith(f"{session.seats[-1].name}\t")  # (rows.py)
    assert any("pyramid on" in m for m in session.messages)


def test_rising_winner_explained_in_words():
    from aquarius3d.positions.checks import position_state
    from aquarius3d.positions.analyze import load_game
    from aquarius3d.positions.file import parse_position

    position = parse_position({
        "ruleset": "aquarius-rising",
        "cards": [{"at": [0, 0], "card": "FFAA", "pyramids": ["Lr", "Lr", "Ly", "-"]}],
        "players": [{"name": "Ann", "goal": "air"}, {"name": "Bo", "goal": "fire"}],
    })
    game = load_game(position)
    game, state = position_state(game, position)
    session = Session(game, humans(2), seed=1, autosave=False)
    session.state = state
    session.state.phase, session.state.winners, session.state.end_reason = "over", [1], "highest element"
    assert session.flow.explain_heights() == [
        "Highest points of the goals' elements: Air 44.73\xa0mm, Fire 44.73\xa0mm.",
        "Tied, so the pips in the house(s) of those points count (the English rules' reading): Air 3, Fire 6.",
        "Fire wins.",
    ]


def _explained(name: str) -> list[str]:
    """The end-of-game explanation of a position file's table, its goal elements held by two players."""
    from pathlib import Path

    from aquarius3d.positions.checks import position_state
    from aquarius3d.positions.analyze import load_game
    from aquarius3d.positions.file import read_position

    position = read_position(Path(__file__).parent / "positions" / "aquarius-rising" / name)
    position.players = [PositionSeat("Ann", "air"), PositionSeat("Bo", "fire")]
    game, state = position_state(load_game(position), position)
    session = Session(game, humans(2), seed=1, autosave=False)
    session.state = state
    session.state.phase, session.state.end_reason = "over", "highest element"
    return session.flow.explain_heights()


def test_rising_explanation_says_which_reading_counts_the_pips_at_both_heights():
    """Pips at the highest and the secondary height, by house (English) or at that height (French)."""
    assert _explained("secondary-pips-by-house.yaml") == [
        "Highest points of the goals' elements: Air 60.89\xa0mm, Fire 60.89\xa0mm.",
        "Tied, so the pips in the house(s) of those points count (the English rules' reading): Air 4, Fire 4.",
        "Next highest points: Air 25.96\xa0mm, Fire 25.96\xa0mm.",
        "Tied, so the pips in the house(s) of those points count (the English rules' reading): Air 6, Fire 4.",
        "Air wins.",
    ]
    assert _explained("secondary-pips-at-height.yaml") == [
        "Highest points of the goals' elements: Air 60.89\xa0mm, Fire 60.89\xa0mm.",
        "Tied, so the pips of the pyramids at that height count, in any house (the French rules' reading): Air 2, Fire 2.",
        "Next highest points: Air 25.96\xa0mm, Fire 25.96\xa0mm.",
        "Tied, so the pips of the pyramids at that height count, in any house (the French rules' reading): Air 0, Fire 0.",
        "Largest groups on the table: Air 1, Fire 3.",
        "Fire wins.",
    ]
    set_language("fr")
    try:
        lines = _explained("secondary-pips-at-height.yaml")
    finally:
        set_language("en")
    assert lines[1] == "À égalité, on compte les points des pyramides à cette hauteur, dans toute structure (lecture de la règle française)\xa0: Air 2, Feu 2."
    assert lines[-1] == "Feu gagne."


def play_towers_like_a_person(session, rng):
    """Drive a solitaire game of Elemental Towers through the session's own functions."""

    undone = 0
    for _ in range(3000):
        stage = session.stage
        if stage == "over":
            return undone
        if stage == "draft":  # the scoring row is dealt when the draft ends: nothing to see of it yet
            assert len(session.flow.draft_offer()) == 3 and session.flow.row() == []
            assert session.select(rng.randrange(3))
            continue
        assert sorted(session.flow.row()) == ["air", "earth", "fire", "space", "water"]
        if stage == "place":
            ghosts = sorted(session.spots(), key=str)
            if rng.random() < 0.3 or not ghosts:
                session.turn_card()
                ghosts = sorted(session.spots(), key=str)
                if not ghosts:  # a card that looks the same turned: no second way to lie
                    session.turn_card()
                    ghosts = sorted(session.spots(), key=str)
            assert session.choose_cell(rng.choice(ghosts).cell), session.notice
        elif stage == "earned":
            if session.can_take_back() and rng.random() < 0.05:
                before = len(session.state.log)
                # Back to the turn's start: its drawn card to place, or Move a Card to resolve again.
                assert session.take_back() and len(session.state.log) < before and session.stage in ("place", "table_card")
                undone += 1
                continue
            spots = sorted([(s.cell, s.space, s.pieces) for s in session.spots().values()], key=str)
            movable = sorted(session.flow.movable())
            if spots and rng.random() < 0.8:
                cell, space, _ = rng.choice(spots)
                assert session.choose_space(cell, space), session.notice
            elif movable and rng.random() < 0.7:
                assert session.choose_space(*rng.choice(movable))
                targets = sorted([(s.cell, s.space, s.pieces) for s in session.spots().values()], key=str)
                assert targets
                cell, space, _ = rng.choice(targets)
                assert session.choose_space(cell, space), session.notice
            else:
                assert session.choose(Skip(session.flow.earned()[0][0]))
        elif stage == "table_card":
            cells = sorted(session.state.table.cards)
            cell = rng.choice(cells)
            if not session.choose_table_card(cell):
                assert session.stage == "table_card"
        elif stage == "target":
            ghosts = sorted(session.spots(), key=str)
            assert session.choose_cell(rng.choice(ghosts).target), session.notice
        elif stage == "row":
            assert session.choose(SwapRow(rng.randrange(4)))
        elif stage == "trade_piece":
            choices = sorted({(m.cell, m.space) for m in session.game.legal_moves(session.state)})
            assert session.choose_space(*rng.choice(choices))
            assert session.choose(rng.choice(session.options()).move)
        else:
            raise AssertionError(f"unexpected stage {stage}")
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("draft", [False, True])
def test_complete_games_of_elemental_towers(draft, tmp_path, monkeypatch):
    monkeypatch.setenv("AQUARIUS3D_HOME", str(tmp_path))
    rng = random.Random(7)
    undone = 0
    for seed in range(3):
        session = Session.new("elemental-towers", {"draft": draft}, [Seat("Solo")], seed=seed)
        undone += play_towers_like_a_person(session, rng)
        score, rank, towers = session.flow.score()
        lines = session.summary()
        mastery = len({t[2] for t in towers}) == 5
        assert lines[-2] == f"\t\tTotal ({rank})\t{score}" and len(lines) == len(towers) + mastery + 2
        assert lines[-1] == f"Best with these cards: {session.flow.best}" and session.flow.best >= score
        assert any(m.startswith("Solo built a") for m in session.messages)
        dealt = [m for m in session.messages if m.startswith("Draft over: the scoring row is dealt: ")]
        assert len(dealt) == draft and (not draft or dealt[0].endswith(" 1") and dealt[0].count(",") == 4)
        # The autosave holds the finished game, and it loads to the same state.
        again = Session.load(saves.save_path(saves.AUTOSAVE))
        assert again.state == session.state
        # Play the same cards again: the same 30 cards, the history remembers both games.
        replay = Session.new("elemental-towers", {"draft": draft}, [Seat("Solo")], seed=seed + 50,
                             preset={"same_deck": session.state.data.deck_cards})
        assert replay.state.data.deck_cards == session.state.data.deck_cards
    assert undone >= 1
    assert len(scores.towers_history()) == 3


def test_towers_undo_never_crosses_a_draw(tmp_path, monkeypatch):
    monkeypatch.setenv("AQUARIUS3D_HOME", str(tmp_path))
    session = Session.new("elemental-towers", {}, [Seat("Solo")], seed=3)
    assert session.stage == "place" and not session.can_take_back()
    drawn = session.state.hands[0][:]
    deck = session.state.deck[:]
    move = sorted(session.spots(), key=str)[0]
    session.choose_cell(move.cell)
    if session.stage == "earned":
        assert session.can_take_back() and session.take_back()
        assert session.state.hands[0] == drawn and session.state.deck == deck and session.stage == "place"
    else:  # the turn ended and the next card was drawn: nothing to undo
        assert not session.can_take_back() and not session.take_back()


def test_a_failed_autosave_keeps_the_game_going_tells_and_retries(private_home, monkeypatch):
    session = Session.new("aquarius", {}, humans(2), seed=4)
    real_save = saves.save

    def disk_full(record, name=saves.AUTOSAVE):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(saves, "save", disk_full)
    rng = random.Random(4)
    play_like_a_person_one_move(session, rng)
    assert len(session.state.log) == 1  # the move stands
    assert session.autosave_failed
    assert session.notice == ("Could not save the game automatically (No space left on device): "
                              "play on, it will try again after the next move.")
    assert session.stage in ("cover", "choose")  # the next turn began: the session is not stuck mid-move
    set_language("fr")
    play_like_a_person_one_move(session, rng)
    assert session.notice == ("Enregistrement automatique impossible (No space left on device)\xa0: "
                              "continuez, il sera retenté après le prochain coup.")
    set_language("en")
    monkeypatch.setattr(saves, "save", real_save)
    play_like_a_person_one_move(session, rng)
    assert not session.autosave_failed and session.messages[-1] == "The game is saved automatically again."
    stored = saves.read_record(saves.save_path(saves.AUTOSAVE))
    assert stored["moves"] == session.record()["moves"] and len(stored["moves"]) == 3


def _rising_pick_with_a_dead_end():
    """A hot-seat Rising game played at random up to a pyramid step where one pyramid of the tray has nowhere to
    go and another has somewhere."""
    for seed in range(60):
        session = Session.new("aquarius-rising", {}, [Seat("Ann"), Seat("Bo")], seed=seed, autosave=False)
        rng = random.Random(seed)
        for _ in range(300):
            if session.state.over:
                break
            if session.stage == "cover":
                session.reveal()
            elif session.stage == "pyramid":
                kinds = {code for code, _ in session.flow.supply()}
                if kinds - session.flow.placeable() and session.flow.placeable():
                    return session
                session._try(rng.choice(session.game.legal_moves(session.state)))
            else:
                session._try(rng.choice(session.game.legal_moves(session.state)))
    raise AssertionError("no pyramid step with a dead end in 60 games")


def test_a_pyramid_with_nowhere_to_go_is_not_picked_and_esc_puts_a_pick_back():
    """Issue 27: picking a pyramid that no quarter can take says why and leaves the choice as it was; Tab goes
    only through the pyramids that can be placed; Esc puts a picked pyramid back before any menu."""
    session = _rising_pick_with_a_dead_end()
    stuck = sorted({code for code, _ in session.flow.supply()} - session.flow.placeable())[0]
    free = sorted(session.flow.placeable())[0]
    before = session.choice
    assert not session.select_pyramid(stuck)
    assert session.choice == before
    assert session.notice.startswith("Not allowed: no quarter can take the ") and "choose another one" in session.notice
    assert session.select_pyramid(free) and session.choice.pyramid == free and session.spots()
    assert session.cancel() and session.choice.pyramid is None and session.stage == "pyramid"
    assert not session.cancel()  # nothing left to put back: Esc is the game menu's now


def test_an_action_that_cannot_be_played_says_why():
    """The first turn of Aquarius, the starting card alone on the table: Move a Card has nowhere to move it, and says
    why (was "Move a Card cannot be played now", no reason); nothing changes."""
    action = "move_a_card"
    session = Session.new("aquarius", {}, humans(2), seed=9)
    session.reveal()
    cards = session.game.deck.cards
    card = next(i for i, c in enumerate(cards) if c.code == action)
    state = session.state
    where = next(place for place in (state.deck, state.hands[1], state.discard) if card in place)
    where[where.index(card)] = state.hands[0][0]  # (the action card swapped into Ann's hand)
    state.hands[0][0] = card
    assert len(state.table.cards) == 1
    before = state.to_dict()
    assert not session.select(0)
    assert session.notice.startswith("Not allowed: Move a Card cannot be played now: no card on the table fits"), \
        session.notice
    assert session.state.to_dict() == before and session.stage == "choose"
