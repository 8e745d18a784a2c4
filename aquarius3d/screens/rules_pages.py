"""The Rules screen: each game summarised in the player's language, its rulings, and the controls, in pages.

Opened from the main menu (every game, Aquarius first) or from the game menu (the game being played,
its own options' rulings), over the game, which waits and comes back with Back or Esc. The summaries
are our own words (i18n: rules_summary_<family>); the rulings are the ruleset's `rulings:` and the
table-wide take-back ruling. Beside the paragraphs they explain, the summary's pages show pictures of
cards and pyramids drawn by the table's own renderer (rules_pictures.py), drawn on the frames after
their page is first shown and kept for the session; those pages wrap their text narrower, the pictures
in a column at the right.

The pages hold the interface scale (issue 27, point 10): they are laid out for the window's width and height at
that scale (`Shape`): as wide as the window allows (2.5 units at most, as drawn at 100%), the text wrapped to the
width left, the spacing tighter and fewer rows a page where the window is lower. A page higher than the window all
the same (one long paragraph) scrolls as the forms do (scrolling.py): the wheel and the up and down arrows, its
buttons at the window's bottom.
"""

from __future__ import annotations

import itertools
import math
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from direct.gui.DirectGui import DirectButton
from panda3d.core import TextNode

from ..i18n import game_controls, language, tr
from ..session.flows import flow_of
from . import Screen, scrolling
from .layout import MARGIN
from .rules_pictures import Column, Figure, figures
from .widgets import Frame, mark_choice, side_by_side

if TYPE_CHECKING:
    from ..rules.records import Ruleset

GAMES = ("aquarius", "aquarius-rising", "elemental-towers", "dominus")  # the built-in games, one tab each
ROWS = 18  # text rows on a page, at most
WRAP = 48  # characters (of the font's em) a row, at most
NARROW = 27  # the same beside pictures
HALF = 1.25  # the page's half width, at most (aspect2d units as drawn at 100%)
TEXT = 0.048  # the page's text scale
INSET = 0.07  # between the panel's edge and the text
PICTURES = 1.0  # the pictures' column's width, at most
COLUMN = 0.4  # its share of the page's width, at least (a narrow window: the text narrower than NARROW)
GUTTER = 0.084  # between the text and the pictures
MOST_FIGURES = 2  # on one page
SPLITS = 4000  # a section's ways to split into its fewest pages, at most, weighed one by one
TAB_ROW = 0.09  # between two rows of tabs (widgets.side_by_side's), where the window is too narrow for one
# the gaps down the page (title, tabs, panel's top, text; buttons, panel's bottom, page line): as drawn in a window
# with room, and tighter where the window is low at the interface scale
ROOMY = (0.18, 0.14, 0.08, 0.1, 0.13, 0.13, 0.06)
TIGHT = (0.075, 0.11, 0.07, 0.075, 0.06, 0.09, 0.045)


@dataclass(frozen=True)
class Shape:
    """Where a page's parts stand for a window (aspect2d units as drawn at 100%, round the window's middle)."""

    half: float  # the panel's half width
    title: float  # the title's line
    tabs: float  # the tabs' row
    top: float  # the panel's top
    text: float  # the first row of the text
    bottom: float  # the panel's bottom
    page_line: float
    buttons: float
    rows: int  # of text a page
    wrap: float  # the text's width (em) with no pictures
    narrow: float  # beside the pictures
    pictures: Frame  # their column: left, right, bottom, top


def page_half(scale: float, aspect: float) -> float:
    """The page's half width for a window of `aspect` at the interface `scale`: as wide as the window allows."""
    return min(HALF, (aspect - MARGIN) / scale)


def shape(scale: float, aspect: float, line: float, tab_rows: int = 1) -> Shape:
    """The page for a window of `aspect` at the interface `scale`, `line` its text's row height (em), its tabs in
    `tab_rows` rows: as wide and as high as the window at that scale allows, the roomy gaps where ROWS rows fit
    between them, else the tight."""
    half = page_half(scale, aspect)
    high = min(1.0 - MARGIN, (1.0 - MARGIN) / scale)
    row = line * TEXT
    for gaps in (ROOMY, TIGHT):
        title = high - gaps[0]
        tabs = title - gaps[1]
        top = tabs - TAB_ROW * (tab_rows - 1) - gaps[2]
        text = top - gaps[3]
        buttons = -high + gaps[4]
        bottom = buttons + gaps[5]
        page_line = bottom + gaps[6]
        rows = min(ROWS, int((text - page_line - 0.066) / row) + 1)  # (the rows' descent, the page line's ascent)
        if rows >= ROWS:
            break
    inner = 2 * (half - INSET)
    column = max(COLUMN * inner, min(PICTURES, inner - GUTTER - NARROW * TEXT))  # (the text NARROW wide if it can)
    right = half - INSET + 0.02
    return Shape(half, title, tabs, top, text, bottom, page_line, buttons, max(rows, 4),
                 min(WRAP, inner / TEXT), min(NARROW, (inner - column - GUTTER) / TEXT),
                 (right - column, right, page_line + 0.06, top - 0.06))


def balanced(rows: list[int], pictures: list[int], gap: int, most: int) -> list[int]:
    """Where a section's pages start (paragraph numbers, and the number of paragraphs last): paragraphs of `rows`
    rows each, `gap` blank rows between two on a page, `pictures` each (MOST_FIGURES a page), at most `most` rows a
    page unless one paragraph alone is longer. The fewest pages; of the splits into that many, the one whose
    barest page is the fullest (a picture fills half a page's rows), then the one whose pages' text is the most
    even."""
    count = len(rows)
    if not count:
        return [0]

    def fits(a: int, b: int) -> bool:
        return b - a == 1 or (sum(rows[a:b]) + gap * (b - a - 1) <= most and sum(pictures[a:b]) <= MOST_FIGURES)

    greedy, a = [0], 0  # the fewest pages: filled one after another, each as full as fits
    while a < count:
        b = a + 1
        while b < count and fits(a, b + 1):
            b += 1
        greedy.append(b)
        a = b
    pages = len(greedy) - 1
    best: tuple[tuple[float, int], list[int]] | None = None
    splits = itertools.combinations(range(1, count), pages - 1) if math.comb(count - 1, pages - 1) <= SPLITS else ()
    for inner in splits:
        cuts = [0, *inner, count]
        if not all(fits(a, b) for a, b in zip(cuts, cuts[1:])):
            continue
        text = [sum(rows[a:b]) + gap * (b - a - 1) for a, b in zip(cuts, cuts[1:])]
        fill = [max(t, sum(pictures[a:b]) * most / MOST_FIGURES) for t, (a, b) in zip(text, zip(cuts, cuts[1:]))]
        key = (min(fill), min(text) - max(text))
        if best is None or key > best[0]:
            best = (key, cuts)
    return best[1] if best is not None else greedy  # (too many splits to weigh: the greedy one)

class RulesScreen(Screen):
    name = "rules"
    pictured = True

    def build(self, ruleset: Ruleset | None = None) -> None:
        """`ruleset`: the game's loaded Ruleset (from the table), or None for the built-in games' own."""
        self.given = ruleset
        self._loaded: dict[str, Ruleset] = {}
        self.title = self.text("", (0, 0.8), 0.075)
        self.tabs: dict[str, DirectButton] = {}
        for game in GAMES:
            self.tabs[game] = self.button(self._ruleset(game).name, self.show_game, (0, 0.66), 0.05, args=(game,))
        self.page_panel = self.panel((-HALF, HALF, -0.72, 0.58))
        self.body = self.text("", (-HALF + INSET, 0.48), TEXT, TextNode.ALeft, wrap=WRAP)
        self.column = Column(self)
        self.page_line = self.text("", (0, -0.66), 0.042)
        self.previous = self.button(tr("rules_previous"), self.turn, (-0.9, -0.85), 0.055, args=(-1,))
        self.next = self.button(tr("rules_next"), self.turn, (0.9, -0.85), 0.055, args=(1,))
        self.back = self.back_button(self.app.show_menu, (0, -0.85), 0.06)
        self.shape: Shape | None = None  # the page's layout, for the window and scale it was made for
        self._made_for: tuple[float, float] | None = None
        self.pages: list[tuple[str, str]] = []  # (section, text)
        self.starts: list[tuple[int, int]] = []  # each page's section and first paragraph (by number)
        self.figures: list[list[Figure]] = []  # each page's pictures
        self.page = 0
        self.show_game(ruleset.id if ruleset is not None and ruleset.id in GAMES else GAMES[0])

    def busy(self) -> bool:
        return self.column.busy() or super().busy()  # pictures still being drawn, one a frame

    def cleanup(self) -> None:
        self.column.stop()
        super().cleanup()

    def bind_inputs(self) -> None:
        self.bind("page_next", self.turn, (1,))
        self.bind("page_previous", self.turn, (-1,))
        self.bind("page_scroll_up", self.scroll.by, (-scrolling.STEP,), repeat=True)
        self.bind("page_scroll_down", self.scroll.by, (scrolling.STEP,), repeat=True)
        self.accept("window-event", self._window_changed)

    def _window_changed(self, window: object = None) -> None:
        """The window changed (its shape, perhaps): the page laid out again for it."""
        if self._made_for is not None and self._made_for[1] != self.base.getAspectRatio():
            self.apply_scale()

    def apply_scale(self) -> None:
        """At the interface scale: the page laid out again for the window and the scale (the same paragraph at its
        top), then scaled and, if higher than the window, scrolled as a form is (Screen.apply_scale)."""
        if self.root is None:
            return
        if self._made_for != (self.interface_scale(), self.base.getAspectRatio()) and self.pages:
            section, first = self.starts[self.page]
            self._lay_out()
            self.page = max(i for i, (s, p) in enumerate(self.starts) if (s, p) <= (section, first))
            self._draw()  # (which scales it)
            return
        super().apply_scale()

    def _ruleset(self, game: str) -> Ruleset:
        if self.given is not None and self.given.id == game:
            return self.given
        if game not in self._loaded:
            from ..rules.ruleset import load_ruleset

            self._loaded[game] = load_ruleset(game, {}).ruleset
        return self._loaded[game]

    def show_game(self, game: str) -> None:
        """One game's pages: how to play, the rulings, the controls."""
        ruleset = self._ruleset(game)
        self.game = game
        self.title.setText(tr("rules_title", game=ruleset.name))
        for name, tab in self.tabs.items():  # the game shown is marked, in words and in colour (as in Settings),
            mark_choice(tab, self._ruleset(name).name, name == game)  # each tab as wide chosen or not: none moves
        self.page = 0
        self._lay_out()
        self._draw()

    def _lay_out(self) -> None:
        """Place the page's parts for the window and the interface scale (`shape`), and gather the game's
        paragraphs into pages of the rows that fit."""
        scale, aspect = self.interface_scale(), self.base.getAspectRatio()
        self._made_for = (scale, aspect)
        tabs = list(self.tabs.values())
        wide = sum(tab.getWidth() * tab.getScale()[0] for tab in tabs)
        room = 2 * page_half(scale, aspect) - 2 * INSET
        gap = max(0.03, min(0.3, (room - wide) / (len(tabs) - 1)))
        rows = len({round(tab.getZ(), 3) for tab in side_by_side(tabs, 0.0, gap, room)})
        self.shape = made = shape(scale, aspect, self.body.textNode.getLineHeight(), rows)
        self.title.setPos(0, made.title)
        side_by_side(tabs, made.tabs, gap, room)
        self.body.setPos(-made.half + INSET, made.text)
        for button, x in ((self.previous, -0.9), (self.back, 0.0), (self.next, 0.9)):
            button.setX(x * made.half / HALF)  # (their height, the panel's bottom and the page line: `_draw`)
        ruleset = self._ruleset(self.game)
        family = ruleset.family
        rulings = [f"- {r.text(language())}" for r in ruleset.rulings] or [tr("rules_no_rulings")]
        rulings.append(f"- {tr('rules_takeback_towers' if flow_of(family).own_undo else 'rules_takeback')}")
        summary = tr(f"rules_summary_{family}").strip().split("\n\n")
        drawn = figures(ruleset)
        controls = self._control_rows(game_controls(family))  # this game's keys (a page holds the rows that fit)
        sections = [(tr("rules_section_summary"), summary, [drawn.get(i, []) for i in range(len(summary))], "\n\n"),
                    (tr("rules_section_rulings"), rulings, None, "\n\n"),
                    (tr("rules_section_controls"), controls, None, "\n")]
        self.pages, self.starts, self.figures = [], [], []
        for number, (section, paragraphs, pictures, joint) in enumerate(sections):
            for first, text, shown in self._paginate(paragraphs, pictures, joint):
                self.pages.append((section, text))
                self.starts.append((number, first))
                self.figures.append(shown)

    def _control_rows(self, rows: list[str]) -> list[str]:
        """The controls' rows as the page shows them: a row of several controls (set apart by runs of spaces) too
        long for one line of the page is cut between two of them, never inside one ("Enter: choose / it")."""
        assert self.shape is not None
        self.body.setWordwrap(self.shape.wrap)
        found = []
        for row in rows:
            line = ""
            for part in re.split(r" {3,}", row):
                trial = f"{line}      {part}" if line else part
                self.body.setText(trial)
                if line and self.body.textNode.getNumRows() > 1:
                    found.append(line)
                    trial = part
                line = trial
            found.append(line)
        return found

    def _paginate(self, paragraphs: list[str], pictures: list[list[Figure]] | None,
                  joint: str) -> list[tuple[int, str, list[Figure]]]:
        """Paragraphs (joined by `joint`) gathered into pages of at most the shape's rows of wrapped text (a longer
        paragraph has a page of its own, which scrolls) and at most MOST_FIGURES pictures (a section with pictures
        is wrapped narrower, all its pages alike): each page's first paragraph's number, its text and pictures.

        As few pages as that allows, and of those the split whose barest page holds the most (`balanced`): a last
        page of one line (Dominus' "Several rounds may be played", the playtest found) shares the section's text
        with the page before it instead."""
        assert self.shape is not None
        pictures = pictures if pictures and any(pictures) else None
        self.body.setWordwrap(self.shape.narrow if pictures else self.shape.wrap)
        rows = []
        for paragraph in paragraphs:  # (each paragraph's rows wrap alone: a page's rows are the sum and the joints)
            self.body.setText(paragraph)
            rows.append(self.body.textNode.getNumRows())
        shown = [list(pictures[i]) if pictures else [] for i in range(len(paragraphs))]
        cuts = balanced(rows, [len(s) for s in shown], joint.count("\n") - 1, self.shape.rows)
        return [(a, joint.join(paragraphs[a:b]), [f for s in shown[a:b] for f in s])
                for a, b in zip(cuts, cuts[1:])]

    def turn(self, step: int) -> None:
        """The next (previous) page, from its top: PageDown and the right arrow, PageUp and the left arrow."""
        self.page = max(0, min(len(self.pages) - 1, self.page + step))
        self._draw()

    def _draw(self) -> None:
        assert self.shape is not None
        section, text = self.pages[self.page]
        shown = self.figures[self.page]
        pictured = any(self.figures[i] for i, (s, _) in enumerate(self.pages) if s == section)
        self.body.setWordwrap(self.shape.narrow if pictured else self.shape.wrap)
        self.body.setText(text)
        made = self.shape  # a paragraph longer than a page: the panel longer, the page scrolls (its buttons stay)
        longer = max(0, self.body.textNode.getNumRows() - made.rows) * self.body.textNode.getLineHeight() * TEXT
        self.page_panel["frameSize"] = (-made.half, made.half, made.bottom - longer, made.top)
        self.page_line.setPos(0, made.page_line - longer)
        for button in (self.previous, self.back, self.next):
            button.setZ(made.buttons - longer)
        self.scroll.foot_line = made.bottom - longer - 0.01  # (the buttons under the panel: at the window's bottom)
        self.column.show(shown, self.shape.pictures)  # laid out now; a picture not drawn yet comes on the next frames
        self.page_line.setText(tr("rules_page", section=section, page=self.page + 1, pages=len(self.pages)))
        self.previous.show() if self.page > 0 else self.previous.hide()
        self.next.show() if self.page < len(self.pages) - 1 else self.next.hide()
        self.scroll.offset = 0.0  # (a page shows from its top)
        super().apply_scale()  # its new captions in the part that scrolls; scrolled if higher than the window
