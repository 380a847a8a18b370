"""A deployment at scale for end-to-end tests: a fresh PostgreSQL database, daphne processes and
Procrastinate workers (TURN_RUNNER=procrastinate, Redis channel layer), people with sessions, JSON sockets."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import shutil
import signal
import subprocess
import time
import uuid

import psycopg
import websockets

from tests.support.browser import PYTHON, ROOT, RUN_DIR, DaphneServer, server_env

PG_ADMIN = "postgres://postgres@127.0.0.1:5432/postgres"
# The suite's Redis db (under xdist, this worker's: tests/settings.py), else db 9: the deployment's chats start at
# pk 1 like the test database's, so it must never share a db with another worker's channel layer.
REDIS_URL = os.environ.get("REDIS_URL") or "redis://127.0.0.1:6379/9"

SETUP = """
import json, sys
from django.contrib.auth import get_user_model
from django.contrib.sessions.backends.db import SessionStore
from chatapp.models import Chat
from recs.services.memory import memory_set_autostart
user = get_user_model().objects.create_user(sys.argv[1], password="x")
memory_set_autostart(user=user, enabled=False)  # every turn is one the test sends
s = SessionStore()
s["_auth_user_id"] = str(user.pk)
s["_auth_user_backend"] = "django.contrib.auth.backends.ModelBackend"
s["_auth_user_hash"] = user.get_session_auth_hash()
s.create()
if sys.argv[2] == "images":
    from chatapp.services import api_token_create
    from imagelab.services import image_chat_create
    print(json.dumps([s.session_key, image_chat_create(user=user).pk, api_token_create(user=user)[1]]))
else:
    print(json.dumps([s.session_key, Chat.objects.create(owner=user).pk]))
"""


class Deployment:
    """One database, N daphne processes and M workers sharing it and one Redis."""

    def __init__(self, **env: str) -> None:
        self.dbname = f"marquee_e2e_{os.getpid()}_scaled"
        self.database_url = f"postgres://postgres@127.0.0.1:5432/{self.dbname}"
        self.env = {
            "TURN_RUNNER": "procrastinate",
            "REDIS_URL": REDIS_URL,
            "TURNS_PER_MINUTE": "0",
            "IMAGE_ROOT": str(RUN_DIR / "images"),  # one image store for every web process and worker
            **env,
        }
        self.servers: list[DaphneServer] = []
        self.workers: list[subprocess.Popen] = []

    def _admin(self, sql: str) -> None:
        with psycopg.connect(PG_ADMIN, autocommit=True) as conn:
            conn.execute(sql)

    def manage(self, *args: str) -> str:
        env = server_env(self.database_url, **self.env)
        done = subprocess.run([PYTHON, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True)
        if done.returncode:
            raise RuntimeError(f"manage.py {args[0]} failed:\n{done.stderr[-3000:]}")
        return done.stdout

    def start(self, *, web: int, workers: int) -> Deployment:
        self._admin(f'DROP DATABASE IF EXISTS "{self.dbname}" WITH (FORCE)')
        self._admin(f'CREATE DATABASE "{self.dbname}"')
        self.manage("migrate", "--noinput", "-v0")
        RUN_DIR.mkdir(parents=True, exist_ok=True)
        for i in range(web):
            self.servers.append(DaphneServer(f"web{i}", self.database_url, **self.env).start(timeout=40))
        for _ in range(workers):
            self.start_worker()
        return self

    def start_worker(self) -> subprocess.Popen:
        """`manage.py procrastinate worker` (queues turns and images), output in a log file."""
        log = open(RUN_DIR / f"worker{len(self.workers)}.log", "wb")  # noqa: SIM115 - the process owns it
        proc = subprocess.Popen(
            [PYTHON, "manage.py", "procrastinate", "worker"],
            cwd=ROOT,
            env=server_env(self.database_url, **self.env),
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        self.workers.append(proc)
        time.sleep(3)  # registered, listening
        return proc

    def person(self) -> tuple[str, int]:
        """A new user with a session and an empty movie chat: (session key, chat id)."""
        session, chat_id = self._setup("movies")
        return session, chat_id

    def image_person(self) -> tuple[str, int, str]:
        """A new user with a session, an empty image chat and an API token: (session key, chat id, token)."""
        session, chat_id, token = self._setup("images")
        return session, chat_id, token

    def _setup(self, kind: str) -> list:
        name = f"p{uuid.uuid4().hex[:10]}"
        out = self.manage("shell", "-c", f"import sys; sys.argv=['x','{name}','{kind}']\n{SETUP}")
        return json.loads(out.strip().splitlines()[-1])

    def logs(self) -> str:
        parts = [f"--- {s.name}\n{s.log_tail()}" for s in self.servers]
        for path in sorted(RUN_DIR.glob("worker*.log")):
            parts.append(f"--- {path.name}\n" + "\n".join(path.read_text(errors="replace").splitlines()[-40:]))
        return "\n".join(parts)

    def stop(self) -> None:
        for proc in self.workers:
            if proc.poll() is None:
                proc.send_signal(signal.SIGTERM)
        for proc in self.workers:
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                proc.kill()
        for server in self.servers:
            server.stop()
        self._admin(f'DROP DATABASE IF EXISTS "{self.dbname}" WITH (FORCE)')
        shutil.rmtree(self.env["IMAGE_ROOT"], ignore_errors=True)  # the logs stay for a look after a failure


class JsonSocket:
    """A person's JSON socket on one web process (/ws/api/chats/<id>/)."""

    def __init__(self, ws) -> None:
        self.ws = ws

    @classmethod
    async def open(cls, server: DaphneServer, session: str, chat_id: int) -> JsonSocket:
        ws = await websockets.connect(
            server.url.replace("http://", "ws://") + f"/ws/api/chats/{chat_id}/",
            origin=server.url,
            additional_headers={"Cookie": f"sessionid={session}"},
            open_timeout=30,
        )
        sock = cls(ws)
        assert (await sock.next_event(30))["type"] == "sync"
        return sock

    async def send(self, **frame) -> None:
        await self.ws.send(json.dumps(frame))

    async def next_event(self, timeout: float) -> dict:
        return json.loads(await asyncio.wait_for(self.ws.recv(), timeout))

    async def until(self, event_type: str, timeout: float = 20.0) -> tuple[dict, list[dict]]:
        """Events up to the first of `event_type` (that one, and every one before it)."""
        seen: list[dict] = []
        deadline = asyncio.get_running_loop().time() + timeout
        while True:
            event = await self.next_event(max(0.01, deadline - asyncio.get_running_loop().time()))
            seen.append(event)
            if event.get("type") == event_type:
                return event, seen

    async def close(self) -> None:
        await self.ws.close()


@contextlib.contextmanager
def deployment_with_model(model_url: str, **env: str):
    """2 daphne processes + 1 worker planning with the fake OpenAI at `model_url`, dead workers told within 10 s."""
    deployed = Deployment(
        PLANNER_BACKEND="openai",
        OPENAI_API_KEY="sk-test-scaled",
        OPENAI_BASE_URL=model_url,
        # A dead worker's turn is told from a live one after 10 s (the default 30 s works the same, slower).
        TURN_HEARTBEAT_S="1",
        TURN_STALE_AFTER_S="10",
        TURN_SHUTDOWN_GRACE_S="2",
        **env,
    )
    try:
        yield deployed.start(web=2, workers=1)
    except BaseException:
        print(deployed.logs())
        raise
    finally:
        deployed.stop()
