"""View benchmark: median frame time of a 55-card table, and start-up to the first frame.

    python tools/bench_view.py [--frames 200]

Offscreen at 1280x720 with gl-finish 1, so each frame is really drawn before
the clock stops. Targets (issue 3): median frame at most 10 ms on this
machine's CPU renderer; start-up to the first frame at most 2 s.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

STARTUP = """
import time, sys
start = time.perf_counter()
sys.path.insert(0, {root!r})
from aquarius3d.view.config import configure
configure(offscreen=True, size=(1280, 720), finish=True)
from aquarius3d.app import App
app = App(offscreen=True, size=(1280, 720))
app.base.graphicsEngine.renderFrame()
print(time.perf_counter() - start)
"""


def table_of(cards: int):
    """A state with this many element cards on the table, by random legal placements."""
    sys.path.insert(0, str(ROOT))
    sys.path.insert(0, str(ROOT / "tools"))
    from bench_rules import big_table
    from aquarius3d.ruleset import load_ruleset

    state, _ = big_table(load_ruleset("aquarius"), cards, 3)
    return state


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=200)
    args = parser.parse_args()

    runs = []
    for _ in range(3):
        done = subprocess.run([sys.executable, "-c", STARTUP.format(root=str(ROOT))], capture_output=True, text=True)
        runs.append(float(done.stdout.strip().splitlines()[-1]))
    print(f"start-up to the first frame: {min(runs):.2f} s (best of 3; {', '.join(f'{r:.2f}' for r in runs)})")

    from aquarius3d import geometry
    from aquarius3d.view.render import OffscreenTable
    from aquarius3d.view.scene import CardView

    state = table_of(55)
    table = OffscreenTable(size=(1280, 720), finish=True)
    bottom = geometry.card_bottom(geometry.card_top(0))
    table.scene.sync({state.table.cards[c]: CardView(c, f.code, 0, bottom) for c, f in state.table.faces.items()})
    table.look("orbit")
    for _ in range(10):
        table.frame()
    timings = []
    for i in range(args.frames):
        table.base.camera.setH(table.base.camera.getH() + 0.2)  # a slowly orbiting camera: no caching tricks
        start = time.perf_counter()
        table.frame()
        timings.append(time.perf_counter() - start)
    print(f"{len(table.scene.nodes)}-card table at 1280x720: median frame {statistics.median(timings) * 1e3:.2f} ms, "
          f"95th percentile {sorted(timings)[int(len(timings) * 0.95)] * 1e3:.2f} ms")
    table.close()


if __name__ == "__main__":
    main()
