"""The window by keyboard alone (issue 27, point 9), driven offscreen through the app's own key bindings: every key
is an event sent to Panda3D's messenger, as a key press in the window sends it (screens/inputs.py names them).

Whole games of each ruleset are played with Tab, Shift+Tab, Enter, Esc, R, Space and P only; each move must land,
the autosave must hold it, and whatever is in focus must be framed (and a spot lit as the pointer's hover lights
it). The menus answer to Tab and Enter too."""

import json
import random

import pytest
from driving import FakeTask, draw

from aquarius3d.files import saves
from aquarius3d.i18n import tr
from aquarius3d.screens.focus import widget_label
from aquarius3d.session import Seat
from aquarius3d.view.scene import ghost_alpha


def press(app, key):
    app.base.messenger.send(key)


def avoided(table, target):
    """Buttons a random keyboard player leaves alone: take back (it would go round for ever) and Join."""
    if target.kind != "button":
        return False
    widget = table.keys._widgets[target]
    label = widget_label(widget)  # "Take back (U)", or on the cover "Take back Ann's move (U)"
    return widget is table.join.button or label == tr("hud_undo") or label.startswith(tr("hud_take_back").split("(")[0].strip())


def tab_to(app, target):
    """Tab (or Shift+Tab, whichever is shorter) until `target` is in focus, one key at a time."""
    keys = app.table.keys
    ring = keys.ring()
    at = ring.index(keys.focus) if keys.focus in ring else -1
    forward = (ring.index(target) - at) % len(ring)
    key = "tab" if at == -1 or forward <= len(ring) - forward else "shift-tab"
    for _ in range(len(ring) + 1):
        if keys.focus == target:
            return
        press(app, key)
    raise AssertionError(f"{target} never came into focus: {ring}")


def check_focus(app):
    """What is in focus is framed; a spot in focus is lit as the hover lights it (Dominus: its edges marked)."""
    table = app.table
    table.camera.finish()  # (a move may have just set the camera easing to frame the new spots: where it stops,
    table.keys.frame()  # the frame round the focus follows it, as it does each frame)
    focus = table.keys.focus
    assert focus is not None and not table.keys.marker.root.isHidden()
    left, right, bottom, top = table.keys.marker.rect
    assert right > left and top > bottom
    if focus.kind == "spot":
        assert table.hover_move == focus.key
        ghost = table.scene.ghosts[focus.key]
        assert ghost.getColorScale()[3] == pytest.approx(0.9, abs=0.01)
        assert all(node.getColorScale()[3] == pytest.approx(ghost_alpha(node.getPythonTag("view")), abs=0.01)
                   for move, node in table.scene.ghosts.items() if move != focus.key)  # (the others as faint as ever)
        if app.session.family == "dominus" and app.session.stage == "place":
            assert table.scene.edge_marks  # every edge the card would touch there, green or red
    if focus.kind == "card":
        assert table.keys.marker.rect == table.hud.hand.nodes[focus.key][1]


def autosaved_moves():
    return len(json.loads(saves.save_path(saves.AUTOSAVE).read_text())["moves"])


def key_step(app, rng):
    """One choice of a person playing by keyboard alone: a random thing of the ring brought into focus by Tab
    or Shift+Tab and chosen with Enter; now and then R or Esc; Space on the cover, P when nothing can be played."""
    table, session = app.table, app.session
    stage = session.stage
    if stage == "cover":
        press(app, "space" if rng.random() < 0.5 else "enter")
        return
    if stage == "computer":
        table._bot_due = 0
        table._tick(FakeTask())
        return
    if stage in ("place", "target") and rng.random() < 0.1:
        turned = session.turned
        press(app, "r")  # the chosen card turned round: the spots are those of the card lying so
        assert session.turned != turned or session.stage != stage or not session.spots()
        return
    if stage in ("place", "target", "player", "direction", "confirm", "table_card") and rng.random() < 0.05 \
            and session.family != "towers":
        picked = session.selected
        press(app, "escape")  # a step back: the focus goes back to the card picked
        assert session.stage == "choose" or stage == "target"
        if session.stage == "choose":
            assert table.keys.focus == ("card", picked)
        return
    if session.can_pass():
        press(app, "p")  # nothing in the hand can be played
        return
    choices = [t for t in table.keys.ring() if not avoided(table, t)]
    if not choices:
        if stage in ("place", "target") and session.fits(not session.turned):
            press(app, "r")  # it fits only the other way round
        else:
            press(app, "escape")  # nothing to choose here (a card that fits nowhere): back to the hand
        return
    target = rng.choice(choices)
    tab_to(app, target)
    check_focus(app)
    press(app, "enter")


def play_by_keys(app, rng, most=3000):
    """Play the game at the table to its end by keys alone; each move lands and is autosaved."""
    moves = 0
    for _ in range(most):
        session = app.session
        if session.stage == "over":
            break
        before = len(session.state.log)
        key_step(app, rng)
        session = app.session
        if len(session.state.log) > before:
            moves += 1
            assert autosaved_moves() == len(session.state.log)
        if session.stage == "round_over":  # Dominus between rounds: the Next round button, by Tab and Enter
            press(app, "tab")
            assert app.table.keys.focus.kind == "button"
            press(app, "enter")
            assert session.stage != "round_over"
    assert app.session.stage == "over"
    return moves


@pytest.mark.parametrize("ruleset, options, seats", [
    ("aquarius", {}, ["Ann", "Bo"]),
    pytest.param("aquarius-rising", {}, ["Ann", "Bo"], marks=pytest.mark.slow),  # (its pyramid step: below too)
    ("elemental-towers", {"draft": True}, ["Solo"]),
    ("dominus", {"rounds": 2}, ["Ann", "Bo"]),
])
def test_a_whole_game_by_keyboard_alone(app, ruleset, options, seats):
    app.start_game(ruleset, options, [Seat(name) for name in seats], seed=7)
    moves = play_by_keys(app, random.Random(7))
    assert moves >= 5 and autosaved_moves() == len(app.session.state.log)
    # The end's buttons answer to Tab and Enter too.
    table = app.table
    labels = [table.keys._widgets[t]["text"] for t in table.keys.ring() if t.kind == "button"]
    assert tr("end_menu") in labels
    tab_to(app, next(t for t in table.keys.ring() if t.kind == "button" and t.key[0] == tr("end_menu")))
    press(app, "enter")
    assert app.screen == "menu"


def test_rising_pyramid_step_by_keys_and_the_cover_by_enter(app):
    app.start_game("aquarius-rising", {}, [Seat("Ann"), Seat("Bo")], seed=3)
    session, keys = app.session, app.table.keys
    press(app, "enter")  # Enter lifts the cover, as Space does
    assert session.stage == "choose"
    rng = random.Random(3)
    while session.stage != "pyramid":
        key_step(app, rng)
    if session.choice.pyramid is None:  # Tab goes through the tray's pyramids that can be placed
        press(app, "tab")
        assert keys.focus.kind == "pyramid" and keys.focus.key in session.flow.placeable()
        assert app.table.parts.tray_hover == keys.focus.key  # brightened as under the pointer
        press(app, "enter")
        assert session.choice.pyramid == keys.focus.key if keys.focus else session.choice.pyramid is not None
    press(app, "tab")
    assert keys.focus.kind == "spot" and keys.focus.key.pyramid == session.choice.pyramid
    check_focus(app)
    ring = keys.ring()
    spots = [t for t in ring if t.kind == "spot"]
    order = [(-t.key.cell[1], t.key.cell[0], t.key.level, t.key.quarter) for t in spots]
    assert order == sorted(order)  # reading order: top row first, left to right, a cell's storeys after it
    before = len(session.state.log)
    press(app, "enter")
    assert len(session.state.log) == before + 1 and autosaved_moves() == before + 1


def blue_pixels(app, rect):
    """How many bright blue pixels the window shows round a rectangle of aspect2d (the focus frame's band)."""
    from panda3d.core import PNMImage

    from aquarius3d.screens.focus import window_rect

    draw(app)
    image = PNMImage()
    app.base.win.getScreenshot(image)
    left, top, right, bottom = window_rect(app.base, rect)
    found = 0
    for y in range(max(0, top - 12), min(image.getYSize(), bottom + 12)):
        for x in range(max(0, left - 12), min(image.getXSize(), right + 12)):
            red, green, blue = image.getXel(x, y)
            found += red < 0.45 and green > 0.7 and blue > 0.85
    return found


def test_the_focus_frame_shows_blue_round_a_hand_card_and_a_spot(app):
    app.start_game("aquarius", {}, [Seat("Ann"), Seat("Bo")], seed=3)
    table = app.table
    press(app, "space")
    card = table.hud.hand.nodes[1][1]
    before = blue_pixels(app, card)
    press(app, "tab")
    press(app, "tab")
    assert table.keys.focus == ("card", 1)
    assert blue_pixels(app, card) > before + 100  # a blue frame round the card, all four sides
    press(app, "shift-tab")
    assert table.keys.focus == ("card", 0)
    press(app, "enter")
    assert app.session.stage == "place"
    press(app, "tab")
    assert table.keys.focus.kind == "spot"
    rect = table.keys.marker.rect
    framed = blue_pixels(app, rect)
    press(app, "escape")
    assert table.keys.focus == ("card", 0)  # Esc: back to the hand, the focus on the card that was chosen
    assert framed > blue_pixels(app, rect) + 60


def test_the_pointer_takes_over_from_the_keys(app):
    app.start_game("aquarius", {}, [Seat("Ann"), Seat("Bo")], seed=3)
    table = app.table
    press(app, "space")
    press(app, "tab")
    press(app, "enter")
    assert app.session.stage == "place"
    press(app, "tab")
    assert table.keys.previewing()
    table.keys.pointer_moved()
    assert table.keys.focus is None and table.keys.marker.root.isHidden()


def test_the_menus_answer_to_tab_and_enter(app):
    assert app.screen == "menu"
    press(app, "tab")
    focus = app.screens.current.focus
    assert widget_label(focus.widget) == tr("menu_new") and not focus.marker.root.isHidden()
    press(app, "enter")
    assert app.screen == "new"
    form = app.screens.current
    for _ in range(60):  # Tab round the form to Start (the name fields, the seats' buttons, Back on the way)
        press(app, "tab")
        if widget_label(form.focus.widget) == tr("menu_start"):
            break
    press(app, "enter")
    assert app.screen == "game" and app.session.stage == "cover"
    press(app, "space")
    press(app, "escape")  # nothing chosen: the game menu
    table = app.table
    assert table.menu.shown
    ring = table.keys.ring()
    assert [t.key[0] for t in ring] == [table.menu.buttons[name]["text"] for name in
                                        ("resume", "save", "load", "settings", "rules", "quit")]
    tab_to(app, ring[1])
    press(app, "enter")  # Save the game
    assert table.menu.note.getText().startswith("Saved as")
    press(app, "shift-tab")
    assert table.keys.focus == ring[0]
    press(app, "enter")  # Resume
    assert not table.menu.shown and app.session.stage == "choose"


def test_typing_a_name_in_the_join_form_fires_no_table_key(app):
    """The Join form's name field takes the typing: R, E, W, P or H typed in a name neither turns a card, nor
    shows the elevation, nor pans, nor passes, nor opens help; Esc closes the form (not the game menu), and
    Enter joins with the name typed."""
    app.start_game("aquarius", {}, [Seat("Ann"), Seat("Bo")], seed=6)
    table = app.table
    table.join.show()
    assert table.join.shown and table.join.entry["focus"]
    camera = (table.camera.orbit, table.camera.goal)
    moves = len(app.session.events)
    for key in ("r", "e", "w", "a", "s", "d", "p", "f1", "t", "tab"):
        press(app, key)
    assert not table.elevation_on and not table.help_shown and not table.menu.shown
    assert (table.camera.orbit, table.camera.goal) == camera
    assert len(app.session.events) == moves and table.keys.focus is None
    press(app, "escape")
    assert not table.join.shown and not table.menu.shown  # the form closed, no menu opened
    press(app, "f1")
    assert table.help_shown  # the table's keys are back
    press(app, "f1")
    table.join.show()
    table.join.entry.enterText("Zed")
    press(app, "enter")
    assert not table.join.shown and [s.name for s in app.session.seats] == ["Ann", "Bo", "Zed"]


@pytest.mark.parametrize("app", ["tour"], indirect=True)
def test_tab_goes_through_the_tour_s_buttons(app):
    """A playtester's Tab did nothing while the first-game tour showed (Enter alone went on): Tab and Shift+Tab go
    through its Skip and Next, Enter presses the one in focus, and with none in focus goes on."""
    app.start_game("aquarius", {}, [Seat("Ann"), Seat("Bo")], seed=3)
    table = app.table
    table.reveal()
    tour = table.tour
    assert tour.shown and tour.step == 0
    ring = table.keys.ring()
    assert sorted(t.key[0] for t in ring) == sorted([tr("tour_skip"), tr("tour_next")])
    press(app, "enter")  # nothing in focus: the next step
    assert tour.step == 1
    while table.keys.focus is None or table.keys.focus.key[0] != tr("tour_next"):
        press(app, "tab")
    assert not table.keys.marker.root.isHidden()
    press(app, "enter")  # Next, in focus
    assert tour.step == 2
    while table.keys.focus is None or table.keys.focus.key[0] != tr("tour_skip"):
        press(app, "shift-tab")
    press(app, "enter")  # Skip the tour
    assert not tour.shown and app.session.stage == "choose"


def test_a_card_that_fits_nowhere_lets_tab_choose_another(app):
    """A playtester chose a card that fits nowhere (the prompt: "choose another card"), and Tab did nothing until
    Esc: the hand's cards are in Tab's ring then."""
    app.start_game("aquarius", {}, [Seat("Ann"), Seat("Bo")], seed=9)
    table, session = app.table, app.session
    table.reveal()
    state, game = session.state, session.game
    state.table = type(state.table)()
    code = {game.deck.cards[i].code: i for i in game.play_ids()}
    state.table.place((0, 0), code["FFFF"], "FFFF")
    state.hands[session.seat] = [code["WWWW"], code["FFFF"]]
    table.refresh()
    press(app, "tab")
    press(app, "enter")  # the Water card: it fits nowhere
    assert session.stage == "place" and session.selected == 0 and not session.spots()
    tab_to(app, ("card", 1))
    press(app, "enter")
    assert session.selected == 1 and session.spots()


def test_turning_the_card_keeps_a_spot_in_focus(app):
    """A playtester's blue frame went when R turned the chosen card (its spot gone with the card turned): the spot
    of the same place stays in focus, else the first spot."""
    checked = 0
    for seed in range(1, 6):
        app.start_game("aquarius", {}, [Seat("Ann"), Seat("Bo")], seed=seed)
        table, session = app.table, app.session
        table.reveal()
        for card in range(len(table.hud.hand.nodes)):
            session.select(card)
            table.refresh()
            if session.stage != "place":
                session.cancel()
                table.refresh()
                continue
            for target in [t for t in table.keys.ring() if t.kind == "spot"]:
                tab_to(app, target)
                press(app, "r")
                if any(t.kind == "spot" for t in table.keys.ring()):
                    assert table.keys.focus is not None and table.keys.focus.kind == "spot"
                    checked += 1
                press(app, "r")
            session.cancel()
            table.refresh()
    assert checked > 5
