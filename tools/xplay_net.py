"""Two real windows play across computers (issue 31's 'Done when'), each on its own private X server, with real
key presses: `python tools/xplay.py net [--size 1024x600] [--seed N] [--out DIR] [--only RULESET]`.

For each ruleset a host window (`aquarius3d host RULESET --players "Ann,remote,medium"`: Ann plays at it, a
computer beside her; Elemental Towers, a solitaire game, is hosted with `--window` to watch its one remote seat)
prints its join code, and a second window joins it as Bo (`aquarius3d join CODE --name Bo`, its home folder its
own). Both are played by keyboard alone (xplay.keyboard_choice: Tab to a card, a spot, a button, then Enter),
each when its status says it is that window's turn. Mid-game the joining window is killed (SIGKILL, its whole
process group) on its own turn, the host window is seen waiting for Bo, and the same command is run again: it
takes its seat back with the token it kept, the host window stops waiting, and the game goes on to its end. Pictures of both windows along the
way (with --out) show each player only their own hand. Every wait is on what a window shows (its status file),
bounded; every process and X server is gone at the end.
"""

from __future__ import annotations

import os
import random
import re
import shutil
import signal
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from xplay import WAIT, Display, Failed, Status, Window, keyboard_choice, stop

GAMES = [("aquarius", "Ann,remote,medium"), ("aquarius-rising", "Ann,remote,medium"),
         ("dominus", "Ann,remote,medium"), ("elemental-towers", "remote")]
WAITING = ("remote", "computer", "over", "round_over", "cover")  # stages in which a window has nothing to choose


def code_of(window: Window) -> str:
    """The join code the host printed as its first line."""
    end = time.monotonic() + WAIT
    while time.monotonic() < end:
        found = re.search(r"^join code: (\S+)$", window.tail(), re.M)
        if found:
            return found.group(1)
        time.sleep(0.05)
    raise Failed(f"the host printed no join code:\n{window.tail()}")


def steady_shot(window: Window, what: str) -> Path | None:
    """A screenshot once the window's picture has stopped changing (the frame that shows what the status said is
    drawn, the last card slid in): three looks in a row alike, at most WAIT seconds."""
    if window.out is None:
        return None
    end, alike, last = time.monotonic() + WAIT, 0, None
    while alike < 3 and time.monotonic() < end:
        picture = window.picture()
        alike = alike + 1 if last is not None and np.array_equal(picture, last) else 0
        last = picture
        time.sleep(0.1)
    return window.shot(what)


def kill(window: Window) -> None:
    """The program killed without a word (SIGKILL, its whole process group), as a crash or a pulled plug would; back
    once its window has left the X server."""
    try:
        os.killpg(window.program.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    window.program.wait(10)
    stop(window.program, group=True)
    window.log.close()
    window.gone()  # (its window off the X server before the same command runs again on it)


def play_turn(window: Window, rng: random.Random, status: Status) -> None:
    """One keyboard choice in a window whose turn it is (its move sent, for the window that joined)."""
    keyboard_choice(window, rng, status, autosave=False)


def net_game(ruleset: str, players: str, size: tuple[int, int], out: Path | None, seed: int,
             most: float = 1200.0, options: Sequence[str] = ()) -> dict[str, Any]:
    """A whole game between a host window and a window that joined it, the joining one killed and run again;
    `options`: the host's ruleset options (KEY=VALUE, e.g. target=4 for a shorter game of Aquarius)."""
    started = time.monotonic()
    rng = random.Random(seed)
    displays = [Display(size), Display(size)]
    home = Path(tempfile.mkdtemp(prefix="xplay-bo-"))  # Bo's: the same folder when the window runs again
    host: Window | None = None
    guest: Window | None = None
    processes = [display.server.pid for display in displays]  # (every one gone at the end: tests/test_xplay.py)
    try:
        watch = [] if "Ann" in players else ["--window"]
        host = Window(displays[0], [ruleset, "--players", players, "--bind", "127.0.0.1", "--port", "0", "--seed",
                                    str(seed), *watch, *(f"--option={o}" for o in options)], out, f"net-{ruleset}-host", command="host", screen="lobby")
        processes.append(host.program.pid)
        code = code_of(host)
        steady_shot(host, "waiting-room")
        join = ["join", code, "--name", "Bo"]
        guest = Window(displays[1], join[1:], out, f"net-{ruleset}-bo", command="join", home=home)
        processes.append(guest.program.pid)
        host.wait(lambda s: s.get("screen") == "game", "the table of the host")
        steady_shot(host, "dealt")
        steady_shot(guest, "dealt")
        killed = back = 0
        kill_at = rng.randrange(3, 7)  # Bo's turn after this many moves: the window is killed then
        choices = {"host": 0, "bo": 0}
        while True:
            if time.monotonic() - started > most:
                raise Failed(f"the game took over {most:g} s")
            mine, theirs = guest.status(), host.status()
            if mine.get("stage") == "over" and theirs.get("stage") == "over":
                break
            if not killed and mine.get("stage") not in WAITING and mine.get("moves", 0) >= kill_at:
                steady_shot(guest, "before-kill")
                kill(guest)  # on Bo's turn: the host's window waits for Bo in words
                killed = guest.program.pid
                host.wait(lambda s: s.get("hint", "").startswith("Waiting for Bo"), "the host waiting for Bo")
                steady_shot(host, "bo-away")
                guest = Window(displays[1], join[1:], out, f"net-{ruleset}-bo-again", command="join", home=home)
                processes.append(guest.program.pid)
                back = guest.wait(lambda s: s.get("screen") == "game", "Bo back at the table")["moves"]
                steady_shot(guest, "back")
                host.wait(lambda s: not s.get("hint", "").startswith("Waiting for Bo"), "the host seeing Bo back")
                steady_shot(host, "bo-back")
                continue
            for window, key in ((host, "host"), (guest, "bo")):
                status = window.status()
                if status.get("menu"):  # Esc with nothing to step back from opened the game menu: closed again
                    window.key("Escape")
                    window.wait(lambda s: not s.get("menu"), "Esc to close the game menu")
                elif status.get("screen") == "game" and status.get("stage") not in WAITING and status.get("targets") is not None:
                    moves = status.get("moves")
                    play_turn(window, rng, status)
                    choices[key] += 1
                    if window.status().get("moves") != moves and choices[key] % 6 == 1:
                        window.settled("after a move")
                        steady_shot(window, f"move-{window.status().get('moves')}")
            time.sleep(0.05)
        host.settled("the end")
        guest.settled("the end")
        steady_shot(host, "over")
        steady_shot(guest, "over")
        ends = (host.status().get("moves"), guest.status().get("moves"))
        if ends[0] != ends[1]:
            raise Failed(f"the windows end on different tables: {ends[0]} and {ends[1]} moves")
        return {"ruleset": ruleset, "moves": ends[0], "choices": choices, "killed": bool(killed),
                "back_at_move": back, "seconds": round(time.monotonic() - started, 1),
                "shots": host.shots + guest.shots, "processes": processes}
    finally:
        for window in (guest, host):
            if window is not None:
                window.close()
        for display in displays:
            display.close()
        shutil.rmtree(home, ignore_errors=True)


