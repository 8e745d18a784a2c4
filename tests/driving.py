"""Driving the window as a player does, through the app's own functions: where a hand card, a spot or a
tray pyramid is on screen, one click chosen by the stage the table shows, and the picture read back."""

import numpy as np

from aquarius3d.engine.moves import Place, Skip, SwapRow
from aquarius3d.screens import goal_news


class FakeTask:
    cont = 1


def screen_of_hand(app, index):
    x0, x1, z0, z1 = app.table.hud.hand.nodes[index][1]
    return ((x0 + x1) / 2 / app.base.getAspectRatio(), (z0 + z1) / 2)


def free_screen_point(app, cell):
    """The screen point of a cell, if it is on screen and not under the hand."""
    point = app.table.picker.screen_of_cell(cell)
    if point is None or abs(point[0]) > 0.98 or abs(point[1]) > 0.98 or app.table.hud.hand.index_at(point, app.base.getAspectRatio()) is not None:
        return None
    return point


def spot_point(app, move):
    """The screen point of a ghost where it is picked (its storey's height; a pyramid's quarter), if visible."""
    from aquarius3d.core import geometry

    cell, height, quarter = app.table.parts.ghost_spots[move][:3]
    x, y = geometry.cell_centre(*cell)
    if quarter is not None:
        dx, dy = geometry.quarter_offset(quarter)
        x, y = x + dx * 0.8, y + dy * 0.8
    point = app.table.picker.screen_of_point(x, y, height)
    if point is None or abs(point[0]) > 0.98 or abs(point[1]) > 0.98 or app.table.hud.hand.index_at(point, app.base.getAspectRatio()) is not None:
        return None
    if app.table.ghost_at(point) != move:
        return None  # hidden behind another ghost from this angle
    return point


def tray_point(app, code):
    """The screen point of a pyramid on the player's tray, where it is picked, if it is on screen."""
    from aquarius3d.view.rising import Trays

    trays = app.table.parts.trays
    tray = trays.seats[trays.active]
    x, y = trays.spots[code]
    point = app.table.picker.screen_of_point(tray.getX() + x, tray.getY() + y, Trays.TOP)
    if point is None or abs(point[0]) > 0.98 or abs(point[1]) > 0.98:
        return None
    return point


def step(app, rng):
    """One click (or key) of a person playing, chosen by the stage the app shows."""
    session = app.session
    stage = session.stage
    if stage == "cover" and session.goal_news_open:  # (a mover's new goal: its Done button, a click elsewhere is none)
        goal_news.done_button(app.table)[0][1](None)
    elif stage == "cover":
        app.table.click((0.0, 0.0))
    elif stage == "computer":
        app.table._bot_due = 0
        app.table._tick(FakeTask())
    elif stage == "choose":
        if session.can_pass():
            app.table.key_pass()
        else:
            app.table.click(screen_of_hand(app, rng.randrange(len(app.table.hud.hand.nodes))))
    elif stage == "pyramid":
        if session.choice.pyramid is None or rng.random() < 0.2:  # a pyramid of the tray: clicked, or Tab and Enter
            if session.choice.pyramid is not None and len(session.flow.supply()) > 1:
                app.table.key_escape()  # the pyramid picked goes back on the tray
            if session.choice.pyramid is None:
                point = tray_point(app, rng.choice(sorted(session.flow.placeable())))
                if point is not None and rng.random() < 0.8:
                    app.table.click(point)
                else:  # Tab to a pyramid of the tray (past the buttons, if the focus was on the last pyramid)
                    for _ in range(len(app.table.keys.ring())):
                        app.table.keys.step(1)
                        if app.table.keys.focus is not None and app.table.keys.focus.kind == "pyramid":
                            break
                    app.table.keys.enter()
            assert session.choice.pyramid is not None
            return
        points = [p for p in (spot_point(app, m) for m in sorted(app.table.parts.ghost_spots, key=str)) if p is not None]
        if not points:
            app.table.camera.place(app.table.framed("top").zoom(1.0 + rng.random()))
            points = [p for p in (spot_point(app, m) for m in sorted(app.table.parts.ghost_spots, key=str)) if p is not None]
        assert points or not app.table.parts.ghost_spots
        if points:
            app.table.click(rng.choice(points))
        else:
            app.table._act(session.select_pyramid, rng.choice(sorted(session.flow.placeable())))
    elif stage == "place" and any(getattr(m, "level", 0) for m in app.table.parts.ghost_spots):
        # Aquarius Rising: a card may go on a house; click the ghost where it floats at its storey.
        points = [p for p in (spot_point(app, m) for m in sorted(app.table.parts.ghost_spots, key=str)) if p is not None]
        app.table.click(rng.choice(points)) if points else app.table.key_escape()
    elif stage in ("place", "target"):
        spots = [m.cell if isinstance(m, Place) else m.target for m in sorted(session.spots(), key=str)]
        points = [p for p in (free_screen_point(app, c) for c in spots) if p is not None]
        if not points and spots:
            app.table.camera.place(app.table.framed("top").zoom(1.0 + rng.random()))  # step back to see the whole table
            points = [p for p in (free_screen_point(app, c) for c in spots) if p is not None]
        if not points:
            app.table.key_turn() if rng.random() < 0.5 else app.table.key_escape()
            if session.stage in ("place", "target") and not session.spots():
                app.table.key_escape()
            return
        app.table.click(rng.choice(points))
    elif stage == "table_card":
        points = [p for p in (free_screen_point(app, c) for c in sorted(session.state.table.cards)) if p]
        if not points:
            app.table.camera.place(app.table.framed("top").zoom(1.5))
            points = [p for p in (free_screen_point(app, c) for c in sorted(session.state.table.cards)) if p]
        app.table.click(rng.choice(points)) if points else app.table.key_escape()
    elif stage == "player":
        app.table._act(session.choose_player, rng.choice(session.player_choices()))
    elif stage == "direction":
        app.table._act(session.choose_direction, rng.choice(["left", "right"]))
    elif stage == "confirm":
        app.table.keys.enter()  # Enter, nothing in focus: the action confirmed


def session_step(session, rng):
    """One move of a game played at random by the session's moves (a computer's by its own choice), no table
    drawn: for a test that needs positions, not the window's input (a game played by clicks on what shows
    changes with the framing)."""
    if session.stage == "computer":
        session.computer_move()
    else:
        session._try(rng.choice(sorted(session.game.legal_moves(session.state), key=str)))


def settle(app):
    """The table drawn as the session stands, a few frames run, the camera at its goal."""
    app.table.refresh()
    for _ in range(3):
        app.base.taskMgr.step()
    app.table.camera.finish()


def draw(app):
    """Two frames drawn as the scene stands, whether or not the pacer rests the window (view/pacing.py: an idle
    window keeps its last frame, and renderFrame draws nothing), the window left as it was."""
    base = app.base
    resting = not base.win.isActive()
    base.win.setActive(True)
    base.graphicsEngine.renderFrame()
    base.graphicsEngine.renderFrame()
    if resting:
        base.win.setActive(False)


def picture(app):
    """The frame drawn now: rows of RGB (0-1), the top row first. Drawn whether or not the pacer rests the window
    (view/pacing.py: an idle window keeps its last frame, so a picture taken then missed what changed since; the
    test of Dominus' table edge failed so on a machine where its setting-up reached the pacer's grace)."""
    draw(app)
    shot = app.base.win.getScreenshot()
    height, width = shot.getYSize(), shot.getXSize()
    rgb = np.frombuffer(bytes(shot.getRamImageAs("RGB")), np.uint8).reshape(height, width, 3)
    return rgb[::-1].astype(float) / 255


def open_position(app, position, names=("Ann", "Bo")):
    """A position file's table (parsed) open in the window, its players people at this screen, the cover lifted."""
    from aquarius3d.positions.analyze import load_game
    from aquarius3d.positions.checks import position_state
    from aquarius3d.session import Seat, Session

    game, state = position_state(load_game(position), position)
    session = Session(game, [Seat(name) for name in names], seed=1, autosave=False)
    session.state = state
    session._begin_turn()
    app.open_session(session)
    app.table.reveal()
    return session


def pixels(app):
    from panda3d.core import PNMImage

    app.base.graphicsEngine.renderFrame()
    app.base.graphicsEngine.renderFrame()
    image = PNMImage()
    app.base.win.getScreenshot(image)
    return np.array([[image.getXel(x, y) for x in range(0, image.getXSize(), 10)]
                     for y in range(0, image.getYSize(), 10)])


def towers_step(app, rng):
    """One click of a person playing Elemental Towers, by the stage the app shows."""
    from aquarius3d.core import geometry

    session = app.session
    stage = session.stage
    if stage == "draft":
        app.table.click(screen_of_hand(app, rng.randrange(len(app.table.hud.hand.nodes))))
    elif stage in ("place", "target"):
        spots = [m.cell if isinstance(m, Place) else m.target for m in sorted(session.spots(), key=str)]
        if not spots:
            app.table.key_turn()
            return
        points = [p for p in (free_screen_point(app, c) for c in spots) if p is not None]
        if not points:
            app.table.camera.place(app.table.framed("top").zoom(1.0 + rng.random()))
            return
        app.table.click(rng.choice(points))
    elif stage == "earned":
        ghosts = [p for p in (spot_point(app, m) for m in sorted(app.table.parts.ghost_spots, key=str)) if p is not None]
        movable = sorted(session.flow.movable())
        if ghosts and rng.random() < 0.85:
            app.table.click(rng.choice(ghosts))
        elif movable and session.source is None and rng.random() < 0.6:
            cell, space = rng.choice(movable)
            from aquarius3d.view.towers import space_centre

            x, y = space_centre(cell, session.state.table.faces[cell].code, space)
            point = app.table.picker.screen_of_point(x, y, geometry.card_top(0) + 8.0)
            if point and app.table.picker.space_at(point, session.state.table.faces) == (cell, space):
                app.table.click(point)
        else:
            app.table.key_escape()
            app.table._act(session.choose, Skip(session.flow.earned()[0][0]))
    elif stage == "table_card":
        points = [p for p in (free_screen_point(app, c) for c in sorted(session.state.table.cards)) if p]
        if not points:
            app.table.camera.place(app.table.framed("top").zoom(1.5))
            return
        app.table.click(rng.choice(points))
    elif stage == "row":
        app.table._act(session.choose, SwapRow(rng.randrange(4)))
    elif stage == "trade_piece":
        choices = sorted({(m.cell, m.space) for m in session.game.legal_moves(session.state)})
        app.table._act(lambda spot: session.choose_space(*spot), rng.choice(choices))
        app.table._act(session.choose, rng.choice(session.options()).move)


def open_panel(table, which):
    """F1's help ("help") or the game menu (else) opened over the table: its panel."""
    if which == "help":
        table.toggle_help()
        return table.hud.help_panel
    table.open_menu()
    return table.menu.panel
