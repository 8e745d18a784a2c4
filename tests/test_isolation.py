"""The rules side never imports Panda3D; the package lists all its parts."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

PROBE = """
import sys
import aquarius3d.engine, aquarius3d.games, aquarius3d.rules.ruleset, aquarius3d.positions.analyze, aquarius3d.positions.checks
import aquarius3d.cli, aquarius3d.commands.simulate, aquarius3d.bots, aquarius3d.core.geometry, aquarius3d.rules.reference
from aquarius3d.positions.analyze import analyze
from aquarius3d.positions.file import read_position
from aquarius3d.commands.simulate import simulate
from aquarius3d.rules.ruleset import load_ruleset
analyze(read_position(sys.argv[1]))
simulate(load_ruleset("aquarius"), 3, 2, 0)
assert not [m for m in sys.modules if m.split(".")[0] in ("panda3d", "direct")], "Panda3D was imported"
print("clean")
"""


def test_engine_and_analyze_run_without_panda3d():
    position = ROOT / "tests" / "positions" / "aquarius" / "wild-card-groups.yaml"
    done = subprocess.run([sys.executable, "-c", PROBE, str(position)], capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "clean"


def test_engine_works_when_panda3d_cannot_be_imported(tmp_path):
    """Not just unimported: with Panda3D made unimportable, the rules still run."""
    (tmp_path / "panda3d").mkdir()
    (tmp_path / "panda3d" / "__init__.py").write_text("raise ImportError('no Panda3D here')\n")
    code = f"import sys; sys.path.insert(0, {str(tmp_path)!r}); " + PROBE.replace("\nimport sys\n", "\n")
    position = ROOT / "tests" / "positions" / "aquarius" / "wild-card-groups.yaml"
    done = subprocess.run([sys.executable, "-c", code, str(position)], capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stderr


def test_every_subpackage_is_installed():
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    listed = set(config["packages"])
    package = ROOT / "aquarius3d"
    found = {
        ".".join(path.parent.relative_to(ROOT).parts)
        for path in package.rglob("*.py")
        if "__pycache__" not in path.parts
    }
    assert found <= listed, f"add to pyproject.toml packages: {sorted(found - listed)}"
