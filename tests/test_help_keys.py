"""F1's help (and the Rules screen's controls page, made from it) names every key of the table, in each language:
the tour said "F to fit" while the help had no F."""

import re

import pytest

from aquarius3d.i18n import LANGUAGES, set_language, tr
from aquarius3d.screens.inputs import KEYS


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_help_names_every_letter_and_digit_key(language):
    keys = sorted({key for events in KEYS.values() for key in events if re.fullmatch(r"[a-z0-9]", key)})
    set_language(language)
    try:
        text = tr("help_text")
    finally:
        set_language("en")
    pan = {key for name in ("pan_forward", "pan_back", "pan_left", "pan_right") for key in KEYS[name]}
    assert re.search(r"\b[A-Z] [A-Z] [A-Z] [A-Z]\b", text)  # the pan keys written together (W A S D, Z Q S D)
    named = {key for key in keys if re.search(rf"(^|[\s/]){key.upper()}[\s\u00a0]*(:|or |ou |\()", text, re.M)}
    assert named - pan == set(keys) - pan, sorted(set(keys) - pan - named)
