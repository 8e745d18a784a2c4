"""Prompts that ask for a click say the keyboard's way too (issue 27, polish from the real-input playtest: played by
keyboard alone, the strip kept saying "Click ..."): every prompt the table shows while something is to be picked,
in English and French, names the keys that pick it; French keeps its no-break spaces."""

import pytest

from aquarius3d.i18n import set_language, tr

FILL = {"card": "the Fire-Water card", "action": "Zap a Card", "actions": "2 Earth actions", "pyramid": "large red",
        "count": 2, "name": "Ann"}
PICKING = ["hud_place_card", "hud_place_drawn", "hud_choose_target", "hud_confirm_action", "hud_pyramid",
           "hud_pyramid_place", "hud_earned", "hud_earned_move", "hud_trade_piece", "cover_hint"]
KEYS = {"en": ("Tab", "Enter", "Space"), "fr": ("Tab", "Entrée", "Espace")}


@pytest.mark.parametrize("language", ["en", "fr"])
def test_every_prompt_asking_for_a_click_says_the_keys_too(language):
    set_language(language)
    try:
        for key in PICKING:
            said = tr(key, **FILL)
            assert any(word in said for word in KEYS[language]), (key, said)
            if language == "fr":  # a no-break space before : ; ? ! (never a plain one)
                assert not any(f" {mark}" in said for mark in ":;?!"), (key, said)
    finally:
        set_language("en")
