"""Time every test and write tests/slow.txt: the tests `pytest -m "not slow"` leaves out for their time.

    python tools/time_tests.py                      # run the whole suite once, one process, and write the list
    python tools/time_tests.py --junit A.xml B.xml  # or read the times of runs already made (pytest --junitxml)
    python tools/time_tests.py --over 0.3 --check   # say what would change, write nothing

A test is listed when it took longer than `--over` seconds (setup, call and teardown together) in one process on
this machine; tests/conftest.py marks every listed test `slow`, as `@pytest.mark.slow` and tests/helpers.py's
`sweep` do in the code. The quick set (`pytest -m "not slow"`) is then what a maintainer runs after each change,
in under a minute; README's command runs everything. Run this again, on a machine doing nothing else, when tests
were added or made faster: a test missing from the list counts as quick.
"""

from __future__ import annotations

import argparse
import os
import platform
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LIST = ROOT / "tests" / "slow.txt"
OVER = 0.2  # seconds: the quick set's tests sum to under a minute on a two-core machine with this bound


def times_of(junit: Path) -> dict[str, float]:
    """Each test's node id (tests/test_x.py::test_y[case]) and its time, from a pytest --junitxml file."""
    found: dict[str, float] = {}
    for case in ET.parse(junit).getroot().iter("testcase"):
        module = case.get("classname", "")
        path = module.replace(".", "/") + ".py" if module.startswith("tests.") else module.split(".")[0]
        found[f"{path}::{case.get('name')}"] = float(case.get("time") or 0.0)
    return found


def run_suite(folder: Path) -> Path:
    """The whole suite in one process (no workers: each test's own time), its times in a junit file."""
    junit = folder / "times.xml"
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-n", "0", f"--junitxml={junit}"]
    print("running:", " ".join(command[1:]), flush=True)
    done = subprocess.run(command, cwd=ROOT)
    if done.returncode not in (0, 1) or not junit.exists():
        raise SystemExit(f"time_tests: the suite could not run (status {done.returncode})")
    return junit


def listing(times: dict[str, float], over: float, command: str) -> str:
    slow = sorted(test for test, seconds in times.items() if seconds > over)
    quick = sum(seconds for seconds in times.values() if seconds <= over)
    head = [
        "# Tests left out of the quick set (`pytest -m \"not slow\"`) for their time: each took over "
        f"{over:g} s in one process.",
        f"# Made by `{command}` on {time.strftime('%Y-%m-%d')} ({platform.machine()}, {os.cpu_count()} cores);",
        f"# {len(slow)} of {len(times)} tests; the others took {quick:.0f} s together (a sweep's further cases among them,"
        " slow by their mark in the code). tests/conftest.py marks these slow.",
    ]
    return "\n".join(head + slow) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--junit", type=Path, nargs="+", help="times of runs already made (pytest --junitxml)")
    parser.add_argument("--over", type=float, default=OVER, help=f"seconds a slow test takes (default {OVER:g})")
    parser.add_argument("--check", action="store_true", help="say what would change; write nothing")
    args = parser.parse_args(argv)
    command = "python tools/time_tests.py" + (f" --over {args.over:g}" if args.over != OVER else "")
    with tempfile.TemporaryDirectory() as folder:
        files = args.junit or [run_suite(Path(folder))]
        times: dict[str, float] = {}
        for junit in files:
            times.update(times_of(junit))
    text = listing(times, args.over, command)
    old = set(LIST.read_text(encoding="utf-8").split("\n")) if LIST.exists() else set()
    new = set(text.split("\n"))
    added = sorted(line for line in new - old if line and not line.startswith("#"))
    gone = sorted(line for line in old - new if line and not line.startswith("#"))
    for line in added:
        print("+", line)
    for line in gone:
        print("-", line)
    print(text.splitlines()[2].removeprefix("# "))
    if not args.check:
        LIST.write_text(text, encoding="utf-8")
        print(f"written: {LIST.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
