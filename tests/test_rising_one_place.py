"""Aquarius Rising: a pyramid picked that may stand in one quarter alone says so and shows it lit (issue 27, fresh
playtest: a large red pyramid's only quarter stood behind a black pyramid; the strip said "click a glowing quarter"
and nothing could be seen glowing). The strip says "the one glowing quarter" (a prompt naming the card was tried and
reverted: its room widened the turn's band and cost every card 5 %, fee948c), and that quarter's ghost stands lit
as under the pointer, whether or not the pointer is on it; with two quarters or more, none is lit before the
pointer or Tab comes to it."""
import random

import pytest
from driving import session_step

from aquarius3d.i18n import pyramid_name, set_language, tr
from aquarius3d.session import Seat
from aquarius3d.view.scene import SPOT_HOVER_GROWTH


def lit(app):
    """The ghosts standing lit (nearly solid, as the one under the pointer)."""
    return [key for key, node in app.table.scene.ghosts.items() if abs(node.getColorScale()[3] - 0.9) < 0.005]


def pyramid_steps(app, seed):
    """Ann and two computers at random; at each of Ann's pyramid steps, how many quarters each pyramid she may play
    has (each picked and put back)."""
    app.start_game("aquarius-rising", {}, [Seat("Ann"), Seat("Bo", "computer", "easy"), Seat("Cy", "computer", "easy")],
                   seed=seed)
    session, rng = app.session, random.Random(seed)
    for _ in range(900):
        if session.state.over:
            return
        if session.stage == "cover":
            session.reveal()
            continue
        if session.stage == "pyramid" and session.choice.pyramid is None and len(session.flow.supply()) > 1:
            counts = {}  # (Esc puts a pyramid back only where there was a choice of pyramids)
            for code in sorted(session.flow.placeable()):
                session.select_pyramid(code)
                counts[code] = len(session.spots())
                session.cancel()
            yield counts
        session_step(session, rng)


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_pyramid_with_one_quarter_says_so_and_its_quarter_stands_lit(app, language):
    set_language(language)
    try:
        seen = set()
        for counts in pyramid_steps(app, 4):
            for code, count in counts.items():
                if count == 0 or (count == 1) in seen:
                    continue
                session, table = app.session, app.table
                session.select_pyramid(code)
                table.hover_cell = table.hover_move = None  # (the pointer on no quarter)
                table.refresh()
                one = count == 1
                assert session.hint() == tr("hud_pyramid_place_one" if one else "hud_pyramid_place",
                                            pyramid=pyramid_name(code))
                assert (("the one glowing quarter" if language == "en" else "le seul quart lumineux")
                        in session.hint()) == one, session.hint()
                assert lit(app) == (list(table.parts.ghost_spots) if one else []), (code, count)
                if one:
                    outline = table.scene.ghosts[lit(app)[0]].getPythonTag("outline")
                    assert outline is None or outline.getSx() == pytest.approx(SPOT_HOVER_GROWTH)
                seen.add(one)
                session.cancel()
                table.refresh()
            if seen == {True, False}:
                break
        assert seen == {True, False}
    finally:
        set_language("en")
