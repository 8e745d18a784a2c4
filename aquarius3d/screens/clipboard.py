"""The system's clipboard, for the join code (the Host and Join screens). Panda3D 1.10 has no clipboard of its own
(its text fields take neither Ctrl+C nor Ctrl+V), so the code is copied and pasted through the tool the system
offers: pbcopy and pbpaste on macOS, clip and PowerShell on Windows, wl-copy, xclip or xsel on Linux. Where there
is none, the screens show no Copy or Paste button: the code is shown large, to read out or type."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

SECONDS = 2.0  # the most a copy or a paste may take (a tool that hangs is given up on)


def _tools() -> tuple[list[str] | None, list[str] | None]:
    """The commands that copy (text on their input) and paste (text on their output) here, if any."""
    if sys.platform == "darwin":
        return (["pbcopy"] if shutil.which("pbcopy") else None, ["pbpaste"] if shutil.which("pbpaste") else None)
    if sys.platform == "win32":
        shell = shutil.which("powershell")
        return (["clip"] if shutil.which("clip") else None,
                [shell, "-NoProfile", "-Command", "Get-Clipboard"] if shell else None)
    if os.environ.get("WAYLAND_DISPLAY") and shutil.which("wl-copy"):
        return ["wl-copy"], ["wl-paste", "--no-newline"] if shutil.which("wl-paste") else None
    if shutil.which("xclip"):
        return ["xclip", "-selection", "clipboard"], ["xclip", "-selection", "clipboard", "-o"]
    if shutil.which("xsel"):
        return ["xsel", "--clipboard", "--input"], ["xsel", "--clipboard", "--output"]
    return None, None


def can_copy() -> bool:
    return _tools()[0] is not None


def can_paste() -> bool:
    return _tools()[1] is not None


def copy(text: str) -> bool:
    """Put the text on the clipboard; False when it could not be."""
    command = _tools()[0]
    if command is None:
        return False
    try:
        # (xclip stays to serve the text: it is not waited for once it has read it)
        process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL)
        assert process.stdin is not None
        process.stdin.write(text.encode("utf-8"))
        process.stdin.close()
        try:
            return process.wait(SECONDS) == 0
        except subprocess.TimeoutExpired:
            return True  # still serving the clipboard (xclip, xsel): the text is on it
    except OSError:
        return False


def paste() -> str | None:
    """The clipboard's text (its first line), or None when there is none or it cannot be read."""
    command = _tools()[1]
    if command is None:
        return None
    try:
        done = subprocess.run(command, capture_output=True, timeout=SECONDS, check=False)
    except (OSError, subprocess.TimeoutExpired):
        return None
    if done.returncode != 0:
        return None
    lines = done.stdout.decode("utf-8", "replace").strip().splitlines()
    return lines[0].strip() if lines else None
