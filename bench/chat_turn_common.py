"""Shared plumbing of bench/chat_turn.py: settings, Django set-up, counters, one scripted turn."""

from __future__ import annotations

import asyncio
import io
import math
import os
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

DB_PATH = Path(f"/tmp/marquee-bench-{os.getpid()}.sqlite3")

# --- settings: everything is env-driven, so set it before Django reads it ----------------
os.environ["DJANGO_SETTINGS_MODULE"] = "chatapp.settings"
os.environ["DATABASE_URL"] = f"sqlite:///{DB_PATH}"  # sqlite:////tmp/... (absolute path)
os.environ["DEBUG"] = "0"  # production-like: DEBUG=1 would also keep every SQL query in memory
os.environ["SECRET_KEY"] = "bench-only-not-a-secret"
os.environ["MOVIE_SOURCE"] = "catalogue"  # part 2 switches to TMDB with override_settings
os.environ["PLANNER_BACKEND"] = "rules"  # never OpenAI; the scripted backend overrides it anyway
os.environ["TURNS_PER_MINUTE"] = "1000000"  # keep the rate check (and its cache calls) but never trip it
os.environ["LOG_LEVEL"] = "INFO"  # production default: every step is logged (to a sink, see below)
for _name in ("REDIS_URL", "TMDB_API_KEY", "OPENAI_API_KEY", "OPENAI_BASE_URL"):
    os.environ.pop(_name, None)  # in-memory channel layer and cache; no network

import django  # noqa: E402

django.setup()

from channels.layers import get_channel_layer  # noqa: E402
from django.db.backends.signals import connection_created  # noqa: E402

from chatapp import turns  # noqa: E402
from chatapp.db import database_sync_to_async  # noqa: E402
from chatapp.events import group_name  # noqa: E402
from chatapp.models import Chat, Message  # noqa: E402
from chatapp.planner.testing import ScriptedBackend  # noqa: E402
from chatapp.services import chat_create  # noqa: E402

PICKS = [  # in the embedded catalogue and in the fake TMDB, with their real years
    {"title": "Se7en", "year": 1995, "reason": "A rain-soaked procedural that never lets go."},
    {"title": "The Matrix", "year": 1999, "reason": "Smart, kinetic science fiction."},
    {"title": "Alien", "year": 1979, "reason": "Slow-burn dread in a haunted-house spaceship."},
]
USER_TEXT = "Something tense and smart from the late 70s to the 90s, please."
TIMING_KEYS = (
    "t_read_blocked",
    "t_read_profile",
    "t_decide_mode",
    "t_plan_picks",
    "t_lookups_total",
    "t_db_writes",
    "t_total",
)


# --- measurement helpers -------------------------------------------------------------------


class SqlCounter:
    """Counts statements and time inside cursor.execute on every DB connection (any thread)."""

    def __init__(self) -> None:
        self.statements = 0
        self.seconds = 0.0

    def __call__(self, execute, sql, params, many, context):
        t0 = time.perf_counter()
        try:
            return execute(sql, params, many, context)
        finally:
            self.seconds += time.perf_counter() - t0
            self.statements += 1

    def snapshot(self) -> tuple[int, float]:
        return self.statements, self.seconds


SQL = SqlCounter()


def _wrap_connection(sender, connection, **kwargs) -> None:
    CONNECTS.append(1)
    if SQL not in connection.execute_wrappers:  # the wrapper outlives a reconnect
        connection.execute_wrappers.append(SQL)


CONNECTS: list[int] = []  # one entry per DB connection opened (CONN_MAX_AGE=0 would reopen per hop)


connection_created.connect(_wrap_connection, dispatch_uid="bench.sql_counter")


class LogSink(io.TextIOBase):
    """Where the `marquee` console handler writes during the bench: counted, not printed."""

    def __init__(self) -> None:
        self.lines = 0
        self.chars = 0
        self.problems: list[str] = []

    def write(self, text: str) -> int:
        self.lines += text.count("\n")
        self.chars += len(text)
        if (" ERROR " in text or " WARNING " in text) and len(self.problems) < 5:
            # The first line, and the exception when a traceback follows.
            lines = text.strip().splitlines()
            self.problems.append(" … ".join(dict.fromkeys([lines[0][:200], lines[-1][:300]])))
        return len(text)


def pct(values: list[float], p: float) -> float:
    """Nearest-rank percentile."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(p / 100 * len(ordered)) - 1)]


def fmt(ms: float) -> str:
    return f"{ms:8.2f}"


# --- product plumbing -------------------------------------------------------------------------


def plan_reply(picks: list[dict]) -> object:
    return ScriptedBackend.tool("plan_picks", {"intro": "Three tense, clever films for tonight:", "picks": picks})


def decide_reply() -> object:
    return ScriptedBackend.tool("decide_mode", {"mode": "B", "reason": "The user asks for films."})


class Listener:
    """One in-memory channel-layer consumer watching the chat, as an open browser tab would."""

    def __init__(self) -> None:
        self.layer = get_channel_layer()
        self.events = 0
        self.channel = ""
        self._task: asyncio.Task | None = None

    async def start(self) -> None:
        self.channel = await self.layer.new_channel()
        self._task = asyncio.get_running_loop().create_task(self._drain())

    async def _drain(self) -> None:
        while True:
            await self.layer.receive(self.channel)
            self.events += 1

    async def watch(self, chat_id: int) -> None:
        await self.layer.group_add(group_name(chat_id), self.channel)

    async def unwatch(self, chat_id: int) -> None:
        await self.layer.group_discard(group_name(chat_id), self.channel)

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            try:
                await self._task
            except asyncio.CancelledError:
                pass


async def run_turn(backend: ScriptedBackend, user, listener: Listener, picks: list[dict]) -> dict:
    """One full turn in a fresh chat; returns wall times (ms) and the SQL done during it."""
    chat = await database_sync_to_async(chat_create)(user=user, kind=Chat.Kind.MOVIES)
    await listener.watch(chat.pk)
    backend.add(decide_reply(), purpose="decide_mode")
    backend.add(plan_reply(picks), purpose="plan_picks")
    backend.requests.clear()
    sql0, conn0 = SQL.snapshot(), len(CONNECTS)
    t0 = time.perf_counter()
    turn, task = await turns.begin(user=user, chat_id=chat.pk, text=USER_TEXT)
    t_begin = time.perf_counter()
    await task
    t_end = time.perf_counter()
    sql1, conn1 = SQL.snapshot(), len(CONNECTS)
    await listener.unwatch(chat.pk)
    return {
        "chat_id": chat.pk,
        "message_id": turn.message_id,
        "wall": (t_end - t0) * 1000,
        "begin": (t_begin - t0) * 1000,
        "sql_n": sql1[0] - sql0[0],
        "sql_ms": (sql1[1] - sql0[1]) * 1000,
        "connects": conn1 - conn0,
    }


def _stored(message_ids: list[int]) -> dict[int, Message]:
    return {m.pk: m for m in Message.objects.filter(pk__in=message_ids)}


stored = database_sync_to_async(_stored)


def check_turns(rows: list[dict], messages: dict[int, Message], picks_wanted: int) -> list[str]:
    """Plain problems with the turns (a wrong status or missing picks), if any."""
    problems = []
    for row in rows:
        m = messages[row["message_id"]]
        shown = len((m.payload or {}).get("picks", []))
        if m.status != Message.Status.COMPLETE or shown != picks_wanted:
            problems.append(f"message {m.pk}: status={m.status} picks={shown} error={m.error!r}")
    return problems


# --- part 1 ---------------------------------------------------------------------------------
