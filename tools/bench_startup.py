"""Start-up benchmark: `aquarius3d analyze POSITION --json` against a bare `python -c pass`.

    python tools/bench_startup.py [--runs 7] [--cached] [POSITION]

Runs the commands in turn, `--runs` times each, and prints the median wall
time and CPU time (user + system) of each and their ratio to the bare start
(the target of issue 12: at most 2, goal 1.5). analyze runs twice a round:
with the cache of checked rulesets holding the position's ruleset (a folder of
this run's own, filled first: every analyze after the first of a ruleset), and
with no cache (AQUARIUS3D_CACHE_DIR set empty: the ruleset is checked, which
imports pydantic, as the first analyze of a ruleset does). The machine may be
busy, hence medians of alternated runs; CPU time moves less than wall time.

With --cached, Python may keep compiled bytecode (in a temporary folder, not
in the checkout), as it does for an installed package; without it, whatever
the environment says holds (PYTHONDONTWRITEBYTECODE makes every run compile
aquarius3d's modules from source).
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT = ROOT / "tests" / "positions" / "aquarius" / "win-immediately.yaml"


def timed(command: list[str], env: dict) -> tuple[float, float]:
    """Wall time and CPU time (user + system) of one run, in seconds."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    elapsed = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        sys.exit(f"{' '.join(command)} failed: {done.stderr.decode(errors='replace').strip()}")
    return elapsed, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("position", nargs="?", default=str(DEFAULT))
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--cached", action="store_true", help="let Python cache bytecode (in a temporary folder)")
    args = parser.parse_args()
    env = dict(os.environ)
    with tempfile.TemporaryDirectory() as cache, tempfile.TemporaryDirectory() as rulesets:
        if args.cached:
            env.pop("PYTHONDONTWRITEBYTECODE", None)
            env["PYTHONPYCACHEPREFIX"] = cache
        warm = {**env, "AQUARIUS3D_CACHE_DIR": rulesets}
        cold = {**env, "AQUARIUS3D_CACHE_DIR": ""}
        bare = [sys.executable, "-c", "pass"]
        analyze = [sys.executable, "-m", "aquarius3d", "analyze", args.position, "--json"]
        timed(analyze, warm)  # fills the ruleset cache (and the bytecode cache, with --cached)
        times: dict[str, list[tuple[float, float]]] = {"bare": [], "cached ruleset": [], "no ruleset cache": []}
        for _ in range(args.runs):
            times["bare"].append(timed(bare, env))
            times["cached ruleset"].append(timed(analyze, warm))
            times["no ruleset cache"].append(timed(analyze, cold))
    kind = "cached bytecode" if args.cached else "as the environment says"
    print(f"medians of {args.runs} runs, {kind}:")
    for column, name in ((0, "wall"), (1, "CPU ")):
        b = statistics.median(t[column] for t in times["bare"])
        line = f"  {name} python -c pass {b * 1000:4.0f} ms"
        for label in ("cached ruleset", "no ruleset cache"):
            a = statistics.median(t[column] for t in times[label])
            line += f"; analyze, {label}, {a * 1000:4.0f} ms: ratio {a / b:.2f}"
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
