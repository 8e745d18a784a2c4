"""A person at a hot-seat table who rotated or traded goals looks at the goal their move gave them before the cover
for the next person (issue 27): the goal card shows large over the prompt, as a card just received is held up to
be read, "Your new goal: Water" over it (the goal's corner, which shows it button-sized, waits meanwhile); the
prompt says what to do, and its Done button (Enter, Space, Tab to it) brings the cover: a click elsewhere does not
(a stray click would hand the table over). The session keeps whose news it is (session/shown.py: goal_news)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from direct.gui.DirectGui import DirectFrame
from panda3d.core import NodePath, TextNode

from ..core.vocabulary import LETTER_OF
from ..i18n import tr
from ..session.stages import Stage
from ..view.card_art import goal_texture
from . import layout
from .widgets import Frame

if TYPE_CHECKING:
    from .hud import Hud
    from .table_screen import TableScreen

CARD_H = 0.9  # the card's height at 100% (aspect2d units: the window is 2 high), less where the room is less
CARD_LEAST = 0.5  # at 100%: the words shrink (SHRUNK) before the card goes under this (its seven panels still read)
CARD_SHAPE = (layout.GOAL_CARD[1] - layout.GOAL_CARD[0]) / (layout.GOAL_CARD[3] - layout.GOAL_CARD[2])  # as it opens
SHRUNK = (1.0, 0.8, 0.65)  # the words' and pads' sizes tried, largest first, where the room over the prompt is short
WORDS = 0.06  # "Your new goal: Water" at 100%
PAD = 0.03  # round the card and its words in their dark panel, at 100%
GAP = 0.03  # between the panel and the prompt under it, or the panels over it, at 100%
DARK = (0.05, 0.06, 0.08, 0.8)


def done_button(screen: TableScreen) -> list[tuple[str, Callable[..., object]]]:
    """The prompt's Done button while the mover's new goal shows ((words, what it does)), else none."""
    session = screen.session
    if not session.goal_news_open:
        return []
    return [(tr("goal_news_done", name=session.seats[session.seat].name), lambda _: screen.reveal())]


def covered(screen: TableScreen) -> bool:
    """Does the hand-off cover hide the table now (not while the mover's new goal shows)?"""
    return screen.session.stage == Stage.COVER and not screen.session.goal_news_open


def card_high(centre: float, half: float, over: list[tuple[float, float, float]], floor: float, used: float,
              scale: float, aspect: float) -> float:
    """How high the new goal's card stands in a panel `half` wide each side of `centre`, from `floor` up to the
    window's top or the parts `over` it ((left, right, bottom)) there, less `used` (its words and pads): up to CARD_H;
    less than none where the panel would reach out of the window's sides."""
    ceiling = min([1.0 - GAP * scale] + [bottom - GAP * scale for left, right, bottom in over
                                         if left < centre + half and centre - half < right])
    return min(CARD_H * scale, ceiling - floor - used) if abs(centre) + half <= aspect else -1.0


class NewGoal:
    """The mover's new goal card, large, its words over it, in a dark panel over the prompt strip and the hand: where
    its card stands largest (up to CARD_H), the nearest the window's middle of such places, inside the window and
    under the parts at the top (the turn panel, the log or its tab, the notice); where the room there is short, the
    card and then its words smaller, into the room found."""

    def __init__(self, screen: TableScreen, parent: NodePath) -> None:
        self.root = parent.attachNewNode("new-goal")
        self.panel = screen.keep(DirectFrame(frameColor=DARK, frameSize=(-0.1, 0.1, -0.1, 0.1), parent=self.root))
        self.card = screen.keep(DirectFrame(frameColor=(1, 1, 1, 1), frameSize=(-0.1, 0.1, -0.1, 0.1),
                                            parent=self.root))
        self.words = self.root.attachNewNode(TextNode("new-goal-words"))
        node = self.words.node()
        node.setAlign(TextNode.ACenter)
        node.setTextColor(0.95, 0.93, 0.86, 1)
        node.setShadow(0.05, 0.05)
        node.setShadowColor(0, 0, 0, 0.7)
        self.root.hide()

    @property
    def shown(self) -> bool:
        return not self.root.isHidden()

    def draw(self, hud: Hud) -> None:
        """Shown while the session's goal news is open (after the prompt is placed: it stands over it), else hidden;
        the goal's corner hidden while it shows."""
        session = hud.screen.session
        element = session.observation()["goal"] if session.goal_news_open else None
        if element is None:
            if self.shown:
                hud.goal.show()
            self.root.hide()
            return
        for node in (hud.goal, hud.goal_card):
            node.hide()
        node = self.words.node()
        node.setText(session.goal_text() or "")
        self.card["frameTexture"] = goal_texture(LETTER_OF[element])
        self.root.show()
        self.place(hud)

    def place(self, hud: Hud) -> None:
        """Over the prompt (and the hand), under the parts at the top as they show now (one reaching down past the
        prompt blocks its width): where its card is largest (up to CARD_H), the nearest the window's middle of such
        places; its words (and the pads) smaller, down to SHRUNK of their size, while the card would be less than
        CARD_LEAST high; never past the window's top nor over those parts (the card as high as the room left)."""
        scale, aspect = hud.scale, hud.base.getAspectRatio()
        below = [top for _, _, _, top in hud.prompt.rects()] + [hud.hand.band_top if hud.hand.nodes else -1.0]
        floor = max(below) + GAP * scale
        over = [(left * aspect, right * aspect, bottom) for left, right, bottom, top in hud.obstacles(False)
                if top > floor]  # (the turn panel, the log or its tab, the notice: in aspect2d units)
        node = self.words.node()
        steps = [sign * step * 0.05 for step in range(int(aspect / 0.05) + 1) for sign in (1, -1)]
        for shrink in SHRUNK:
            size, pad = WORDS * scale * shrink, PAD * scale * shrink
            node.setWordwrap(2 * aspect / size)  # (fit_text wraps it again if the words are wider than the panel)
            size = layout.fit_text(node, 2 * aspect - 0.1 - 2 * pad, 2.2 * size, size)
            words_wide, words_high = node.getWidth() * size, node.getHeight() * size
            half = max(CARD_H * CARD_SHAPE * scale, words_wide) / 2 + pad
            highs = [card_high(x, half, over, floor, words_high + 3 * pad, scale, aspect) for x in steps]
            if max(highs) >= CARD_LEAST * scale:
                break
        best = max(highs)
        centre, high = next((x, max(0.0, h)) for x, h in zip(steps, highs) if h >= best - 0.02)  # (nearest the middle)
        wide = high * CARD_SHAPE
        card: Frame = (centre - wide / 2, centre + wide / 2, floor + pad, floor + pad + high)
        self.card["frameSize"] = card
        self.words.setScale(size)
        self.words.setPos(centre, 0, card[3] + pad - node.getBottom() * size)  # its last row just over the card
        top = card[3] + pad + words_high
        half = max(wide, words_wide) / 2 + pad  # (as wide as the card, or its words if wider)
        self.panel["frameSize"] = (centre - half, centre + half, floor, top + pad)

    def rects(self) -> list[Frame]:
        """The panel and the card, where they stand (aspect2d units), while shown."""
        if not self.shown:
            return []
        return [tuple(self.panel["frameSize"]), tuple(self.card["frameSize"])]
