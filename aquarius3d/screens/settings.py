"""The settings: language, window size, full screen (F11 too), picture quality, smoother edges, sound volume, the interface scale, the
first-game tour, the value in force marked; each stored at once."""

from __future__ import annotations

from collections.abc import Callable

from direct.gui.DirectGui import DirectButton, DirectCheckButton
from direct.gui.OnscreenText import OnscreenText
from panda3d.core import NodePath, TextNode

from ..files.user_settings import INTERFACE_SCALES, QUALITY_CHOICES, SMOOTH_CHOICES, offered_window_sizes, window_size
from ..i18n import LANGUAGES, set_language, tr
from ..view.config import display_size
from ..view.quality import detect, renderer_name, resolve
from . import Screen, drawn_rect
from .widgets import CHECK, mark_choice

VOLUMES = (0, 20, 40, 60, 80, 100)  # the sound volume's choices, 0 is off


ROW_LEFT = 0.03  # where a setting's choices start, right of the middle (its name ends left of it)
ROW_GAP = 0.03  # between two choices
ROWS = tuple(round(0.43 - 0.1 * i, 3) for i in range(7))  # each setting's row (its name's line: its choices a little
# higher): seven rows where six stood 0.12 apart, so that the form still fits a 1024x600 window at 150%


def in_a_row(buttons: list[DirectButton], left: float = ROW_LEFT, gap: float = ROW_GAP) -> None:
    """A setting's choices one after another from `left`, `gap` apart, each as wide as its words marked
    (`mark_choice`): none touches the next in any language (French's "Moyenne" ran into "Haute" at 150%), and none
    moves when the choice changes."""
    for button in buttons:
        bounds, scale = button.getBounds(), button.getSx()
        button.setX(left - bounds[0] * scale)
        left += (bounds[1] - bounds[0]) * scale + gap


class SettingsScreen(Screen):
    name = "settings"
    pictured = True

    def build(self) -> None:
        """Each setting with its choices, the one in force marked ("> English <", in gold)."""
        settings = self.app.settings
        centred = [self.text(tr("menu_settings"), (0, 0.6), 0.075)]  # (the rows are centred as one: below)
        language_row, window_row, full_row, quality_row, smooth_row, volume_row, scale_row = ROWS
        self.text(tr("settings_language"), (-0.1, language_row), 0.055, TextNode.ARight)
        self.language_buttons: dict[str, DirectButton] = {}
        for i, (code, name) in enumerate(LANGUAGES.items()):
            self.language_buttons[code] = self.choice(name, code == settings["language"], self.set_language,
                                                      (0.16 + i * 0.4, language_row + 0.01), 0.055, code)
        self.text(tr("settings_window"), (-0.1, window_row), 0.055, TextNode.ARight)
        display = display_size(self.base)  # the sizes that fit the screen; the one in force, fitted to it (app.py)
        current = window_size((settings["window"][0], settings["window"][1]), display)
        offered = offered_window_sizes(display)
        sizes = offered if current in offered else (*offered, current)  # a size set by hand, too
        self.window_buttons: dict[tuple[int, ...], DirectButton] = {}
        for size in sizes:  # (up to five of them)
            button = self.choice(f"{size[0]}x{size[1]}", size == current, self.set_window, (0, window_row + 0.01), 0.05,
                                 size)
            self.window_buttons[size] = button
        self.text(tr("settings_fullscreen"), (-0.1, full_row), 0.055, TextNode.ARight)
        self.fullscreen_buttons = {on: self.choice(tr("smooth_on" if on else "smooth_off"),
                                                   on == settings.get("fullscreen", False), self.set_fullscreen,
                                                   (0, full_row + 0.01), 0.05, on) for on in (True, False)}
        self.text(tr("settings_quality"), (-0.1, quality_row), 0.055, TextNode.ARight)
        found = detect(renderer_name(self.base))
        self.quality_buttons: dict[str, DirectButton] = {}
        for i, choice in enumerate(QUALITY_CHOICES):
            words = tr("quality_auto", tier=tr(f"quality_{found}").lower()) if choice == "auto" else tr(f"quality_{choice}")
            self.quality_buttons[choice] = self.choice(words, choice == settings["quality"], self.set_quality,
                                                       (0.2 + i * 0.3 + (0.06 if i else 0.0), quality_row + 0.01), 0.05,
                                                       choice)
        self.text(tr("settings_smooth"), (-0.1, smooth_row), 0.055, TextNode.ARight)
        tier = resolve(settings["quality"], renderer_name(self.base))
        self.smooth_buttons: dict[str, DirectButton] = {}
        for i, choice in enumerate(SMOOTH_CHOICES):
            words = (tr("smooth_auto", state=tr("smooth_on" if tier.smooth_by_default else "smooth_off").lower())
                     if choice == "auto" else tr(f"smooth_{choice}"))
            self.smooth_buttons[choice] = self.choice(words, choice == settings["smooth_edges"], self.set_smooth,
                                                      (0.2 + i * 0.3 + (0.06 if i else 0.0), smooth_row + 0.01), 0.05,
                                                      choice)
        self.text(tr("settings_volume"), (-0.1, volume_row), 0.055, TextNode.ARight)
        self.volume_buttons: dict[int, DirectButton] = {}
        for i, volume in enumerate(VOLUMES):
            words = tr("settings_volume_off") if volume == 0 else str(volume)
            self.volume_buttons[volume] = self.choice(words, volume == settings.get("volume", 60), self.set_volume,
                                                      (0.1 + i * 0.22, volume_row + 0.01), 0.05, volume)
        self.text(tr("settings_interface"), (-0.1, scale_row), 0.055, TextNode.ARight)
        self.scale_buttons: dict[int, DirectButton] = {}  # the size of every 2D part, applied at once
        for i, percent in enumerate(INTERFACE_SCALES):
            self.scale_buttons[percent] = self.choice(tr("settings_percent", percent=percent),
                                                      percent == settings.get("interface_scale", 100),
                                                      self.set_interface_scale, (0.16 + i * 0.3, scale_row + 0.01), 0.05,
                                                      percent)
        for row in (self.language_buttons, self.window_buttons, self.fullscreen_buttons, self.quality_buttons, self.smooth_buttons,
                    self.volume_buttons, self.scale_buttons):
            in_a_row(list(row.values()))
        centred.append(self.keep(DirectCheckButton(text=tr("settings_tour"), scale=0.05, pos=(0, 0, -0.29),
                                    indicatorValue=int(settings.get("tour", True)),
                                    command=self.set_tour, parent=self.root, **CHECK)))
        centred.append(self.text(tr("settings_symbols"), (0, -0.39), 0.045, wrap=48))
        self.note = self.text("", (0, -0.49), 0.05)
        centred += [self.note, self.back_button(self.app.show_menu, (0, -0.61), 0.07)]
        self.centre_rows(centred)

    def centre_rows(self, centred: list[NodePath]) -> None:
        """The rows (each setting's name left of the middle, its choices right of it) moved across together, so
        that they reach as far each side of the window's middle as the title and Back do: the form stays in the
        window's middle at 150% (it was moved aside as a whole, its title and Back left of the middle), in either
        language (the names' column as wide as the longest name)."""
        rows = [widget for widget in self.widgets if widget not in centred]
        rects = [rect for rect in (drawn_rect(self.base, widget) for widget in rows) if rect is not None]
        if not rects:
            return
        middle = (min(rect[0] for rect in rects) + max(rect[1] for rect in rects)) / 2
        for widget in rows:
            if isinstance(widget, OnscreenText):  # (its words are placed in its text node, not by its node's x)
                x, z = widget.getTextPos()
                widget.setTextPos(x - middle, z)
            else:
                widget.setX(widget.getX() - middle)

    def choice(self, words: str, chosen: bool, command: Callable[..., object], pos: tuple[float, float], scale: float,
               value: object) -> DirectButton:
        """A button for one value of a setting: the value in force is marked, in words and in colour."""
        return mark_choice(self.button(words, command, pos, scale, args=(value,)), words, chosen)  # (widths kept)

    def again(self, chosen: Callable[[SettingsScreen], DirectButton]) -> SettingsScreen:
        """The screen drawn again with a setting changed (the value in force marked); chosen by the keyboard, the
        focus stays on the button just pressed (`chosen` finds it on the new screen), not back on the first."""
        keyed = self.focus is not None and self.focus.widget is not None
        shown = self.app.show_settings()
        if keyed and shown.focus is not None:
            shown.focus.focus(chosen(shown))
        return shown

    def set_language(self, code: str) -> None:
        """Speak another language from now on: the screen is drawn again in it."""
        self.app.settings["language"] = code
        set_language(code)
        self.app.store_settings()
        self.again(lambda shown: shown.language_buttons[code]).note.setText(tr("settings_saved"))

    def set_window(self, size: tuple[int, ...]) -> None:
        self.app.settings["window"] = list(size)
        self.app.store_settings()
        shown = self.again(lambda again: again.window_buttons[tuple(size)])  # drawn again, the new size marked
        from panda3d.core import WindowProperties

        win = self.base.win
        if win is not None and hasattr(win, "requestProperties") and not self.app.settings.get("fullscreen"):
            props = WindowProperties()  # (full screen, the size is the window's when it leaves it)
            props.setSize(*size)
            win.requestProperties(props)
        shown.note.setText(tr("settings_saved"))

    def set_fullscreen(self, on: bool) -> None:
        """The window full screen or not, at once and from the next start (F11 toggles it too: app.py)."""
        self.app.set_fullscreen(on)
        self.again(lambda shown: shown.fullscreen_buttons[on]).note.setText(tr("settings_saved"))

    def set_tour(self, value: int) -> None:
        """Show the first-game tour (again) in the next game, or not."""
        self.app.settings["tour"] = bool(value)
        self.app.store_settings()
        self.note.setText(tr("settings_saved"))

    def set_quality(self, choice: str) -> None:
        """Draw the table at a quality tier ("auto": the renderer's) from now on, the game under way too."""
        self.app.settings["quality"] = choice
        self.app.store_settings()
        self.app.set_quality(choice)
        self.again(lambda shown: shown.quality_buttons[choice]).note.setText(tr("settings_saved"))

    def set_smooth(self, choice: str) -> None:
        """Smoother edges (multisampling) on, off or as the quality says: the window has it from its next start."""
        self.app.settings["smooth_edges"] = choice
        self.app.store_settings()
        self.again(lambda shown: shown.smooth_buttons[choice]).note.setText(tr("settings_restart"))

    def set_interface_scale(self, percent: int) -> None:
        """Every 2D part at this size (100%, 125%, 150%) from now on: this screen drawn again at it, and the game
        under it (if any) when it comes back (screens/layout.py: as large as fits the window)."""
        self.app.settings["interface_scale"] = percent
        self.app.store_settings()
        self.again(lambda shown: shown.scale_buttons[percent]).note.setText(tr("settings_saved"))

    def set_volume(self, volume: int) -> None:
        """The table's sounds at this volume (0: none), from now on."""
        self.app.settings["volume"] = volume
        self.app.store_settings()
        self.again(lambda shown: shown.volume_buttons[volume]).note.setText(tr("settings_saved"))
