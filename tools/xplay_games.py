"""Whole games in the real window by real input (issue 27's 'Done when'): mouse clicks where the window shows
what may be chosen, and keys where keys are the way (R, P, U, T, E, Space, Tab and Enter).

    python tools/xplay_games.py towers|dominus|rising|all [--size WxH] [--seed N] [--draft] [--out DIR]

    towers    a whole game of Elemental Towers (solitaire): the drawn card clicked onto a glowing spot, each earned
              build or move clicked on the table (a piece picked by a click on its space, then where it goes), the
              action cards' choices clicked; R turns the card now and then, U takes a turn back once, T glances at
              the whole table; with --draft (and in `all` at 1024x600) the draft variant first, its cards clicked
    dominus   a whole hot-seat game of Dominus of two rounds (`rounds=2`): Ann by mouse (the cover clicked away, a
              card, a spot), Bo by keyboard alone (Space, Tab, Enter, R, P, Esc: xplay.keyboard_choice)
    rising    a whole game of Aquarius Rising, Ann by mouse against a computer (medium): a card, a glowing spot, a
              pyramid of the tray, a glowing quarter, the action cards' players and table cards clicked; E shows the
              elevation once, K the heights
    all       the three at 1280x720, then the three at 1024x600 (with --size: the three at that size)

Built on tools/xplay.py (its private Xvfb, its window, its waits on the status file the program writes): each
click is on the point the status gives for a thing (`at`, where a click picks it, never under the hand), after
the table came to rest; nothing sleeps to synchronise. A thing that can be chosen but that no click reaches (no
`at`) is played by Tab and Enter instead, and said in the result (`unclickable`): a player with a mouse alone
could not have made that move. A choice that changes nothing for many tries in a row stops the run as stuck.
Every loop is bounded in count and in time; the program and the X server are stopped at the end.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from xplay import (WAIT, Display, Failed, Status, Window, focus_on, keyboard_choice, needed, saved_moves,  # noqa: E402
                   scene)

IDLE = ("computer", "remote")  # stages where the window waits for someone else
PICKS = ("card", "spot", "pyramid", "space", "table")  # kinds of the table's things (the rest are buttons)
STEADY = 10.0  # seconds a picture waits at most for the pixels to stop changing (a glow may pulse on)
COVERS = 4  # pictures of the hand-off cover in a game
TRIES = 40  # choices in a row that may make no move before the run is called stuck


class Game:
    """One game in a window, its choices counted, its pictures taken at the moments that matter."""

    def __init__(self, window: Window, rng: random.Random, most: float, every: int) -> None:
        self.window = window
        self.rng = rng
        self.started = time.monotonic()
        self.most = most
        self.every = every  # a picture of the table every this many moves
        self.choices = {"click": 0, "key": 0}
        self.unclickable: list[str] = []  # things a click could not reach, chosen by keyboard instead
        self.notices: list[str] = []  # every notice (a refusal, a message) the window showed, once each
        self.seen: dict[str, int] = {}  # pictures taken of each stage
        self.last_shot_move = -1
        self.hand: list[dict[str, Any]] = []  # the hand's cards as last seen, each labelled by its index

    def check_time(self) -> None:
        if time.monotonic() - self.started > self.most:
            self.window.shot("too-long")
            raise Failed(f"the game took over {self.most:g} s")

    def steady(self, what: str) -> Path | None:
        """A picture once the table is at rest and the window's pixels stopped changing (three looks alike)."""
        window = self.window
        if window.out is None:
            return None
        window.settled(what)
        end, alike, last = time.monotonic() + STEADY, 0, None
        while alike < 2 and time.monotonic() < end:
            picture = window.picture()
            alike = alike + 1 if last is not None and np.array_equal(picture, last) else 0
            last = picture
            time.sleep(0.08)
        return window.shot(what)

    def note(self, status: Status) -> None:
        """A notice shown for the first time: kept, and its picture taken."""
        notice = status.get("notice")
        if notice and notice not in self.notices:
            self.notices.append(notice)
            self.steady(f"notice-{len(self.notices)}")

    def stage_shot(self, status: Status) -> None:
        """The first two times a stage shows in a game, its picture (the prompt, the dialog, what glows)."""
        stage = str(status.get("stage"))
        if self.seen.get(stage, 0) < 2 and stage not in ("cover", "over", *IDLE):
            self.seen[stage] = self.seen.get(stage, 0) + 1
            self.steady(f"{stage}")

    def cover_shot(self) -> None:
        """The hand-off cover's picture, its first COVERS times in a game."""
        if self.seen.get("cover", 0) < COVERS:
            self.seen["cover"] = self.seen.get("cover", 0) + 1
            self.steady("cover")

    def moved(self, status: Status) -> None:
        """After a move: its picture now and then, the autosave checked."""
        moves = status.get("moves", 0)
        self.window.wait(lambda s: saved_moves(self.window) >= moves or s.get("stage") == "over",
                         "the move in the autosave")
        if moves - self.last_shot_move >= self.every:
            self.last_shot_move = moves
            self.steady(f"move-{moves}")

    # -- input ------------------------------------------------------------------------------------------

    def key(self, name: str, changed: Callable[[Status], bool], what: str) -> Status:
        self.choices["key"] += 1
        self.window.key(name)
        return self.window.wait(changed, what)

    def click(self, target: dict[str, Any], status: Status) -> Status:
        """A click on a thing where the status says a click reaches it; the status once it took."""
        before = scene(status)
        self.choices["click"] += 1
        self.window.click(target["at"])
        return self.window.wait(lambda s: scene(s) != before, f"a click on {target['kind']} {target['label']}")

    def by_keyboard(self, status: Status, index: int) -> Status:
        """Tab to the ring's thing `index` and Enter (what no click could reach)."""
        target = status["targets"][index]
        self.unclickable.append(f"{status['stage']}: {target['kind']} {target['label']} (move {status['moves']})")
        before = scene(status)
        status = focus_on(self.window, status, index)
        self.steady(f"unclickable-{len(self.unclickable)}")
        self.choices["key"] += 1
        self.window.key("Return")
        return self.window.wait(lambda s: scene(s) != before, "Enter on what no click reached")

    def choose(self, status: Status, index: int) -> Status:
        """The ring's thing `index` chosen by a click where one reaches it, else by keyboard."""
        target = status["targets"][index]
        return self.click(target, status) if target.get("at") else self.by_keyboard(status, index)

    def glance(self, name: str, what: str) -> None:
        """A key whose effect is only seen (a view, a panel): pressed, its picture taken once the window shows
        something else and came to rest, pressed again to put it away."""
        for step in ("on", "off"):
            before = self.window.picture()
            self.choices["key"] += 1
            self.window.key(name)
            end = time.monotonic() + WAIT
            while np.array_equal(self.window.picture(), before):
                if time.monotonic() > end:
                    raise Failed(f"{name} changed nothing on the screen in {WAIT:g} s ({what})")
                time.sleep(0.05)
            if step == "on":
                self.steady(what)
            else:
                self.window.settled(f"{what} put away")

    # -- one choice by mouse ----------------------------------------------------------------------------

    def mouse_choice(self, status: Status, skip: float = 0.15) -> Status:
        """One choice as a player with a mouse makes it: a thing of the table or a button, chosen at random among
        those that move the game on; P when nothing can be played; R now and then while placing."""
        stage = status["stage"]
        if status.get("can_pass"):
            self.steady("nothing-to-play")
            return self.key("p", lambda s: s.get("moves") != status["moves"], "P to pass")
        targets = status["targets"]
        if stage == "choose":  # where the hand's cards are, to click another while one is chosen
            self.hand = [{**t, "label": str(i)} for i, t in enumerate(targets) if t["kind"] == "card"]
        picks = [i for i, t in enumerate(targets) if t["kind"] in PICKS]
        buttons = [i for i, t in enumerate(targets) if t["kind"] == "button" and t.get("role") == "button"]
        if stage in ("place", "target") and self.rng.random() < 0.1:
            before = scene(status)
            return self.key("r", lambda s: scene(s) != before, "R to turn the card")
        if stage == "place" and not picks and self.hand:  # the card fits nowhere: another card of the hand
            others = [card for card in self.hand if card["label"] != str(status["choice"]["selected"])]
            return self.click(self.rng.choice(others or self.hand), status)
        if stage in ("place", "target") and not picks:  # (a card to move that fits nowhere): a step back
            before = scene(status)
            return self.key("Escape", lambda s: scene(s) != before, "Esc to step back")
        if not picks and not buttons:
            raise Failed(f"nothing to choose at stage {stage}: {json.dumps(status)[:1500]}")
        if buttons and (not picks or self.rng.random() < skip):
            return self.choose(status, self.rng.choice(buttons))
        return self.choose(status, self.rng.choice(picks))


def done_with_goal(window: Window, click: bool) -> Status:
    """Wait until the hand-off cover shows; a mover who rotated or traded goals first sees their new goal, and says
    Done by its button (`click`) or Enter. The status then."""
    status = window.wait(lambda s: s.get("stage") != "cover" or bool(s.get("cover")) or bool(s.get("goal_news")),
                         "the hand-off cover")
    if status.get("goal_news"):
        done = [t for t in status.get("targets", []) if t["kind"] == "button" and t.get("at") and t["role"] != "join"]
        if click and done:
            window.click(done[0]["at"])
        else:
            window.key("Return")
        status = window.wait(lambda s: s.get("stage") != "cover" or bool(s.get("cover")), "the cover after Done")
    return status


def lift_by_click(game: Game, status: Status) -> Status:
    """The hand-off cover clicked away (it waits a moment so the last move is seen)."""
    window = game.window
    status = done_with_goal(window, True)
    if status.get("stage") != "cover":
        return status
    game.cover_shot()
    width, height = window.display.size
    game.choices["click"] += 1
    window.click([width // 2, height // 3])
    return window.wait(lambda s: s.get("stage") != "cover", "the cover lifted by a click")


def moved_on(moves: int | None, status: Status) -> bool:
    """Has someone else (a computer) moved since, or is it no longer their turn?"""
    return status.get("moves") != moves or status.get("stage") not in IDLE


def lift_by_key(game: Game, status: Status) -> Status:
    """The hand-off cover lifted with Space."""
    window = game.window
    done_with_goal(window, False)
    if window.status().get("stage") != "cover":
        return window.status()
    game.cover_shot()
    return game.key("space", lambda s: s.get("stage") != "cover", "the cover lifted by Space")


def play(game: Game, turn: Callable[[Status], Status], cap: int) -> Status:
    """Choices until the game is over: `turn` makes one (by mouse or keys) from the status it is given. At most
    `cap` choices; TRIES in a row without a move stop it as stuck."""
    window = game.window
    idle = 0
    last_moves = -1
    for _ in range(cap):
        game.check_time()
        status = window.status()
        stage = status.get("stage")
        if stage == "over":
            return status
        if status.get("menu"):  # Esc with nothing to step back from opened the game menu
            game.steady("menu")
            game.key("Escape", lambda s: not s.get("menu"), "Esc to close the game menu")
            continue
        if stage in IDLE:
            window.wait(partial(moved_on, status.get("moves")), "the computer's move", WAIT * 3)
            continue
        game.note(status)
        if stage != "cover":
            window.settled("before a choice")
            status = window.status()
            game.stage_shot(status)
        moves = status.get("moves", 0)
        status = turn(status)
        status = window.status()
        game.note(status)
        if status.get("moves", 0) != moves:
            idle = 0
            if status.get("stage") != "over":
                window.settled("after a move")
                game.moved(window.status())
        else:
            idle += 1
            if idle >= TRIES:
                game.steady("stuck")
                raise Failed(f"stuck: {TRIES} choices without a move at stage {status.get('stage')}: "
                             f"{json.dumps(status)[:1500]}")
        last_moves = moves
    raise Failed(f"the game did not end in {cap} choices (at move {last_moves})")


def finish(game: Game, name: str) -> dict[str, Any]:
    """The end: the moment at the end, the result, its buttons."""
    window = game.window
    window.settled("the end")
    game.steady("over")
    status = window.status()
    buttons = [t for t in status.get("targets", []) if t["kind"] == "button"]
    return {"game": name, "moves": status.get("moves"), "saved": saved_moves(window), **game.choices,
            "unclickable": game.unclickable, "notices": game.notices, "end_buttons": [b["label"] for b in buttons],
            "seconds": round(time.monotonic() - game.started, 1), "shots": window.shots,
            "program": [window.program.pid]}


# -- the games --------------------------------------------------------------------------------------------

def towers_game(display: Display, out: Path | None, seed: int, most: float = 900.0, every: int = 6,
                draft: bool = False) -> dict[str, Any]:
    """A whole game of Elemental Towers by mouse, with R, U (once) and T (once); `draft`: the draft variant first
    (three cards offered, the one clicked goes back to the box)."""
    name = f"towers{'-draft' if draft else ''}-{display.size[0]}x{display.size[1]}"
    window = Window(display, ["elemental-towers", "--seed", str(seed), *(["--option", "draft=true"] if draft else [])],
                    out, name)
    game = Game(window, random.Random(seed), most, every)
    undone = glanced = False
    try:
        window.settled("the deal")
        game.steady("start")

        def turn(status: Status) -> Status:
            nonlocal undone, glanced
            if not glanced and status["moves"] >= 8 and status["stage"] == "place":
                glanced = True  # T: the whole table (the deck, the supply, the scoring row) and back
                game.glance("t", "whole-table")
                return window.status()
            if not undone and status["moves"] >= 12 and status["stage"] == "earned":
                undone = True  # U: back to the start of the turn
                moves, notice = status["moves"], status.get("notice")
                status = game.key("u", lambda s: s.get("moves") != moves or s.get("notice") != notice,
                                  "U to take the turn back")
                game.steady("undone")
                return status
            return game.mouse_choice(status)

        play(game, turn, cap=1500)
        return finish(game, name)
    finally:
        window.close()


def dominus_game(display: Display, out: Path | None, seed: int, most: float = 1200.0,
                 every: int = 6) -> dict[str, Any]:
    """A whole hot-seat game of Dominus of two rounds: Ann by mouse, Bo by keyboard."""
    name = f"dominus-{display.size[0]}x{display.size[1]}"
    window = Window(display, ["dominus", "--players", "Ann,Bo", "--option", "rounds=2", "--seed", str(seed)], out,
                    name)
    game = Game(window, random.Random(seed), most, every)
    rounds = 0
    try:
        def turn(status: Status) -> Status:
            nonlocal rounds
            stage = status["stage"]
            if stage == "round_over":
                rounds += 1
                game.steady("round-over")
                return game.mouse_choice(status, skip=1.0)  # its button: the next round
            if status.get("player") == "Ann":
                if stage == "cover":
                    return lift_by_click(game, status)
                return game.mouse_choice(status)
            if stage == "cover":
                return lift_by_key(game, status)
            game.choices["key"] += 1
            out, window.out = window.out, None  # (no picture at each key: the loop takes them)
            try:
                keyboard_choice(window, game.rng, status)
            finally:
                window.out = out
            return window.status()

        play(game, turn, cap=2000)
        result = finish(game, name)
        return {**result, "rounds_over_seen": rounds}
    finally:
        window.close()


def rising_game(display: Display, out: Path | None, seed: int, most: float = 1500.0,
                every: int = 8) -> dict[str, Any]:
    """A whole game of Aquarius Rising, Ann by mouse against a computer; E and K once each."""
    name = f"rising-{display.size[0]}x{display.size[1]}"
    window = Window(display, ["aquarius-rising", "--players", "Ann,medium", "--seed", str(seed)], out, name)
    game = Game(window, random.Random(seed), most, every)
    looked = False
    try:
        def turn(status: Status) -> Status:
            nonlocal looked
            if status["stage"] == "cover":
                return lift_by_click(game, status)
            if not looked and status["moves"] >= 10 and status["stage"] == "choose":
                looked = True  # the side elevation, then the heights' panel, each put away again
                game.glance("e", "elevation")
                game.glance("k", "heights")
                return window.settled("after E and K")
            return game.mouse_choice(status)

        play(game, turn, cap=2000)
        return finish(game, name)
    finally:
        window.close()


GAMES: dict[str, Callable[..., dict[str, Any]]] = {"towers": towers_game, "dominus": dominus_game,
                                                   "rising": rising_game}


def run(name: str, size: tuple[int, int], out: Path | None, seed: int, **options: Any) -> dict[str, Any]:
    """A whole game on its own X server, stopped at the end; the result says which processes ran (all gone)."""
    display = Display(size)
    started: list[int] = [display.server.pid]
    try:
        result = GAMES[name](display, out, seed, **options)
        started += result.pop("program", [])
        return {**result, "processes": started}
    finally:
        display.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=(*GAMES, "all"))
    parser.add_argument("--size", default=None, help="the window's size, WIDTHxHEIGHT")
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--draft", action="store_true", help="towers: the draft variant (all: at 1024x600)")
    parser.add_argument("--out", type=Path, default=None, help="a folder for the screenshots")
    args = parser.parse_args()
    why = needed()
    if why:
        sys.exit(f"xplay_games: {why}")
    sizes = [tuple(int(v) for v in args.size.split("x"))] if args.size else [(1280, 720), (1024, 600)]
    names = list(GAMES) if args.what == "all" else [args.what]
    failed = False
    for size in sizes:
        for name in names:
            options = {"draft": args.draft or (args.what == "all" and size == (1024, 600))} if name == "towers" else {}
            try:
                print(json.dumps(run(name, (size[0], size[1]), args.out, args.seed, **options)), flush=True)
            except Failed as exc:
                failed = True
                print(f"xplay_games: {name} {size[0]}x{size[1]}: {exc}", file=sys.stderr, flush=True)
    if failed:
        sys.exit(1)


if __name__ == "__main__":
    main()
