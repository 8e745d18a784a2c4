"""Aquarius Rising's tray counts belong to their stacks (issue 27, playtest 5): each count stood in the gap between
two stacks, as far from the one it counts as from the next, and a player could not tell whether the "2" between the
green and the yellow was the green's or the yellow's. Each count now lies against its own stack's base, on the same
side of every stack, the gap beyond it to the next stack wider: on the screen (projected through the lens, as a player
sees it) each count is clearly nearer its own stack than any other, at the default view of a 2-, 4- and 5-player game
at 1280x720 (and at the other window sizes). Measured from the middle of each count to each stack's foot: before,
the large green's count was 11 px from it and 15 px from the yellow (2 players, 1280x720); now 8 px and 16 px."""

import math

import pytest

from aquarius3d.session import Seat
from test_layout import with_window
from test_tray_counts import board_in_view, count_outline, hull, pyramid_outline

CLEARER = 1.5  # each count's distance to any other stack is at least this many times its distance to its own


def distance(point, polygon):
    """From a point to a convex polygon on the screen (0 inside it)."""
    inside = all((q[0] - p[0]) * (point[1] - p[1]) - (q[1] - p[1]) * (point[0] - p[0]) >= 0
                 for p, q in zip(polygon, polygon[1:] + polygon[:1]))
    if inside:
        return 0.0
    best = math.inf
    for p, q in zip(polygon, polygon[1:] + polygon[:1]):
        dx, dy = q[0] - p[0], q[1] - p[1]
        t = max(0.0, min(1.0, ((point[0] - p[0]) * dx + (point[1] - p[1]) * dy) / (dx * dx + dy * dy or 1.0)))
        best = min(best, math.hypot(point[0] - p[0] - t * dx, point[1] - p[1] - t * dy))
    return best


def gaps(app, width, height):
    """For each count of each tray wholly in view: (its tag, its distance to its own stack, to the nearest other),
    in pixels, from the middle of its card to each pyramid's foot (its base's outline, where it stands on the tray: its
    tip, seen from aside, may lean over the next stack's foot)."""
    found = []
    for tray in app.table.parts.trays.seats:
        if not board_in_view(app, tray):
            continue
        pyramids = {p.getTag("pyramid"): pyramid_outline(app, p)[:4] for p in tray.findAllMatches("**/=pyramid")}
        for label in tray.findAllMatches("**/=count"):
            card = count_outline(app, label)
            code = label.getTag("count").split(":")[0]
            middle = (sum(x for x, _ in card) / len(card) * width / 2, sum(y for _, y in card) / len(card) * height / 2)
            near = {other: distance(middle, hull([(x * width / 2, y * height / 2) for x, y in outline]))
                    for other, outline in pyramids.items()}
            own = near.pop(code)
            found.append((f"{tray.getName()} {code} by {min(near, key=near.get)}", own, min(near.values())))
    return found


@pytest.mark.parametrize("players", [2, 4, 5])
@pytest.mark.parametrize("width,height", [(1280, 720), (1024, 600), (1920, 1080)])
def test_each_count_is_nearer_its_own_stack_than_any_other(app, monkeypatch, players, width, height):
    original = with_window(app, monkeypatch, width, height)
    try:
        app.start_game("aquarius-rising", {}, [Seat("Ann")] + [Seat(f"P{i}", "computer") for i in range(1, players)],
                       seed=7)
        if app.session.stage == "cover":
            app.table.reveal()
        app.table.refresh()
        app.table.camera.finish()
        found = gaps(app, width, height)
        assert len(found) >= 12  # (the player's own tray at the least, every stack of it: 4 colours at 5 players)
        for where, own, other in found:
            assert other >= CLEARER * own and other - own >= 4.0, (where, round(own, 1), round(other, 1))
    finally:
        app.base.adjustWindowAspectRatio(original)
