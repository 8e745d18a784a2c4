"""tools/time_tests.py and tests/slow.txt: the tests timed over the bound are left out of the quick set."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import time_tests  # noqa: E402

JUNIT = """<?xml version="1.0" encoding="utf-8"?><testsuites><testsuite name="pytest">
<testcase classname="tests.test_a" name="test_quick" time="0.120" />
<testcase classname="tests.test_a" name="test_sweep[aquarius-1024x600]" time="2.500" />
<testcase classname="tests.test_b" name="test_edge" time="0.300" />
</testsuite></testsuites>"""


def test_times_are_read_by_node_id_and_the_list_holds_those_over_the_bound(tmp_path):
    junit = tmp_path / "times.xml"
    junit.write_text(JUNIT)
    times = time_tests.times_of(junit)
    assert times == {"tests/test_a.py::test_quick": 0.12, "tests/test_a.py::test_sweep[aquarius-1024x600]": 2.5,
                     "tests/test_b.py::test_edge": 0.3}
    text = time_tests.listing(times, 0.3, "python tools/time_tests.py")
    listed = [line for line in text.splitlines() if not line.startswith("#")]
    assert listed == ["tests/test_a.py::test_sweep[aquarius-1024x600]"]  # over 0.3 s; 0.3 itself is quick
    assert "1 of 3 tests; the others took 0 s" in text


def test_the_quick_set_leaves_out_every_listed_test():
    """pytest -m "not slow" collects none of tests/slow.txt's tests, and the whole suite collects them all."""
    listed = {line for line in (ROOT / "tests" / "slow.txt").read_text().splitlines()
              if line and not line.startswith("#")}
    assert listed

    def collected(*marks):
        done = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider",
                               "-n", "0", *marks], cwd=ROOT, capture_output=True, text=True, timeout=300)
        return {line for line in done.stdout.splitlines() if "::" in line}

    everything, quick = collected(), collected("-m", "not slow")
    assert not listed - everything, f"tests/slow.txt names tests that are gone (run tools/time_tests.py): {sorted(listed - everything)[:5]}"
    assert not listed & quick and quick < everything
