"""Play the real window with real input: X key presses and mouse clicks (xdotool) on a private X server (Xvfb).

    python tools/xplay.py smoke [--out DIR]                    start a game, lift the cover, play a card by keyboard
    python tools/xplay.py keyboard [--size 1024x600] [--seed N] [--out DIR]   a whole hot-seat Aquarius game, keys only
    python tools/xplay.py rising [--size 1280x720] [--seed N] [--out DIR]     an Aquarius Rising turn by mouse
    python tools/xplay.py all [--out DIR]                     keyboard at 1024x600 and 1280x720, then rising
    python tools/xplay.py net [--size 1024x600] [--only RULESET] [--out DIR]   two windows across computers, a game
                                                              of each ruleset (tools/xplay_net.py)

Each run starts its own Xvfb on a free display (its framebuffer kept in a file, which is where the screenshots come
from), then `python -m aquarius3d play ...` in a fresh AQUARIUS3D_HOME whose settings give the window's size, with
the normal Panda3D configuration (a real window, not an offscreen buffer). Input goes in as the X server's own
events (xdotool's XTEST), to the window that has the focus, as a person's keyboard and mouse would.

Nothing is timed by sleeping. Every step waits, for at most a bounded time, on what the window shows: the status
the program writes when AQUARIUS3D_STATUS names a file (screens/focus.py: the screen, the stage, what is in focus
and its frame, where each thing to choose is in window pixels), the autosave file gaining the move, and the
pixels of the screenshot (the blue focus frame drawn). A wait that runs out stops the run with the last status
and a screenshot. The program and the X server are stopped at the end, whatever happened (the program's whole
process group: a computer player's worker too).

Needs Xvfb and xdotool (`apt-get install xvfb xdotool`); the screenshots are PNG files written by Panda3D.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
WAIT = 30.0  # seconds a step may wait for the window at most (a CPU renderer on a busy two-core machine)
START = 90.0  # seconds for the window to come up (the first run draws and caches every card face)
POLL = 0.02  # seconds between two looks at the status: how often it is read, not how long anything waits
Status = dict[str, Any]


class Failed(Exception):
    """The window did not show what was waited for in time, or showed something wrong."""


def needed() -> str | None:
    """Why this cannot run here, if it cannot."""
    missing = [name for name in ("Xvfb", "xdotool") if shutil.which(name) is None]
    return f"{' and '.join(missing)} not installed (apt-get install xvfb xdotool)" if missing else None


# -- the X server and its framebuffer ----------------------------------------------------------------------

class Display:
    """A private Xvfb on a free display, its screen kept in an XWD file (`-fbdir`). `-noreset`: an X server resets
    itself when its last client goes (a window killed, an xdotool call ending), and a window opening then cannot
    connect ("Could not open display"; the program stops saying it has no display). Bo's window killed and run
    again (tools/xplay_net.py) met a reset so under load: started again and again at load about 5, 2 to 6 starts in
    14 failed, none with -noreset (tests/test_xplay.py checks the server keeps what a gone client left)."""

    def __init__(self, size: tuple[int, int]) -> None:
        self.size = size
        self.folder = Path(tempfile.mkdtemp(prefix="xplay-fb-"))
        read, write = os.pipe()
        self.server = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write), "-screen", "0", f"{size[0]}x{size[1]}x24", "-fbdir", str(self.folder),
             "-nolisten", "tcp", "-noreset"], pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(write)
        with os.fdopen(read) as pipe:
            number = pipe.readline().strip()  # written once the server takes connections
        if not number:
            self.close()
            raise Failed("Xvfb did not start")
        self.name = f":{number}"

    def screen(self) -> np.ndarray:
        """The whole screen now, rows of RGB pixels."""
        data = (self.folder / "Xvfb_screen0").read_bytes()
        header = np.frombuffer(data[:100], ">u4")
        size, width, height, order, bits, line, colours = (int(header[i]) for i in (0, 4, 5, 7, 11, 12, 19))
        if bits != 32:
            raise Failed(f"Xvfb's framebuffer has {bits} bits a pixel, not 32")
        start = size + colours * 12
        pixels = np.frombuffer(data[start:start + line * height], np.uint8).reshape(height, line)[:, :width * 4]
        pixels = pixels.reshape(height, width, 4)
        return pixels[:, :, [2, 1, 0]] if order == 0 else pixels[:, :, [1, 2, 3]]  # (least significant byte first)

    def close(self) -> None:
        stop(self.server)
        shutil.rmtree(self.folder, ignore_errors=True)


def stop(process: subprocess.Popen[Any], group: bool = False) -> None:
    """Stop a process this tool started (with `group`, its whole process group), and reap it."""
    if process.poll() is None:
        try:
            os.killpg(process.pid, signal.SIGTERM) if group else process.terminate()
            process.wait(10)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL) if group else process.kill()
            process.wait(10)
        except ProcessLookupError:
            pass
    if group:
        try:
            os.killpg(process.pid, signal.SIGKILL)  # a worker left behind by the program, if any
        except ProcessLookupError:
            pass


def write_png(pixels: np.ndarray, path: Path) -> None:
    """RGB rows to a PNG file, through Panda3D's image library (no other dependency)."""
    from panda3d.core import Filename, PNMImage, StringStream

    height, width, _ = pixels.shape
    image = PNMImage()
    if not image.read(StringStream(b"P6\n%d %d\n255\n" % (width, height) + np.ascontiguousarray(pixels).tobytes())):
        raise Failed("could not make a picture of the screen")
    path.parent.mkdir(parents=True, exist_ok=True)
    image.write(Filename.fromOsSpecific(str(path)))


# -- the program in its window ------------------------------------------------------------------------------

class Window:
    """`aquarius3d play ARGS` in a real window on `display`, driven by X input; its status and autosave read.
    `command`: another command than play (`host`, `join`: tools/xplay_net.py), `screen`: the screen it opens on,
    `home`: a home folder of the caller's, kept at the end (a program started again in it finds its files)."""

    def __init__(self, display: Display, args: list[str], out: Path | None, name: str, command: str = "play",
                 screen: str = "game", home: Path | None = None) -> None:
        self.display = display
        self.out = out
        self.name = name
        self.shots = 0
        self.keep_home = home is not None
        self.home = home if home is not None else Path(tempfile.mkdtemp(prefix="xplay-home-"))
        width, height = display.size
        (self.home / "settings.json").write_text(json.dumps(
            {"window": [width, height], "tour": False, "antialiasing": False, "volume": 0}))
        self.status_path = self.home / "status.json"
        self.status_path.unlink(missing_ok=True)  # (a program run before in the same home wrote one)
        self.autosave = self.home / "saves" / "autosave.json"
        self.env = {**os.environ, "DISPLAY": display.name, "AQUARIUS3D_HOME": str(self.home),
                    "AQUARIUS3D_STATUS": str(self.status_path), "PYTHONPATH": str(ROOT)}
        self.log = (self.home / "program.log").open("w")
        self.program = subprocess.Popen([sys.executable, "-m", "aquarius3d", command, *args], cwd=ROOT, env=self.env,
                                        stdout=self.log, stderr=subprocess.STDOUT, start_new_session=True)
        self.window = ""
        self.origin = (0, 0)
        try:
            self.wait(lambda s: s.get("screen") == screen, f"the {screen} screen to show", START)
            self.window = self.xdotool("search", "--onlyvisible", "--name", "Aquarius 3D").split()[0]
            self.xdotool("windowfocus", "--sync", self.window)  # keys go to the window with the focus
            found = dict(line.strip().split(": ", 1) for line in
                         self.xdotool("getwindowgeometry", self.window).splitlines()[1:] if ": " in line)
            x, y = (int(v) for v in found["Position"].split()[0].split(","))
            self.origin = (x, y)
        except BaseException:
            self.close()
            raise

    def close(self) -> None:
        stop(self.program, group=True)
        self.log.close()
        if not self.keep_home:
            shutil.rmtree(self.home, ignore_errors=True)

    def gone(self, most: float = WAIT) -> None:
        """Wait until the X server no longer knows the program's window (killed: the server drops it once it sees
        the connection closed), at most `most` seconds: a window run again on the same display is then the only one
        of its name (`__init__` takes the first found)."""
        end = time.monotonic() + most
        while self.window and subprocess.run(["xdotool", "getwindowname", self.window], env=self.env,
                                              capture_output=True, timeout=WAIT).returncode == 0:
            if time.monotonic() > end:
                raise Failed(f"the killed window {self.window} still shows after {most:g} s")
            time.sleep(POLL)

    def xdotool(self, *args: str) -> str:
        try:
            done = subprocess.run(["xdotool", *args], env=self.env, capture_output=True, text=True, timeout=WAIT)
        except subprocess.TimeoutExpired:
            raise Failed(f"xdotool {' '.join(args)}: no answer in {WAIT:g} s") from None
        if done.returncode != 0:
            raise Failed(f"xdotool {' '.join(args)}: {done.stderr.strip()}")
        return done.stdout

    # -- what the window shows

    def status(self) -> Status:
        try:
            found = json.loads(self.status_path.read_text())
        except (OSError, ValueError):
            return {}
        return found if isinstance(found, dict) else {}

    def wait(self, test: Callable[[Status], bool], what: str, most: float = WAIT) -> Status:
        """The status once `test` holds, waiting at most `most` seconds."""
        end = time.monotonic() + most
        while True:
            status = self.status()
            if status and test(status):
                return status
            if self.program.poll() is not None:
                raise Failed(f"the program stopped ({self.program.returncode}) waiting for {what}:\n{self.tail()}")
            if time.monotonic() > end:
                picture = self.shot("timeout") if self.out is not None else None
                raise Failed(f"no {what} in {most:g} s; last status: {json.dumps(status)[:1500]}"
                             + (f"; screen: {picture}" if picture else ""))
            time.sleep(POLL)

    def tail(self) -> str:
        self.log.flush()
        return (self.home / "program.log").read_text(errors="replace")[-2000:]

    def picture(self) -> np.ndarray:
        """The window's pixels now (from the X server's framebuffer)."""
        width, height = self.display.size
        x, y = self.origin
        return self.display.screen()[y:y + height, x:x + width]

    def shot(self, what: str) -> Path | None:
        """A screenshot into the output folder, numbered in order."""
        if self.out is None:
            return None
        self.shots += 1
        path = self.out / f"{self.name}-{self.shots:03d}-{what}.png"
        write_png(self.picture(), path)
        return path

    def settled(self, what: str) -> Status:
        """Wait until nothing moves on the table (the camera eased, the last move slid in)."""
        return self.wait(lambda s: not s.get("busy"), f"the table at rest ({what})")

    def framed(self, status: Status) -> int:
        """How many blue pixels of the focus frame are drawn round what the status says is in focus."""
        rect = (status.get("focus") or {}).get("rect")
        if not rect:
            return 0
        left, top, right, bottom = rect
        pixels = self.picture().astype(int)
        band = 14  # the frame lies within a few pixels outside the rectangle
        area = pixels[max(0, top - band):bottom + band, max(0, left - band):right + band]
        red, green, blue = area[..., 0], area[..., 1], area[..., 2]
        return int(((red < 115) & (green > 180) & (blue > 215)).sum())

    def wait_framed(self, status: Status) -> Status:
        """Wait until the blue frame is drawn on screen round what is in focus."""
        end = time.monotonic() + WAIT
        while self.framed(status) < 40:
            if time.monotonic() > end:
                picture = self.shot("no-frame")
                raise Failed(f"no focus frame drawn round {status.get('focus')}; screen: {picture}")
            time.sleep(POLL)
            status = self.status() or status
        return status

    # -- input

    def key(self, name: str) -> None:
        self.xdotool("key", name)

    def click(self, at: list[int]) -> None:
        """Move the pointer there, wait until the window has seen it there, and click the left button."""
        self.xdotool("mousemove", "--window", self.window, str(at[0]), str(at[1]))
        self.wait(lambda s: s.get("pointer") is not None and abs(s["pointer"][0] - at[0]) <= 2
                  and abs(s["pointer"][1] - at[1]) <= 2, f"the pointer at {at}")
        self.xdotool("click", "1")


def scene(status: Status) -> tuple[Any, ...]:
    """What a key's effect changes: the stage, the choice, the moves made, the notice, the cover."""
    return (status.get("stage"), json.dumps(status.get("choice"), sort_keys=True), status.get("moves"),
            status.get("notice"), status.get("cover"), status.get("menu"))


def saved_moves(window: Window) -> int:
    try:
        return len(json.loads(window.autosave.read_text())["moves"])
    except (OSError, ValueError, KeyError):
        return 0


# -- playing by keyboard ---------------------------------------------------------------------------------------

def focus_on(window: Window, status: Status, index: int) -> Status:
    """Tab (or Shift+Tab, whichever is shorter) one key at a time until the ring's `index` is in focus, each key
    waiting for the focus to move."""
    count = len(status["targets"])
    for _ in range(count + 1):
        at = (status.get("focus") or {}).get("index")
        if at == index:
            return status
        forward = (index - (at if at is not None else -1)) % count
        key, step = ("Tab", 1) if at is None or forward <= count - forward else ("shift+Tab", -1)
        expected = (0 if step > 0 else count - 1) if at is None else (at + step) % count
        window.key(key)
        status = window.wait(lambda s, e=expected: (s.get("focus") or {}).get("index") == e,
                             f"{key} to bring target {expected} into focus")
    raise Failed(f"target {index} never came into focus")


def lift_cover(window: Window, key: str = "space") -> Status:
    """Wait until the hand-off cover shows (it waits a moment so the last move is seen), then lift it by key. A
    mover who rotated or traded goals first sees their new goal: Enter says Done, then the cover comes."""
    status = window.wait(lambda s: s.get("stage") != "cover" or s.get("cover") or s.get("goal_news"),
                         "the hand-off cover")
    if status.get("goal_news"):
        window.shot("goal-news")
        window.key("Return")
        window.wait(lambda s: s.get("stage") != "cover" or s.get("cover"), "the cover after the new goal's Done")
    status = window.status()
    if status.get("stage") == "cover":
        window.shot("cover")
        window.key(key)
        status = window.wait(lambda s: s.get("stage") != "cover", f"the cover lifted by {key}")
    return status


def keyboard_choice(window: Window, rng: random.Random, status: Status, autosave: bool = True) -> None:
    """One choice by keyboard: a random thing of the ring brought into focus and chosen with Enter, checked
    framed on screen; or P when nothing can be played; R or Esc now and then. `autosave`: a move made is waited
    for in the autosave (a player at another computer has none: its host saves)."""
    stage = status["stage"]
    if status.get("can_pass"):
        window.key("p")
        window.wait(lambda s: s.get("moves") != status["moves"], "the pass played")
        return
    before = scene(status)
    targets = [i for i, t in enumerate(status["targets"]) if t.get("role") not in ("take_back", "join")]
    chosen = (status.get("choice") or {}).get("selected")
    if stage == "place":  # a card that fits nowhere: the hand's cards lead the ring (by their places in the hand);
        targets = [i for i in targets if status["targets"][i]["kind"] != "card" or i != chosen]  # the chosen: none
    if stage in ("place", "target") and (rng.random() < 0.12 or not targets and rng.random() < 0.5):
        window.key("r")  # the chosen card turned round
        window.wait(lambda s: scene(s) != before, "R to turn the card")
        return
    if not targets or stage != "choose" and rng.random() < 0.05:
        window.key("Escape")  # a step back (a card that fits nowhere: back to the hand)
        window.wait(lambda s: scene(s) != before, "Esc to step back")
        return
    index = rng.choice(targets)
    status = focus_on(window, status, index)
    status = window.wait_framed(status)
    kind = status["focus"]["kind"]
    if kind == "spot":  # lit as the hover lights it
        window.wait(lambda s: s.get("hover") == s["focus"]["label"], "the spot in focus lit")
    window.shot(f"{stage}-{kind}-in-focus")
    window.key("Return")
    after = window.wait(lambda s: scene(s) != before, "Enter to choose")
    if after["moves"] != status["moves"] and autosave:
        window.wait(lambda s: saved_moves(window) == after["moves"], "the move in the autosave")


def wheel_the_log(window: Window) -> None:
    """The wheel over the unfolded log (X buttons 4 and 5, as a mouse's notches come): a notch back a move, another,
    a notch forth; the log folded again if it was. Over the panel the notches reach the panel alone (a playtest:
    they scrolled nothing, the panel's DirectGui region swallowing them), so the camera stays."""
    status = window.status()
    folded = not status["log"]["open"]
    if folded:
        window.key("j")
        status = window.wait(lambda s: s["log"]["open"], "J to unfold the log")
    status = window.settled("the log unfolded")
    left, top, right, bottom = status["log"]["rect"]
    at = [(left + right) // 2, (top + bottom) // 2]
    window.xdotool("mousemove", "--window", window.window, str(at[0]), str(at[1]))
    window.wait(lambda s: s.get("pointer") is not None and abs(s["pointer"][0] - at[0]) <= 2
                and abs(s["pointer"][1] - at[1]) <= 2, f"the pointer over the log at {at}")
    for button, back in (("4", 1), ("4", 2), ("5", 1)):
        window.xdotool("click", button)
        window.wait(lambda s, b=back: s["log"]["back"] == b and not s.get("busy"),
                    f"a notch of the wheel (button {button}) to scroll the log to {back} move(s) back")
    window.shot("log-wheeled")
    if folded:
        window.key("j")
        window.wait(lambda s: not s["log"]["open"], "J to fold the log again")


def keyboard_game(display: Display, out: Path | None, seed: int, most: float = 900.0) -> dict[str, Any]:
    """A whole hot-seat Aquarius game of two people, by keyboard alone."""
    name = f"keyboard-{display.size[0]}x{display.size[1]}"
    window = Window(display, ["aquarius", "--players", "Ann,Bo", "--seed", str(seed)], out, name)
    rng = random.Random(seed)
    started = time.monotonic()
    keys = 0
    wheeled = False
    try:
        status = lift_cover(window, "Return")  # Enter lifts the cover as Space does
        while status.get("stage") != "over":
            if not wheeled and status.get("moves", 0) >= 3 and status.get("stage") == "choose":
                wheel_the_log(window)  # (once, a few moves in: a log to scroll)
                wheeled = True
                status = window.status()
            if time.monotonic() - started > most:
                raise Failed(f"the game took over {most:g} s")
            if status.get("stage") == "cover":
                lift_cover(window)
            else:
                moves = status["moves"]
                keyboard_choice(window, rng, status)
                keys += 1
                status = window.status()
                if status["moves"] != moves:
                    window.settled("after a move")
                    window.shot(f"move-{status['moves']}")
            status = window.status()
        window.settled("the end")
        window.shot("over")
        window.key("Tab")
        end = window.wait(lambda s: s.get("focus") is not None, "Tab to an end button")
        window.wait_framed(end)
        window.shot("end-button-in-focus")
        return {"moves": status["moves"], "saved": saved_moves(window), "choices": keys, "log_wheeled": wheeled,
                "seconds": round(time.monotonic() - started, 1), "shots": window.shots}
    finally:
        window.close()


# -- a turn of Aquarius Rising by mouse --------------------------------------------------------------------

def click_target(window: Window, rng: random.Random, status: Status, kind: str, what: str) -> Status:
    """Click a random thing of that kind where the status says a click reaches it; wait until it took."""
    reachable = [t for t in status["targets"] if t["kind"] == kind and t.get("at")]
    if not reachable:
        window.shot(f"no-{kind}")
        raise Failed(f"no {kind} a click can reach ({what}): {status['targets']}")
    target = rng.choice(reachable)
    before = scene(status)
    window.click(target["at"])
    return window.wait(lambda s: scene(s) != before, f"a click on {target['label']} ({what})")


def rising_turn(display: Display, out: Path | None, seed: int) -> dict[str, Any]:
    """An Aquarius Rising turn by mouse alone: the cover clicked away, a hand card, a glowing spot, a pyramid of
    the tray, a glowing quarter."""
    name = f"rising-mouse-{display.size[0]}x{display.size[1]}"
    window = Window(display, ["aquarius-rising", "--players", "Ann,Bo", "--seed", str(seed)], out, name)
    rng = random.Random(seed)
    try:
        status = window.wait(lambda s: bool(s.get("cover")), "the hand-off cover")
        window.shot("cover")
        width, height = display.size
        window.click([width // 2, height // 3])
        status = window.wait(lambda s: s.get("stage") == "choose", "the cover lifted by a click")
        status = window.settled("the hand")
        window.shot("hand")
        hand = [t for t in status["targets"] if t["kind"] == "card"]
        rng.shuffle(hand)
        for card in hand:  # a card with a spot in view (an action card, or one that fits nowhere: another)
            before = scene(status)
            window.click(card["at"])
            status = window.wait(lambda s, b=before: scene(s) != b, f"a click on the hand's {card['label']}")
            if status["stage"] == "place" and any(t.get("at") for t in status["targets"] if t["kind"] == "spot"):
                break
        else:
            raise Failed("no card of the hand has a spot a click can reach")
        status = window.settled("the spots")
        window.shot("card-chosen")
        spots = [t for t in status["targets"] if t["kind"] == "spot" and t.get("at")]
        target = rng.choice(spots)
        window.xdotool("mousemove", "--window", window.window, *(str(v) for v in target["at"]))
        window.wait(lambda s: s.get("hover") == target["label"], "the spot under the pointer lit")
        window.shot("spot-hovered")
        moves = status["moves"]
        window.xdotool("click", "1")
        status = window.wait(lambda s: s.get("moves") == moves + 1, "the card placed by a click")
        window.wait(lambda s: saved_moves(window) == moves + 1, "the card in the autosave")
        status = window.settled("the pyramid step")
        window.shot("card-placed")
        if status["stage"] == "pyramid" and status["choice"].get("pyramid") is None:
            status = click_target(window, rng, status, "pyramid", "a pyramid of the tray")
            status = window.settled("the quarters")
        window.shot("pyramid-chosen")
        if status["stage"] == "pyramid":
            quarters = [t for t in status["targets"] if t["kind"] == "spot" and t.get("at")]
            if not quarters:
                raise Failed("no glowing quarter a click can reach")
            window.click(rng.choice(quarters)["at"])
            status = window.wait(lambda s: s.get("moves") == moves + 2, "the pyramid placed by a click")
            window.wait(lambda s: saved_moves(window) == moves + 2, "the pyramid in the autosave")
        status = window.wait(lambda s: bool(s.get("cover")), "the cover for the next player")
        window.shot("next-cover")
        return {"moves": status["moves"], "saved": saved_moves(window), "shots": window.shots}
    finally:
        window.close()


# -- the smoke test (.ci/run, tests/test_xplay.py) ----------------------------------------------------------

def smoke(out: Path | None = None, size: tuple[int, int] = (1024, 600), seed: int = 3) -> dict[str, Any]:
    """Start a hot-seat Aquarius game in a real window, lift the cover with Space, play a card by keyboard (Tab to
    a card, Enter, Tab to a spot, Enter), and find the move in the autosave."""
    started = time.monotonic()
    display = Display(size)
    try:
        window = Window(display, ["aquarius", "--players", "Ann,Bo", "--seed", str(seed)], out, "smoke")
        result: dict[str, Any] = {"server": display.server.pid, "program": window.program.pid}  # (stopped at the end)
        try:
            status = lift_cover(window, "space")
            if status.get("stage") != "choose":
                raise Failed(f"after the cover: stage {status.get('stage')}, not choose")
            cards = [i for i, t in enumerate(status["targets"]) if t["kind"] == "card"]
            for index in cards:
                status = focus_on(window, window.status(), index)
                window.wait_framed(status)
                window.shot(f"card-{index}-in-focus")
                window.key("Return")
                status = window.wait(lambda s: s.get("stage") != "choose", "Enter to choose the card")
                if status["stage"] == "place" and any(t["kind"] == "spot" for t in status["targets"]):
                    break
                window.key("Escape")  # an action card, or one that fits nowhere: back to the hand
                window.wait(lambda s: s.get("stage") == "choose", "Esc back to the hand")
            else:
                raise Failed("no card of the hand could be placed")
            spot = next(i for i, t in enumerate(status["targets"]) if t["kind"] == "spot")
            status = focus_on(window, status, spot)
            status = window.wait(lambda s: s.get("hover") == s["focus"]["label"], "the spot in focus lit")
            window.wait_framed(status)
            window.shot("spot-in-focus")
            window.key("Return")
            status = window.wait(lambda s: s.get("moves") == 1, "the card played")
            window.wait(lambda s: saved_moves(window) == 1, "the move in the autosave")
            window.settled("after the move")
            window.shot("played")
            return {**result, "moves": status["moves"], "saved": saved_moves(window),
                    "seconds": round(time.monotonic() - started, 1)}
        finally:
            window.close()
    finally:
        display.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=("smoke", "keyboard", "rising", "all", "net"))
    parser.add_argument("--only", help="net: one ruleset")
    parser.add_argument("--size", default=None, help="the window's size, WIDTHxHEIGHT")
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--out", type=Path, default=None, help="a folder for the screenshots")
    args = parser.parse_args()
    why = needed()
    if why:
        sys.exit(f"xplay: {why}")
    sizes = [tuple(int(v) for v in args.size.split("x"))] if args.size else None
    try:
        if args.what == "smoke":
            print(json.dumps(smoke(args.out, *(sizes or [(1024, 600)]), seed=args.seed)))
            return
        if args.what == "net":
            from xplay_net import GAMES, net_game

            size = (sizes or [(1024, 600)])[0]
            for ruleset, players in GAMES:
                if args.only in (None, ruleset):
                    print("net", json.dumps(net_game(ruleset, players, (size[0], size[1]), args.out, args.seed)),
                          flush=True)
            return
        runs: list[tuple[str, tuple[int, ...]]] = []
        if args.what in ("keyboard", "all"):
            runs += [("keyboard", size) for size in sizes or [(1024, 600), (1280, 720)]]
        if args.what in ("rising", "all"):
            runs += [("rising", size) for size in sizes or [(1280, 720)]]
        for kind, size in runs:
            display = Display((size[0], size[1]))
            try:
                result = (keyboard_game if kind == "keyboard" else rising_turn)(display, args.out, args.seed)
            finally:
                display.close()
            print(kind, f"{size[0]}x{size[1]}", json.dumps(result), flush=True)
    except Failed as exc:
        sys.exit(f"xplay: {exc}")


if __name__ == "__main__":
    main()
