"""Arena games spread over a Ray cluster: `aquarius3d arena ... --ray ADDRESS` (the optional `cluster` extra).

    results = play_on_ray(game, levels, games=400, seed=1, think=0.2, address="local")

ADDRESS is where the cluster is: `HOST:PORT` (a running cluster's head, as `ray start --head` prints it),
`ray://HOST:PORT` (Ray Client, which also needs `pip install 'ray[client]'`), `auto` (the cluster this machine belongs to, or else a new local instance:
Ray's own choice with no address) or `local` (always a new local instance, stopped at the end).

Each game is one Ray task playing `matches.play_one` for its index, with the compiled game shipped once
through the object store (no ruleset file needed on the other machines; aquarius3d itself must be
installed there, the same version). The results come back in game order whatever order the tasks end in,
so the figures are the same as with `--workers` for the same seed; only the measured move times differ.
No Panda3D here, and Ray is imported only when asked for.
"""

from __future__ import annotations

import logging
import socket
from collections.abc import Callable
from types import ModuleType
from typing import TYPE_CHECKING, Any

from ..core.errors import DataError

if TYPE_CHECKING:
    from ..engine.game import Game
    from .matches import MatchResult

INSTALL = "pip install 'aquarius3d[cluster]' (or pip install ray)"
REACH_SECONDS = 5.0  # how long to try reaching a cluster's head before saying it cannot be reached


def _remote_game(game: Game, levels: list[str], seed: int, index: int, think: float | None) -> MatchResult:
    from .matches import play_one

    return play_one(game, levels, seed, index, think)


def _import_ray() -> ModuleType:
    try:
        import ray
    except ImportError:
        raise DataError(f"--ray: Ray is not installed: {INSTALL}") from None
    return ray


def _host_port(address: str) -> tuple[str, int]:
    """HOST and PORT of `HOST:PORT` or `ray://HOST:PORT`; DataError otherwise."""
    bare = address.removeprefix("ray://")
    host, sep, port = bare.rpartition(":")
    if not sep or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise DataError(f"--ray {address}: expected HOST:PORT, ray://HOST:PORT, auto or local")
    return host.strip("[]"), int(port)


def check_reachable(address: str, seconds: float = REACH_SECONDS) -> None:
    """Refuse at once an address nothing answers at (Ray itself would retry for minutes)."""
    host, port = _host_port(address)
    try:
        with socket.create_connection((host, port), timeout=seconds):
            pass
    except OSError as exc:
        reason = exc.strerror or exc.__class__.__name__
        raise DataError(f"--ray {address}: cannot reach a Ray cluster there ({reason})") from None


def connect(address: str) -> ModuleType:
    """Join (or start) the cluster; returns the ray module. DataError, in one line, when that fails."""
    ray = _import_ray()
    quiet = {"log_to_driver": False, "logging_level": logging.ERROR}
    kwargs: dict[str, Any]  # ray.init's
    if address == "local":
        kwargs = {"address": "local", "include_dashboard": False, **quiet}
    elif address == "auto":
        kwargs = {"address": None, **quiet}
    else:
        check_reachable(address)
        kwargs = {"address": address, **quiet}
    try:
        ray.init(**kwargs)
    except Exception as exc:  # Ray raises many kinds (ConnectionError, ValueError, RuntimeError...)  # noqa: BLE001
        said = (str(exc).strip().splitlines() or [exc.__class__.__name__])[0]
        raise DataError(f"--ray {address}: cannot use the Ray cluster: {said}") from None
    return ray


def play_on_ray(game: Game, levels: list[str], games: int, seed: int, think: float | None, address: str,
                progress: Callable[[int, int], None] | None = None) -> list[MatchResult]:
    """Every game's result (matches.play_one's), in game order, played as tasks on the cluster."""
    ray = connect(address)
    try:
        task = ray.remote(_remote_game)
        shared = ray.put(game)
        refs = [task.remote(shared, levels, seed, i, think) for i in range(games)]
        pending = list(refs)
        while pending:
            _, pending = ray.wait(pending, num_returns=1)
            if progress:
                progress(games - len(pending), games)
        try:
            return list(ray.get(refs))
        except ray.exceptions.RayTaskError as exc:
            cause = getattr(exc, "cause", None)
            if isinstance(cause, DataError):
                raise DataError(str(cause)) from None
            raise
    finally:
        ray.shutdown()
