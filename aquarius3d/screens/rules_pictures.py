"""The pictures beside the Rules pages' text: cards and pyramids drawn by the table's own renderer.

`figures(ruleset)` gives, per paragraph of a game's summary (i18n rules_summary_<family>, the same
paragraphs in every language), the figures that explain it: a small table drawn offscreen
(view/snapshots.py: the atlas's faces, the pyramid meshes, the scoring row, the edge marks), a goal
card (view/card_art.py) or action cards (the card the table shows a drawn action on). The cards come
from the ruleset's own deck: a diagonal or the wild card only where the deck has them, the actions
it keeps. `Column` lays a page's figures out, each with its caption, in a box beside the text.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from direct.gui.OnscreenText import OnscreenText
from panda3d.core import CardMaker, NodePath, TextNode, Texture

from ..core import geometry
from ..rules.decks import load_deck
from ..i18n import action_name, element_name, language, tr
from ..core.vocabulary import BIT, ELEMENT_OF, PYRAMID_COLOUR
from .widgets import TEXT, Frame

if TYPE_CHECKING:
    from direct.task.Task import Task

    from ..rules.records import Ruleset
    from ..view.scene import CardView, PyramidView
    from ..view.snapshots import Snapshot
    from .rules_pages import RulesScreen

Cell = tuple[int, int]

BLANK = (0.2, 0.24, 0.22, 1)  # where a picture is being drawn: the felt, dimmed


@dataclass(frozen=True)
class Figure:
    caption: str
    snapshot: Snapshot | None = None  # a little table, drawn offscreen
    goal: str | None = None  # an element letter: its goal card
    actions: tuple[str, ...] = ()  # action cards, side by side
    effects: tuple[str, ...] = ()  # each one's effect in this game, in words (written on its plate)
    aspect: float = 1.6  # width over height of the picture


def deck_cards(ruleset: Ruleset) -> tuple[list[str], list[str], list[str]]:
    """The ruleset's element codes, the actions it keeps and the goal elements, in deck order."""
    spec = ruleset.deck
    deck = load_deck(spec.name)
    elements = load_deck(spec.elements) if spec.elements else deck
    codes = list(dict.fromkeys(c.code for c in elements.cards
                               if c.kind == "element" and (c.code != "*" or spec.wild)))
    kept = spec.kept_actions()
    actions = [a for a in dict.fromkeys(c.code for c in deck.cards if c.kind == "action")
               if kept == "all" or (isinstance(kept, list) and a in kept)]
    goals = [c.code for c in deck.cards if c.kind == "goal"] if spec.goals else []
    return codes, actions, goals


def _action_cards(ruleset: Ruleset, actions: list[str], caption: str) -> Figure:
    """Up to three of the ruleset's action cards, each with the effect it has in this game (as the table writes it)."""
    effects = {block.card_name: tr(f"action_effect_{block.type}") for block in ruleset.actions}
    shown = tuple(actions[:3])
    return Figure(caption, actions=shown, effects=tuple(effects.get(a, "") for a in shown), aspect=1.9)


def _cards(layout: Iterable[tuple[Cell, str]], level: int = 0) -> tuple[CardView, ...]:
    from ..view.scene import CardView

    return tuple(CardView(cell, code, level, 0.0) for cell, code in layout)


def _pyramids_on(cell: Cell, code: str, size: str, quarters: Iterable[int], base: float) -> tuple[PyramidView, ...]:
    from ..view.scene import PyramidView

    return tuple(PyramidView(cell, 0, q, size + PYRAMID_COLOUR[code[q]], base) for q in quarters)


def _aquarius(ruleset: Ruleset) -> dict[int, list[Figure]]:
    from ..engine.table import Table
    from ..view.scene import CardView
    from ..view.snapshots import Snapshot

    codes, actions, goals = deck_cards(ruleset)
    fire = element_name("fire")
    pages: dict[int, list[Figure]] = {}
    if goals:
        pages[0] = [Figure(tr("rules_pic_goal", element=fire), goal="F", aspect=0.72)]
    layout = [((0, 0), "FFFF"), ((1, 0), "FWFW"), ((-1, 0), "WFWF"), ((0, 1), "AAFF"), ((0, -1), "FFSS")]
    ghost = ((1, 1), "EEFF")
    table = Table()
    for i, (cell, code) in enumerate(layout):
        table.place(cell, i, code)
    before = table.largest_group(BIT["F"])
    table.place(ghost[0], len(layout), ghost[1])
    after = table.largest_group(BIT["F"])
    chain = Snapshot("chain", _cards(layout), ghost=CardView(ghost[0], ghost[1]), pitch=70, aspect=1.15)
    pages.setdefault(0, []).append(Figure(tr("rules_pic_chain", element=fire, count=before, after=after), chain,
                                          aspect=1.15))
    kinds = [("FFFF", "rules_pic_ace"), ("FWFW", "rules_pic_two")]
    kinds += [(c, "rules_pic_four") for c in codes if len(c) == 4 and len(set(c)) == 4][:1]
    kinds += [(c, "rules_pic_diagonal") for c in codes if len(c) == 3][:1]
    kinds += [(c, "rules_pic_wild") for c in codes if c == "*"][:1]
    row = _cards([((i, 0), code) for i, (code, _) in enumerate(kinds)])
    words = ", ".join(tr(key) for _, key in kinds)
    pages[3] = [Figure(tr("rules_pic_kinds", kinds=words), Snapshot("kinds", row, pitch=74, aspect=2.3),
                       aspect=2.3)]
    if actions:
        pages[4] = [_action_cards(ruleset, actions, tr("rules_pic_actions"))]
    return pages


def _rising(ruleset: Ruleset) -> dict[int, list[Figure]]:
    from ..view.scene import CardView, PyramidView
    from ..view.snapshots import Snapshot

    size = "L"
    low_top = geometry.card_top(0)
    high_top = geometry.card_top(1, geometry.PYRAMID_HEIGHT[size], low_top)
    cards = _cards([((-1, 0), "EEFF"), ((0, 0), "FWFW"), ((1, 0), "WSWS")])
    cards += (CardView((0, 0), "FFFF", 1, geometry.card_bottom(high_top)),)
    pyramids = _pyramids_on((0, 0), "FWFW", size, range(4), low_top)
    side = Snapshot("house-side", cards, pyramids, heading=-12.0, pitch=15.0, aspect=1.9)
    house = Snapshot("house", cards, pyramids, heading=-28.0, pitch=34.0, aspect=1.5)
    on_card = Snapshot("on-card", _cards([((0, 0), "EFWS")]), _pyramids_on((0, 0), "EFWS", "M", (0, 3), low_top),
                       heading=-15.0, pitch=48.0, aspect=1.3)
    sizes = tuple(PyramidView((0, 0), 0, 0, s + c, 0.0, (x, 0.0))
                  for x, s, c in ((-45.0, "S", "r"), (0.0, "M", "b"), (50.0, "L", "y")))
    return {0: [Figure(tr("rules_pic_house_side"), side, aspect=1.9)],
            1: [Figure(tr("rules_pic_sizes"), Snapshot("sizes", (), sizes, pitch=22.0, aspect=1.9), aspect=1.9)],
            2: [Figure(tr("rules_pic_house"), house, aspect=1.5)],
            3: [Figure(tr("rules_pic_on_card"), on_card, aspect=1.3)]}


def _towers(ruleset: Ruleset) -> dict[int, list[Figure]]:
    from ..view.snapshots import Snapshot
    from ..view.towers import ACE, tower_views

    _, actions, goals = deck_cards(ruleset)
    values = tuple(getattr(ruleset.end, "values", (5, 4, 3, 2, 1)))
    aces = [((i, 0), ACE[goal]) for i, goal in enumerate(goals)]  # the goal cards as the table's row shows them
    row = Snapshot("row", _cards(aces), labels=tuple((cell, str(v)) for (cell, _), v in zip(aces, values)),
                   pitch=75.0, aspect=1.9)
    built = tuple(tower_views((1, 0), "FWFW", "TL", ["Mr"]).values())
    match = Snapshot("match", _cards([((0, 0), "FFWW"), ((1, 0), "FWFW")]), built, heading=-10.0, pitch=55.0,
                     aspect=1.6)
    tower = tuple(tower_views((0, 0), "FFFF", "TL", ["Lr", "Mr", "Sr"]).values())
    pages = {0: [Figure(tr("rules_pic_row"), row, aspect=1.9)] if goals else [],
             2: [Figure(tr("rules_pic_match"), match, aspect=1.6)],
             3: [Figure(tr("rules_pic_tower"), Snapshot("tower", _cards([((0, 0), "FFFF")]), tower, heading=-20.0,
                                                        pitch=24.0, aspect=1.2), aspect=1.2)]}
    if actions:
        pages[4] = [_action_cards(ruleset, actions, tr("rules_pic_towers_actions"))]
    return pages


# Dominus' edges: a card that fits, glowing where it may go (its right edge Space and Water against Space and Water, its
# bottom Fire and Water against Fire and Water: the caption, rules_pic_edges, says so)
EDGES = [((0, 0), "FWFW"), ((1, 0), "WWWW"), ((1, 1), "SSWW")]
EDGES_GHOST = ((0, 1), "ESFW")


def _dominus(ruleset: Ruleset) -> dict[int, list[Figure]]:
    from ..view.scene import CardView
    from ..view.snapshots import Snapshot

    edges = Snapshot("edges", _cards(EDGES), ghost=CardView(*EDGES_GHOST), pitch=78.0, aspect=1.3)
    points = Snapshot("points", _cards([((0, 0), "FFFF"), ((1, 0), "FWFW"), ((2, 0), "ESFW")]), pitch=72.0,
                      aspect=1.9)
    return {1: [Figure(tr("rules_pic_edges"), edges, aspect=1.3)],
            3: [Figure(tr("rules_pic_points"), points, aspect=1.9)]}


FAMILIES = {"aquarius": _aquarius, "rising": _rising, "towers": _towers, "dominus": _dominus}


def figures(ruleset: Ruleset) -> dict[int, list[Figure]]:
    """The figures of each paragraph of the ruleset's summary, by the paragraph's number (from 0)."""
    make = FAMILIES.get(ruleset.family)
    return {} if make is None else {k: v for k, v in make(ruleset).items() if v}


class Column:
    """A page's figures stacked in a box (left, right, bottom, top of aspect2d), each with its caption.

    A picture not drawn yet this session shows as a blank card at first and is drawn on the frames that
    follow, one a frame (`busy()` keeps the window drawing meanwhile): the page and its text come at once.
    """

    CAPTION = 0.036  # caption text scale
    GAP = 0.04

    def __init__(self, screen: RulesScreen) -> None:
        self.screen = screen
        assert screen.root is not None  # (made as the screen is built)
        self.root = screen.root.attachNewNode("rules-pictures")
        self.pictures: list[NodePath] = []  # the images (a textured card or a row of action cards)
        self.captions: list[OnscreenText] = []
        self.pending: list[tuple[NodePath, Snapshot]] = []  # (image, snapshot) still to draw
        self.task: Task | None = None

    def clear(self) -> None:
        self.stop()
        for caption in self.captions:
            self.screen.forget([caption])
        self.root.getChildren().detach()
        self.pictures, self.captions, self.pending = [], [], []

    def busy(self) -> bool:
        return bool(self.pending)

    def stop(self) -> None:
        if self.task is not None:
            self.screen.base.taskMgr.remove(self.task)
            self.task = None

    def finish(self) -> None:
        """Draw every picture still waiting, now."""
        while self.pending:
            self._draw_next()
        self.stop()

    def _draw_next(self) -> None:
        from ..view.snapshots import draw

        node, snapshot = self.pending.pop(0)
        if node.isEmpty():
            return
        try:
            texture = draw(self.screen.base, [snapshot], language())[0]
        except RuntimeError:  # no offscreen buffer from this graphics card: the blank card stays, the text reads
            return
        node.setTexture(texture)
        node.clearColor()

    def _step(self, task: Task) -> object:  # (task.cont or task.done, for Panda3D)
        if self.pending:
            self._draw_next()
        if self.pending:
            return task.cont
        self.task = None
        return task.done

    def show(self, figures: list[Figure], box: Frame) -> None:
        from ..view.snapshots import CACHE

        self.clear()
        if not figures:
            return
        left, right, bottom, top = box
        width = right - left
        captions = []
        for figure in figures:  # captions first: their rows say how much height is left for the images
            caption = self.screen.text(figure.caption, (0, 0), self.CAPTION, wrap=width / self.CAPTION)
            captions.append(caption)
        caption_heights = [c.textNode.getNumRows() * c.textNode.getLineHeight() * self.CAPTION for c in captions]
        room = (top - bottom) - sum(caption_heights) - self.GAP * (2 * len(figures) - 1)
        heights = [min(width / f.aspect, room / len(figures)) for f in figures]
        z = top
        for figure, caption, caption_height, height in zip(figures, captions, caption_heights, heights):
            wide = height * figure.aspect
            x0, x1 = (left + right - wide) / 2, (left + right + wide) / 2
            if figure.snapshot is not None:
                node = self._image(CACHE.get((figure.snapshot.key, language())), (x0, x1, z - height, z))
                if not node.hasTexture():
                    node.setColor(*BLANK)
                    self.pending.append((node, figure.snapshot))
            elif figure.goal is not None:
                node = self._goal(figure.goal, (x0, x1, z - height, z))
            else:
                node = self._actions(figure, (x0, x1, z - height, z))
            node.setPythonTag("frame", (x0, x1, z - height, z))
            self.pictures.append(node)
            z -= height + self.GAP
            caption.setPos((left + right) / 2, z - self.CAPTION * 0.8)
            z -= caption_height + self.GAP
            self.captions.append(caption)
        if self.pending:
            self.task = self.screen.base.taskMgr.add(self._step, "rules-pictures")

    def _image(self, texture: Texture | None, frame: Frame) -> NodePath:
        maker = CardMaker("rules-picture")
        maker.setFrame(*frame)
        node = self.root.attachNewNode(maker.generate())
        if texture is not None:
            node.setTexture(texture)
        return node

    def _goal(self, letter: str, frame: Frame) -> NodePath:
        from ..view.card_art import goal_texture

        node = self._image(goal_texture(letter), frame)
        name = TextNode("goal-name")  # the element's name printed across the top of the card
        name.setText(element_name(ELEMENT_OF[letter]).upper() if letter in ELEMENT_OF else letter)
        name.setAlign(TextNode.ACenter)
        name.setTextColor(*TEXT)
        x0, x1, z0, z1 = frame
        label = node.attachNewNode(name)
        label.setScale((x1 - x0) * 0.16)
        label.setPos((x0 + x1) / 2, 0, z1 - (z1 - z0) * 0.14)
        return node

    def _actions(self, figure: Figure, frame: Frame) -> NodePath:
        """Action cards side by side, each the table's face (the atlas's picture of what it does, view/action_art.py)
        with its name and its effect written on its plate, as the hand and the discard pile show them."""
        from ..view.action_art import ACTION, words
        from ..view.snapshots import face

        x0, x1, z0, z1 = frame
        node = self.root.attachNewNode("action-cards")
        count = len(figure.actions)
        card_w = min((x1 - x0) / count - 0.03, (z1 - z0) / 1.4)
        card_h = card_w * geometry.CARD_LENGTH / geometry.CARD_WIDTH
        start = (x0 + x1) / 2 - (card_w + 0.03) * count / 2 + 0.015
        for i, action in enumerate(figure.actions):
            cx, cz = start + i * (card_w + 0.03) + card_w / 2, (z0 + z1) / 2
            texture, (u0, v0, u1, v1) = face(self.screen.base, ACTION + action)
            maker = CardMaker(f"action-{action}")
            maker.setFrame(cx - card_w / 2, cx + card_w / 2, cz - card_h / 2, cz + card_h / 2)
            maker.setUvRange((u0, v0), (u1, v1))
            card = node.attachNewNode(maker.generate())
            card.setTexture(texture)
            effect = figure.effects[i] if i < len(figure.effects) else ""
            words(card, action_name(action), effect, card_w, False).setPos(cx, -0.01, cz)
        return node
