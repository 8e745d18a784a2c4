"""Idle benchmark: CPU use of the real window left alone on the menu and on a hand-off cover.

    python tools/bench_idle.py [--seconds 10] [--settle 5] [--root CHECKOUT] [--display :0]

Starts the program (`python -m aquarius3d`, then `python -m aquarius3d play`
with two people, which opens on the hand-off cover) in a real window on a
private X server (Xvfb, so `xvfb-run` or `Xvfb` must be installed:
`apt-get install xvfb`), waits `--settle` seconds for the window to come up,
then counts the CPU time the program uses over `--seconds` seconds while
nobody touches it. The figure is per cent of one core, from /proc/PID/stat
(or psutil when it is installed), user and system time of every thread of
the program. The X server's own time (it copies each frame the program
presents) is shown beside it.

Targets (issue 11): an idle window at most 15% of one core, goal 5%.
`--root` runs another checkout's code (for before/after figures);
`--display` uses an existing X display instead of starting Xvfb.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

SCREENS = {
    "menu": [],
    "hand-off cover": ["play", "aquarius", "--players", "Ann,Bo"],
}
TARGET, GOAL = 15.0, 5.0


def cpu_seconds(pid: int) -> float:
    """User and system CPU time a process has used so far, in seconds (all its threads)."""
    try:
        import psutil
    except ImportError:
        psutil = None
    if psutil is not None:
        times = psutil.Process(pid).cpu_times()
        return times.user + times.system
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    utime, stime = int(fields[11]), int(fields[12])  # fields 14 and 15 of proc(5), counted after the name
    return (utime + stime) / os.sysconf("SC_CLK_TCK")


def start_xvfb(size: str) -> tuple[subprocess.Popen, str]:
    """A private X server on a free display; its process and the display name."""
    if shutil.which("Xvfb") is None:
        hint = "xvfb-run is installed but Xvfb is not on PATH" if shutil.which("xvfb-run") else "xvfb-run is missing"
        sys.exit(f"bench_idle: {hint}: install Xvfb (apt-get install xvfb) or pass --display to use an X display")
    read, write = os.pipe()
    server = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", f"{size}x24", "-nolisten", "tcp"],
                              pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write)
    with os.fdopen(read) as pipe:
        number = pipe.readline().strip()
    if not number:
        server.kill()
        sys.exit("bench_idle: Xvfb did not start")
    return server, f":{number}"


def measure(root: Path, args: list[str], display: str, settle: float, seconds: float, server: int | None):
    """Start the program, let it settle, and return (% of a core for it, % for the X server or None)."""
    with tempfile.TemporaryDirectory(prefix="aquarius3d-idle-") as home:
        env = {**os.environ, "DISPLAY": display, "AQUARIUS3D_HOME": home, "PYTHONPATH": str(root)}
        program = subprocess.Popen([sys.executable, "-m", "aquarius3d", *args], cwd=root, env=env,
                                   stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        try:
            time.sleep(settle)
            if program.poll() is not None:
                sys.exit(f"bench_idle: the program stopped ({program.returncode}): {program.stderr.read().strip()[-400:]}")
            start, cpu, x_cpu = time.monotonic(), cpu_seconds(program.pid), cpu_seconds(server) if server else None
            time.sleep(seconds)
            elapsed = time.monotonic() - start
            used = cpu_seconds(program.pid) - cpu
            x_used = cpu_seconds(server) - x_cpu if server else None
            if program.poll() is not None:
                sys.exit(f"bench_idle: the program stopped while measured ({program.returncode})")
        finally:
            program.terminate()
            try:
                program.wait(5)
            except subprocess.TimeoutExpired:
                program.kill()
                program.wait()
    return 100 * used / elapsed, (100 * x_used / elapsed) if x_used is not None else None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="how long each screen is measured")
    parser.add_argument("--settle", type=float, default=5.0, help="seconds to wait for the window first")
    parser.add_argument("--root", type=Path, default=ROOT, help="the checkout whose program runs (default: this one)")
    parser.add_argument("--display", help="an existing X display (default: a private Xvfb)")
    parser.add_argument("--screen-size", default="1920x1080", help="size of the Xvfb screen")
    args = parser.parse_args()
    root = args.root.resolve()
    if not (root / "aquarius3d" / "__main__.py").exists():
        sys.exit(f"bench_idle: --root {root}: no aquarius3d package there")

    server = None
    display = args.display
    if display is None:
        server, display = start_xvfb(args.screen_size)
    try:
        print(f"idle window on {display}, {args.seconds:g} s after {args.settle:g} s to settle; code from {root}")
        for name, screen_args in SCREENS.items():
            used, x_used = measure(root, screen_args, display, args.settle, args.seconds,
                                   server.pid if server else None)
            verdict = "goal met" if used <= GOAL else "within target" if used <= TARGET else "OVER TARGET"
            x_text = f" (X server {x_used:.1f}%)" if x_used is not None else ""
            print(f"idle window, {name}: {used:.1f}% of one core{x_text}; target <= {TARGET:g}%, goal {GOAL:g}%: {verdict}")
    finally:
        if server is not None:
            server.terminate()
            server.wait()


if __name__ == "__main__":
    main()
