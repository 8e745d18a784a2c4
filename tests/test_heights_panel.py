"""Aquarius Rising's height ranking on screen (issue 27, point 3): a small panel, always on and hidden or shown again
by K, lists each goal element's highest point in millimetres and its rank, after every move; the heights are the
rules' own (the elevation's markers read the same), the ranks the tie-break chain's; the panel is HUD space and
fits beside the hand at every window size."""

import pytest

from aquarius3d.core import geometry
from aquarius3d.i18n import element_name, length, set_language, tr
from aquarius3d.session import Seat
from aquarius3d.view.rising import element_tops
from test_layout import overlap, play, rect_of, with_window

SIZES = [(1024, 600), (1280, 720), (1920, 1080)]


def shown_rows(panel):
    return [(panel.ranks[i].getText(), panel.names[i].getText(), panel.values[i].getText()) for i in range(5)]


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_panel_lists_each_element_its_highest_point_and_rank_after_every_move(app, language):
    set_language(language)
    try:
        app.start_game("aquarius-rising", {}, [Seat(n, "computer") for n in ("Ann", "Bo", "Cy")], seed=5)
        table = app.table
        panel = table.heights
        assert panel.shown
        seen, seen_flat, flat = set(), False, geometry.card_top(0) + 1e-6
        for moves in (6, 12, 18):
            play(app, moves)
            session = app.session
            rows = session.flow.height_ranking()
            assert [element for element, _, _ in rows] and len(rows) == 5
            tops = element_tops(session.state)  # what the elevation's markers and ruler show
            keys = session.game.end.keys(session.state)
            for element, height, rank in rows:
                if height is None:
                    assert element not in tops and rank is None
                    continue
                assert height == pytest.approx(tops[element][0], abs=1e-9) == keys[element][0]
                better = [e for e in keys if keys[e] > keys[element]]  # the tie-break chain, whole
                assert rank == len(better) + 1
            shown = shown_rows(panel)
            assert [name for _, name, _ in shown] == [element_name(e) for e, _, _ in rows]
            for (rank_text, _, value), (_, height, rank) in zip(shown, rows):
                level = [r for _, h, r in rows if h is not None and h == height]  # (ties: tests below)
                assert rank_text == ("" if rank is None else f"{min(level)}=" if len(level) > 1 else str(rank))
                # a card flat on the felt is no height to read: "flat", not "0.3 mm" (found playing by real input)
                assert value in ({length(height, d) for d in (1, 2, 3, 4)} if height is not None and height > flat
                                 else {tr("heights_flat")} if height is not None else {"—"})
                seen_flat |= height is not None and height <= flat
            seen.add(tuple(shown))
        assert len(seen) > 1  # it followed the game
        assert seen_flat
    finally:
        set_language("en")


def chain_step(keys, elements):
    """The first step of the tie-break chain on which these elements differ (None: on none)."""
    return next((step for step in range(5) if len({keys[e][step] for e in elements}) > 1), None)


@pytest.mark.parametrize("language", ["en", "fr"])
def test_elements_at_one_height_share_a_rank_and_the_panel_says_what_orders_them(app, language):
    """Playtest (issue 27, points 3/4/8): Water, Air and Fire all at 89.5 mm were ranked 1, 2, 3 with no word why.
    Elements at one height now share its first rank ("1="), stay in the rules' order, and a line under the rows
    names the step of the tie-break chain that orders them (the ruleset's pips reading), inside the panel."""
    set_language(language)
    try:
        app.start_game("aquarius-rising", {}, [Seat(n, "computer") for n in ("Ann", "Bo", "Cy")], seed=7)
        panel, seen_steps = app.table.heights, set()
        for _ in range(12):
            play(app, 5)
            session = app.session
            keys = session.game.end.keys(session.state)
            rows = session.flow.height_ranking()
            shown = shown_rows(panel)
            lines = []
            for height in dict.fromkeys(h for _, h, _ in rows if h is not None):
                group = [(e, r) for e, h, r in rows if h == height]
                if len(group) < 2:
                    continue
                first = group[0][1]
                for element, _ in group:
                    index = [e for e, _, _ in rows].index(element)
                    assert shown[index][0] == f"{first}="  # a shared rank, as ties are written
                step = chain_step(keys, [e for e, _ in group])
                seen_steps.add(step)
                pips = session.game.end.pips
                reason = {1: f"heights_decide_1_{pips}", 3: f"heights_decide_3_{pips}"}.get(step, f"heights_decide_{step}")
                lines.append(tr("heights_tie_even", rank=first) if step is None
                             else tr("heights_tie", rank=first, reason=tr(reason)))
            assert panel.note.getText() == "\n".join(lines)
            if lines:  # the lines lie inside the panel, under the rows
                box, note = panel.rect(), rect_of(app, panel.note)
                assert box[0] <= note[0] and note[1] <= box[1] and box[2] <= note[2] and note[3] <= box[3]
                last_row = max(i for i in range(5) if panel.names[i].getText())
                assert note[3] < rect_of(app, panel.names[last_row])[2]
                assert note[3] < rect_of(app, panel.values[last_row])[2]
            if session.stage == "over":
                break
        assert {1, 2} <= seen_steps  # the pips, and the next highest points, each ordered a tie in this game
    finally:
        set_language("en")


def test_k_hides_the_panel_and_shows_it_again_and_the_table_takes_the_room(app):
    app.start_game("aquarius-rising", {}, [Seat(n, "computer") for n in ("Ann", "Bo")], seed=2)
    table = app.table
    play(app, 6)
    panel = table.heights
    assert panel.shown and panel.rect() in table.obstacles()
    app.base.messenger.send("k")
    assert not panel.shown and panel.rect() not in table.obstacles()
    app.base.messenger.send("k")
    assert panel.shown and panel.rect() in table.obstacles()


def test_no_panel_outside_aquarius_rising(app):
    app.start_game("aquarius", {}, [Seat("Ann", "computer"), Seat("Bo", "computer")], seed=2)
    play(app, 4)
    assert not app.table.heights.shown and not app.table.heights.obstacles()
    app.base.messenger.send("k")
    assert not app.table.heights.shown


@pytest.mark.parametrize("width,height", SIZES)
def test_the_panel_fits_in_its_corner_clear_of_the_hand_and_the_hud(app, monkeypatch, width, height):
    original = with_window(app, monkeypatch, width, height)
    try:
        set_language("fr")  # the longer names
        app.start_game("aquarius-rising", {}, [Seat("Ann"), Seat("Bo", "computer"), Seat("Cy", "computer")],
                       seed=4)
        table = app.table
        for _ in range(40):
            if app.session.stage == "cover":
                table.reveal()
            if app.session.stage == "choose" and len(app.session.state.log) > 6:
                break
            play(app, 1)
        table.refresh()
        panel = table.heights
        box = panel.rect()
        assert -1 <= box[0] and box[1] <= 1 and -1 <= box[2] and box[3] <= 1
        for part in [panel.title, *panel.ranks, *panel.names, *panel.values]:  # every word inside the panel
            if part.getText():
                x0, x1, y0, y1 = rect_of(app, part)
                assert box[0] <= x0 and x1 <= box[1] and box[2] <= y0 and y1 <= box[3], part.getText()
        hand = [rect_of(app, node) for node in table.hud.hand.root.getChildren() if not node.isHidden()]
        assert hand
        for rect in hand + [rect_of(app, table.hud.hint), rect_of(app, table.hud.goal)]:
            assert not overlap(box, rect), rect
        others = [o for o in table.obstacles() if o != box]
        assert not any(overlap(box, o) for o in others)
        # the names and values never touch: the widest French name and height side by side
        for i in range(5):
            if panel.values[i].getText():
                assert rect_of(app, panel.names[i])[1] < rect_of(app, panel.values[i])[0]
    finally:
        set_language("en")
        app.base.adjustWindowAspectRatio(original)
