"""Host a game (issue 31): the new-game form, whose seats may also be players joining from other computers, with
the port and the address to listen on. Host starts listening; the waiting room (screens/lobby.py) then shows the
join code until every remote seat is taken, and the table opens (screens/online.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from direct.gui.DirectGui import DirectEntry
from direct.gui.OnscreenText import OnscreenText
from panda3d.core import NodePath, TextNode

from ..bots import SEAT_LEVELS
from ..core.errors import DataError
from ..i18n import tr
from ..net.code import DEFAULT_PORT
from ..net.seating import chairs_of
from ..rules.ruleset import load_ruleset
from ..session.seats import REMOTE, Seat, same_name
from .new_game import NewGameScreen
from .online import start_hosting
from .players_form import SEAT_STEP
from .widgets import DIM, ENTRY

if TYPE_CHECKING:
    from .online import Online

NETWORK = (-0.57, 0.3)  # the port's and the address's fields, in a row under the players (x, aspect2d units)
EVERY_NETWORK = "0.0.0.0"


def read_port(text: str) -> int | None:
    """A port as typed (1 to 65535), or None."""
    text = text.strip()
    return int(text) if text.isdigit() and 1 <= int(text) <= 65535 else None


def read_address(text: str) -> str | None:
    """An address to listen on as typed (no spaces, not empty), or None: whether it is this computer's is found
    when listening."""
    text = text.strip()
    return text if text and " " not in text and len(text) <= 253 else None


class HostGameScreen(NewGameScreen):
    name = "host"
    title, start_label = "menu_host", "host_start"
    seat_kinds = ("human", REMOTE, *SEAT_LEVELS)
    remembers = False  # (opens as it always did: the New game form's last game is the New game form's)

    def build(self) -> None:
        self.online: Online | None = None
        self.network: NodePath | None = None
        super().build()
        # the port and the address in a row of their own under the players (on the buttons' row they made the form
        # too wide for 150% in a 16:9 window: screens/scrolling.py)
        self.network = self.seats_root.attachNewNode("network")
        self.centred.append(self.network)  # (centred under the players)
        (port_x, address_x) = NETWORK
        self.text(tr("host_port"), (port_x - 0.05, 0.0), 0.05, TextNode.ARight, parent=self.network)
        self.port_entry = self.keep(DirectEntry(initialText=str(DEFAULT_PORT), scale=0.05, width=4,
                                                pos=(port_x, 0, 0.0), parent=self.network, **ENTRY))
        self.text(tr("host_address"), (address_x - 0.05, 0.0), 0.05, TextNode.ARight, parent=self.network)
        self.address_entry = self.keep(DirectEntry(initialText=EVERY_NETWORK, scale=0.05, width=7,
                                                   pos=(address_x, 0, 0.0), parent=self.network, **ENTRY))
        self.seats[1][1] = REMOTE  # (Ann here, Bo joining: change either)
        self.draw_seats()

    def kind_text(self, kind: str) -> str:
        return tr("host_remote_seat") if kind == REMOTE else super().kind_text(kind)

    def draw_seats(self) -> None:
        """The form's seats; a remote seat's name is the joining player's own, so it has no field here. Under them
        (and under Add a player), the port and the address."""
        super().draw_seats()
        network = getattr(self, "network", None)
        if network is not None:
            rows = len(self.seats) + (1 if len(self.seats) < self.seat_limits()[1] else 0)
            network.setZ(-0.1 - rows * SEAT_STEP - 0.02)
            self.apply_scale()  # (the row moved: measured again)
        for i, (_, kind) in enumerate(self.seats):
            if kind == REMOTE and i < len(self.seat_entries):
                entry = self.seat_entries[i]
                entry.hide()
                self.seat_widgets.append(OnscreenText(text=tr("host_named_on_joining"), scale=0.04, fg=DIM,
                                                      pos=(entry.getX() + 0.22, entry.getZ() + 0.005),
                                                      parent=self.seats_root))

    def choose_ruleset(self, name: str) -> None:
        super().choose_ruleset(name)
        if len(self.seats) == 1:  # a solitaire game hosted: its one player joins from another computer
            self.seats[0][1] = REMOTE
            self.draw_seats()

    def read_names(self, *_: object) -> None:
        for i, entry in enumerate(self.seat_entries):
            if self.seats[i][1] != REMOTE:
                self.seats[i][0] = entry.get().strip() or self.seats[i][0]

    def leave(self) -> None:
        """Back (or Esc) while listening begins: it stops (no table opens later behind the menu), as the Join form's
        Back ends a join under way."""
        if self.online is not None:
            self.online.close()
            self.online = None
        super().leave()

    def start(self) -> None:
        """Listen as the form says: a mistake said on the form, changing nothing; else the code shows when listening
        begins (or why it cannot, on this form)."""
        if self.online is not None:
            return  # (starting already)
        self.read_names()
        port = read_port(self.port_entry.get())
        address = read_address(self.address_entry.get())
        named = [name for name, kind in self.seats if kind != REMOTE]
        twice = same_name(named)
        problem = (tr("menu_same_name", name=twice) if twice is not None else
                   tr("host_no_remote") if all(kind != REMOTE for _, kind in self.seats) else
                   tr("host_bad_port", text=self.port_entry.get().strip()) if port is None else
                   tr("host_bad_address", text=self.address_entry.get().strip()) if address is None else "")
        if problem or port is None or address is None:
            self.note.setText(problem)
            return
        seats = [Seat(name) if kind == "human" else Seat("", REMOTE) if kind == REMOTE else Seat(name, "computer", kind)
                 for name, kind in self.seats]
        try:
            game = load_ruleset(self.ruleset, dict(self.options))
            chairs = chairs_of(seats, window=True)
        except DataError as exc:
            self.note.setText(str(exc))
            return
        self.note.setText(tr("host_starting"))
        self.online = start_hosting(self.app, game, chairs, address, port)

    def net_changed(self, online: Online) -> None:
        """Listening began (the waiting room shows the code), or cannot (said here; the form stays as it was)."""
        if online is not self.online:
            return
        problem = online.game.problem
        if problem is not None:
            self.note.setText(problem)
            online.close()
            self.online = None
        elif online.game.code is not None:
            self.app.screens.switch("lobby")
