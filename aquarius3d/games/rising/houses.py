"""Aquarius Rising's houses as plain data, both the engine and position files describe them: the cards
of a cell storey by storey, the highest point of each element, real heights and the tie-break chain
(ranking_keys, ranking, winners_among). The rule blocks that use them are in blocks.py."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core import geometry
from ...core.cards import face, mask_letters
from ...core.vocabulary import ELEMENT_OF, ELEMENT_OF_COLOUR, ELEMENTS, WILD_COLOURS
from ...core.values import Value, field
from .state import rising

if TYPE_CHECKING:
    from ...engine.table import Cell
    from ...engine.state import State


WILD = WILD_COLOURS
# An element's place in the tie-break chain: highest point, its pips, the next highest, its pips, the group.
Key = tuple[float, int, float, int, int]
_set = object.__setattr__  # a frozen Value's fields are set this way
_NO_PYRAMIDS: list[str | None] = [None, None, None, None]  # a card with no pyramid (never changed)


# -- the houses, as plain data both the engine and position files describe --------------------------------


class House(Value):
    """The cards of one cell, storey by storey: faces and their four pyramid places."""

    cell: tuple[int, int]
    faces: list[str] = field(default_factory=list)
    pyramids: list[list[str | None]] = field(default_factory=list)

    def __init__(self, cell: tuple[int, int], faces: list[str] | None = None,
                 pyramids: list[list[str | None]] | None = None) -> None:  # written out: one a card, at every scoring
        self.cell = cell
        self.faces = [] if faces is None else faces
        self.pyramids = [] if pyramids is None else pyramids

    def tops(self) -> list[float]:
        """Top face of each storey's card, from geometry: each storey rests on the tips below it.

        A storey with no pyramid below it (a position file's mistake, which
        `structure_errors` reports) is measured lying flat on the card below.
        """
        tops = [geometry.card_top(0)]
        for level in range(1, len(self.faces)):
            size = next((p[0] for p in self.pyramids[level - 1] if p), None)
            support = geometry.PYRAMID_HEIGHT[size] if size else 0.0
            tops.append(geometry.card_top(level, support, tops[-1]))
        return tops


def houses_of_state(state: "State") -> dict[tuple[int, int], House]:
    houses = {}
    data = rising(state)
    pyramids, storeys = data.pyramids, data.storeys
    for cell, f in state.table.faces.items():
        house = House(cell, [f.code], [list(pyramids.get((cell, 0), _NO_PYRAMIDS))])
        level = 1
        while (cell, level) in storeys:
            house.faces.append(storeys[cell, level][1])
            house.pyramids.append(list(pyramids.get((cell, level), _NO_PYRAMIDS)))
            level += 1
        houses[cell] = house
    return houses


class Point(Value, frozen=True):
    height: float
    letter: str
    cell: tuple[int, int]
    pips: int  # a pyramid's pips (0 for a card panel)

    def __init__(self, height: float, letter: str, cell: tuple[int, int], pips: int) -> None:  # written out: many a scoring
        _set(self, "height", height)
        _set(self, "letter", letter)
        _set(self, "cell", cell)
        _set(self, "pips", pips)


def points(houses: dict[Cell, House]) -> list[Point]:
    """Every point an element reaches: card panels (their top face) and pyramid tips.

    White pyramids have no element; clear ones take their quarter's element for
    building only, "never for winning", so neither counts here. A wild panel
    (the Aquarius Dragon's) is a panel of every element at its card's top face.
    """
    found = []
    for cell, house in houses.items():
        for level, (code, top) in enumerate(zip(house.faces, house.tops())):
            for letter in mask_letters(face(code).elements):
                found.append(Point(top, letter, cell, 0))
            for pyramid in house.pyramids[level]:
                if pyramid and pyramid[1] not in WILD:
                    tip = geometry.pyramid_tip(top, pyramid[0])
                    found.append(Point(tip, ELEMENT_OF_COLOUR[pyramid[1]], cell, geometry.PYRAMID_PIPS[pyramid[0]]))
    return found


def heights(houses: dict[Cell, House]) -> dict[str, float | None]:
    best: dict[str, float | None] = {name: None for name in ELEMENTS}
    for point in points(houses):
        name = ELEMENT_OF[point.letter]
        highest = best[name]
        if highest is None or point.height > highest:
            best[name] = point.height
    return best


def _same(a: float, b: float) -> bool:
    return abs(a - b) < 1e-6


def ranking_keys(houses: dict[Cell, House], groups: dict[str, int], pips_by: str = "house") -> dict[str, Key]:
    """The tie-break chain as a sortable key per element present.

    1. highest point; 2. pips of the element in the house(s) where that point
    stands (French text: the element's pyramids at that height); 3. the next
    highest point; 4. pips there, by the same reading (English: "count and
    compare pips for the secondary altitude"; French: « les points sont à
    nouveau comparés pour la hauteur secondaire »); 5. the largest connected
    group on the table.
    """
    by_letter: dict[str, list[tuple[float, Cell, int]]] = {}
    for point in points(houses):
        by_letter.setdefault(point.letter, []).append((point.height, point.cell, point.pips))
    return _keys(by_letter, groups, pips_by)


def state_ranking_keys(state: "State", groups: dict[str, int], pips_by: str = "house") -> dict[str, Key]:
    """ranking_keys(houses_of_state(state), groups, pips_by), the points gathered straight from the state: the
    same heights, worked out by the same sums in the same order, without a House or a Point made."""
    data = rising(state)
    pyramids, storeys = data.pyramids, data.storeys
    by_letter: dict[str, list[tuple[float, Cell, int]]] = {}
    tall, pips, thick = geometry.PYRAMID_HEIGHT, geometry.PYRAMID_PIPS, geometry.CARD_THICKNESS
    ground = geometry.card_top(0)
    for cell, lies in state.table.faces.items():
        level, top, elements = 0, ground, lies.elements
        while True:
            for letter in _LETTERS_OF[elements]:
                found = by_letter.get(letter)
                if found is None:
                    found = by_letter[letter] = []
                found.append((top, cell, 0))
            places = pyramids.get((cell, level), _NO_PYRAMIDS)
            for pyramid in places:
                if pyramid and pyramid[1] not in WILD:
                    letter = ELEMENT_OF_COLOUR[pyramid[1]]
                    found = by_letter.get(letter)
                    if found is None:
                        found = by_letter[letter] = []
                    found.append((top + tall[pyramid[0]], cell, pips[pyramid[0]]))  # geometry.pyramid_tip
            above = storeys.get((cell, level + 1))
            if above is None:
                break
            size = next((p[0] for p in places if p), None)
            support = tall[size] if size else 0.0
            top = top + support + thick  # geometry.card_top(level + 1, support, top)
            elements = face(above[1]).elements
            level += 1
    return _keys(by_letter, groups, pips_by)


_LETTERS_OF = [mask_letters(mask) for mask in range(32)]


def _keys(by_letter: dict[str, list[tuple[float, Cell, int]]], groups: dict[str, int], pips_by: str) -> dict[str, Key]:
    """ranking_keys from each element's points as (height, cell, pips), in the order points() gives them.

    A point stands at a height when it is within a millionth of it; the points are gathered by their exact
    heights first (a few, each seen again and again), so that each height is compared once."""
    by_height = pips_by == "height"
    keys = {}
    for letter, found in by_letter.items():
        at: dict[float, list[tuple[float, Cell, int]]] = {}
        for point in found:
            same = at.get(point[0])
            if same is None:
                at[point[0]] = [point]
            else:
                same.append(point)
        levels = sorted({round(h, 6) for h in at}, reverse=True)
        first = levels[0]
        second = levels[1] if len(levels) > 1 else None

        def pips_at(height: float, found: list[tuple[float, Cell, int]] = found,
                    at: dict[float, list[tuple[float, Cell, int]]] = at) -> int:
            near = [at[h] for h in at if abs(h - height) < 1e-6]
            if by_height:
                return sum(p for points in near for _, _, p in points)
            cells = {c for points in near for _, c, _ in points}
            return sum(p for _, c, p in found if p and c in cells)

        keys[ELEMENT_OF[letter]] = (
            first, pips_at(first),
            second if second is not None else -1.0, pips_at(second) if second is not None else 0,
            groups.get(ELEMENT_OF[letter], 0),
        )
    return keys


def ranking(keys: dict[str, Key]) -> list[list[str]]:
    """Elements best first, as groups of elements tied on the whole chain."""
    order = sorted(keys, key=lambda name: (tuple(-v for v in keys[name]), ELEMENTS.index(name)))
    groups: list[list[str]] = []
    for name in order:
        if groups and keys[groups[-1][0]] == keys[name]:
            groups[-1].append(name)
        else:
            groups.append([name])
    return groups


def deciding_step(keys: dict[str, Key], names: list[str]) -> int | None:
    """The first step of the tie-break chain on which these elements' keys differ (0: the highest point itself; 1
    and 3: pips; 2: the next highest point; 4: the largest group), None when they are equal on all of it."""
    for step in range(len(keys[names[0]])):
        if len({keys[name][step] for name in names}) > 1:
            return step
    return None


def winners_among(keys: dict[str, Key], contenders: list[str]) -> list[str]:
    """The best of the contending elements; "only elements held as goals can win"."""
    present = [e for e in contenders if e in keys]
    if not present:
        return []
    best = max(keys[e] for e in present)
    return [e for e in ELEMENTS if e in present and keys[e] == best]
