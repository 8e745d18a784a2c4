"""Medium's judgement in Elemental Towers (solitaire): one move ahead, on a state determinized from the view.

A position is worth, per piece on the table, the row value v of its colour's element (5 at the top of the
scoring row down to 1; 0 off the row) times: 20 for a complete tower (large, medium, small), 10 for a
two-pyramid tower, 1 for a lone pyramid; plus 2 * v for a piece next to a same-coloured piece it could stack
with (a size one smaller onto one larger); plus 1 + v for each action a card earned and not yet used.
A two-pyramid tower was worth 6: then stacking a pyramid on its neighbour gained nothing over the two
pieces side by side (1 + 1 + 2 + 2), so medium built lone pyramids all game (27 builds, 3 to 10 moves a
game) and left the pieces of a tower scattered; at 10, 100 games on a development seed: mean score 6.70
instead of 5.44 (14: 6.34).
The final score (complete towers by the row, the mastery bonus) is worth 20 a point on top.
"""

from __future__ import annotations

from ..vocabulary import ELEMENT_OF, ELEMENT_OF_COLOUR

SIZES = "SML"
COMPLETE, PAIR, LONE, NEXT = 20.0, 10.0, 1.0, 2.0  # per row value v: see the module's docstring


def _values(game, state) -> dict[str, int]:
    """Per pyramid colour, the row value of its element."""
    from ..games.towers.pieces import row_elements

    row = row_elements(game, state)
    values = list(game.end.values)
    found = {}
    for colour, element in ELEMENT_OF_COLOUR.items():
        name = ELEMENT_OF[element]
        found[colour] = values[row.index(name)] if name in row and row.index(name) < len(values) else 0
    return found


def position_value(game, state) -> float:
    from ..games.towers.pieces import neighbours_of_space, pieces_of, score_of
    from ..games.towers.state import TowersData

    value = _values(game, state)
    worth = 20.0 * score_of(game, state)[0]
    pieces = pieces_of(state)
    for cell, here in pieces.items():
        if cell not in state.table.faces:
            continue
        for name, piece in here.items():
            colour = piece[0][1]
            v = value.get(colour, 0)
            worth += v * (COMPLETE if len(piece) == 3 else PAIR if len(piece) == 2 else LONE)
            if len(piece) == 3:
                continue
            top = SIZES.index(piece[-1][0])
            bottom = SIZES.index(piece[0][0])
            for n_cell, n_name in neighbours_of_space(state, cell, name):
                other = pieces.get(n_cell, {}).get(n_name)
                if not other or other[0][1] != colour:
                    continue
                if SIZES.index(other[0][0]) == top - 1 or SIZES.index(other[-1][0]) == bottom + 1:
                    worth += NEXT * v
                    break
    data = state.data
    for match in data.pending if isinstance(data, TowersData) else []:
        worth += 1.0 + value.get(match.colour, 0)
    return worth


def score_moves(game, observation, moves, rng):
    guess = game.determinize(observation, rng)
    scored = []
    for move in moves:
        state = guess.copy()
        game.apply(state, move)
        scored.append((position_value(game, state), move))
    return scored
