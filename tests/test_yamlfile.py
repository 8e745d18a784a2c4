"""Reading YAML safely (aquarius3d.files.yamlfile): what is refused, and how it is said."""

from pathlib import Path

import pytest
import yaml

from aquarius3d.files import yamlfile
from aquarius3d.core.errors import DataError
from aquarius3d.positions.file import read_position
from aquarius3d.rules.ruleset import load_ruleset
from aquarius3d.files.yamlfile import parse_yaml, read_yaml
from aquarius3d.core.text import path_text, short

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = sorted(
    list((ROOT / "rulesets").glob("*.yaml"))
    + list((ROOT / "assets" / "decks").glob("*.yaml"))
    + list((ROOT / "aquarius3d" / "i18n").glob("*.yaml"))
    + list((ROOT / "tests" / "positions").rglob("*.yaml"))
)
HAS_LIBYAML = getattr(yaml, "CSafeLoader", None) is not None


def refusal(tmp_path, text, name="f.yaml", **kwargs):
    path = tmp_path / name
    path.write_text(text) if isinstance(text, str) else path.write_bytes(text)
    with pytest.raises(DataError) as caught:
        read_yaml(path, **kwargs)
    message = str(caught.value)
    assert "\n" not in message
    return message


@pytest.fixture(params=["libyaml", "pure-python"])
def each_loader(request, monkeypatch):
    """Run a test with libyaml, and again as on a machine without it."""
    if request.param == "libyaml":
        if not HAS_LIBYAML:
            pytest.skip("PyYAML is built without libyaml here")
        monkeypatch.setattr(yamlfile, "LOADER", yaml.CSafeLoader)
    else:
        monkeypatch.setattr(yamlfile, "LOADER", yaml.SafeLoader)
    return request.param


BOMB = "a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n" + "".join(
    f"{b}: &{b} [{', '.join([f'*{a}'] * 9)}]\n" for a, b in zip("abcdefgh", "bcdefghi")
)


def test_an_alias_bomb_is_refused_at_its_first_anchor(tmp_path, each_loader):
    assert refusal(tmp_path, BOMB) == "f.yaml:1: a: anchors (&a) are not allowed; write the value out"


def test_aliases_and_anchors_are_refused_with_their_line_and_key(tmp_path, each_loader):
    assert refusal(tmp_path, "ruleset: aquarius\ncards:\n  - *card\n") == \
        "f.yaml:3: cards[0]: aliases (*card) are not allowed; write the value out"
    assert refusal(tmp_path, "cards:\n  - &c {at: [0, 0], card: FFFF}\n") == \
        "f.yaml:2: cards[0]: anchors (&c) are not allowed; write the value out"


def test_an_alias_bomb_in_a_ruleset_or_position_is_a_clean_error(tmp_path):
    ruleset = tmp_path / "bomb.yaml"
    ruleset.write_text("id: bomb\nname: Bomb\nextends: aquarius\n" + BOMB.replace("a:", "x:", 1))
    with pytest.raises(DataError, match=r"^bomb.yaml:4: x: anchors \(&a\) are not allowed"):
        load_ruleset(str(ruleset))
    with pytest.raises(DataError, match=r"^pos.yaml:2: cards: anchors \(&a\) are not allowed"):
        read_position(_write(tmp_path / "pos.yaml", "ruleset: aquarius\ncards: &a []\n"), "pos.yaml")


def _write(path, text):
    path.write_text(text)
    return path


@pytest.mark.parametrize("depth", [51, 20_000])
def test_deep_nesting_is_refused_without_recursion(tmp_path, each_loader, depth):
    message = refusal(tmp_path, "a: " + "[" * depth + "]" * depth + "\n")
    assert len(message) < 160
    if message.startswith("f.yaml:1: not valid YAML:"):
        # The parser's own limit may answer first (libyaml in PyYAML 6.0.4 stops at 1000 levels, before
        # the events reach ours): a clear refusal too, with the file and line, and it is taken.
        assert "nesting" in message.lower()
    else:
        assert message.startswith("f.yaml:1: a[0][0]")
        assert message.endswith("[0]: nested more than 50 lists and mappings deep")


def test_nesting_of_fifty_is_read(tmp_path):
    data, _ = parse_yaml("[" * 50 + "]" * 50)
    for _ in range(49):
        data = data[0]
    assert data == []


def test_block_nesting_counts_too(tmp_path):
    text = "".join("  " * i + f"k{i}:\n" for i in range(60)) + "  " * 60 + "end\n"
    assert refusal(tmp_path, text).endswith(": nested more than 50 lists and mappings deep")


def test_duplicate_keys_name_both_lines(tmp_path, each_loader):
    assert refusal(tmp_path, "ruleset: aquarius\ncards: []\nruleset: dominus\n") == \
        "f.yaml:3: ruleset: duplicate key (first on line 1)"
    assert refusal(tmp_path, "cards:\n  - {at: [0, 0],\n     card: FFFF, at: [1, 0]}\n") == \
        "f.yaml:3: cards[0].at: duplicate key (first on line 2)"


def test_a_duplicate_key_in_a_ruleset_is_refused(tmp_path):
    path = _write(tmp_path / "dup.yaml", "id: dup\nname: Dup\nextends: aquarius\nname: Twice\n")
    with pytest.raises(DataError, match=r"^dup.yaml:4: name: duplicate key \(first on line 2\)$"):
        load_ruleset(str(path))


def test_files_over_the_size_limit_are_refused_before_reading(tmp_path, monkeypatch):
    big = "cards:\n" + "  - {at: [0, 0], card: FFFF}\n" * 40_000  # 1.16 MB
    assert refusal(tmp_path, big, limit=1_000_000) == \
        "f.yaml: 1.2 MB is larger than the limit of 1 MB (set AQUARIUS3D_YAML_LIMIT_MB to read bigger files)"
    monkeypatch.setenv("AQUARIUS3D_YAML_LIMIT_MB", "0.5")
    assert refusal(tmp_path, big).startswith("f.yaml: 1.2 MB is larger than the limit of 0.5 MB")
    monkeypatch.setenv("AQUARIUS3D_YAML_LIMIT_MB", "2")
    data, _ = read_yaml(tmp_path / "f.yaml")
    assert len(data["cards"]) == 40_000
    monkeypatch.setenv("AQUARIUS3D_YAML_LIMIT_MB", "lots")
    assert refusal(tmp_path, "a: 1\n") == "AQUARIUS3D_YAML_LIMIT_MB: expected a number of megabytes, got 'lots'"


def test_the_default_limit_refuses_a_12_megabyte_position(tmp_path, monkeypatch):
    monkeypatch.delenv("AQUARIUS3D_YAML_LIMIT_MB", raising=False)
    path = tmp_path / "huge.yaml"
    with path.open("w") as out:
        out.write("ruleset: aquarius\ncards:\n")
        line = "  - {at: [0, 0], card: FFFF}\n"
        out.write(line * (12_000_000 // len(line) + 1))
    with pytest.raises(DataError, match=r"^huge.yaml: 12.0 MB is larger than the limit of 4 MB"):
        read_position(path, "huge.yaml")


def test_huge_values_are_cut_in_messages(tmp_path):
    long_code = "F" * 100_000
    path = _write(tmp_path / "pos.yaml", f"ruleset: aquarius\ncards:\n  - {{at: [0, 0], card: {long_code}}}\n")
    with pytest.raises(DataError) as caught:
        read_position(path, "pos.yaml")
    assert str(caught.value).splitlines()[0] == (
        "pos.yaml: cards[0].card: 'FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF… "
        "(100,000 characters) is not a card code"
    )
    path = _write(tmp_path / "pos.yaml", "ruleset: aquarius\ngoals: " + "x" * 50_000 + "\n")
    with pytest.raises(DataError) as caught:
        read_position(path, "pos.yaml")
    assert all(len(line) < 150 for line in str(caught.value).splitlines())
    ruleset = _write(tmp_path / "long.yaml", "id: long\nname: Long\nextends: aquarius\nwin: [" + "1, " * 20_000 + "]\n")
    with pytest.raises(DataError) as caught:
        load_ruleset(str(ruleset))
    assert str(caught.value) == "long.yaml:4: win: expected a mapping, got [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, …] (20,000 items)"


def test_short_keeps_small_values_as_repr():
    assert short("FWX") == "'FWX'"
    assert short([0, 1]) == "[0, 1]"
    assert short(None) == "None"
    assert short("x" * 1000).endswith("… (1,000 characters)") and len(short("x" * 1000)) < 90
    assert short(list(range(10**5))).endswith(", …] (100,000 items)")


def test_path_text_reads_numbers_as_keys_when_the_data_says_so():
    data = {"options": {3: {"default": True}}, "actions": [{"type": "zap"}]}
    assert path_text(("actions", 0, "type")) == "actions[0].type"
    assert path_text(("options", 3, "default"), data) == "options.3.default"
    assert path_text(("actions", 0, "type"), data) == "actions[0].type"
    assert path_text((None, True)) == "null.true"


def test_numbers_as_option_keys_are_clean_errors(tmp_path):
    position = read_position(_write(tmp_path / "pos.yaml", "ruleset: aquarius\noptions: {3: true}\ncards: []\n"), "pos.yaml")
    from aquarius3d.positions.analyze import analyze

    with pytest.raises(DataError, match=r"^pos.yaml: options: aquarius.yaml: options.3: expected an option name, got 3\n"):
        analyze(position)
    ruleset = _write(tmp_path / "num.yaml", "id: num\nname: Num\nextends: aquarius\noptions:\n  3: {default: true}\n")
    with pytest.raises(DataError, match=r"^num.yaml:5: options.3: expected text as the option's name, got 3$"):
        load_ruleset(str(ruleset))
    ruleset = _write(tmp_path / "num.yaml", "id: num\nname: Num\nextends: aquarius\nwin: {type: connect_panels, 7: 3}\n")
    with pytest.raises(DataError, match=r"^num.yaml:4: win.7: expected text as the key, got 7$"):
        load_ruleset(str(ruleset))


def test_other_refusals_are_one_clear_line(tmp_path, each_loader):
    assert refusal(tmp_path, "? [a, b]\n: 1\n") == "f.yaml:1: (top): a key must be a plain value, not a list or mapping"
    assert refusal(tmp_path, "base: {a: 1}\n<<: {b: 2}\n") == \
        "f.yaml:2: (top): merge keys (<<) are not allowed; write the keys out"
    assert refusal(tmp_path, "a: !!set {x}\n") == "f.yaml:1: a: the tag !!set is not supported here"
    assert refusal(tmp_path, "a: !!python/object:os.system x\n") == \
        "f.yaml:1: a: the tag !!python/object:os.system is not supported here"
    assert refusal(tmp_path, "a: !!int nine\n") == "f.yaml:1: a: 'nine' is not a valid int"
    assert refusal(tmp_path, "a: 1\n---\nb: 2\n") == \
        "f.yaml:2: (top): expected one YAML document, but a second one begins here"
    assert refusal(tmp_path, "a: \x01\n") == "f.yaml:1: not valid YAML: the character #x0001 is not allowed in YAML text"
    assert refusal(tmp_path, b"a: \xff\n") == "f.yaml: not a text file (not UTF-8)"
    assert refusal(tmp_path, "a: [1, 2\n").startswith("f.yaml:2: not valid YAML: ")  # the rest is the parser's words


def test_scalars_read_as_yaml_says(tmp_path, each_loader):
    text = "a: 1\nb: 0x10\nc: 1.5\nd: true\ne: null\nf: '3'\ng: 2001-12-14\nh: text\ni: \"<<\"\n"
    data, _ = parse_yaml(text)
    assert data == {**yaml.safe_load(text), "g": "2001-12-14"}  # dates stay text: no file of ours holds one


def test_without_libyaml_the_pure_python_parser_is_chosen(monkeypatch):
    import importlib

    assert yamlfile.LOADER is (yaml.CSafeLoader if HAS_LIBYAML else yaml.SafeLoader)
    monkeypatch.delattr(yaml, "CSafeLoader", raising=False)
    try:
        importlib.reload(yamlfile)
        assert yamlfile.LOADER is yaml.SafeLoader
        assert yamlfile.parse_yaml("a: [1, {b: 2}]\n")[0] == {"a": [1, {"b": 2}]}
    finally:
        monkeypatch.undo()
        importlib.reload(yamlfile)
    assert yamlfile.LOADER is (yaml.CSafeLoader if HAS_LIBYAML else yaml.SafeLoader)


def test_a_syntax_error_in_a_big_file_is_one_line(tmp_path):
    message = refusal(tmp_path, "cards:\n" + "  - {at: [0, 0], card: FFFF}\n" * 30_000 + "  - {at: [0, 0\n")
    assert message.startswith("f.yaml:30003: not valid YAML: ")


def test_the_fallback_is_used_when_libyaml_is_missing(monkeypatch, tmp_path):
    calls = []

    class Watched(yaml.SafeLoader):
        def __init__(self, stream):
            calls.append(stream)
            super().__init__(stream)

    monkeypatch.setattr(yamlfile, "LOADER", Watched)
    data, lines = read_yaml(_write(tmp_path / "f.yaml", "a: [1, 2]\n"))
    assert data == {"a": [1, 2]} and lines[("a", 1)] == ("f.yaml", 1)
    assert len(calls) == 1


@pytest.mark.skipif(not HAS_LIBYAML, reason="PyYAML is built without libyaml here")
@pytest.mark.parametrize("path", SHIPPED, ids=[str(p.relative_to(ROOT)) for p in SHIPPED])
def test_libyaml_and_pure_python_give_the_same_data_and_lines(path):
    text = path.read_text(encoding="utf-8")
    fast = parse_yaml(text, path.name, loader=yaml.CSafeLoader)
    slow = parse_yaml(text, path.name, loader=yaml.SafeLoader)
    assert fast == slow
    assert fast[0] == yaml.safe_load(text)
    assert len(fast[1]) > 1


CHECK = "ruleset: aquarius\ncards:\n  - {at: [0, 0], card: FFFF}\nplayers:\n  - {name: Ann, goal: fire}\n  - {name: Bo, goal: water}\n"


def test_check_files_cut_long_moves_and_refuse_odd_steps(tmp_path):
    from aquarius3d.positions.checks import run_checks

    long_move = "place " + "F" * 10_000
    problems = run_checks(read_position(_write(tmp_path / "c.yaml", CHECK + f"moves:\n  - {long_move}\n"), "c.yaml"))
    assert len(problems) == 1 and problems[0].startswith("moves[0]: 'place FFFF") and len(problems[0]) < 400
    problems = run_checks(read_position(_write(tmp_path / "c.yaml", CHECK + "moves:\n  - {play: pass, illegal: 5}\n"), "c.yaml"))
    assert len(problems) == 1 and problems[0].startswith("moves[0]: 'pass' ") and problems[0].endswith(" 5")
    with pytest.raises(DataError, match=r"^c.yaml: moves\[0\]: expected a move or a mapping with play:, got \[1, 2\]\n"
                                         r"c.yaml:8: moves\[0\]: expected a move or a mapping with play:, got \[1, 2\]$"):
        run_checks(read_position(_write(tmp_path / "c.yaml", CHECK + "moves:\n  - [1, 2]\n"), "c.yaml"))


LAZY_CHECK = r"""
import re, sys
from aquarius3d.files import yamlfile
from aquarius3d.core.errors import DataError
import yaml.reader, yaml.resolver
reader_pattern = yaml.reader.Reader.NON_PRINTABLE
assert re.compile.__module__ == "re", re.compile          # put back once yaml is imported
assert isinstance(re.compile("x"), re.Pattern)             # other callers get real patterns
assert reader_pattern._pattern is None                     # nothing read yet: nothing compiled
data, _ = yamlfile.parse_yaml("a: 1\nb: [true, ~, text]\n")
assert data == {"a": 1, "b": [True, None, "text"]}, data
print("libyaml" if yamlfile.LOADER is not yamlfile.PURE_LOADER else "pure", reader_pattern._pattern is None)
yamlfile.LOADER = yamlfile.PURE_LOADER
assert yamlfile.parse_yaml("a: [1, {b: 2}]\n")[0] == {"a": [1, {"b": 2}]}
try:
    yamlfile.parse_yaml("a: \x01\n", "f.yaml")
except DataError as refused:
    print(refused)
print(isinstance(reader_pattern._pattern, re.Pattern))
"""


def test_yaml_patterns_are_compiled_only_when_used():
    """yamlimport: libyaml reads a file without the pure reader's pattern being compiled; the pure parser
    compiles it when it first checks a text, and refuses what it refused before."""
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-c", LAZY_CHECK], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    first, refused, compiled = done.stdout.splitlines()
    assert first == ("libyaml True" if HAS_LIBYAML else "pure False")
    assert refused == "f.yaml:1: not valid YAML: the character #x0001 is not allowed in YAML text"
    assert compiled == "True"
