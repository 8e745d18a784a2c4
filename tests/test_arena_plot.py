"""`aquarius3d arena --plot FILE.png`: the optional matplotlib drawing, and its absence handled before any game."""

import os
import sys

import pytest

from aquarius3d.commands import arena as arena_module
from aquarius3d.commands.arena import arena
from aquarius3d.cli import main
from aquarius3d.rules.ruleset import load_ruleset


def test_without_matplotlib_plot_exits_2_with_one_line_and_plays_no_game(monkeypatch, tmp_path, capsys):
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # `import matplotlib` now raises ImportError
    played = []
    monkeypatch.setattr(arena_module, "play_one", lambda *args, **kwargs: played.append(args))
    target = tmp_path / "out.png"
    code = main(["arena", "aquarius", "--players", "random,random", "--games", "2", "--seed", "1",
                 "--plot", str(target)])
    out, err = capsys.readouterr()
    assert code == 2
    assert err == "aquarius3d: --plot needs matplotlib: pip install '.[plot]'\n"
    assert out == ""
    assert played == []
    assert not target.exists()


def test_per_game_scores_match_the_figures_and_leave_the_result_keys_alone():
    game = load_ruleset("elemental-towers")
    scores: list = []
    result = arena(game, ["easy"], games=3, seed=4, per_game=scores)
    assert scores == [arena_module.play_one(game, ["easy"], 4, i)["score"] for i in range(3)]
    assert len(set(s[0] for s in scores)) > 1  # this seed scores differently from game to game
    assert result["mean_score"][0] == round(sum(s[0] for s in scores) / 3, 4)
    assert result["wins"][0] == sum(s[0] >= 11 for s in scores)
    plain = arena(game, ["easy"], games=3, seed=4)
    assert {key: plain[key] for key in plain if key != "mean_move_ms"} == \
        {key: result[key] for key in result if key != "mean_move_ms"}
    assert set(result) == {"ruleset", "players", "games", "wins", "draws", "mean_score", "mean_move_ms"}


def _png_size(path):
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


@pytest.mark.parametrize("ruleset, players", [("aquarius", "easy,random,random"), ("elemental-towers", "random")])
def test_plot_draws_a_png_atomically(ruleset, players, tmp_path, capsys):
    pytest.importorskip("matplotlib")
    target = tmp_path / "arena.png"
    code = main(["arena", ruleset, "--players", players, "--games", "3", "--seed", "2", "--plot", str(target)])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert "3 games of" in out  # the text report is still printed
    assert _png_size(target) == (700, 450)
    assert sorted(os.listdir(tmp_path)) == ["arena.png"]  # no temporary file left behind
    mask = os.umask(0)
    os.umask(mask)
    assert target.stat().st_mode & 0o777 == 0o666 & ~mask  # not the temporary file's private mode


def test_plot_bad_paths_fail_before_the_games(monkeypatch, tmp_path, capsys):
    pytest.importorskip("matplotlib")
    played = []
    monkeypatch.setattr(arena_module, "play_one", lambda *args, **kwargs: played.append(args))
    for bad, reason in [(tmp_path / "missing" / "x.png", "no folder"), (tmp_path, "expected a .png file name"),
                        (tmp_path / "x.txt", "expected a .png file name")]:
        code = main(["arena", "aquarius", "--players", "random,random", "--games", "1", "--plot", str(bad)])
        err = capsys.readouterr().err
        assert code == 2
        assert err.count("\n") == 1 and reason in err and str(bad) in err
    assert played == []


def test_a_failed_write_leaves_the_old_picture_and_no_temporary_file(monkeypatch, tmp_path, capsys):
    pytest.importorskip("matplotlib")
    from matplotlib.figure import Figure

    def refuse(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(Figure, "savefig", refuse)
    target = tmp_path / "arena.png"
    target.write_bytes(b"old")
    code = main(["arena", "aquarius", "--players", "random,random", "--games", "1", "--plot", str(target)])
    err = capsys.readouterr().err
    assert code == 2
    assert err == f"aquarius3d: --plot {target}: cannot write the picture: No space left on device\n"
    assert target.read_bytes() == b"old"
    assert sorted(os.listdir(tmp_path)) == ["arena.png"]
