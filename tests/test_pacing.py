"""Frame pacing (view/pacing.py): the window draws while something moves and rests when nothing does.

No timings are asserted: the pacer is asked what it would do at chosen instants.
"""

import time


from aquarius3d.session import Seat
from driving import FakeTask, pixels


def later(seconds):
    return time.monotonic() + seconds


def settle(app):
    """Let the window go idle: a moment long after any input, the screen's backdrop drawn. (The menu's picture is
    drawn by a task on the first frame, the screen busy until then; once drawn in a process it is cached, so these
    tests passed after a test that had drawn it and failed alone or first in their process.)"""
    from aquarius3d.view.pacing import GRACE

    backdrop = getattr(app.screens.current, "backdrop", None)
    for _ in range(10):
        if backdrop is None or not backdrop.busy():
            break
        app.base.taskMgr.step()
    app.pacer.last_input = app.pacer.last_frame = time.monotonic() - 10 * GRACE  # (the last frame with the input)


def test_the_menu_goes_idle_and_draws_only_a_heartbeat(app):
    from aquarius3d.view.pacing import HEARTBEAT

    settle(app)
    start = later(0)
    assert app.pacer.update(start) is True  # the first idle moment draws (nothing drawn since)
    assert app.pacer.idle
    assert app.pacer.update(start + HEARTBEAT / 2) is False
    assert app.pacer.idle and not app.pacer.drawing
    assert app.pacer.update(start + HEARTBEAT) is True  # a window uncovered by another is repainted


def test_any_button_wakes_the_window(app):
    from direct.showbase.MessengerGlobal import messenger

    from aquarius3d.view.pacing import GRACE, INPUT_EVENT

    settle(app)
    app.pacer.update(later(0))
    assert app.pacer.idle
    messenger.send(INPUT_EVENT, ["a"])  # what every ButtonThrower throws for a key, a click, a repeat, a release
    assert app.pacer.update(later(0)) is True
    assert not app.pacer.idle
    assert app.pacer.update(later(2 * GRACE)) is True and app.pacer.idle  # the heartbeat frame, and idle again


def test_the_window_draws_while_the_camera_eases_and_rests_after(app):
    from aquarius3d.view.framing import EASE

    app.start_game("aquarius", {}, [Seat("Ann"), Seat("Bo")], seed=3)
    settle(app)
    app.pacer.update(later(0))
    assert app.pacer.idle
    app.table.view("top")
    assert app.busy()
    assert app.pacer.update(later(5)) is True and not app.pacer.idle
    start, goal, began = app.table.camera.goal
    app.table.camera.goal = (start, goal, began - EASE)  # the easing has run its course
    app.table._tick(FakeTask())
    assert app.table.camera.goal is None and not app.busy()
    app.pacer.update(later(60))
    assert app.pacer.idle


def test_a_computer_turn_keeps_the_window_drawing(app):
    app.start_game("aquarius", {}, [Seat("Bot", "computer"), Seat("Cy", "computer")], seed=4)
    assert app.session.stage == "computer"
    settle(app)
    assert app.busy()
    assert app.pacer.update(later(60)) is True and not app.pacer.idle


def test_an_idle_step_leaves_the_window_undrawn(app):
    settle(app)
    app.pacer.update(later(0))  # the heartbeat frame
    app.pacer._step(FakeTask())
    assert app.pacer.idle and not app.base.win.isActive()  # renderFrame reads events but draws nothing
    app.pacer.poke()
    app.pacer._step(FakeTask())
    assert app.base.win.isActive()


def test_the_hand_off_cover_dims_the_table_and_shows_no_hand(app):
    """Issue 27: the cover lets the table be seen, dimmed (the moves since stay in view), and never a hand or goal."""
    app.start_game("aquarius", {}, [Seat("Ann"), Seat("Bo")], seed=3)
    assert app.session.stage == "cover" and app.base.cam.node().isActive()
    hud = app.table.hud
    assert hud.hand.root.getNumChildren() == 0 and hud.goal_card.isHidden()
    covered = pixels(app).astype(float)
    app.table.reveal()
    shown = pixels(app).astype(float)
    middle = (slice(10, 26), slice(20, 44))  # the table's middle, above the hand (the 640x360 window, every 10 px)
    assert covered[middle].std() > 0.01  # the table is drawn under the cover: not one flat colour (0-1 values)
    assert covered[middle].mean() < shown[middle].mean() * 0.5  # dimmed
    assert hud.hand.root.getNumChildren() > 0
