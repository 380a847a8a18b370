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
import logging
import os
import platform
import shlex
import sys
import time
from datetime import datetime
from pathlib import Path

# First: this sets the environment and Django up.
from chat_turn_common import DB_PATH, LogSink  # isort: skip

import django  # noqa: E402
from chat_turn_parts import bench_autostart, bench_conn_ab, bench_lookups, bench_overhead  # noqa: E402
from django.contrib.auth import get_user_model  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection, connections  # noqa: E402

from chatapp.db import database_sync_to_async  # noqa: E402


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
    parser.add_argument("--turns", type=int, default=200, help="timed turns in part 1 (default 200)")
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
    parser.add_argument("--quick", action="store_true", help="smoke run: 20 turns, 3 reps, 3 warm-up, 20 A/B turns")
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
