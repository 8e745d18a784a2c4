"""Inputs found by fuzzing and by hand that once crashed, hung or reached too far: now clean errors."""

from pathlib import Path

import pytest

from aquarius3d.engine.moves import parse_move
from aquarius3d.core.errors import DataError, MoveSyntaxError
from aquarius3d.positions.analyze import analyze
from aquarius3d.positions.file import parse_position
from aquarius3d.rules.ruleset import load_ruleset


def ruleset(tmp_path, text, name="r.yaml"):
    path = tmp_path / name
    path.write_text("id: r\nname: R\n" + text)
    return str(path)


def refused(path, options=None) -> str:
    with pytest.raises(DataError) as caught:
        load_ruleset(path, options)
    return str(caught.value)


def test_a_deck_name_is_a_plain_name_never_a_path(tmp_path):
    # `../decks/second-edition` reaches the very deck list the plain name does: a path, even one going
    # nowhere else, is refused, so no ruleset reads a file outside assets/decks.
    for name in ("../decks/second-edition", "/etc/passwd", "second-edition.yaml", "a/b", "x" * 300):
        said = refused(ruleset(tmp_path, f"extends: aquarius\ndeck: {{type: deck, name: '{name}'}}\n"))
        assert said.startswith("r.yaml:4: deck.name: ") and "is not a plain name" in said, said
    said = refused(ruleset(tmp_path, "extends: aquarius-rising\ndeck: {type: deck, elements: ../decks/first-edition}\n"))
    assert said.startswith("r.yaml:4: deck.elements: '../decks/first-edition' is not a plain name")
    load_ruleset(ruleset(tmp_path, "extends: aquarius\ndeck: {type: deck, name: first-edition}\n"))


def test_a_move_error_does_not_echo_a_huge_text():
    for text in ("x" * 100_000, "place " + "F" * 5_000 + " @ 1,1", "zap " + "9" * 10_000):
        with pytest.raises(MoveSyntaxError) as caught:
            parse_move(text)
        assert len(str(caught.value)) < 200 and "characters" in str(caught.value)
    with pytest.raises(MoveSyntaxError, match=r"^\['pass'\] is not a move"):
        parse_move(["pass"])


def test_apply_refuses_what_is_not_a_move(tmp_path):
    game = load_ruleset("aquarius")
    state = game.new_state(["Ann", "Bo"], seed=1)
    for thing in (True, None, 3, {"play": "pass"}):
        with pytest.raises(MoveSyntaxError, match="is not a move"):
            game.apply(state, thing)


def test_dominus_table_and_towers_bonus_have_upper_bounds(tmp_path):
    # Without the table option (a null removes it), the placement's own field is the only guard.
    said = refused(ruleset(tmp_path, "extends: dominus\noptions: {table: null}\n"
                                     "placement: {type: exact_match, table: [5, 1000000000]}\n"))
    assert said == "r.yaml:5: placement.table[1]: expected at most 60, got 1000000000"
    said = refused(ruleset(tmp_path, "extends: dominus\noptions: {table: null}\n"
                                     "placement: {type: exact_match, table: [0, 7]}\n"))
    assert said == "r.yaml:5: placement.table[0]: expected at least 1, got 0"
    said = refused(ruleset(tmp_path, "extends: elemental-towers\n"
                                     "end: {type: last_card, mastery_bonus: 100000000000}\n"))
    assert said == "r.yaml:4: end.mastery_bonus: expected at most 1000, got 100000000000"
    said = refused(ruleset(tmp_path, "extends: elemental-towers\nend: {type: last_card, values: [5, 4, 3, 2, -1]}\n"))
    assert said == "r.yaml:4: end.values[4]: expected at least 0, got -1"


@pytest.mark.parametrize("base, category, block", [
    ("aquarius-rising", "end", "{type: deck_out}"),
    ("aquarius-rising", "placement", "{type: connect}"),
    ("aquarius", "win", "{type: none}"),
    ("aquarius", "end", "{type: blocked}"),
    ("dominus", "setup", "{type: rising_deal}"),
    ("elemental-towers", "turn", "{type: three_actions}"),
    ("elemental-towers", "end", "{type: highest_element}"),
])
def test_a_block_its_family_does_not_play_with_is_refused_when_loaded(tmp_path, base, category, block):
    """These once loaded and then failed mid-analysis (AttributeError: no `pips`, no `count`...)."""
    path = ruleset(tmp_path, f"extends: {base}\n{category}: {block}\n")
    said = refused(path).splitlines()
    assert said[0].startswith(f"r.yaml:4: {category}.type: ") and "family plays with (it takes: " in said[0], said


def test_a_family_may_not_borrow_another_family_s_actions(tmp_path):
    path = ruleset(tmp_path, "extends: elemental-towers\nactions:\n  - {type: move_a_card}\n")
    assert "r.yaml:5: actions[0].type: 'move_a_card' is not a block the towers family plays with" in refused(path)


def test_a_position_naming_a_ruleset_too_long_for_a_file_name(tmp_path):
    position = parse_position({"ruleset": "x" * 5000, "cards": []}, "pos.yaml")
    with pytest.raises(DataError, match=r"^pos.yaml: ruleset: unknown ruleset 'xxxx"):
        analyze(position)
    position = parse_position({"ruleset": "x" * 5000 + ".yaml", "cards": []}, "pos.yaml")
    with pytest.raises(DataError, match=r"^pos.yaml: ruleset: unknown ruleset"):
        analyze(position)
    path = ruleset(tmp_path, "extends: '" + "y" * 5000 + "'\n")
    assert refused(path).startswith("r.yaml:3: extends: unknown ruleset 'yyyy")


def test_a_date_is_read_as_text_and_never_reaches_a_message_as_an_object(tmp_path):
    import warnings

    from aquarius3d.files.yamlfile import parse_yaml

    assert parse_yaml("when: 2026-11-23\n")[0] == {"when": "2026-11-23"}
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # pydantic's serializer warnings went to stderr before the message
        said = refused(ruleset(tmp_path, "extends: dominus\nplacement: {type: exact_match, table: [2026-11-23, 7]}\n"))
    assert "datetime" not in said and "'2026-11-23'" in said


def test_problems_inherited_from_the_base_name_the_ruleset_loaded_first(tmp_path):
    """A Rising copy that lost its setup inherits Aquarius' deal: the message starts with the copy's name."""
    path = ruleset(tmp_path, "family: rising\nextends: aquarius\n")
    said = refused(path).splitlines()
    assert said[0] == "r.yaml: the ruleset it extends, as r.yaml changes it, does not load:"
    assert said[1].startswith("aquarius.yaml:") and "is not a block the rising family plays with" in said[1]


def test_a_check_file_where_only_some_players_hold_goals_is_refused(tmp_path):
    from aquarius3d.positions.checks import run_checks
    from aquarius3d.positions.file import read_position

    path = tmp_path / "c.yaml"
    path.write_text("ruleset: aquarius\ncards: [{at: [0, 0], card: FFFF}]\nplayers:\n"
                    "  - {name: Ann, goal: fire, hand: [rotate_goals]}\n  - {name: Bo, hand: [WWWW]}\n"
                    "moves:\n  - play: rotate-goals left\n    expect: {unused_goals: [air]}\n")
    with pytest.raises(DataError, match=r"^c.yaml: players\[1\]: missing goal: the other players hold goals"):
        run_checks(read_position(path, "c.yaml"))


def test_an_endless_game_from_a_ruleset_is_bad_input_not_a_crash(tmp_path, capsys):
    """Dominus without `when_stuck: draw_until_playable`: stuck players pass for ever (fuzzing found it)."""
    from aquarius3d.cli import main

    text = (Path(__file__).parents[1] / "rulesets" / "dominus.yaml").read_text()
    path = tmp_path / "dominus.yaml"
    path.write_text(text.replace("  when_stuck: draw_until_playable\n", ""))
    code = main(["simulate", str(path), "--games", "3", "--seed", "65"])
    err = capsys.readouterr().err
    assert code == 2 and err.startswith("aquarius3d: dominus.yaml: a game of Dominus (seed ") and "did not end" in err


def test_a_huge_option_choice_is_cut_in_messages(tmp_path):
    text = (Path(__file__).parents[1] / "rulesets" / "aquarius.yaml").read_text()
    path = tmp_path / "aquarius.yaml"
    path.write_text(text.replace("choices: [all, trade_goals,", "choices: [" + "x" * 100_000 + ", trade_goals,"))
    said = refused(str(path))
    assert all(len(line) <= 500 for line in said.splitlines())
    assert said.startswith("aquarius.yaml: options.single_action: expected one of xxxx")


def test_a_save_with_a_list_for_a_computer_level_is_refused(tmp_path):
    import json

    from aquarius3d.files import saves

    path = tmp_path / "game.json"
    path.write_text(json.dumps({"format": 1, "ruleset": "aquarius", "options": {}, "seed": 1, "players": ["Ann", "Bo"],
                                "moves": [], "seats": [{"name": "Ann", "kind": "human"},
                                                       {"name": "Bo", "kind": "computer", "level": []}]}))
    with pytest.raises(DataError, match=r"^game.json: seats\[1\]: level: \[\] is not a computer level"):
        saves.read_record(path)


def test_an_action_effect_bound_to_another_card_is_refused(tmp_path):
    """Rising's effects swapped between their cards once crashed mid-game ('TwoPyramids' has no 'seat')."""
    text = (Path(__file__).parents[1] / "rulesets" / "aquarius-rising.yaml").read_text()
    path = tmp_path / "aquarius-rising.yaml"
    path.write_text(text.replace("{type: two_pyramids, card: move_a_card}", "{type: two_pyramids, card: zap_a_card}")
                    .replace("{type: trade_pyramids, card: zap_a_card}", "{type: trade_pyramids, card: move_a_card}"))
    line = text[:text.index("{type: two_pyramids")].count("\n") + 1  # (the ruleset's comments may grow above it)
    assert refused(str(path)).splitlines() == [
        f"aquarius-rising.yaml:{line}: actions[1].card: two_pyramids is played with move_a_card cards, not zap_a_card",
        f"aquarius-rising.yaml:{line + 1}: actions[2].card: trade_pyramids is played with zap_a_card cards, not move_a_card",
    ]


def test_a_save_with_a_huge_move_is_refused_with_a_short_message(tmp_path):
    import json

    from aquarius3d.session import Session

    path = tmp_path / "game.json"
    path.write_text(json.dumps({"format": 1, "ruleset": "aquarius", "options": {}, "seed": 1, "players": ["Ann", "Bo"],
                                "moves": ["x" * 500], "seats": [{"name": "Ann", "kind": "human"},
                                                                {"name": "Bo", "kind": "human"}]}))
    with pytest.raises(DataError) as caught:
        Session.load(path, autosave=False)
    assert str(caught.value).startswith("game.json: moves[0]: 'xxx") and len(str(caught.value)) < 300
