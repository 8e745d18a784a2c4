"""Saved games that cannot lose a game: checked formats and fields, broken entries listed as broken,
temporary files cleaned, and the `saves` and `play --load` commands (issue 14, part 3)."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from aquarius3d.files import saves
from aquarius3d.session import saved
from aquarius3d.core.errors import DataError
from aquarius3d.session import Seat, Session

ROOT = Path(__file__).resolve().parent.parent


pytestmark = pytest.mark.usefixtures("private_home")  # (conftest.py: a home of the test's own)


def good_record():
    return Session.new("aquarius", {}, [Seat("Ann"), Seat("Bo")], seed=3).record()


def write(name, data):
    path = saves.save_path(name)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(data if isinstance(data, str) else json.dumps(data))
    return path


@pytest.mark.parametrize(
    "change, message",
    [
        ({"format": 2}, "f.json: format: saved by a newer aquarius3d (format 2; this one reads up to 1): "
                        "update aquarius3d to open it"),
        ({"format": None}, "f.json: format: missing or not a version number"),
        ({"format": "1"}, "f.json: format: missing or not a version number"),
        ({"seed": True}, "f.json: seed: missing or not a whole number"),
        ({"options": []}, "f.json: options: missing or not a mapping"),
        ({"players": ["Ann", 7]}, "f.json: players[1]: expected text"),
        ({"moves": [["pass"]]}, "f.json: moves[0]: expected text"),
        ({"targets": "4"}, "f.json: targets: expected a list of whole numbers (or null)"),
        ({"preset": [1]}, "f.json: preset: expected a mapping"),
        ({"looks": {"x": 1}}, "f.json: looks: expected a mapping of seat numbers to turns"),
        ({"ruleset": "chess"}, "f.json: unknown ruleset 'chess' (available: aquarius, aquarius-rising, dominus, "
                               "elemental-towers)"),
    ],
)
def test_every_field_is_checked_before_anything_is_replaced(change, message):
    path = write("f", {**good_record(), "format": saves.FORMAT, **change})
    with pytest.raises(DataError) as caught:
        Session.load(path)
    assert str(caught.value) == message


def test_deep_nesting_and_a_dangling_link_are_broken_not_crashes():
    deep = write("deep", "[" * 100_000 + "]" * 100_000)
    with pytest.raises(DataError) as caught:
        Session.load(deep)
    assert str(caught.value) == "deep.json: not a saved game (nested too deeply)"
    link = saves.save_path("gone")
    os.symlink(link.parent / "nowhere.json", link)
    with pytest.raises(DataError) as caught:
        Session.load(link)
    assert str(caught.value) == "gone.json: a link to a file that is not there"


def test_an_older_format_is_migrated(monkeypatch):
    record = good_record()
    old = {**record, "format": 1, "who": record.pop("seats")}  # pretend format 1 called the seats "who"
    monkeypatch.setattr(saves, "FORMAT", 2)
    monkeypatch.setattr(saves, "MIGRATIONS", {1: lambda r: {**{k: v for k, v in r.items() if k != "who"},
                                                            "seats": r["who"]}})
    path = write("old", old)
    loaded = saves.read_record(path)
    assert loaded["format"] == 2 and loaded["seats"] == [{"name": "Ann", "kind": "human"}, {"name": "Bo", "kind": "human"}]
    assert Session.load(path).seats == [Seat("Ann"), Seat("Bo")]


def test_the_list_shows_broken_entries_without_hiding_the_good_ones():
    good = saves.save(good_record(), "good")
    os.symlink(good.parent / "nowhere.json", saves.save_path("dangling"))
    write("junk", "[[[[\n")
    write("future", {**good_record(), "format": 9})
    saves.save(good_record())  # the autosave
    entries = {e.name: e for e in saved.list_games()}
    assert sorted(entries) == ["autosave", "dangling", "future", "good", "junk"]
    assert saved.list_games()[0].name == "autosave"
    assert (entries["good"].ok, entries["good"].game, entries["good"].players, entries["good"].turn) == (
        True, "Aquarius", ("Ann", "Bo"), 1)
    assert not entries["dangling"].ok and entries["dangling"].reason == "a link to a file that is not there"
    assert entries["junk"].reason.startswith("not a saved game (JSONDecodeError: ")
    assert entries["future"].reason.startswith("format: saved by a newer aquarius3d (format 9;")
    assert "autosave" not in [e.name for e in saved.list_games(autosave=False)]
    assert set(saves.saved_games()) == {saves.save_path(n) for n in ("good", "dangling", "junk", "future")}


def test_temporary_files_of_interrupted_saves_are_cleaned():
    saves.save(good_record())
    folder = saves.saves_dir()
    stale, fresh = folder / ".autosave.json.k2j4h1", folder / ".good.json.x9y8z7"
    stale.write_text("{half a")
    fresh.write_text("{being written")
    os.utime(stale, (0, 0))  # left long ago by a program that stopped mid-write
    assert saves.clean_temporary() == [stale]
    assert sorted(p.name for p in folder.iterdir()) == [".good.json.x9y8z7", "autosave.json"]


def run(*args, home):
    env = {**os.environ, "PYTHONPATH": str(ROOT), "AQUARIUS3D_HOME": str(home)}
    env.pop("DISPLAY", None)
    env.pop("WAYLAND_DISPLAY", None)
    done = subprocess.run([sys.executable, "-m", "aquarius3d", *args], capture_output=True, text=True, cwd=ROOT, env=env)
    assert "Traceback" not in done.stderr, done.stderr
    return done


def test_saves_command_lists_games_and_why_one_is_unreadable(private_home):
    saves.save(good_record(), "Friday night")
    write("junk", "[[[[\n")
    (saves.saves_dir() / ".junk.json.abc").write_text("x")
    os.utime(saves.saves_dir() / ".junk.json.abc", (0, 0))
    done = run("saves", home=private_home)
    assert done.returncode == 0 and done.stderr == ""
    lines = sorted(done.stdout.splitlines())
    assert len(lines) == 2
    assert lines[0].startswith("Friday night  ") and lines[0].endswith("  Aquarius, Ann, Bo, turn 1")
    assert lines[1].startswith("junk  ") and "  broken: not a saved game (JSONDecodeError: " in lines[1]
    assert not (saves.saves_dir() / ".junk.json.abc").exists()
    assert run("saves", home=private_home / "empty").stdout == f"no saved games in {private_home / 'empty' / 'saves'}\n"


def test_play_load_refuses_a_broken_save_before_the_window(private_home):
    path = write("future", {**good_record(), "format": 9})
    done = run("play", "--load", str(path), home=private_home)
    assert done.returncode == 2
    assert done.stderr == ("aquarius3d: future.json: format: saved by a newer aquarius3d (format 9; this one reads up "
                           "to 1): update aquarius3d to open it\n")
    good = saves.save(good_record(), "good")
    done = run("play", "--load", str(good), home=private_home)  # a good one gets as far as the window
    assert done.returncode == 2 and done.stderr.startswith("aquarius3d: no display: ")
    done = run("play", "aquarius", "--load", str(good), home=private_home)
    assert done.stderr == ("aquarius3d: --load: the saved game says the ruleset, options and players; "
                           "give only the file\n")


def test_delete_throws_away_a_save_and_nothing_else(tmp_path):
    path = saves.save(good_record(), "old")
    elsewhere = tmp_path / "precious.json"
    elsewhere.write_text("{}")
    with pytest.raises(OSError, match="precious.json is not a saved game of this program"):
        saves.delete(elsewhere)
    saves.delete(path)
    assert not path.exists() and elsewhere.exists()
