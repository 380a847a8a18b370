"""The measurements of bench/chat_turn.py: overhead, connection reuse, parallel lookups, autostart."""

from __future__ import annotations

import asyncio
import cProfile
import io
import math
import pstats
import statistics
import time

from channels.layers import get_channel_layer
from chat_turn_common import (
    PICKS,
    TIMING_KEYS,
    Listener,
    check_turns,
    fmt,
    pct,
    run_turn,
    stored,
)
from django.core.cache import cache
from django.db import connections
from django.test import override_settings

from chatapp import llm, turns
from chatapp.db import database_sync_to_async
from chatapp.events import group_name
from chatapp.models import Chat
from chatapp.planner.testing import ScriptedBackend
from chatapp.services import chat_create
from recs.sources.active import get_movie_source, reset_movie_source


async def bench_overhead(user, n_turns: int, warmup: int, profile: bool) -> tuple[list[str], list[str]]:
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
            f"   {key:<44}{fmt(statistics.median(values))} {fmt(pct(values, 95))} {fmt(statistics.fmean(values))}{note}"
        )
    if problems:
        out.append(f"   !! {len(problems)} turn(s) did not complete with {len(PICKS)} picks, e.g. {problems[0]}")

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
        out.append(f"   {label:<52}{fmt(med(key))} {fmt(min(values))} {fmt(max(values))}  {reqs}  {inflight}")
    out.append("")
    out.append(f"   ratio 3-pick phase / ONE lookup          = {turn3 / single:5.2f}   (target <= 1.3: parallel)")
    out.append(f"   ratio 3-pick phase / 1-pick phase        = {turn3 / turn1:5.2f}")
    out.append(f"   ratio sequential baseline / ONE lookup   = {seq / single:5.2f}   (what serial lookups would cost)")
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
            if message["event"]["type"] == "pick.resolved":
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
    for label, values in (
        ("time to first pick card (begin -> pick.resolved)", firsts),
        ("whole greeting turn", totals),
    ):
        rows.append(f"   {label:<52}{fmt(pct(values, 50))}{fmt(pct(values, 95))}{fmt(statistics.fmean(values))}")
    return rows
