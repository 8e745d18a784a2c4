"""French contracts "de le" to "du", "à le" to "au", "de les" to "des", "à les" to "aux": a template's "de {target}"
filled with "le panneau Eau de la carte…" read "de le panneau Eau" in the log (issue 27, playtest 5)."""

import re
import string

from aquarius3d.engine.game import ApplyResult
from aquarius3d.engine.moves import Shift
from aquarius3d.i18n import catalog, set_language, texts, tr

UNCONTRACTED = re.compile(r"(?<![\w'’])([Dd]e|[àÀ]) (le|les) ")


def fields(text):
    return {name.split(".")[0].split("[")[0] for _, name, _, _ in string.Formatter().parse(text) if name}


def test_no_french_text_says_de_le_or_a_le_whatever_fills_it():
    """Every French text, each placeholder filled with a phrase that begins with an article ("le panneau",
    "les pyramides"): never "de le", "à le", "de les", "à les"; and no catalog text says them itself."""
    set_language("fr")
    try:
        for key, entry in catalog("fr").items():
            for text in texts(entry):
                assert not UNCONTRACTED.search(text), (key, text)
                names = fields(text) - {"count"}
                for article in ("le panneau", "les pyramides"):
                    values: dict[str, object] = {name: article for name in names}
                    if isinstance(entry, dict) or "count" in fields(text):
                        values["count"] = 2
                    line = tr(key, **values)
                    assert not UNCONTRACTED.search(line), (key, line)
        assert tr("log_shift_stack", name="Ann", piece="x", below="y", source="z", target="le panneau Eau",
                  colour="bleue").endswith("sur y du panneau Eau\xa0: une tour bleue")
    finally:
        set_language("en")


def test_english_keeps_its_words():
    assert tr("log_shift_stack", name="Ann", piece="a", below="b", source="c", target="de le",
              colour="blue") == "Ann moved a from c onto b on de le: a blue tower"


def test_a_piece_moved_onto_a_stack_says_du_panneau_in_the_log(tmp_path):
    """The playtest's own line: a medium pyramid moved onto a small one on another card's Water panel."""
    from aquarius3d.games.towers import narration
    from aquarius3d.games.towers.pieces import _set_piece
    from aquarius3d.positions.checks import load_game, position_state
    from aquarius3d.positions.file import read_position

    path = tmp_path / "stack.yaml"
    path.write_text("ruleset: elemental-towers\ncards:\n  - {at: [0, 0], card: WWSS, pieces: {BL: Mk}}\n"
                    "  - {at: [1, 0], card: WFWF, pieces: {TL: Sk}}\nplayers:\n  - {name: Ann, hand: [AAAA]}\n"
                    "scoring_row: [fire, water, earth, air, space]\n")
    set_language("fr")
    try:
        position = read_position(path)
        game, state = position_state(load_game(position), position)
        previous, faces = state.copy(), {cell: f.code for cell, f in state.table.faces.items()}
        _set_piece(state, (0, 0), "BL", None)
        _set_piece(state, (1, 0), "TL", ["Sk", "Mk"])
        line = narration.describe(game, state, ["Ann"], ApplyResult(Shift(0, (0, 0), "BL", (1, 0), "TL"), 0),
                                  faces, previous)
        assert " du panneau Eau" in line, line
        assert not UNCONTRACTED.search(line), line
    finally:
        set_language("en")
