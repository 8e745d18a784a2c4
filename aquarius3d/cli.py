"""The command line: `aquarius3d [COMMAND]`.

Exit status: 0 on success, 1 when checks fail, 2 for anything the user can
cause (a bad file, an unknown ruleset or option, an illegal move, no
display), with one clear line per problem on stderr and never a traceback;
3 for a crash that is our bug: one line saying where to report it, the
traceback only with `--debug`. Output cut short by a closed pipe
(`aquarius3d rulesets | head`) ends quietly.
"""

from __future__ import annotations

import json
import sys
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any, Callable, NoReturn, cast

from .core.errors import DataError, IllegalMove, MoveSyntaxError

if TYPE_CHECKING:
    import argparse
    from .session import Seat, Session
    NewGame = tuple[str, dict[str, Any], list[Seat], list[int | None] | None]  # ruleset, options, seats, targets

EXIT_CHECKS_FAILED = 1
EXIT_USER_ERROR = 2
EXIT_INTERNAL_ERROR = 3
USER_ERRORS = (DataError, IllegalMove, MoveSyntaxError)


def _options(pairs: list[str] | None) -> dict[str, Any]:
    from .rules.ruleset import parse_option_pairs  # (loaded when a command needs it: the window starts sooner)

    return parse_option_pairs(pairs)


def cmd_analyze(args: argparse.Namespace | SimpleNamespace) -> int:  # (SimpleNamespace: plain_analyze)
    from .positions.analyze import analyze, describe
    from .positions.file import PositionError, read_position

    try:
        result = analyze(read_position(args.file))
    except PositionError as exc:
        if args.every_problem:
            raise
        # POSITIONS.md: one line naming the file and the key; the others are a flag away.
        first, more = str(exc).splitlines()[0], len(exc.problems) - 1
        raise DataError(first + (f" (and {more} more problem{'s' * (more > 1)}: add --every-problem to list them "
                                 "with their lines)" if more else "")) from None
    print(json.dumps(result, indent=2) if args.json else describe(result))
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    from .positions.checks import run_checks
    from .positions.file import read_position

    failed = 0
    for path in args.files:
        position = read_position(path)
        problems = run_checks(position)
        for problem in problems:
            print(f"{position.where(getattr(problem, 'path', ()))}: {problem}")
        if problems:
            failed += 1
        elif not args.quiet:
            print(f"{path}: ok")
    print(f"{len(args.files) - failed} passed, {failed} failed")
    return EXIT_CHECKS_FAILED if failed else 0


def cmd_simulate(args: argparse.Namespace) -> int:
    from .rules.ruleset import load_ruleset
    from .commands.simulate import simulate

    if args.games < 1:
        raise DataError(f"--games: expected at least 1, got {args.games}")
    game = load_ruleset(args.ruleset, _options(args.option))
    players = args.players if args.players is not None else game.min_players
    if not game.min_players <= players <= game.max_players:
        raise DataError(f"--players: {game.id} is for {game.min_players} to {game.max_players} players, not {players}")
    try:
        result = simulate(game, players, args.games, args.seed)
    except DataError as exc:  # an endless game: the ruleset's doing
        from .rules.ruleset import ruleset_path

        raise DataError(f"{ruleset_path(args.ruleset).name}: {exc}") from None
    if args.json:
        print(json.dumps(result))
    else:
        wins = [0] * players
        draws = 0
        for winners in result["winners"]:
            if len(winners) == 1:
                wins[winners[0]] += 1
            else:
                draws += 1
        who = "a random player" if players == 1 else f"{players} random players"
        print(f"{result['games']} games of {game.ruleset.name}, {who}, seed {args.seed}")
        if players > 1:
            for seat, count in enumerate(wins):
                print(f"  seat {seat}: {count} wins")
            print(f"  shared wins: {draws}")
        print(f"  turns per game: {sum(result['turns']) / len(result['turns']):.1f} on average")
        if "scores" in result:
            print(f"  scores: best {max(result['scores'])}, {sum(result['scores']) / len(result['scores']):.1f} on average")
        print(f"  {result['games_per_second']} games per second")
    return 0


def cmd_arena(args: argparse.Namespace) -> int:
    from .commands.arena import command

    return command(args, _options(args.option))


def _size(text: str) -> tuple[int, int]:
    width, sep, height = text.lower().partition("x")
    if not sep or not width.isdigit() or not height.isdigit() or not (16 <= int(width) <= 8192 and 16 <= int(height) <= 8192):
        raise DataError(f"--size: expected WIDTHxHEIGHT such as 1280x720, got {text!r}")
    return int(width), int(height)


def cmd_render(args: argparse.Namespace) -> int:
    from pathlib import Path

    from .positions.analyze import load_game
    from .positions.file import read_position

    position = read_position(args.file)
    load_game(position)  # an unknown ruleset or option is the user's mistake, said before any window opens
    size = _size(args.size)
    out = Path(args.out) if args.out else Path(args.file).with_suffix(".png")
    from .view.render import render_position

    try:
        render_position(position, out, args.view, size, args.quality)
    except OSError as exc:
        raise DataError(f"--out: {exc}") from None
    print(out)
    return 0


def parse_players(text: str) -> list[Seat]:
    """'Ann,medium,easy' -> seats (session/seats.py: parse_seats says how)."""
    from .session.seats import parse_seats

    return parse_seats(text)


MAX_THINK = 30.0  # seconds: more would leave the window waiting too long on a computer's turn


def parse_think(text: str | None) -> float | None:
    """`play --think SECONDS`: a number above 0 and up to MAX_THINK, or None (the default, 1 s)."""
    if text is None:
        return None
    try:
        seconds = float(text)
    except ValueError:
        raise DataError(f"--think: expected a number of seconds, got {text!r}") from None
    if not 0 < seconds <= MAX_THINK:  # also refuses nan
        raise DataError(f"--think: expected a number of seconds above 0 and up to {MAX_THINK:g}, got {text}")
    return seconds


def cmd_play(args: argparse.Namespace) -> int:
    from .rules.ruleset import load_ruleset

    think = parse_think(args.think)
    if args.load:
        if args.ruleset or args.option or args.targets or args.players is not None or args.seed is not None:
            raise DataError("--load: the saved game says the ruleset, options and players; give only the file")
        from pathlib import Path

        from .files import saves
        from .session import Session

        saves.clean_temporary()
        session = Session.load(Path(args.load))  # a broken save is refused before any window opens
        _open_window(session=session, think=think, **_watching(args, session.seats))
        return 0
    if not args.ruleset:
        raise DataError("play: name a ruleset (see 'aquarius3d rulesets') or give --load FILE")
    game = load_ruleset(args.ruleset, _options(args.option))
    if args.players is None:  # Ann and Bo, or a solitaire game's one player
        from .session.seats import default_names

        args.players = ",".join(default_names(game.min_players, game.max_players))
    seats = parse_players(args.players)
    if not game.min_players <= len(seats) <= game.max_players:
        raise DataError(f"--players: {game.id} is for {game.min_players} to {game.max_players} players, not {len(seats)}")
    targets = None
    if args.targets:
        parts = [p.strip() for p in args.targets.split(",")]
        if len(parts) != len(seats) or not all(p == "" or (p.isdigit() and int(p) >= 1) for p in parts):
            raise DataError(f"--targets: one number (or nothing) per player, separated by commas, got {args.targets!r}")
        targets = [int(p) if p else None for p in parts]
    _open_window((args.ruleset, dict(game.options), seats, targets), seed=args.seed, think=think,
                 **_watching(args, seats))
    return 0


def _watching(args: argparse.Namespace, seats: list[Seat]) -> dict[str, Any]:
    """--record DIR, --exit-at-end and --offscreen, checked before any window opens (and before DIR is made)."""
    if args.offscreen and not args.exit_at_end:
        raise DataError("--offscreen: nobody sees an offscreen game: give --exit-at-end (and --record DIR)")
    humans = [seat.name for seat in seats if seat.kind == "human"]
    if args.offscreen and humans:
        raise DataError(f"--offscreen: nobody can play {humans[0]}'s turns in an offscreen window: "
                        "give every seat a computer level (random, easy, medium, hard)")
    record: Path | None = None
    if args.record:
        from pathlib import Path

        record = Path(args.record)
        try:
            record.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise DataError(f"--record: cannot write pictures in {record}: {exc.strerror or exc}") from None
    return {"record": record, "exit_at_end": args.exit_at_end, "offscreen": args.offscreen}


def cmd_window(args: argparse.Namespace) -> int:
    _open_window()
    return 0


NO_DISPLAY = ("no display: the window cannot open here ({reason}); "
              "'aquarius3d render POSITION.yaml' draws a position to a PNG picture without one")


def _online_window(online: dict[str, Any]) -> None:
    """The window on a game across computers (`host` with a person at this computer, `join` without --bot)."""
    _open_window(online=online)


def _open_window(play: NewGame | None = None, session: Session | None = None, offscreen: bool = False, **watching: Any) -> None:
    import os

    if not offscreen and sys.platform.startswith("linux") \
            and not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        raise DataError(NO_DISPLAY.format(reason="neither DISPLAY nor WAYLAND_DISPLAY is set"))
    from .app import main as open_window

    try:
        open_window(play, session, offscreen=offscreen, **watching)
    except Exception as exc:  # Panda3D says only this when no window can open
        if "Could not open window" not in str(exc):
            raise
        raise DataError(NO_DISPLAY.format(reason="Panda3D could not open a window")) from None


def cmd_saves(args: argparse.Namespace) -> int:
    from .files import saves
    from .session.saved import list_games

    saves.clean_temporary()
    entries = list_games()
    if not entries:
        print(f"no saved games in {saves.saves_dir()}")
    for entry in entries:
        print(entry.line())
    return 0


def cmd_rulesets(args: argparse.Namespace) -> int:
    from .rules.ruleset import available, load_ruleset

    for name in available():
        game = load_ruleset(name)
        spec = game.ruleset
        low, high = spec.players.min, spec.players.max
        seats = f"{low} player" if low == high == 1 else f"{low} players" if low == high else f"{low}-{high} players"
        print(f"{name}: {spec.name}, {seats}. {spec.description}")
        for key, option in spec.options.items():
            default = json.dumps(option.default)
            print(f"    --option {key}=...  (default {default}) {option.description}")
    return 0


DEBUG_HELP = "show the full traceback of an internal error"


class _NotBuilt:
    """Stands for a command's parser that was not asked for: whatever is added to it is dropped."""

    def __getattr__(self, name: str) -> Callable[..., None]:
        return lambda *args, **kwargs: None


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The command line's parser; with `only`, that command's parser alone is built under it (each
    takes a few milliseconds, argparse asking gettext for every word, and a command runs one)."""
    import argparse

    class _Parser(argparse.ArgumentParser):
        def error(self, message: str) -> NoReturn:  # one line, not a usage dump
            self.exit(EXIT_USER_ERROR, f"aquarius3d: {message} (see '{self.prog} --help')\n")

    parser = _Parser(prog="aquarius3d", description="A 3D table for Aquarius and the games built on its deck. "
                                                    "Without a command, the window opens on the menu. "
                                                    "Exit status: 0 done, 1 checks failed, 2 bad input, "
                                                    "3 internal error.")
    parser.add_argument("--debug", action="store_true", help=DEBUG_HELP)
    common = argparse.ArgumentParser(add_help=False)  # --debug after the command too, not overriding one before
    common.add_argument("--debug", action="store_true", default=argparse.SUPPRESS, help=DEBUG_HELP)
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)
    _add = sub.add_parser
    built = []

    def add(name: str, *args: Any, **kwargs: Any) -> argparse.ArgumentParser | _NotBuilt:
        if only is not None and name != only:
            return _NotBuilt()
        built.append(name)
        return _add(name, *args, parents=[common], **kwargs)  # type: ignore[list-item]  # (typeshed: parents of _Parser's class)

    sub.add_parser = add  # type: ignore[assignment,method-assign]  # the others' parsers are _NotBuilt: they take the same calls

    p = sub.add_parser("analyze", help="answer questions about a position file (POSITIONS.md)")
    p.add_argument("file")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--every-problem", action="store_true",
                   help="for a malformed file, list every problem with its line (one line per problem)")
    p.set_defaults(run=cmd_analyze)

    p = sub.add_parser("check", help="run check files: positions with expected answers and moves")
    p.add_argument("files", nargs="+")
    p.add_argument("--quiet", action="store_true", help="print only failures and the total")
    p.set_defaults(run=cmd_check)

    p = sub.add_parser("simulate", help="play complete games between random players")
    p.add_argument("ruleset")
    p.add_argument("--option", action="append", metavar="KEY=VALUE", help="a ruleset option (repeatable)")
    p.add_argument("--players", type=int)
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=cmd_simulate)

    p = sub.add_parser(
        "arena", help="play many games between computer levels and compare them",
        description="Play many games between computer levels, rotating the seats so that no level keeps the "
                    "first seat, and print per entrant (in the order given): wins with a 95% Wilson interval, "
                    "mean score and mean move time. A game won by several players together is a draw: it counts "
                    "in 'draws', for nobody. Scores: Aquarius and Aquarius Rising 1 for a win (1/k for a win "
                    "shared by k); Dominus the player's total points; Elemental Towers the final score, and "
                    "'wins' counts the games that reached Artisan (11+). Game i is seeded from (SEED, i) only: "
                    "the results do not depend on --workers or --ray.")
    p.add_argument("ruleset")
    p.add_argument("--players", required=True, metavar="LEVELS",
                   help="levels separated by commas, e.g. hard,medium,random,random (levels: random, easy, "
                        "medium, hard; 'bot' is the default level)")
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--option", action="append", metavar="KEY=VALUE", help="a ruleset option (repeatable)")
    p.add_argument("--think", type=float, metavar="SECONDS",
                   help="what the searching level (hard) may think per move, default 0.2: a number of "
                        "simulations calibrated to about that time here, so results do not depend on the machine")
    p.add_argument("--workers", type=int, default=1, help="processes playing games side by side")
    p.add_argument("--ray", metavar="ADDRESS", help="play the games as tasks on a Ray cluster instead (needs "
                   "pip install '.[cluster]'): HOST:PORT, ray://HOST:PORT, or auto / local for one on this machine")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--plot", metavar="FILE.png",
                   help="also draw the results (needs matplotlib: pip install '.[plot]'): win rates with their "
                        "95%% intervals and the fair share, or Elemental Towers' final scores")
    p.set_defaults(run=cmd_arena)

    p = sub.add_parser("play", help="open the window straight into a game, new or saved")
    p.add_argument("ruleset", nargs="?")
    p.add_argument("--load", metavar="FILE", help="a saved game to go on with (see 'aquarius3d saves')")
    p.add_argument("--option", action="append", metavar="KEY=VALUE", help="a ruleset option (repeatable)")
    p.add_argument("--players", help="names separated by commas (default Ann,Bo, or one player for a solitaire game); a computer player is its level "
                                      "(random, easy, medium, hard) or 'bot' (medium), optionally 'easy:Hal' to name it")
    p.add_argument("--targets", help="each player's own number of panels to connect, e.g. '4,,' (young players)")
    p.add_argument("--seed", type=int, help="deal the same game again (the same number, the same cards)")
    p.add_argument("--record", metavar="DIR", help="write a picture after every move: DIR/000.png, 001.png, ...")
    p.add_argument("--exit-at-end", action="store_true", help="close the window when the game ends")
    p.add_argument("--offscreen", action="store_true", help="play without a window (with --exit-at-end, "
                                                              "to --record a game of computers)")
    p.add_argument("--think", metavar="SECONDS",
                   help=f"what a hard computer player may think per move, above 0 and up to {MAX_THINK:g} "
                        "(default 1): its move ends by then")
    p.set_defaults(run=cmd_play)

    p = sub.add_parser("render", help="draw a position file to a PNG picture, offscreen")
    p.add_argument("file")
    p.add_argument("--view", choices=("top", "side", "orbit"), default="orbit")
    p.add_argument("--out", help="the PNG to write (default: the position's name with .png)")
    p.add_argument("--size", default="1280x720", help="WIDTHxHEIGHT in pixels (default 1280x720)")
    p.add_argument("--quality", choices=("low", "medium", "high"),
                   help="light, shadows and smooth edges (default: the window's, as in Settings)")
    p.set_defaults(run=cmd_render)

    p = sub.add_parser("saves", help="list the saved games: game, players, turn and date, or why one is unreadable")
    p.set_defaults(run=cmd_saves)

    p = sub.add_parser("rulesets", help="list the rulesets and their options")
    p.set_defaults(run=cmd_rulesets)
    if only in (None, "host", "join"):  # across computers (net/commands.py)
        from .net.commands import add_parsers

        add_parsers(sub, _online_window)
    if only is not None and not built:  # not a command: the whole parser, to say which there are
        return build_parser()
    return parser


def plain_analyze(argv: list[str]) -> SimpleNamespace | None:
    """`analyze FILE` or `analyze FILE --json`, the form tools run over and over, read without
    argparse (importing it and building even one command's parser is about a tenth of analyze's
    start); None for anything else, which the parser reads."""
    if argv[:1] != ["analyze"] or len(argv) not in (2, 3) or argv[2:] not in ([], ["--json"]):
        return None
    if argv[1].startswith("-"):
        return None
    return SimpleNamespace(command="analyze", file=argv[1], json=len(argv) == 3, every_problem=False, debug=False,
                           run=cmd_analyze)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    args: argparse.Namespace | SimpleNamespace | None = plain_analyze(argv)
    if args is None:
        # The command, when it comes first (after --debug, perhaps): only its parser is built. Anything
        # else (no command, --help, a mistyped one) gets the whole parser, which lists them all.
        first = argv[1:2] if argv[:1] == ["--debug"] else argv[:1]
        parser = build_parser(first[0] if first and not first[0].startswith("-") else None)
        args = parser.parse_args(argv)
    if not getattr(args, "run", None):
        args.run = cmd_window
    try:
        return cast(int, args.run(args))
    except USER_ERRORS as exc:
        for line in str(exc).splitlines():
            print(f"aquarius3d: {line}", file=sys.stderr)
        return EXIT_USER_ERROR
    except BrokenPipeError:
        _quiet_pipe()
        return 0
    except KeyboardInterrupt:
        return 130
    except Exception as exc:
        if args.debug:
            import traceback

            traceback.print_exc()
        print(internal_error(exc, argv, args.debug), file=sys.stderr)
        return EXIT_INTERNAL_ERROR


def internal_error(exc: BaseException, argv: list[str], debug: bool = False) -> str:
    """One line for a crash that is our bug: what and where, whom to tell, how to see more."""
    import shlex
    import traceback
    from pathlib import Path

    package = Path(__file__).resolve().parent
    where = ""
    for frame in reversed(traceback.extract_tb(exc.__traceback__)):
        path = Path(frame.filename).resolve()
        if package in path.parents:
            where = f" at {path.relative_to(package).as_posix()}:{frame.lineno}"
            break
    command = shlex.join(["aquarius3d", *argv])
    return (f"aquarius3d: internal error ({exc.__class__.__name__}{where}). Please report it to the project's "
            f"issue tracker with the command '{command}'" + (" and the traceback above." if debug else
                                                              "; run again with --debug for the details."))


def _quiet_pipe() -> None:
    """The reader went away (`| head`): no more output, and no complaint when Python flushes at exit."""
    import os

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


if __name__ == "__main__":
    sys.exit(main())
