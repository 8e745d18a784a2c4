"""A moment of light on what a move changed of Elemental Towers' score: the tower that came to score (or whose points
changed) and the places of the scoring row that changed, lit in gold and breathing for SECONDS, then put out.

The session says what changed (`Flow.score_lit`: the spaces of those towers, the places of the row); the notice at
the top says it in words (screens/feedback.py). The light is added light over the pieces (view/glow.py): the cards
and pyramids keep their colours, and nothing is rebuilt.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING

from .glow import Glow

if TYPE_CHECKING:
    from panda3d.core import NodePath

    from .scene import PyramidView, TableScene

SECONDS = 2.0  # how long the light lasts (about two breaths)


class ScoreLight:
    """The towers and row places a move changed the score of, lit a moment."""

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self.glow = Glow(scene.root)
        self.began: float | None = None

    def show(self, spaces: Collection[tuple[tuple[int, int], str]], row: list[NodePath], now: float) -> None:
        """Light the pyramids standing on these spaces (cell, space) and these cards of the scoring row, from `now`."""
        pyramids: dict[object, PyramidView] = {key: view for key, view in self.scene.pyramid_views.items()
                    if isinstance(key, tuple) and len(key) == 3 and (key[0], key[1]) in spaces}
        self.glow.show({}, pyramids)
        self.glow.add_standing(row, "scoring-row")
        self.began = now if self.glow.lit else None

    def step(self, now: float) -> None:
        """Each frame: the light breathes; after SECONDS it goes out."""
        if self.began is None:
            return
        if now - self.began >= SECONDS:
            self.clear()
            return
        self.glow.pulse(now - self.began)

    def busy(self) -> bool:
        return self.began is not None

    def clear(self) -> None:
        self.glow.clear()
        self.began = None
