"""The prompt strip holds the longest prompts in at most three rows of text at least 13 pixels high, at every window
size from 1024x600 and every interface scale (issue 27, points 1 and 10; a playtester's 1024x600 at 150%: five rows of
small words beside a large "Take back (U)", Rising's heights panel at the left and the goal at the right leaving the
strip a narrow band). Where the band is short of room the take-back button's words wrap on two or three rows, then
the text shrinks, down to 13 pixels; the strip stays clear of the hand, the heights panel, the goal and the rest
(tests/test_prompt.py's check)."""

import random

import pytest
from test_layout import with_window
from test_prompt import bounds, check_prompt, give, others, pixels, to_choose, touching

from aquarius3d.games.aquarius.narration import card_words
from aquarius3d.i18n import action_name, element_name, pyramid_name, set_language, tr
from aquarius3d.rules.ruleset import load_ruleset
from aquarius3d.screens import layout
from aquarius3d.screens.focus import widget_rect
from aquarius3d.screens.layout import inside, overlap
from aquarius3d.session import Seat

SIZES = [(1024, 600), (1280, 720), (1920, 1080)]
SCALES = [100, 125, 150]
NAME = "Bartholomew"  # the longest name of the tests' players


def longest_prompts():
    """The longest things the strip says, in the language set: each prompt with its longest fillers, and H's
    longest suggestion."""
    game = load_ruleset("aquarius")
    card = max((card_words(c.code) for c in game.deck.cards if c.kind == "element"), key=len)
    action = max((action_name(a) for a in ("trade_hands", "move_a_card", "zap_a_card", "trade_goals",
                                           "rotate_goals", "shuffle_hands", "shuffle_goals")), key=len)
    pyramid = max((pyramid_name(size + colour) for size in "SML" for colour in "gyrbkwc"), key=len)
    actions = ", ".join(tr("count_actions", count=2, element=element_name(e)) for e in ("earth", "water", "fire"))
    fill = {"card": card, "action": action, "pyramid": pyramid, "actions": actions, "count": 12, "name": NAME,
            "effect": max((tr(f"action_effect_{kind}") for kind in ("move_a_card", "zap_a_card", "towers_move_a_card",
                                                                     "towers_zap_a_card")), key=len)}
    keys = ["hud_draft", "hud_pyramid_place", "hud_pass_empty_hand", "hud_pyramid", "hud_earned", "hud_earned_move",
            "hud_only_turned", "hud_no_spot", "hud_place_drawn", "hud_place_card", "hud_choose_target",
            "hud_pass", "hud_choose_table_card", "hud_choose_direction", "hud_confirm_action"]
    said = [tr(key, **fill) for key in keys]
    said.append(tr("hud_only_turned", **fill) + " " + tr("hud_esc_cancel"))
    said.append(tr("suggest_shown", text=tr("suggest_text", move=tr("suggest_trade_goals_pile"),
                                            why=tr("suggest_why_search"))))
    return sorted(said, key=len, reverse=True)


@pytest.mark.parametrize("percent", SCALES)
@pytest.mark.parametrize("width,height", SIZES)
def test_the_longest_prompts_take_three_rows_at_most_of_readable_words(app, monkeypatch, width, height, percent):
    original = with_window(app, monkeypatch, width, height)
    app.settings["interface_scale"] = percent
    try:
        # Aquarius Rising, its heights panel at the bottom left: the narrowest band the strip has
        app.start_game("aquarius-rising", {}, [Seat("Ann"), Seat(NAME)], seed=4)
        table = app.table
        if app.session.stage == "cover":
            table.reveal()
        assert table.heights.shown and table.hud.prompt.hand
        prompt, hint = table.hud.prompt, table.hud.hint
        for language in ("en", "fr"):
            set_language(language)
            for label in (tr("hud_take_back"), tr("hud_take_back_of", name=NAME), None):
                prompt.draw([], label, lambda *_: None, lambda *_: None, lambda *_: None, None)
                for words in longest_prompts():
                    prompt.say(words)
                    what = (language, label, words)
                    node = hint.textNode
                    assert node.getNumRows() <= layout.STRIP_MOST_ROWS, what
                    assert hint.getScale()[0] * height / 2 >= layout.STRIP_LEAST_PX - 1e-6, what
                    strip = widget_rect(app.base, prompt.strip)
                    assert inside(bounds(app, hint), strip, 0.004), what
                    if prompt.take_back is not None:
                        button = widget_rect(app.base, prompt.take_back)
                        assert inside(button, strip, 1e-6) and not overlap(button, bounds(app, hint)), what
                        shown = prompt.take_back.component("text0").textNode
                        assert shown.getNumRows() <= layout.STRIP_MOST_ROWS, what
                    aspect = width / height
                    box = pixels(strip, width, height, aspect)
                    assert inside(box, (0, width, 0, height), 0.5), what
                    for name, rect in others(app).items():
                        assert not touching(box, pixels(rect, width, height, aspect)), (name, what)
    finally:
        set_language("en")
        app.base.adjustWindowAspectRatio(original)


@pytest.mark.parametrize("percent", SCALES)
@pytest.mark.parametrize("width,height", SIZES)
def test_beside_a_dialog_too(app, monkeypatch, width, height, percent):
    """An action's choices in the dialog beside the strip leave it less of the band: Rotate Goals' two buttons,
    Trade Goals' four, in English and French, the take-back button in the strip too."""
    original = with_window(app, monkeypatch, width, height)
    app.settings["interface_scale"] = percent
    try:
        for language in ("en", "fr"):
            set_language(language)
            app.start_game("aquarius", {}, [Seat(name) for name in ("Ann", NAME, "Cy", "Dominique")], seed=11)
            rng = random.Random(percent)
            for code in ("rotate_goals", "trade_goals"):
                to_choose(app, rng, 3)
                give(app, code)
                hud = app.table.hud
                assert app.session.options() and hud.prompt.dialog_rect is not None
                hud.prompt.draw(app.session.options(), tr("hud_take_back_of", name=NAME), lambda *_: None,
                                app.session.choose, lambda *_: None, None)
                hud.prompt.say(app.session.hint())
                what = (language, code, hud.hint.getText())
                assert hud.hint.textNode.getNumRows() <= layout.STRIP_MOST_ROWS, what
                assert hud.hint.getScale()[0] * height / 2 >= layout.STRIP_LEAST_PX - 1e-6, what
                check_prompt(app, width, height)
                app.table.key_escape()
    finally:
        set_language("en")
        app.base.adjustWindowAspectRatio(original)
