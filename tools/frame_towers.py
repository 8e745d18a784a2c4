"""How large Elemental Towers' cards come on the screen through whole games (issue 27, "framing for play").

    python tools/frame_towers.py --size 1024x600 --seeds 8 3 [--shots DIR] [--computer]

Offscreen, in a window of that size: a solitaire game played at random by the session's moves by a person's seat
(the hand and the prompt strip take the window's bottom; a computer's with --computer), the table drawn and the
camera at its goal after each move. Prints, for each seed, the mean width of a card in the middle of the table in
pixels (the camera's own measure, as tests/test_framing.py `card_pixels`) over every move of the game, its smallest,
and the framed table's outline on the screen (how much of the window's width and height it takes); then the mean
over the seeds. --shots saves a PNG of the window every 10 moves (and the last) to look at.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # this checkout's code, not an installed copy


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[1])
    parser.add_argument("--size", default="1024x600")
    parser.add_argument("--seeds", type=int, nargs="+", default=[8, 3])
    parser.add_argument("--shots", type=Path)
    parser.add_argument("--computer", action="store_true", help="a computer's seat (else a person's)")
    args = parser.parse_args()
    width, height = (int(n) for n in args.size.split("x"))
    os.environ["AQUARIUS3D_HOME"] = tempfile.mkdtemp(prefix="frame-towers-")
    os.environ.setdefault("AQUARIUS3D_CACHE_DIR", tempfile.mkdtemp(prefix="frame-towers-cache-"))
    from aquarius3d.app import App
    from aquarius3d.files import user_settings
    from aquarius3d.session import Seat

    user_settings.store_settings({**user_settings.SETTINGS_DEFAULTS, "tour": False})
    app = App(offscreen=True, size=(width, height))
    means = []
    for seed in args.seeds:
        app.start_game("elemental-towers", {}, [Seat("Ann", "computer" if args.computer else "human")], seed=seed)
        rng = random.Random(seed)
        widths, spans = [], []
        for move in range(300):
            session = app.session
            settle(app)
            table = app.table
            widths.append(table._card_width(table.camera.orbit) * width / 2)
            spans.append(outline(app))
            if args.shots is not None and move % 10 == 0:
                shot(app, args.shots / f"towers-{width}x{height}-s{seed}-{move:03d}.png")
            if session.stage in ("over", "round_over"):
                break
            if session.stage == "computer":
                session.computer_move()
            else:
                session._try(rng.choice(sorted(session.game.legal_moves(session.state), key=str)))
        if args.shots is not None:
            shot(app, args.shots / f"towers-{width}x{height}-s{seed}-end.png")
        play = widths[:-1] or widths  # (the last: the end's framing, beside the result)
        means.append(statistics.mean(play))
        across = statistics.mean(s[0] for s in spans[:-1] or spans)
        up = statistics.mean(s[1] for s in spans[:-1] or spans)
        print(f"{width}x{height} seed {seed}: {len(play)} moves, card {means[-1]:.1f} px mean, {min(play):.1f} least; "
              f"the table takes {across:.0%} of the width, {up:.0%} of the height")
    print(f"{width}x{height} mean over seeds {args.seeds}: {statistics.mean(means):.1f} px")


def settle(app) -> None:
    """The table drawn as the session stands, a few frames run, the camera at its goal (tests/driving.py)."""
    app.table.refresh()
    for _ in range(3):
        app.base.taskMgr.step()
    app.table.camera.finish()


def outline(app) -> tuple[float, float]:
    """How much of the window's width and height the framed boxes take (0-1 each)."""
    from aquarius3d.view.camera import project
    from aquarius3d.view.framing import tangents

    table = app.table
    tan_x, tan_y = tangents(table.perspective)
    points = [project((x, y, z), table.camera.orbit, tan_x, tan_y)
              for low, high in table.frame_boxes() for x in (low[0], high[0]) for y in (low[1], high[1])
              for z in (low[2], high[2])]
    seen = [p for p in points if p is not None]
    if not seen:
        return 0.0, 0.0
    return ((max(p[0] for p in seen) - min(p[0] for p in seen)) / 2,
            (max(p[1] for p in seen) - min(p[1] for p in seen)) / 2)


def shot(app, path: Path) -> None:
    from panda3d.core import Filename, PNMImage

    path.parent.mkdir(parents=True, exist_ok=True)
    app.base.graphicsEngine.renderFrame()
    app.base.graphicsEngine.renderFrame()
    image = PNMImage()
    app.base.win.getScreenshot(image)
    image.write(Filename.fromOsSpecific(str(path)))


if __name__ == "__main__":
    main()
