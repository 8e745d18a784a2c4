"""Keep the package in modules a maintainer can read in one sitting.

The table screen was once a 1,200-line class; issue 11 and 12 set a ceiling
of 500 lines per module. This test holds it, so a module that grows past it
is split when it grows, not years later.
"""

from pathlib import Path

import aquarius3d

CEILING = 500


def test_no_module_is_over_the_ceiling():
    root = Path(aquarius3d.__file__).parent
    long = {}
    for path in sorted(root.rglob("*.py")):
        lines = path.read_text(encoding="utf-8").count("\n")
        if lines > CEILING:
            long[str(path.relative_to(root))] = lines
    assert not long, f"modules over {CEILING} lines (split them): {long}"


def test_the_walk_sees_the_packages():
    root = Path(aquarius3d.__file__).parent
    names = {p.relative_to(root).parts[0] for p in root.rglob("*.py")}
    assert {"engine", "games", "screens", "view", "bots"} <= names
