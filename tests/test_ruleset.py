"""Loading rulesets: every shipped one loads, broken ones say exactly what and where."""

from itertools import product
from pathlib import Path

import pytest

from aquarius3d.core.errors import DataError
from aquarius3d.rules.reference import reference_text, schema_text
from aquarius3d.rules.ruleset import RulesetError, available, load_ruleset

ROOT = Path(__file__).resolve().parent.parent


def option_combinations(name):
    """Every combination of boolean options that go together (none `excludes` another chosen), and the default of
    the others."""
    specs = load_ruleset(name).ruleset.options
    flags = [k for k, s in specs.items() if isinstance(s.default, bool)]
    for values in product([False, True], repeat=len(flags)):
        chosen = [k for k, v in zip(flags, values) if v != specs[k].default]
        if not any(other in specs[key].excludes for key in chosen for other in chosen):
            yield dict(zip(flags, values))


@pytest.mark.parametrize("name", available())
def test_every_ruleset_loads_with_every_option(name):
    for options in option_combinations(name):
        game = load_ruleset(name, options)
        assert game.id == name
        state = game.new_state([f"P{i}" for i in range(game.min_players)], seed=1)
        assert game.legal_moves(state)


def test_first_edition_option_changes_the_deck():
    assert load_ruleset("aquarius").deck.name == "Aquarius, second edition"
    game = load_ruleset("aquarius", {"first_edition": True})
    assert game.deck.name == "Aquarius, first edition"
    assert "shuffle_goals" in {game.deck.cards[i].code for i in game.play_ids()}


def test_schema_and_reference_are_generated_and_current():
    assert (ROOT / "rulesets" / "ruleset.schema.json").read_text() == schema_text(), "run tools/gen_schema.py"
    assert (ROOT / "docs" / "rules-reference.md").read_text() == reference_text(), "run tools/gen_schema.py"


def load_text(tmp_path, name, text, options=None):
    path = tmp_path / f"{name}.yaml"
    path.write_text(text)
    with pytest.raises(DataError) as caught:
        load_ruleset(str(path), options)
    return str(caught.value).splitlines()


BROKEN = """\
id: bad1
name: Broken
extends: aquarius
win:
  type: connect_panels
  count: two
placement:
  type: glue
actions:
  - type: trade_hands
  - type: move_a_card
    turn_in_plac: true
  - type: zap_a_card
  - type: trade_goals
  - type: rotate_goals
  - type: shuffle_hands
  - type: shuffle_goals
  - type: teleport
setup:
  type: deal
  hand: -1
colour: blue
"""


def known(category):
    from aquarius3d.engine.blocks import blocks

    return ", ".join(repr(name) for name in blocks(category))


def test_broken_ruleset_reports_every_error_with_line_and_key(tmp_path):
    assert load_text(tmp_path, "bad1", BROKEN) == [
        "bad1.yaml:6: win.count: expected an integer, got 'two'",
        f"bad1.yaml:8: placement.type: unknown type 'glue' (known: {known('placement')})",
        "bad1.yaml:12: actions[1].turn_in_plac: unknown key (did you mean 'turn_in_place'?)",
        f"bad1.yaml:18: actions[7].type: unknown type 'teleport' (known: {known('action')})",
        "bad1.yaml:21: setup.hand: expected at least 0, got -1",
        "bad1.yaml:22: colour: unknown key (known: id, name, description, extends, family, players, deck, setup, turn, "
        "placement, bonus, actions, win, end, scoring, rounds, options, rulings)",
    ]


def test_missing_block(tmp_path):
    text = "id: bad2\nname: Missing\ndeck: {type: deck}\nsetup: {type: deal}\nplacement: {type: connect}\n" \
           "bonus: {type: none}\nend: {type: deck_out}\n"
    assert load_text(tmp_path, "bad2", text) == ["bad2.yaml:1: win: missing required key"]


def test_actions_in_the_deck_need_blocks_and_options_are_checked(tmp_path):
    text = "id: bad3\nname: Bad option\nextends: aquarius\nactions: [{type: trade_hands}]\n" \
           "options:\n  wide:\n    default: 1\n    descripton: oops\n"
    problems = load_text(tmp_path, "bad3", text)
    assert "bad3.yaml:4: actions: the deck holds move_a_card cards but no action block of that type says what they do" \
        in problems
    assert problems[-1] == "bad3.yaml:8: options.wide.descripton: unknown key (did you mean 'description'?)"


def test_extends_unknown_and_bad_yaml(tmp_path):
    assert load_text(tmp_path, "bad5", "id: x\nname: y\nextends: nowhere\n") == [
        "bad5.yaml:3: extends: unknown ruleset 'nowhere' (available: " + ", ".join(available()) + ")"
    ]
    problems = load_text(tmp_path, "bad4", "id: x\nname: [unclosed\n")
    assert len(problems) == 1 and problems[0].startswith("bad4.yaml:3: not valid YAML: ")  # then the parser's words


def test_bad_option_values(tmp_path):
    with pytest.raises(RulesetError) as caught:
        load_ruleset("aquarius", {"first_edition": 3, "speed": 2})
    assert caught.value.problems == [
        "aquarius.yaml: options.speed: unknown option "
        "(options: aqua_chicken, basic, elemental_connections, first_edition, keep_wild, single_action, target)",
        "aquarius.yaml: options.first_edition: expected true or false, got 3",
    ]


def kept_actions(game):
    from collections import Counter

    return dict(Counter(game.deck.cards[i].code for i in game.play_ids() if game.deck.cards[i].kind == "action"))


def test_single_action_takes_one_action_or_a_list_of_up_to_three():
    assert kept_actions(load_ruleset("aquarius", {"single_action": "trade_goals"})) == {"trade_goals": 3}
    game = load_ruleset("aquarius", {"single_action": ["trade_goals", "zap_a_card"]})
    assert kept_actions(game) == {"trade_goals": 3, "zap_a_card": 3}
    assert game.options["single_action"] == ["trade_goals", "zap_a_card"]
    game = load_ruleset("aquarius", {"first_edition": True,
                                     "single_action": ["shuffle_goals", "trade_goals", "move_a_card"]})
    assert kept_actions(game) == {"trade_goals": 3, "shuffle_goals": 3, "move_a_card": 3}


@pytest.mark.parametrize(
    "value, problem",
    [
        ([], "an empty list chooses nothing: give 1 to 3 of trade_goals, trade_hands, move_a_card, zap_a_card, "
             "rotate_goals, shuffle_hands, shuffle_goals"),
        (["trade_goals", "trade_gaols"], "'trade_gaols' is not one of trade_goals, trade_hands, move_a_card, "
                                         "zap_a_card, rotate_goals, shuffle_hands, shuffle_goals"),
        (["all"], "'all' is not one of trade_goals, trade_hands, move_a_card, zap_a_card, rotate_goals, "
                  "shuffle_hands, shuffle_goals"),
        (["zap_a_card", "trade_goals", "zap_a_card"], "zap_a_card is listed twice"),
        (["x" * 5000, "zap_a_card"], "'" + "x" * 58 + "… (5,000 characters) is not one of trade_goals, trade_hands, "
                                     "move_a_card, zap_a_card, rotate_goals, shuffle_hands, shuffle_goals"),
        (["trade_goals", "zap_a_card", "move_a_card", "trade_hands"],
         "at most 3 choices, got 4: trade_goals, zap_a_card, move_a_card, trade_hands"),
        (["trade_goals", "shuffle_goals"], "the Aquarius, second edition deck has no shuffle_goals cards "
                                           "(its actions: trade_hands, move_a_card, zap_a_card, trade_goals, "
                                           "rotate_goals, shuffle_hands)"),
        ("trade", "expected one of all, trade_goals, trade_hands, move_a_card, zap_a_card, rotate_goals, "
                  "shuffle_hands, shuffle_goals (or a list of up to 3), got 'trade'"),
    ],
)
def test_single_action_refusals_name_the_option(value, problem):
    with pytest.raises(RulesetError) as caught:
        load_ruleset("aquarius", {"single_action": value})
    assert caught.value.problems == [f"aquarius.yaml: options.single_action: {problem}"]


def test_a_list_option_needs_choices(tmp_path):
    text = "id: bad6\nname: Bad list\nextends: aquarius\noptions:\n  many:\n    default: a\n    list_max: 2\n"
    assert load_text(tmp_path, "bad6", text) == [
        "bad6.yaml:5: options.many: list_max needs the choices a list may hold"]


def test_the_wild_card_stays_out_of_the_youngest_variants_unless_kept():
    def wild(options):
        game = load_ruleset("aquarius", options)
        return sum(game.deck.cards[i].code == "*" for i in game.play_ids())

    assert wild({}) == 1
    assert wild({"single_action": "trade_goals"}) == 1  # "the complete game but with only one type of Action card"
    assert wild({"elemental_connections": True}) == wild({"basic": True}) == 0
    assert wild({"elemental_connections": True, "keep_wild": True}) == wild({"basic": True, "keep_wild": True}) == 1
    assert "keep_wild" not in load_ruleset("aquarius-rising").ruleset.options  # Rising never has the wild card


@pytest.mark.parametrize("options,problem", [
    ({"elemental_connections": True, "basic": True},
     "options.basic: cannot be chosen with elemental_connections (Elemental Connections (ages 3-4))"),
    ({"basic": True, "single_action": "trade_goals"},
     "options.single_action: cannot be chosen with basic (Basic Aquarius (ages 5-6))"),
    ({"elemental_connections": True, "single_action": ["trade_goals", "zap_a_card"]},
     "options.single_action: cannot be chosen with elemental_connections (Elemental Connections (ages 3-4))"),
])
def test_the_childrens_games_are_one_at_a_time(options, problem):
    """The rule sheet's children's games are steps, each a game of its own (no goals and no actions; goals and no
    actions; one kind of action): two at once are refused, saying which two."""
    with pytest.raises(RulesetError) as caught:
        load_ruleset("aquarius", options)
    assert caught.value.problems == [f"aquarius.yaml: {problem}: choose one of them"]
    for key in options:  # each alone, and with what goes with it, still loads
        load_ruleset("aquarius", {key: options[key], "keep_wild": True, "target": 4})


def test_an_option_excludes_only_options_of_its_ruleset(tmp_path):
    text = ("id: bad7\nname: Bad excludes\nextends: aquarius\noptions:\n  solo:\n    default: false\n"
            "    excludes: [basic, no_such]\n")
    assert load_text(tmp_path, "bad7", text) == [
        "bad7.yaml:7: options.solo.excludes[1]: 'no_such' is not another option of this ruleset"]
    path = tmp_path / "young.yaml"  # an option it excludes removed by a ruleset extending it: nothing to exclude
    path.write_text("id: young\nname: Young\nextends: aquarius\noptions:\n  basic: null\n")
    assert load_ruleset(str(path), {"elemental_connections": True}).ruleset.bonus.type == "none"


def test_extends_merges_and_options_set_values(tmp_path):
    path = tmp_path / "quick.yaml"
    path.write_text(
        "id: quick\nname: Quick Aquarius\nextends: aquarius\nsetup: {hand: 5}\nwin: {count: 5}\n"
        "options:\n  target:\n    default: 5\n    min: 2\n    max: 12\n    set: [win.count]\n"
    )
    game = load_ruleset(str(path))
    assert game.setup.hand == 5
    assert game.setup.action_starter == "middle"  # kept from aquarius
    assert game.target == 5
    assert set(game.ruleset.options) >= {"first_edition", "target", "basic"}
    # Without its own `target` option, the one inherited from aquarius follows win.count too.
    path.write_text("id: quick\nname: Quick Aquarius\nextends: aquarius\nwin: {count: 5}\n")
    assert load_ruleset(str(path)).target == 5
    assert load_ruleset(str(path), {"target": 6}).target == 6
    path.write_text(
        "id: quick\nname: Quick Aquarius\nextends: aquarius\nsetup: {hand: 5}\nwin: {count: 5}\n"
        "options:\n  target:\n    default: 5\n    min: 2\n    max: 12\n    set: [win.count]\n"
    )
    assert load_ruleset(str(path), {"target": 9}).target == 9
    with pytest.raises(RulesetError, match=r"options.target: 13 is out of range \(2 to 12\)"):
        load_ruleset(str(path), {"target": 13})
    state = game.new_state(["A", "B"], seed=3)
    assert [len(h) for h in state.hands] == [6, 5]  # five dealt, the first player drew


def test_a_variant_needs_only_what_it_changes(tmp_path):
    """Issue 29: `extends` and the keys it changes are a whole ruleset; id and name come from the file."""
    path = tmp_path / "quick.yaml"
    path.write_text("extends: aquarius\nsetup: {hand: 4}\n")
    game = load_ruleset(str(path))
    assert (game.id, game.ruleset.name, game.setup.hand) == ("quick", "Aquarius (quick)", 4)
    assert game.ruleset.description == ""  # the base's description is the base's, not the variant's
    assert len(game.new_state(["A", "B"], seed=1).hands[1]) == 4
    # A variant of a variant takes its base's name.
    (tmp_path / "quicker.yaml").write_text("extends: quick.yaml\nwin: {count: 5}\n")
    game = load_ruleset(str(tmp_path / "quicker.yaml"))
    assert (game.id, game.ruleset.name, game.target) == ("quicker", "Aquarius (quick) (quicker)", 5)
    # What it says of itself is kept.
    path.write_text("extends: aquarius\nname: Short Aquarius\nsetup: {hand: 4}\n")
    assert (load_ruleset(str(path)).id, load_ruleset(str(path)).ruleset.name) == ("quick", "Short Aquarius")


def test_a_variants_mistake_is_told_at_its_own_line(tmp_path):
    assert load_text(tmp_path, "quick", "extends: aquarius\nsetup: {hand: many}\n") == [
        "quick.yaml:2: setup.hand: expected an integer, got 'many'"
    ]
    assert load_text(tmp_path, "quick", "extends: aquarius\nid: [q]\n") == ["quick.yaml:2: id: expected text, got ['q']"]
    # Without extends, a ruleset still says who it is: told at its own file, never at another's line.
    problems = load_text(tmp_path, "alone", "family: aquarius\nplayers: {min: 2, max: 5}\n")
    assert "alone.yaml:1: id: missing required key" in problems and not any("aquarius.yaml" in p for p in problems)


def test_unknown_ruleset():
    with pytest.raises(DataError, match=r"unknown ruleset 'go' \(available: aquarius"):
        load_ruleset("go")


# Aqua-Chicken, an Aquarius option, comes from the Aquarius Rising sheet.
RULE_TEXTS = {"aquarius": ("aquarius.md", "aquarius-rising.md"), "aquarius-rising": ("aquarius-rising.md",),
              "dominus": ("dominus.md",), "elemental-towers": ("elemental-towers.md",)}


def _plain(text: str) -> str:
    for fancy, plain in (("’", "'"), ("“", '"'), ("”", '"'), ("–", "-"), ("—", "-"), ("*", "")):
        text = text.replace(fancy, plain)
    return " ".join(text.split()).lower()


@pytest.mark.parametrize("ruleset_id", sorted(RULE_TEXTS))
def test_rulings_quote_their_rule_text_and_speak_both_languages(ruleset_id):
    """Every ruling cites words that stand in the rule text, and says itself in English and French."""
    rules_dir = ROOT.parent / "shared" / "rules"
    if not rules_dir.is_dir():
        pytest.skip("the rule texts (shared/rules) are not beside this checkout")
    text = " ".join(_plain((rules_dir / name).read_text(encoding="utf-8")) for name in RULE_TEXTS[ruleset_id])
    game = load_ruleset(ruleset_id)
    assert game.ruleset.rulings, f"{ruleset_id} states no rulings"
    for ruling in game.ruleset.rulings:
        assert ruling.en.strip() and ruling.fr.strip() and ruling.en != ruling.fr
        for part in _plain(ruling.rule).split("..."):
            assert part.strip() in text, f"{ruleset_id}: {ruling.rule!r} is not in {RULE_TEXTS[ruleset_id]}"
        if ruling.option is not None:
            assert ruling.option in game.ruleset.options, f"{ruleset_id}: no option {ruling.option!r}"


def test_a_ruleset_names_its_family_and_an_unknown_one_is_refused(tmp_path):
    assert {name: load_ruleset(name).family for name in available()} == {
        "aquarius": "aquarius", "aquarius-rising": "rising", "dominus": "dominus", "elemental-towers": "towers"}
    text = "id: odd\nname: Odd\nextends: aquarius\nfamily: chess\n"
    assert load_text(tmp_path, "odd", text) == [
        "odd.yaml:4: family: expected 'aquarius', 'rising', 'towers' or 'dominus', got 'chess'"]


@pytest.mark.parametrize("name", available())
def test_rulings_name_options_in_the_players_words_never_by_their_keys(name):
    """F1's rulings page read "the keep_wild option", "option dragon_start", "pips=height": keys of the ruleset file,
    which a player never sees; a ruling names an option by the New game form's words."""
    ruleset = load_ruleset(name).ruleset
    keys = [key for key in ruleset.options if "_" in key] + [f"{key}=" for key in ruleset.options]
    for ruling in ruleset.rulings:
        for text in (ruling.en, ruling.fr):
            assert not [key for key in keys if key in text], text
