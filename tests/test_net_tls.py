"""TLS when the host is given a certificate (issue 31, point 7), on loopback: the code says wss://, a player who
trusts the certificate plays a whole game, one who does not is refused by its own side in one line."""

import asyncio
import io
import shutil
import ssl
import subprocess

import pytest

from aquarius3d.core.errors import DataError
from aquarius3d.net.client import Guest, play_bot
from aquarius3d.net.code import parse_code
from netting import LOOPBACK, run, start_host

pytestmark = [pytest.mark.skipif(shutil.which("openssl") is None, reason="no openssl command to make a certificate"),
              pytest.mark.usefixtures("private_home")]


@pytest.fixture
def certificate(tmp_path):
    cert, key = tmp_path / "host.pem", tmp_path / "host.key"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", f"/CN={LOOPBACK}",
                    "-addext", f"subjectAltName=IP:{LOOPBACK}", "-keyout", str(key), "-out", str(cert)],
                   check=True, capture_output=True, timeout=60)
    return cert, key


def test_a_host_with_a_certificate_plays_over_tls(certificate):
    cert, key = certificate
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(cert, key)

    async def go():
        host, task = await start_host("aquarius", "remote,remote")
        task.cancel()  # (started without TLS: start again with the certificate)
        await asyncio.gather(task, return_exceptions=True)
        host.ready.clear()
        task = asyncio.create_task(host.run(LOOPBACK, 0, tls=context))
        await asyncio.wait_for(host.ready.wait(), 10)
        with pytest.raises(OSError, match="CERTIFICATE_VERIFY_FAILED"):
            await Guest(host.code, "Eve").join()  # this computer knows no authority that signed it
        results = await asyncio.gather(*(play_bot(host.code, "random", f"P{i}", i, out=io.StringIO(), cafile=str(cert))
                                         for i in range(2)))
        await asyncio.wait_for(task, 10)
        return host, results
    host, results = run(go(), 60)
    assert str(host.code).startswith(f"wss://{LOOPBACK}:") and parse_code(str(host.code)) == host.code
    assert results == [0, 0] and host.session.state.over


def test_a_certificate_that_cannot_be_read_is_said_before_listening(tmp_path):
    from aquarius3d.net.commands import _tls

    class Args:
        cert, key = str(tmp_path / "missing.pem"), None
    with pytest.raises(DataError, match="--cert: cannot use .*missing.pem"):
        _tls(Args())
    Args.cert, Args.key = None, "key.pem"
    with pytest.raises(DataError, match="--key: give the certificate too"):
        _tls(Args())
