"""The dependencies' floors: every one pyproject.toml names has one, and .ci/floors.txt (which .ci/run
installs to test them) pins each floor exactly, so the versions tested are the versions promised."""

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NOT_RUN = {"ruff", "mypy", "import-linter"}  # they check the code, with the newest allowed; the floors' run does not use them


def requirements():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    found = list(project["dependencies"])
    for extra in project["optional-dependencies"].values():
        found += extra
    return found


def floors():
    pins = {}
    for line in (ROOT / ".ci" / "floors.txt").read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            name, _, version = line.partition("==")
            pins[name.lower()] = version
    return pins


def test_every_dependency_has_a_floor_and_the_floors_run_pins_it():
    pins = floors()
    named = set()
    for requirement in requirements():
        match = re.fullmatch(r"([A-Za-z0-9_.-]+)(\[[^]]*\])?\s*(.*)", requirement)
        assert match, requirement
        name, rules = match.group(1).lower(), [r.strip() for r in match.group(3).split(",") if r.strip()]
        named.add(name)
        floor = [r[2:] for r in rules if r.startswith(">=")]
        assert len(floor) == 1, f"{requirement}: give it one floor (>=)"
        if name in NOT_RUN:
            continue
        assert name in pins, f"{name}: .ci/floors.txt does not pin its floor"
        pinned = pins[name].split(".")
        assert pinned[:len(floor[0].split("."))] == floor[0].split(".") and \
            all(part == "0" for part in pinned[len(floor[0].split(".")):]), \
            f"{name}: pyproject's floor is {floor[0]}, .ci/floors.txt installs {pins[name]}"
    assert set(pins) <= named, f".ci/floors.txt pins what pyproject does not ask for: {sorted(set(pins) - named)}"
