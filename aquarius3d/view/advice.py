"""H's suggestion shown on the table: the hand card lifted, the spot as a glowing ghost, Rising's pyramid on its tray.

    show_advice(screen, move)    # after the hint line has said it in words (screens/suggest.py)

The marks live in what every redraw rebuilds (the scene's ghosts, the hand, the trays), so the next redraw
clears them: the player's next click or key, Esc included, or their move. Nothing here decides anything:
the move is the suggestion's, a legal move of the seat to move.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from panda3d.core import LineSegs, NodePath

from ..core import geometry
from ..core.cards import face
from ..engine.moves import Place, PlacePyramid
from .storeys import level_top, surface_top
from .scene import CardView, PyramidView, TableScene

if TYPE_CHECKING:
    from ..engine.moves import Move
    from ..screens.table_screen import TableScreen
    from ..session import Session
    from ..session.flows.rising import RisingFlow
    from .family import Pick
    from .hand import Hand

GLOW = (1.0, 0.93, 0.45, 1.0)  # the outline round the suggested spot (the colour of a pyramid quarter's glow)
SHOWN = 0.8  # the suggested ghost's opacity: brighter than a legal spot's (0.38), short of a card's


def show_advice(screen: TableScreen, move: Move) -> None:
    """Mark the suggested move on the table screen (nothing for a move with no card or spot to show)."""
    session = screen.session
    hand = session.observation()["hand"]
    code = move.code if isinstance(move, Place) else getattr(move, "action", None)
    index = next((i for i, card in enumerate(hand) if code is not None and card.get("code") == code), None)
    if index is not None and not isinstance(move, PlacePyramid):
        lift_hand_card(screen.hud.hand, index)
    if isinstance(move, Place):
        ghost_card(screen.scene, session, move)
    elif isinstance(move, PlacePyramid):
        ghost_pyramid(screen.scene, session, move)
        trays = screen.parts.trays
        if trays is not None:
            rising = cast("RisingFlow", session.flow)  # (a pyramid placed: Aquarius Rising)
            supplies = [(seat.name, rising.supply(i)) for i, seat in enumerate(session.seats)]
            trays.update(supplies, session.seat, move.pyramid, move.pyramid)  # lifted and glowing on the tray


def lift_hand_card(hand: Hand, index: int) -> None:
    """The hand card lifted as a chosen one is (no higher, if it is the one chosen: Elemental Towers' card drawn,
    lifted twice, rose under the prompt strip), and lit."""
    node, (x0, x1, z0, z1) = hand.nodes[index]
    lift = 0.0 if index == hand.selected else hand.lift
    node.setZ(node.getZ() + lift)
    node.setColorScale(1.0, 1.0, 0.85, 1.0)
    node.setTag("suggested", "1")
    hand.nodes[index] = (node, (x0, x1, z0 + lift, z1 + lift))


def ghost_card(scene: TableScene, session: Session, move: Place) -> None:
    lies = face(move.code).turned.code if move.turned else move.code
    state = session.state
    top = level_top(state, move.cell, move.level) if session.flow.pyramids else geometry.card_top(0)
    scene.show_ghosts({move: CardView(move.cell, lies, move.level, geometry.card_bottom(top))})
    node = scene.ghosts[move]
    node.setColorScale(1, 1, 1, SHOWN)
    outline(node, geometry.CARD_WIDTH / 2 + 1.5, geometry.CARD_LENGTH / 2 + 1.5, geometry.CARD_THICKNESS + 0.2)
    node.setTag("suggested", "1")


def ghost_pyramid(scene: TableScene, session: Session, move: PlacePyramid) -> None:
    base = surface_top(session.state, move.cell, move.level)
    scene.show_ghosts({move: PyramidView(move.cell, move.level, move.quarter, move.pyramid, base)})
    node = scene.ghosts[move]
    node.setColorScale(1, 1, 1, SHOWN)
    node.setTag("suggested", "1")


def advice_pick(session: Session, move: Move) -> Pick | None:
    """Where the suggested ghost is picked, as a legal spot's is (view/family.py): a card on its cell (on its
    storey in Aquarius Rising), a pyramid on its quarter or its body; None for a move with no ghost."""
    from .family import Pick

    state = session.state
    if isinstance(move, Place):
        top = level_top(state, move.cell, move.level) if session.flow.pyramids else geometry.card_top(0)
        return Pick(move.cell, top, None)
    if isinstance(move, PlacePyramid):
        base = surface_top(state, move.cell, move.level)
        size = move.pyramid[0]
        return Pick(move.cell, base + geometry.PYRAMID_HEIGHT[size] * 0.3, move.quarter, base, size)
    return None


def outline(node: NodePath, half_w: float, half_l: float, z: float) -> None:
    """A bright rectangle round a ghost card, unlit and untinted so it shows on any table colour."""
    ring = LineSegs("suggested-glow")
    ring.setThickness(5.0)
    ring.setColor(*GLOW)
    ring.moveTo(-half_w, -half_l, z)
    for x, y in ((half_w, -half_l), (half_w, half_l), (-half_w, half_l), (-half_w, -half_l)):
        ring.drawTo(x, y, z)
    glow = node.attachNewNode(ring.create())
    glow.setLightOff()
    glow.setColorScaleOff(1)
    glow.setTextureOff(1)
