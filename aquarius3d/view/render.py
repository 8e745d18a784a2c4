"""Render a position to a PNG offscreen: `aquarius3d render POSITION.yaml`."""

from __future__ import annotations

from pathlib import Path

from ..positions import Position
from .scene import CardView

VIEWS = ("top", "side", "orbit")


def position_cards(position: Position) -> dict[object, CardView]:
    """The cards of a position as the scene shows them (ground level)."""
    from .. import geometry

    cards = {}
    for i, card in enumerate(position.cards):
        x, y, level = card.at
        if level == 0:
            cards[i] = CardView((x, y), card.card, 0, geometry.card_bottom(geometry.card_top(0)))
    return cards


class OffscreenTable:
    """A ShowBase with an offscreen buffer and a table scene, for renders and tests."""

    def __init__(self, size=(1280, 720), finish: bool = False) -> None:
        from .config import configure

        configure(offscreen=True, size=size, finish=finish)
        from direct.showbase.ShowBase import ShowBase

        from .scene import TableScene

        self.base = ShowBase(windowType="offscreen")
        self.base.disableMouse()
        self.base.setBackgroundColor(0.11, 0.12, 0.14, 1)
        self.base.camLens.setNearFar(5.0, 20000.0)
        self.scene = TableScene(self.base.render)

    def look(self, view: str) -> None:
        from .camera import preset

        preset(view, self.scene.bounds()).apply(self.base.camera)

    def frame(self) -> None:
        self.base.graphicsEngine.renderFrame()

    def save(self, path: Path) -> Path:
        self.frame()
        self.frame()
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        if not self.base.win.saveScreenshot(str(path)):
            raise OSError(f"could not write {path}")
        return path

    def close(self) -> None:
        self.base.destroy()


def render_position(position: Position, out: Path, view: str = "orbit", size=(1280, 720)) -> Path:
    table = OffscreenTable(size)
    try:
        table.scene.sync(position_cards(position))
        table.look(view)
        return table.save(out)
    finally:
        table.close()
