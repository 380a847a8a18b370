"""`make run` says "open http://…" only once the server is listening (the Makefile's WAIT_FOR_PORT)."""

import shutil
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.skipif(shutil.which("make") is None, reason="needs GNU make")


def wait_for_port(port: int, timeout: float) -> subprocess.CompletedProcess:
    """The Makefile's own waiter, run the way `make run` runs it."""
    rule = f'probe: ; @"{sys.executable}" -c "$$WAIT_FOR_PORT" 127.0.0.1 {port} {timeout}'
    return subprocess.run(
        ["make", "-s", "--no-print-directory", "-f", "Makefile", f"--eval={rule}", "probe"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=30,
    )


def test_it_prints_the_open_line_only_once_the_server_listens():
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    port = server.getsockname()[1]
    threading.Timer(1.0, server.listen).start()  # the "server" starts listening a second later
    try:
        started = time.monotonic()
        result = wait_for_port(port, 10)
        waited = time.monotonic() - started
    finally:
        server.close()
    assert result.returncode == 0, result.stderr
    assert f"open http://127.0.0.1:{port}/" in result.stdout
    assert waited >= 0.9, f"printed after {waited:.2f}s, before the port listened"


def test_it_says_so_when_the_server_never_listens():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # bound, never listening: connections are refused
        result = wait_for_port(port, 0.5)
    assert result.returncode != 0  # make reports the waiter's exit 1 as its own failure
    assert "open http://" not in result.stdout
    assert "not listening" in result.stdout
