"""The command line as a user runs it: output, exit status, no tracebacks."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}  # the checkout's code, wherever the test runs
POSITION = ROOT / "tests" / "positions" / "aquarius" / "wild-card-groups.yaml"


def run(*args, cwd=ROOT):
    done = subprocess.run([sys.executable, "-m", "aquarius3d", *args], capture_output=True, text=True, cwd=cwd, env=ENV)
    assert "Traceback" not in done.stderr, done.stderr
    return done


def test_analyze_json_follows_the_contract():
    done = run("analyze", str(POSITION), "--json")
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["ruleset"] == "aquarius"
    assert result["valid"] is True and result["errors"] == []
    assert result["largest_group"] == {"earth": 2, "air": 1, "fire": 4, "water": 2, "space": 1}
    assert result["winner"] == ["fire"]
    assert result["geometry"]["card_thickness"] == 0.28


def test_analyze_text():
    done = run("analyze", str(POSITION))
    assert done.returncode == 0
    assert "valid: yes" in done.stdout and "fire 4" in done.stdout


def test_simulate_same_seed_same_winners():
    first = run("simulate", "aquarius", "--players", "3", "--games", "5", "--seed", "42", "--json")
    second = run("simulate", "aquarius", "--players", "3", "--games", "5", "--seed", "42", "--json")
    a, b = json.loads(first.stdout), json.loads(second.stdout)
    assert set(a) == {"games", "winners", "turns", "games_per_second"}
    assert a["games"] == 5 and len(a["winners"]) == 5 and len(a["turns"]) == 5
    assert a["winners"] == b["winners"] and a["turns"] == b["turns"]
    other = json.loads(run("simulate", "aquarius", "--players", "3", "--games", "5", "--seed", "43", "--json").stdout)
    assert (other["winners"], other["turns"]) != (a["winners"], a["turns"])


def test_simulate_with_option_and_text_summary():
    done = run("simulate", "aquarius", "--option", "first_edition=true", "--games", "3", "--players", "4")
    assert done.returncode == 0
    assert "3 games of Aquarius, 4 random players" in done.stdout


def test_simulate_aquarius_rising_from_the_dragon():
    done = run("simulate", "aquarius-rising", "--option", "dragon_start=true", "--games", "8", "--players", "3",
               "--json")
    result = json.loads(done.stdout)
    assert done.returncode == 0 and result["games"] == 8 and all(result["winners"]) and min(result["turns"]) > 10


def test_rulesets_lists_options():
    done = run("rulesets")
    assert done.returncode == 0
    assert "aquarius: Aquarius, 2-5 players" in done.stdout and "--option first_edition" in done.stdout


def test_check_command():
    done = run("check", "--quiet", *map(str, sorted((ROOT / "tests" / "positions").rglob("*.yaml"))))
    assert done.returncode == 0, done.stdout
    assert " passed, 0 failed" in done.stdout


@pytest.mark.parametrize(
    "args, message",
    [
        (["simulate", "chess"], "aquarius3d: unknown ruleset 'chess' (available: aquarius"),
        (["simulate", "aquarius", "--option", "first_edition=maybe"],
         "aquarius3d: aquarius.yaml: options.first_edition: expected true or false, got 'maybe'"),
        (["simulate", "aquarius", "--option", "firstedition=true"],
         "aquarius3d: aquarius.yaml: options.firstedition: unknown option (did you mean 'first_edition'?)"),
        (["simulate", "aquarius", "--option", "single_action=[trade_goals, trade_goals]"],
         "aquarius3d: aquarius.yaml: options.single_action: trade_goals is listed twice"),
        (["simulate", "aquarius", "--players", "9"], "aquarius3d: --players: aquarius is for 2 to 5 players, not 9"),
        (["simulate", "aquarius", "--games", "many"], "aquarius3d: argument --games: invalid int value: 'many'"),
        (["analyze", "no-such-file.yaml"], "aquarius3d: no-such-file.yaml: no such file"),
        (["frobnicate"], "aquarius3d: argument command: invalid choice: 'frobnicate'"),
    ],
)
def test_user_mistakes_exit_2_with_one_clear_line(args, message):
    done = run(*args)
    assert done.returncode == 2
    assert done.stderr.startswith(message), done.stderr
    assert done.stdout == ""


def test_bad_position_files(tmp_path):
    (tmp_path / "garbage.yaml").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00")
    (tmp_path / "bad.yaml").write_text("ruleset: aquarius\ncards:\n - {at: [0, 0], card: FWX}\n")
    done = run("analyze", "garbage.yaml", cwd=tmp_path)
    assert done.returncode == 2 and done.stderr.startswith("aquarius3d: garbage.yaml: not a text file")
    done = run("analyze", "bad.yaml", "--json", cwd=tmp_path)
    assert (done.returncode, done.stderr) == (2, "aquarius3d: bad.yaml: cards[0].card: 'FWX' is not a card code\n")


def test_a_dominus_position_needs_its_starter_at_the_centre(tmp_path):
    (tmp_path / "shifted.yaml").write_text("ruleset: dominus\ncards:\n - {at: [1, 0], card: FFFF}\n - {at: [2, 0], card: FFFF}\n")
    for command in (["analyze", "shifted.yaml", "--json"], ["check", "shifted.yaml"]):
        done = run(*command, cwd=tmp_path)
        assert (done.returncode, done.stdout) == (2, "")
        assert done.stderr == ("aquarius3d: shifted.yaml: cards: no card at [0, 0]: a Dominus table is laid "
                               "around the starter card, which lies there\n")
    (tmp_path / "empty.yaml").write_text("ruleset: dominus\ncards: []\n")  # no cards: nothing to lay out yet
    assert run("analyze", "empty.yaml", cwd=tmp_path).returncode == 0


def test_analyze_reports_the_dominus_table_it_applied(tmp_path):
    (tmp_path / "pos.yaml").write_text("ruleset: dominus\noptions: {table: [8, 5]}\ncards:\n - {at: [0, 0], card: FFFF}\n")
    done = run("analyze", "pos.yaml", "--json", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["table"] == {"columns": 8, "rows": 5, "x": [-3, 3], "y": [-2, 2]}
    done = run("analyze", "pos.yaml", cwd=tmp_path)
    assert "table: 8 x 5 cards around the starter at 0,0 (x from -3 to 3, y from -2 to 2)" in done.stdout
    assert "table" not in json.loads(run("analyze", str(POSITION), "--json").stdout)  # Dominus only


@pytest.mark.parametrize(
    "players, message",
    [
        ("Ann", "aquarius3d: --players: aquarius is for 2 to 5 players, not 1"),
        ("Ann,,Bo", "aquarius3d: --players: player 2 has no name"),
        ("Ann,Ann", "aquarius3d: --players: two players are called the same (Ann, Ann)"),
    ],
)
def test_play_refuses_bad_players_before_opening_a_window(players, message):
    done = run("play", "aquarius", "--players", players)
    assert done.returncode == 2 and done.stderr.startswith(message), done.stderr


def test_players_text_makes_seats():
    from aquarius3d.cli import parse_players
    from aquarius3d.session import Seat

    assert parse_players("Ann, Bo,bot,computer:Hal") == [
        Seat("Ann"), Seat("Bo"), Seat("Bot 1", "computer"), Seat("Hal", "computer")]


@pytest.mark.parametrize(
    "args",
    [
        ["aquarius", "--option", "elemental_connections=true"],
        ["aquarius", "--option", "basic=true"],
        ["aquarius", "--option", "single_action=trade_goals"],
        ["aquarius", "--option", "single_action=[trade_goals, zap_a_card]"],
        ["aquarius", "--option", "basic=true", "--option", "keep_wild=true"],
        ["aquarius", "--option", "single_action=shuffle_goals", "--option", "first_edition=true"],
        ["aquarius", "--option", "target=4"],
        ["aquarius", "--option", "aqua_chicken=true"],
        ["dominus"],
        ["dominus", "--option", "rounds=3"],
        ["dominus", "--option", "table=[6,4]", "--players", "3"],
    ],
)
def test_simulate_variants_are_deterministic(args):
    first = run("simulate", *args, "--games", "4", "--seed", "9", "--json")
    assert first.returncode == 0, first.stderr
    second = run("simulate", *args, "--games", "4", "--seed", "9", "--json")
    assert json.loads(first.stdout)["winners"] == json.loads(second.stdout)["winners"]
    assert all(json.loads(first.stdout)["winners"])


def test_simulate_refuses_an_action_the_deck_lacks():
    done = run("simulate", "aquarius", "--option", "single_action=shuffle_goals")
    assert done.returncode == 2
    assert done.stderr == "aquarius3d: aquarius.yaml: options.single_action: the Aquarius, second edition deck " \
                          "has no shuffle_goals cards (its actions: trade_hands, move_a_card, zap_a_card, " \
                          "trade_goals, rotate_goals, shuffle_hands)\n"
