"""Perft-style: legal placement counts against a naive reading of the connection rule.

The engine packs segments into bit masks and keeps a frontier; this test
counts placements the slow way, straight from the rule text, on many tables
reached by random play, and the two must agree.
"""

from aquarius3d.core.cards import face
from aquarius3d.positions.analyze import analyze
from aquarius3d.positions.file import parse_position
from aquarius3d.rules.ruleset import load_ruleset

from helpers import play_random

# (dx, dy) of the neighbour; which of my segments touch which of its segments.
TOUCHING = {
    (0, 1): [(0, 4), (1, 5)],  # my top-left/top-right against its bottom-left/bottom-right
    (1, 0): [(2, 6), (3, 7)],  # my right side against its left side
    (0, -1): [(4, 0), (5, 1)],
    (-1, 0): [(6, 2), (7, 3)],
}


def naive_placements(table: dict, code: str) -> int:
    """Distinct (cell, face) where at least one touching half-side shares an element."""
    if not table:
        return 1 if face(code).symmetric else 2
    xs = [x for x, _ in table]
    ys = [y for _, y in table]
    found = set()
    for x in range(min(xs) - 1, max(xs) + 2):
        for y in range(min(ys) - 1, max(ys) + 2):
            if (x, y) in table:
                continue
            for lies in {code, face(code).turned.code}:
                mine = face(lies).segments
                for (dx, dy), pairs in TOUCHING.items():
                    other = table.get((x + dx, y + dy))
                    if other and any(mine[s] & face(other).segments[t] for s, t in pairs):
                        found.add(((x, y), lies))
    return len(found)


def test_probe_counts_agree_with_the_rule_read_naively():
    game = load_ruleset("aquarius")
    probes = ["FFFF", "FWAE", "EEWW", "SASA", "F\\W", "A/S", "*", "EAWS"]
    compared = 0
    for seed in range(8):
        for i, state in enumerate(play_random(game, 4, seed=seed, steps=70)):
            if i % 7:
                continue
            table = {cell: f.code for cell, f in state.table.faces.items()}
            position = parse_position({
                "ruleset": "aquarius",
                "cards": [{"at": list(cell), "card": code} for cell, code in table.items()],
                "probe": probes,
            })
            result = analyze(position, game)
            assert [p["placements"] for p in result["probe"]] == [naive_placements(table, c) for c in probes]
            compared += 1
    assert compared > 40
