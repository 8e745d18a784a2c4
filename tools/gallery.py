"""Draw the pictures of docs/gallery.md again: seven 1280x720 pictures in docs/gallery/, offscreen and repeatable.

    python tools/gallery.py [--out docs/gallery] [--only NAME ...]

Each picture is a game started with a fixed seed and driven through the app's own functions (the
session's moves, the table's pyramid choice, the Rules screen), as a player or `play --record` would.
Every run shows the same games at the same moments (a software renderer may still vary a few pixels).
Settings, saves and autosaves go to a temporary AQUARIUS3D_HOME, never the user's own.
"""

from __future__ import annotations

import argparse
import os
import struct
import sys
import tempfile
import zlib
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

SIZE = (1280, 720)


def small_png(rgb: np.ndarray) -> bytes:
    """An RGB PNG (rows top first) with the "Up" filter on every row and zlib level 9: the flat table
    colours compress far better than unfiltered (view/render.py's fast writer)."""
    height, width, _ = rgb.shape
    flat = rgb.reshape(height, width * 3).astype(np.int16)
    up = np.empty_like(flat)
    up[0] = flat[0]
    up[1:] = flat[1:] - flat[:-1]
    rows = np.empty((height, width * 3 + 1), dtype=np.uint8)
    rows[:, 0] = 2  # filter type 2 (Up)
    rows[:, 1:] = (up % 256).astype(np.uint8)

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows.tobytes(), 9))
            + chunk(b"IEND", b""))


class Gallery:
    def __init__(self, out: Path) -> None:
        from aquarius3d.files import user_settings

        user_settings.store_settings({**user_settings.SETTINGS_DEFAULTS, "tour": False})  # no first-game tour over the table
        from aquarius3d.app import App

        self.app = App(offscreen=True, size=SIZE)
        self.out = out
        out.mkdir(parents=True, exist_ok=True)

    # -- driving ------------------------------------------------------------------------------------

    def start(self, ruleset: str, seats: list, seed: int) -> None:
        self.app.start_game(ruleset, {}, seats, seed=seed)
        self.app.table.hold = True  # the computers move only when told to, here
        self.app.table.bot_pause = 0.0

    def computer_moves(self, until, limit: int = 2000) -> None:
        """Let the computers play until `until(session)` holds (round ends closed, as the recorder does)."""
        table, session = self.app.table, self.app.session
        for _ in range(limit):
            if until(session):
                break
            if session.stage == "round_over":
                session.next_round()
            elif not session.computer_move():
                raise SystemExit(f"gallery: the game stopped at stage {session.stage}")
            table.refresh()
        else:
            raise SystemExit("gallery: the game never reached the wanted moment")

    def snap(self, name: str) -> Path:
        """Let the camera come to rest and the last card land, draw, and write NAME.png from the frame drawn."""
        base = self.app.base
        table = self.app.table
        for _ in range(4):
            if table is not None:
                table.camera.finish()
                table.feedback.last_move.finish()  # the last card landed, not on its way from the seat
            base.taskMgr.step()
        base.graphicsEngine.renderFrame()
        base.graphicsEngine.renderFrame()
        shot = base.win.getScreenshot()
        if shot is None:
            raise SystemExit("gallery: no picture from the graphics card")
        width, height = shot.getXSize(), shot.getYSize()
        pixels = np.frombuffer(bytes(shot.getRamImageAs("RGB")), np.uint8).reshape(height, width, 3)
        path = self.out / f"{name}.png"
        path.write_bytes(small_png(pixels[::-1]))  # Panda3D's rows run bottom up
        print(f"{path}  {path.stat().st_size // 1024} KB")
        return path

    # -- the six pictures ---------------------------------------------------------------------------

    def aquarius(self) -> None:
        from aquarius3d.session import Seat

        self.start("aquarius", [Seat(f"Bot {i}", "computer", "medium") for i in (1, 2, 3)], seed=5)
        self.computer_moves(lambda s: len(s.state.log) >= 14)
        self.snap("aquarius")

    def rising_trays(self) -> None:
        from aquarius3d.bots import make_player
        from aquarius3d.session import Seat

        self.start("aquarius-rising", [Seat("Ann"), Seat("Bo", "computer", "medium"), Seat("Cy", "computer", "medium")],
                   seed=7)
        session, table = self.app.session, self.app.table
        ann = make_player("medium", 7)
        while len(session.state.log) < 12 or session.seat != 0 or session.stage not in ("cover", "choose"):  # a few rounds, Ann's own moves by a computer
            if session.stage == "computer":
                session.computer_move()
            elif session.stage == "cover":
                session.reveal()
            elif session.seat == 0 and session.stage in ("choose", "pyramid"):
                if not session._try(ann.choose(session.game, session.game.observe(session.state, 0))):
                    raise SystemExit(f"gallery: Ann's move was refused: {session.notice}")
            else:
                raise SystemExit(f"gallery: Aquarius Rising stopped at stage {session.stage}")
            table.refresh()
        if session.stage == "cover":
            session.reveal()
        # Ann plays an element card as a person would: the card, then the first glowing spot.
        hand = session.observation()["hand"]
        for index in range(len(hand)):
            session.select(index)
            if session.stage == "place" and session.spots():
                session.choose(next(iter(session.spots())))
                break
        table.refresh()
        if session.stage != "pyramid":
            raise SystemExit(f"gallery: no pyramid to choose (stage {session.stage})")
        supply = [code for code, _ in session.flow.supply() if code in session.flow.placeable()]
        session.select_pyramid(max(supply, key=lambda code: ("SML".index(code[0]), code[1:] == "g")))
        table.refresh()  # the largest (green if any): it lifts highest
        self.snap("aquarius-rising-trays")

    def rising_end(self) -> None:
        from aquarius3d.session import Seat

        self.start("aquarius-rising", [Seat(f"Bot {i}", "computer", "medium") for i in (1, 2, 3)], seed=11)
        self.app.table.end_moment.enabled = True  # (offscreen, as in a window: the winning house is lit)
        self.computer_moves(lambda s: s.stage == "over")
        self.app.table.end_moment.finish()  # the result panel, the house still lit
        self.snap("aquarius-rising-end")

    def towers(self) -> None:
        from aquarius3d.session import Seat

        self.start("elemental-towers", [Seat("Bot", "computer", "medium")], seed=8)
        self.computer_moves(lambda s: len(s.state.log) >= 62)  # towers standing, points scored
        self.snap("elemental-towers")

    def dominus_end(self) -> None:
        from aquarius3d.session import Seat

        self.start("dominus", [Seat(f"Bot {i}", "computer", "medium") for i in (1, 2, 3)], seed=4)
        self.computer_moves(lambda s: s.stage in ("round_over", "over"))
        self.snap("dominus-end")

    def menu(self) -> None:
        self.app.show_menu()
        self.app.base.taskMgr.step()  # (its picture of the table, drawn on the frame after it)
        self.app.base.win.setActive(True)
        self.snap("menu")

    def rules_fr(self) -> None:
        from aquarius3d.i18n import set_language

        set_language("fr")
        self.app.show_menu()
        rules = self.app.show_rules()
        rules.show_game("aquarius-rising")
        rules.column.finish()  # its pictures, drawn now rather than one a frame
        self.snap("rules-fr")
        set_language("en")


PICTURES = {"aquarius": Gallery.aquarius, "aquarius-rising-trays": Gallery.rising_trays,
            "aquarius-rising-end": Gallery.rising_end, "elemental-towers": Gallery.towers,
            "dominus-end": Gallery.dominus_end, "rules-fr": Gallery.rules_fr, "menu": Gallery.menu}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "gallery", help="the folder for the pictures")
    parser.add_argument("--only", nargs="+", choices=sorted(PICTURES), help="draw only these pictures")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="aquarius3d-gallery-") as home:
        os.environ["AQUARIUS3D_HOME"] = home
        gallery = Gallery(args.out)
        for name in args.only or PICTURES:
            PICTURES[name](gallery)
    return 0


if __name__ == "__main__":
    sys.exit(main())
