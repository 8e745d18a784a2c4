"""Aquarius Rising's Zap a Card, all unplayed pyramids traded with another player (found playing whole games by real
input): the pyramids it involves stood unmarked and small on their trays. While the player chooses with whom, the
trays that would trade are ringed in gold and their pyramids drawn larger; read back in the picture too."""

import numpy as np
import pytest
from driving import picture
from panda3d.core import Point3

from aquarius3d.engine.moves import TradePyramids
from aquarius3d.positions.analyze import load_game
from aquarius3d.positions.checks import position_state
from aquarius3d.positions.file import parse_position
from aquarius3d.session import Seat, Session
from aquarius3d.view.rising import TRADE_SCALE


def table_with(app, card):
    position = parse_position({
        "ruleset": "aquarius-rising",
        "cards": [{"at": [0, 0], "card": "FFWW", "pyramids": ["Lr", "Lr", "Lb", "Lb"]}, {"at": [1, 0], "card": "WWAA"}],
        "players": [{"name": "Ann", "goal": "fire", "hand": [card, "FFFF"], "supply": ["Sr", "Mr", "Sb"]},
                    {"name": "Bo", "goal": "water", "hand": ["EEEE"], "supply": ["Lg", "Mg", "Sy", "Mb"]},
                    {"name": "Cy", "goal": "air", "hand": ["SSSS"], "supply": ["Lk", "Mk"]}],
    })
    game, state = position_state(load_game(position), position)
    session = Session(game, [Seat("Ann"), Seat("Bo"), Seat("Cy")], seed=1, autosave=False)
    session.state = state
    session._begin_turn()
    app.open_session(session)
    app.table.reveal()
    return session


def rings(app):
    trays = app.table.parts.trays
    return [seat for seat, tray in enumerate(trays.seats) if not tray.find("**/=trade-ring").isEmpty()]


def gold_round(app, seat):
    """Gold pixels on the screen along a tray's edges (the ring is a little outside the board)."""
    base, table = app.base, app.table
    rgb = picture(app)
    height, width = rgb.shape[:2]
    tray = table.parts.trays.seats[seat]
    low, high = tray.find("tray-board").getTightBounds(table.scene.root)
    lens, found = base.cam.node().getLens(), 0
    for t in np.linspace(0.1, 0.9, 9):
        for x, y in ((low.x + (high.x - low.x) * t, low.y - 5), (low.x + (high.x - low.x) * t, high.y + 5),
                     (low.x - 5, low.y + (high.y - low.y) * t), (high.x + 5, low.y + (high.y - low.y) * t)):
            film = Point3()
            if not lens.project(base.cam.getRelativePoint(table.scene.root, Point3(x, y, 4.0)), film):
                continue
            px, py = int((film.x + 1) / 2 * width), int((1 - film.y) / 2 * height)
            patch = rgb[max(0, py - 2):py + 3, max(0, px - 2):px + 3].reshape(-1, 3)
            found += bool(((patch[:, 0] > 0.85) & (patch[:, 1] > 0.65) & (patch[:, 2] < 0.5)).any())
    return found


def test_zap_a_card_rings_the_trays_that_would_trade_and_draws_their_pyramids_larger(app):
    session = table_with(app, "zap_a_card")
    assert rings(app) == [] and gold_round(app, 1) == 0
    session.select(0)
    app.table.refresh()
    assert session.stage == "player"
    assert {o.move.seat for o in session.options() if isinstance(o.move, TradePyramids)} == {1, 2}
    assert rings(app) == [0, 1, 2]  # the player's own tray and each one it may trade with
    for tray in app.table.parts.trays.seats:
        assert all(p.getScale().x == pytest.approx(TRADE_SCALE) for p in tray.findAllMatches("**/=pyramid"))
    app.table.camera.finish()
    assert gold_round(app, 1) >= 12 and gold_round(app, 2) >= 12
    assert session.choose(next(o.move for o in session.options() if o.move.seat == 1))
    app.table.refresh()
    assert rings(app) == []  # traded: the trays as usual
    assert all(p.getScale().x == pytest.approx(1.0) for p in app.table.parts.trays.root.findAllMatches("**/=pyramid"))


def test_trade_hands_trades_cards_and_rings_no_tray(app):
    session = table_with(app, "trade_hands")
    session.select(0)
    app.table.refresh()
    assert session.stage == "player" and rings(app) == []


def test_only_a_trade_of_pyramids_brings_every_tray_into_the_framing(app):
    """A fresh playtest: choosing with whom to Trade Hands framed the whole table with its three trays, the two
    cards in play tiny behind the enlarged card. The trays are needed in view only where pyramids trade (Zap a
    Card): Trade Hands frames the cards and the player's own tray as any turn does."""
    session = table_with(app, "trade_hands")
    table = app.table
    needed = [node.getName() for node in table._turn_furniture()]
    session.select(0)
    table.refresh()
    assert session.stage == "player"
    assert [node.getName() for node in table._turn_furniture()] == needed == ["tray-0"]  # (its own tray alone)
    session = table_with(app, "zap_a_card")
    table = app.table
    session.select(0)
    table.refresh()
    assert session.stage == "player"
    assert {"tray-0", "tray-1", "tray-2"} <= {node.getName() for node in table._turn_furniture()}
