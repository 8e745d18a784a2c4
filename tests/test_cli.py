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
        (["simulate", "aquarius", "--games", "many"], "aquarius3d: argument --games: "),
        (["analyze", "no-such-file.yaml"], "aquarius3d: no-such-file.yaml: no such file"),
        (["frobnicate"], "aquarius3d: argument command: "),
    ],
)
def test_user_mistakes_exit_2_with_one_clear_line(args, message):
    """Our own sentences are checked whole; where argparse words the refusal (its wording changes between
    Python versions), the line names the argument and the value refused."""
    done = run(*args)
    assert done.returncode == 2
    assert done.stderr.startswith(message), done.stderr
    if message.startswith("aquarius3d: argument "):
        assert args[-1] in done.stderr.splitlines()[0]
    assert done.stdout == ""


def test_bad_position_files(tmp_path):
    (tmp_path / "garbage.yaml").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00")
    (tmp_path / "bad.yaml").write_text("ruleset: aquarius\ncards:\n - {at: [0, 0], card: FWX}\n")
    done = run("analyze", "garbage.yaml", cwd=tmp_path)
    assert done.returncode == 2 and done.stderr.startswith("aquarius3d: garbage.yaml: not a text file")
    done = run("analyze", "bad.yaml", "--json", cwd=tmp_path)
    assert (done.returncode, done.stderr) == (2, "aquarius3d: bad.yaml: cards[0].card: 'FWX' is not a card code\n")
    (tmp_path / "worse.yaml").write_text("ruleset: aquarius\ncards:\n - {at: [0, 0], card: FWX}\nplayers: 3\n")
    done = run("analyze", "worse.yaml", cwd=tmp_path)  # still one line (POSITIONS.md), saying there is more
    assert (done.returncode, done.stderr) == (2, "aquarius3d: worse.yaml: cards[0].card: 'FWX' is not a card code "
                                                 "(and 1 more problem: add --every-problem to list them with "
                                                 "their lines)\n")
    done = run("analyze", "worse.yaml", "--every-problem", cwd=tmp_path)
    assert done.stderr.splitlines()[1:] == ["aquarius3d: worse.yaml:3: cards[0].card: 'FWX' is not a card code",
                                            "aquarius3d: worse.yaml:4: players: expected a list of players, got 3"]


def test_a_dominus_position_needs_its_starter_at_the_centre(tmp_path):
    (tmp_path / "shifted.yaml").write_text("ruleset: dominus\ncards:\n - {at: [1, 0], card: FFFF}\n - {at: [2, 0], card: FFFF}\n")
    for command in (["analyze", "shifted.yaml", "--json"], ["check", "shifted.yaml"]):
        done = run(*command, cwd=tmp_path)
        assert (done.returncode, done.stdout) == (2, "")
        problem = "cards: no card at [0, 0]: a Dominus table is laid around the starter card, which lies there"
        lines = [f"aquarius3d: shifted.yaml: {problem}"] + [f"aquarius3d: shifted.yaml:2: {problem}"] * (command[0] == "check")
        assert done.stderr == "".join(line + "\n" for line in lines)
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


@pytest.mark.parametrize(
    "think, message",
    [
        ("0", "aquarius3d: --think: expected a number of seconds above 0 and up to 30, got 0\n"),
        ("-1", "aquarius3d: --think: expected a number of seconds above 0 and up to 30, got -1\n"),
        ("31", "aquarius3d: --think: expected a number of seconds above 0 and up to 30, got 31\n"),
        ("nan", "aquarius3d: --think: expected a number of seconds above 0 and up to 30, got nan\n"),
        ("fast", "aquarius3d: --think: expected a number of seconds, got 'fast'\n"),
    ],
)
def test_play_refuses_a_bad_think_budget_before_opening_a_window(think, message):
    done = run("play", "aquarius", "--players", "Ann,hard", "--think", think)
    assert (done.returncode, done.stderr) == (2, message)


def test_think_reaches_the_hard_seats_of_the_session():
    from aquarius3d.cli import parse_think
    from aquarius3d.session import Seat, Session

    session = Session.new("aquarius", {}, [Seat("Ann"), Seat("Hal", "computer", "hard")], seed=3, autosave=False)
    assert session.bots[1].think is None  # bots/hard.py's default, 1 s
    session.set_think(parse_think("2.5"))
    assert session.bots[1].think == 2.5 and session.bots[1].level == "hard" and session.bots[1].timed
    assert parse_think("30") == 30.0 and parse_think(None) is None


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


def test_simulate_refuses_two_childrens_games_at_once():
    done = run("simulate", "aquarius", "--option", "basic=true", "--option", "elemental_connections=true")
    assert done.returncode == 2 and not done.stdout
    assert done.stderr == "aquarius3d: aquarius.yaml: options.basic: cannot be chosen with elemental_connections " \
                          "(Elemental Connections (ages 3-4)): choose one of them\n"


# -- hardening: every command exits cleanly (issue 14, part 2) ------------------------------------------


def main_in_process(capsys, *args):
    from aquarius3d.cli import main

    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("command", [("rulesets",), ("simulate", "aquarius", "--games", "20")])
def test_a_closed_pipe_ends_quietly(command):
    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader is gone before the first line, as with `| head` that has had enough
    try:
        done = subprocess.run([sys.executable, "-m", "aquarius3d", *command], stdout=write_end,
                              stderr=subprocess.PIPE, text=True, cwd=ROOT, env=ENV)
    finally:
        os.close(write_end)
    assert done.stderr == ""
    assert done.returncode == 0


def test_no_display_says_so_and_points_to_render():
    env = {k: v for k, v in ENV.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    done = subprocess.run([sys.executable, "-m", "aquarius3d", "play", "aquarius"], capture_output=True, text=True,
                          cwd=ROOT, env=env)
    assert done.returncode == 2
    assert done.stderr == ("aquarius3d: no display: the window cannot open here (neither DISPLAY nor WAYLAND_DISPLAY "
                           "is set); 'aquarius3d render POSITION.yaml' draws a position to a PNG picture without one\n")


def test_a_window_panda3d_cannot_open_is_no_display(monkeypatch, capsys):
    import aquarius3d.app

    def no_window(play=None, session=None, **_):
        raise Exception("Could not open window.")

    monkeypatch.setenv("DISPLAY", ":99")
    monkeypatch.setattr(aquarius3d.app, "main", no_window)
    code, out, err = main_in_process(capsys, "play", "aquarius")
    assert code == 2
    assert err == ("aquarius3d: no display: the window cannot open here (Panda3D could not open a window); "
                   "'aquarius3d render POSITION.yaml' draws a position to a PNG picture without one\n")


def _crash(args):
    return {}["missing"]  # a bug of ours


def test_an_internal_error_says_where_to_report_it(monkeypatch, capsys):
    import aquarius3d.cli

    monkeypatch.setattr(aquarius3d.cli, "cmd_rulesets", _crash)
    code, out, err = main_in_process(capsys, "rulesets")
    assert code == 3
    line = err.splitlines()
    assert len(line) == 1 and "Traceback" not in err
    assert line[0].startswith("aquarius3d: internal error (KeyError at ")  # this test module is outside the package
    assert line[0].endswith("). Please report it to the project's issue tracker with the command "
                            "'aquarius3d rulesets'; run again with --debug for the details.")
    for args in (("--debug", "rulesets"), ("rulesets", "--debug")):
        code, out, err = main_in_process(capsys, *args)
        assert code == 3
        assert err.startswith("Traceback (most recent call last):") and "KeyError: 'missing'" in err
        assert err.splitlines()[-1].endswith(" and the traceback above.")


def test_an_internal_error_names_our_file_and_line(monkeypatch, capsys):
    import aquarius3d.positions.analyze

    def broken(position, game=None):
        raise ValueError("a bug")

    monkeypatch.setattr(aquarius3d.positions.analyze, "analyze", broken)
    code, out, err = main_in_process(capsys, "analyze", str(POSITION))
    assert code == 3
    assert err.startswith("aquarius3d: internal error (ValueError at cli.py:")  # a plain ValueError is a bug, not bad input


@pytest.mark.parametrize(
    "text, message, line",
    [
        ("ruleset: aquarius\ncards:\n - {at: [0, 0], card: [F, W]}\n",
         "pos.yaml: cards[0].card: ['F', 'W'] is not a card code", 3),
        ("ruleset: aquarius\ncards: []\nplayers: [{hand: [{F: W}]}]\n",
         "pos.yaml: players[0].hand[0]: {'F': 'W'} is not a card code", 3),
        ("ruleset: aquarius\ncards: []\ndeck: [[F]]\n", "pos.yaml: deck[0]: ['F'] is not a card code", 3),
        ("ruleset: aquarius\ncards: {}\n", "pos.yaml: cards: expected a list of cards, got {}", 2),
        ("ruleset: aquarius\ncards: 0\n", "pos.yaml: cards: expected a list of cards, got 0", 2),
        ("ruleset: aquarius\ncards:\n", "pos.yaml: cards: expected a list of cards, got None", 2),
        ("ruleset: aquarius\n",
         "pos.yaml: cards: missing: the cards on the table, a list (write 'cards: []' for an empty table)", 1),
    ],
)
def test_position_mistakes_are_one_line_each(tmp_path, monkeypatch, capsys, text, message, line):
    """One line as POSITIONS.md says; with --every-problem, then each problem (here the one) with its line."""
    (tmp_path / "pos.yaml").write_text(text)
    monkeypatch.chdir(tmp_path)
    code, out, err = main_in_process(capsys, "analyze", "pos.yaml")
    assert (code, out, err) == (2, "", f"aquarius3d: {message}\n")
    code, out, err = main_in_process(capsys, "analyze", "pos.yaml", "--every-problem")
    located = message.replace("pos.yaml: ", f"pos.yaml:{line}: ", 1)
    assert (code, out, err) == (2, "", f"aquarius3d: {message}\naquarius3d: {located}\n")


def test_an_explicitly_empty_table_is_fine(tmp_path, monkeypatch, capsys):
    (tmp_path / "pos.yaml").write_text("ruleset: aquarius\ncards: []\n")
    monkeypatch.chdir(tmp_path)
    code, out, err = main_in_process(capsys, "analyze", "pos.yaml", "--json")
    assert code == 0 and json.loads(out)["valid"] is True


def test_a_storey_without_pyramids_is_answered_as_invalid(tmp_path, monkeypatch, capsys):
    (tmp_path / "pos.yaml").write_text("ruleset: aquarius-rising\ncards:\n - {at: [0, 0], card: FWAE}\n"
                                       " - {at: [0, 0, 1], card: FFEE}\n")
    monkeypatch.chdir(tmp_path)
    code, out, err = main_in_process(capsys, "analyze", "pos.yaml", "--json")
    assert code == 0, err
    result = json.loads(out)
    assert result["valid"] is False
    assert result["errors"] == ["the card at 0,0 storey 1 rests on 0 pyramids, not four"]
    assert result["heights"]["fire"] == pytest.approx(0.56)  # lying flat on the card below


def _ruleset(tmp_path, name, text):
    path = tmp_path / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


@pytest.mark.parametrize(
    "text, option, message",
    [
        ("options:\n  flavour: {default: abc, min: 1}\n", [],
         "r.yaml:5: options.flavour: min and max are for options taking numbers, and the default is 'abc'"),
        ("options:\n  deep: {default: 3, set: [setup.hand.cards]}\n", ["--option", "deep=4"],
         "r.yaml:5: options.deep.set[0]: setup.hand is 3, which holds no key 'cards'"),
        ("setup: {hand: 1000000000}\n", [], "r.yaml:4: setup.hand: expected at most 60, got 1000000000"),
        ("players: {min: 2, max: 100000}\n", [], "r.yaml:4: players.max: expected at most 12, got 100000"),
    ],
)
def test_ruleset_mistakes_are_one_line(tmp_path, monkeypatch, capsys, text, option, message):
    _ruleset(tmp_path, "r.yaml", "id: r\nname: R\nextends: aquarius\n" + text)
    monkeypatch.chdir(tmp_path)
    code, out, err = main_in_process(capsys, "simulate", "r.yaml", "--games", "1", *option)
    assert (code, err) == (2, f"aquarius3d: {message}\n")


def test_extends_a_file_beside_the_ruleset_not_in_the_current_folder(tmp_path, monkeypatch, capsys):
    _ruleset(tmp_path, "mine/base.yaml", "id: base\nname: Base\nextends: aquarius\nsetup: {hand: 5}\n")
    _ruleset(tmp_path, "mine/kid.yaml", "id: kid\nname: Kid\nextends: base.yaml\n")
    monkeypatch.chdir(tmp_path)  # base.yaml is not here
    code, out, err = main_in_process(capsys, "simulate", "mine/kid.yaml", "--games", "2")
    assert code == 0, err
    from aquarius3d.rules.ruleset import load_ruleset

    assert load_ruleset("mine/kid.yaml").setup.hand == 5


def test_a_long_extends_chain_is_refused(tmp_path, monkeypatch, capsys):
    _ruleset(tmp_path, "c0.yaml", "id: c0\nname: C\nextends: aquarius\n")
    for i in range(1, 300):
        _ruleset(tmp_path, f"c{i}.yaml", f"id: c{i}\nname: C\nextends: c{i - 1}.yaml\n")
    monkeypatch.chdir(tmp_path)
    code, out, err = main_in_process(capsys, "simulate", "c299.yaml", "--games", "1")
    assert (code, err) == (2, "aquarius3d: c280.yaml:3: extends: 'c279.yaml': more than 20 rulesets extending one another\n")
    code, out, err = main_in_process(capsys, "simulate", "c18.yaml", "--games", "1")
    assert code == 0, err  # 19 files and the built-in aquarius: 20 in all


@pytest.mark.parametrize("ruleset, names", [("elemental-towers", ["Ann"]), ("aquarius", ["Ann", "Bo"])])
def test_play_without_players_seats_as_many_as_the_game_takes(monkeypatch, ruleset, names):
    from aquarius3d import cli

    opened = []
    monkeypatch.setattr(cli, "_open_window", lambda play=None, session=None, **_: opened.append(play))
    assert cli.main(["play", ruleset]) == 0
    _, _, seats, _ = opened[0]
    assert [s.name for s in seats] == names and all(s.kind == "human" for s in seats)


def test_play_refuses_names_that_differ_only_in_case():
    done = run("play", "aquarius", "--players", "Ann,ann ")
    assert done.returncode == 2 and "two players are called the same" in done.stderr, done.stderr
