"""The result is a table: each tower's or player's points on the row of its words, right-aligned in a column, a
total row under a rule; never a number alone on a line (issue 27, playtest 5: Elemental Towers' "…Space–Air card:"
then "4" alone, in small text; Dominus' result nine dense centred lines at 1024x600)."""

import pytest
from test_interface_scale import check_end, each_window, to_the_end

from aquarius3d.i18n import set_language
from aquarius3d.screens import end_panel
from aquarius3d.session import Seat
from aquarius3d.session.rows import cells, plain, row

GAMES = [("elemental-towers", [Seat("Solo", "computer", "medium")], 8, ("over",), {}),
         ("dominus", [Seat(n, "computer", "easy") for n in ("Ann", "Bo", "Cy")], 3, ("round_over",), {"rounds": 3})]


def check_table(app, what):
    """Each row's points on the baseline of its words' first row, right of its words; a column's points share their
    right edge; the total's rule drawn."""
    hud, base = app.table.hud, app.base
    drawn = end_panel.body(hud.end_panel, hud.end_lines)
    lines = hud.end_lines.getText().split("\n")
    rows = [cells(line) for line in lines if cells(line)]
    assert rows, what
    placed = iter(drawn.texts)
    columns: dict[int, set[float]] = {}
    prose = False
    for line in lines:
        row = cells(line)
        if row is None:
            if not prose:
                next(placed)  # (prose: a text of its own, one per run of prose lines)
            prose = True
            continue
        prose = False
        # (each text in the order drawn: the words, unless a head's, then each point)
        words = next(placed) if row[0] else None
        if words is not None:
            assert words.textNode.getText() == row[0], what
            high = words.getTightBounds(base.aspect2d)[1]
            base_z = words.getZ(base.aspect2d)
            words_right = high.x
        for column, value in enumerate(row[1:]):
            point = next(placed)
            assert point.textNode.getText() == value, what
            assert point.textNode.getAlign() == point.textNode.ARight, what
            columns.setdefault(column, set()).add(round(point.getX(base.aspect2d), 5))
            if words is not None:
                assert point.getZ(base.aspect2d) == pytest.approx(base_z, abs=1e-4), (what, row)  # never alone
                assert point.getTightBounds(base.aspect2d)[0].x > words_right, (what, row)
    assert all(len(xs) == 1 for xs in columns.values()), (what, columns)  # right-aligned, each in its column
    assert drawn.root.findAllMatches("**/end-rule").getNumPaths() >= 1, what  # over the total
    assert next(placed, None) is None, what


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("game", GAMES, ids=[g[0] for g in GAMES])
def test_the_result_is_a_table_at_every_size_and_scale(app, monkeypatch, game, language):
    ruleset, seats, seed, stages, options = game
    original = app.base.getAspectRatio()
    set_language(language)
    try:
        to_the_end(app, ruleset, seats, seed, stages, options)
        for width, height, percent in each_window(app, monkeypatch):
            what = (ruleset, language, width, height, percent)
            check_end(app, width, height, what)
            check_table(app, what)
    finally:
        set_language("en")
        app.base.adjustWindowAspectRatio(original)


def test_the_panel_grows_wider_where_the_window_has_room(app, monkeypatch):
    """A row too long for layout.END's width wraps no narrower than it must: at 100% (the window wide beside the
    words) the panel is wider, in its words' units, than at 150%, where the same window holds fewer of them; never
    past half the window."""
    original = app.base.getAspectRatio()
    try:
        ruleset, seats, seed, stages, options = GAMES[1]
        to_the_end(app, ruleset, seats, seed, stages, options)
        hud = app.table.hud
        long = row("Bo's hand: 2 deuces (two elements: 2 points each), 3 quads (four elements: 4 points each)", 16)
        widths = {}
        for width, height, percent in each_window(app, monkeypatch):
            hud.end_lines.setText("\n".join(["Cy played their last card and wins the round.", long,
                                             row("Cy scores: the cards left in the other hands", 16, total=True)]))
            hud.fit_end()
            frame = hud.end_frame()
            widths[width, height, percent] = frame[1] - frame[0]
            size = abs(hud.end_panel.getSx(app.base.render2d))
            assert widths[width, height, percent] * size <= 1.0 + 1e-6  # (render2d: the window is 2 wide)
            check_table(app, (width, height, percent))
        for width, height in [(1280, 720), (1920, 1080)]:
            assert widths[width, height, 100] > widths[width, height, 150], widths
            assert widths[width, height, 100] > end_panel.END[1] - end_panel.END[0], widths  # (wider than before)
    finally:
        app.base.adjustWindowAspectRatio(original)


def test_a_console_shows_the_rows_in_columns():
    """The host's console and a computer player's `join` printed the result's rows with their tabs: ragged gaps in a
    terminal. Read as plain lines, each run of rows stands in columns: words left, points right-aligned, a rule of
    dashes over a total; prose unchanged."""
    lines = ["Bo wins the round.", row("", "Round 1", "Total"), row("Ann", "+7", 7), row("Bo the Tall", "+12", 112),
             row("Total", 19, 119, total=True), "Next: round 2."]
    shown = plain(lines)
    assert shown[0] == lines[0] and shown[-1] == lines[-1] and not any("\t" in line for line in shown)
    table = shown[1:-1]
    assert len({len(line) for line in table}) == 1, table  # (each right-aligned to the same edge)
    assert [line.split()[-1] for line in table] == ["Total", "7", "112", "-" * len(table[0]), "119"]
    assert table[1].startswith("Ann ") and table[2].startswith("Bo the Tall ") and set(table[3]) == {"-"}
    words_end = max(len("Bo the Tall"), len("Total"))
    assert all(line[words_end:words_end + 2] == "  " for line in table if set(line) != {"-"})
