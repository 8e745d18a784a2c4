"""The first-game tour says the keyboard's way beside each click, as the prompts do ("(or Tab, then Enter)"): a
playtester who plays by keyboard read "click" only (issue 27, playtest 5)."""

import re

import pytest

from aquarius3d.i18n import catalog, texts

CLICK = {"en": re.compile(r"\bclick", re.I), "fr": re.compile(r"\bclique", re.I)}
KEYS = {"en": "(or Tab, then Enter", "fr": "(ou Tab, puis Entrée"}


@pytest.mark.parametrize("language", ["en", "fr"])
def test_every_tour_step_that_says_click_says_tab_then_enter_too(language):
    steps = {key: entry for key, entry in catalog(language).items() if key.startswith("tour_")}
    clicked = 0
    for key, entry in steps.items():
        for text in texts(entry):
            says_click = bool(CLICK[language].search(text.replace("(ou un clic)", "").replace("(or a click)", "")))
            if says_click:
                clicked += 1
                assert KEYS[language] in text, (key, text)
            if language == "fr":  # (a no-break space before : ; ? ! and inside « »)
                assert not re.search(r" [:;?!]", text), (key, text)
    assert clicked >= 5  # the hand, the drawn card, the action's buttons, the spots (two ways), the tray
