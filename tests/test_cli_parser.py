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
