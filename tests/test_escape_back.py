"""Esc steps back on every screen with a Back button, as a click on Back does (issue 27, points 8 and 9: a playtest
found Esc dead on Settings and on the New game form, from the main menu and from the game menu). The key is sent
through Panda3D's messenger, as the window sends it; an open drop-down list closes first."""

import pytest

from aquarius3d.i18n import tr
from aquarius3d.screens.focus import widget_label
from aquarius3d.session import Seat

FROM_THE_MENU = ["settings", "new", "host", "join_game", "load", "rules"]


def back_button(screen):
    found = [w for w in screen.widgets if not w.isEmpty() and widget_label(w) == tr("menu_back")]
    assert len(found) == 1, screen.name
    return found[0]


@pytest.mark.parametrize("name", FROM_THE_MENU)
@pytest.mark.parametrize("how", ["escape", "click"])
def test_esc_and_back_both_return_to_the_main_menu(app, name, how):
    app.show_menu()
    screen = app.screens.switch(name)
    assert app.screen == name
    if how == "escape":
        app.base.messenger.send("escape")
    else:
        back_button(screen)["command"]()
    assert app.screen == "menu" and not app.screens.suspended


@pytest.mark.parametrize("name", ["settings", "load", "rules"])
def test_esc_over_a_game_returns_to_the_game_and_its_menu(app, name):
    app.start_game("aquarius", {}, [Seat("Ann"), Seat("Bo")], seed=3)
    table, session = app.table, app.session
    table.open_menu()
    table.menu.buttons[name]["command"]()
    assert app.screen == name and app.screens.suspended == [table]
    app.base.messenger.send("escape")
    assert app.table is table and app.session is session and table.menu.shown
    app.base.messenger.send("escape")  # Esc is the game menu's again: the game resumes
    assert not table.menu.shown and app.screen == "game"


def test_esc_over_settings_redrawn_in_another_language_still_returns_to_the_game(app):
    app.start_game("aquarius", {}, [Seat("Ann"), Seat("Bo")], seed=3)
    table = app.table
    table.open_menu()
    table.menu.buttons["settings"]["command"]()
    app.screens.current.set_language("fr")  # the settings drawn again over the game
    app.base.messenger.send("escape")
    assert app.table is table and table.menu.shown


def test_esc_closes_the_open_drop_down_list_first(app):
    form = app.show_new_game()
    menu = form.ruleset_menu
    form.choose_ruleset(form.rulesets[1])
    menu.showPopupMenu()
    assert not menu.popupMenu.isHidden()
    app.base.messenger.send("escape")
    assert app.screen == "new" and menu.popupMenu.isHidden()
    assert form.ruleset == form.rulesets[1] and menu.get() == form.game_names[1]  # nothing chosen by closing it
    app.base.messenger.send("escape")
    assert app.screen == "menu"


@pytest.mark.parametrize("name", ["join_game", "host"])
@pytest.mark.parametrize("how", ["escape", "click"])
def test_esc_on_the_join_or_host_form_ends_what_is_under_way_as_back_does(app, name, how):
    """Joining, or listening as a host (between Host and the code shown): Back and Esc end it, so no table opens
    later behind the menu."""
    form = app.screens.switch(name)
    closed = []

    class Joining:
        def close(self):
            closed.append(True)

    form.online = Joining()
    app.base.messenger.send("escape") if how == "escape" else back_button(form)["command"]()
    assert closed == [True] and app.screen == "menu"


def test_the_main_menu_and_the_table_keep_their_own_esc(app):
    app.show_menu()
    app.base.messenger.send("escape")  # the main menu has no Back: Esc does nothing there
    assert app.screen == "menu"
    app.start_game("aquarius", {}, [Seat("Ann"), Seat("Bo")], seed=3)
    app.table.reveal()
    app.base.messenger.send("escape")  # nothing chosen: the game menu
    assert app.screen == "game" and app.table.menu.shown
