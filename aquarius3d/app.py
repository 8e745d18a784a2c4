"""The window: a shell that opens the screens (screens/) and starts, loads and leaves games.

The App wraps a ShowBase (a window, or an offscreen buffer for tests); one screen shows at a time
and owns its nodes, widgets and key bindings (screens/__init__.py): the menu, the new-game form,
load, settings and the table (screens/table_screen.py). Nothing here decides a rule or draws the table.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from .files import saves
from .files.user_settings import load_settings, store_settings
from .core.errors import DataError
from .i18n import set_language, tr
from .screens import Screen, Screens
from .screens.host_game import HostGameScreen
from .screens.inputs import keys
from .screens.join_game import JoinGameScreen
from .screens.load import LoadScreen
from .screens.lobby import LobbyScreen
from .screens.menu import MenuScreen
from .screens.new_game import NewGameScreen
from .screens.rules_pages import RulesScreen
from .screens.settings import SettingsScreen
from .screens.table_screen import TableScreen
from .session import Seat, Session
from .view.pacing import Pacer

if TYPE_CHECKING:
    from direct.showbase.ShowBase import ShowBase
    from panda3d.core import NodePath, WindowProperties

    from .rules.records import Ruleset
    from .screens.online import Online
    from .session.flows.towers import TowersFlow
    from .view.recorder import Recorder

NewGame = tuple[str, dict[str, Any], list[Seat], list[int | None] | None]  # ruleset, options, seats, targets


class App:
    def __init__(self, base: ShowBase | None = None, offscreen: bool = False, size: tuple[int, int] = (1280, 720),
                 think: float | None = None) -> None:
        self.think = think  # `play --think SECONDS`: hard computer seats' budget (None: bots/hard.py's default)
        settings = load_settings()
        set_language(settings["language"])
        if base is None:
            from .view.config import prepare

            window = settings["window"]  # width, height
            prepare(offscreen, (window[0], window[1]) if not offscreen else size, settings["quality"],
                    settings["smooth_edges"])
            from direct.showbase.ShowBase import ShowBase

            base = ShowBase(windowType="offscreen" if offscreen else None)
        self.base = base
        self.settings = settings
        self.fit_window()
        base.disableMouse()
        base.setBackgroundColor(0.11, 0.12, 0.14, 1)
        base.camLens.setNearFar(5.0, 20000.0)
        self.status = ""
        self.screens = Screens(self, {"menu": MenuScreen, "new": NewGameScreen, "load": LoadScreen,
                                      "settings": SettingsScreen, "game": TableScreen,
                                      "rules": RulesScreen, "host": HostGameScreen, "join_game": JoinGameScreen,
                                      "lobby": LobbyScreen})
        self.set_quality(settings["quality"])
        self.pacer = Pacer(base, self.busy)  # draws only while something moves (view/pacing.py)
        self.recorder: Recorder | None = None  # `play --record DIR --exit-at-end` (view/recorder.py)
        self.online: Online | None = None  # a game across computers, hosted or joined (screens/online.py)
        self.last_join: tuple[str, str] | None = None  # the code and name last joined with (Play again fills them in)
        self.fullscreen_asked: WindowProperties | None = None  # what the window was last asked (view/fullscreen.py)
        if settings["fullscreen"]:
            self.set_fullscreen(True)
        for key in keys("fullscreen"):  # F11, on every screen
            base.accept(key, self.toggle_fullscreen)
        self.show_menu()

    def fit_window(self) -> tuple[int, int] | None:
        """A screen too small for the window's stored size (or the default, 1280x720, on a 1024x600 screen): the
        window at the largest offered size that fits, at the screen's top-left corner (view/config.py); the stored
        choice stays until the player chooses again. Returns the size asked for, None when nothing changed."""
        from .view.config import fit_window

        window = self.settings["window"]
        return fit_window(self.base, (window[0], window[1]))

    # -- screens ----------------------------------------------------------------------------------

    @property
    def screen(self) -> str | None:
        """The name of the screen showing: "menu", "new", "load", "settings" or "game"."""
        return self.screens.name

    @property
    def widgets(self) -> list[NodePath]:
        return [] if self.screens.current is None else self.screens.current.widgets

    @property
    def table(self) -> TableScreen | None:
        """The table screen, while a game shows."""
        current = self.screens.current
        return current if isinstance(current, TableScreen) else None

    @property
    def session(self) -> Session | None:
        """The game at the table, if one shows."""
        return None if self.table is None else self.table.session

    def busy(self) -> bool:
        current: Screen | None = self.screens.current
        recording = self.recorder is not None and self.recorder.pending()
        return recording or (current is not None and current.busy())

    def show_menu(self, note: str = "", leave: bool = False) -> Screen:
        """The main menu; from a screen opened over a game (load, settings), Back goes back to the game
        instead, unless `leave` (the game menu's Quit) or there is something to say."""
        if self.screens.suspended and not leave and not note:
            back = self.screens.back()
            if back is not None:
                return back
        return self.screens.switch("menu", note=note)

    def open_over(self, name: str) -> Screen:
        """Open a screen (load, settings) over the one showing, which comes back with Back."""
        return self.screens.open_over(name)

    def show_new_game(self) -> NewGameScreen:
        return cast(NewGameScreen, self.screens.switch("new"))

    def show_load(self) -> LoadScreen:
        return cast(LoadScreen, self.screens.switch("load"))

    def show_settings(self) -> SettingsScreen:
        if self.screens.suspended and self.screen == "settings":  # drawn again (a new language) over a game
            return cast(SettingsScreen, self.screens.replace("settings"))
        return cast(SettingsScreen, self.screens.switch("settings"))

    def show_rules(self, ruleset: Ruleset | None = None) -> Screen:
        """The Rules screen: over the game (its own ruleset first) from the game menu, else from the main menu."""
        if self.table is not None:
            return self.screens.open_over("rules", ruleset=ruleset)
        return self.screens.switch("rules", ruleset=ruleset)

    def store_settings(self) -> None:
        try:
            store_settings(self.settings)
        except OSError as exc:
            self.status = tr("save_failed", reason=exc.strerror or exc)

    def set_quality(self, choice: str) -> None:
        """Draw at a quality tier ("auto": the one the renderer asks for) from now on, the table shown included."""
        from .view.quality import remember, renderer_name, resolve, set_quality

        renderer = renderer_name(self.base)
        remember(renderer)
        quality = resolve(choice, renderer)
        set_quality(self.base, quality)
        for screen in [*self.screens.suspended, self.screens.current]:
            if isinstance(screen, TableScreen):
                screen.scene.set_quality(quality)

    def set_fullscreen(self, on: bool) -> None:
        """The window full screen or not, now and from the next start (stored)."""
        from .view.fullscreen import request_fullscreen

        self.settings["fullscreen"] = on
        self.store_settings()
        window = self.settings["window"]
        self.fullscreen_asked = request_fullscreen(self.base, on, (window[0], window[1]))

    def toggle_fullscreen(self) -> None:
        """F11: full screen, or back in a window; Settings, if showing, marks the choice in force."""
        current = self.screens.current
        if isinstance(current, SettingsScreen):
            current.set_fullscreen(not self.settings["fullscreen"])
        else:
            self.set_fullscreen(not self.settings["fullscreen"])

    def quit(self) -> None:
        self.base.userExit()

    # -- starting and ending games -----------------------------------------------------------------

    def start_game(self, ruleset: str, options: dict[str, Any], seats: list[Seat], seed: int | None = None,
                   targets: list[int | None] | None = None) -> None:
        self.open_session(Session.new(ruleset, options, seats, seed, targets=targets))

    def autosaved(self) -> str:
        """What the autosave holds: "none", "over" (a finished game), "broken" (unreadable) or "game"."""
        path = saves.save_path(saves.AUTOSAVE)
        if not path.exists() and not path.is_symlink():
            return "none"
        try:
            record = saves.read_record(path)
        except DataError:
            return "broken"  # (Continue tells why when clicked)
        return "over" if record.get("over") is True else "game"

    def continue_game(self) -> None:
        """The game the autosave holds, if it is still being played; else the menu says why not."""
        held = self.autosaved()
        if held in ("none", "over"):
            note = tr("menu_no_autosave" if held == "none" else "menu_game_over")
            if isinstance(self.screens.current, MenuScreen):
                self.screens.current.say(note)
            else:
                self.show_menu(note)
            return
        self.load_game(saves.save_path(saves.AUTOSAVE))

    def load_game(self, path: Path) -> None:
        try:
            session = Session.load(Path(path))
        except DataError as exc:
            self.show_menu(tr("load_failed", name=Path(path).name, reason=exc.words) if exc.words else str(exc))
            return
        self.open_session(session)

    def open_session(self, session: Session) -> TableScreen:
        if self.think is not None:
            session.set_think(self.think)
        return cast(TableScreen, self.screens.switch("game", session=session))

    def play_same_cards(self) -> None:
        """Elemental Towers: the same cards reshuffled, to beat the best score with them."""
        old = self.session
        assert old is not None  # (its end panel's button)
        if self.online is not None and self.online.session is old:
            self.online.again()  # (across computers: the form again)
            return
        self.open_session(Session.new(old.game.id, old.game.options, old.seats,
                                      preset={"same_deck": cast("TowersFlow", old.flow).deck_cards()}))

    def play_again(self) -> None:
        old = self.session
        assert old is not None  # (its end panel's button)
        if self.online is not None and self.online.session is old:
            self.online.again()  # (across computers: the form again)
            return
        self.start_game(old.game.id, old.game.options, old.seats)

    def run(self) -> None:
        self.base.run()


def main(play: NewGame | None = None, session: Session | None = None, seed: int | None = None,
         record: Path | None = None, exit_at_end: bool = False, offscreen: bool = False,
         think: float | None = None, online: dict[str, Any] | None = None) -> None:
    """Open the window: the menu, or straight into a game (`aquarius3d play`), new or loaded (`--load`);
    `record`: a folder for a picture after every move; `exit_at_end`: close when the game ends;
    `think`: seconds a hard computer seat may think per move; `online`: a game across computers, hosted or joined
    (`aquarius3d host` with a person here, `aquarius3d join` without --bot: screens/online.py)."""
    saves.clean_temporary()
    app = App(offscreen=offscreen, think=think)
    if online is not None:
        from .screens.online import open_from_command

        open_from_command(app, **online)
    if session is not None:
        app.open_session(session)
    elif play is not None:
        ruleset, options, seats, targets = play
        app.start_game(ruleset, options, seats, seed=seed, targets=targets)
    if record is not None or exit_at_end:
        from .view.recorder import Recorder

        app.recorder = Recorder(app, record, exit_at_end, watched=not offscreen)
    app.run()
