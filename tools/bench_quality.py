"""Frame times per quality tier: a 55-card table and an Aquarius Rising end of game, 1280x720, offscreen.

    python tools/bench_quality.py [--frames 150] [--tiers low medium high] [--runs 3] [--baseline DIR]

Each tier runs in a process of its own (a window's multisampling is set when it opens), with gl-finish 1
so that each frame is really drawn before the clock stops, the camera going round the table a little every
frame from the default three-quarter view (no caching tricks: the pyramids are put in order again as it goes). Besides the frames while the camera moves (the shadow map is not drawn again then: the
light never moves), it times a frame after the table changed (a card put down: the shadow map drawn again
and the felt's contact shadows). Each figure is the median of the runs' medians; the runs' spread is shown,
and the machine's load average when it started, since the machine is shared. `--baseline DIR` also times,
run after run in turn with the tiers, the same two tables drawn by another checkout (`git worktree add DIR
COMMIT`; one from before the tiers draws with the fixed-function pipeline): the load falls on both alike.
Target (issue 28): at low, at most 16 ms a frame for each table on this machine's software renderer.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

SMOOTH = {"low": "off", "medium": "on", "high": "on"}  # each tier's own default on a graphics card


def one_tier(tier: str, frames: int) -> dict[str, float | str | int]:
    """Time the tier's frames in this process."""
    from bench_view import rising_table, table_of

    from aquarius3d.core import geometry
    from aquarius3d.view.render import OffscreenTable
    from aquarius3d.view.scene import CardView

    table = OffscreenTable(size=(1280, 720), finish=True, quality=tier, smooth=SMOOTH[tier])
    found: dict[str, float | str | int] = {"tier": tier, "renderer": table.base.win.getGsg().getDriverRenderer(),
                                           "samples": table.base.win.getFbProperties().getMultisamples()}

    def orbiting() -> float:
        for _ in range(8):
            table.frame()
        timings = []
        for _ in range(frames):
            table.orbit = table.orbit.orbit(0.25, 0.0)  # round the table, a quarter of a degree a frame
            table.orbit.apply(table.base.camera)
            start = time.perf_counter()
            table.frame()
            timings.append(time.perf_counter() - start)
        return statistics.median(timings) * 1e3

    state = table_of(55)
    bottom = geometry.card_bottom(geometry.card_top(0))
    views = {state.table.cards[c]: CardView(c, f.code, 0, bottom) for c, f in state.table.faces.items()}
    table.scene.sync(views)
    table.look("orbit")
    found["cards55"] = orbiting()
    changed = []
    for i in range(12):  # a card put down and taken away again: the shadow map and the contact shadows drawn
        extra = {**views, "extra": CardView((40, i % 3), "FWAE", 0, bottom)} if i % 2 == 0 else views
        start = time.perf_counter()
        table.scene.sync(extra)
        table.frame()
        changed.append(time.perf_counter() - start)
    found["changed"] = statistics.median(changed) * 1e3
    cards, pyramids = rising_table()
    table.scene.sync(cards, pyramids)
    table.look("orbit")
    found["rising"] = orbiting()
    table.close()
    return found


BASELINE = """
import json, statistics, sys, time
sys.path[:0] = [{root!r}, {root!r} + "/tools"]
from bench_view import rising_table, table_of
from aquarius3d.core import geometry
from aquarius3d.view.render import OffscreenTable
from aquarius3d.view.scene import CardView
table = OffscreenTable(size=(1280, 720), finish=True)
def orbiting():
    for _ in range(8):
        table.frame()
    timings = []
    for _ in range({frames}):
        table.orbit = table.orbit.orbit(0.25, 0.0)
        table.orbit.apply(table.base.camera)
        start = time.perf_counter()
        table.frame()
        timings.append(time.perf_counter() - start)
    return statistics.median(timings) * 1e3
state = table_of(55)
bottom = geometry.card_bottom(geometry.card_top(0))
table.scene.sync({{state.table.cards[c]: CardView(c, f.code, 0, bottom) for c, f in state.table.faces.items()}})
table.look("orbit")
found = {{"cards55": orbiting()}}
cards, pyramids = rising_table()
table.scene.sync(cards)
table.scene.sync_pyramids(pyramids)
table.look("orbit")
found["rising"] = orbiting()
found["changed"] = float("nan")
found["samples"] = 0
print(json.dumps(found))
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=150)
    parser.add_argument("--tiers", nargs="+", default=["low", "medium", "high"], choices=["low", "medium", "high"])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--baseline", metavar="DIR", help="also time another checkout (before the tiers), in turn")
    parser.add_argument("--one", help=argparse.SUPPRESS)  # (a child process: one tier, JSON out)
    args = parser.parse_args()
    if args.one:
        print(json.dumps(one_tier(args.one, args.frames)))
        return
    load = os.getloadavg()[0]
    names = [*args.tiers, *(["baseline"] if args.baseline else [])]
    results: dict[str, list[dict[str, float | str | int]]] = {name: [] for name in names}
    for _ in range(args.runs):  # the tiers taken in turn, run after run: the machine's load falls on each alike
        for name in names:
            command = ([sys.executable, "-c", BASELINE.format(root=str(Path(args.baseline).resolve()), frames=args.frames)]
                       if name == "baseline" else [sys.executable, __file__, "--one", name, "--frames", str(args.frames)])
            done = subprocess.run(command, capture_output=True, text=True, check=True)
            results[name].append(json.loads(done.stdout.strip().splitlines()[-1]))
    print(f"1280x720 offscreen, {args.frames} frames a run, {args.runs} runs, load average {load:.2f} at the start, "
          f"{os.getloadavg()[0]:.2f} at the end ({os.cpu_count()} cores); renderer: "
          f"{results[args.tiers[0]][0]['renderer']}")
    for name in names:
        runs = results[name]
        line = [f"{name:8} ({runs[0]['samples'] or 'no'} multisamples):"]
        for key, words in (("cards55", "55-card table"), ("rising", "Rising end of game"),
                           ("changed", "a card put down")):
            values = sorted(float(r[key]) for r in runs)
            if values[0] == values[0]:  # (not NaN: the baseline has no such figure)
                line.append(f"{words} {statistics.median(values):.1f} ms ({values[0]:.1f}-{values[-1]:.1f})")
        print("  ".join(line))


if __name__ == "__main__":
    main()
