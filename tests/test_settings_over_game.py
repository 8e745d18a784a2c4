"""Settings opened from the game menu stand over the game's own table, dimmed, not over the title screen's
picture (issue 27, polish from the real-input playtest: Esc, Settings showed the menus' table of cards); Back
brings the game back as it was."""

import numpy as np
import pytest

from aquarius3d.screens.backdrop import DIMMED
from aquarius3d.session import Seat
from driving import picture


@pytest.mark.parametrize("over", ["settings", "rules"])
def test_settings_from_the_game_menu_show_the_games_table_behind(app, over):
    app.start_game("aquarius", {}, [Seat("Ann"), Seat("Bo")], seed=3)
    table = app.table
    table.reveal()
    table.camera.finish()
    app.base.render2d.hide()  # the game's table alone, as the screen over it should show it (dimmed)
    game = picture(app)
    app.base.render2d.show()
    table.open_menu()
    if over == "settings":
        table.menu.buttons["settings"]["command"]()
    else:
        table.menu.buttons["rules"]["command"]()
    screen = app.screens.current
    shown = picture(app)
    height, width = shown.shape[:2]
    shade = screen.backdrop.shade_node
    outside = np.ones((height, width), bool)  # the window's pixels outside the screen's panel and words
    for widget in [*screen.widgets, shade]:
        if widget.isEmpty() or widget.isHidden() or widget.isStashed():
            continue
        bounds = widget.getTightBounds(app.base.render2d)
        if bounds is None:
            continue
        low, high = bounds
        x0, x1 = int((low.x + 1) / 2 * width) - 2, int((high.x + 1) / 2 * width) + 2
        y0, y1 = int((1 - high.z) / 2 * height) - 2, int((1 - low.z) / 2 * height) + 2
        outside[max(y0, 0):max(y1, 0), max(x0, 0):max(x1, 0)] = False
    assert outside.mean() > 0.1, outside.mean()
    assert abs(shown[outside] - game[outside] * DIMMED).mean() < 0.01  # the game's table, as dim as the picture
    assert app.screen == over and not table.scene.root.isStashed()  # (drawn behind, waiting)
    app.show_menu()  # Back: the game, its menu open over it
    assert app.table is table and table.menu.shown and not table.scene.root.isStashed()


def test_a_new_language_keeps_the_game_behind_settings(app):
    app.start_game("aquarius", {}, [Seat("Ann"), Seat("Bo")], seed=3)
    table = app.table
    table.open_menu()
    table.menu.buttons["settings"]["command"]()
    app.screens.current.set_language("fr")  # drawn again, still over the game
    assert app.screen == "settings" and not table.scene.root.isStashed()
    app.show_menu(leave=True)  # Quit from the menu under it: the game goes, the menu's picture comes
    assert app.screen == "menu" and table.scene.root.isEmpty()
