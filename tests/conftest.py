"""Shared fixtures: one offscreen Panda3D table for all view tests and the window (`app`) on it; a cache of
checked rulesets of the session's own (tests never write in the user's cache folder); Hypothesis' settings
profiles; the `slow` marker's rule."""

import os
import shutil
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

sys.path.insert(0, str(Path(__file__).parent))

_CACHE = tempfile.mkdtemp(prefix="aquarius3d-test-cache-")
os.environ["AQUARIUS3D_CACHE_DIR"] = _CACHE  # before any test loads a ruleset; inherited by subprocesses


def pytest_unconfigure(config):
    shutil.rmtree(_CACHE, ignore_errors=True)


# Hypothesis profiles (tests/test_properties.py): "ci", the default, is bounded (about a minute for all the
# property tests on two cores) and derandomized, so a run is repeatable; "long" tries many more, at random:
#   HYPOTHESIS_PROFILE=long python -m pytest tests/test_properties.py
_QUIET = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much]
settings.register_profile("ci", max_examples=25, derandomize=True, deadline=None, database=None,
                          suppress_health_check=_QUIET, print_blob=True)
settings.register_profile("long", max_examples=500, deadline=None, suppress_health_check=_QUIET, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


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


@pytest.fixture
def lit_scene(offscreen):
    """The offscreen table at each quality tier in turn (set by the test), back at the window's tier and empty
    after (tests/test_lighting.py, test_contrast.py)."""
    from aquarius3d.view.quality import window_quality

    yield offscreen
    offscreen.scene.set_quality(window_quality(offscreen.base))
    offscreen.scene.sync({}, {})


@pytest.fixture
def private_home(tmp_path, monkeypatch):
    """Settings and saves in the test's own folder (AQUARIUS3D_HOME), the words in English before and after; a module
    of such tests says `pytestmark = pytest.mark.usefixtures("private_home")`."""
    from aquarius3d.i18n import set_language

    monkeypatch.setenv("AQUARIUS3D_HOME", str(tmp_path))
    set_language("en")
    yield tmp_path
    set_language("en")


@pytest.fixture(params=["en", "fr"])
def language(request):
    """The test runs in English, then in French (its ids [en], [fr]); English again after it."""
    from aquarius3d.i18n import set_language

    set_language(request.param)
    yield request.param
    set_language("en")


@pytest.fixture
def pump():
    """The network's pump of a window's game (net/window.py), closed after the test."""
    from aquarius3d.net.window import Pump

    made = Pump()
    yield made
    made.close()


@pytest.fixture
def home(tmp_path):
    """A folder of the test's own for the window's settings and saves: in memory where the machine has a RAM disk
    (/dev/shm), since the window writes its autosave after every move and syncs it to the disk (files/saves.py):
    on a disk that costs 5 ms a move, on a RAM disk nothing; elsewhere the test's temporary folder."""
    shm = Path("/dev/shm")
    if not (shm.is_dir() and os.access(shm, os.W_OK)):
        yield tmp_path
        return
    folder = Path(tempfile.mkdtemp(prefix="aquarius3d-test-home-", dir=shm))
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def app(offscreen, home, monkeypatch, request):
    """The window on the offscreen table, its settings and saves in a folder of the test's own (`home`)."""
    monkeypatch.setenv("AQUARIUS3D_HOME", str(home))
    from aquarius3d.files import user_settings
    from aquarius3d.app import App
    from aquarius3d.i18n import set_language

    if not getattr(request, "param", None) == "tour":  # the first-game tour has tests of its own (test_tour.py)
        user_settings.store_settings({**user_settings.SETTINGS_DEFAULTS, "tour": False})

    offscreen.scene.root.stash()
    application = App(base=offscreen.base)
    yield application
    application.screens.close()
    application.pacer.stop()
    offscreen.base.taskMgr.remove("aquarius3d-tick")
    offscreen.base.ignoreAll()
    offscreen.scene.root.unstash()
    set_language("en")


# The tests tools/time_tests.py found slow (tests/slow.txt, one node id a line): marked `slow` here, as
# `@pytest.mark.slow` and helpers.sweep mark others in the code, so that `pytest -m "not slow"` leaves them out.
_SLOW = Path(__file__).with_name("slow.txt")


# The longest tests, each in processes of its own (real windows on private X servers, the network soak), run
# first: they come last in the files' order, and with the tests shared among workers (README's -n auto) the
# one that drew them would still be at them while the others had finished (about 30 s of the whole run).
_FIRST = ("test_xplay_games.py", "test_xplay.py", "test_net_soak.py")


def pytest_collection_modifyitems(config, items):
    listed = {line.strip() for line in _SLOW.read_text(encoding="utf-8").splitlines()
              if line.strip() and not line.startswith("#")} if _SLOW.exists() else set()
    for item in items:
        if item.nodeid in listed:
            item.add_marker(pytest.mark.slow)
    items.sort(key=lambda item: item.path.name not in _FIRST)  # (stable: every other test keeps its place)
