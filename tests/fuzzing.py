"""Fuzzing the command line with broken copies of the project's own files.

    rng = random.Random(7)
    text = mutate(Path("tests/positions/aquarius/aces-first-edition.yaml").read_text(), rng)
    outcome = run_cli(["analyze", "pos.yaml", "--json"])   # in-process, output captured
    fault(outcome, "pos.yaml")                             # None, or what went wrong

A mutant is a position or ruleset file changed in one to three ways: a
character flipped, a byte made invalid UTF-8, a line deleted or repeated, two
values swapped, a value turned into another type (a list, a mapping, text,
null, a boolean), a value nested hundreds of brackets deep, a huge or odd
number, a long text, the text cut short. The command line must answer every
mutant with exit status 0, 1 or 2; with status 2 the first line on stderr names
the file and every line is ours (`aquarius3d: ...`); never a traceback, never
status 3, and quickly. `play_checked` plays a whole game with random legal
moves and checks the state after every move. tests/test_fuzz.py runs a bounded
number of mutants in the suite; tools/fuzz.py runs for as long as it is told.
"""

from __future__ import annotations

import contextlib
import io
import random
import re
import time
from dataclasses import dataclass
from pathlib import Path

_SCALAR = re.compile(r"(:\s+|-\s+|\[\s*|,\s*)([^\s\[\]{},:#][^\[\]{},#\n]*?)(\s*(?:[\]},]|#|$))", re.M)
ODD_VALUES = (
    "[x]", "{a: 1}", "null", "true", "false", "-1", "0", '""', "''", "~", "[]", "{}",
    "99999999999999999999999999", "1e308", "-1e308", ".nan", ".inf", "1_000_000_000", "0x7fffffff",
    "'\\u0000'", "\"\\x00\"", "é€🜁", "FWX", "Lz", "[0, 0, 0, 0]", "[-99999999, 99999999]", "1000000000",
    "!!python/object:os.system ls", "&a [1]", "*a", "<<: {a: 1}", "!!set {a}", "2026-11-23",
)


def mutate(text: str, rng: random.Random) -> str:
    """One to three random changes to a YAML text."""
    for _ in range(rng.randint(1, 3)):
        text = rng.choice(_MUTATIONS)(text, rng)
    return text


def mutant_bytes(text: str, rng: random.Random) -> bytes:
    """A mutant as the bytes of a file: mostly UTF-8 text, sometimes with a byte that is not."""
    data = mutate(text, rng).encode("utf-8", errors="surrogatepass")
    if data and rng.random() < 0.08:
        at = rng.randrange(len(data))
        data = data[:at] + bytes([rng.choice([0x80, 0xC3, 0xFF, 0x00, 0xFE])]) + data[at + 1:]
    return data


def _flip(text: str, rng: random.Random) -> str:
    if not text:
        return "\x7f"
    at = rng.randrange(len(text))
    new = rng.choice(["", chr(rng.randrange(32, 127)), chr(rng.randrange(0, 0x3000)), "\t", "\n", ":", "-", "[", "{",
                      "'", '"', "#", "&", "*", "!", "%", "@", "`", "|", ">"])
    return text[:at] + new + text[at + 1:]


def _lines(text: str) -> list[str]:
    return text.split("\n")


def _delete_line(text: str, rng: random.Random) -> str:
    lines = _lines(text)
    del lines[rng.randrange(len(lines))]
    return "\n".join(lines)


def _repeat_line(text: str, rng: random.Random) -> str:
    lines = _lines(text)
    at = rng.randrange(len(lines))
    lines.insert(at, lines[at])
    return "\n".join(lines)


def _values(text: str) -> list[re.Match]:
    return list(_SCALAR.finditer(text))


def _swap_values(text: str, rng: random.Random) -> str:
    found = _values(text)
    if len(found) < 2:
        return _flip(text, rng)
    a, b = sorted(rng.sample(found, 2), key=lambda m: m.start(2))
    return (text[:a.start(2)] + b[2] + text[a.end(2):b.start(2)] + a[2] + text[b.end(2):])


def _replace_value(text: str, rng: random.Random, new: str) -> str:
    found = _values(text)
    if not found:
        return text + "\nx: " + new
    m = rng.choice(found)
    return text[:m.start(2)] + new + text[m.end(2):]


def _swap_type(text: str, rng: random.Random) -> str:
    return _replace_value(text, rng, rng.choice(ODD_VALUES))


def _nest(text: str, rng: random.Random) -> str:
    depth = rng.choice([40, 60, 500, 20_000])
    opener = rng.choice(["[", "{a: "])
    closer = "]" if opener == "[" else "}"
    return _replace_value(text, rng, opener * depth + "1" + closer * depth)


def _huge(text: str, rng: random.Random) -> str:
    number = rng.choice(["10" + "0" * rng.randint(5, 400), "-" + "9" * rng.randint(5, 40), "1e400", "12345678901234567890"])
    return _replace_value(text, rng, number)


def _truncate(text: str, rng: random.Random) -> str:
    return text[:rng.randrange(len(text) + 1)]


def _long_text(text: str, rng: random.Random) -> str:
    return _replace_value(text, rng, "x" * rng.choice([200, 5000, 200_000]))


_MUTATIONS = (_flip, _flip, _delete_line, _repeat_line, _swap_values, _swap_type, _swap_type, _nest, _huge, _truncate,
              _long_text)


@dataclass
class Outcome:
    argv: list[str]
    code: int
    stdout: str
    stderr: str
    seconds: float


def run_cli(argv: list[str]) -> Outcome:
    """`aquarius3d ARGV` in this process, its output captured."""
    from aquarius3d import cli

    out, err = io.StringIO(), io.StringIO()
    start = time.perf_counter()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = cli.main(argv)
        except SystemExit as exit_:  # argparse
            code = exit_.code if isinstance(exit_.code, int) else 2
    return Outcome(argv, code, out.getvalue(), err.getvalue(), time.perf_counter() - start)


def fault(outcome: Outcome, name: str, seconds: float = 10.0) -> str | None:
    """What is wrong with how the command line answered a mutant named `name`, or None."""
    if "Traceback" in outcome.stderr or "Traceback" in outcome.stdout:
        return "a traceback: " + outcome.stderr.strip().splitlines()[-1][:200]
    if outcome.code not in (0, 1, 2):
        return f"exit status {outcome.code}: {outcome.stderr.strip()[:300]}"
    if outcome.code == 2:
        first = outcome.stderr.splitlines()[0] if outcome.stderr else ""
        if not first.startswith("aquarius3d: ") or name not in first:
            return f"exit status 2 without a first line naming {name}: {first[:200]!r}"
        if not all(line.startswith("aquarius3d: ") for line in outcome.stderr.splitlines()):
            return f"exit status 2 with a line that is not ours: {outcome.stderr[:300]!r}"
        if any(len(line) > 600 for line in outcome.stderr.splitlines()):
            return "a message line longer than 600 characters (values are cut short)"
    if outcome.seconds > seconds:
        return f"took {outcome.seconds:.1f} s"
    return None


def sources(root: Path) -> tuple[list[Path], list[Path]]:
    """The shipped position files and rulesets under a checkout's root."""
    return sorted((root / "tests" / "positions").rglob("*.yaml")), sorted((root / "rulesets").glob("*.yaml"))


def try_position(original: Path, folder: Path, rng: random.Random) -> tuple[bytes, str | None]:
    """Mutate a position file, run `analyze` and `check` on it; the mutant and any fault."""
    data = mutant_bytes(original.read_text(encoding="utf-8"), rng)
    path = folder / original.name
    path.write_bytes(data)
    for argv in (["analyze", str(path), "--json"], ["check", str(path)]):
        problem = fault(run_cli(argv), original.name)
        if problem:
            return data, f"{argv[0]}: {problem}"
    return data, None


def try_ruleset(original: Path, folder: Path, rng: random.Random) -> tuple[bytes, str | None, int]:
    """Mutate a ruleset; analyze an empty table with it and simulate one game.

    Returns the mutant, any fault, and the number of games played (1 when it loaded and played).
    """
    data = mutant_bytes(original.read_text(encoding="utf-8"), rng)
    path = folder / original.name
    path.write_bytes(data)
    position = folder / "on-mutant.yaml"
    position.write_text(f"ruleset: {path}\ncards: []\nprobe: [FWAE]\n", encoding="utf-8")
    outcome = run_cli(["analyze", str(position), "--json"])
    problem = fault(outcome, position.name)
    if problem:
        return data, f"analyze: {problem}", 0
    outcome = run_cli(["simulate", str(path), "--games", "1", "--seed", str(rng.randrange(1000)), "--json"])
    problem = fault(outcome, original.name)
    if problem:
        return data, f"simulate: {problem}", 0
    return data, None, int(outcome.code == 0)


def all_cards(state) -> list[int]:
    """Every card id a state holds, wherever it lies (a family's own piles too)."""
    found = [c for hand in state.hands for c in hand]
    found += [g for g in state.goals if g is not None]
    found += state.unused_goals + state.deck + state.discard + list(state.table.cards.values())
    return found + (state.data.cards() if state.data is not None else [])


def play_checked(game, players: int, seed: int, max_moves: int = 2000) -> int:
    """A whole game of random legal moves, checked after every move; the moves played.

    AssertionError when a check fails: every card in one place; each seat's
    observation the same in a state determinized from it (nothing hidden leaks,
    nothing seen is lost); the game replays from its record to the same state.
    """
    every = sorted(game.play_ids() + game.goal_ids() + game.dragon_ids())
    state = game.new_state([f"P{i}" for i in range(players)], seed=seed)
    chooser = random.Random(seed)
    played = 0
    while not state.over and played < max_moves:
        legal = game.legal_moves(state)
        assert legal, f"seed {seed}: no legal move in a game that is not over"
        game.apply(state, legal[chooser.randrange(len(legal))])
        played += 1
        assert sorted(all_cards(state)) == every, f"seed {seed}, move {played}: a card is lost or in two places"
        if played % 7 == 0 or state.over:
            for seat in range(len(state.players)):
                seen = game.observe(state, seat)
                guess = game.determinize(seen, random.Random(played))
                assert sorted(all_cards(guess)) == every, f"seed {seed}, move {played}: determinize lost a card"
                assert game.observe(guess, seat).view.to_dict() == seen.view.to_dict(), \
                    f"seed {seed}, move {played}: seat {seat} sees a determinized state differently"
    assert game.replay(game.record(state, seed)) == state, f"seed {seed}: the record does not replay to the state"
    return played
