"""The in-game menu on Esc: resume, save, load, settings, rules, quit; load and settings over the waiting game."""

from aquarius3d.files import saves
from aquarius3d.session import Seat
from driving import FakeTask


def accepting(app, event, listener):
    return app.base.messenger.isAccepting(event, listener)


def test_esc_cancels_a_choice_first_and_opens_the_menu_when_nothing_is_chosen(app):
    app.start_game("aquarius", {}, [Seat("Ann"), Seat("Bo")], seed=8)
    table = app.table
    table.reveal()
    session = app.session
    element = next(i for i, c in enumerate(session.state.hands[0]) if session.game.deck.cards[c].kind == "element")
    session.select(element)
    table.refresh()
    assert session.stage == "place"
    table.key_escape()
    assert session.stage == "choose" and not table.menu.shown  # the choice is undone, no menu
    table.key_escape()
    assert table.menu.shown
    assert accepting(app, "escape", table) and accepting(app, "enter", table)
    assert not accepting(app, "r", table) and not accepting(app, "mouse1", table)  # the table's keys rest
    table.key_escape()  # Esc on the menu: resume
    assert not table.menu.shown and accepting(app, "r", table) and accepting(app, "mouse1", table)


def test_the_menu_pauses_the_computers(app):
    app.start_game("aquarius", {}, [Seat("Bot", "computer"), Seat("Cy", "computer")], seed=4)
    table = app.table
    table.open_menu()
    log = len(app.session.state.log)
    for _ in range(5):
        table._bot_due = 0
        table._tick(FakeTask())
    assert len(app.session.state.log) == log and not app.busy()
    table.close_menu()
    table._bot_due = 0
    table._tick(FakeTask())
    assert len(app.session.state.log) == log + 1


def test_settings_and_load_open_over_the_game_and_back_returns_to_it(app):
    app.start_game("aquarius", {}, [Seat("Ann"), Seat("Bo")], seed=3)
    table, session = app.table, app.session
    table.open_menu()
    table.menu.buttons["settings"]["command"]()
    assert app.screen == "settings" and app.table is None and app.screens.suspended == [table]
    assert table.root.isStashed()  # its HUD waits; its table shows behind, dimmed (test_settings_over_game.py)
    assert not accepting(app, "escape", table)  # the waiting game hears nothing
    settings = app.screens.current
    settings.set_language("fr")  # drawn again in French, still over the game
    assert app.screen == "settings" and app.screens.suspended == [table]
    app.show_menu()  # the settings' Back button
    assert app.table is table and app.session is session and not table.scene.root.isStashed()
    assert table.menu.shown and accepting(app, "escape", table)
    table.menu.buttons["load"]["command"]()
    assert app.screen == "load"
    app.show_menu()
    assert app.table is table and app.session is session
    app.show_menu(leave=True)
    assert app.screen == "menu" and not app.screens.suspended and table.scene.root.isEmpty()


def test_save_rules_and_quit_from_the_menu(app):
    app.start_game("aquarius", {}, [Seat("Ann"), Seat("Bo")], seed=3)
    table = app.table
    table.open_menu()
    table.menu.buttons["save"]["command"]()
    note = table.menu.note.getText()
    assert note.startswith("Saved as ")
    assert [p.stem for p in saves.saved_games()] == [note[len("Saved as "):-1]]
    table.menu.buttons["rules"]["command"]()  # the Rules screen over the waiting game, this game's pages first
    rules = app.screens.current
    assert app.screen == "rules" and app.screens.suspended == [table] and rules.game == "aquarius"
    assert not accepting(app, "escape", table) and accepting(app, "escape", rules)
    app.base.messenger.send("escape")  # Esc: back to the game and its menu
    assert app.table is table and table.menu.shown
    table.menu.buttons["quit"]["command"]()
    assert app.screen == "menu" and app.table is None
