"""The standalone app: tools/build_app.py's options (without building) and aquarius3d/standalone.py, its main
script; where resources.py finds the data in a frozen program. With AQUARIUS3D_BUILD_APP=1,
test_linux_app_runs_without_python builds the Linux app (downloading the wheels) and runs it from dist/."""

import importlib.util
import io
import json
import os
import plistlib
import shutil
import stat
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

from aquarius3d import __version__, cli, standalone
from aquarius3d.files import resources

ROOT = Path(__file__).resolve().parent.parent
TOOL = ROOT / "tools" / "build_app.py"
_spec = importlib.util.spec_from_file_location("build_app", TOOL)
build_app = importlib.util.module_from_spec(_spec)
sys.modules["build_app"] = build_app  # (its dataclass looks itself up there)
_spec.loader.exec_module(build_app)
PROJECT = build_app.read_project()
TABLE = PROJECT["tool"]["setuptools"]
POSITION = ROOT / "tests" / "positions" / "aquarius" / "win-immediately.yaml"


def _options(platform):
    return build_app.options(platform, PROJECT, Path("/b"), Path("/b/requirements.txt"))


# -- the build tool -------------------------------------------------------------------------------------------


def test_arguments():
    assert build_app.parse_args([]).platform == ["linux"]
    args = build_app.parse_args(["--platform", "windows", "--platform", "macos", "--platform", "windows"])
    assert args.platform == ["windows", "macos"] and not args.dry_run
    assert build_app.parse_args(["--dry-run"]).dry_run
    assert build_app.parse_args([]).dist == ROOT / "dist"
    with pytest.raises(SystemExit) as refused:
        build_app.parse_args(["--platform", "android"])
    assert refused.value.code == 2


@pytest.mark.parametrize("platform, tag, gui, console, plugins", [
    ("linux", "manylinux2014_x86_64", {}, {"aquarius3d": "aquarius3d/standalone.py"}, ["pandagl", "p3headlessgl"]),
    ("windows", "win_amd64", {"aquarius3d": "aquarius3d/standalone.py"},
     {"aquarius3d-cli": "aquarius3d/standalone.py"}, ["pandagl"]),
    ("macos", build_app.macos_tag(), {"aquarius3d": "aquarius3d/standalone.py"}, {}, ["pandagl"]),
])
def test_options_per_platform(platform, tag, gui, console, plugins):
    options = _options(platform)
    assert options["platforms"] == [tag]
    assert options["gui_apps"] == gui and options["console_apps"] == console
    assert options["plugins"] == plugins
    assert options["build_base"] == "/b" and options["requirements_path"] == "/b/requirements.txt"
    assert options["use_optimized_wheels"] is False and options["pypi_extra_indexes"] == []
    assert (ROOT / build_app.MAIN_SCRIPT).is_file()


def test_macos_tag_follows_python():
    assert build_app.macos_tag((3, 11)) == build_app.macos_tag((3, 13)) == "macosx_10_13_x86_64"
    assert build_app.macos_tag((3, 14)) == "macosx_10_15_x86_64"


def test_what_players_do_not_need_is_left_out():
    excluded = _options("linux")["exclude_modules"]["*"]
    for name in ("ray", "matplotlib", "pytest", "_pytest", "hypothesis", "mypy", "ruff", "numpy.testing",
                 "unittest", "tkinter"):
        assert name in excluded
    included = _options("linux")["include_modules"]["*"]
    assert not [m for m in included if m.split(".")[0] in excluded or m in excluded]


def test_every_module_of_the_package_is_frozen():
    """Modules imported by name (the game families) are listed for the freezer; a module in a folder that
    pyproject's packages forget would be missing from the app, as from a pip install."""
    on_disk = sorted(".".join(p.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
                     for p in (ROOT / "aquarius3d").rglob("*.py") if "__pycache__" not in p.parts)
    frozen = _options("linux")["include_modules"]["*"]
    assert sorted(frozen) == [m for m in on_disk if m != "aquarius3d.standalone"]
    assert "aquarius3d.session.flows.aquarius" in frozen and "aquarius3d.bots.worker" in frozen


def test_data_files_come_from_package_data():
    patterns, renames = build_app.data_files(TABLE)
    assert {"rulesets/*.yaml", "rulesets/*.json", "assets/decks/*.yaml", "aquarius3d/i18n/*.yaml"} <= set(patterns)
    assert renames == {"aquarius3d/i18n/": "i18n/"}
    assert build_app.data_files({"package-data": {"pkg.sub": ["*.txt"]}, "package-dir": {"pkg": "src"}},
                                top="pkg") == (["src/sub/*.txt"], {"src/sub/": "sub/"})


def _lay_out_app(app: Path) -> None:
    """The data files where build_apps puts them: each file of an include pattern, renamed."""
    patterns, renames = build_app.data_files(TABLE)
    for pattern in patterns:
        for source in ROOT.glob(pattern):
            relative = source.relative_to(ROOT).as_posix()
            for old, new in renames.items():
                if relative.startswith(old):
                    relative = new + relative[len(old):]
            (app / relative).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(source, app / relative)


@pytest.mark.parametrize("bundle", [False, True], ids=["folder", "macos-app"])
def test_a_frozen_app_finds_its_data_beside_the_executable(tmp_path, monkeypatch, bundle):
    if bundle:
        executable = tmp_path / "aquarius3d.app" / "Contents" / "MacOS" / "aquarius3d"
        data = executable.parent.parent / "Resources"
    else:
        executable, data = tmp_path / "aquarius3d", tmp_path
    executable.parent.mkdir(parents=True, exist_ok=True)
    executable.write_bytes(b"stub")
    _lay_out_app(data)
    assert resources.build_mark() is None
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "executable", str(executable))
    assert resources.rulesets_dir() == data / "rulesets"
    assert resources.decks_dir() == data / "assets" / "decks"
    assert resources.catalogs_dir() == data / "i18n"
    shipped = {p.name for p in (ROOT / "rulesets").glob("*.yaml")}
    assert shipped and {p.name for p in resources.rulesets_dir().glob("*.yaml")} == shipped
    assert {p.name for p in resources.catalogs_dir().glob("*.yaml")} == {"en.yaml", "fr.yaml"}
    assert resources.build_mark() == f"4-{executable.stat().st_mtime_ns}"


def test_the_caches_are_named_after_the_build_when_frozen(tmp_path, monkeypatch):
    from aquarius3d.rules import cache as ruleset_cache
    from aquarius3d.view import tiles

    executable = tmp_path / "aquarius3d"
    executable.write_bytes(b"stub")
    shape = (8, 8, 4)
    try:
        ruleset_cache.program.cache_clear()
        tiles._digest.cache_clear()
        program, faces = ruleset_cache.program(), tiles._digest(shape)
        monkeypatch.setattr(sys, "frozen", True, raising=False)
        monkeypatch.setattr(sys, "executable", str(executable))
        ruleset_cache.program.cache_clear()
        tiles._digest.cache_clear()
        frozen_program, frozen_faces = ruleset_cache.program(), tiles._digest(shape)
        assert frozen_program != program and frozen_faces not in (None, faces)
        executable.write_bytes(b"another build")
        ruleset_cache.program.cache_clear()
        tiles._digest.cache_clear()
        assert ruleset_cache.program() != frozen_program and tiles._digest(shape) != frozen_faces
    finally:
        monkeypatch.undo()
        ruleset_cache.program.cache_clear()
        tiles._digest.cache_clear()


def test_requirements_come_from_pyproject_with_panda3d_pinned():
    lines = build_app.requirements(PROJECT["project"]["dependencies"], "1.10.16")
    assert len(lines) == len(PROJECT["project"]["dependencies"])
    assert [line for line in lines if line.startswith("panda3d")][0].endswith("==1.10.16")
    assert build_app.requirements(["Panda3D>=1.10,<1.11", "numpy>=1.24", "foo[bar]>=1 ; python_version<'4'"],
                                  "1.10.16") == ["Panda3D>=1.10,<1.11,==1.10.16", "numpy>=1.24",
                                                 "foo[bar]>=1; python_version<'4'"]
    assert build_app.requirements(["panda3d"], "1.10.16") == ["panda3d==1.10.16"]
    with pytest.raises(ValueError):
        build_app.requirements(["-e ."], "1.10.16")


def test_output_names():
    dist = Path("/d")
    assert build_app.output_names("linux", "1.2.3", dist) == (
        dist / "aquarius3d-linux", dist / "aquarius3d-1.2.3-linux-x86_64.tar.gz")
    assert build_app.output_names("windows", "1.2.3", dist) == (
        dist / "aquarius3d-windows", dist / "aquarius3d-1.2.3-windows-x86_64.zip")
    assert build_app.output_names("macos", "1.2.3", dist) == (
        dist / "aquarius3d-macos", dist / "aquarius3d-1.2.3-macos-x86_64.zip")
    assert build_app.executable("linux", dist / "a") == dist / "a" / "aquarius3d"
    assert build_app.executable("windows", dist / "a") == dist / "a" / "aquarius3d.exe"
    assert build_app.executable("macos", dist / "a") == dist / "a" / "aquarius3d.app" / "Contents" / "MacOS" / "aquarius3d"


def test_the_version_is_pyprojects_and_the_packages():
    assert build_app.check_version(PROJECT) == __version__
    other = {**PROJECT, "project": {**PROJECT["project"], "version": "9.9.9"}}
    with pytest.raises(SystemExit, match="9.9.9"):
        build_app.check_version(other)


def test_dry_run_prints_the_options(capsys):
    assert build_app.main(["--dry-run", "--platform", "linux", "--platform", "macos"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert list(printed) == ["linux", "macos"] and printed["macos"]["gui_apps"] == {"aquarius3d": build_app.MAIN_SCRIPT}


def test_archives_keep_the_execute_bit(tmp_path):
    folder = tmp_path / "aquarius3d-linux"
    (folder / "rulesets").mkdir(parents=True)
    (folder / "aquarius3d").write_bytes(b"#!")
    (folder / "aquarius3d").chmod(0o755)
    (folder / "rulesets" / "a.yaml").write_text("id: a\n")
    build_app.archive(folder, tmp_path / "aquarius3d-1-linux-x86_64.tar.gz")
    with tarfile.open(tmp_path / "aquarius3d-1-linux-x86_64.tar.gz") as tar:
        assert tar.getmember("aquarius3d-1-linux-x86_64/aquarius3d").mode & stat.S_IXUSR
        assert "aquarius3d-1-linux-x86_64/rulesets/a.yaml" in tar.getnames()
    build_app.archive(folder, tmp_path / "aquarius3d-1-macos-x86_64.zip")
    with zipfile.ZipFile(tmp_path / "aquarius3d-1-macos-x86_64.zip") as zipped:
        assert (zipped.getinfo("aquarius3d-1-macos-x86_64/aquarius3d").external_attr >> 16) & stat.S_IXUSR
        assert "aquarius3d-1-macos-x86_64/rulesets/a.yaml" in zipped.namelist()


def test_the_macos_bundle_is_labelled(tmp_path):
    app = tmp_path / "aquarius3d.app"
    (app / "Contents").mkdir(parents=True)
    (app / "Contents" / "Info.plist").write_bytes(plistlib.dumps({"CFBundleExecutable": "aquarius3d",
                                                                   "CFBundleIdentifier": "", "CFBundleVersion": "0.0.0"}))
    build_app.label_bundle(app, "1.2.3")
    info = plistlib.loads((app / "Contents" / "Info.plist").read_bytes())
    assert info["CFBundleExecutable"] == "aquarius3d" and info["CFBundleIdentifier"]
    assert info["CFBundleVersion"] == info["CFBundleShortVersionString"] == "1.2.3"


def test_notes_say_what_windows_needs(tmp_path):
    assert build_app.notes("windows", tmp_path) and "VCRUNTIME140_1.dll" in build_app.notes("windows", tmp_path)[0]
    (tmp_path / "VCRUNTIME140_1.dll").write_bytes(b"")
    assert build_app.notes("windows", tmp_path) == [] and build_app.notes("linux", tmp_path) == []


# -- the app's main script ------------------------------------------------------------------------------------


def test_child_processes_are_recognised_and_nothing_else(monkeypatch):
    from multiprocessing import resource_tracker, spawn

    ran = []
    monkeypatch.setattr(spawn, "freeze_support", lambda: ran.append("child"))
    monkeypatch.setattr(resource_tracker, "main", lambda fd: ran.append(fd))
    assert not standalone.child_process(["aquarius3d"])
    assert not standalone.child_process(["aquarius3d", "render", "x.yaml"])
    assert not standalone.child_process(["aquarius3d", "-c", "import os; os.remove('x')"])
    assert not standalone.child_process(["aquarius3d", "play", "-c", "from multiprocessing.resource_tracker "
                                                                     "import main;main(5)"])
    assert ran == []
    assert standalone.child_process(["aquarius3d", "--multiprocessing-fork", "tracker_fd=5", "pipe_handle=7"])
    assert standalone.child_process(["aquarius3d", "-OO", "-s", "-c",
                                     "from multiprocessing.resource_tracker import main;main(8)"])
    assert ran == ["child", 8]


@pytest.fixture
def log(tmp_path, monkeypatch):
    path = tmp_path / "logs" / "aquarius3d.log"
    monkeypatch.setenv(standalone.LOG_VARIABLE, str(path))
    return path


def test_the_log_has_the_command_and_its_status_not_its_output(log, capsys):
    assert standalone.main(["rulesets"]) == 0
    out = capsys.readouterr().out
    assert "aquarius:" in out
    text = log.read_text()
    assert f"aquarius3d {__version__} ({sys.platform}): rulesets\n" in text and "exit status 0" in text
    assert "aquarius:" not in text
    assert sys.stderr is not None and not isinstance(sys.stderr, standalone.Tee)


def test_the_log_has_what_the_program_says_on_stderr(log, capsys):
    assert standalone.main(["render", "no-such-position.yaml"]) == cli.EXIT_USER_ERROR
    said = capsys.readouterr().err
    assert "no-such-position.yaml" in said and said in log.read_text()
    assert "exit status 2" in log.read_text()


def test_an_internal_error_leaves_its_traceback_in_the_log(log, capsys, monkeypatch):
    def broken(args):
        raise RuntimeError("boom")

    monkeypatch.setattr(cli, "cmd_saves", broken)
    said = cli.internal_error
    assert standalone.main(["saves"]) == cli.EXIT_INTERNAL_ERROR
    err = capsys.readouterr().err
    assert "internal error (RuntimeError" in err and "Traceback" not in err
    assert "Traceback" in log.read_text() and "RuntimeError: boom" in log.read_text()
    assert cli.internal_error is said


def test_an_argument_error_is_logged_with_its_status(log, capsys):
    with pytest.raises(SystemExit) as stopped:
        standalone.main(["--no-such-option"])
    assert stopped.value.code == 2
    assert "exit status 2" in log.read_text() and "--no-such-option" in log.read_text()


def test_without_a_console_the_output_goes_to_the_log(log, monkeypatch):
    monkeypatch.setattr(sys, "stdout", None)
    monkeypatch.setattr(sys, "stderr", None)
    assert standalone.main(["rulesets"]) == 0
    assert standalone.main(["render", "no-such-position.yaml"]) == cli.EXIT_USER_ERROR
    assert sys.stdout is None
    text = log.read_text()
    assert "aquarius:" in text and "no-such-position.yaml" in text.split("render no-such-position.yaml")[1]


def test_a_long_log_is_moved_aside(log, capsys):
    log.parent.mkdir(parents=True)
    log.write_text("x" * (standalone.LOG_LIMIT + 1))
    assert standalone.main(["rulesets"]) == 0
    assert log.with_name("aquarius3d.log.1").stat().st_size == standalone.LOG_LIMIT + 1
    assert log.stat().st_size < 1000


def test_no_log_when_asked_or_when_it_cannot_be_written(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv(standalone.LOG_VARIABLE, "")
    assert standalone.log_path() is None
    assert standalone.main(["rulesets"]) == 0
    (tmp_path / "file").write_text("")
    monkeypatch.setenv(standalone.LOG_VARIABLE, str(tmp_path / "file" / "aquarius3d.log"))
    assert standalone.main(["rulesets"]) == 0
    assert "aquarius:" in capsys.readouterr().out


def test_the_log_goes_in_the_users_log_folder(tmp_path, monkeypatch):
    monkeypatch.delenv(standalone.LOG_VARIABLE, raising=False)
    import platformdirs

    expected = platformdirs.user_log_path("aquarius3d", appauthor=False) / "aquarius3d.log"
    assert standalone.log_path() == expected
    if sys.platform.startswith("linux"):
        monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))
        assert standalone.log_path() == tmp_path / "aquarius3d" / "log" / "aquarius3d.log"


def test_panda3ds_messages_go_to_the_log_too(tmp_path):
    from panda3d.core import Filename, Texture

    path = tmp_path / "aquarius3d.log"
    path.write_text("before\n")
    panda = standalone._PandaLog(path)
    Texture().read(Filename.from_os_specific(str(tmp_path / "no-such-picture.png")))
    panda.stop()
    Texture().read(Filename.from_os_specific(str(tmp_path / "after-the-log.png")))  # to the console alone
    text = path.read_text()
    assert text.startswith("before\n") and "no-such-picture.png" in text and "after-the-log" not in text


def test_the_command_picks_panda3ds_log():
    assert standalone._command([]) is None and standalone._command(["--debug"]) is None
    assert standalone._command(["--debug", "render", "x"]) == "render"
    assert standalone._command(["play", "aquarius"]) == "play" and standalone._command(["rulesets"]) == "rulesets"


# -- the Linux app, built and run -----------------------------------------------------------------------------


def _png_pixels(path: Path) -> list:
    from panda3d.core import Filename, PNMImage

    image = PNMImage()
    assert image.read(Filename.from_os_specific(str(path)))
    return [(image.get_red_val(x, y), image.get_green_val(x, y), image.get_blue_val(x, y))
            for y in range(image.get_y_size()) for x in range(image.get_x_size())]


@pytest.mark.slow
@pytest.mark.skipif(os.environ.get("AQUARIUS3D_BUILD_APP") != "1",
                    reason="builds the Linux app with build_apps, downloading its wheels (about a minute): "
                           "set AQUARIUS3D_BUILD_APP=1 to run it")
def test_linux_app_runs_without_python(tmp_path):
    dist = tmp_path / "dist"
    subprocess.run([sys.executable, str(TOOL), "--dist", str(dist)], check=True, timeout=1800)
    folder, archive = build_app.output_names("linux", __version__, dist)
    app = folder / "aquarius3d"
    assert app.is_file() and os.access(app, os.X_OK)
    with tarfile.open(archive) as tar:
        assert f"{archive.name.removesuffix('.tar.gz')}/aquarius3d" in tar.getnames()
    assert build_app.size(folder) < 200e6, "the app grew: see tools/build_app.py's EXCLUDED"
    assert not [f for f in folder.iterdir() if f.name.split(".")[0] in ("ray", "matplotlib", "_pytest", "hypothesis")]

    empty, home, work = tmp_path / "bin", tmp_path / "home", tmp_path / "work"
    for folder_ in (empty, home, work):
        folder_.mkdir()
    env = {"PATH": str(empty), "HOME": str(home)}  # no Python to be found, no virtual environment, no checkout
    env.update({k: v for k, v in os.environ.items() if k.startswith(("MESA_", "LIBGL_", "GALLIUM_", "EGL_"))})
    assert shutil.which("python3", path=env["PATH"]) is None

    def run(*args, timeout=300):
        done = subprocess.run([str(app), *args], env=env, cwd=work, capture_output=True, text=True, timeout=timeout)
        assert done.returncode == 0, f"{args}: {done.returncode}\n{done.stdout}\n{done.stderr}"
        return done.stdout

    assert run("render", str(POSITION), "--out", "table.png", "--size", "320x180").strip() == "table.png"
    installed = tmp_path / "installed.png"
    subprocess.run([sys.executable, "-m", "aquarius3d", "render", str(POSITION), "--out", str(installed),
                    "--size", "320x180"], check=True, capture_output=True, timeout=300)
    assert _png_pixels(work / "table.png") == _png_pixels(installed), "the app draws another table"
    run("play", "aquarius", "--players", "medium,medium", "--offscreen", "--exit-at-end", "--seed", "3",
        "--record", "pictures", timeout=600)
    assert (work / "pictures" / "000.png").is_file()
    assert "4 games of Aquarius" in run("arena", "aquarius", "--players", "medium,random", "--games", "4",
                                        "--workers", "2")  # multiprocessing's children: the app started again
    assert "aquarius-rising:" in run("rulesets")
    log = (home / ".local" / "state" / "aquarius3d" / "log" / "aquarius3d.log").read_text()
    assert "(linux, standalone): render" in log and log.count("exit status 0") == 4


def test_the_tee_is_a_text_stream():
    console, log = io.StringIO(), io.StringIO()
    tee = standalone.Tee(console, log)
    print("said", file=tee)
    tee.flush()
    assert console.getvalue() == log.getvalue() == "said\n" and not tee.isatty()
    with pytest.raises(OSError):
        standalone.Tee(None, log).fileno()
