"""The players' rows of the new-game and Host forms: a row a player, with the name, a person or a computer and, for a
computer, its level (two buttons: a click makes a computer a person again, whatever its level), the player's own
target where the game has one, Remove."""

from __future__ import annotations

from typing import Any

from direct.gui.DirectGui import DGG, DirectButton, DirectEntry
from direct.gui.OnscreenText import OnscreenText
from panda3d.core import NodePath

from ..bots import DEFAULT_LEVEL, SEAT_LEVELS
from ..core.errors import DataError
from ..i18n import tr
from ..rules.ruleset import load_ruleset
from ..session.seats import DEFAULT_NAMES
from . import Screen
from .widgets import BUTTON, DIM, ENTRY, TEXT

NAMES = list(DEFAULT_NAMES)
SEAT_KINDS = ("human", *SEAT_LEVELS)  # what a seat may be: a person, or a computer at a level
SEAT_STEP = 0.092  # from one player's row to the next (aspect2d units)
GAP = 0.04  # between a label and its control, and between the players' columns
PAIR_GAP = 0.015  # between a computer's button and its level's, which belong together
SEAT_TEXT = 0.04  # the words on a player's buttons
OWN_TARGETS = (3, 4, 5, 6)  # a young player's own number of panels (their age), after the table's


class PlayersForm(Screen):
    """A form with players' rows: `seats` ([name, kind]: kind is "human", a computer level or, on the Host form, a
    remote player), the players kept aside (`kept`), their own targets (`targets`), drawn under `seats_root`."""

    seat_kinds: tuple[str, ...] = SEAT_KINDS  # what a seat may be (the Host form adds the remote player)
    ruleset: str
    options: dict[str, Any]
    seats: list[list[str]]
    kept: list[list[str]]
    targets: dict[int, int | None]
    seats_root: NodePath
    seat_widgets: list[NodePath]
    seat_entries: list[DirectEntry]

    def seat_all(self, players: list[list[str]]) -> None:
        """The players at the game chosen: the first as many as it seats shown, the others kept aside; computers
        added up to as many as it needs; a solitaire game's one player a person."""
        low, high = self.seat_limits()
        self.seats, self.kept = players[:high], players[high:]
        while len(self.seats) < low:
            self.seats.append([self.free_name(), DEFAULT_LEVEL])
        if high == 1:
            self.seats[0][1] = "human"

    def free_name(self) -> str:
        """The first name no player has, shown or kept aside."""
        taken = {seat[0] for seat in self.seats + self.kept}
        return next(n for n in NAMES if n not in taken)

    def seat_limits(self) -> tuple[int, int]:
        """How many seats the chosen ruleset takes."""
        try:
            game = load_ruleset(self.ruleset, {})
        except DataError:
            return 2, 5
        return game.min_players, game.max_players

    def draw_seats(self) -> None:
        """A row a player: the name, human or computer (and its level), the player's own target where the game has
        one, Remove; each in a column as wide as the widest words it can ever show (so a row keeps its controls in
        place whatever is chosen in it, and Remove stays, greyed, while the game has as few players as it takes),
        the columns side by side, the rows centred."""
        self.forget(self.seat_widgets)
        self.seat_entries = []
        top = 0.0
        add = self.seat_widgets.append
        add(OnscreenText(text=tr("menu_seats"), pos=(0, top), scale=0.055, fg=TEXT, parent=self.seats_root))
        targeted = "target" in load_ruleset(self.ruleset).ruleset.options
        fewest, most = self.seat_limits()
        # each column after the names: what its buttons may say, and their text's size
        columns: list[tuple[list[str], float]] = [([self.kind_text(kind) for kind in self.people()], SEAT_TEXT),
                                                  ([self.level_text(level) for level in SEAT_LEVELS], SEAT_TEXT)]
        if targeted:
            columns.append((self.target_texts(), SEAT_TEXT))
        if most > fewest:
            columns.append(([tr("menu_remove_seat")], SEAT_TEXT))
        probe = DirectEntry(scale=0.05, width=9, parent=self.seats_root, **ENTRY)
        wide = [(probe.getBounds()[1] - probe.getBounds()[0]) * 0.05]  # the names' fields
        probe.destroy()
        extents = [self.extent(texts, size) for texts, size in columns]
        wide += [width for width, _, _ in extents]
        high = (min(low for _, low, _ in extents), max(top for _, _, top in extents))  # every button as high
        gaps = [0.0, GAP, PAIR_GAP] + [GAP] * (len(wide) - 3)  # before each column (a computer's level: by its kind)
        left = -(sum(wide) + sum(gaps)) / 2
        lefts = [left + sum(wide[:c]) + sum(gaps[:c + 1]) for c in range(len(wide))]
        for i, (name, kind) in enumerate(self.seats):
            z = top - 0.09 - i * SEAT_STEP
            entry = DirectEntry(initialText=name, scale=0.05, width=9, pos=(0, 0, z), parent=self.seats_root,
                                command=self.rename_seat, extraArgs=[i], focusOutCommand=self.read_names, **ENTRY)
            entry.setX(lefts[0] - entry.getBounds()[0] * 0.05)
            self.seat_entries.append(entry)
            add(entry)
            computer = kind in SEAT_LEVELS  # a computer's level beside it; a person's row leaves that column empty
            buttons: list[tuple[str, Any, bool] | None] = [
                (self.kind_text(kind), self.toggle_seat, True),
                (self.level_text(kind), self.cycle_level, True) if computer else None]
            if targeted:  # young players: their own number of panels to connect, where the table agrees
                own = self.targets.get(i)
                buttons.append((tr("menu_seat_target", count=own) if own else
                                tr("menu_seat_target_table", count=self.table_target()), self.cycle_target, True))
            if most > fewest:
                buttons.append((tr("menu_remove_seat"), self.remove_seat, len(self.seats) > fewest))
            for c, button in enumerate(buttons, start=1):
                if button is not None:
                    words, command, live = button
                    add(self.seat_button(words, command, i, live, (lefts[c], wide[c]), high, z + 0.01))
        if len(self.seats) < most:
            add(DirectButton(text=tr("menu_add_seat"), scale=0.05, pos=(0, 0, top - 0.1 - len(self.seats) * SEAT_STEP),
                             parent=self.seats_root, command=self.add_seat, **BUTTON))
        self.apply_scale()

    def seat_button(self, words: str, command: Any, index: int, live: bool, column: tuple[float, float],
                    high: tuple[float, float], z: float) -> DirectButton:
        """A player's button filling its column (its left and its width: the seats' units) from `high`'s bottom to
        its top (the button's units), its words in the middle; greyed and deaf when not `live`."""
        left, wide = column
        button = DirectButton(text=words, scale=SEAT_TEXT, pos=(0, 0, z), parent=self.seats_root,
                              command=command, extraArgs=[index], **BUTTON)
        low, right, _, _ = button.getBounds()
        middle, half = (low + right) / 2, wide / 2 / SEAT_TEXT  # (the words' middle, in the button's units)
        button["frameSize"] = (middle - half, middle + half, *high)
        button.setX(left - (middle - half) * SEAT_TEXT)
        if not live:
            button["state"] = DGG.DISABLED
            button["text_fg"] = DIM
        return button

    def extent(self, texts: list[str], size: float) -> tuple[float, float, float]:
        """The widest of these words on a form's button at that text size (the seats' units), and the lowest bottom
        and highest top of their frames (the button's units)."""
        probe = DirectButton(text=texts[0], scale=size, parent=self.seats_root, **BUTTON)
        bounds = []
        for words in texts:
            probe["text"] = words
            probe.resetFrameSize()
            bounds.append(probe.getBounds())
        probe.destroy()
        return (max(right - left for left, right, _, _ in bounds) * size, min(b[2] for b in bounds),
                max(b[3] for b in bounds))

    def target_texts(self) -> list[str]:
        """Everything a player's target button may say: the table's number (each the option allows), or their own."""
        option = load_ruleset(self.ruleset).ruleset.options["target"]
        low = option.min if option.min is not None else 1
        high = option.max if option.max is not None else 20
        return ([tr("menu_seat_target_table", count=n) for n in range(low, high + 1)]
                + [tr("menu_seat_target", count=n) for n in OWN_TARGETS])

    def table_target(self) -> int:
        """The number of panels to connect the table's option says (where the game has one)."""
        option = load_ruleset(self.ruleset).ruleset.options.get("target")
        value = self.options.get("target", option.default if option is not None else 0)
        return int(value)

    def kind_text(self, kind: str) -> str:
        """A seat's first button: a person, or a computer (whatever its level)."""
        return tr("menu_human") if kind == "human" else tr("menu_computer")

    @staticmethod
    def level_text(level: str) -> str:
        """A computer seat's second button: its level ("Medium")."""
        words = tr(f"level_{level}")
        return words[:1].upper() + words[1:]

    def people(self) -> list[str]:
        """What a seat's first button goes through: a person (a remote one on the Host form), then a computer."""
        return [kind for kind in self.seat_kinds if kind not in SEAT_LEVELS] + [DEFAULT_LEVEL]

    def cycle_target(self, index: int) -> None:
        """A seat's own target: the table's, then 3 to 6 panels, then the table's again."""
        self.read_names()
        steps = [None, *OWN_TARGETS]
        current = self.targets.get(index)
        self.targets[index] = steps[(steps.index(current) + 1) % len(steps)] if current in steps else None
        self.draw_seats()

    def read_names(self, *_: object) -> None:
        """Take the names as typed (an empty box keeps the old name)."""
        for i, entry in enumerate(self.seat_entries):
            self.seats[i][0] = entry.get().strip() or self.seats[i][0]

    def rename_seat(self, text: str, index: int) -> None:
        self.seats[index][0] = text.strip() or self.seats[index][0]

    def toggle_seat(self, index: int) -> None:
        """A seat's first button: a person, a computer (at the usual level), a person again (on the Host form a
        remote player between them): one click from a computer back to a person, whatever its level (the form
        offered four levels before Human)."""
        self.read_names()
        seat = self.seats[index]
        people = self.people()
        at = people.index(DEFAULT_LEVEL if seat[1] in SEAT_LEVELS else seat[1]) if seat[1] in self.seat_kinds else -1
        seat[1] = people[(at + 1) % len(people)]
        self.draw_seats()

    def cycle_level(self, index: int) -> None:
        """A computer seat's second button: its next level (medium, hard, easy, random, medium again)."""
        self.read_names()
        seat = self.seats[index]
        if seat[1] in SEAT_LEVELS:
            seat[1] = SEAT_LEVELS[(SEAT_LEVELS.index(seat[1]) + 1) % len(SEAT_LEVELS)]
            self.draw_seats()

    def add_seat(self) -> None:
        """One more seat, a computer with the first free name."""
        self.read_names()
        self.seats.append([self.free_name(), DEFAULT_LEVEL])
        self.draw_seats()

    def remove_seat(self, index: int) -> None:
        self.read_names()
        del self.seats[index]
        self.targets = {(i if i < index else i - 1): t for i, t in self.targets.items() if i != index}
        self.draw_seats()
