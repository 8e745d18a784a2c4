"""The new-game form: the ruleset, a control per option, the seats (name, human or computer, own target: the rows
in screens/players_form.py)."""

from __future__ import annotations

from typing import Any

from direct.gui.DirectGui import DirectButton, DirectCheckButton, DirectEntry
from direct.gui.OnscreenText import OnscreenText
from panda3d.core import NodePath, TextNode

from ..core.errors import DataError
from ..files.user_settings import LastGame
from ..i18n import choice_name, has, tr
from ..rules.names import game_name
from ..rules.ruleset import available, load_ruleset
from ..session.seats import Seat, same_name
from .layout import MARGIN, Rect
from .players_form import GAP, OWN_TARGETS, PlayersForm
from .widgets import BUTTON, CHECK, DROPDOWN, TEXT, WARNING, Dropdown

# The form's rows (aspect2d units): sized so that the longest form (Aquarius Rising's eight options and five
# players) stays inside a 16:10 or 16:9 window, above the note and the Start button.
OPTIONS_TOP, OPTION_STEP = 0.6, 0.066
SEATS_BELOW = 0.12  # from the last option's row to the players' heading, one under the other
OPTIONS_LEFT = -0.95  # the options' left edge
COLUMNS_GAP = 0.12  # between the options and the players, side by side
# "<" and ">" of a number: squares CHOOSER wide (27 px in a 1024x600 window at 100%, the smallest the form is drawn:
# more than the 24 px of WCAG 2.2's minimum target size), with the number between them
CHOOSER, CHOOSER_TEXT = 0.09, 0.055
CHOOSER_ROOM = 0.03  # more room above and below a row of them than a row of words has: clear of the next rows
ARROW_MIDDLE = 0.3  # the middle of "<" above its baseline (its text's units): the square centred on it
NUMBER_WIDE = 0.1  # the number between the arrows (two digits at 0.045, and room either side)
STEPPER_WIDE = 2 * CHOOSER + NUMBER_WIDE + 0.06  # one number of a list to the next
BOX_HIGH = 0.056  # a box to tick: where a click ticks it, no higher than its row (OPTION_STEP), clear of the next


def same_kind(value: object, default: object) -> bool:
    """Whether a stored option's value is of the kind its default is (a choice may be a list of choices)."""
    if isinstance(default, bool) or isinstance(value, bool):
        return isinstance(value, bool) and isinstance(default, bool)
    if isinstance(default, int):
        return isinstance(value, int)
    if isinstance(default, list):
        return isinstance(value, list) and len(value) == len(default) and all(isinstance(v, int) for v in value)
    return isinstance(value, str) or (isinstance(value, list) and all(isinstance(v, str) for v in value))


class NewGameScreen(PlayersForm):
    """The form's values: `ruleset`, `options` (only those changed), `seats` ([name, kind]: kind is "human" or a
    computer level), `targets` (the players' rows: screens/players_form.py).

    The players are the table's, whichever game is chosen: switching games keeps them, the first as many as the
    game seats shown (Elemental Towers: the first alone, as a person), the others kept aside (`kept`) and shown
    again for a game that seats them; a game that needs more than there are gets computers, as "Add a player"
    adds. The last game started keeps them all for the next time (the settings' new_game)."""

    name = "new"
    pictured = True
    title, start_label = "menu_new", "menu_start"  # the form's title and its start button's (the Host form's own)
    remembers = True  # opens with the last game started from it (the settings' new_game; not the Host form)

    def build(self) -> None:
        self.text(tr(self.title), (0, 0.85), 0.08)
        self.rulesets = available()
        self.ruleset = self.rulesets[0]
        self.seats = [["Ann", "human"], ["Bo", "human"]]
        self.kept: list[list[str]] = []  # the players a game seating fewer leaves out, for the next game chosen
        self.targets: dict[int, int | None] = {}  # seat -> its own number of panels (young players)
        self.options: dict[str, Any] = {}  # option -> value, those changed from the default
        self.seat_entries: list[DirectEntry] = []
        self.foot_buttons: tuple[DirectButton, ...] = ()  # Back and Start (made last: the form's foot)
        assert self.root is not None  # (entered)
        self.game_row = self.root.attachNewNode("game-row")  # the label and the menu, centred together (`arrange`)
        self.text(tr("menu_ruleset"), (-0.55, 0.71), 0.055, TextNode.ARight, parent=self.game_row)
        # The games by their names, in the player's language; the menu gives back the name, we keep the id.
        self.game_names = [game_name(r) for r in self.rulesets]
        self.ruleset_menu = self.keep(Dropdown(
            items=self.game_names, initialitem=0, scale=0.055, pos=(-0.5, 0, 0.71), parent=self.game_row,
            popupMarkerBorder=(0.6, 0.1),  # room between the longest name and the marker
            command=lambda shown: self.choose_ruleset(self.rulesets[self.game_names.index(shown)]), **DROPDOWN))
        self.options_root = self.root.attachNewNode("options")
        self.seats_root = self.root.attachNewNode("seats")
        self.centred = [self.game_row, self.options_root]  # rows centred under the title as blocks (`arrange`)
        self.option_widgets = self.group()
        self.seat_widgets = self.group()
        self.draw_options()
        self.draw_seats()
        self.note = self.text("", (0, -0.78), 0.045, fg=WARNING, wrap=40)  # why the game cannot start as the form says
        self.foot_buttons = (self.back_button(self.leave, (-0.35, -0.9), 0.065),
                             self.button(tr(self.start_label), self.start, (0.35, -0.9), 0.065))
        if self.remembers:
            self.recall(self.app.settings.get("new_game"))

    def leave(self) -> None:
        """Back (or Esc): the main menu, or the game this form was opened over."""
        self.app.show_menu()

    def choose_ruleset(self, name: str) -> None:
        """Another game (by id): its own options, and as many seats as it takes (Elemental Towers: one)."""
        self.ruleset = name
        if self.ruleset_menu.get() != game_name(name):  # chosen here, not in the menu: the menu shows it too
            self.ruleset_menu.set(self.rulesets.index(name), fCommand=0)
        self.note.setText("")
        self.options = {}
        self.draw_options()
        self.read_names()
        self.seat_all(self.seats + self.kept)
        self.draw_seats()

    def recall(self, last: LastGame | None) -> None:
        """Open with the last game started from this form: its game, its options and its players, each as far as it
        still fits the rulesets (an unknown game, option or kind, or players the game cannot seat: the default)."""
        if last is None or last["ruleset"] not in self.rulesets:
            return
        self.choose_ruleset(last["ruleset"])
        spec = load_ruleset(self.ruleset).ruleset.options
        options = {key: value for key, value in last["options"].items()
                   if key in spec and same_kind(value, spec[key].default)}
        if self.options_fit(options):
            self.options = options
        seats = [[name.strip(), kind] for name, kind in last["seats"]]
        if all(name and kind in self.seat_kinds for name, kind in seats) and same_name(n for n, _ in seats) is None:
            self.seat_all(seats)  # (the players the game left out kept aside, as when switching games)
            if "target" in spec:
                self.targets = {i: own for i, own in enumerate(last["targets"][:len(self.seats)])
                                if own in OWN_TARGETS}
        self.draw_options()
        self.draw_seats()

    # -- the options --------------------------------------------------------------------------------

    def draw_options(self) -> None:
        """A control per option: a box for yes/no, arrows for numbers, a button cycling through choices."""
        self.forget(self.option_widgets)
        spec = load_ruleset(self.ruleset).ruleset
        add = self.option_widgets.append
        z = OPTIONS_TOP + OPTION_STEP
        for key, option in spec.options.items():
            stepped = isinstance(option.default, (int, list)) and not isinstance(option.default, bool)
            room = CHOOSER_ROOM if stepped else 0.0  # a row of arrows is higher
            z -= OPTION_STEP + room
            self.options_bottom = z - room  # (the last option's row, as if a plain one: the players below it)
            label = tr(f"option_{key}") if has(f"option_{key}") else (option.description or key)
            value = self.options.get(key, option.default)
            parts = [f"option_{key}_{j}" for j in range(len(value) if isinstance(value, list) else 0)]
            if parts and all(has(part) for part in parts):  # a list of numbers each saying what it sets (Dominus'
                for j, part in enumerate(parts):  # table: its width, its length): a row each, its words before it
                    z -= (OPTION_STEP + room) if j else 0.0
                    self.options_bottom = z - room
                    words = OnscreenText(text=tr(part), pos=(OPTIONS_LEFT, z), scale=0.04, fg=TEXT,
                                         align=TextNode.ALeft, parent=self.options_root, wordwrap=31)
                    add(words)
                    self._stepper(key, z, self.right_of(words) + GAP, value[j], j)  # (just right of its words, as
                continue  # every control of the form)
            if isinstance(option.default, bool):
                box = DirectCheckButton(text=label, scale=0.04, pos=(OPTIONS_LEFT + 0.05, 0, z), indicatorValue=int(value),
                                        parent=self.options_root, command=self.set_option, extraArgs=[key],
                                        text_align=TextNode.ALeft, borderWidth=(0, 0), **CHECK)
                left, right, bottom, top = box.guiItem.getFrame()  # (its box's border makes it higher than its row)
                middle, half = (bottom + top) / 2, BOX_HIGH / 2 / 0.04
                box["frameSize"] = (left, right, middle - half, middle + half)
                add(box)
                continue
            words = OnscreenText(text=label, pos=(OPTIONS_LEFT, z), scale=0.04, fg=TEXT, align=TextNode.ALeft,
                                 parent=self.options_root, wordwrap=31)
            add(words)
            after = self.right_of(words) + GAP  # the control just right of its words
            if isinstance(option.default, list):
                for j, part in enumerate(value):
                    self._stepper(key, z, after + j * STEPPER_WIDE, part, j)
            elif isinstance(option.default, int):
                self._stepper(key, z, after, value, None)
            else:
                shown = " + ".join(choice_name(v) for v in (value if isinstance(value, list) else [value]))
                button = DirectButton(text=shown, scale=0.04, pos=(0, 0, z), parent=self.options_root,
                                      command=self.cycle_option, extraArgs=[key], **BUTTON)
                button.setX(after - button.getBounds()[0] * 0.04)
                add(button)
        self.apply_scale()  # (another game's form: as large as it fits at the interface scale)

    def apply_scale(self) -> None:
        """The options and the players side by side where the window is wide enough for both at the interface scale
        (then the form needs no scrolling), else the players under the options; then drawn at the scale."""
        if getattr(self, "options_bottom", None) is not None and getattr(self, "seat_entries", None) is not None:
            self.arrange()
        super().apply_scale()

    def arrange(self) -> None:
        assert self.root is not None
        self.root.setScale(1.0)  # (measured as drawn at 100%, both parts in place)
        self.root.setPos(0.0, 0.0, 0.0)
        self.scroll.gather(self.rect_of)  # (nothing scrolled, the foot where it is drawn)
        self.options_root.setPos(0, 0, 0)
        self.seats_root.setPos(0, 0, 0)
        self.same_width(*self.foot_buttons)
        for node in self.centred:  # under the title, as the players' rows and the buttons are: each as a block
            node.setX(0.0)
            rect = self.rect_of(node)
            if rect is not None:
                node.setX(-(rect[0] + rect[1]) / 2)
        options, seats = self.rect_of(self.options_root), self.rect_of(self.seats_root)
        self.seats_root.setZ(self.options_bottom - SEATS_BELOW)  # one column: the players just below the options
        self.side_by_side = False
        scale = self.interface_scale()
        whole = self.content()
        if whole is not None and (whole[3] - whole[2]) * scale <= 2 - 2 * MARGIN:
            return  # (it fits as one column: no need to spread it)
        room = (2 * self.base.getAspectRatio() - 2 * MARGIN) / scale - 2 * MARGIN
        if options is not None and seats is not None:
            wide = options[1] - options[0], seats[1] - seats[0]
            if sum(wide) + COLUMNS_GAP <= room:
                left = -(sum(wide) + COLUMNS_GAP) / 2
                self.options_root.setX(self.options_root.getX() + left - options[0])  # (from where it is: centred)
                self.seats_root.setPos(left + wide[0] + COLUMNS_GAP - seats[0], 0, OPTIONS_TOP)
                self.side_by_side = True

    @staticmethod
    def same_width(*buttons: DirectButton) -> None:
        """Buttons as wide as the widest of their words (Back and Start: the pair centred under the title whatever
        the language says, "Retour" and "Commencer"), each round its words."""
        frames = []
        for button in buttons:
            button["frameSize"] = None  # (its own size, round its words as they are now: not round its old frame)
            button.resetFrameSize()
            frames.append(button.guiItem.getFrame())
        half = max((frame[1] - frame[0] for frame in frames), default=0.0) / 2
        for button, (left, right, bottom, top) in zip(buttons, frames, strict=True):
            button["frameSize"] = ((left + right) / 2 - half, (left + right) / 2 + half, bottom, top)

    def behind(self) -> Rect | None:
        """The panel round all the form holds, as far either side of the title's middle (the root's x): under it."""
        found, axis = self.content(), self.root.getX() if self.root is not None else 0.0
        if found is None:
            return None
        half = max(axis - found[0], found[1] - axis)
        return axis - half, axis + half, found[2], found[3]

    def reading(self, ordered: list[NodePath]) -> list[NodePath]:
        """Side by side, Tab goes through the options, then the players (not row by row across both)."""
        if not getattr(self, "side_by_side", False):
            return ordered
        players = [w for w in ordered if self.seats_root.isAncestorOf(w)]
        rest = [w for w in ordered if not self.seats_root.isAncestorOf(w)]
        after = max((i + 1 for i, w in enumerate(rest) if self.options_root.isAncestorOf(w)), default=0)
        return rest[:after] + players + rest[after:]

    def right_of(self, node: NodePath) -> float:
        """Where a text or widget of the options ends on the right (the options' units)."""
        bounds = node.getTightBounds(self.options_root)
        return float(bounds[1].x) if bounds is not None else float(node.getX())

    def _stepper(self, key: str, z: float, left: float, value: int, index: int | None) -> None:
        """< value > for a number, or one number of a list (`index`), from `left`: each arrow a square CHOOSER
        wide, a target as easy to hit as the form's other buttons at every window size and interface scale."""
        add = self.option_widgets.append
        half = CHOOSER / 2 / CHOOSER_TEXT  # (the square's half side, in the arrow's units)
        middle = left + CHOOSER + NUMBER_WIDE / 2
        for arrow, x, step in (("<", left + CHOOSER / 2, -1), (">", middle + NUMBER_WIDE / 2 + CHOOSER / 2, 1)):
            add(DirectButton(text=arrow, scale=CHOOSER_TEXT, pos=(x, 0, z), parent=self.options_root,
                             frameSize=(-half, half, ARROW_MIDDLE - half, ARROW_MIDDLE + half),
                             command=self.step_option, extraArgs=[key, index, step], **BUTTON))
        add(OnscreenText(text=str(value), pos=(middle, z), scale=0.045, fg=TEXT, parent=self.options_root))

    def step_option(self, key: str, index: int | None, step: int) -> None:
        """One more or one less, within the option's bounds."""
        option = load_ruleset(self.ruleset).ruleset.options[key]
        value = self.options.get(key, option.default)
        low, high = option.min if option.min is not None else 1, option.max if option.max is not None else 99
        if index is None:
            self.options[key] = min(high, max(low, value + step))
        else:
            value = list(value)
            value[index] = min(high, max(low, value[index] + step))
            self.options[key] = value
        self.draw_options()
        if key == "target":  # the players' buttons say the table's number
            self.read_names()
            self.draw_seats()

    def cycle_option(self, key: str) -> None:
        """The next value offered that goes with the other options (an action the deck has, say)."""
        option = load_ruleset(self.ruleset).ruleset.options[key]
        offered = option.offered()
        value = self.options.get(key, option.default)
        start = offered.index(value) + 1 if value in offered else 0
        for step in range(len(offered)):
            candidate = offered[(start + step) % len(offered)]
            chosen = {k: v for k, v in self.options.items() if k not in self.excluded(key, candidate)}
            if self.options_fit({**chosen, key: candidate}):
                self.options = {**chosen, key: candidate}
                break
        self.draw_options()

    def excluded(self, key: str, value: object) -> list[str]:
        """The options that cannot go with this one at that value (the ruleset's `excludes`, either way round: a
        children's game of Aquarius with another): they go back to their defaults when it is chosen."""
        specs = load_ruleset(self.ruleset).ruleset.options
        if value == specs[key].default:
            return []
        return [other for other, spec in specs.items()
                if other != key and (other in specs[key].excludes or key in spec.excludes)]

    def options_fit(self, options: dict[str, Any]) -> bool:
        try:
            load_ruleset(self.ruleset, options)
        except DataError:
            return False
        return True

    def set_option(self, value: int, key: str) -> None:
        """A yes/no option ticked or not."""
        self.options[key] = bool(value)
        dropped = [other for other in self.excluded(key, bool(value)) if other in self.options]
        for other in dropped:  # one of the children's games: the other is unticked
            del self.options[other]
        if dropped:
            self.draw_options()
        if not self.options_fit(self.options):  # e.g. the first edition without Rotate Goals: back to the default
            for other in [k for k, v in self.options.items() if k != key and isinstance(v, (str, list))]:
                del self.options[other]
            self.draw_options()

    def start(self) -> None:
        """Start the game as the form says; two players of the same name are refused, said on the form."""
        self.read_names()
        twice = same_name(name for name, _ in self.seats)
        if twice is not None:
            self.note.setText(tr("menu_same_name", name=twice))
            return
        seats = [Seat(name) if kind == "human" else Seat(name, "computer", kind) for name, kind in self.seats]
        targets = [self.targets.get(i) for i in range(len(seats))]
        has_target = "target" in load_ruleset(self.ruleset).ruleset.options
        # those kept aside stay for the next time, but for one whose name a player at this game took since
        self.kept = [seat for seat in self.kept if same_name(name for name, _ in [*self.seats, seat]) is None]
        if self.remembers:  # the form opens with this game next time
            self.app.settings["new_game"] = {"ruleset": self.ruleset, "options": dict(self.options),
                                             "seats": [list(seat) for seat in self.seats + self.kept],
                                             "targets": targets if has_target else []}
            self.app.store_settings()
        self.app.start_game(self.ruleset, dict(self.options), seats,
                            targets=targets if has_target and any(targets) else None)
