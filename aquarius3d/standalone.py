"""The standalone app's main script: tools/build_app.py freezes this file and the package into the
executable `aquarius3d` with Panda3D's build_apps (docs/standalone.md).

It runs the command line of the installed `aquarius3d` (aquarius3d.cli: no command opens the menu), and adds
what a program with no Python around it needs:

- A log a player can find. Every start appends to aquarius3d.log in the user's log folder (platformdirs:
  ~/.local/state/aquarius3d/log on Linux, ~/Library/Logs/aquarius3d on macOS,
  %LOCALAPPDATA%\\aquarius3d\\Logs on Windows; AQUARIUS3D_LOG names another file, and set empty none is
  written): a line with the version and the command, what the program says on stderr (which a window
  started from a file browser shows nobody), Panda3D's own messages for the commands that open a window or
  a picture, the traceback of an internal error (the terminal gets cli's one line, as installed), and the
  exit status. A log over LOG_LIMIT is moved to aquarius3d.log.1 at the next start.
- multiprocessing's children. A frozen program is its own Python: "spawn" (the hard player's worker,
  arena --workers) starts this executable again with --multiprocessing-fork, and on Linux and macOS its
  resource tracker with `-c "from multiprocessing.resource_tracker import main;main(FD)"`; each is run
  here, before anything else (that one line of Python is recognised, never run as given).
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path
from typing import Any, TextIO

LOG_VARIABLE = "AQUARIUS3D_LOG"
LOG_NAME = "aquarius3d.log"
LOG_LIMIT = 1_000_000  # bytes
PANDA_COMMANDS = (None, "play", "render")  # the commands that start Panda3D (None: the menu)
_TRACKER = re.compile(r"from multiprocessing\.resource_tracker import main;\s*main\((\d+)\)")


def child_process(argv: list[str]) -> bool:
    """Run the process multiprocessing started from this executable, if `argv` (sys.argv) is one; whether it was."""
    if len(argv) >= 2 and argv[1] == "--multiprocessing-fork":
        from multiprocessing import spawn

        spawn.freeze_support()  # runs the child's target, then exits
        return True
    if len(argv) >= 3 and argv[-2] == "-c" and all(flag.startswith("-") for flag in argv[1:-2]):
        found = _TRACKER.fullmatch(argv[-1].strip())
        if found:
            from multiprocessing import resource_tracker

            resource_tracker.main(int(found.group(1)))
            return True
    return False


def log_path() -> Path | None:
    """The log file: AQUARIUS3D_LOG (None when set empty), else aquarius3d.log in the user's log folder."""
    override = os.environ.get(LOG_VARIABLE)
    if override is not None:
        return Path(override) if override else None
    import platformdirs

    return platformdirs.user_log_path("aquarius3d", appauthor=False) / LOG_NAME


class Tee:
    """A text stream that writes to the console's stream (if there is one) and to the log."""

    def __init__(self, console: TextIO | None, log: TextIO) -> None:
        self.console, self.log = console, log

    def write(self, text: str) -> int:
        if self.console is not None:
            try:
                self.console.write(text)
            except (OSError, ValueError):  # a closed console must not stop the program
                pass
        self.log.write(text)
        return len(text)

    def flush(self) -> None:
        for stream in (self.console, self.log):
            try:
                if stream is not None:
                    stream.flush()
            except (OSError, ValueError):
                pass

    def isatty(self) -> bool:
        return self.console is not None and self.console.isatty()

    def fileno(self) -> int:
        if self.console is None:
            raise OSError("no console")
        return self.console.fileno()

    def __getattr__(self, name: str) -> Any:  # encoding, errors, ...: the console's, else the log's
        return getattr(self.console if self.console is not None else self.log, name)


def open_log(path: Path | None) -> TextIO | None:
    """The log file opened for appending (one line at a time), the last one moved aside when it grew over
    LOG_LIMIT; None when there is no log or it cannot be written (the program runs without one)."""
    if path is None:
        return None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.is_file() and path.stat().st_size > LOG_LIMIT:
            path.replace(path.with_name(path.name + ".1"))
    except OSError:  # (on Windows, another window may hold it open: it is moved aside another time)
        pass
    try:
        return open(path, "a", encoding="utf-8", errors="replace", buffering=1)
    except OSError:
        return None


def _command(argv: list[str]) -> str | None:
    """The command of a command line (cli's order: --debug may come first), None for none."""
    rest = argv[1:] if argv[:1] == ["--debug"] else argv
    return rest[0] if rest and not rest[0].startswith("-") else None


class _PandaLog:
    """Panda3D's messages (its notify stream) to the console as before and to the log as well, until `stop`."""

    def __init__(self, path: Path) -> None:
        from panda3d.core import Filename, MultiplexStream, Notify, OFileStream

        self.notify = Notify.ptr()
        self.console = Notify.out()
        target = Filename.from_os_specific(str(path))
        target.set_text()
        self.file = OFileStream()
        if not target.open_append(self.file):
            raise OSError(f"cannot append to {path}")
        self.both = MultiplexStream()
        if sys.__stderr__ is not None:
            self.both.add_ostream(self.console, False)
        self.both.add_ostream(self.file, False)
        self.notify.set_ostream_ptr(self.both, False)

    def stop(self) -> None:
        self.both.flush()
        self.notify.set_ostream_ptr(self.console, False)  # before these streams go away
        self.file.close()


def _stamp() -> str:
    from datetime import datetime

    return datetime.now().isoformat(sep=" ", timespec="seconds")


def main(argv: list[str] | None = None) -> int:
    if argv is None:
        if child_process(sys.argv):
            return 0
        argv = sys.argv[1:]
    argv = [arg for arg in argv if not arg.startswith("-psn_")]  # what an older macOS adds to a double-click
    from aquarius3d import __version__, cli

    log = open_log(log_path())
    if log is None:
        return cli.main(argv)
    import shlex

    log.write(f"{_stamp()} aquarius3d {__version__} ({sys.platform}"
              f"{', standalone' if getattr(sys, 'frozen', False) else ''}): {shlex.join(argv) or '(the menu)'}\n")
    saved = sys.stdout, sys.stderr
    sys.stderr = Tee(sys.stderr, log)
    if sys.stdout is None:  # a Windows or macOS app without a console: its output goes to the log alone
        sys.stdout = log
    panda = None
    if _command(argv) in PANDA_COMMANDS:
        try:
            panda = _PandaLog(Path(log.name))
        except (ImportError, OSError):
            panda = None
    said = cli.internal_error

    def internal_error(exc: BaseException, argv: list[str], debug: bool = False) -> str:
        if not debug:  # (with --debug the traceback went to stderr, so to the log already)
            import traceback

            log.write("".join(traceback.format_exception(exc)))
        return said(exc, argv, debug)

    cli.internal_error = internal_error
    status: object = None
    try:
        status = cli.main(argv)
        return status
    except SystemExit as exc:  # argparse's errors and --help
        status = exc.code
        raise
    finally:
        cli.internal_error = said
        if panda is not None:
            panda.stop()
        sys.stdout, sys.stderr = saved
        log.write(f"{_stamp()} exit status {0 if status is None else status}\n")
        log.close()


if __name__ == "__main__":
    sys.exit(main())
