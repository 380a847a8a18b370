"""Search latency over 10,000 messages of one user (and 10,000 of another, which must never match), on SQLite
(FTS5) and PostgreSQL (GIN full-text index), against a naive `icontains` scan in the same process.

Each side runs in a subprocess on its own fresh database (a temporary SQLite file; a PostgreSQL database
`marquee_bench_search_<pid>` created on 127.0.0.1:5432 as user postgres and dropped at the end).

    .venv/bin/python bench/search.py                  # both databases
    .venv/bin/python bench/search.py --db sqlite --rounds 20
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PG_ADMIN = "postgres://postgres@127.0.0.1:5432/postgres"
MESSAGES = 10_000
CHATS = 100
WORDS = (
    "thriller comedy drama heist western noir romance horror sci-fi space robot detective murder mystery "
    "family animated musical war spy chase desert ocean island winter summer city village train ship "
    "director actor actress sequel remake classic cult slow tense warm funny dark bright quiet loud "
    "nineties eighties seventies french korean japanese italian british american silent black white "
    "dinosaur penguin dragon wizard pirate zombie vampire ghost alien cowboy samurai boxer chef teacher"
).split()
# What people type: a common word, rare ones, two words, prefixes, nothing to find.
QUERIES = [
    "thriller",
    "heist",
    "penguin",
    "samurai chef",
    "tense nineties",
    "dino",
    "vamp",
    "korean noir",
    "quiet winter village",
    "zzyzx",
    "sequel",
    "ghost ship",
    "the",
    "wizard",
    "black white",
    "cult classic",
]


def _text(rng: random.Random) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(rng.randint(8, 60))).capitalize() + "."


def _seed(user, rng: random.Random) -> None:
    from chatapp.models import Chat, Message

    chats = [Chat.objects.create(owner=user, title=" ".join(rng.sample(WORDS, 3))) for _ in range(CHATS)]
    rows = []
    for i in range(MESSAGES):
        role = "user" if i % 2 == 0 else "assistant"
        rows.append(
            Message(chat=chats[i % CHATS], role=role, turn_key=f"t{i // 2}", content=_text(rng), status="complete")
        )
    Message.objects.bulk_create(rows, batch_size=1000)


def _naive(user, q: str) -> list:
    """The baseline: every word as a case-insensitive substring, scanned; the same snippets."""
    from chatapp import selectors
    from chatapp.models import Message
    from chatapp.search_text import query_words, snippet_parts

    words = query_words(q)
    rows = Message.objects.filter(chat__owner=user).exclude(content="").select_related("chat")
    for word in words:
        rows = rows.filter(content__icontains=word)
    rows = rows.order_by("-created_at", "-id")[: selectors.SEARCH_LIMIT]
    return selectors._title_hits(user, words) + [
        selectors._message_hit(m, snippet_parts(m.content, words)) for m in rows
    ]


def _time(fn, rounds: int, per_query: dict | None = None) -> list[float]:
    times = []
    for _ in range(rounds):
        for q in QUERIES:
            t0 = time.perf_counter()
            fn(q)
            ms = (time.perf_counter() - t0) * 1000
            times.append(ms)
            if per_query is not None:
                per_query.setdefault(q, []).append(ms)
    return sorted(times)


def _p95(times: list[float]) -> float:
    return times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]


def run_side(database_url: str, rounds: int) -> dict:
    """In this (child) process: migrate, seed, time both searches; return the figures."""
    os.environ["DATABASE_URL"] = database_url
    os.environ.setdefault("DEBUG", "1")
    os.environ["DJANGO_SETTINGS_MODULE"] = "chatapp.settings"
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.db import connection

    from chatapp import selectors

    call_command("migrate", verbosity=0)
    rng = random.Random(13)
    users = get_user_model().objects
    alice, bob = users.create_user("alice", password="x"), users.create_user("bob", password="x")
    t0 = time.perf_counter()
    _seed(alice, rng)
    _seed(bob, rng)
    seed_s = time.perf_counter() - t0
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")
    assert not (
        set(h.chat_id for h in selectors.search(user=bob, q="heist")) & set(alice.chats.values_list("id", flat=True))
    )
    for q in QUERIES:  # warm-up, and both find the same messages
        fast = [h.message_id for h in selectors.search(user=alice, q=q) if h.message_id]
        slow = [h.message_id for h in _naive(alice, q) if h.message_id]
        assert set(fast) >= set(slow) or len(fast) == selectors.SEARCH_LIMIT, (q, len(fast), len(slow))
    per_query: dict[str, list[float]] = {}
    indexed = _time(lambda q: selectors.search(user=alice, q=q), rounds, per_query)
    naive = _time(lambda q: _naive(alice, q), rounds)
    return {
        "vendor": connection.vendor,
        "seed_s": seed_s,
        "indexed": [statistics.median(indexed), _p95(indexed), indexed[-1]],
        "naive": [statistics.median(naive), _p95(naive), naive[-1]],
        "n": len(indexed),
        "slowest": sorted(((statistics.median(v), q) for q, v in per_query.items()), reverse=True)[:3],
    }


def _pg(name: str, sql: str) -> None:
    import psycopg

    with psycopg.connect(PG_ADMIN, autocommit=True) as conn:
        conn.execute(sql.format(name=name))


def _child(database_url: str, rounds: int) -> dict:
    out = subprocess.run(
        [sys.executable, __file__, "--child", database_url, "--rounds", str(rounds)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    if out.returncode != 0:
        raise SystemExit(out.stderr)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    """Run each database side in its own process and print one table."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--db", choices=["sqlite", "postgres", "both"], default="both")
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--child")
    args = parser.parse_args()
    if args.child:
        print(json.dumps(run_side(args.child, args.rounds)))
        return
    results = []
    if args.db in ("sqlite", "both"):
        with tempfile.TemporaryDirectory() as tmp:
            results.append(_child(f"sqlite:///{tmp}/bench.sqlite3", args.rounds))
    if args.db in ("postgres", "both"):
        name = f"marquee_bench_search_{os.getpid()}"
        _pg(name, "CREATE DATABASE {name}")
        try:
            results.append(_child(f"postgres://postgres@127.0.0.1:5432/{name}", args.rounds))
        finally:
            _pg(name, "DROP DATABASE IF EXISTS {name} WITH (FORCE)")
    load = os.getloadavg()[0]
    print(
        f"search over {MESSAGES:,} messages of one user (+{MESSAGES:,} of another), {len(QUERIES)} queries, load {load:.1f}"
    )
    print("| database | search p50 | p95 | max | naive icontains p50 | p95 | max | p95 ratio (naive / search) |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for r in results:
        (a50, a95, amax), (b50, b95, bmax) = r["indexed"], r["naive"]
        print(
            f"| {r['vendor']} ({r['n']} searches) | {a50:.1f} ms | **{a95:.1f} ms** | {amax:.1f} ms | "
            f"{b50:.1f} ms | {b95:.1f} ms | {bmax:.1f} ms | {b95 / a95:.1f}x |"
        )
    for r in results:
        slowest = ", ".join(f"{q!r} {ms:.1f} ms" for ms, q in r["slowest"])
        print(f"{r['vendor']}: slowest queries (median): {slowest}")


if __name__ == "__main__":
    main()
