"""Shared fixtures: one offscreen Panda3D table for all view tests; a cache of checked rulesets of
the session's own (tests never write in the user's cache folder)."""

import os
import shutil
import sys
import tempfile
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

_CACHE = tempfile.mkdtemp(prefix="aquarius3d-test-cache-")
os.environ["AQUARIUS3D_CACHE_DIR"] = _CACHE  # before any test loads a ruleset; inherited by subprocesses


def pytest_unconfigure(config):
    shutil.rmtree(_CACHE, ignore_errors=True)


@pytest.fixture(scope="session")
def offscreen():
    """An offscreen ShowBase with a table scene; skips when no graphics pipe exists."""
    pytest.importorskip("panda3d")
    from aquarius3d.view.render import OffscreenTable

    try:
        table = OffscreenTable(size=(640, 360))
    except Exception as exc:  # no EGL/GL on this machine
        pytest.skip(f"no offscreen graphics here: {exc}")
    yield table
    table.close()
