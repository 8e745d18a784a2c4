"""H in the window: a suggestion for the human to move, in words, legal, from what that seat knows."""

import pytest

from aquarius3d.engine.moves import Place, PlacePyramid
from aquarius3d.i18n import set_language, tr
from aquarius3d.session import Seat, suggestion


def seats_for(ruleset):
    return [Seat("Ann")] if ruleset == "elemental-towers" else [Seat("Ann"), Seat("Hal", "computer", "medium")]


def press_h(app):
    """H on the table screen, as the key's binding would; the suggestion (or None) and the text shown:
    the suggestion in the hint line, or why there is none in the notice line."""
    found = app.table.suggest()
    return found, (app.table.hud.hint if found is not None else app.table.hud.notice)["text"]


def shown(found):
    """What the strip says of a suggestion: its words, then the keys that answer it."""
    return tr("suggest_shown", text=found.text)


def check_suggestion(app, found, notice):
    session = app.session
    assert found is not None
    assert found.move in session.game.legal_moves(session.state)  # a move the seat may make now
    assert notice == shown(found) and notice.startswith("Suggestion: ") and " — " in notice
    assert notice.endswith(". Enter plays it, Esc puts it away.")  # the strip says how to answer it
    if isinstance(found.move, Place):  # named in words by the card it places, never by engine notation
        assert notice.startswith("Suggestion: place the ") and str(found.move) not in notice
    if isinstance(found.move, PlacePyramid):
        assert notice.startswith("Suggestion: stand a ") and " pyramid " in notice


@pytest.mark.parametrize("ruleset", ["aquarius", "aquarius-rising", "elemental-towers", "dominus"])
def test_h_suggests_a_legal_move_in_words_and_changes_nothing(app, ruleset, monkeypatch):
    monkeypatch.setattr(suggestion, "TIMED", False)  # H's budget alone: the same advice whatever the machine's load
    app.start_game(ruleset, {}, seats_for(ruleset), seed=11)
    session = app.session
    session.reveal()
    before, choice = session.state.copy(), (session.stage, session.selected)
    found, notice = press_h(app)
    check_suggestion(app, found, notice)
    assert session.state == before and (session.stage, session.selected) == choice  # the game is as it was
    assert found.text == app.table.suggest().text  # the same position, the same advice
    assert session.state == before


def test_rising_suggests_the_card_then_the_pyramid_step(app):
    app.start_game("aquarius-rising", {}, seats_for("aquarius-rising"), seed=4)
    session = app.session
    seen_pyramid = False
    for _ in range(12):  # Ann's turns, each answered by the computer
        if session.stage == "computer":
            session.computer_move()
            continue
        if session.stage in ("over", "round_over"):
            break
        found, notice = press_h(app)
        check_suggestion(app, found, notice)
        seen_pyramid |= isinstance(found.move, PlacePyramid)
        assert session._try(found.move)  # play the suggestion: it is taken as it stands
        app.table.refresh()
    assert seen_pyramid  # the pyramid step is suggested too, after the card


def test_no_suggestion_on_the_cover_or_a_computers_turn(app):
    app.start_game("aquarius", {}, [Seat("Ann"), Seat("Bo")], seed=3)
    session = app.session
    assert session.stage == "cover"
    before = session.state.copy()
    found, notice = press_h(app)
    assert found is None and notice == tr("suggest_not_now")  # nothing about Ann's hand or goal
    assert app.table.hud.hint["text"] == session.hint()
    assert session.state == before and session.stage == "cover"
    app.start_game("aquarius", {}, [Seat("Hal", "computer", "medium"), Seat("Ann")], seed=3)
    assert app.session.stage == "computer"
    found, notice = press_h(app)
    assert found is None and notice == tr("suggest_not_now")


def test_suggestion_in_french(app):
    set_language("fr")
    app.start_game("aquarius", {}, seats_for("aquarius"), seed=2)
    app.session.reveal()
    found, notice = press_h(app)
    assert found is not None and notice.startswith("Suggestion\xa0: ") and notice.endswith("Entrée la joue, Échap la range.")


def suggested(app):
    """The marks of a suggestion in the scene graph: the ghosts tagged, the hand cards lifted and lit."""
    ghosts = [key for key, node in app.table.scene.ghosts.items() if node.getTag("suggested") == "1"]
    hand = [i for i, (node, _) in enumerate(app.table.hud.hand.nodes) if node.getTag("suggested") == "1"]
    return ghosts, hand


def test_the_suggested_spot_glows_until_the_next_click_or_esc(app):
    app.start_game("aquarius", {}, seats_for("aquarius"), seed=11)
    session = app.session
    session.reveal()
    app.table.refresh()
    assert suggested(app) == ([], [])
    lifted_before = [box for _, box in app.table.hud.hand.nodes]
    found, _ = press_h(app)
    assert isinstance(found.move, Place)
    ghosts, hand = suggested(app)
    assert ghosts == [found.move]  # the one spot, as a ghost of the card lying as suggested
    assert session.spots() == {}  # not a choice made for the player: no card is chosen
    index = hand[0]
    assert hand == [index] and session.observation()["hand"][index]["code"] == found.move.code
    box = app.table.hud.hand.nodes[index][1]
    assert box[2] > lifted_before[index][2]  # lifted, and picked where it is drawn
    assert app.table.scene.ghosts[found.move].findAllMatches("**/suggested-glow").getNumPaths() == 1
    app.table.key_escape()  # Esc: the game menu opens, the marks go
    assert suggested(app) == ([], [])
    app.table.close_menu()
    press_h(app)
    assert suggested(app)[0] == [found.move]
    assert session._try(found.move)  # the player moves: the marks go with the next redraw
    app.table.refresh()
    assert suggested(app) == ([], [])


def test_rising_suggested_pyramid_glows_on_its_quarter(app):
    app.start_game("aquarius-rising", {}, seats_for("aquarius-rising"), seed=4)
    session = app.session
    for _ in range(8):
        if session.stage == "pyramid":
            break
        if session.stage == "computer":
            session.computer_move()
            continue
        found, _ = press_h(app)
        assert session._try(found.move)
        app.table.refresh()
    assert session.stage == "pyramid"
    found, _ = press_h(app)
    assert isinstance(found.move, PlacePyramid)
    assert suggested(app) == ([found.move], [])  # the pyramid at its quarter; no hand card for a pyramid
    tray = app.table.parts.trays.seats[session.seat]
    chosen = [node.getTag("pyramid") for node in tray.findAllMatches("**/=chosen=1")]
    assert chosen == [found.move.pyramid]  # lifted and glowing on the player's tray
    app.table.key_escape()
    assert suggested(app) == ([], []) and not app.table.parts.trays.seats[session.seat].findAllMatches("**/=chosen=1")


PAST = ("placed", "passed", "traded", "moved", "rotated", "shuffled", "stood", "built", "took", "drafted", "swapped",
        "let an action go")


@pytest.mark.parametrize("ruleset", ["aquarius", "aquarius-rising", "elemental-towers"])
@pytest.mark.parametrize("language", ["en", "fr"])
def test_every_kind_of_move_is_suggested_as_advice_not_as_the_log_says_it(ruleset, language):
    """Issue 27: "Suggestion: trade hands with Hal", never "Suggestion: Ann traded hands with Hal"."""
    import random

    from aquarius3d.session import Session
    from aquarius3d.session.suggestion import suggestion

    set_language(language)
    try:
        said = {}
        for seed in range(6):
            session = Session.new(ruleset, {"draft": True} if ruleset == "elemental-towers" and seed % 2 else {},
                                  [Seat("Ann")] if ruleset == "elemental-towers" else [Seat("Ann"), Seat("Bo")],
                                  seed=seed, autosave=False)
            rng = random.Random(seed)
            for _ in range(120):
                if session.state.over:
                    break
                if session.stage == "cover":
                    session.reveal()
                    continue
                moves = session.game.legal_moves(session.state)
                for move in {type(m): m for m in moves}.values():
                    if type(move) not in said:
                        found = suggestion(session, move=move)
                        if found is not None:
                            said[type(move)] = found.text
                session._try(rng.choice(moves))
        assert len(said) >= 4
        for kind, text in said.items():
            advice = text.split(" — ")[0].split(":", 1)[1].strip()  # after "Suggestion:"
            assert not advice.startswith("Ann"), (kind, text)  # said to Ann, not of her
            if language == "en":
                assert not any(word in advice for word in PAST), (kind, text)
    finally:
        set_language("en")


def suggested_ghost_point(app, move):
    """Where a click lands on the suggested ghost (screen units): its cell's middle, or its quarter's."""
    from aquarius3d.core import geometry
    from aquarius3d.view.advice import advice_pick

    pick = advice_pick(app.session, move)
    x, y = geometry.cell_centre(*pick.cell)
    if pick.part is not None:
        dx, dy = geometry.quarter_offset(pick.part)
        x, y = x + dx * 0.8, y + dy * 0.8
    return app.table.picker.screen_of_point(x, y, pick.height)


@pytest.mark.parametrize("way", ["click", "enter"])
@pytest.mark.parametrize("ruleset", ["aquarius", "dominus", "aquarius-rising"])
def test_a_click_on_the_suggested_ghost_or_enter_plays_the_suggestion(app, ruleset, way, monkeypatch):
    """A playtest (Dominus): the suggestion's ghost and raised card look like what a click plays, but a click on the
    ghost, or Enter, only put it away. Now either plays the suggested move, through the player's own steps (the
    card chosen, the spot); Esc still puts it away, and opens no menu under it."""
    monkeypatch.setattr(suggestion, "TIMED", False)
    seed = 12 if way == "click" and ruleset == "aquarius-rising" else 11  # (Rising's 11: Trade Hands, by Enter)
    app.start_game(ruleset, {}, seats_for(ruleset), seed=seed)
    session, table = app.session, app.table
    session.reveal()
    table.refresh()
    found, _ = press_h(app)
    assert isinstance(found.move, Place) or way == "enter"  # (a card from the hand: a ghost to click)
    assert table.advice.shown() == found.move
    app.base.messenger.send("escape")  # Esc: put away, nothing played, no menu
    assert table.advice.shown() is None and len(session.state.log) == 0 and not table.menu.shown
    assert table.hud.hint["text"] != shown(found)
    found, _ = press_h(app)
    if way == "click":
        point = suggested_ghost_point(app, found.move)
        assert point is not None
        table.click(point)
    else:
        app.base.messenger.send("enter")
    assert len(session.state.log) == 1 and session.state.log[-1].endswith(": " + str(found.move))
    assert table.advice.shown() is None


def test_a_click_elsewhere_or_after_a_redraw_plays_no_suggestion(app, monkeypatch):
    """The suggestion plays only from its own ghost, and only while it shows: a click on the hand chooses a card as
    ever, and once the strip says the hint again Enter does what it always did."""
    from driving import screen_of_hand

    monkeypatch.setattr(suggestion, "TIMED", False)
    app.start_game("aquarius", {}, seats_for("aquarius"), seed=11)
    session, table = app.session, app.table
    session.reveal()
    table.refresh()
    found, _ = press_h(app)
    table.click(screen_of_hand(app, 0))
    assert len(session.state.log) == 0 and session.selected == 0 and table.advice.shown() is None
    app.base.messenger.send("enter")
    assert len(session.state.log) == 0


def test_enter_plays_elemental_towers_suggestion_at_every_step_of_its_turn(app, monkeypatch):
    """Elemental Towers' suggestions come at steps that pick no hand card (a drawn card to place, a build earned,
    Zap a Card's table card): Enter plays each whole, as the rules check any move (Zap's table card was refused as
    'not part of this step' when played through the spots and options alone)."""
    monkeypatch.setattr(suggestion, "TIMED", False)
    app.start_game("elemental-towers", {}, seats_for("elemental-towers"), seed=7)
    session, table = app.session, app.table
    table.refresh()
    kinds = set()
    for _ in range(5):
        found, _ = press_h(app)
        moves = len(session.state.log)
        app.base.messenger.send("enter")
        assert len(session.state.log) == moves + 1 and session.state.log[-1].endswith(": " + str(found.move))
        kinds.add(type(found.move).__name__)
    assert {"Place", "Zap", "Build"} <= kinds


@pytest.mark.parametrize("ruleset,percent", [("elemental-towers", 100), ("aquarius", 150)])
def test_the_suggested_hand_card_rises_as_a_chosen_one_under_the_strip(app, ruleset, percent, monkeypatch):
    """Playtest (Elemental Towers at 1280x720): H lifted the card drawn, already lifted as the one to play, a second
    time, into the prompt strip over it. A suggested card rises as a chosen one does, once, at the interface scale."""
    monkeypatch.setattr(suggestion, "TIMED", False)
    app.settings["interface_scale"] = percent
    app.start_game(ruleset, {}, seats_for(ruleset), seed=11)
    app.session.reveal()
    app.table.apply_scale()
    app.table.refresh()
    hand = app.table.hud.hand
    found, _ = press_h(app)
    assert isinstance(found.move, Place)
    index = suggested(app)[1][0]
    x0, x1, z0, z1 = hand.nodes[index][1]
    assert z1 == pytest.approx(hand.band_top)  # as high as a chosen card rises: the band's top
    strip = app.table.hud.prompt.strip_rect
    assert strip is not None and (strip[1] <= x0 or x1 <= strip[0] or strip[2] >= z1 - 1e-6)  # under the strip


JARGON = {"en": ("deal", "fit what you know", "answered", "shuffles", "group"),
          "fr": ("donne", "conformes", "répondu", "mélanges", "groupe")}


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_suggestion_says_why_in_words_a_new_player_knows(language):
    """A playtest read "in many deals that fit what you know, it did best once the others had answered" under H: the
    words of a card player who knows how the computer searches, not a new player's. Each reason says who worked it
    out (the computer) and how in everyday words (it tried each move, guessing the cards nobody has shown), or what
    the move does in the Rules screen's own words (a chain of panels, as the Rules say the game is won); none of the
    old jargon is left; French puts a no-break space before : ; ? ! and none is left out."""
    set_language(language)
    try:
        words = {"computer": {"en": "computer", "fr": "ordinateur"}[language],
                 "guess": {"en": "guessing", "fr": "devinant"}[language],
                 "chain": {"en": "chain", "fr": "chaîne"}[language]}
        searched = [tr("suggest_why_search"), tr("suggest_why_search_solo")]
        grouped = [tr("suggest_why_group", element="Fire", count=n) for n in (1, 6)]
        plain = [*searched, *grouped, tr("suggest_why_keep"), tr("suggest_why_pass")]
        for said in searched:
            assert words["computer"] in said and words["guess"] in said, said
        for said in grouped:
            assert words["chain"] in said, said
        assert words["chain"] in tr("rules_summary_aquarius")  # (the word the Rules screen teaches)
        for said in plain:
            assert not any(jargon in said.lower() for jargon in JARGON[language]), said
            if language == "fr":
                assert not any(f" {mark}" in said for mark in ":;?!"), said
                assert all(f"\xa0{mark}" in said for mark in ":;?!" if mark in said), said
        shown = tr("suggest_shown", text=tr("suggest_text", move=tr("suggest_pass"), why=searched[0]))
        assert shown.count(tr("suggest_why_search")) == 1
    finally:
        set_language("en")
