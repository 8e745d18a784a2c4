"""The spots Aquarius Rising's pyramid step and storeys can still use, kept as the game goes.

A spot is open while a pyramid may still stand on it for some supply: a card (not the Aquarius Dragon) with
a free quarter and nothing built above it, which holds pyramids already or stands beside no card that does
(the rules of blocks.pyramid_reason). A spot is full when its four quarters hold pyramids and nothing stands
above it yet: where a card may go up a storey (blocks.RisingPlacementBlock.vertical_free).

Both follow from the table, the storeys and the pyramids. The storeys and the pyramids only ever change
through the Rising blocks, which edit the index as they do (RisingData.spots); the table may change by other
blocks too (a ruleset may give Rising an action that moves a card), so an index holds the `index` list of the
table's frontier slots (engine/slots.py: a new list after every change of the table) as it was when the index
was made or edited, and counts only while the table still has that very list. Otherwise, and for a state read
back, it is made again from scratch.

An index is never changed in place, only replaced (the copies of a state, one for every observation, share
it): `placed` and `stood` return a new one. It also remembers the last pyramid rows listed from it (for one
supply), as the check that a pyramid can be played and the listing that follows ask the same.
"""

from __future__ import annotations

from bisect import bisect_left
from typing import TYPE_CHECKING, Any

from ...core.cards import DRAGON
from ...core.vocabulary import ELEMENT_OF_COLOUR, LETTERS, SIZES

if TYPE_CHECKING:
    from ...engine.state import State
    from ...engine.table import Table
    from .state import RisingData, Spot

Letters = Any  # a card's four quarter letters: its code, or (None,) * 4 for a card without elements
Free = tuple[tuple[int, int], ...]  # a spot's free quarters as (quarter, key)
# An open spot: (where, letters, free); `where` is the cell for a card on the table.
Entry = tuple[Any, Letters, Free]

# The key of the pyramids a supply offers a quarter, numbered: the quarter's letter (None: a wild quarter) and
# the size of the card's pyramids (None: none yet). A number, so that the offers are a tuple read by index.
KEYS = tuple((letter, size) for letter in (*LETTERS, None) for size in (None, *SIZES))
KEY = {key: i for i, key in enumerate(KEYS)}
_NO_LETTERS = (None, None, None, None)


def _free(letters: Letters, places: Any, size: str | None) -> Free:
    key = KEY
    return tuple((q, key[letters[q], size]) for q in range(4) if places[q] is None)


def _bare(letters: Letters) -> Free:
    key = KEY
    return ((0, key[letters[0], None]), (1, key[letters[1], None]), (2, key[letters[2], None]),
            (3, key[letters[3], None]))


def _letters(code: str) -> Letters:
    return code if len(code) == 4 else _NO_LETTERS


def under_of(letters: Letters, places: Any) -> tuple[str | None, ...]:
    """Per quarter of a full card (`letters`: its quarters' elements), the element a card above must show
    there to match it (None: a cloud, no element): a pyramid's colour, or a clear one's quarter
    (blocks.vertical_matches)."""
    return tuple(None if p[1] == "w" else ELEMENT_OF_COLOUR.get(p[1]) or letters[q] for q, p in enumerate(places))


class OpenSpots:
    """The open spots of one state in listing order (`ground`: table cards by cell; `upper`: storeys by spot),
    and the full ones (`full`, sorted, with `under`: under_of per spot). See the module docstring."""

    __slots__ = ("mark", "ground", "upper", "full", "under", "rows")

    def __init__(self, mark: Any, ground: list[Entry], upper: list[Entry], full: list[Spot],
                 under: dict[Spot, tuple[str | None, ...]]) -> None:
        self.mark = mark  # the table's mark (`marked`) when this index was made or edited
        self.ground = ground
        self.upper = upper
        self.full = full
        self.under = under
        self.rows: tuple[Any, ...] | None = None  # (supply, rows, count): the last rows listed, for that supply

    # -- edits: each returns a new index -----------------------------------------------------------

    def placed(self, mark: Any, where: Spot, code: str, data: RisingData) -> OpenSpots:
        """After a card went at `where` (the storeys already hold it; `mark`: the table's mark now)."""
        ground, upper, full, under = self.ground, self.upper, self.full, self.under
        (x, y), level = where
        if level:
            below = (where[0], level - 1)
            if below in under:  # built over: no card goes above it any more, no pyramid under the new card
                full = full.copy()
                full.remove(below)
                under = dict(under)
                del under[below]
        pyramids = data.pyramids
        if code != DRAGON and ((x, y + 1), level) not in pyramids and ((x + 1, y), level) not in pyramids \
                and ((x, y - 1), level) not in pyramids and ((x - 1, y), level) not in pyramids:
            letters = _letters(code)
            if level:
                upper = _inserted(upper, (where, letters, _bare(letters)))
            else:
                ground = _inserted(ground, (where[0], letters, _bare(letters)))
        return OpenSpots(mark, ground, upper, full, under)

    def stood(self, where: Spot, places: Any, first: bool, data: RisingData) -> OpenSpots | None:
        """After a pyramid stood at `where`, which holds `places` now (`first`: the first on that card); None
        when `where` was not open (not a legal pyramid: the index is made again when next asked)."""
        ground, upper, full, under = self.ground, self.upper, self.full, self.under
        cell, level = where
        entries = upper if level else ground
        key = where if level else cell
        entries = entries.copy()
        i = bisect_left(entries, (key,))
        if i == len(entries) or entries[i][0] != key:
            return None
        letters = entries[i][1]
        if None in places:
            entries[i] = (key, letters, _free(letters, places, next(p for p in places if p)[0]))
        else:
            del entries[i]
            full = full.copy()
            full.insert(bisect_left(full, where), where)
            under = dict(under)
            under[where] = under_of(letters, places)
        if first:  # the bare cards beside it take no pyramid any more
            x, y = cell
            for n in ((x, y + 1), (x + 1, y), (x, y - 1), (x - 1, y)):
                near = (n, level) if level else n
                if (n, level) not in data.pyramids:
                    j = bisect_left(entries, (near,))
                    if j < len(entries) and entries[j][0] == near:
                        del entries[j]
        if level:
            upper = entries
        else:
            ground = entries
        return OpenSpots(self.mark, ground, upper, full, under)


def _inserted(entries: list[Entry], entry: Entry) -> list[Entry]:
    found = entries.copy()
    found.insert(bisect_left(found, (entry[0],)), entry)
    return found


def marked(table: Table) -> Any:
    """What tells one state of a table from another: its frontier slots' `index` list (engine/slots.py), new
    whenever the table changes."""
    return table.slots().index


def built(state: State, data: RisingData) -> OpenSpots:
    """The index of a state made from scratch."""
    pyramids, storeys = data.pyramids, data.storeys
    ground: list[Entry] = []
    upper: list[Entry] = []
    for cell, card in state.table.in_order():
        entry = _entry(cell, 0, card.code, pyramids, storeys)
        if entry is not None:
            ground.append((cell, entry[0], entry[1]))
    for where, (_, code) in sorted(storeys.items()):
        entry = _entry(where[0], where[1], code, pyramids, storeys)
        if entry is not None:
            upper.append((where, entry[0], entry[1]))
    full: list[Spot] = []
    under: dict[Spot, tuple[str | None, ...]] = {}
    faces = state.table.faces
    for where, places in sorted(pyramids.items()):
        cell, level = where
        if None not in places and (cell, level + 1) not in storeys:
            if level:
                code = storeys[where][1]
            else:
                lies = faces.get(cell)
                if lies is None:
                    continue
                code = lies.code
            full.append(where)
            under[where] = under_of(_letters(code), places)
    return OpenSpots(marked(state.table), ground, upper, full, under)


def _entry(cell: Any, level: int, code: str, pyramids: dict[Spot, Any], storeys: dict[Spot, Any]) -> Any:
    """(letters, free quarters) of an open spot, None for a closed one."""
    if code == DRAGON or (cell, level + 1) in storeys:
        return None
    letters = _letters(code)
    places = pyramids.get((cell, level))
    if places is not None:
        if None not in places:
            return None
        return letters, _free(letters, places, next(p for p in places if p)[0])
    x, y = cell
    if (((x, y + 1), level) in pyramids or ((x + 1, y), level) in pyramids
            or ((x, y - 1), level) in pyramids or ((x - 1, y), level) in pyramids):
        return None
    return letters, _bare(letters)


def open_spots(state: State, data: RisingData) -> OpenSpots:
    """The state's index, made again when it is missing or the table changed under it."""
    index: OpenSpots | None = data.spots
    if index is None or index.mark is not state.table.slots().index:  # (marked(), inlined)
        index = data.spots = built(state, data)
    return index
