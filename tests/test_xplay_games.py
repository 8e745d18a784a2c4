"""A whole game in the real window by real input (issue 27, 'Done when'): tools/xplay_games.py on a private X server.

One whole game of Elemental Towers, played as a player with a mouse plays it: every drawn card clicked onto a
glowing spot, every earned build or move and every action card's choice clicked where the window shows it, with R,
T and U pressed along the way, each step waiting (bounded) on what the window shows. The game must reach its end
with every move in the autosave and every move made by a click (none only the keyboard could reach); the X server
and the program are gone at the end. Skipped where Xvfb or xdotool is missing (.ci/run installs them)."""

from pathlib import Path

import pytest

TOOLS = Path(__file__).resolve().parent.parent / "tools"


@pytest.mark.slow
def test_a_whole_game_of_elemental_towers_by_mouse_in_the_real_window(tmp_path, monkeypatch):
    monkeypatch.syspath_prepend(str(TOOLS))
    import xplay
    import xplay_games

    why = xplay.needed()
    if why:
        pytest.skip(f"no real window here: {why}")
    result = xplay_games.run("towers", (1024, 600), tmp_path / "shots", seed=5, most=600.0)
    assert result["end_buttons"], result  # the result panel shows, its buttons to choose
    assert result["moves"] >= 29 and result["saved"] == result["moves"]  # 30 cards: the starter, then 29 drawn
    assert result["click"] >= result["moves"] // 2 and result["key"] >= 3  # clicks, and R / T / U on the way
    assert result["unclickable"] == [], result["unclickable"]  # every choice a click could reach
    shots = sorted(p.name for p in (tmp_path / "shots").iterdir())
    assert any("earned" in name for name in shots) and shots[-1].endswith("over.png")
    assert not any(Path(f"/proc/{pid}").exists() for pid in result["processes"])  # the X server, the program
