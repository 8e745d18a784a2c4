"""`aquarius3d arena --ray`: games as tasks on a Ray cluster (a local instance here), same figures as one process.

CI installs the `cluster` extra (README's test command), so there these tests run; elsewhere they are skipped
when Ray is missing. The messages for a missing Ray and an address nobody answers at need no Ray.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys

import pytest

from aquarius3d.cli import main


def run_arena(*args):
    return subprocess.run([sys.executable, "-m", "aquarius3d", "arena", *args], capture_output=True, text=True,
                          timeout=600)


def needs_ray():
    if os.environ.get("CI") == "true":  # CI installs the cluster extra: there a missing Ray is a failure
        import ray  # noqa: F401
    else:
        pytest.importorskip("ray")


@pytest.mark.slow
def test_ray_local_instance_gives_the_figures_of_one_process():
    needs_ray()
    args = ("aquarius", "--players", "medium,random,easy", "--games", "6", "--seed", "8", "--json")
    here = run_arena(*args, "--workers", "1")
    spread = run_arena(*args, "--ray", "local")
    assert here.returncode == 0 and spread.returncode == 0, here.stderr + spread.stderr
    a, b = json.loads(here.stdout), json.loads(spread.stdout)
    assert all(ms > 0 for ms in b["mean_move_ms"])  # the tasks timed their moves
    a.pop("mean_move_ms"), b.pop("mean_move_ms")  # clock readings, the only figures that may differ
    assert a == b and sum(a["wins"]) + a["draws"] == 6


def test_ray_missing_is_one_line(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "ray", None)  # `import ray` fails as if it were not installed
    code = main(["arena", "dominus", "--players", "medium,random", "--games", "2", "--ray", "local"])
    err = capsys.readouterr().err
    assert code == 2 and err == ("aquarius3d: --ray: Ray is not installed: pip install 'aquarius3d[cluster]' "
                                 "(or pip install ray)\n")


def test_ray_address_nobody_answers_at_is_one_line(monkeypatch, capsys):
    with socket.socket() as sock:  # a port just freed: nothing listens there
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    fake = type(sys)("ray")
    fake.init = lambda **kwargs: pytest.fail("ray.init must not be tried when nothing answers")
    monkeypatch.setitem(sys.modules, "ray", fake)
    code = main(["arena", "dominus", "--players", "medium,random", "--games", "2", "--ray", f"127.0.0.1:{port}"])
    err = capsys.readouterr().err
    assert code == 2 and err.startswith(f"aquarius3d: --ray 127.0.0.1:{port}: cannot reach a Ray cluster there (")
    assert err.count("\n") == 1
    code = main(["arena", "dominus", "--players", "medium,random", "--games", "2", "--ray", "somewhere"])
    assert code == 2 and "expected HOST:PORT, ray://HOST:PORT, auto or local" in capsys.readouterr().err
    code = main(["arena", "dominus", "--players", "medium,random", "--games", "2", "--ray", "local",
                 "--workers", "2"])
    assert code == 2 and "give one of them" in capsys.readouterr().err
