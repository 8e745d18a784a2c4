"""A moment at the end (a part of the table screen): when a game ends before the players' eyes, what won it is lit
up and the camera goes to it for about two seconds before the result panel comes; a click, Space, Enter or Esc
brings the panel at once.

What is lit: in Aquarius the winners' largest groups of their goal element (the cells the end highlights); in
Aquarius Rising the house holding the highest point of each winner's element (every storey and pyramid of it, by
the rules' points: view/rising.element_tops); in Elemental Towers the towers that scored; in Dominus the card that
emptied the winner's hand. Only the table's public pieces are lit and nothing is shown that the end does not show
(the hands stay hidden, as at the end); it stays lit under the result panel. A window offscreen (tests, `play
--record --offscreen`, the gallery) has no one to watch: what won is lit and the panel comes at once there, unless
`enabled` is set; so in a game loaded already over. The light is the only mark: the cards keep their colours.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from direct.showbase.DirectObject import DirectObject
from panda3d.core import GraphicsWindow

from ..session import Stage
from ..view.framing import card_box, framed, pyramid_box
from ..view.glow import Glow
from ..view.rising import element_tops
from ..view.scene import CardView, PyramidView, card_transform, pyramid_transform

if TYPE_CHECKING:
    from ..view.camera import Box, Orbit
    from .table_screen import TableScreen

MOVE = 0.8  # seconds the camera takes to go to what won
HOLD = 1.8  # seconds from the end until the result panel comes
SPAN = 330.0  # millimetres of the table at least the camera shows round what won (a lone card does not fill the window)
RISING_PITCH = 38.0  # degrees: Aquarius Rising's house seen from lower down, its height told
SKIP = ("mouse1", "mouse3", "space", "enter", "escape")


def around(boxes: list[Box]) -> Box:
    """A flat box centred on the boxes, at least SPAN wide and deep: the neighbourhood shown with them."""
    low = [min(box[0][axis] for box in boxes) for axis in range(3)]
    high = [max(box[1][axis] for box in boxes) for axis in range(3)]
    centre = [(a + b) / 2 for a, b in zip(low, high)]
    half = [max(SPAN, b - a) / 2 for a, b in zip(low[:2], high[:2])]
    return ((centre[0] - half[0], centre[1] - half[1], low[2]), (centre[0] + half[0], centre[1] + half[1], low[2]))


class EndMoment:
    """Kept by the table screen: `update` after each redraw, `step` each frame."""

    def __init__(self, screen: TableScreen) -> None:
        self.screen = screen
        self.glow = Glow(screen.scene.root)
        self.enabled = isinstance(screen.base.win, GraphicsWindow)  # someone watches
        self.seen_over = screen.session.stage == Stage.OVER  # a game loaded already over has no moment
        self.began: float | None = None
        self.path: tuple[Orbit, Orbit] | None = None
        self.lit = False  # what won is lit (the moment ran, or the game showed over)
        self.keys = DirectObject()

    def running(self) -> bool:
        return self.began is not None

    def update(self) -> None:
        """After each redraw: the moment begins as the game ends, and the result panel waits while it runs."""
        session = self.screen.session
        over = session.stage == Stage.OVER
        if over and not self.lit:
            if self.enabled and not self.seen_over:
                self.begin()
            else:  # nobody watched it end (offscreen, or loaded over): what won lit at once, steady
                self.glow.show(*self.winning())
        self.lit = self.seen_over = over
        if not over:
            self.glow.clear()
            self.began = None
        if self.began is not None:
            self.screen.hud.end_panel.hide()

    def begin(self, now: float | None = None) -> None:
        screen = self.screen
        cards, pyramids = self.winning()
        self.glow.show(cards, pyramids)
        self.began = time.monotonic() if now is None else now
        boxes: list[Box] = [card_box(view.cell, card_transform(view)[2]) for view in cards.values()]
        boxes += [pyramid_box(pyramid_transform(view), view.code[0]) for view in pyramids.values()]
        padded = boxes + [around(boxes)] if boxes else []
        orbit = screen.camera.orbit
        pitch = RISING_PITCH if screen.session.flow.pyramids else orbit.pitch
        obstacles = screen.hud.obstacles(False) + screen.heights.obstacles()  # (the result panel is not there yet)
        goal = framed(padded, orbit.heading, pitch, screen.perspective, obstacles) if boxes else None
        self.path = (orbit, goal) if goal is not None else None
        for key in SKIP:
            self.keys.accept(key, self.finish)

    def step(self, now: float) -> None:
        """Each frame: the camera on its way to what won, the light breathing; at the end, the result panel."""
        if self.began is None:
            return
        elapsed = now - self.began
        self.glow.pulse(elapsed)
        if self.path is not None:
            start, goal = self.path
            self.screen.camera.place(start.blend(goal, min(1.0, elapsed / MOVE)))
        if elapsed >= HOLD:
            self.finish()

    def finish(self) -> None:
        """The moment over (or skipped): the lit pieces stay lit, steady; the result panel comes and the camera
        frames the whole table beside it, as at every end."""
        if self.began is None:
            return
        self.began, self.path = None, None
        self.keys.ignoreAll()
        self.glow.steady()
        screen = self.screen
        screen.camera.moved_by_player = False
        screen.camera.goal = None
        screen.refresh()
        screen.fit()

    def cleanup(self) -> None:
        self.keys.ignoreAll()

    # -- what won ---------------------------------------------------------------------------------------

    def winning(self) -> tuple[dict[object, CardView], dict[object, PyramidView]]:
        """The cards and pyramids that won the game, as the scene keys and places them."""
        screen = self.screen
        session, scene = screen.session, screen.scene
        state = session.state
        cards, pyramids = dict(scene.views), dict(scene.pyramid_views)
        if session.flow.pyramids:  # the winners' elements' highest houses
            tops = element_tops(state)
            deck = session.game.deck.cards
            elements = {deck[goal].code for goal in (state.goals[s] for s in state.winners) if goal is not None}
            houses = {tops[e][1] for e in elements if e in tops}
            return ({k: v for k, v in cards.items() if v.cell in houses},
                    {k: v for k, v in pyramids.items() if v.cell in houses})
        scored = session.flow.scored_spaces()
        if scored is not None:  # Elemental Towers: the towers that score
            return {}, {k: v for k, v in pyramids.items()
                        if isinstance(k, tuple) and len(k) == 3 and (k[0], k[1]) in scored}
        cells = set(session.winning_cells())
        if not cells and session.last_played is not None:  # Dominus: the card that emptied the winner's hand
            cell = getattr(session.last_played.result.move, "cell", None)
            cells = {cell} if cell is not None else set()
        ids = {state.table.cards[c] for c in cells if c in state.table.cards}
        return {k: v for k, v in cards.items() if k in ids}, {}
