"""Aquarius Rising: the height ranking kept on screen, a small panel in the bottom left corner listing each goal
element's highest point in millimetres and its rank, redrawn after every move; K hides it and shows it again.
Elements at the same height are ranked as the rest of the tie-break chain orders them (1, 2, 3, as the end screen
finds the winner), and a line under the rows says which step of the chain orders them (the panel grows upwards to
hold it, as high as its words are drawn); only elements equal on the whole chain share a rank ("1="), as a house's
label writes it too, and one line names every place so shared ("1=, 3= ...").

The heights and the ranks are the session's (RisingFlow.height_ranking, height_places, height_ties): the rules' own
heights and tie-break chain, from the same geometry the table is drawn by, never measured again here. Heights are
written as everywhere else (i18n.height: to the hundredth of a millimetre, "flat" for a card on the felt). The
panel is HUD space: the camera frames the table beside it and the labels keep clear of it (obstacles)."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from direct.gui.DirectGui import DirectFrame
from panda3d.core import Point3, TextNode, TextProperties, TextPropertiesManager

from ..core.vocabulary import LETTER_OF
from ..i18n import element_name, height as height_text, tr
from ..view.palette import ELEMENT_RGB
from . import layout
from .widgets import TEXT

if TYPE_CHECKING:
    from ..session.flows.rising import RisingFlow
    from ..view.camera import Rect
    from .table_screen import TableScreen

DARK = (0.05, 0.06, 0.08, 0.62)  # as the HUD's other panels
# Every word of the panel reads at least 11 pixels high in a window 600 high at 100% (its capitals, and the ranks'
# digits, which the font draws a quarter shorter: the ranks are written larger); the playtest read "1=" as "1-" at
# 5 pixels and the ties' lines at 6. Sizes in aspect2d units at 100%, from the bottom left corner.
WIDTH, TOP = 0.78, 0.6  # the panel
FRAME = (0.02, 0.02 + WIDTH, 0.02, TOP)
TITLE_SCALE, ROW_SCALE, RANK_SCALE, ROW_STEP = 0.062, 0.058, 0.072, 0.085
FIRST_ROW = TOP - 0.18  # the first row's baseline
SPACE_ON_DARK = (0.62, 0.5, 0.85)  # space's purple, light enough to read on the dark panel (as the elevation's)
DIM = (0.62, 0.62, 0.62, 1)  # an element not on the table
NOTE_SCALE, NOTE_GAP = 0.056, 0.08  # the ties' lines under the rows; from the last row's baseline to the first's
NOTE_FLOOR = 0.045  # the lowest ink of the last line (its letters' tails), over the panel's bottom
SOFT = (0.86, 0.84, 0.76, 1)  # the ties' lines, a little softer than the rows
EQUALS_SCALE, EQUALS_SHIFT = 1.5, 0.04  # a shared place's "=": larger, raised to the middle of its digit (em)
CLEAR = 0.02  # kept between the panel's top and the turn panel over it
HIGHEST = 1.0  # the panel's top stays under the window's middle (aspect2d units over its bottom) where it can
LEAST = 0.8  # the least of its size at 100% the panel takes to stay under the turn panel (capitals 9 pixels at 600)


def element_rgb(element: str) -> tuple[float, float, float]:
    if element == "space":
        return SPACE_ON_DARK
    red, green, blue = ELEMENT_RGB[LETTER_OF[element]]
    return (red / 255, green / 255, blue / 255)


def rank_mark(place: str) -> str:
    """A place as the panel writes it: a shared place's "=" drawn larger (the font's is two specks: "1=" read as
    "1-" in the playtest)."""
    if not place.endswith("="):
        return place
    manager = TextPropertiesManager.getGlobalPtr()
    if not manager.hasProperties("heights-equals"):
        properties = TextProperties()
        properties.setGlyphScale(EQUALS_SCALE)
        properties.setGlyphShift(EQUALS_SHIFT)
        manager.setProperties("heights-equals", properties)
    return f"{place[:-1]}\1heights-equals\1=\2"


class HeightPanel:
    """Kept by the table screen (its widgets are the screen's); only Aquarius Rising has one."""

    def __init__(self, screen: TableScreen) -> None:
        self.screen = screen
        self.wanted = screen.session.flow.pyramids  # K: hidden, shown again
        corner = screen.base.a2dBottomLeft  # (drawn under the hand-off cover, as the turn panel is)
        self.panel = screen.panel(FRAME, parent=corner, colour=DARK)
        self.drawn = FRAME  # the panel's frame as drawn now, in its own units: taller by the ties' lines
        self.frame = FRAME  # the same at the interface scale's units (as the HUD places the hand and the strip by)
        self.body = self.panel.attachNewNode("heights-rows")  # the title and the rows, raised over the ties' lines
        left, right = FRAME[0], FRAME[1]
        self.title = screen.text(tr("heights_title"), (left + 0.04, TOP - 0.085), TITLE_SCALE, TextNode.ALeft,
                                 parent=self.body)
        self.ranks, self.swatches, self.names, self.values = [], [], [], []
        for row in range(5):
            z = FIRST_ROW - row * ROW_STEP
            self.ranks.append(screen.text("", (left + 0.125, z), RANK_SCALE, TextNode.ARight, parent=self.body))
            self.swatches.append(screen.keep(DirectFrame(parent=self.body, frameColor=(1, 1, 1, 1),
                                                         frameSize=(left + 0.145, left + 0.2, z - 0.008, z + 0.047))))
            self.names.append(screen.text("", (left + 0.23, z), ROW_SCALE, TextNode.ALeft, parent=self.body))
            self.values.append(screen.text("", (right - 0.04, z), ROW_SCALE, TextNode.ARight, parent=self.body))
        self.note = screen.text("", (left + 0.04, NOTE_FLOOR), NOTE_SCALE, TextNode.ALeft, parent=self.panel,
                                fg=SOFT, wrap=(WIDTH - 0.07) / NOTE_SCALE)
        self.scale = 1.0  # the interface scale (Settings); the panel takes less where it would reach the turn panel
        self.rows: list[tuple[str, float | None, int | None]] = []  # what the panel shows: element, mm, rank
        self.places: dict[str, str] = {}  # each ranked element's place as written: "2", or "2=" when shared
        self.panel.hide()

    @property
    def shown(self) -> bool:
        return not self.panel.isHidden()

    def update(self) -> None:
        """The ranking as the table stands (after every move)."""
        if not self.wanted:
            self.panel.hide()
            return
        flow = cast("RisingFlow", self.screen.session.flow)
        self.rows, self.places = flow.height_ranking(), flow.height_places()
        self.title.setText(tr("heights_title"))
        goals = self.goals()
        self.tell_ties(goals)
        for row, (element, height, _) in enumerate(self.rows[:5]):
            bright = height is not None and (goals is None or element in goals)
            self.ranks[row].setText(rank_mark(self.places.get(element, "")))
            self.swatches[row]["frameColor"] = (*element_rgb(element), 1.0 if bright else 0.35)
            self.names[row].setText(element_name(element))
            self.values[row].setText("—" if height is None else height_text(height))
            for text in (self.ranks[row], self.names[row], self.values[row]):
                text["fg"] = TEXT if bright else DIM
        self.panel.show()

    def goals(self) -> list[str] | None:
        """At the game's end, the elements of the players' goals (shown then: the winner is the highest of them, and
        a playtest read Air, nobody's goal, ranked first over Earth, the winner); else None (the goals are secret)."""
        state = self.screen.session.state
        if not state.over:
            return None
        cards = self.screen.session.game.deck.cards
        return [cards[goal].code for goal in state.goals if goal is not None]

    def tell_ties(self, goals: list[str] | None = None) -> None:
        """A line for each group of elements at one height: the ranks the chain gave them and its step that orders
        them ("1–3 Same height: the pips ... decide, then ..."); then one line for every place shared, equal on the
        whole chain ("1=, 3= ... tied on every count": the playtest read the same sentence once for each). The panel
        grows upwards to hold the lines, as high as their words are drawn (RisingFlow.height_ties: the rules' chain).
        At the end (`goals` given) a last line names the goals' elements, the rows that decide."""
        flow = cast("RisingFlow", self.screen.session.flow)
        pips = getattr(self.screen.session.game.end, "pips", "house")  # which reading counts the pips
        lines, shared = [], []
        for first, last, _, steps in flow.height_ties():
            if not steps:
                shared.append(first)
                continue
            reasons = [tr(f"heights_decide_{step}_{pips}" if step in (1, 3) else f"heights_decide_{step}")
                       for step in steps]  # (the pips, then the next highest points, say)
            lines.append(tr("heights_tie", ranks=f"{first}–{last}", reason=tr("heights_then").join(reasons)))
        if shared:
            places = sorted(set(shared))
            said = (tr("heights_tie_even", rank=places[0]) if len(places) == 1 else
                    tr("heights_tie_even_places", ranks=", ".join(f"{place}=" for place in places)))
            for place in places:  # ("1= Same height ...": each "=" drawn as the rows')
                said = said.replace(f"{place}=", rank_mark(f"{place}="), 1)
            lines.append(said)
        if goals is not None:  # (the end: which rows count, the others dimmed)
            named = [element_name(e) for e in sorted(set(goals), key=[row[0] for row in self.rows].index)]
            lines.append(tr("heights_goals_end", elements=", ".join(named)))
        self.note.setText("\n".join(lines))
        self.stack(bool(lines))

    def stack(self, lines: bool) -> None:
        """The ties' lines stand on the panel's bottom, the rows over them, raised as far as the lines' words reach
        (measured as drawn: a line with a shared place's larger "=" is the taller for it, and a panel that counted
        rows of the font's height let its last line run under the window's bottom, issue 27); then the panel's frame
        round them, and its scale (fit)."""
        last_row = FIRST_ROW - 4 * ROW_STEP
        raise_by = 0.0
        if lines:
            node = self.note.textNode
            drop = -node.getBottom() * NOTE_SCALE  # from the first line's baseline to the lowest ink of the last
            first = NOTE_FLOOR + drop
            raise_by = max(0.0, first + NOTE_GAP - last_row)
            self.note.setPos(FRAME[0] + 0.04, first)
        self.body.setZ(raise_by)
        self.drawn = (FRAME[0], FRAME[1], FRAME[2], TOP + raise_by)
        self.panel["frameSize"] = self.drawn
        fit = self.fit(self.drawn[3])
        self.panel.setScale(self.scale * fit)
        self.frame = (FRAME[0] * fit, FRAME[1] * fit, FRAME[2] * fit, self.drawn[3] * fit)

    def rescale(self, scale: float) -> None:
        """The interface scale (Settings: 1.0, 1.25, 1.5): the panel grows with it (drawn again by update)."""
        self.scale = scale
        self.panel.setScale(scale)

    def fit(self, top: float) -> float:
        """How much of the interface scale the panel takes, its top `top` high (panel units) over the window's
        bottom: all of it, or less where it would rise over the window's middle (the table, and the elevation
        (E), keep the window's width over it), never less than its size at 100% for that; and less again where
        even so it would reach the turn panel (a small window, many players, long ties' lines), down to LEAST of
        its size at 100%."""
        hud = getattr(self.screen, "hud", None)
        if hud is None:
            return 1.0
        render2d = self.screen.base.render2d
        above = float(render2d.getRelativePoint(hud.top_left, Point3(0, 0, hud.info_panel["frameSize"][2])).z) - CLEAR
        room = above + 1  # (from the corner: the window's bottom)
        wanted = 1.0 if self.scale <= 1.0 else max(1.0 / self.scale, min(1.0, min(HIGHEST, room) / (top * self.scale)))
        if top * self.scale * wanted <= room:
            return wanted
        return max(LEAST / self.scale, room / (top * self.scale))

    def corner_width(self) -> float:
        """The width the panel takes from the bottom left corner, its margin with it, in the interface scale's units
        (layout.hand_place and layout.band lay the hand and the prompt strip right of it): as the panel is drawn now,
        drawn first for the table as it stands, under the turn panel as the HUD has just placed it. At 150% a panel
        with ties' lines is fitted to about 130%, and the hand had kept room for 150%: it was drawn smaller than the
        room beside the panel allowed."""
        self.update()
        return self.frame[1] + layout.HEIGHTS_W - FRAME[1]

    def toggle(self) -> None:
        """K: hide the panel, or show it again."""
        self.wanted = not self.wanted and self.screen.session.flow.pyramids
        self.update()

    def rect(self) -> Rect:
        """The panel's place in screen units (left, right, bottom, top), at the interface scale."""
        render2d, corner = self.screen.base.render2d, self.panel  # (the panel's frame is given in its own units)
        low = render2d.getRelativePoint(corner, Point3(self.drawn[0], 0, self.drawn[2]))
        high = render2d.getRelativePoint(corner, Point3(self.drawn[1], 0, self.drawn[3]))
        return (low.x, high.x, low.z, high.z)

    def obstacles(self) -> list[Rect]:
        """The panel, while it is wanted: the table is framed beside it."""
        return [self.rect()] if self.wanted else []
