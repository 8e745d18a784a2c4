"""Build the standalone app with Panda3D's build_apps: a folder a player runs without Python, and an archive of it.

    python tools/build_app.py                       # Linux: dist/aquarius3d-linux/aquarius3d,
                                                    #        dist/aquarius3d-VERSION-linux-x86_64.tar.gz
    python tools/build_app.py --platform windows    # dist/aquarius3d-windows/, ...-windows-x86_64.zip
    python tools/build_app.py --platform macos      # dist/aquarius3d-macos/aquarius3d.app, ...-macos-x86_64.zip
    python tools/build_app.py --dry-run             # print the build_apps options, build nothing

The whole build is configured here, from pyproject.toml: its version names the archives, its dependencies are
the wheels build_apps downloads for the platform (build/app/requirements.txt; Panda3D pinned to the version
running this tool, whose freezer must match the deploy stub it takes from the wheel), and its package-data
says which data files the app carries (rulesets, deck lists, the texts' catalogs), laid out as installed
under the package (rulesets/, assets/decks/, i18n/ beside the executable; aquarius3d/files/resources.py finds them
there). The main script is aquarius3d/standalone.py (the command line, a log, multiprocessing's children).
Left out: the test, lint, plot and cluster tools (EXCLUDED), every Panda3D plugin but the renderers (PLUGINS).
docs/standalone.md says what each platform gives and what it measures.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import sys
import tarfile
import time
import tomllib
import zipfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MAIN_SCRIPT = "aquarius3d/standalone.py"
MAIN_MODULE = "aquarius3d.standalone"  # frozen as the app's __main__, not again under its name
TOP_PACKAGE = "aquarius3d"
NAME = "aquarius3d"

# What players do not need: developer tools, the plot and cluster extras (their commands say to install
# them), numpy's and the standard library's test and build kits, and network code nothing here uses. The
# freezer would otherwise take whatever it finds imported anywhere, from this virtual environment too.
# (hashlib, hmac and multiprocessing fall back to Python's own hashes without _hashlib, which would need the
# system's OpenSSL.)
EXCLUDED = (
    "ray", "matplotlib", "pytest", "_pytest", "hypothesis", "mypy", "ruff", "pip", "setuptools",
    "pkg_resources", "distutils", "charset_normalizer",
    "numpy.f2py", "numpy.distutils", "numpy.testing", "numpy.conftest",
    "test", "unittest", "_testcapi", "_testinternalcapi", "idlelib", "lib2to3", "pydoc", "pydoc_data",
    "ensurepip", "venv", "tkinter", "_tkinter", "turtle", "turtledemo", "curses", "_curses",
    "ssl", "_ssl", "_hashlib", "xmlrpc", "ftplib",
)


@dataclass(frozen=True)
class Target:
    """One platform: the wheels' tag, the archive's name part and kind, the executables, the Panda3D plugins."""

    tag: str
    label: str  # in the archive's name
    archive: str  # "tar.gz" or "zip"
    gui: tuple[str, ...]  # apps without a console (Windows, macOS): a double-click opens no terminal
    console: tuple[str, ...]
    plugins: tuple[str, ...]  # pandagl draws the window; p3headlessgl (Linux) draws offscreen without a display


def macos_tag(version: tuple[int, int] = sys.version_info[:2]) -> str:
    """The macOS the app asks for: 10.13, the oldest with wheels of this project's dependencies as new as the
    other platforms get (at 10.9 pip falls back to pydantic 2.5); 10.15 from Python 3.14, which needs it."""
    return "macosx_10_13_x86_64" if version < (3, 14) else "macosx_10_15_x86_64"


def targets(version: tuple[int, int] = sys.version_info[:2]) -> dict[str, Target]:
    return {
        # manylinux2014: what Panda3D's Linux wheels are tagged (glibc 2.17 and later)
        "linux": Target("manylinux2014_x86_64", "linux-x86_64", "tar.gz", (), (NAME,), ("pandagl", "p3headlessgl")),
        # aquarius3d.exe for a double-click, aquarius3d-cli.exe for a terminal (the same program)
        "windows": Target("win_amd64", "windows-x86_64", "zip", (NAME,), (f"{NAME}-cli",), ("pandagl",)),
        # aquarius3d.app; its Contents/MacOS/aquarius3d takes the commands from a terminal
        "macos": Target(macos_tag(version), "macos-x86_64", "zip", (NAME,), (), ("pandagl",)),
    }


PLATFORMS = tuple(targets())


def read_project(root: Path = ROOT) -> dict:
    with open(root / "pyproject.toml", "rb") as file:
        return tomllib.load(file)


def requirements(dependencies: list[str], panda3d_version: str) -> list[str]:
    """The requirement lines for pip: the project's dependencies, Panda3D's narrowed to `panda3d_version`."""
    lines = []
    for line in dependencies:
        found = re.match(r"\s*([A-Za-z0-9][A-Za-z0-9._-]*)(\[[^\]]*\])?\s*([^;]*)(;.*)?$", line)
        if found is None:
            raise ValueError(f"pyproject.toml: a dependency this tool cannot read: {line!r}")
        name, extras, spec, marker = found.group(1), found.group(2) or "", found.group(3).strip(), found.group(4) or ""
        if re.sub(r"[-_.]+", "-", name).lower() == "panda3d":
            spec = f"{spec},=={panda3d_version}" if spec else f"=={panda3d_version}"
        lines.append(f"{name}{extras}{spec}{marker}")
    return lines


def data_files(setuptools_table: dict, top: str = TOP_PACKAGE) -> tuple[list[str], dict[str, str]]:
    """From pyproject's [tool.setuptools] package-data and package-dir: the patterns of the files to carry
    (relative to the repository) and the folders to rename so that each package's files land where the
    installed package has them, less the top package's name (aquarius3d/i18n/ -> i18n/)."""
    package_dirs = setuptools_table.get("package-dir", {})
    patterns, renames = [], {}
    for package, globs in setuptools_table.get("package-data", {}).items():
        source = _source_dir(package, package_dirs)
        inside = package.split(".")[1:] if package.split(".")[0] == top else package.split(".")
        target = "/".join(inside)
        patterns += [f"{source}/{glob}" for glob in globs]
        if source != target:
            renames[f"{source}/"] = f"{target}/"
    return patterns, renames


def _source_dir(package: str, package_dirs: dict[str, str]) -> str:
    """Where a package's files are in the repository: its package-dir entry, or its nearest parent's plus the
    rest of its name (as setuptools reads package-dir), or its name as folders."""
    parts = package.split(".")
    for cut in range(len(parts), 0, -1):
        base = package_dirs.get(".".join(parts[:cut]))
        if base is not None:
            return "/".join([base.rstrip("/"), *parts[cut:]]).lstrip("/")
    return "/".join(parts)


def modules(setuptools_table: dict, root: Path = ROOT) -> list[str]:
    """Every module of the packages pyproject lists (those with code): the freezer follows imports, and the
    game families, bots and screens are imported by name (importlib), which it cannot see."""
    package_dirs = setuptools_table.get("package-dir", {})
    names = []
    for package in setuptools_table["packages"]:
        folder = root / _source_dir(package, package_dirs)
        if not (folder / "__init__.py").is_file():
            continue  # a folder of data (rulesets/, assets/)
        names.append(package)
        names += [f"{package}.{file.stem}" for file in sorted(folder.glob("*.py"))
                  if file.stem != "__init__" and f"{package}.{file.stem}" != MAIN_MODULE]
    return names


def options(platform: str, project: dict, build_dir: Path, requirements_path: Path) -> dict:
    """The build_apps options for one platform (docs: Panda3D manual, "Building Binaries")."""
    target = targets()[platform]
    table = project["tool"]["setuptools"]
    patterns, renames = data_files(table)
    return {
        "build_base": str(build_dir),
        "requirements_path": str(requirements_path),
        "platforms": [target.tag],
        "gui_apps": {name: MAIN_SCRIPT for name in target.gui},
        "console_apps": {name: MAIN_SCRIPT for name in target.console},
        "include_patterns": patterns,
        "rename_paths": renames,
        # the folders the copy would walk for nothing (the data patterns name only what the app carries)
        "exclude_patterns": [".git/**", "dist/**", "build/**", "tests/**", "docs/**", "**/.*_cache/**"],
        "include_modules": {"*": modules(table)},
        "exclude_modules": {"*": list(EXCLUDED)},
        "plugins": list(target.plugins),
        # PyPI's wheels; Panda3D's optimized ones (archive.panda3d.org) are not reachable from every machine
        "use_optimized_wheels": False,
        "pypi_extra_indexes": [],
    }


def output_names(platform: str, version: str, dist: Path) -> tuple[Path, Path]:
    """The app's folder and its archive."""
    target = targets()[platform]
    return dist / f"{NAME}-{platform}", dist / f"{NAME}-{version}-{target.label}.{target.archive}"


def executable(platform: str, folder: Path) -> Path:
    """The program a player starts, in the app's folder."""
    return {"linux": folder / NAME, "windows": folder / f"{NAME}.exe",
            "macos": folder / f"{NAME}.app" / "Contents" / "MacOS" / NAME}[platform]


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python tools/build_app.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("--platform", action="append", choices=PLATFORMS,
                        help="linux (the default), windows or macos; repeat it for several")
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="where the app and its archive go")
    parser.add_argument("--build", type=Path, default=ROOT / "build" / "app",
                        help="build_apps' folder (its downloaded wheels are kept there for the next build)")
    parser.add_argument("--dry-run", action="store_true", help="print the build_apps options, build nothing")
    args = parser.parse_args(argv)
    args.platform = list(dict.fromkeys(args.platform or ["linux"]))
    return args


def check_version(project: dict) -> str:
    """pyproject's version, which must be the package's (aquarius3d.__version__, what the app says it is)."""
    version = project["project"]["version"]
    text = (ROOT / TOP_PACKAGE / "__init__.py").read_text()
    found = re.search(r'^__version__ = "([^"]+)"', text, re.M)
    if found is None or found.group(1) != version:
        raise SystemExit(f"pyproject.toml says version {version}, {TOP_PACKAGE}/__init__.py "
                         f"{found.group(1) if found else 'nothing'}: make them agree")
    return version


def run_build_apps(opts: dict, project: dict) -> None:
    """build_apps, run from the repository's top (it copies the data files it finds from the folder it runs in)."""
    from direct.dist.commands import build_apps
    from setuptools.dist import Distribution

    here = os.getcwd()
    os.chdir(ROOT)
    # The freezer looks for modules along sys.path: the checkout's package first (an editable install is
    # found through an import hook, which the freezer does not follow)
    sys.path.insert(0, str(ROOT))
    try:
        dist = Distribution({"name": NAME, "version": project["project"]["version"], "script_name": "build_app.py",
                             "cmdclass": {"build_apps": build_apps}, "options": {"build_apps": opts}})
        dist.run_command("build_apps")
    finally:
        sys.path.remove(str(ROOT))
        os.chdir(here)


def archive(folder: Path, path: Path) -> None:
    """The app's folder as one archive, inside a folder named as the archive (execute bits kept)."""
    top = path.name.removesuffix(".tar.gz").removesuffix(".zip")
    path.unlink(missing_ok=True)
    if path.name.endswith(".tar.gz"):
        with tarfile.open(path, "w:gz") as tar:
            tar.add(folder, arcname=top)
        return
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zipped:
        for file in sorted(folder.rglob("*")):
            zipped.write(file, f"{top}/{file.relative_to(folder).as_posix()}")


def label_bundle(app: Path, version: str) -> None:
    """The macOS bundle's Info.plist, which build_apps leaves with no identifier and version 0.0.0."""
    import plistlib

    path = app / "Contents" / "Info.plist"
    with open(path, "rb") as file:
        info = plistlib.load(file)
    info.update({"CFBundleIdentifier": NAME, "CFBundleName": "Aquarius 3D", "CFBundleDisplayName": "Aquarius 3D",
                 "CFBundleVersion": version, "CFBundleShortVersionString": version,
                 "NSHighResolutionCapable": True})
    with open(path, "wb") as file:
        plistlib.dump(info, file)


def notes(platform: str, folder: Path) -> list[str]:
    """What the build does not carry and a player's machine must have."""
    if platform == "windows" and not any(f.name.lower() == "vcruntime140_1.dll" for f in folder.iterdir()):
        return ["numpy and pydantic-core need VCRUNTIME140_1.dll, which build_apps does not ship (its licence is "
                "Microsoft's): a Windows without the Microsoft Visual C++ 2015-2022 Redistributable (x64) needs it "
                "installed (docs/standalone.md)"]
    return []


def size(path: Path) -> int:
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file()) if path.is_dir() else path.stat().st_size


def build(platform: str, project: dict, version: str, dist: Path, build_dir: Path) -> tuple[Path, Path]:
    import panda3d

    build_dir.mkdir(parents=True, exist_ok=True)
    reqs = build_dir / "requirements.txt"
    reqs.write_text("\n".join(requirements(project["project"]["dependencies"], panda3d.__version__)) + "\n")
    opts = options(platform, project, build_dir, reqs)
    started = time.monotonic()
    run_build_apps(opts, project)
    folder, packed = output_names(platform, version, dist)
    dist.mkdir(parents=True, exist_ok=True)
    if folder.exists():
        shutil.rmtree(folder)
    shutil.move(build_dir / targets()[platform].tag, folder)
    if platform == "macos":
        label_bundle(folder / f"{NAME}.app", version)
    archive(folder, packed)
    print(f"{platform}: {executable(platform, folder)} ({size(folder) / 1e6:.1f} MB), "
          f"{packed} ({size(packed) / 1e6:.1f} MB) in {time.monotonic() - started:.0f} s")
    for line in notes(platform, folder):
        print(f"note: {line}")
    return folder, packed


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    project = read_project()
    version = check_version(project)
    if args.dry_run:
        reqs = args.build / "requirements.txt"
        print(json.dumps({platform: options(platform, project, args.build, reqs) for platform in args.platform},
                         indent=2))
        return 0
    if len(args.platform) == 1:
        build(args.platform[0], project, version, args.dist.resolve(), args.build.resolve())
        return 0
    # One process a platform: build_apps' freezer leaves the standard library's distutils in sys.modules,
    # where setuptools looks for its own when the next build starts
    import subprocess

    for platform in args.platform:
        subprocess.run([sys.executable, __file__, "--platform", platform, "--dist", str(args.dist),
                        "--build", str(args.build)], check=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
