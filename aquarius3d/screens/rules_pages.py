"""The Rules screen: each game summarised in the player's language, its rulings, and the controls, in pages.

Opened from the main menu (every game, Aquarius first) or from the game menu (the game being played,
its own options' rulings), over the game, which waits and comes back with Back or Esc. The summaries
are our own words (i18n: rules_summary_<family>); the rulings are the ruleset's `rulings:` and the
table-wide take-back ruling. Beside the paragraphs they explain, the summary's pages show pictures of
cards and pyramids drawn by the table's own renderer (rules_pictures.py), drawn on the frames after
their page is first shown and kept for the session; those pages wrap their text narrower, the pictures
in a column at the right.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from direct.gui.DirectGui import DirectButton
from panda3d.core import TextNode

from ..i18n import language, tr
from ..session.flows import flow_of
from . import Screen
from .rules_pictures import Column, Figure, figures
from .widgets import BUTTON, CHOSEN

if TYPE_CHECKING:
    from ..rules.records import Ruleset

GAMES = ("aquarius", "aquarius-rising", "elemental-towers", "dominus")  # the built-in games, one tab each
ROWS = 18  # text rows on a page
WRAP = 48  # characters (of the font's em) a row
NARROW = 27  # the same beside pictures
PICTURES = (0.2, 1.2, -0.6, 0.52)  # the pictures' column: left, right, bottom, top (aspect2d)
MOST_FIGURES = 2  # on one page


class RulesScreen(Screen):
    name = "rules"

    def build(self, ruleset: Ruleset | None = None) -> None:
        """`ruleset`: the game's loaded Ruleset (from the table), or None for the built-in games' own."""
        self.given = ruleset
        self._loaded: dict[str, Ruleset] = {}
        self.title = self.text("", (0, 0.8), 0.075)
        self.tabs: dict[str, DirectButton] = {}
        for i, game in enumerate(GAMES):
            self.tabs[game] = self.button(self._ruleset(game).name, self.show_game, (-0.99 + i * 0.66, 0.66), 0.05,
                                          args=(game,))
        self.panel((-1.25, 1.25, -0.72, 0.58))
        self.body = self.text("", (-1.18, 0.48), 0.048, TextNode.ALeft, wrap=WRAP)
        self.column = Column(self)
        self.page_line = self.text("", (0, -0.66), 0.042)
        self.previous = self.button(tr("rules_previous"), self.turn, (-0.9, -0.85), 0.055, args=(-1,))
        self.next = self.button(tr("rules_next"), self.turn, (0.9, -0.85), 0.055, args=(1,))
        self.button(tr("menu_back"), self.app.show_menu, (0, -0.85), 0.06)
        self.show_game(ruleset.id if ruleset is not None and ruleset.id in GAMES else GAMES[0])

    def busy(self) -> bool:
        return self.column.busy()  # pictures still being drawn, one a frame

    def cleanup(self) -> None:
        self.column.stop()
        super().cleanup()

    def bind_inputs(self) -> None:
        self.bind("cancel", self.app.show_menu)
        self.bind("page_next", self.turn, (1,))
        self.bind("page_previous", self.turn, (-1,))

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
        for name, tab in self.tabs.items():  # the game shown is marked, in words and in colour (as in Settings)
            tab["text"] = f"> {self._ruleset(name).name} <" if name == game else self._ruleset(name).name
            tab["frameColor"] = CHOSEN["frameColor"] if name == game else BUTTON["frameColor"]
            tab.resetFrameSize()  # (round its words as they are now: the marks made them run out of the button)
        family = ruleset.family
        rulings = [f"- {r.text(language())}" for r in ruleset.rulings] or [tr("rules_no_rulings")]
        rulings.append(f"- {tr('rules_takeback_towers' if flow_of(family).own_undo else 'rules_takeback')}")
        summary = tr(f"rules_summary_{family}").strip().split("\n\n")
        drawn = figures(ruleset)
        sections = [(tr("rules_section_summary"), summary, [drawn.get(i, []) for i in range(len(summary))]),
                    (tr("rules_section_rulings"), rulings, None),
                    (tr("rules_section_controls"), [tr("help_text").strip()], None)]
        self.pages: list[tuple[str, str]] = []  # (section, text)
        self.figures: list[list[Figure]] = []  # each page's pictures
        for section, paragraphs, pictures in sections:
            for text, shown in self._paginate(paragraphs, pictures):
                self.pages.append((section, text))
                self.figures.append(shown)
        self.page = 0
        self._draw()

    def _paginate(self, paragraphs: list[str], pictures: list[list[Figure]] | None) -> list[tuple[str, list[Figure]]]:
        """Paragraphs gathered into pages of at most ROWS wrapped rows (a longer paragraph has a page of its own)
        and at most MOST_FIGURES pictures (a section with pictures is wrapped narrower, all its pages alike)."""
        pictures = pictures if pictures and any(pictures) else None
        self.body.setWordwrap(NARROW if pictures else WRAP)
        pages: list[tuple[str, list[Figure]]] = []
        current = ""
        shown: list[Figure] = []
        for i, paragraph in enumerate(paragraphs):
            more = pictures[i] if pictures else []
            trial = f"{current}\n\n{paragraph}" if current else paragraph
            self.body.setText(trial)
            if current and (self.body.textNode.getNumRows() > ROWS or len(shown) + len(more) > MOST_FIGURES):
                pages.append((current, shown))
                current, shown = paragraph, list(more)
            else:
                current, shown = trial, shown + list(more)
        if current:
            pages.append((current, shown))
        return pages

    def turn(self, step: int) -> None:
        """The next (previous) page: PageDown and the right arrow, PageUp and the left arrow."""
        self.page = max(0, min(len(self.pages) - 1, self.page + step))
        self._draw()

    def _draw(self) -> None:
        section, text = self.pages[self.page]
        shown = self.figures[self.page]
        self.body.setWordwrap(NARROW if any(self.figures[i] for i, (s, _) in enumerate(self.pages) if s == section)
                              else WRAP)
        self.body.setText(text)
        self.column.show(shown, PICTURES)  # laid out now; a picture not drawn yet comes on the next frames
        self.page_line.setText(tr("rules_page", section=section, page=self.page + 1, pages=len(self.pages)))
        self.previous.show() if self.page > 0 else self.previous.hide()
        self.next.show() if self.page < len(self.pages) - 1 else self.next.hide()
