"""Start-up benchmark: `aquarius3d analyze POSITION --json` against a bare `python -c pass`.

    python tools/bench_startup.py [--runs 7] [--cached] [POSITION]

Runs both commands in turn, `--runs` times each, and prints the median wall
time and CPU time (user + system) of each and their ratio (the target of
issue 12: at most 2, goal 1.5). The machine may be busy, hence medians of
alternated runs; CPU time moves less than wall time when it is.

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
    with tempfile.TemporaryDirectory() as cache:
        if args.cached:
            env.pop("PYTHONDONTWRITEBYTECODE", None)
            env["PYTHONPYCACHEPREFIX"] = cache
        bare = [sys.executable, "-c", "pass"]
        analyze = [sys.executable, "-m", "aquarius3d", "analyze", args.position, "--json"]
        if args.cached:
            timed(analyze, env)  # fills the cache
        bare_times, analyze_times = [], []
        for _ in range(args.runs):
            bare_times.append(timed(bare, env))
            analyze_times.append(timed(analyze, env))
    kind = "cached bytecode" if args.cached else "as the environment says"
    print(f"medians of {args.runs} runs, {kind}:")
    for column, name in ((0, "wall"), (1, "CPU ")):
        b = statistics.median(t[column] for t in bare_times)
        a = statistics.median(t[column] for t in analyze_times)
        print(f"  {name} python -c pass {b * 1000:4.0f} ms, analyze {a * 1000:4.0f} ms: ratio {a / b:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
