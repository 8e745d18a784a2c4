"""Shared fixtures: one offscreen Panda3D table for all view tests."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))


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
