"""Rule tests written as position files (tests/positions/**), and bad position files."""

from pathlib import Path

import pytest

from aquarius3d.checks import run_checks
from aquarius3d.errors import DataError
from aquarius3d.positions import analyze, read_position

POSITIONS = sorted((Path(__file__).parent / "positions").rglob("*.yaml"))


@pytest.mark.parametrize("path", POSITIONS, ids=[str(p.relative_to(p.parents[1])) for p in POSITIONS])
def test_position_file(path):
    assert run_checks(read_position(path)) == []


def test_there_are_position_files_for_aquarius():
    assert len([p for p in POSITIONS if p.parent.name == "aquarius"]) >= 20


def write(tmp_path, text, name="pos.yaml"):
    path = tmp_path / name
    path.write_text(text)
    return path


@pytest.mark.parametrize(
    "text, message",
    [
        ("ruleset: aquarius\ncards:\n - {at: [0, 0], card: FFFF}\n - {at: [1, 0], card: FFFF}\n - {at: [2, 0], card: FWX}\n",
         "pos.yaml: cards[2].card: 'FWX' is not a card code"),
        ("ruleset: aquarius\ncards:\n - {at: [0, 0], card: FFFF}\n - {at: [0, 0], card: WWWW}\n",
         "pos.yaml: cards[1].at: cell 0,0 already holds cards[0]"),
        ("ruleset: aquarius\ncards:\n - {at: [0], card: FFFF}\n",
         "pos.yaml: cards[0].at: expected [x, y] or [x, y, level] in whole numbers, got [0]"),
        ("ruleset: aquarius\ncards:\n - {at: [0, 0], card: FWWF}\n",
         "pos.yaml: cards[0].card: 'FWWF' is not a card code"),
        ("cards: []\n", "pos.yaml: ruleset: missing: name a ruleset, for example 'ruleset: aquarius'"),
        ("ruleset: aquarius\ncards: []\ngoals: [fire, wood]\n",
         "pos.yaml: goals[1]: 'wood' is not an element (one of earth, air, fire, water, space)"),
        ("ruleset: aquarius\ncards:\n - {at: [0, 0], card: FFFF, pyramids: [Lr, -, Qx, -]}\n",
         "pos.yaml: cards[0].pyramids[2]: 'Qx' is not a pyramid (a size S, M or L and a colour g, y, r, b, k, w or c, like Lr)"),
        ("ruleset: aquarius\ncards:\n - {at: [0, 0, 1], card: FFFF}\n",
         "pos.yaml: cards[0].at: level 1 at 0,0 has no card below it on level 0"),
        ("ruleset: aquarius\ncardz: []\n",
         "pos.yaml: cardz: unknown key (known: cards, deck, description, expect, goals, moves, options, phase, players, "
         "probe, ruleset, scoring_row, seed, turn)"),
        ("ruleset: aquarius\ncards: [\n", "pos.yaml:3: not valid YAML: expected the node content, but found '<stream end>'"),
        ("- just\n- a list\n", "pos.yaml: expected a mapping with at least 'ruleset' and 'cards'"),
        ("ruleset: aquarius\ncards: []\nprobe: [FFFF, 12]\n", "pos.yaml: probe[1]: 12 is not a card code"),
    ],
)
def test_malformed_position_files_name_file_and_key(tmp_path, text, message):
    with pytest.raises(DataError) as caught:
        read_position(write(tmp_path, text))
    assert str(caught.value).replace(str(tmp_path) + "/", "") == message


def test_unknown_ruleset_and_option_name_the_key(tmp_path):
    position = read_position(write(tmp_path, "ruleset: chess\ncards: []\n"))
    with pytest.raises(DataError, match=r"pos.yaml: ruleset: unknown ruleset 'chess' \(available: .*aquarius"):
        analyze(position)
    position = read_position(write(tmp_path, "ruleset: aquarius\noptions: {first_editon: true}\ncards: []\n"))
    with pytest.raises(DataError, match=r"pos.yaml: options: .*first_editon: unknown option \(did you mean 'first_edition'\?\)"):
        analyze(position)


def test_binary_garbage_is_refused_clearly(tmp_path):
    path = tmp_path / "junk.yaml"
    path.write_bytes(bytes(range(256)) * 4)
    with pytest.raises(DataError, match=r"junk.yaml: not a text file"):
        read_position(path)


def test_probe_on_empty_table_is_the_starting_cell(tmp_path):
    result = analyze(read_position(write(tmp_path, "ruleset: aquarius\ncards: []\nprobe: [FWAE, FFFF]\n")))
    assert result["valid"] is True
    assert result["probe"] == [
        {"card": "FWAE", "placements": 2, "vertical": 0},  # upright and turned
        {"card": "FFFF", "placements": 1, "vertical": 0},  # turning an ace gives the same face
    ]
    assert result["largest_group"] == {"earth": 0, "air": 0, "fire": 0, "water": 0, "space": 0}


def test_analyze_reports_geometry_from_the_geometry_module(tmp_path):
    from aquarius3d import geometry

    result = analyze(read_position(write(tmp_path, "ruleset: aquarius\ncards: [{at: [0, 0], card: FFFF}]\n")))
    assert result["geometry"] == {
        "card_thickness": geometry.CARD_THICKNESS,
        "pyramid_height": {"S": geometry.PYRAMID_HEIGHT["S"], "M": geometry.PYRAMID_HEIGHT["M"], "L": geometry.PYRAMID_HEIGHT["L"]},
    }
    assert set(result) == {"ruleset", "valid", "errors", "largest_group", "geometry", "winner"}
