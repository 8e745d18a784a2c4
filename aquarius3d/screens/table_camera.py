"""The table screen's camera: what it frames and how the player moves it (a part of TableScreen,
screens/table_screen.py).

After each move (and when a game opens, ends or the window changes shape) the camera eases to frame the cards,
the pyramids, the ghosts, every cell a card may take next (when a person at this screen plays: the spots are drawn
for nobody else) and what the turn needs (Aquarius Rising's tray to play from, Elemental Towers' scoring row), each
clear of the HUD's panels, as large as the window allows (view/clearance.py); the piles and the other trays stay
clear of the panels too, but may stand at the window's edge or beyond it. The piles, trays, hands of backs and
labels come into the framing when the cards stay big so (a card at least BIG_CARD of the window's width, and
nearly as large as framing the cards first makes it: WHOLE_SHARE; at Dominus' start the whole outline framed
left its one card 0.91 of that, off the window's middle) or on T (a glance at the whole table: Aquarius Rising's
from higher, TRAYS_PITCH, where three trays stand in a column); at the end the cards are framed first too, beside the result panel (left of its column, not in a band over or under
it, unless that halves them: BESIDE_SHARE), with what
scored (Elemental Towers' scoring row, with room for its values as wide as they show from there: not its supply);
Aquarius Rising's trays and unused goals, right and left of its cards, stay clear of the panel, which stands at the
window's bottom right there (the cards in the band over it: TableParts.end_furniture). A game opens at the three-quarter view, 33 degrees above the table (30, 27 or 24 where
the layout runs deep or wide and its cards would come under BIG_CARD from 33: PLAY_PITCHES, until the player turns the camera),
through a lens 33 degrees high (view/config.py): lower than a plan, the table's depth is foreshortened and its
cards come larger into the window's width; a narrow lens keeps the far rows nearly as large as the near ones.
At 1280x720, Aquarius with 20 cards on the table: at a person's turn 81 pixels a card in the middle, the hand and
the prompt strip kept clear (66 from 40 degrees through a lens 40 high); four computers playing, 120 (LARGEST_CARD;
79 from 40 degrees). Framing the cards first, a card comes no larger than LARGEST_CARD (a game's first card would
fill the window off its middle). The HUD's parts are kept as they are drawn (the prompt strip as wide as its words,
not a band across the window); a change of their words alone (a card chosen, a message) moves the camera only if
they would now cover what is framed. While a person at this screen plays, the table is framed clear of the bottom
band as it stands at each step of the turns (a card chosen and placed, Elemental Towers' earned actions, the
computers' turns: screens/turn_band.py), so the camera holds through the turns and moves when the table grows: a view
still showing it all stays where framing again would make a card no more than HOLD larger, and the game's view comes no
higher again once it came lower (PLAY_PITCHES: a layout that ran deep swung between 33 and 30 degrees by turns). Once the player moves the camera it stays until F (or 1, 2, 3, Home): F
frames again from the player's angle. The wheel zooms towards what the pointer is on.
"""

from __future__ import annotations

import math
from collections.abc import Collection
from functools import partial
from typing import TYPE_CHECKING

from ..core import geometry
from ..engine.moves import TradePyramids
from ..session import Stage
from ..view.camera import Box, Orbit, Rect, project
from ..view.framing import ANGLES, CameraMan, frame_view, framed, node_boxes, scene_boxes, tangents
from ..view.towers import LABEL_REACH
from .overlays import node_rect
from .turn_band import STEPS, TurnBand

if TYPE_CHECKING:
    from panda3d.core import Lens, NodePath

    from ..session import Session
    from ..view.family import TableParts
    from ..view.picking import Picker
    from ..view.scene import TableScene
    from .feedback import Feedback
    from .heights import HeightPanel
    from .hud import Hud
    from .join import JoinPanel

Framing = tuple[int, bool, tuple[Rect, ...], float]  # what the camera was framed for: moves, ended, HUD, aspect
BIG_CARD = 90 / 640  # screen units (2 is the window's width): a card 90 pixels wide in a window 1280 wide
LARGEST_CARD = 120 / 640  # framing the cards first, a card comes no wider (120 pixels in a window 1280 wide)
BESIDE_SHARE = 0.5  # at the end, the cards beside the result panel unless that makes them smaller than this share
WHOLE_SHARE = 0.97  # the whole table is framed only if its cards come this large against the cards framed first
HEADING = (40.0, 40.0)  # millimetres of the table either side of the scoring row's heading, and beyond its anchor
WHOLE_CENTRED = 0.75  # the whole table (T, 1, or where its cards come big) centred across where a card keeps
# this share of its size (clearance.py: at the top view it stood against one side, a third of the window empty)
ROW_PITCH = 52.0  # degrees: the three-quarter view's pitch with Elemental Towers' scoring row (play_pitch)
PLAY_PITCHES = (ANGLES["orbit"][1], 30.0, 27.0, 24.0)  # the game's view, lower where the layout runs deep (framed)
TRAYS_PITCH = 55.0  # degrees: T's glance at Aquarius Rising's table with a column of three trays (four seats or more)
TRAYS_COLUMN = 4  # seats from which a column of trays is three deep (view/rising.py, ALONE_RIGHT)
HOLD = 0.02  # a view framing the turns' table stays if a new framing's card comes this much larger at most
RING_DRAWN = (Stage.CHOOSE, Stage.PLACE, Stage.TARGET)  # the stages the spots round the cards show in (`inside`)


class TableCamera:
    """The camera's part of the table screen (TableScreen inherits it; these are its fields)."""

    session: Session
    scene: TableScene
    parts: TableParts
    feedback: Feedback
    heights: HeightPanel
    hud: Hud
    join: JoinPanel
    picker: Picker
    camera: CameraMan
    perspective: Lens
    elevation_on: bool
    whole: bool
    glance: str | None  # T: "whole" (the whole table asked for) or "cards" (the cards, where the whole came by itself)
    game_pitch: bool  # the camera's pitch is the game's view (PLAY_PITCHES), not one the player turned to
    _framed_for: Framing | None
    turn_band: TurnBand  # the HUD's bottom band at the turns' steps, while a person plays (screens/turn_band.py)
    _around_dialog = False  # the last framing made room for a question's buttons (framed again once they go)
    _before_dialog: Orbit | None = None  # where the camera stood before it did

    def show_elevation(self, on: bool) -> None:
        raise NotImplementedError

    def _aim_elevation(self) -> None:
        raise NotImplementedError

    def window_aspect(self) -> float:
        raise NotImplementedError

    def refresh(self) -> None:
        raise NotImplementedError

    @property
    def orbit(self) -> Orbit:
        return self.camera.orbit

    def ended(self) -> bool:
        return self.session.stage in (Stage.OVER, Stage.ROUND_OVER)

    def frame_boxes(self, whole: bool | None = None, ring: bool = True) -> list[Box]:
        """What the camera frames: every card, pyramid, ghost and legal spot (any cell a card may take next: none
        when nobody at this screen plays, the computers' spots are never drawn; not with `ring` false), and what a
        turn needs in view (Aquarius Rising's tray to play from, Elemental Towers' scoring row); with the whole
        table (the piles, trays, hands of backs and labels too) when `whole`, by default as last framed."""
        spots = self._spots() if ring else ()
        if not (self.whole if whole is None else whole):
            return scene_boxes(self.scene, spots, self._turn_furniture()) + self._play_label_boxes() \
                + self.parts.pyramid_room()
        limit = [self.scene.limit_root] if self.scene.limit_root is not None else []  # (Dominus' outline: T shows it)
        return scene_boxes(self.scene, spots, self.parts.furniture() + self.feedback.nodes() + limit) \
            + self.parts.label_boxes()

    def _spots(self) -> Collection[tuple[int, int]]:
        """The cells a card may take next, where they are drawn: none at the end, nor when nobody at this screen
        plays (the computers' spots are never drawn)."""
        return () if self.ended() or self.session.humans == 0 else self.session.state.table.need

    def _turn_furniture(self) -> list[NodePath]:
        """The furniture the turn needs in view: TableParts.play_furniture, and every tray while Aquarius Rising's
        Zap a Card asks with whom to trade pyramids (the trays that would trade are ringed); not for Trade Hands."""
        if self.ended():  # (at the end, what scored: Elemental Towers' scoring row, not its supply)
            row = self.parts.scoring_row
            return list(row.cards) if row is not None else []
        needed = self.parts.play_furniture()
        trays = self.parts.trays
        if trays is not None and self.session.stage == Stage.PLAYER \
                and any(isinstance(option.move, TradePyramids) for option in self.session.options()):
            needed += [tray for tray in trays.seats if tray not in needed]
        return needed

    def _play_label_boxes(self) -> list[Box]:
        """Room for the labels of what a turn needs in view: Elemental Towers' values beside its scoring row, and
        the row's heading above its top card (where it is read first: not pushed aside by a panel of the HUD)."""
        boxes = self.parts.play_label_boxes()
        row = self.parts.scoring_row
        anchor = None if row is None or row.heading.isHidden() else row.heading.getPythonTag("anchor")
        if anchor is not None:
            (x, y, z), _ = anchor
            boxes.append(((x - HEADING[0], y, z), (x + HEADING[0], y + HEADING[1], z + 2.0)))
        return boxes

    def edge_boxes(self, whole: bool | None = None) -> list[Box]:
        """What may stand at the view's edge or out of it, but never under the HUD, while the cards are framed
        first: the piles and the other trays (T shows them all; the hands of backs are left out, as ornaments)."""
        if self.whole if whole is None else whole:
            return []
        if self.ended():  # (at the end the piles may stand under the result panel, the finished cards first; not
            return node_boxes(self.scene, self.parts.end_furniture())  # Aquarius Rising's trays and unused goals)
        needed = self._turn_furniture()
        return node_boxes(self.scene, [n for n in self.parts.furniture() if n not in needed])

    def obstacles(self) -> list[Rect]:
        return (self.hud.obstacles(self.ended(), not self.join.button.isHidden(), self.session.humans > 0)
                + self.feedback.obstacles() + self.heights.obstacles())

    def framed(self, name: str | None = None) -> Orbit:
        """The view framing the table clear of the HUD: a named one (orbit, top, side), or the present angles.
        The whole table when the cards stay big so (a card at least BIG_CARD of the window's width, and
        WHOLE_SHARE of its width with the cards framed first), asked for (T), or seen from above (1: the top view is the table's plan, every tray, pile and seat in
        it, none under a panel of the HUD); else the cards and the spots first, as large as the window allows. At the
        end, beside the result panel's column (`_beside_result`) where the cards come at least BESIDE_SHARE as large."""
        if name is None and self.game_pitch:
            name = "orbit"  # (the game's view, not one the player turned to: its pitch follows the layout)
        if name != "orbit" or self.parts.scoring_row is not None:
            return self._framed_beside(name, self._angles(name))
        trays = self.parts.trays
        if self.glance == "whole" and trays is not None and len(trays.seats) >= TRAYS_COLUMN:
            # (from 33 degrees the pyramids of a column's trays rose into the gaps between them on the screen: the
            # middle tray's label found no place and was not shown; from higher each stands before its tray)
            return self._framed_beside(name, (ANGLES["orbit"][0], TRAYS_PITCH))
        best: tuple[float, Orbit, tuple[bool, float]] | None = None
        turn = self._turn_framed() and self.session.stage in STEPS  # (a turn's step: its pitch no higher again)
        highest = self.turn_band.pitch if turn and self.turn_band.pitch is not None else PLAY_PITCHES[0]
        for pitch in [p for p in PLAY_PITCHES if p <= highest]:
            # the highest that leaves a card BIG_CARD wide; else the one with the largest
            found = self._framed_beside(name, (ANGLES["orbit"][0], pitch))
            width = self._card_width(found)
            if best is None or width > best[0] * 1.02:
                best = (width, found, self._framing_state())
            if width >= BIG_CARD:
                break
        assert best is not None
        self._framing_state(best[2])
        if turn:
            self.turn_band.pitch = best[1].pitch
        return best[1]

    def _framing_state(self, state: tuple[bool, float] | None = None) -> tuple[bool, float]:
        """What a framing leaves besides the orbit (whether it took the whole table, how far Elemental Towers' values
        reach), set back to `state` when given."""
        row = self.parts.scoring_row
        if state is not None:
            self.whole = state[0]
            if row is not None:
                row.reach = state[1]
        return (self.whole, row.reach if row is not None else 0.0)

    def _angles(self, name: str | None) -> tuple[float, float]:
        """The heading and pitch of a named view, or the present ones."""
        if name is None:
            return self.camera.orbit.heading, self.camera.orbit.pitch
        return ANGLES[name] if name != "orbit" else (ANGLES[name][0], self.play_pitch())

    def _framed_beside(self, name: str | None, angles: tuple[float, float]) -> Orbit:
        """`_framed` from these angles; at the end, beside the result panel where the cards come BESIDE_SHARE as
        large there."""
        found = self._framed(name, angles, self.obstacles() + self._turn_obstacles())
        beside = self._beside_result()
        if beside is None:
            return found
        kept = self._framing_state()
        other = self._framed(name, angles, beside)  # the end: the finished cards beside the result, not over or under
        if self._card_width(other) >= BESIDE_SHARE * self._card_width(found):
            return other
        self._framing_state(kept)  # (as framed for `found`)
        return found

    def _turn_framed(self) -> bool:
        """Is the table framed for the whole turn (screens/turn_band.py): while a person at this screen plays."""
        return not self.ended() and self.session.humans > 0

    def _turn_obstacles(self) -> list[Rect]:
        """While a person at this screen plays: the HUD's bottom band as it stood at the turns' other steps
        (screens/turn_band.py), kept clear too so that the framing holds through the turn."""
        if not self._turn_framed():
            return []
        return self.turn_band.others(self.session.stage, (self.window_aspect(), self.hud.scale))

    def _holds(self, found: Orbit, now: Orbit | None = None) -> bool:
        """While a person at this screen plays: does the view the camera stands at (or eases to) frame the table as
        well as `found` (from its angles, a card no more than HOLD smaller) and show all of it clear of the HUD as it stands
        at each step of the turn? Then it stays: no pan nor small zoom at each step."""
        from ..view.clearance import shows
        from ..view.framing import MARGIN, WINDOW, grown

        now = now or self.camera.destination()
        if not self._turn_framed() or self.glance is not None or not math.isclose(now.heading, found.heading) \
                or not math.isclose(now.pitch, found.pitch) \
                or self._card_width(now) < self._card_width(found) * (1 - HOLD):
            return False
        tan_x, tan_y = tangents(self.perspective)
        inner = (WINDOW[0] + MARGIN, WINDOW[1] - MARGIN, WINDOW[2] + MARGIN, WINDOW[3] - MARGIN)
        return shows(self.frame_boxes(), self.edge_boxes(), now, tan_x, tan_y, inner,
                     grown(self.obstacles() + self._turn_obstacles()))

    def _beside_result(self) -> list[Rect] | None:
        """At the end, the HUD's panels with the result panel's column kept free of the table, from the window's top
        to its bottom: the finished cards come beside the result (at 1024x600 and 150% Dominus' cards otherwise rose
        into the low band over the panel, against the window's top edge, its bottom half left empty). None where the
        end keeps furniture clear of the panel (Aquarius Rising's trays, TableParts.end_furniture): the panel stands
        at the window's bottom right there, and the houses in the band over it, the trays beside them; kept out of
        the panel's whole column, the trays and the goals' pile right of the houses took them from 58 pixels wide to
        39 (four computers at 1280x720 and 125%)."""
        if not self.ended() or self.hud.end_panel.isHidden() or self.parts.end_furniture():
            return None
        panel = self.hud._rect(self.hud.end_panel, self.hud.end_frame())
        column = (panel[0], panel[1], -1.0, 1.0)
        return [o for o in self.obstacles() if o != panel] + [column]

    def _framed(self, name: str | None, angles: tuple[float, float], obstacles: list[Rect]) -> Orbit:
        """`framed` from these angles (heading, pitch), clear of these obstacles."""
        row = self.parts.scoring_row
        if row is not None:
            row.reach = LABEL_REACH
        for _ in range(4):  # (Elemental Towers: again with the room its values take on the screen from there)
            whole = self._fit(self.frame_boxes(True), name, angles, obstacles=obstacles)
            above = angles[1] >= ANGLES["top"][1] - 0.5
            cards = self.glance == "cards"  # (T's cards and spots alone: as large as they come)
            boxes = scene_boxes(self.scene, self._spots()) if cards else self.frame_boxes(False)
            first = None if self.glance == "whole" or above else self._fit(boxes, name, angles,
                                                                            None if cards else self.edge_boxes(False),
                                                                            obstacles)
            width = self._card_width(whole)
            self.whole = first is None or self.glance != "cards" and width >= BIG_CARD \
                and width >= WHOLE_SHARE * self._card_width(first)
            found = whole if self.whole or first is None else first
            if row is None or not row.cards:
                break
            reach = row.reach_from(partial(self._seen_from, found), self.window_aspect())
            if reach <= row.reach * 1.05:
                break
            row.reach = reach
        return found

    def _fit(self, boxes: list[Box], name: str | None, angles: tuple[float, float] | None = None,
             edge: list[Box] | None = None, obstacles: list[Rect] | None = None) -> Orbit:
        """The view framing these boxes clear of the HUD (`edge` ones clear of it too) from these angles (by default
        the named view's: `_angles`); framing the cards first (`edge` given), a card comes no wider than LARGEST_CARD:
        a few cards at a game's start would come larger still, filling the window off its middle. `obstacles`: the
        HUD's by default."""
        lens = self.perspective
        obstacles = self.obstacles() if obstacles is None else obstacles
        heading, pitch = self._angles(name) if angles is None else angles
        found = framed(boxes, heading, pitch, lens, obstacles, edge=edge or [],
                       largest=LARGEST_CARD if edge is not None else None,
                       centre_share=1.0 if edge is not None else WHOLE_CENTRED)
        edge = edge or []
        return found if found is not None else frame_view(name or "orbit", boxes, lens, obstacles, edge)

    def _seen_from(self, orbit: Orbit, point: tuple[float, float, float]) -> tuple[float, float] | None:
        """Where a point of the table shows on the screen (-1..1 each way) from an orbit."""
        return project(point, orbit, *tangents(self.perspective))

    def play_pitch(self) -> float:
        """The three-quarter view's pitch (a game opening, Home, 3): ANGLES' (lower than a plan: the table's depth
        foreshortened, its cards come larger into the window's width), but for Elemental Towers' scoring row,
        which runs away from the player: seen lower, its five values have no room beside their cards."""
        return ANGLES["orbit"][1] if self.parts.scoring_row is None else ROW_PITCH

    def _card_width(self, orbit: Orbit) -> float:
        """How wide a card in the middle of the table stands on the screen from an orbit (screen units: 2 is the
        window's width)."""
        cells = list(self.session.state.table.cards) or [(0, 0)]
        x = sum(geometry.cell_centre(*c)[0] for c in cells) / len(cells)
        y = sum(geometry.cell_centre(*c)[1] for c in cells) / len(cells)
        tan_x, tan_y = tangents(self.perspective)
        top = geometry.card_top(0)
        left = project((x - geometry.CARD_WIDTH / 2, y, top), orbit, tan_x, tan_y)
        right = project((x + geometry.CARD_WIDTH / 2, y, top), orbit, tan_x, tan_y)
        return 0.0 if left is None or right is None else math.hypot(right[0] - left[0], right[1] - left[1])

    def toggle_glance(self) -> None:
        """T: a glance at the whole table (piles, trays, the scoring row), or back to the cards framed big; where the
        whole table is framed by itself (its cards come as big), T frames the cards and spots alone, as large as they
        come, the piles wherever that leaves them (T changed nothing there)."""
        self.glance = None if self.glance is not None else "cards" if self.whole else "whole"
        self.show_elevation(False)
        self.camera.moved_by_player = False
        self._framed_for = self._framing_key()
        self.camera.ease_to(self.framed())

    def frame_now(self) -> None:
        """Stand at the three-quarter view framing the table (a game opening)."""
        self.game_pitch = True
        self.camera.place(self.framed("orbit"))
        self._framed_for = self._framing_key()
        self.camera.moved_by_player = False

    def _framing_key(self) -> Framing:
        """What a new framing follows: a move, the end, the window's shape and the interface scale, and the HUD's
        panels. Not the Join button, nor the words of the notice or the prompt strip: they change while the same choice goes on (a card
        chosen, a message), and the camera stays; `_follow` frames again only if they would now cover what is
        framed."""
        words = set(self.hud.words()) | {self.hud._rect(self.hud.base.aspect2d, r) for r in self.hud.prompt.rects()}
        join = node_rect(self.hud.screen, self.join.button) if not self.join.button.isHidden() else None
        panels = tuple(o for o in self.obstacles() if o not in words and o != join)  # (the Join button comes and
        # goes with a question's buttons: the camera moved for it; it is one of the boxes `inside` keeps clear)
        return (len(self.session.state.log), self.ended(), panels, self.window_aspect())

    def _follow(self) -> None:
        """After a move (or when something shown would fall outside), ease to a new framing; not if the player
        has moved the camera since the last one, unless the game or the round has just ended: the end frames the
        table beside the result panel however the player left the camera (it stood under the panel)."""
        key = self._framing_key()
        if self._turn_framed():  # (the bottom band this step shows and the notice's words, kept clear at the turns'
            band = [self.hud._rect(self.hud.base.aspect2d, rect) for rect in self.hud.band()]  # other steps)
            notice = None if self.hud.notice.isHidden() else node_rect(self.hud.screen, self.hud.notice)
            self.turn_band.note(self.session.stage, band + ([notice] if notice else []),
                                (self.window_aspect(), self.hud.scale))
        if key[1] and (self._framed_for is None or not self._framed_for[1]):
            self.camera.moved_by_player = False
        if self.camera.moved_by_player or self.elevation_on:
            return
        dialog = self.hud.prompt.dialog_rect is not None
        after_dialog = self._around_dialog and not dialog  # (a question answered or put away by Esc: the table as
        if key != self._framed_for or not self.inside() or after_dialog:  # large again: as it stood before, if held)
            if dialog and not self._around_dialog:
                self._before_dialog = self.camera.destination()
            reshaped = self._framed_for is None or key[3] != self._framed_for[3]  # (the window: framed anew)
            self._framed_for = key
            self._around_dialog = dialog
            found = self.framed()
            back = self._before_dialog if after_dialog else None
            if back is not None and self._holds(found, back):
                self.camera.ease_to(back)
            elif after_dialog or reshaped or not self._holds(found):
                self.camera.ease_to(found)


    def inside(self, orbit: Orbit | None = None) -> bool:
        """Does every framed box drawn now show inside the window, clear of the HUD, and every box that may stand at
        the edge stay clear of the HUD, seen from an orbit (the camera's goal by default)?"""
        from ..view.clearance import shows
        from ..view.framing import WINDOW

        orbit = orbit or self.camera.destination()
        tan_x, tan_y = tangents(self.perspective)
        # (the ring of spots round the cards is drawn while a card is chosen and placed only: the prompt or a
        # question's buttons grown over an undrawn one moved the camera, Aquarius Rising's pyramid just picked
        # then no longer under the pointer, a question on an action card framing the table far off)
        ring = self.session.stage in RING_DRAWN
        return shows(self.frame_boxes(ring=ring), self.edge_boxes(), orbit, tan_x, tan_y, WINDOW, self.obstacles())

    def fit(self) -> None:
        """F: frame the table from the present angle, and follow the game again."""
        self.show_elevation(False)
        self.camera.moved_by_player = False
        self._framed_for = self._framing_key()
        self.camera.ease_to(self.framed())

    def view(self, name: str) -> None:
        """1, 2, 3 (and Home): a view from above, the side or three-quarters, framed; Rising's side is its elevation."""
        if name == "side" and self.parts.elevation is not None:
            self.show_elevation(True)
            return
        self.show_elevation(False)
        self.camera.moved_by_player = False
        self.game_pitch = name == "orbit"
        self._framed_for = self._framing_key()
        self.camera.ease_to(self.framed(name))

    def rotate(self, heading: float, pitch: float) -> None:
        self.show_elevation(False)
        self.game_pitch = False  # (F frames again from the player's angles)
        self.camera.rotate(heading, pitch)

    def zoom(self, factor: float) -> None:
        elevation = self.parts.elevation
        if self.elevation_on and elevation is not None:  # the elevation stays orthographic: zoom its film
            elevation.zoom = max(0.2, min(2.0, elevation.zoom * factor))
            self._aim_elevation()
            return
        pointer = self.picker.mouse()  # the wheel zooms towards what the pointer is on, not the window's middle
        # (over the log's unfolded panel the wheel never comes here: the panel takes it, screens/log_scroll.py)
        spot = self.picker.table_point(pointer) if pointer is not None else None
        self.camera.zoom(factor, None if spot is None else (spot[0], spot[1], geometry.card_top(0)))

    def pan(self, right: float, forward: float) -> None:
        self.show_elevation(False)
        self.camera.pan(right, forward)
