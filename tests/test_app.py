"""The window, driven offscreen through the app's own functions: menus, hot-seat, picking, the end."""

import random

import numpy as np
import pytest

from aquarius3d import saves
from aquarius3d.engine.moves import Place
from aquarius3d.i18n import set_language
from aquarius3d.session import Seat


class FakeTask:
    cont = 1


@pytest.fixture
def app(offscreen, tmp_path, monkeypatch):
    monkeypatch.setenv("AQUARIUS3D_HOME", str(tmp_path))
    from aquarius3d.app import App

    offscreen.scene.root.stash()
    application = App(base=offscreen.base)
    yield application
    application._leave_game()
    application._clear_screen()
    offscreen.base.taskMgr.remove("aquarius3d-tick")
    offscreen.base.ignoreAll()
    offscreen.scene.root.unstash()
    set_language("en")


def screen_of_hand(app, index):
    x0, x1, z0, z1 = app.hand_nodes[index][1]
    return ((x0 + x1) / 2 / app.base.getAspectRatio(), (z0 + z1) / 2)


def free_screen_point(app, cell):
    """The screen point of a cell, if it is on screen and not under the hand."""
    point = app.screen_of_cell(cell)
    if point is None or abs(point[0]) > 0.98 or abs(point[1]) > 0.98 or app.hand_index_at(point) is not None:
        return None
    return point


def step(app, rng):
    """One click (or key) of a person playing, chosen by the stage the app shows."""
    session = app.session
    stage = session.stage
    if stage == "cover":
        app.click((0.0, 0.0))
    elif stage == "computer":
        app._bot_due = 0
        app._tick(FakeTask())
    elif stage == "choose":
        if session.can_pass():
            app.key_pass()
        else:
            app.click(screen_of_hand(app, rng.randrange(len(app.hand_nodes))))
    elif stage in ("place", "target"):
        spots = [m.cell if isinstance(m, Place) else m.target for m in sorted(session.ghosts(), key=str)]
        points = [p for p in (free_screen_point(app, c) for c in spots) if p is not None]
        if not points and spots:
            app.orbit = app.framed("top").zoom(1.0 + rng.random())  # step back to see the whole table
            app.orbit.apply(app.base.camera)
            points = [p for p in (free_screen_point(app, c) for c in spots) if p is not None]
        if not points:
            app.key_turn() if rng.random() < 0.5 else app.key_escape()
            if session.stage in ("place", "target") and not session.ghosts():
                app.key_escape()
            return
        app.click(rng.choice(points))
    elif stage == "table_card":
        points = [p for p in (free_screen_point(app, c) for c in sorted(session.state.table.cards)) if p]
        if not points:
            app.orbit = app.framed("top").zoom(1.5)
            app.orbit.apply(app.base.camera)
            points = [p for p in (free_screen_point(app, c) for c in sorted(session.state.table.cards)) if p]
        app.click(rng.choice(points)) if points else app.key_escape()
    elif stage == "player":
        app._act(session.choose_player, rng.choice(session.player_choices()))
    elif stage == "direction":
        app._act(session.choose_direction, rng.choice(["left", "right"]))
    elif stage == "confirm":
        app.key_enter()


def pixels(app):
    from panda3d.core import PNMImage

    app.base.graphicsEngine.renderFrame()
    app.base.graphicsEngine.renderFrame()
    image = PNMImage()
    app.base.win.getScreenshot(image)
    return np.array([[image.getXel(x, y) for x in range(0, image.getXSize(), 10)]
                     for y in range(0, image.getYSize(), 10)])


def test_menu_new_game_form_starts_a_game(app):
    assert app.screen == "menu"
    app.show_new_game()
    app._add_seat()
    app._toggle_seat(1)
    assert app.new_seats == [["Ann", "human"], ["Bo", "computer"], ["Cy", "computer"]]
    app._set_option(True, "first_edition")
    app._start_from_form()
    assert app.screen == "game"
    assert [s.kind for s in app.session.seats] == ["human", "computer", "computer"]
    assert app.session.game.deck.name == "Aquarius, first edition"
    assert pixels(app).std() > 0.05


def test_cover_hides_hand_and_goal_until_the_player_confirms(app):
    app.start_game("aquarius", {}, [Seat("Ann"), Seat("Bo")], seed=3)
    assert app.session.stage == "cover"
    assert not app.cover.isHidden()
    assert app.hand_root.getNumChildren() == 0 and app.goal_card.isHidden()
    app.peek(True)
    assert app.hud_goal.getText() == ""
    app.click((0.3, 0.3))  # a click anywhere lifts the cover
    assert app.cover.isHidden()
    assert app.hand_root.getNumChildren() == len(app.session.state.hands[0]) == 4
    app.peek(True)
    assert app.hud_goal.getText().startswith("Your goal: ")
    app.peek(False)
    assert not app.hud_goal.getText().startswith("Your goal: ")


def test_picking_returns_the_cell_under_the_pointer(app):
    app.start_game("aquarius", {}, [Seat("Ann"), Seat("Bo")], seed=3)
    for view in ("orbit", "top"):
        app.orbit = app.framed(view)
        app.orbit.apply(app.base.camera)
        tested = 0
        for cell in [(0, 0), (1, 0), (-1, 1), (0, -1), (2, 1), (-2, -1)]:
            point = app.screen_of_cell(cell)
            if point is not None and max(abs(point[0]), abs(point[1])) < 1:
                assert app.cell_at(point) == cell
                tested += 1
        assert tested >= 4


def test_ghosts_on_the_table_are_the_legal_moves(app):
    app.start_game("aquarius", {}, [Seat("Ann"), Seat("Bo")], seed=8)
    app.reveal()
    session = app.session
    hand = session.state.hands[0]
    element = next(i for i, c in enumerate(hand) if session.game.deck.cards[c].kind == "element")
    app.click(screen_of_hand(app, element))
    assert session.stage == "place"
    code = session.game.deck.cards[hand[element]].code
    legal = {m for m in session.game.legal_moves(session.state) if isinstance(m, Place) and m.code == code}
    shown = set(app.scene.ghosts)
    app.key_turn()
    shown |= set(app.scene.ghosts)
    assert shown == legal and shown
    for move, node in app.scene.ghosts.items():
        assert node.getPythonTag("ghost") == move


def test_a_complete_game_by_clicks(app):
    app.start_game("aquarius", {}, [Seat("Ann"), Seat("Bo"), Seat("Bot", "computer")], seed=21)
    rng = random.Random(21)
    for _ in range(4000):
        if app.session.stage == "over":
            break
        step(app, rng)
    session = app.session
    assert session.stage == "over"
    assert not app.end_panel.isHidden()
    assert "wins" in app.end_lines.getText() or "share the win" in app.end_lines.getText()
    lit = [node for node in app.scene.nodes.values() if node.hasColorScale()]
    if session.state.end_reason == "goal":
        assert len(lit) >= 1  # the winning group's cards are highlighted
    # The autosave holds the finished game; continue shows it again.
    app.show_menu()
    app.continue_game()
    assert app.screen == "game" and app.session.state == session.state


def test_menus_in_french(app):
    app.show_settings()
    app.set_language("fr")
    app.show_menu()
    from direct.gui.DirectGui import DirectButton

    texts = [w["text"] for w in app.widgets if isinstance(w, DirectButton)]
    assert "Nouvelle partie" in texts and "Quitter" in texts
    assert saves.load_settings()["language"] == "fr"


def test_continue_with_no_autosave_and_with_a_corrupt_one(app):
    app.continue_game()
    assert app.screen == "menu" and app.menu_note.getText() == "No game to continue."
    path = saves.save_path(saves.AUTOSAVE)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{broken")
    app.continue_game()
    assert app.screen == "menu" and app.menu_note.getText().startswith("autosave.json: not a saved game")
    assert path.read_text() == "{broken"  # nothing is thrown away


def test_dominus_draws_the_table_limit_and_marks_edges(app):
    from aquarius3d import geometry

    app.start_game("dominus", {"table": [6, 4]}, [Seat("Ann"), Seat("Bo", "computer")], seed=5)
    session = app.session
    assert app.scene.limit_root is not None and app.scene.limit_root.getNumChildren() == 4
    low, high = app.scene.limit_root.getTightBounds()
    (x0, y0), (x1, y1) = [(-5, -3), (5, 3)]  # one card at 0,0: it may reach 5 columns and 3 rows each way
    assert low.x == pytest.approx(x0 * geometry.CELL_X - geometry.CELL_X / 2 - 1.5, abs=0.01)
    assert high.y == pytest.approx(y1 * geometry.CELL_Y + geometry.CELL_Y / 2 + 1.5, abs=0.01)
    app.reveal()
    while session.stage != "place":
        session.select(0)
        if session.stage != "place":
            session.cancel()
    app.refresh()
    legal = {m.cell for m in session.ghosts()}
    for cell in sorted(session.state.table.need):
        app.hover_cell = cell
        app._draw_edge_marks()
        marks = app.scene.edge_marks
        assert marks  # every frontier cell touches a card
        # One card on a roomy table: a spot is legal exactly when every edge it touches matches.
        assert all(marks.values()) == (cell in legal), (cell, marks)
    assert app.piles.stacks["discard"].isHidden()  # Dominus has no action cards, so no discard pile


def test_new_game_form_steps_and_cycles_options(app):
    app.show_new_game()
    app._choose_ruleset("dominus")
    app._step_option("table", 0, -1)
    app._step_option("rounds", None, 1)
    assert app.new_options == {"table": [13, 7], "rounds": 2}
    app._choose_ruleset("aquarius")
    app._cycle_option("single_action")
    assert app.new_options["single_action"] == "trade_hands"
    app._step_option("target", None, -3)
    app._start_from_form()
    assert app.session.game.target == 4
    assert app.session.game.ruleset.deck.actions == "trade_hands"


def test_round_table_and_joining_in_the_window(app):
    app.start_game("dominus", {"rounds": 2}, [Seat("Ann", "computer"), Seat("Bo", "computer")], seed=6)
    for _ in range(500):
        if app.session.stage == "round_over":
            break
        app._bot_due = 0
        app._tick(FakeTask())
    assert app.session.stage == "round_over"
    assert not app.end_panel.isHidden() and not app.next_round_button.isHidden()
    assert app.end_title.getText() == "Round 1 of 2 is over"
    app.next_round()
    assert app.end_panel.isHidden()
    app.start_game("aquarius", {}, [Seat("Ann"), Seat("Bo")], seed=6)
    assert not app.join_button.isHidden()
    app.show_join()
    assert not app.join_panel.isHidden() and app.join_entry.get() == "Cy"
    app._toggle_join_kind()
    app.confirm_join()
    assert [(s.name, s.kind) for s in app.session.seats][-1] == ("Cy", "computer")
    assert app.join_panel.isHidden()
