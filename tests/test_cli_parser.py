"""The command line builds only the parser of the command it runs, and says the same as the whole one."""

import pytest

from aquarius3d.cli import build_parser, main


def commands(parser):
    return list(parser._subparsers._group_actions[0].choices)


def test_only_the_command_asked_for_is_built():
    every = commands(build_parser())
    assert len(every) >= 8 and "analyze" in every
    assert commands(build_parser("analyze")) == ["analyze"]
    assert commands(build_parser("anlyze")) == every  # not a command: the whole parser, to list them


@pytest.mark.parametrize("argv", [["analyze"], ["analyze", "x.yaml", "--bogus"], ["--debug", "check"],
                                  ["simulate", "aquarius", "--games", "x"], ["anlyze"], ["--nope", "analyze"]])
def test_mistakes_are_told_as_by_the_whole_parser(argv, capsys):
    with pytest.raises(SystemExit) as lean:
        main(argv)
    said = capsys.readouterr().err
    with pytest.raises(SystemExit) as whole:
        build_parser().parse_args(argv)
    assert (lean.value.code, said) == (whole.value.code, capsys.readouterr().err)


@pytest.mark.parametrize("argv", [["analyze", "x.yaml"], ["analyze", "x.yaml", "--json"], ["analyze", "a b.yaml"]])
def test_plain_analyze_is_read_as_the_parser_reads_it(argv):
    from aquarius3d.cli import plain_analyze

    assert vars(plain_analyze(argv)) == vars(build_parser("analyze").parse_args(argv))


@pytest.mark.parametrize("argv", [["analyze"], ["analyze", "--json"], ["analyze", "--json", "x.yaml"],
                                  ["analyze", "x.yaml", "--every-problem"], ["analyze", "x.yaml", "--js"],
                                  ["analyze", "x.yaml", "--json", "--json"], ["analyze", "-"], ["--debug", "analyze"],
                                  ["analyze", "x.yaml", "y.yaml"], ["check", "x.yaml"], ["analyze", "x.yaml", "--help"]])
def test_anything_else_goes_to_the_parser(argv):
    from aquarius3d.cli import plain_analyze

    assert plain_analyze(argv) is None


def test_analyze_imports_no_argparse(tmp_path):
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    position = root / "tests" / "positions" / "aquarius" / "win-immediately.yaml"
    code = ("import runpy, sys; sys.argv = ['aquarius3d', 'analyze', sys.argv[1], '--json']\n"
            "try:\n    runpy.run_module('aquarius3d', run_name='__main__')\nexcept SystemExit:\n    pass\n"
            "print(sorted(m for m in ('argparse', 'gettext', 'locale') if m in sys.modules), file=sys.stderr)")
    env = {**os.environ, "AQUARIUS3D_CACHE_DIR": str(tmp_path)}
    for _ in range(2):  # the second with the ruleset cached (checking it imports more)
        done = subprocess.run([sys.executable, "-c", code, str(position)], capture_output=True, text=True, cwd=root,
                              env=env)
        assert done.returncode == 0 and '"valid": true' in done.stdout, done.stderr
    assert done.stderr.strip().splitlines()[-1] == "[]"
