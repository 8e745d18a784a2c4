"""What a game family adds to the table: ghosts at their heights, trays, the scoring row, rings, storeys, limits.

`TableParts` reads the session (its stages, ghosts and family flow), never the rules modules, and draws
into the scene: Aquarius Rising's trays, storey labels and side elevation; Elemental Towers' supply,
scoring row and space rings; Dominus' table outline and edge marks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple, cast

from panda3d.core import NodePath

from ..core import geometry
from ..i18n import tr
from ..engine.moves import PlacePyramid, TradePyramids
from ..session import Stage
from .camera import Box
from .labels import ScreenLabels
from .piles import LABEL_LIFT, LABEL_SCALE, Piles
from .rising import StoreyLabels, Trays, element_tops
from .side_elevation import Elevation
from .outlines import source_outline
from .scene import CardView, PyramidView, TableScene, card_transform
from .storeys import level_top, state_views, surface_top
from .towers import ScoringRow, SpaceRings, piece_views, tower_views

if TYPE_CHECKING:
    from ..engine.moves import Move
    from ..session import Session
    from ..session.flows.rising import RisingFlow
    from ..session.flows.towers import TowersFlow

Cell = tuple[int, int]


class Pick(NamedTuple):
    """Where a ghost is picked: its cell, the height of the plane it is picked on, and the quarter (a pyramid's)
    or the space (Elemental Towers) it stands on, if any; an Aquarius Rising pyramid's `base` (the card's top) and
    `size` too: it is picked on its glowing quarter or its body (view/picking.py)."""

    cell: tuple[int, int]
    height: float
    part: int | str | None
    base: float | None = None
    size: str | None = None


class TableParts:
    """The scene's pieces beyond the cards: piles, and each family's furniture and overlays."""

    def __init__(self, scene: TableScene, session: Session) -> None:
        self.scene = scene
        self.session = session
        self.overlay = ScreenLabels()  # the piles' and the seats' labels, on the screen (the table screen places them)
        self.piles = Piles(scene, self.overlay)
        self.trays: Trays | None = None
        self.storey_labels: StoreyLabels | None = None
        self.elevation: Elevation | None = None
        self.scoring_row: ScoringRow | None = None
        self.rings: SpaceRings | None = None
        self.supply_label: NodePath | None = None  # Elemental Towers: the supply's title, on the screen
        self.ghost_spots: dict[Move, Pick] = {}  # move -> where its ghost is picked
        self.tray_hover: str | None = None  # Aquarius Rising: the pyramid of the player's tray under the pointer
        self._room: tuple[tuple[int, int], list[Box]] | None = None  # pyramid_room's boxes, and the step they are for
        self.source_mark: NodePath | None = None  # round the card Move a Card lifts
        # Dominus: the table's edge named once, on its far side (view/limit.py draws it)
        self.limit_label = self.overlay.add("label-limit", LABEL_SCALE) if session.flow.table_limit() else None
        if session.flow.pyramids:  # Aquarius Rising
            self.trays = Trays(scene)
            self.storey_labels = StoreyLabels(self.overlay)
            self.elevation = Elevation(scene)
        if session.flow.spaces:  # Elemental Towers
            self.trays = Trays(scene, under=self.piles)  # the supply, by colour and size, under the piles
            self.scoring_row = ScoringRow(scene, self.overlay)
            self.supply_label = self.overlay.add("label-supply", LABEL_SCALE)
            self.rings = SpaceRings(scene)

    def sync(self) -> None:
        """The cards and pyramids (or Elemental Towers' pieces) of the state shown, and the ghosts."""
        state = self.session.shown_state  # (between Dominus' rounds: the round as it ended)
        card_views, pyramid_views = state_views(state)
        if self.session.flow.spaces:  # (the pieces stand on the cards' spaces)
            pyramid_views = piece_views(state)
        self.scene.sync(card_views, pyramid_views)
        self.show_ghosts()

    def show_ghosts(self) -> None:
        """The session's spots as ghosts: cards (on houses at their storey's height), pyramids on a quarter,
        Elemental Towers' pieces on a space; and where each is picked."""
        state = self.session.state
        views: dict[object, CardView | PyramidView] = {}
        self.ghost_spots = {}
        for move, spot in self.session.spots().items():
            if spot.card is not None:  # a card (Aquarius Rising: on a house's storey)
                top = level_top(state, spot.cell, spot.level)
                views[move] = CardView(spot.cell, spot.card, spot.level, geometry.card_bottom(top))
                self.ghost_spots[move] = Pick(spot.cell, top, None)
            elif spot.quarter is not None:  # a pyramid on a quarter of a card (Aquarius Rising)
                base = surface_top(state, spot.cell, spot.level)
                views[move] = PyramidView(spot.cell, spot.level, spot.quarter, spot.pieces[0], base)
                size = spot.pieces[0][0]
                self.ghost_spots[move] = Pick(spot.cell, base + geometry.PYRAMID_HEIGHT[size] * 0.3, spot.quarter,
                                              base, size)
            elif spot.space is not None:  # a piece built or moved onto a space (Elemental Towers)
                code = state.table.faces[spot.cell].code
                below = list(spot.below)
                stacked = list(tower_views(spot.cell, code, spot.space, below + list(spot.pieces)).values())[len(below):]
                for i, view in enumerate(stacked):
                    views[move if i == 0 else (move, i)] = view
                self.ghost_spots[move] = Pick(spot.cell, stacked[0].base
                                              + geometry.PYRAMID_HEIGHT[spot.pieces[0][0]] * 0.3, spot.space)
        self.scene.show_ghosts(views)
        cards = state.table.cards  # the table's cards an action may take: outlined as the spots are
        self.scene.outline_cards([cards[cell] for cell in self.session.table_choices() if cell in cards])
        self._mark_source(self.moving())

    def pyramid_room(self) -> list[Box]:
        """Aquarius Rising's pyramid step: a box round every pyramid the player may stand now, whichever is picked
        (the ghosts of the one picked are among them): the framing makes room for them all before a pick, and the
        camera stays while pyramids are picked and put back (it moved, the pointer then on another pyramid)."""
        session = self.session
        if session.stage != Stage.PYRAMID:
            return []
        from .framing import pyramid_box
        from .scene import pyramid_transform

        state = session.state
        key = (id(state), len(state.log))  # (each framing asks several times: the legal moves found once a step)
        if self._room is None or self._room[0] != key:
            self._room = (key, [pyramid_box(pyramid_transform(PyramidView(
                m.cell, m.level, m.quarter, m.pyramid, surface_top(state, m.cell, m.level))), m.pyramid[0])
                for m in session.game.legal_moves(state) if isinstance(m, PlacePyramid)])
        return self._room[1]

    def moving(self) -> object | None:
        """The card Move a Card lifts while its new place is chosen (its key, as the scene keys it), else None."""
        session = self.session
        if session.stage != Stage.TARGET or session.action != "move_a_card" or session.source is None:
            return None
        return session.state.table.cards.get(session.source)

    def _mark_source(self, key: object | None) -> None:
        """A dashed pale outline round where the moving card lies (outlines.source_outline), else none."""
        if self.source_mark is not None:
            self.source_mark.removeNode()
            self.source_mark = None
        view = self.scene.views.get(key) if key is not None else None
        if view is not None:
            self.source_mark = source_outline(self.scene.spots_root, geometry.CARD_WIDTH / 2 + 0.6,
                                              geometry.CARD_LENGTH / 2 + 0.6)
            self.source_mark.setPos(*card_transform(view))
            self.source_mark.setZ(view.bottom + geometry.CARD_THICKNESS + 0.15)

    def hover(self, cell: Cell | None, move: Move | None) -> None:
        """Light the ghost under the pointer: the one picked, else a ground-level one in the hovered cell; with
        one spot alone, that one (a pyramid's one quarter behind a house was missed: the prompt says "the one")."""
        hovered = move if move in self.scene.ghosts else None
        if hovered is None:  # a card's ghost on the table (not on a house, not a pyramid's) in the hovered cell
            for ghost, spot in self.ghost_spots.items():
                if ghost in self.scene.ghosts and spot.cell == cell and spot.part is None \
                        and getattr(ghost, "level", 0) == 0:
                    hovered = ghost
        if hovered is None and len(self.ghost_spots) == 1:
            hovered = next(iter(self.ghost_spots))
        self.scene.emphasise_ghost(hovered)
        self.scene.emphasise_card(self.session.state.table.cards.get(cell) if cell is not None else None)
        self.scene.show_edge_marks(cell, self.session.flow.edge_marks(cell) if cell is not None else {})

    def update(self, distance: float) -> None:
        """Piles, limits and the family's furniture, from the session; `distance`: the camera's, for labels."""
        session, state = self.session, self.session.shown_state
        game = session.game
        top = game.deck.cards[state.discard[-1]].code if state.discard else None
        has_actions = any(game.deck.cards[i].kind == "action" for i in game.play_ids())
        from ..i18n import action_name

        # each action card's effect in this game (its block's, e.g. Aquarius Rising's Move a Card: two pyramids)
        self.scene.action_effects = {card: tr(f"action_effect_{block.type}") for card, block in game.actions.items()}
        self.piles.keep_out = session.flow.table_limit()  # (Dominus: the piles lie outside the table's outline)
        self.piles.one_column = session.flow.pyramids and not session.flow.spaces  # (Rising: the home tray on the left)
        self.piles.update(
            len(state.deck), len(state.discard) if has_actions else None,
            len(state.unused_goals) if game.goal_ids() and not session.flow.solitaire else None,
            {"deck": tr("hud_deck", count=len(state.deck)),
             "discard": tr("hud_discard", top=action_name(top)) if top else tr("hud_discard_empty"),
             "goals": tr("hud_unused_goals", count=len(state.unused_goals))},
            top,
        )
        self.scene.show_limit(session.flow.table_limit())
        self._name_limit()
        if session.flow.spaces:
            assert self.trays is not None and self.scoring_row is not None and self.rings is not None \
                and self.supply_label is not None  # (made for Elemental Towers)
            towers = cast("TowersFlow", session.flow)  # (the family's flow)
            supply = towers.supply_left()
            self.trays.update([(tr("hud_towers_supply"), supply)], None, titled=False)  # titled on the screen
            self.supply_label.node().setText(tr("name_and_counts", name=tr("hud_towers_supply"),
                                                counts=tr("count_pyramids", count=sum(n for _, n in supply))))
            self.overlay.anchor(self.supply_label, self.trays.near_edge(), -LABEL_LIFT)  # under the tray
            self.scoring_row.update(towers.row(), list(game.end.values), tr("hud_row"))
            self.rings.update(state, towers.movable() if session.source is None else set(),
                              session.source if session.stage in (Stage.EARNED, Stage.TRADE_PIECE) else None)
        elif session.flow.pyramids:
            self.update_trays()
            assert self.storey_labels is not None and self.elevation is not None  # (made for Aquarius Rising)
            self.storey_labels.update(state)
            rising = cast("RisingFlow", session.flow)  # (the family's flow)
            self.elevation.update(element_tops(state), rising.height_places())  # ties as the heights panel ranks

    def _name_limit(self) -> None:
        """The label of Dominus' table edge: how many cards fit within it each way (13 by 7 on a table 14 cards
        wide: the starter lies at the middle, no card past the edge), on the far edge (or by the right one)."""
        cells, places = self.session.flow.table_limit(), self.scene.limit.far_edge()
        if self.limit_label is None or cells is None or places is None:
            return
        (x0, y0), (x1, y1) = cells
        self.limit_label.node().setText(tr("table_edge", columns=x1 - x0 + 1, count=y1 - y0 + 1))
        self.overlay.anchor(self.limit_label, places[0], LABEL_LIFT * 0.6, other_side=places[1])

    def update_trays(self) -> None:
        """Aquarius Rising's trays: the player's lit, its chosen pyramid lifted, the one pointed at brightened."""
        session = self.session
        if not session.flow.pyramids or self.trays is None:
            return
        rising = cast("RisingFlow", session.flow)  # (the family's flow)
        supplies = [(seat.name, rising.supply(i)) for i, seat in enumerate(session.seats)]
        choosing = session.stage == Stage.PYRAMID
        # Zap a Card offered (all unplayed pyramids trade hands): the player's tray and each other one ringed
        trades = [o.move.seat for o in session.options() if isinstance(o.move, TradePyramids)] \
            if session.stage == Stage.PLAYER else []
        self.trays.update(supplies, None if session.stage == Stage.COVER else session.seat,
                          session.choice.pyramid if choosing else None, self.tray_hover if choosing else None,
                          session.near_seat if session.humans else session.seat,  # (watched: the mover's by the cards)
                          titled=False,  # the seats' labels stand at their trays (view/seat_labels.py)
                          stuck=frozenset(rising.stuck()),  # greyed: no quarter can take them now
                          trading=tuple(sorted({session.seat, *trades})) if trades else ())

    def tray_pyramid_at(self, point: tuple[float, float] | None) -> str | None:
        """The pyramid of the player's tray at a point of the table's plane (picked at the trays' height)."""
        if not self.session.flow.pyramids or self.trays is None or self.session.stage != Stage.PYRAMID:
            return None
        return self.trays.pyramid_at(point)

    def hover_tray(self, code: str | None) -> None:
        if code != self.tray_hover:
            self.tray_hover = code
            self.update_trays()

    def furniture(self) -> list[NodePath]:
        """Nodes standing beside the cards that the camera frames too: piles, trays, the scoring row."""
        nodes = [stack for stack in self.piles.stacks.values() if not stack.isHidden()]
        nodes += [tray for tray in (self.trays.seats if self.trays is not None else [])]
        if self.scoring_row is not None:
            nodes += self.scoring_row.cards
        return nodes

    def play_furniture(self) -> list[NodePath]:
        """The furniture a turn needs in view however close the camera comes: Aquarius Rising's tray by the cards
        (the player's, its pyramids are picked there: framed through the computers' turns too, the view no longer
        swinging to each mover's tray beyond the piles), Elemental Towers' scoring row (what each tower will be
        worth) and its supply (what they are built from: it stood cut off at the window's edge); the rest may stand
        at the view's edge (T shows it all)."""
        if self.scoring_row is not None:
            return list(self.scoring_row.cards) + (self.trays.seats if self.trays is not None else [])
        if not self.session.flow.pyramids or self.trays is None or self.trays.home is None:
            return []
        return self.trays.seats[self.trays.home:self.trays.home + 1]

    def end_furniture(self) -> list[NodePath]:
        """What stays clear of the result panel at the end (at the view's edge or out of it, if need be, as the piles
        in play; the other games' piles may stand under the panel, their finished cards first): Aquarius Rising's
        trays and its unused goals, right and left of its houses. The panel stands at the window's bottom right
        where there is any (screens/end_panel.py): at the middle of the right edge it covered the trays and the
        goals' pile right of the houses, and kept clear of it they left the houses 38 pixels wide at 1024x600,
        rather than 56."""
        if not self.session.flow.pyramids or self.session.flow.spaces or self.trays is None:
            return []
        goals = self.piles.stacks["goals"]
        return list(self.trays.seats) + ([goals] if not goals.isHidden() else [])

    def play_label_boxes(self) -> list[Box]:
        """Room for the labels of the play furniture: Elemental Towers' scoring row's values and heading."""
        return self.scoring_row.label_boxes() if self.scoring_row is not None else []

    def label_boxes(self) -> list[Box]:
        """Boxes round the anchors of the screen labels (piles, seats), about a label's size on the table at the
        usual framings: the camera keeps them in view, and room round them for the labels; not the label of the seat
        whose hand shows along the window's bottom (view/seat_labels.py)."""
        anchors = [label.getPythonTag("anchor")[0] for label in self.overlay.shown()]
        edge = self.limit_label.getPythonTag("anchor") if self.limit_label is not None else None
        anchors = [anchor for anchor in anchors if edge is None or anchor != edge[0]]  # (the table's edge: T frames it)
        boxes = [((x - 30.0, y - 26.0, z), (x + 30.0, y + 26.0, z + 2.0)) for x, y, z in anchors]
        return boxes + (self.scoring_row.label_boxes() if self.scoring_row is not None else [])

    def hidden_in_elevation(self) -> list[NodePath]:
        """What would stand before the houses seen from the front: piles, trays and the table's rim."""
        return [self.piles.root, self.trays.root, self.overlay.root, *self.scene.rim] if self.trays is not None else []
