"""The cache of checked rulesets: a second load needs no pydantic, and the cache never changes an answer."""

import json
import subprocess
import sys
from itertools import product
from pathlib import Path

import pytest

from aquarius3d.rules import cache as ruleset_cache
from aquarius3d.engine.blocks import Record
from aquarius3d.core.errors import DataError
from aquarius3d.rules.ruleset import RulesetError, available, load_ruleset

ROOT = Path(__file__).resolve().parent.parent
POSITION = ROOT / "tests" / "positions" / "aquarius" / "aces-first-edition.yaml"


@pytest.fixture
def cache(tmp_path, monkeypatch):
    folder = tmp_path / "cache"
    monkeypatch.setenv(ruleset_cache.VARIABLE, str(folder))
    return folder


def exactly(value):
    """A value with every type spelled out, so that 1, 1.0 and True, or a list and a tuple, differ."""
    if isinstance(value, Record):
        return (type(value).__name__, {name: exactly(item) for name, item in value._asdict().items()})
    if isinstance(value, dict):
        return ("dict", [(exactly(key), exactly(item)) for key, item in value.items()])
    if isinstance(value, (list, tuple)):
        return (type(value).__name__, [exactly(item) for item in value])
    return (type(value).__name__, repr(value))


def combinations(name):
    specs = load_ruleset(name).ruleset.options
    flags = [key for key, spec in specs.items() if isinstance(spec.default, bool)]
    for values in product([False, True], repeat=len(flags)):
        yield dict(zip(flags, values))
    for key, spec in specs.items():
        for value in spec.offered():
            yield {key: value}


@pytest.mark.parametrize("name", available())
def test_a_cached_ruleset_is_exactly_the_checked_one(name, cache, monkeypatch):
    for options in combinations(name):
        monkeypatch.setenv(ruleset_cache.VARIABLE, "")  # no cache: checked
        try:
            checked = load_ruleset(name, options)
        except RulesetError as exc:  # some single offers need another deck: refused alike
            monkeypatch.setenv(ruleset_cache.VARIABLE, str(cache))
            with pytest.raises(RulesetError) as again:
                load_ruleset(name, options)
            assert again.value.problems == exc.problems
            continue
        monkeypatch.setenv(ruleset_cache.VARIABLE, str(cache))
        load_ruleset(name, options)  # checked, and kept
        cached = load_ruleset(name, options)  # from the cache
        assert exactly(cached.ruleset) == exactly(checked.ruleset), options
        assert exactly(cached.options) == exactly(checked.options), options
        assert cached.deck == checked.deck


def analyze_imports(cache: Path) -> tuple[str, set[str]]:
    env = {**__import__("os").environ, ruleset_cache.VARIABLE: str(cache)}
    done = subprocess.run([sys.executable, "-X", "importtime", "-m", "aquarius3d", "analyze", str(POSITION), "--json"],
                          capture_output=True, text=True, cwd=ROOT, env=env)
    modules = {line.split("|")[-1].strip() for line in done.stderr.splitlines() if line.startswith("import time:")}
    return done.stdout, modules


def test_a_second_analyze_imports_no_pydantic(cache):
    first, imported = analyze_imports(cache)
    assert "pydantic" in imported  # the first one checks the ruleset
    second, imported = analyze_imports(cache)
    assert second == first and json.loads(second)["ruleset"] == "aquarius"
    assert not {m for m in imported if m.split(".")[0] in ("pydantic", "pydantic_core")}
    # An Aquarius position: the other families' blocks are not imported either.
    assert "aquarius3d.games.aquarius.blocks" in imported
    assert not {m for m in imported if m.startswith(("aquarius3d.games.towers", "aquarius3d.games.dominus",
                                                     "aquarius3d.games.rising"))}


def entries(cache: Path) -> list[Path]:
    return sorted(cache.glob("*.json"))


@pytest.mark.parametrize("damage", [
    lambda text: "",
    lambda text: text[: len(text) // 2],  # cut short
    lambda text: text.replace('"hand":3', '"hand":4'),  # changed: the checksum no longer matches
    lambda text: "0" * 40 + "\n{}",
    lambda text: "\x00\xff not json",
])
def test_a_damaged_entry_is_ignored_and_written_again(cache, damage):
    good = exactly(load_ruleset("aquarius").ruleset)
    [entry] = entries(cache)
    text = entry.read_text()
    entry.write_text(damage(text))
    assert exactly(load_ruleset("aquarius").ruleset) == good
    assert entry.read_text() == text


def test_an_entry_of_the_wrong_shape_is_ignored(cache):
    game = load_ruleset("aquarius")
    [entry] = entries(cache)
    name = entry.stem
    for wrong in ({"ruleset": {"id": "aquarius"}, "values": {}, "set_by": {}},  # keys missing
                  {"ruleset": 3, "values": [], "set_by": None}):
        ruleset_cache.write(name, [], wrong["ruleset"], wrong["values"], wrong["set_by"], [])
        assert exactly(load_ruleset("aquarius").ruleset) == exactly(game.ruleset)
    # Sound, but with no action blocks: the deck check finds actions nothing explains, so the
    # ruleset is checked again rather than trusted.
    data = ruleset_cache.decode(entry.read_text().partition("\n")[2])
    data["ruleset"]["actions"] = []
    ruleset_cache.write(name, [], data["ruleset"], data["values"], data["set_by"], data["modules"], data["deck"])
    assert len(load_ruleset("aquarius").ruleset.actions) == len(game.ruleset.actions)


def test_a_changed_file_or_extended_file_is_read_again(cache, tmp_path):
    base = tmp_path / "base.yaml"
    child = tmp_path / "child.yaml"
    base.write_text("id: base\nname: Base\nextends: aquarius\nsetup: {hand: 5}\n")
    child.write_text("id: child\nname: Child\nextends: base.yaml\nwin: {count: 6}\n")
    assert (load_ruleset(str(child)).setup.hand, load_ruleset(str(child)).target) == (5, 6)
    base.write_text("id: base\nname: Base\nextends: aquarius\nsetup: {hand: 4}\n")
    assert load_ruleset(str(child)).setup.hand == 4
    child.write_text("id: child\nname: Child\nextends: base.yaml\nwin: {count: 8}\n")
    assert load_ruleset(str(child)).target == 8
    assert load_ruleset(str(child), {"target": 9}).target == 9  # the options name the entry too
    assert load_ruleset(str(child)).target == 8


def test_a_broken_ruleset_is_never_kept(cache, tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text("id: bad\nname: Bad\nextends: aquarius\nsetup: {hand: -1}\n")
    for _ in range(2):
        with pytest.raises(RulesetError) as caught:
            load_ruleset(str(path))
        assert caught.value.problems == ["bad.yaml:4: setup.hand: expected at least 0, got -1"]
    with pytest.raises(RulesetError):
        load_ruleset("aquarius", {"target": 500})
    assert entries(cache) == []
    with pytest.raises(DataError, match="unknown ruleset 'nowhere'"):
        load_ruleset("nowhere")


def test_no_cache_when_the_folder_is_set_empty_or_cannot_be_written(tmp_path, monkeypatch):
    monkeypatch.setenv(ruleset_cache.VARIABLE, "")
    assert ruleset_cache.cache_dir() is None
    assert load_ruleset("dominus").id == "dominus"
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")
    monkeypatch.setenv(ruleset_cache.VARIABLE, str(blocked / "cache"))
    assert load_ruleset("dominus").id == "dominus"
    assert load_ruleset("dominus").id == "dominus"


def test_the_default_folder_is_platformdirs_user_cache(monkeypatch, tmp_path):
    platformdirs = pytest.importorskip("platformdirs")
    monkeypatch.delenv(ruleset_cache.VARIABLE)
    for xdg in (None, str(tmp_path / "xdg")):
        if xdg is None:
            monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
        else:
            monkeypatch.setenv("XDG_CACHE_HOME", xdg)
        assert ruleset_cache.cache_dir() == platformdirs.user_cache_path("aquarius3d", appauthor=False)


@pytest.mark.parametrize("value", [
    {"a": [1, 1.0, True, None, "x"], "b": (1, (2, "3")), "c": {}},
    {1: "one", None: "none", 2.5: "half", (1, 2): [3], "\x00tuple": "a key like the tag"},
    {True: "yes", "x": {False: 0}},
    [{"\x00mapping": 1}, [], (), ("",), -0.0, 10**30, "é\ud800"],
])
def test_plain_data_comes_back_exactly(value):
    text = json.dumps(ruleset_cache.encode(value))
    assert exactly(ruleset_cache.decode(text)) == exactly(value)


def test_what_json_cannot_hold_is_not_kept(cache):
    import datetime

    with pytest.raises(ValueError):
        ruleset_cache.encode({"when": datetime.date(2026, 1, 1)})
    assert ruleset_cache.entry_name(ROOT / "rulesets" / "aquarius.yaml", b"", {"x": {1, 2}}) is None


def test_the_program_digest_follows_the_rules_code(tmp_path):
    import os

    from aquarius3d.games.towers import blocks

    before = ruleset_cache.program()
    stat = os.stat(blocks.__file__)
    os.utime(blocks.__file__, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))
    ruleset_cache.program.cache_clear()
    try:
        assert ruleset_cache.program() != before
    finally:
        os.utime(blocks.__file__, ns=(stat.st_atime_ns, stat.st_mtime_ns))
        ruleset_cache.program.cache_clear()
    assert ruleset_cache.program() == before


def test_a_cached_load_reads_no_deck_list_and_a_changed_deck_list_is_read_again(cache, tmp_path, monkeypatch):
    import shutil

    from aquarius3d.rules import decks

    folder = tmp_path / "decks"
    shutil.copytree(decks.decks_dir(), folder)
    monkeypatch.setattr(decks, "decks_dir", lambda: folder)
    read = []
    real = decks.read_yaml
    monkeypatch.setattr(decks, "read_yaml", lambda path, *args, **kwargs: read.append(path) or real(path, *args,
                                                                                                     **kwargs))
    decks.load_deck.cache_clear()
    try:
        first = load_ruleset("aquarius")  # checked: the deck list is read, and kept with the entry
        assert [p.name for p in read] == ["second-edition.yaml"]
        decks.load_deck.cache_clear()
        read.clear()
        cached = load_ruleset("aquarius")
        assert read == [] and cached.deck == first.deck
        listed = folder / "second-edition.yaml"
        listed.write_text(listed.read_text().replace("EEEE: 3", "EEEE: 4"))
        changed = load_ruleset("aquarius")
        assert [p.name for p in read] == ["second-edition.yaml"]
        assert len(changed.deck.cards) == len(first.deck.cards) + 1
        assert changed.deck.copies()["EEEE"] == first.deck.copies()["EEEE"] + 1
    finally:
        decks.load_deck.cache_clear()
