"""Benchmark: server overhead of one v2 chat turn, and whether a turn's lookups run in parallel.

    .venv/bin/python bench/chat_turn.py            # 200 timed turns, 7 lookup repetitions
    .venv/bin/python bench/chat_turn.py --quick    # smoke run (20 turns, 3 repetitions)

Part 1 runs full v2 turns (mode B, 3 picks) through the product path, `chatapp.turns.begin()`
then awaiting the turn's task, with a zero-latency ScriptedBackend (`llm.backend_override`)
and the embedded catalogue as the movie source. Every turn starts in a fresh chat (so the
blocked list stays empty and no pick is dropped), all owned by one user. The database is a
temporary SQLite file in WAL mode (the product's settings), migrated here and deleted at exit.

Part 2 points the product's TMDB source at the local fake TMDB (tests/fakes/tmdb_server.py)
answering every request after a fixed delay, so a lookup (search + details = 2 requests)
costs about 2 x delay at the network boundary, and compares one lookup, the 3-pick lookup
phase of a real turn (`t_lookups_total`) and 3 lookups awaited one after another.

It only prints; nothing here asserts a time. Loopback only; leaves no files behind.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import io
import logging
import math
import os
import platform
import pstats
import shlex
import statistics
import sys
import time
from datetime import datetime
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
os.environ["TURNS_PER_MINUTE"] = (
    "1000000"  # keep the rate check (and its cache calls) but never trip it
)
os.environ["LOG_LEVEL"] = "INFO"  # production default: every step is logged (to a sink, see below)
for _name in ("REDIS_URL", "TMDB_API_KEY", "OPENAI_API_KEY", "OPENAI_BASE_URL"):
    os.environ.pop(_name, None)  # in-memory channel layer and cache; no network

import django  # noqa: E402

django.setup()

from channels.db import database_sync_to_async  # noqa: E402
from channels.layers import get_channel_layer  # noqa: E402
from django.contrib.auth import get_user_model  # noqa: E402
from django.core.cache import cache  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection, connections  # noqa: E402
from django.db.backends.signals import connection_created  # noqa: E402
from django.test import override_settings  # noqa: E402

from chatapp import llm, turns  # noqa: E402
from chatapp.events import group_name  # noqa: E402
from chatapp.models import Chat, Message  # noqa: E402
from chatapp.planner.backends.scripted import ScriptedBackend  # noqa: E402
from chatapp.services import chat_create  # noqa: E402
from recs.sources import get_movie_source, reset_movie_source  # noqa: E402

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
    return ScriptedBackend.tool(
        "plan_picks", {"intro": "Three tense, clever films for tonight:", "picks": picks}
    )


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


async def bench_overhead(
    user, n_turns: int, warmup: int, profile: bool
) -> tuple[list[str], list[str]]:
    out: list[str] = []
    backend = ScriptedBackend(name="scripted-bench")
    listener = Listener()
    await listener.start()
    with llm.backend_override(backend):
        for _ in range(warmup):  # loads the catalogue, opens the DB connection, warms caches
            await run_turn(backend, user, listener, PICKS)
        listener.events = 0
        profiler = cProfile.Profile() if profile else None
        if profiler:
            profiler.enable()
        t0 = time.perf_counter()
        rows = [await run_turn(backend, user, listener, PICKS) for _ in range(n_turns)]
        elapsed = time.perf_counter() - t0
        if profiler:
            profiler.disable()
    await listener.stop()

    messages = await stored([r["message_id"] for r in rows])
    problems = check_turns(rows, messages, len(PICKS))
    wall = [r["wall"] for r in rows]
    begin = [r["begin"] for r in rows]
    task = [r["wall"] - r["begin"] for r in rows]
    sql_n = [r["sql_n"] for r in rows]
    sql_ms = [r["sql_ms"] for r in rows]
    timings = [messages[r["message_id"]].timings or {} for r in rows]
    outside = [r["wall"] - t.get("t_total", 0.0) for r, t in zip(rows, timings, strict=True)]

    out.append(
        f"1. Server overhead per turn: {n_turns} turns (+{warmup} warm-up, not counted), mode B, "
        f"{len(PICKS)} picks, new chat per turn"
    )
    out.append(
        "   planner: ScriptedBackend (zero latency) · movie source: embedded catalogue · "
        "DB: SQLite file, WAL, synchronous=NORMAL"
    )
    out.append("")
    out.append(f"   {'measure (ms)':<52}{'p50':>9}{'p95':>9}{'mean':>9}{'min':>9}{'max':>9}")
    for label, values in (
        ("turn wall: begin() -> task done", wall),
        ("  begin() (rate check, turn_start, announce)", begin),
        ("  task (flow + final save + TurnEnded)", task),
        ("  wall - stored t_total", outside),
        ("SQL execute time per turn", sql_ms),
    ):
        out.append(
            f"   {label:<52}{fmt(statistics.median(values))} {fmt(pct(values, 95))} "
            f"{fmt(statistics.fmean(values))} {fmt(min(values))} {fmt(max(values))}"
        )
    out.append(
        f"   {'SQL statements per turn':<44}{statistics.median(sql_n):>8.0f}  "
        f"{pct(sql_n, 95):>8.0f}  {statistics.fmean(sql_n):>8.1f}"
    )
    connects = [r["connects"] for r in rows]
    out.append(
        f"   {'DB connections opened per turn':<44}{statistics.median(connects):>8.0f}  "
        f"{pct(connects, 95):>8.0f}  {statistics.fmean(connects):>8.1f}"
    )
    out.append(
        f"   throughput: {n_turns / elapsed:.0f} turns/s sequential · channel-layer events "
        f"received: {listener.events / n_turns:.1f} per turn"
    )
    out.append("")
    out.append(f"   stored Message.timings (ms){'':<17}{'p50':>9}{'p95':>9}{'mean':>9}")
    for key in TIMING_KEYS:
        values = [t[key] for t in timings if key in t]
        if not values:
            out.append(f"   {key:<44}{'(absent)':>9}")
            continue
        note = "" if len(values) == len(timings) else f"  (in {len(values)}/{len(timings)} turns)"
        out.append(
            f"   {key:<44}{fmt(statistics.median(values))} {fmt(pct(values, 95))} "
            f"{fmt(statistics.fmean(values))}{note}"
        )
    if problems:
        out.append(
            f"   !! {len(problems)} turn(s) did not complete with {len(PICKS)} picks, e.g. {problems[0]}"
        )

    prof_lines: list[str] = []
    if profiler:
        buf = io.StringIO()
        pstats.Stats(profiler, stream=buf).sort_stats("tottime").print_stats(25)
        prof_lines = [
            "",
            "cProfile of the timed turns (event-loop thread only), by own time:",
            buf.getvalue(),
        ]
    return out, prof_lines


async def bench_conn_ab(user, n_turns: int, block: int = 10) -> list[str]:
    """Diagnostic, not the product's config: the same turns with persistent DB connections.

    The product's SQLite settings leave CONN_MAX_AGE at 0, so every database_sync_to_async hop
    closes and reopens the connection (init_command PRAGMAs included). Blocks of `block`
    turns alternate between that and CONN_MAX_AGE=None so machine noise hits both alike.
    """
    db = connections.settings["default"]  # the dict every thread's DatabaseWrapper shares
    original = db.get("CONN_MAX_AGE", 0)
    backend = ScriptedBackend(name="scripted-bench")
    listener = Listener()
    await listener.start()
    walls: dict[object, list[float]] = {original: [], None: []}
    connects: dict[object, list[int]] = {original: [], None: []}
    try:
        with llm.backend_override(backend):
            for i in range(2 * math.ceil(n_turns / block)):
                mode = original if i % 2 == 0 else None
                db["CONN_MAX_AGE"] = mode
                await database_sync_to_async(connections.close_all)()
                await run_turn(backend, user, listener, PICKS)  # settle after the switch
                for _ in range(block):
                    row = await run_turn(backend, user, listener, PICKS)
                    walls[mode].append(row["wall"])
                    connects[mode].append(row["connects"])
    finally:
        db["CONN_MAX_AGE"] = original
        await database_sync_to_async(connections.close_all)()
        await listener.stop()
    out = [
        f"1b. Diagnostic (not the product config): DB connection reuse, {len(walls[None])} turns per arm, "
        f"interleaved in blocks of {block}",
        f"   {'turn wall (ms)':<44}{'p50':>9}{'p95':>9}{'mean':>9}   connections opened per turn",
    ]
    for mode, label in (
        (original, f"CONN_MAX_AGE={original} (product setting)"),
        (None, "CONN_MAX_AGE=None (persistent)"),
    ):
        v = walls[mode]
        out.append(
            f"   {label:<52}{fmt(statistics.median(v))} {fmt(pct(v, 95))} {fmt(statistics.fmean(v))}"
            f"   {statistics.median(connects[mode]):.0f}"
        )
    return out


# --- part 2 ---------------------------------------------------------------------------------


async def bench_lookups(user, reps: int, delay_per_request: float) -> list[str]:
    from tests.fakes.tmdb_server import start_fake_tmdb

    out: list[str] = []
    fake, server = start_fake_tmdb()
    backend = ScriptedBackend(name="scripted-bench")
    listener = Listener()
    await listener.start()
    try:
        with (
            override_settings(
                MOVIE_SOURCE="tmdb",
                TMDB_API_KEY=fake.api_key,
                TMDB_BASE_URL=fake.base_url,
                TMDB_TIMEOUT=5.0,
            ),
            llm.backend_override(backend),
        ):
            reset_movie_source()  # override_settings already does (setting_changed); be explicit
            source = get_movie_source()
            assert source.name == "tmdb", source

            def requests_since(mark: int) -> int:
                return len(fake.requests) - mark

            # Warm-up without delay: builds the per-loop client, imports, first connections.
            await source.lookup(title=PICKS[0]["title"], year=PICKS[0]["year"])
            await run_turn(backend, user, listener, PICKS)
            fake.delay(delay_per_request)

            rows = []
            for rep in range(reps):
                row: dict[str, float] = {}
                pick = PICKS[rep % len(PICKS)]

                # ONE lookup (the unit of the ratio).
                cache.clear()
                mark = len(fake.requests)
                t0 = time.perf_counter()
                movie = await source.lookup(title=pick["title"], year=pick["year"])
                row["single"] = (time.perf_counter() - t0) * 1000
                row["single_req"] = requests_since(mark)
                row["single_ok"] = movie is not None

                # A real 3-pick turn: its stored t_lookups_total is the parallel phase.
                cache.clear()
                mark, fake.max_in_flight = len(fake.requests), 0
                turn3 = await run_turn(backend, user, listener, PICKS)
                row["turn3_wall"] = turn3["wall"]
                row["turn3_req"] = requests_since(mark)
                row["turn3_inflight"] = fake.max_in_flight
                row["turn3_id"] = turn3["message_id"]

                # A real 1-pick turn: the same phase with one lookup (apples to apples).
                cache.clear()
                turn1 = await run_turn(backend, user, listener, [pick])
                row["turn1_id"] = turn1["message_id"]

                # Sequential baseline: the 3 lookups awaited one after another.
                cache.clear()
                mark, fake.max_in_flight = len(fake.requests), 0
                t0 = time.perf_counter()
                for p in PICKS:
                    await source.lookup(title=p["title"], year=p["year"])
                row["seq"] = (time.perf_counter() - t0) * 1000
                row["seq_req"] = requests_since(mark)
                row["seq_inflight"] = fake.max_in_flight
                rows.append(row)

            fake.delay(0)
            await source.aclose()
    finally:
        await listener.stop()
        server.shutdown()
        server.server_close()
        cache.clear()
        reset_movie_source()

    messages = await stored([r["turn3_id"] for r in rows] + [r["turn1_id"] for r in rows])
    for r in rows:
        r["turn3"] = messages[r["turn3_id"]].timings.get("t_lookups_total", float("nan"))
        r["turn1"] = messages[r["turn1_id"]].timings.get("t_lookups_total", float("nan"))
    problems = check_turns([{"message_id": r["turn3_id"]} for r in rows], messages, 3)
    problems += check_turns([{"message_id": r["turn1_id"]} for r in rows], messages, 1)

    def med(key: str) -> float:
        return statistics.median(r[key] for r in rows)

    single, turn3, turn1, seq = med("single"), med("turn3"), med("turn1"), med("seq")
    per_lookup = rows[0]["single_req"]
    out.append(
        f"2. Parallel lookups: fake TMDB on 127.0.0.1 answering each request after "
        f"{delay_per_request * 1000:.0f} ms; one lookup = search + details = {per_lookup} requests "
        f"≈ {per_lookup * delay_per_request * 1000:.0f} ms"
    )
    out.append(
        f"   median of {reps} repetitions; TMDB cache (Django locmem) cleared before every measurement; "
        "the product's TmdbSource via get_movie_source()"
    )
    out.append("")
    out.append(f"   {'measure (ms)':<52}{'median':>9}{'min':>9}{'max':>9}  requests  max in flight")
    lines = (
        ("ONE lookup: source.lookup()", "single", f"{rows[0]['single_req']:>8}", ""),
        (
            "3-pick turn, t_lookups_total (parallel phase)",
            "turn3",
            f"{rows[0]['turn3_req']:>8}",
            f"{max(r['turn3_inflight'] for r in rows):>13}",
        ),
        ("1-pick turn, t_lookups_total", "turn1", "", ""),
        (
            "3 lookups awaited one after another (baseline)",
            "seq",
            f"{rows[0]['seq_req']:>8}",
            f"{max(r['seq_inflight'] for r in rows):>13}",
        ),
        ("3-pick turn, whole wall (begin -> done)", "turn3_wall", "", ""),
    )
    for label, key, reqs, inflight in lines:
        values = [r[key] for r in rows]
        out.append(
            f"   {label:<52}{fmt(med(key))} {fmt(min(values))} {fmt(max(values))}  {reqs}  {inflight}"
        )
    out.append("")
    out.append(
        f"   ratio 3-pick phase / ONE lookup          = {turn3 / single:5.2f}   (target <= 1.3: parallel)"
    )
    out.append(f"   ratio 3-pick phase / 1-pick phase        = {turn3 / turn1:5.2f}")
    out.append(
        f"   ratio sequential baseline / ONE lookup   = {seq / single:5.2f}   (what serial lookups would cost)"
    )
    if not all(r["single_ok"] for r in rows):
        out.append("   !! a single lookup found nothing: the fake TMDB data and PICKS disagree")
    if problems:
        out.append(f"   !! {len(problems)} TMDB turn(s) went wrong, e.g. {problems[0]}")
    return out


# --- main ---------------------------------------------------------------------------------------


async def bench_autostart(user, reps: int) -> list[str]:
    """3. A new chat's greeting turn with the real rule-based planner: time to the first pick card."""
    from chatapp import llm

    layer = get_channel_layer()
    firsts, totals = [], []
    llm.reset_caches()
    for rep in range(reps + 1):  # the first run is a warm-up (catalogue load, first plan)
        chat = await database_sync_to_async(chat_create)(user=user, kind=Chat.Kind.MOVIES)
        channel = await layer.new_channel()
        await layer.group_add(group_name(chat.pk), channel)
        t0 = time.perf_counter()
        started = await turns.begin_autostart(user=user, chat_id=chat.pk)
        if started is None:
            return ["3. Autostart: not started (AUTOSTART_RECOMMENDATIONS is off)"]
        _turn, task = started
        first = None
        while first is None:
            message = await asyncio.wait_for(layer.receive(channel), 30)
            if message["type"] == "pick.resolved":
                first = time.perf_counter()
        await task
        done = time.perf_counter()
        await layer.group_discard(group_name(chat.pk), channel)
        if rep:
            firsts.append((first - t0) * 1000)
            totals.append((done - t0) * 1000)
    rows = [
        "3. Autostart (new chat greeting, no user text): rule-based planner + embedded catalogue, "
        f"{reps} chats (+1 warm-up)",
        "",
        f"   {'measure (ms)':<52}{'p50':>9}{'p95':>9}{'mean':>9}",
    ]
    for label, values in (("time to first pick card (begin -> pick.resolved)", firsts), ("whole greeting turn", totals)):
        rows.append(f"   {label:<52}{fmt(pct(values, 50))}{fmt(pct(values, 95))}{fmt(statistics.fmean(values))}")
    return rows


def header(argv: list[str]) -> list[str]:
    try:
        affinity = len(os.sched_getaffinity(0))
    except AttributeError:
        affinity = os.cpu_count()
    with connection.cursor() as cur:
        cur.execute("PRAGMA journal_mode")
        journal = cur.fetchone()[0]
        cur.execute("select sqlite_version()")
        sqlite_version = cur.fetchone()[0]
    return [
        f"Marquee chat-turn bench · {datetime.now().astimezone():%Y-%m-%d %H:%M %Z} · "
        f"{platform.node() or 'host'} · nproc {affinity} (cpu_count {os.cpu_count()}) · "
        f"{platform.machine()} · Python {platform.python_version()} · Django {django.get_version()} · "
        f"SQLite {sqlite_version} (journal_mode={journal}) · load average at start "
        f"{' / '.join(f'{x:.2f}' for x in os.getloadavg())}",
        f"command: {shlex.join(argv)}",
    ]


async def amain(args: argparse.Namespace, user) -> list[str]:
    out, prof = await bench_overhead(user, args.turns, args.warmup, args.profile)
    out.append("")
    if args.ab_turns:
        out += await bench_conn_ab(user, args.ab_turns)
        out.append("")
    out += await bench_lookups(user, args.reps, args.delay_ms / 1000)
    out.append("")
    out += await bench_autostart(user, max(args.reps * 3, 10))
    # Close the DB connection of the database_sync_to_async thread before the file is removed.
    await database_sync_to_async(connections.close_all)()
    return out + prof


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--turns", type=int, default=200, help="timed turns in part 1 (default 200)"
    )
    parser.add_argument("--reps", type=int, default=7, help="repetitions in part 2 (default 7)")
    parser.add_argument("--warmup", type=int, default=10, help="untimed warm-up turns (default 10)")
    parser.add_argument(
        "--delay-ms",
        type=float,
        default=100.0,
        help="fake TMDB delay per request; a lookup is 2 requests (default 100)",
    )
    parser.add_argument(
        "--ab-turns",
        type=int,
        default=100,
        help="turns per arm of the DB-connection-reuse diagnostic, 0 to skip (default 100)",
    )
    parser.add_argument(
        "--quick", action="store_true", help="smoke run: 20 turns, 3 reps, 3 warm-up, 20 A/B turns"
    )
    parser.add_argument("--profile", action="store_true", help="also print a cProfile of part 1")
    args = parser.parse_args()
    if args.quick:
        args.turns, args.reps, args.warmup = (
            min(args.turns, 20),
            min(args.reps, 3),
            min(args.warmup, 3),
        )
        args.ab_turns = min(args.ab_turns, 20)
    if args.turns < 1 or args.reps < 1:
        parser.error("--turns and --reps must be at least 1")

    sink = LogSink()
    for handler in logging.getLogger("marquee").handlers:
        if isinstance(handler, logging.StreamHandler):
            handler.setStream(sink)

    for suffix in ("", "-wal", "-shm"):
        Path(f"{DB_PATH}{suffix}").unlink(missing_ok=True)
    started = time.perf_counter()
    try:
        call_command("migrate", verbosity=0, interactive=False)
        user = get_user_model().objects.create_user(username="bench")
        lines = header(getattr(sys, "orig_argv", [sys.executable, *sys.argv]))
        lines.append("")
        lines += asyncio.run(amain(args, user))
    finally:
        connections.close_all()
        for suffix in ("", "-wal", "-shm"):
            Path(f"{DB_PATH}{suffix}").unlink(missing_ok=True)
    lines.append("")
    lines.append(
        f"marquee log output during the run: {sink.lines} lines, {sink.chars / 1024:.0f} KiB "
        f"(LOG_LEVEL=INFO, console handler redirected to a counting sink) · bench took "
        f"{time.perf_counter() - started:.1f} s · temp DB {DB_PATH} removed"
    )
    for problem in sink.problems:
        lines.append(f"   log: {problem}")
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
