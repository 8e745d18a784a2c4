"""What the engine, the session and the window may ask a placement or a win block: their base classes.

Every family's placement block (ruleset key `placement`) derives from PlacementBlock, and every win
block (`win`) from WinBlock. The methods every one must give are declared here; the optional hooks
are class attributes that are None on the base, and a block that has them declares them as methods
of the same shape (mypy holds a method to the Protocol it replaces). Callers test a hook for None
instead of probing for a name:

    spots = game.placement.vertical_spots  # None, or the block's bound method
    if spots is not None: ...

Storeys above the table (Aquarius Rising): reason_in_state, vertical_free, vertical_spots, put.
A table of bounded size laid round the starter (Dominus): reach, on_table, limits, starter_problem.
A target that may differ by seat (Aquarius' connect_panels): WinBlock.target.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Literal, Protocol

from .blocks import Block, block

if TYPE_CHECKING:
    from ..core.cards import Face
    from ..core.errors import Why
    from .game import Game
    from .moves import Place
    from .state import State
    from .table import Cell, Table

Spot = tuple["Cell", int]  # a cell and a storey (0: the table)


class ReasonInState(Protocol):
    def __call__(self, game: Game, state: State, cell: Cell, level: int, card_face: Face) -> Why | None:
        """Why a face cannot go at a cell and storey, or None when it can (asked instead of `reason`)."""


class VerticalFree(Protocol):
    def __call__(self, game: Game, state: State) -> list[Spot]:
        """The storeys a card may go on at all, whatever its face (asked once for a whole hand)."""


class VerticalSpots(Protocol):
    def __call__(self, game: Game, state: State, card_face: Face, free: list[Spot] | None = None) -> list[Spot]:
        """Where a face may go above the table: (cell, storey); `free` is vertical_free's answer when known."""


class Put(Protocol):
    def __call__(self, game: Game, state: State, move: Place, card_id: int, card_face: Face) -> int:
        """Place the card (instead of the table's place); the elements it connected through."""


class Reach(Protocol):
    def __call__(self) -> tuple[int, int]:
        """Whole cards that fit either side of the starter, and above or below it."""


class OnTable(Protocol):
    def __call__(self, cell: Cell) -> bool:
        """Whether a card at this cell lies wholly on the table."""


class Limits(Protocol):
    def __call__(self) -> dict[str, Any]:
        """The table's size and the cells a card may take, as analyze reports them."""


class StarterProblem(Protocol):
    def __call__(self, cells: set[Cell]) -> str | None:
        """Why cards at these cells cannot be this family's table, or None."""


class PlacementBlock(Block):
    """Base of every placement block (not a block itself: it registers no type)."""

    # Optional hooks: None, or a method of the block's class.
    reason_in_state: ClassVar[ReasonInState | None] = None
    vertical_free: ClassVar[VerticalFree | None] = None
    vertical_spots: ClassVar[VerticalSpots | None] = None
    put: ClassVar[Put | None] = None
    reach: ClassVar[Reach | None] = None
    on_table: ClassVar[OnTable | None] = None
    limits: ClassVar[Limits | None] = None
    starter_problem: ClassVar[StarterProblem | None] = None
    # True when `cells(table, face)` is, on a table with cards, every frontier cell (in the frontier's order)
    # where `face.bits & need` is not zero: the engine then counts placements from the table's frontier slots.
    frontier_cells: ClassVar[bool] = False
    # True when `cells(table, face)` is, on a table with cards, every frontier cell whatever the face (and the
    # block has no storeys above the table): the engine then lists a hand's placements as one group over the
    # frontier's cells, sorted only when a move is asked for (Elemental Towers' edge_to_edge).
    every_frontier_cell: ClassVar[bool] = False

    def reason(self, table: Table, cell: Cell, card_face: Face) -> Why | None:
        """Why a face cannot go at a cell of the table, or None when it can."""
        raise NotImplementedError

    def cells(self, table: Table, card_face: Face, frontier: list[tuple[Cell, int]] | None = None) -> list[Cell]:
        """The cells of the table where a face may go; pass table.frontier() when asking for many faces."""
        raise NotImplementedError

    def connects(self, table: Table, cell: Cell, card_face: Face) -> int:
        """The elements (a mask) a face connects through at a cell (for the multi-connection bonus)."""
        raise NotImplementedError

    def arrangement_errors(self, table: Table) -> list[str]:
        """Why a whole arrangement could not come from legal placements (empty when it could)."""
        raise NotImplementedError


class SetupBlock(Block):
    """Base of every setup block (not a block itself: it registers no type). What the engine asks of a
    setup besides running it, declared here so that a setup without it says no instead of being probed."""

    if TYPE_CHECKING:
        join_in_progress: bool  # a player may sit down between turns (Join)
        dragon_start: bool  # Aquarius Rising: the Aquarius Dragon starts the table (the deck gets it beside)
    # Defaults for setups that do not declare them as fields (a field's slot takes the place of these).
    join_in_progress = False
    dragon_start = False
    unused_goals_public: ClassVar[bool] = False  # the unused goals lie face up (Elemental Towers' scoring row)
    actions_in_hand: ClassVar[bool] = True  # action cards are held and played from the hand (not acting when drawn)

    def run(self, game: Game, state: State) -> None:
        """Deal: fill the new state's hands, piles, table and family data."""
        raise NotImplementedError


class Target(Protocol):
    def __call__(self, state: State, seat: int) -> int:
        """Panels this seat must connect to win."""


class WinBlock(Block):
    """Base of every win block (not a block itself: it registers no type)."""

    reason: ClassVar[str]  # the end reason a win gives (State.end_reason)
    # Optional hook: None, or a method of the block's class.
    target: ClassVar[Target | None] = None

    def winners(self, game: Game, state: State, mover: int, cell: Cell | None = None) -> list[int]:
        """The seats that have won after `mover`'s move (with `cell`, the move placed a card there)."""
        raise NotImplementedError


# Family-neutral, so here: an Elemental Towers game need not import Aquarius Rising's blocks for it.
@block("win", "none")
class NoImmediateWinBlock(WinBlock):
    """No winner during play: the game is decided at the end (Aquarius Rising, Elemental Towers)."""

    type: Literal["none"]
    reason: ClassVar[str] = "none"

    def winners(self, game: Game, state: State, mover: int, cell: Cell | None = None) -> list[int]:
        return []
