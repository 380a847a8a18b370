"""Faults on demand for the fault tests: a Redis server of the test's own to stop and start again, and a
PostgreSQL test database whose sessions are cut (what a server restart does to them) or refused for a while.

Never the shared servers: the Redis is started here on a free port with no persistence, and only the
test's own database (its name from Django's connection) is touched.
"""

from __future__ import annotations

import contextlib
import shutil
import socket
import subprocess
import time
from pathlib import Path

REDIS_SERVER = shutil.which("redis-server") or "/usr/bin/redis-server"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class RedisServer:
    """`redis-server` on a free loopback port, no snapshot on disk: stop() and start() it as a fault."""

    def __init__(self, log_dir: Path):
        self.port = _free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.log_path = log_dir / f"redis-{self.port}.log"
        self.proc: subprocess.Popen | None = None

    def start(self, timeout: float = 10.0) -> RedisServer:
        args = [REDIS_SERVER, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"]
        args += ["--logfile", str(self.log_path)]
        self.proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"redis-server exited with {self.proc.returncode} (log {self.log_path})")
            if self.answers():
                return self
            time.sleep(0.05)
        raise RuntimeError(f"redis-server on port {self.port} did not answer within {timeout:.0f}s")

    def answers(self) -> bool:
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", self.port), timeout=0.5) as s:
            s.sendall(b"PING\r\n")
            return s.recv(16).startswith(b"+PONG")
        return False

    def subscribers(self, channel: str) -> int:
        """How many connections are subscribed to a pub/sub channel (e.g. a group of the pub/sub layer)."""
        with socket.create_connection(("127.0.0.1", self.port), timeout=2) as s:
            s.sendall(f"PUBSUB NUMSUB {channel}\r\n".encode())
            return int(s.recv(256).split(b"\r\n")[-2].lstrip(b":"))

    def exists(self, key: str) -> bool:
        """Whether the key is stored (e.g. a channel layer group: `asgi:group:<name>`)."""
        with socket.create_connection(("127.0.0.1", self.port), timeout=2) as s:
            s.sendall(f"EXISTS {key}\r\n".encode())
            return s.recv(16).startswith(b":1")

    def stop(self) -> None:
        """Stop the server (SIGTERM, then SIGKILL): every client's connection drops, nothing is kept."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=5)
        self.proc = None


def redis_available() -> bool:
    return Path(REDIS_SERVER).exists()


def _admin(dsn: dict):
    import psycopg

    return psycopg.connect(autocommit=True, **{**dsn, "dbname": "postgres"})


def pg_dsn(settings_dict: dict) -> dict:
    """psycopg's connection arguments for a Django PostgreSQL settings dict."""
    dsn = {"host": settings_dict.get("HOST") or "127.0.0.1", "user": settings_dict.get("USER") or "postgres"}
    if settings_dict.get("PORT"):
        dsn["port"] = int(settings_dict["PORT"])
    if settings_dict.get("PASSWORD"):
        dsn["password"] = settings_dict["PASSWORD"]
    dsn["dbname"] = settings_dict["NAME"]
    return dsn


def pg_cut_sessions(dsn: dict) -> int:
    """End every session on the database but this one, as a PostgreSQL restart does; how many were ended."""
    with _admin(dsn) as conn:
        rows = conn.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s AND pid <> pg_backend_pid()",
            [dsn["dbname"]],
        ).fetchall()
    return len(rows)


def pg_allow_connections(dsn: dict, allowed: bool) -> None:
    """Refuse (or take again) new connections to the database, as a server still starting up does."""
    from psycopg import sql

    with _admin(dsn) as conn:
        conn.execute(
            sql.SQL("ALTER DATABASE {} ALLOW_CONNECTIONS {}").format(
                sql.Identifier(dsn["dbname"]), sql.SQL("true" if allowed else "false")
            )
        )


def close_every_connection() -> None:
    """Close the test process's connections after its sessions were ended: this thread's, the hop pool's and
    asgiref's one thread-sensitive thread's, so no ended session reaches a later test on this worker."""
    from asgiref.sync import SyncToAsync
    from django.db import connections

    from chatapp.db import hop_pool_close

    with contextlib.suppress(Exception):
        connections.close_all()
    hop_pool_close()
    with contextlib.suppress(Exception):
        SyncToAsync.single_thread_executor.submit(connections.close_all).result(timeout=30)


@contextlib.contextmanager
def own_redis():
    """A `RedisServer` of the test's own (a free port, nothing saved), stopped at the end."""
    from tests.support.browser import RUN_DIR

    RUN_DIR.mkdir(parents=True, exist_ok=True)
    server = RedisServer(RUN_DIR).start()
    try:
        yield server
    finally:
        server.stop()


async def until(check, timeout: float = 20.0) -> None:
    """Wait until `check()` (a blocking call, run in a thread) is true; fail after `timeout` seconds."""
    import asyncio

    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not await asyncio.to_thread(check):
        assert loop.time() < deadline, "never happened"
        await asyncio.sleep(0.05)
