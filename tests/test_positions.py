"""Rule tests written as position files (tests/positions/**), and bad position files."""

from pathlib import Path

import pytest

from aquarius3d.positions.checks import run_checks
from aquarius3d.core.errors import DataError
from aquarius3d.positions.analyze import analyze
from aquarius3d.positions.file import read_position

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
    "text, message, line",
    [
        ("ruleset: aquarius\ncards:\n - {at: [0, 0], card: FFFF}\n - {at: [1, 0], card: FFFF}\n - {at: [2, 0], card: FWX}\n",
         "pos.yaml: cards[2].card: 'FWX' is not a card code", 5),
        ("ruleset: aquarius\ncards:\n - {at: [0, 0], card: FFFF}\n - {at: [0, 0], card: WWWW}\n",
         "pos.yaml: cards[1].at: cell 0,0 already holds cards[0]", 4),
        ("ruleset: aquarius\ncards:\n - {at: [0], card: FFFF}\n",
         "pos.yaml: cards[0].at: expected [x, y] or [x, y, level] in whole numbers, got [0]", 3),
        ("ruleset: aquarius\ncards:\n - {at: [0, 0], card: FWWF}\n",
         "pos.yaml: cards[0].card: 'FWWF' is not a card code", 3),
        ("cards: []\n", "pos.yaml: ruleset: missing: name a ruleset, for example 'ruleset: aquarius'", 1),
        ("ruleset: aquarius\ncards: []\ngoals: [fire, wood]\n",
         "pos.yaml: goals[1]: 'wood' is not an element (one of earth, air, fire, water, space)", 3),
        ("ruleset: aquarius\ncards:\n - {at: [0, 0], card: FFFF, pyramids: [Lr, -, Qx, -]}\n",
         "pos.yaml: cards[0].pyramids[2]: 'Qx' is not a pyramid (a size S, M or L and a colour g, y, r, b, k, w or c, like Lr)", 3),
        ("ruleset: aquarius\ncards:\n - {at: [0, 0, 1], card: FFFF}\n",
         "pos.yaml: cards[0].at: level 1 at 0,0 has no card below it on level 0", 3),
        ("ruleset: aquarius\ncardz: []\n",
         "pos.yaml: cardz: unknown key (known: cards, deck, description, expect, goals, moves, options, phase, players, "
         "probe, ruleset, scoring_row, seed, turn)", 2),
        ("ruleset: aquarius\ncards: [\n", "pos.yaml:3: not valid YAML: ", None),
        ("- just\n- a list\n", "pos.yaml: expected a mapping with at least 'ruleset' and 'cards'", 1),
        ("ruleset: aquarius\ncards: []\nprobe: [FFFF, 12]\n", "pos.yaml: probe[1]: 12 is not a card code", 3),
    ],
)
def test_malformed_position_files_name_file_and_key(tmp_path, text, message, line):
    """The first line is POSITIONS.md's form of the error; then the problem with its line in the file."""
    with pytest.raises(DataError) as caught:
        read_position(write(tmp_path, text))
    said = str(caught.value).replace(str(tmp_path) + "/", "").splitlines()
    if message.endswith("not valid YAML: "):
        assert said[0].startswith(message) and len(said[0]) > len(message)  # the rest is the YAML parser's words
    else:
        assert said[0] == message
    if line is not None and len(said) > 1:
        assert said[1] == message.replace("pos.yaml: ", f"pos.yaml:{line}: ", 1)


def test_every_problem_of_a_position_is_told_with_its_line(tmp_path):
    text = ("ruleset: aquarius\n"
            "cards:\n"
            " - {at: [0, 0], card: FWX}\n"
            " - {at: [1], card: FFFF}\n"
            " - {at: [2, 0], card: WWWW, pyramids: [Qx, -, -, -]}\n"
            "players:\n"
            " - {name: Ann, goal: wood, hand: [FFFF, " + "x" * 500 + "]}\n"
            "turn: -1\n"
            "colour: blue\n"
            "moves: [{play: [1]}]\n")
    with pytest.raises(DataError) as caught:
        read_position(write(tmp_path, text), "pos.yaml")
    said = str(caught.value).splitlines()
    assert said == [
        "pos.yaml: cards[0].card: 'FWX' is not a card code",
        "pos.yaml:3: cards[0].card: 'FWX' is not a card code",
        "pos.yaml:4: cards[1].at: expected [x, y] or [x, y, level] in whole numbers, got [1]",
        "pos.yaml:5: cards[2].pyramids[0]: 'Qx' is not a pyramid (a size S, M or L and a colour g, y, r, b, k, w or c,"
        " like Lr)",
        "pos.yaml:7: players[0].goal: 'wood' is not an element (one of earth, air, fire, water, space)",
        "pos.yaml:7: players[0].hand[1]: '" + "x" * 58 + "… (500 characters)"
        " is not a card code",
        "pos.yaml:8: turn: expected a seat number, got -1",
        "pos.yaml:9: colour: unknown key (known: cards, deck, description, expect, goals, moves, options, phase, players,"
        " probe, ruleset, scoring_row, seed, turn)",
        "pos.yaml:10: moves[0].play: expected a move as text, got [1]",
    ]
    assert caught.value.problems[0][:2] == (3, "cards[0].card")


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
    from aquarius3d.core import geometry

    result = analyze(read_position(write(tmp_path, "ruleset: aquarius\ncards: [{at: [0, 0], card: FFFF}]\n")))
    assert result["geometry"] == {
        "card_thickness": geometry.CARD_THICKNESS,
        "pyramid_height": {"S": geometry.PYRAMID_HEIGHT["S"], "M": geometry.PYRAMID_HEIGHT["M"], "L": geometry.PYRAMID_HEIGHT["L"]},
    }
    assert set(result) == {"ruleset", "valid", "errors", "largest_group", "geometry", "winner"}
