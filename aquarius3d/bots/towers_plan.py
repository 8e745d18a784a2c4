"""Elemental Towers: how far the pieces on the table stand from complete towers, in actions still to earn.

A complete tower needs three pyramids of one colour (large, medium, small) brought together, and every step
(a build, or a move of one space) costs one action of that colour, earned by a match. So a plan for a tower
is priced in actions: a pyramid already on the table costs the spaces it must travel (a path through empty
spaces, `distances`), a missing one its build (`BUILD`: a match of the right element on a space of the
right size is needed, the large space the rarest) plus a step to bring it over. `plans` finds, per colour,
the cheapest plans one after another over disjoint pieces (three trios a colour: at most three towers),
and towers_eval.py turns each plan's price into the chance to earn that many actions before the deck runs
out.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Collection
from functools import lru_cache
from typing import TYPE_CHECKING

from ..engine.table import Cell
from ..games.towers.pieces import ACROSS

if TYPE_CHECKING:
    from ..engine.state import State

Node = tuple[Cell, str]  # a space on a card: its cell and the space's name
Graph = dict[Node, list[Node]]
Links = tuple[tuple[str, tuple[tuple[int, int, str], ...]], ...]  # per space of a card, (dx, dy, space) next to it
Plan = tuple[float, tuple[Node, ...], str]  # a tower's price, the pieces it uses, the sizes it builds

SIZES = "SML"
BUILD = {"S": 3, "M": 3, "L": 4}  # a missing pyramid: its build and the step to bring it over
FAR = 99.0  # no path through empty spaces


def space_graph(state: State) -> Graph:
    """{(cell, space): [adjacent (cell, space)]} for the table's cards (each card's links cached by its
    face and its neighbours' faces: a move changes few of them)."""
    faces = state.table.faces
    graph: Graph = {}
    for cell, face in faces.items():
        x, y = cell
        around = tuple((f.code if (f := faces.get((x + dx, y + dy))) is not None else "") for dx, dy in ACROSS)
        for name, links in _links(face.code, around):
            graph[(cell, name)] = [((x + dx, y + dy), other) for dx, dy, other in links]
    return graph


@lru_cache(maxsize=65536)
def _links(code: str, around: tuple[str, ...]) -> Links:
    """A card's spaces and, for each, the spaces next to it as (dx, dy, space): the rule of
    games/towers/pieces.neighbours_of_space, on the faces alone."""
    from ..games.towers.pieces import INNER, space_of, spaces

    found = []
    for name in spaces(code):
        mine = {q for q in range(4) if space_of(code, q) == name}
        links = []
        for a, b in INNER:
            for q, other in ((a, b), (b, a)):
                if q in mine and other not in mine:
                    links.append((0, 0, space_of(code, other)))
        for (dx, dy), theirs in zip(ACROSS, around):
            if not spaces(theirs):
                continue
            for q, other in ACROSS[(dx, dy)]:
                if q in mine:
                    links.append((dx, dy, space_of(theirs, other)))
        found.append((name, tuple(dict.fromkeys(links))))
    return tuple(found)


def distances(graph: Graph, occupied: Collection[Node], start: Node) -> dict[Node, int]:
    """Steps from `start` to every space reachable through empty spaces (the last one may be occupied)."""
    found = {start: 0}
    queue = deque([start])
    while queue:
        node = queue.popleft()
        step = found[node] + 1
        for other in graph.get(node, ()):
            if other in found:
                continue
            found[other] = step
            if other not in occupied:
                queue.append(other)
    return found


def _shape(piece: list[str]) -> str:
    return "".join(p[0] for p in piece)


def plans(state: State, pieces: dict[Cell, dict[str, list[str]]], supply: dict[str, int]) -> dict[str, list[float]]:
    """Per colour, the prices (in actions) of its towers: 0 for a complete one, then the cheapest plans."""
    graph = space_graph(state)
    occupied: set[Node] = set()
    by_colour: dict[str, list[tuple[Node, str]]] = {}
    for cell, here in pieces.items():
        for name, piece in here.items():
            node = (cell, name)
            occupied.add(node)
            by_colour.setdefault(piece[0][1], []).append((node, _shape(piece)))
    found: dict[str, list[float]] = {}
    colours = set(by_colour) | {kind[1] for kind, n in supply.items() if n > 0}
    for colour in sorted(colours):  # in order: the same sums (and moves) in every process
        prices: list[float] = []
        mine: list[tuple[Node, str]] = []
        for node, shape in by_colour.get(colour, []):
            if shape == "LMS":
                prices.append(0.0)
            elif node in graph:
                mine.append((node, shape))
        left = {size: supply.get(size + colour, 0) for size in SIZES}
        near = _Near(graph, occupied)
        while len(prices) < 3:
            best = _cheapest(mine, near, left)
            if best is None:
                break
            price, used, built = best
            prices.append(price)
            mine = [m for m in mine if m[0] not in used]
            for size in built:
                left[size] -= 1
        found[colour] = prices
    return found


class _Near(dict[Node, dict[Node, int]]):
    """Steps from a piece to the others, found the first time they are asked for."""

    def __init__(self, graph: Graph, occupied: set[Node]) -> None:
        super().__init__()
        self.graph = graph
        self.occupied = occupied

    def __missing__(self, node: Node) -> dict[Node, int]:
        found = self[node] = distances(self.graph, self.occupied, node)
        return found


def _gap(near: _Near, a: Node, b: Node) -> float:
    return float(near[a].get(b, FAR))


def _cheapest(mine: list[tuple[Node, str]], near: _Near, left: dict[str, int]) -> Plan | None:
    """The cheapest tower from these pieces and the supply: (price, pieces used, sizes built), or None."""
    options: list[Plan] = []
    bases = [(n, s) for n, s in mine if s[0] == "L"]
    middles = [(n, s) for n, s in mine if s[0] == "M"]
    smalls = [n for n, s in mine if s == "S"]
    can = {size: left[size] > 0 for size in SIZES}
    for base, shape in bases:
        if shape == "LM":
            for small in smalls:
                options.append((_gap(near, small, base), (base, small), ""))
            if can["S"]:
                options.append((BUILD["S"], (base,), "S"))
            continue
        for middle, mshape in middles:
            gap = _gap(near, middle, base)
            if mshape == "MS":
                options.append((gap, (base, middle), ""))
                continue
            for small in smalls:
                options.append((gap + min(_gap(near, small, middle), _gap(near, small, base)),
                                (base, middle, small), ""))
            if can["S"]:
                options.append((gap + BUILD["S"], (base, middle), "S"))
        if can["M"]:
            for small in smalls:
                options.append((BUILD["M"] + _gap(near, small, base), (base, small), "M"))
            if can["S"]:
                options.append((BUILD["M"] + BUILD["S"], (base,), "MS"))
    if can["L"]:
        for middle, mshape in middles:
            if mshape == "MS":
                options.append((BUILD["L"], (middle,), "L"))
                continue
            for small in smalls:
                options.append((BUILD["L"] + _gap(near, small, middle), (middle, small), "L"))
            if can["S"]:
                options.append((BUILD["L"] + BUILD["S"], (middle,), "LS"))
        if can["M"]:
            for small in smalls:
                options.append((BUILD["L"] + BUILD["M"], (small,), "LM"))
            if can["S"]:
                options.append((BUILD["L"] + BUILD["M"] + BUILD["S"], (), "LMS"))
    if not options:
        return None
    return min(options, key=lambda o: (o[0], len(o[2])))
