"""A bounded fuzz run in the suite: broken copies of the shipped files through the command line.

Every mutant (tests/fuzzing.py: flipped characters and bytes, deleted or
repeated lines, swapped values, values of another type, deep nesting, huge
numbers, long texts, cut files) must get exit status 0, 1 or 2, and with 2 a
first line naming the file, every line ours, no traceback, within 10 s. The
seeds are fixed, so a run is repeatable; tools/fuzz.py runs longer and at random.
"""

import random
from pathlib import Path

import pytest

import fuzzing as fuzz
from aquarius3d.rules.ruleset import load_ruleset

from helpers import sweep

ROOT = Path(__file__).resolve().parents[1]
POSITIONS, RULESETS = fuzz.sources(ROOT)


@pytest.mark.parametrize("seed", sweep(range(4), by=None))
def test_mutated_position_files_get_clean_answers(tmp_path, seed):
    rng = random.Random(seed)
    faults = []
    for _ in range(150):
        source = rng.choice(POSITIONS)
        data, problem = fuzz.try_position(source, tmp_path, rng)
        if problem:
            faults.append(f"{source.name}: {problem}\n{data[:2000]!r}")
    assert not faults, "\n\n".join(faults[:3])


@pytest.mark.parametrize("seed", sweep(range(3), by=None))
def test_mutated_rulesets_get_clean_answers(tmp_path, seed):
    rng = random.Random(100 + seed)
    faults = []
    for _ in range(70):
        source = rng.choice(RULESETS)
        data, problem, _ = fuzz.try_ruleset(source, tmp_path, rng)
        if problem:
            faults.append(f"{source.name}: {problem}\n{data[:2000]!r}")
    assert not faults, "\n\n".join(faults[:3])


@pytest.mark.parametrize("ruleset, options, players", [
    ("aquarius", {}, 4), ("aquarius", {"single_action": "trade_goals"}, 3), ("aquarius-rising", {"sky_high": True}, 2),
    ("dominus", {}, 3), ("elemental-towers", {"draft": True}, 1),
])
def test_whole_games_pass_their_checks_after_every_move(ruleset, options, players):
    game = load_ruleset(ruleset, options)
    assert fuzz.play_checked(game, players, seed=17) > 0


def test_the_fuzz_checks_catch_what_they_should():
    """The checks fail on a traceback, a status 3, an anonymous message and a slow answer."""
    ok = fuzz.Outcome(["analyze", "p.yaml"], 2, "", "aquarius3d: p.yaml: cards: expected a list\n", 0.1)
    assert fuzz.fault(ok, "p.yaml") is None
    assert "traceback" in fuzz.fault(fuzz.Outcome([], 3, "", "Traceback (most recent call last):\n  x\n", 0.1), "p.yaml")
    assert "exit status 3" in fuzz.fault(fuzz.Outcome([], 3, "", "aquarius3d: internal error\n", 0.1), "p.yaml")
    assert "naming p.yaml" in fuzz.fault(fuzz.Outcome([], 2, "", "aquarius3d: cards: wrong\n", 0.1), "p.yaml")
    assert "not ours" in fuzz.fault(fuzz.Outcome([], 2, "", "aquarius3d: p.yaml: x\nwarning: y\n", 0.1), "p.yaml")
    assert "took" in fuzz.fault(fuzz.Outcome([], 0, "{}", "", 11.0), "p.yaml")
