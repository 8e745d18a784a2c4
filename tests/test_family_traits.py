"""The window knows a game family by what its flow says it shows (issue 30, point 5): the traits of
session/flows (solitaire, pyramids, spaces, a drawn action, its own undo), never by comparing the family's name.
The names stay where they belong: the rules (games/), the session's flows, and the translation keys."""

import re
from pathlib import Path

import pytest

from aquarius3d.rules.ruleset import load_ruleset
from aquarius3d.session.flows import flow_of

ROOT = Path(__file__).resolve().parent.parent / "aquarius3d"
COMPARED = re.compile(r"""family\s*(==|!=|\bin\b)\s*[\(\[{"']|["']\s*(==|!=)\s*\w*\.?family\b""")


def test_screens_and_views_never_compare_a_family_name():
    found = [f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
             for folder in ("screens", "view") for path in sorted((ROOT / folder).rglob("*.py"))
             for number, line in enumerate(path.read_text().splitlines(), 1) if COMPARED.search(line)]
    assert not found, "\n".join(found)
    assert COMPARED.search('if session.family == "towers":') and COMPARED.search("family != 'rising'")


@pytest.mark.parametrize("ruleset", ["aquarius", "aquarius-rising", "elemental-towers", "dominus"])
def test_each_familys_traits_agree_with_its_game(ruleset):
    """The traits say what the dealt game holds: one seat, pyramids for each seat's tray, pieces on the cards'
    spaces (and then the drawn action, the replay of the deck and the undo of a turn go with them)."""
    game = load_ruleset(ruleset)
    flow = flow_of(game.family)
    players = ["Ann"] * game.min_players
    state = game.new_state(players, seed=3)
    supply = getattr(state.data, "supply", None)
    assert flow.solitaire == (game.max_players == 1)
    assert flow.pyramids == (isinstance(supply, list) and len(supply) == len(players) and all(supply))
    assert flow.spaces == isinstance(getattr(state.data, "pieces", None), dict)  # pieces on the cards' spaces
    assert flow.spaces == flow.draws_action == flow.replays_deck == flow.own_undo  # (Elemental Towers' own)
