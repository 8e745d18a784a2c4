"""The window, driven offscreen through the app's own functions: menus, hot-seat, picking, the end."""

import random
import re

import pytest
from driving import FakeTask, open_position, pixels, screen_of_hand, step, towers_step, tray_point

from aquarius3d.files import saves
from aquarius3d.files import user_settings
from aquarius3d.engine.moves import Place
from aquarius3d.i18n import set_language
from aquarius3d.session import Seat


def test_menu_new_game_form_starts_a_game(app):
    assert app.screen == "menu"
    form = app.show_new_game()
    form.add_seat()
    form.toggle_seat(1)
    assert form.seats == [["Ann", "human"], ["Bo", "medium"], ["Cy", "medium"]]  # a new seat: a medium computer
    form.cycle_level(2)  # a computer's level button cycles medium, hard, easy, random
    assert form.seats[2] == ["Cy", "hard"]
    form.cycle_level(2)
    form.cycle_level(2)
    assert form.seats[2] == ["Cy", "random"]
    form.set_option(True, "first_edition")
    form.start()
    assert app.screen == "game"
    assert [s.kind for s in app.session.seats] == ["human", "computer", "computer"]
    assert [s.level for s in app.session.seats][1:] == ["medium", "random"]
    assert app.session.game.deck.name == "Aquarius, first edition"
    assert pixels(app).std() > 0.05


def test_tab_in_aquarius_goes_through_the_hand(app):
    """Tab goes round Aquarius Rising's tray in its pyramid step; in a game without a tray it goes through the hand,
    choosing nothing until Enter."""
    app.start_game("aquarius", {}, [Seat("Ann"), Seat("Bo")], seed=3)
    app.table.reveal()
    app.table.keys.step(1)
    assert app.table.keys.focus == ("card", 0)
    assert app.session.stage == "choose" and app.session.choice.pyramid is None


def test_cover_hides_hand_and_goal_until_the_player_confirms(app):
    app.start_game("aquarius", {}, [Seat("Ann"), Seat("Bo")], seed=3)
    assert app.session.stage == "cover"
    assert not app.table.hud.cover.isHidden()
    assert app.table.hud.hand.root.getNumChildren() == 0 and app.table.hud.goal_card.isHidden()
    app.table.peek(True)
    assert app.table.hud.goal.getText() == ""
    app.table.click((0.3, 0.3))  # a click anywhere lifts the cover
    assert app.table.hud.cover.isHidden()
    assert app.table.hud.hand.root.getNumChildren() == len(app.session.state.hands[0]) == 4
    app.table.peek(True)
    assert app.table.hud.goal.getText().startswith("Your goal: ")
    app.table.peek(False)
    assert not app.table.hud.goal.getText().startswith("Your goal: ")


def test_picking_returns_the_cell_under_the_pointer(app):
    app.start_game("aquarius", {}, [Seat("Ann"), Seat("Bo")], seed=3)
    for view in ("orbit", "top"):
        app.table.camera.place(app.table.framed(view))
        tested = 0
        for cell in [(0, 0), (1, 0), (-1, 1), (0, -1), (2, 1), (-2, -1)]:
            point = app.table.picker.screen_of_cell(cell)
            if point is not None and max(abs(point[0]), abs(point[1])) < 1:
                assert app.table.picker.cell_at(point) == cell
                tested += 1
        assert tested >= 4


def test_ghosts_on_the_table_are_the_legal_moves(app):
    app.start_game("aquarius", {}, [Seat("Ann"), Seat("Bo")], seed=8)
    app.table.reveal()
    session = app.session
    hand = session.state.hands[0]
    element = next(i for i, c in enumerate(hand) if session.game.deck.cards[c].kind == "element")
    app.table.click(screen_of_hand(app, element))
    assert session.stage == "place"
    code = session.game.deck.cards[hand[element]].code
    legal = {m for m in session.game.legal_moves(session.state) if isinstance(m, Place) and m.code == code}
    shown = set(app.table.scene.ghosts)
    app.table.key_turn()
    shown |= set(app.table.scene.ghosts)
    assert shown == legal and shown
    for move, node in app.table.scene.ghosts.items():
        assert node.getPythonTag("ghost") == move


def test_the_ghost_under_the_pointer_lights_up(app):
    app.start_game("aquarius", {}, [Seat("Ann"), Seat("Bo")], seed=8)
    table = app.table
    table.reveal()
    session = app.session
    element = next(i for i, c in enumerate(session.state.hands[0]) if session.game.deck.cards[c].kind == "element")
    table.click(screen_of_hand(app, element))
    move = sorted(table.scene.ghosts, key=str)[0]
    table.hover(move.cell)  # the pointer over the cell, not exactly on a picked spot
    alpha = {m: node.getColorScale()[3] for m, node in table.scene.ghosts.items()}
    from aquarius3d.view.ghosts import CARD_ALPHA

    assert alpha[move] == pytest.approx(0.9, abs=0.01) and CARD_ALPHA < 0.9 - 0.2
    assert all(a == pytest.approx(CARD_ALPHA, abs=0.01) for m, a in alpha.items() if m != move)
    table.hover((99, 99))
    assert all(node.getColorScale()[3] == pytest.approx(CARD_ALPHA, abs=0.01) for node in table.scene.ghosts.values())


def test_a_complete_game_by_clicks(app):
    app.start_game("aquarius", {}, [Seat("Ann"), Seat("Bo"), Seat("Bot", "computer")], seed=21)
    rng = random.Random(21)
    for _ in range(4000):
        if app.session.stage == "over":
            break
        step(app, rng)
    session = app.session
    assert session.stage == "over"
    assert not app.table.hud.end_panel.isHidden()
    assert "wins" in app.table.hud.end_lines.getText() or "share the win" in app.table.hud.end_lines.getText()
    if session.state.end_reason == "goal":
        assert len(app.table.end_moment.glow.lit) >= 1  # the winning group's cards are lit
    assert not any(node.hasColorScale() for node in app.table.scene.nodes.values())  # (their colours kept)
    # The autosave holds the finished game: Continue is greyed, and does not open it again (issue 27).
    from direct.gui.DirectGui import DGG

    menu = app.show_menu()
    assert menu.continue_button["state"] == DGG.DISABLED
    app.continue_game()
    assert app.screen == "menu" and menu.note.getText().startswith("The last game is over")


def test_menus_in_french(app):
    app.show_settings().set_language("fr")
    assert app.screen == "settings" and app.screens.current.note.getText() == "Réglages enregistrés."
    app.show_menu()
    from direct.gui.DirectGui import DirectButton

    texts = [w["text"] for w in app.widgets if isinstance(w, DirectButton)]
    assert "Nouvelle partie" in texts and "Quitter" in texts
    assert user_settings.load_settings()["language"] == "fr"


def test_continue_with_no_autosave_and_with_a_corrupt_one(app):
    from direct.gui.DirectGui import DGG

    assert app.screens.current.continue_button["state"] == DGG.DISABLED  # nothing to go on with
    app.continue_game()
    assert app.screen == "menu" and app.screens.current.note.getText() == "No game to continue."
    path = saves.save_path(saves.AUTOSAVE)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{broken")
    assert app.show_menu().continue_button["state"] == DGG.NORMAL  # clicked, it says what is wrong
    app.continue_game()
    assert app.screen == "menu" and app.screens.current.note.getText().startswith("autosave.json: not a saved game")
    assert path.read_text() == "{broken"  # nothing is thrown away


def test_dominus_draws_the_table_limit_and_marks_edges(app):
    from aquarius3d.core import geometry

    app.start_game("dominus", {"table": [6, 2]}, [Seat("Ann"), Seat("Bo", "computer")], seed=5)
    session = app.session
    assert app.table.scene.limit_root is not None and app.table.scene.limit_root.getNumChildren() == 4
    low, high = app.table.scene.limit_root.getTightBounds()
    (x0, y0), (x1, y1) = [(-2, 0), (2, 0)]  # a 6 x 2 table round the starter: 2 cards either side, none above or below
    assert low.x == pytest.approx(x0 * geometry.CELL_X - geometry.CELL_X / 2 - 1.5, abs=0.01)
    assert high.x == pytest.approx(x1 * geometry.CELL_X + geometry.CELL_X / 2 + 1.5, abs=0.01)
    assert low.y == pytest.approx(y0 * geometry.CELL_Y - geometry.CELL_Y / 2 - 1.5, abs=0.01)
    assert high.y == pytest.approx(y1 * geometry.CELL_Y + geometry.CELL_Y / 2 + 1.5, abs=0.01)
    app.table.reveal()
    while session.stage != "place":
        session.select(0)
        if session.stage != "place":
            session.cancel()
    app.table.refresh()
    legal = {m.cell for m in session.spots()}
    off = 0
    for cell in sorted(session.state.table.need):
        app.table.hover(cell)
        marks = app.table.scene.edge_marks
        if not session.game.placement.on_table(cell):
            assert not marks and cell not in legal  # off the table: no card goes there, whatever its edges
            off += 1
            continue
        assert marks  # every frontier cell touches a card
        # On the table, a spot is legal exactly when every edge it touches matches.
        assert all(marks.values()) == (cell in legal), (cell, marks)
    assert off == 2  # above and below the starter
    assert app.table.parts.piles.stacks["discard"].isHidden()  # Dominus has no action cards, so no discard pile


def test_a_late_joiner_who_wins_at_once_gets_the_end_screen(app):
    from helpers import joining_session

    app.open_session(joining_session())
    app.table.refresh()
    assert not app.table.join.button.isHidden() and app.table.hud.end_panel.isHidden()
    app.table.join.show()
    assert app.table.join.entry.get() == "Cy"
    app.table.join.confirm()
    assert app.session.stage == "over"
    assert not app.table.hud.end_panel.isHidden() and app.table.join.button.isHidden()
    assert app.table.hud.end_lines.getText().splitlines()[0] == "Cy wins!"


def test_new_game_form_steps_and_cycles_options(app):
    form = app.show_new_game()
    form.choose_ruleset("dominus")
    form.step_option("table", 0, -1)
    form.step_option("rounds", None, 1)
    assert form.options == {"table": [13, 7], "rounds": 2}
    form.choose_ruleset("aquarius")
    form.cycle_option("single_action")
    assert form.options["single_action"] == "trade_goals"  # "usually Trade Goals": offered first
    form.step_option("target", None, -3)
    form.start()
    assert app.session.game.target == 4
    assert app.session.game.ruleset.deck.actions == "trade_goals"


def test_new_game_form_offers_the_actions_and_pairs_the_deck_has(app):
    form = app.show_new_game()
    form.choose_ruleset("aquarius")
    seen = []
    for _ in range(12):
        form.cycle_option("single_action")
        seen.append(form.options["single_action"])
    pairs = [["trade_goals", other] for other in ("trade_hands", "move_a_card", "zap_a_card", "rotate_goals",
                                                  "shuffle_hands")]
    # Shuffle Goals is first edition only: the second-edition form skips it, alone and paired.
    assert seen == ["trade_goals", "trade_hands", "move_a_card", "zap_a_card", "rotate_goals", "shuffle_hands",
                    *pairs, "all"]
    for _ in range(10):
        form.cycle_option("single_action")
    assert form.options["single_action"] == ["trade_goals", "rotate_goals"]
    button = [w for w in form.option_widgets if "Rotate Goals" in str(w["text"])]
    assert button and button[0]["text"] == "Trade Goals + Rotate Goals"
    form.set_option(True, "first_edition")  # no Rotate Goals in that deck: back to every action
    assert "single_action" not in form.options and form.options["first_edition"] is True
    for _ in range(5):  # trade_goals, trade_hands, move_a_card, zap_a_card: no Rotate Goals or Shuffle Hands
        form.cycle_option("single_action")
    assert form.options["single_action"] == "shuffle_goals"
    form.cycle_option("single_action")
    assert form.options["single_action"] == ["trade_goals", "trade_hands"]
    form.start()
    kept = {app.session.game.deck.cards[i].code for i in app.session.game.play_ids()
            if app.session.game.deck.cards[i].kind == "action"}
    assert kept == {"trade_goals", "trade_hands"}


def test_round_table_and_joining_in_the_window(app):
    app.start_game("dominus", {"rounds": 2}, [Seat("Ann", "computer"), Seat("Bo", "computer")], seed=6)
    for _ in range(500):
        if app.session.stage == "round_over":
            break
        app.table._bot_due = 0
        app.table._tick(FakeTask())
    assert app.session.stage == "round_over"
    assert not app.table.hud.end_panel.isHidden() and not app.table.hud.next_round_button.isHidden()
    assert app.table.hud.end_title.getText() == "Round 1 of 2 is over"
    app.table.next_round()
    assert app.table.hud.end_panel.isHidden()
    app.start_game("aquarius", {}, [Seat("Ann"), Seat("Bo")], seed=6)
    assert not app.table.join.button.isHidden()
    app.table.join.show()
    assert not app.table.join.panel.isHidden() and app.table.join.entry.get() == "Cy"
    app.table.join.toggle_kind()
    app.table.join.confirm()
    assert [(s.name, s.kind) for s in app.session.seats][-1] == ("Cy", "computer")
    assert app.table.join.panel.isHidden()


@pytest.mark.slow
def test_a_complete_game_of_aquarius_rising_by_clicks(app):
    from aquarius3d.view.storeys import state_views

    # The computer seat plays at random (as every level did in Rising before medium judged it): the humans'
    # random clicks then get houses to build on.
    app.start_game("aquarius-rising", {"to_the_clouds": True},
                   [Seat("Ann"), Seat("Bo"), Seat("Bot", "computer", "random")], seed=4)
    rng = random.Random(4)
    built = pyramids_clicked = 0
    for _ in range(6000):
        session = app.session
        if session.stage == "over":
            break
        before = len(session.state.log)
        storeys = len(session.state.data.storeys)
        stage = session.stage
        step(app, rng)
        if stage == "pyramid" and len(session.state.log) > before:
            pyramids_clicked += 1
        if stage == "place" and len(session.state.data.storeys) > storeys:
            built += 1
    session = app.session
    assert session.stage == "over" and session.state.end_reason == "highest element"
    assert pyramids_clicked > 10 and built >= 1
    # The scene stands where geometry puts every card and pyramid, storeys included.
    cards, pyramids = state_views(session.state)
    assert set(app.table.scene.views) == set(cards) and set(app.table.scene.pyramid_views) == set(pyramids)
    for key, view in cards.items():
        assert app.table.scene.nodes[key].getZ() == pytest.approx(view.bottom, abs=1e-4)
    assert "Highest points of the goals' elements:" in app.table.hud.end_lines.getText()


def test_rising_trays_storeys_and_side_elevation(app):
    from panda3d.core import OrthographicLens, PerspectiveLens

    from aquarius3d.games.rising.houses import heights, houses_of_state
    from aquarius3d.view.rising import element_tops

    app.start_game("aquarius-rising", {}, [Seat("Ann", "computer"), Seat("Bo", "computer")], seed=2)
    session = app.session
    for _ in range(3000):
        if len(session.state.data.storeys) >= 2 or session.stage == "over":
            break
        app.table._bot_due = 0
        app.table._tick(FakeTask())
    assert len(session.state.data.storeys) >= 2
    # A tray per seat, one pyramid per kind held, counts as the supply says.
    assert len(app.table.parts.trays.seats) == 2
    for seat, tray in enumerate(app.table.parts.trays.seats):
        shown = {n.getTag("pyramid") for n in tray.findAllMatches("**/=pyramid")}
        assert shown == {code for code, _ in session.flow.supply(seat)}
    assert f"Ann: {len(session.state.hands[0])} cards, {len(session.state.data.supply[0])} pyramids" \
        in app.table.hud.info.getText()
    # L labels every storey above the table with its height.
    assert app.table.parts.storey_labels.root.isHidden()
    app.table.toggle_storeys()
    labels = app.table.parts.storey_labels.root.findAllMatches("**/=storey")
    assert not app.table.parts.storey_labels.root.isHidden()
    assert len(labels) == len(session.state.data.storeys)
    # The side elevation is orthographic, shows a marker at each element's highest point, and goes back.
    app.table.view("side")
    assert app.table.elevation_on and isinstance(app.base.cam.node().getLens(), OrthographicLens)
    expected = {name: h for name, h in heights(houses_of_state(session.state)).items() if h is not None}
    assert app.table.parts.elevation.markers == pytest.approx(expected)
    assert {n.getTag("marker") for n in app.table.parts.elevation.root.findAllMatches("**/=marker")} == set(expected)
    assert element_tops(session.state).keys() == expected.keys()
    assert app.table.parts.trays.root.isHidden() and not app.table.parts.elevation.root.isHidden()
    assert pixels(app).std() > 0.05
    app.table.zoom(0.8)
    assert app.table.elevation_on and app.table.parts.elevation.zoom == pytest.approx(0.8)
    app.table.view("orbit")
    assert not app.table.elevation_on and isinstance(app.base.cam.node().getLens(), PerspectiveLens)
    assert app.table.parts.elevation.root.isHidden() and not app.table.parts.trays.root.isHidden()


def test_rising_picking_a_card_on_a_house_and_a_quarter(app):
    from aquarius3d.core import geometry
    from aquarius3d.positions.file import parse_position

    position = parse_position({
        "ruleset": "aquarius-rising",
        "cards": [{"at": [0, 0], "card": "FFAA", "pyramids": ["Lr", "Lr", "Ly", "Ly"]},
                  {"at": [0, -1], "card": "AAWW"}, {"at": [0, -2], "card": "WWWW"}],
        "players": [{"name": "Ann", "goal": "air", "hand": ["FFFF", "EEEE"], "supply": ["Sb", "Mb"]},
                    {"name": "Bo", "goal": "fire", "hand": ["WWWW"]}],
    })
    session = open_position(app, position)
    app.table.click(screen_of_hand(app, 0))  # FFFF: fits beside the cards, or on the house of four pyramids
    assert session.stage == "place"
    on_house = next(m for m in app.table.parts.ghost_spots if getattr(m, "level", 0) == 1)
    top = app.table.parts.ghost_spots[on_house][1]
    assert top == pytest.approx(geometry.card_top(1, geometry.PYRAMID_HEIGHT["L"], geometry.card_top(0)))
    ghost = app.table.scene.ghosts[on_house]
    assert ghost.getZ() == pytest.approx(geometry.card_bottom(top) + 0.05, abs=1e-4)
    app.table.camera.place(app.table.framed("orbit"))
    point = app.table.picker.screen_of_point(*geometry.cell_centre(0, 0), top)
    assert app.table.ghost_at(point) == on_house
    app.table.click(point)
    assert session.state.data.storeys[(0, 0), 1][1] == "FFFF"
    assert session.stage == "pyramid"
    # No button grid over the board: the supply stands on the trays, picked in 3D.
    assert [w["text"] for w in app.table.hud.choice_widgets if hasattr(w, "getWidth")] == ["Take back (U)"]
    trays = app.table.parts.trays
    assert trays.active == 0 and set(trays.spots) == {"Sb", "Mb"}
    counts = {n.getTag("count") for n in trays.seats[0].findAllMatches("**/=count")}
    assert counts == {"Sb:1", "Mb:1"}  # every stack says how many are left
    app.table.click(tray_point(app, "Mb"))
    assert session.choice.pyramid == "Mb"
    chosen = trays.seats[0].findAllMatches("**/=chosen")
    assert [n.getTag("pyramid") for n in chosen] == ["Mb"] and chosen[0].getZ() > 3.0  # lifted
    app.table.key_escape()  # Esc puts the picked pyramid back on the tray (a choice of two), no menu
    assert session.choice.pyramid is None and not app.table.menu.shown
    keys = app.table.keys
    assert keys.focus == ("pyramid", "Mb")  # the keyboard's focus stays on it
    keys.step(-1)  # Shift+Tab, Tab: round the tray's pyramids that can be placed; Enter picks the one in focus
    assert keys.focus == ("pyramid", "Sb") and session.choice.pyramid is None
    keys.step(1)
    keys.enter()
    assert session.choice.pyramid == "Mb"
    spots = sorted(app.table.parts.ghost_spots, key=str)
    assert spots and all(m.pyramid == "Mb" for m in spots)
    target = spots[0]
    x, y = geometry.cell_centre(*target.cell)
    dx, dy = geometry.quarter_offset(target.quarter)
    app.table.camera.place(app.table.framed("top"))
    app.table.click(app.table.picker.screen_of_point(x + dx, y + dy, app.table.parts.ghost_spots[target][1]))
    placed = session.state.data.pyramids[target.cell, target.level]
    assert placed[target.quarter] == "Mb"


@pytest.mark.parametrize("draft", [False, True])
def test_a_complete_game_of_elemental_towers_by_clicks(app, draft):
    from aquarius3d.core import geometry
    from aquarius3d.view.towers import piece_views

    app.start_game("elemental-towers", {"draft": draft}, [Seat("Solo")], seed=12)
    session = app.session
    # The draft variant deals the scoring row when the draft ends: none stands beside the table before.
    assert app.table.hud.cover.isHidden() and len(app.table.parts.scoring_row.cards) == (0 if draft else 5)
    assert bool(app.table.parts.scoring_row.root.getChildren()) is not draft
    rng = random.Random(12)
    built = 0
    for _ in range(4000):
        if session.stage == "over":
            break
        if session.stage != "draft":
            assert [c.getTag("row") for c in app.table.parts.scoring_row.cards] == session.flow.row() and len(session.flow.row()) == 5
        before = sum(len(p) for here in session.state.data.pieces.values() for p in here.values())
        towers_step(app, rng)
        session = app.session
        built += sum(len(p) for here in session.state.data.pieces.values() for p in here.values()) > before
    assert session.stage == "over" and built >= 3
    # Every pyramid stands where geometry puts it, towers nested.
    views = piece_views(session.state)
    assert set(app.table.scene.pyramid_views) == set(views)
    for key, view in views.items():
        assert app.table.scene.pyramid_nodes[key].getZ() == pytest.approx(view.base, abs=1e-4)
    tower = [k for k in views if k[2] > 0]
    for cell, space, i in tower:
        sizes = [p[0] for p in session.state.data.pieces[tuple(cell)][space]]
        assert views[(cell, space, i)].base == pytest.approx(geometry.tower_bases(geometry.card_top(0), sizes)[i])
    score, rank, _ = session.flow.score()
    assert f"Score {score} ({rank})" in app.table.hud.info.getText()
    assert f"\t\tTotal ({rank})\t{score}\n" in app.table.hud.end_lines.getText()  # (the table's total row)
    assert not app.table.hud.same_cards_button.isHidden()
    cards = session.state.data.deck_cards
    app.play_same_cards()
    assert app.session is not session and app.session.state.data.deck_cards == cards


def test_towers_undo_and_the_supply_tray(app):
    app.start_game("elemental-towers", {}, [Seat("Solo")], seed=3)
    session = app.session
    rng = random.Random(3)
    for _ in range(400):
        if session.stage == "earned":
            break
        towers_step(app, rng)
    assert session.stage == "earned"
    shown = {n.getTag("pyramid") for n in app.table.parts.trays.root.findAllMatches("**/=pyramid")}
    assert shown == {k for k, n in session.state.data.supply.items() if n}
    hand = session.state.hands[0][:] or None
    log = len(session.state.log)
    app.table.key_undo()
    assert session.stage == "place" and len(session.state.log) == log - 1
    assert hand is None or session.state.hands[0] == hand


def test_new_game_form_fits_the_seats_to_the_ruleset(app):
    form = app.show_new_game()
    form.choose_ruleset("elemental-towers")
    assert form.seats == [["Ann", "human"]]
    form.start()
    assert app.session.game.id == "elemental-towers" and app.session.stage in ("place", "card_action", "row",
                                                                                "table_card", "trade_piece")
    form = app.show_new_game()
    form.choose_ruleset("elemental-towers")
    form.choose_ruleset("dominus")
    assert len(form.seats) == 2


def test_new_game_form_gives_a_young_player_their_own_target(app):
    form = app.show_new_game()
    form.choose_ruleset("aquarius")
    form.cycle_target(1)
    form.cycle_target(1)
    assert form.targets == {1: 4}
    form.start()
    assert app.session.state.targets == [None, 4]
    assert app.session.game.target == 7


def test_help_shows_the_games_rulings_in_the_players_language(app, tmp_path):
    app.start_game("elemental-towers", {}, [Seat("Ann")], seed=2)
    app.table.toggle_help()
    assert not app.table.hud.help_panel.isHidden() and app.table.hud.help_body.getText().startswith("Left click")
    app.table.toggle_help_page()
    rulings = app.session.game.ruleset.rulings
    assert app.table.hud.help_title.getText() == "Elemental Towers: how we read the rules"
    assert app.table.hud.help_body.getText().split("\n") == [f"- {r.en}" for r in rulings]
    pixels(app)
    app.base.win.saveScreenshot(str(tmp_path / "rulings.png"))
    app.table.toggle_help_page()
    assert app.table.hud.help_body.getText().startswith("Left click")
    set_language("fr")
    app.table.toggle_help_page()
    assert app.table.hud.help_body.getText().split("\n") == [f"- {r.fr}" for r in rulings]


def test_screens_give_back_their_nodes_widgets_and_events(app):
    form = app.show_new_game()
    form.add_seat()
    root, kept = form.root, list(form.widgets) + list(form.seat_widgets)
    form.bind("confirm", form.start)
    assert app.base.messenger.isAccepting("enter", form)
    app.show_load()
    assert root.isEmpty() and not form.widgets and not form.seat_widgets
    assert all(widget.isEmpty() for widget in kept)
    assert not app.base.messenger.isAccepting("enter", form)
    names = [child.getName() for child in app.base.aspect2d.getChildren()]
    assert names.count("load") == 1 and not {"menu", "new", "settings", "game"} & set(names)


def test_every_key_the_table_knew_is_still_bound(app):
    from aquarius3d.screens import inputs

    events = ["mouse1", "mouse1-up", "mouse3", "mouse3-up", "mouse2", "mouse2-up", "shift-mouse1", "wheel_up",
              "wheel_down", "+", "=", "-", "l", "e", "1", "2", "3", "home", "f", "r", "escape", "space", "enter",
              "p", "u", "control-z", "g", "g-up", "h", "f1", "f12", "control-s"]
    for key in ("arrow_left", "arrow_right", "arrow_up", "arrow_down", "w", "s", "a", "d", "z", "q"):
        events += [key, key + "-repeat"]
    app.start_game("aquarius", {}, [Seat("Ann"), Seat("Bo")], seed=3)
    table = app.table
    assert all(app.base.messenger.isAccepting(event, table) for event in events)  # the table screen's own keys
    app.show_menu()
    assert not any(app.base.messenger.isAccepting(event, table) for event in events)  # given back with the table
    assert not app.base.messenger.isAccepting("mouse1", app.base)  # nothing bound for the whole window
    assert inputs.keys("cancel") == ("escape",) and inputs.released("shift-mouse1") == "mouse1-up"
    with pytest.raises(KeyError, match="no input named 'jump'"):
        inputs.keys("jump")


def test_load_list_shows_broken_saves_greyed_with_the_reason(app, tmp_path):
    import os

    from direct.gui.DirectGui import DirectButton
    from direct.gui.OnscreenText import OnscreenText

    from aquarius3d.session import Session

    good = saves.save(Session.new("aquarius", {}, [Seat("Ann"), Seat("Bo")], seed=3).record(), "good")
    saves.save_path("junk").write_text("[[[[\n")
    os.symlink(good.parent / "nowhere.json", saves.save_path("dangling"))
    app.show_load()
    buttons = [w["text"] for w in app.widgets if isinstance(w, DirectButton) and w["text"] != "Delete"]
    texts = [w.getText() for w in app.widgets if isinstance(w, OnscreenText)]
    # Each save says its game, players, turn and date (to the second); a broken one, its name, date and why.
    assert len(buttons) == 2 and buttons[0].startswith("Aquarius: Ann, Bo, turn 1 (20") and buttons[0].endswith(")")
    assert re.search(r"\(20\d\d-\d\d-\d\d \d\d:\d\d:\d\d\)$", buttons[0])
    assert not any("junk" in b or "dangling" in b for b in buttons)
    assert any(t.startswith("dangling (") and t.endswith("): cannot be loaded: a link to a file that is not there")
               for t in texts)
    assert any(t.startswith("junk (") and "): cannot be loaded: not a saved game (JSONDecodeError: " in t for t in texts)
    pixels(app)
    app.base.win.saveScreenshot(str(tmp_path / "load.png"))
    if os.environ.get("AQUARIUS3D_SHOTS"):
        app.base.win.saveScreenshot(os.path.join(os.environ["AQUARIUS3D_SHOTS"], "load.png"))
    # Every entry, broken or not, can be deleted: a first click asks, a second throws it away (issue 27).
    load = app.screens.current
    junk = next(i for i, e in enumerate(load.entries) if e.name == "junk")
    load.delete(junk)
    assert load.deletes[junk]["text"] == "Sure?" and saves.save_path("junk").exists()
    load.delete(junk)
    assert not saves.save_path("junk").exists() and good.exists()
    assert [e.name for e in app.screens.current.entries if e.name == "junk"] == []


def test_r_turns_the_card_chosen_and_not_the_whole_hand(app, monkeypatch):
    """Issue 27: R turned every element card of the hand round, not only the one being placed."""
    app.start_game("aquarius", {}, [Seat("Ann"), Seat("Bo")], seed=4)
    table = app.table
    table.reveal()
    hand = app.session.observation()["hand"]
    chosen = next(i for i, card in enumerate(hand) if card["kind"] == "element")
    table._act(app.session.select, chosen)
    drawn = []
    real = table.hud.hand._card
    monkeypatch.setattr(table.hud.hand, "_card", lambda card, width, turned: drawn.append(turned) or real(card, width, turned))
    table.key_turn()
    assert app.session.turned and drawn[chosen] is True
    assert not any(turned for i, turned in enumerate(drawn) if i != chosen)


def test_ctrl_s_on_the_cover_says_it_saved(app):
    """Issue 27: Ctrl+S on the hand-off cover saved without a word where anyone could see it."""
    app.start_game("aquarius", {}, [Seat("Ann"), Seat("Bo")], seed=4)
    table = app.table
    assert app.session.stage == "cover" and not table.hud.cover.isHidden()
    path = table.save_named()
    assert path is not None and path.exists()
    assert table.hud.cover_note.getText() == f"Saved as {path.stem}."
    table.reveal()
    assert table.hud.cover.isHidden() and table.hud.cover_note.getText() == ""


def test_peeking_shows_the_goal_card_with_its_symbol_and_says_the_goal_above_it(app):
    """Issue 27: the goal's name overflowed the small "?" card; then the card took the goal's colour alone, a plain
    square (a playtester: no symbol, though the symbols are said to stand on every panel). Now, while the player
    peeks, the button is the goal card itself, larger (its element's disc and symbol, view/card_art.py), inside the
    window and clear of the words above it; let go, its name again ("Goal": a playtester read "?" as help)."""
    from aquarius3d.core.vocabulary import LETTER_OF
    from aquarius3d.screens.focus import widget_rect
    from aquarius3d.screens.layout import overlap
    from aquarius3d.screens.overlays import node_rect

    app.start_game("aquarius", {}, [Seat("Ann"), Seat("Bo")], seed=4)
    table = app.table
    table.reveal()
    card = table.hud.goal_card
    assert card["text"] == "Goal" and card["frameTexture"] is None
    small = widget_rect(app.base, card)
    table.peek(True)
    goal = app.session.observation()["goal"]
    assert card["text"] == "" and table.hud.goal.getText() == f"Your goal: {goal.capitalize()}"
    texture = card["frameTexture"]
    assert texture is not None and texture.getName() == f"goal-{LETTER_OF[goal]}"
    big = widget_rect(app.base, card)
    assert big[3] - big[2] > 2 * (small[3] - small[2])
    aspect = app.base.getAspectRatio()
    assert -aspect <= big[0] and big[1] <= aspect and -1 <= big[2] and big[3] <= 1
    words, shown = node_rect(table, table.hud.goal), node_rect(table, card)  # (screen units)
    assert words is not None and shown is not None and not overlap(shown, words), (shown, words)
    table.peek(False)
    assert card["text"] == "Goal" and card["frameTexture"] is None
    assert widget_rect(app.base, card) == pytest.approx(small, abs=1e-6)


def test_the_help_hides_the_hand_under_it(app):
    """Issue 27: the hand showed through the F1 help."""
    app.start_game("aquarius", {}, [Seat("Ann"), Seat("Bo")], seed=4)
    table = app.table
    table.reveal()
    assert not table.hud.hand.root.isHidden()
    table.toggle_help()
    assert table.help_shown and table.hud.hand.root.isHidden()
    table.toggle_help()
    assert not table.hud.hand.root.isHidden()


def test_the_game_menu_and_f1_answer_to_the_mouse(app):
    """A playtester found no way to the game menu but Esc, and no way out of F1 with the mouse: the turn panel holds
    a Menu button (Esc named on it), F1 a Close button beside its page button; each clicked does what its key does,
    and the Menu button is kept out of Tab's ring (Esc opens the menu)."""
    from aquarius3d.screens.focus import widget_rect
    from aquarius3d.screens.layout import inside, overlap

    app.start_game("aquarius", {}, [Seat("Ann"), Seat("Bo")], seed=4)
    table = app.table
    table.reveal()
    hud = table.hud
    button = hud.menu_button
    assert button["text"] == "Menu (Esc)" and not button.isHidden()
    assert inside(widget_rect(app.base, button), widget_rect(app.base, hud.info_panel))
    low, high = hud.turn.getTightBounds(app.base.aspect2d)  # (the turn's title left of it)
    assert not overlap(widget_rect(app.base, button), (low.x, high.x, low.z, high.z))
    assert all(target.kind != "button" or "Menu" not in target.key[0] for target in table.keys.ring())
    button["command"]()
    assert table.menu.shown
    table.key_escape()
    assert not table.menu.shown
    table.toggle_help()
    close = hud.help_close_button
    assert table.help_shown and close["text"] == "Close (Esc)"
    page = widget_rect(app.base, hud.help_page_button)
    assert not overlap(page, widget_rect(app.base, close)) and inside(widget_rect(app.base, close),
                                                                      widget_rect(app.base, hud.help_panel))
    close["command"]()
    assert not table.help_shown and hud.help_panel.isHidden()
