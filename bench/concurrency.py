"""Benchmark: many people asking at once, over real websockets to real daphne processes.

    .venv/bin/python bench/concurrency.py                          # SQLite, one daphne, 1/10/25/50/100 clients
    .venv/bin/python bench/concurrency.py --db pg --redis --web 2  # PostgreSQL + Redis, two daphne processes
    .venv/bin/python bench/concurrency.py --clients 50 --rounds 3  # one level, three rounds
    .venv/bin/python bench/concurrency.py --model                  # 60 users, 2 s model, 200 ms TMDB (see
                                                                   # bench/concurrency_model.py)

Each client is its own user with its own movie chat and a browser session; all open the chat's HTML socket
(the page's path: every event rendered through the templates), then send one offline movie request at the
same moment (varied requests from tests/evals/movies.jsonl). Per level it prints turns/s, the time to the
first pick card (p50/p95), to the turn's end (p95), errors (refusals, closed sockets, timeouts) and the
server CPU per turn (user + system time of the daphne processes, from /proc, over the level).

Only prints; nothing asserts a time. Loopback only; the databases and files it makes are removed at exit.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from datetime import UTC, datetime
from pathlib import Path

import websockets

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from bench import concurrency_model  # noqa: E402  (the --model mode)
from tests.support.browser import RUN_DIR, DaphneServer  # noqa: E402  (real daphne on a free port, log kept)

PYTHON = sys.executable
PG_ADMIN = "postgres://postgres@127.0.0.1:5432/postgres"
REQUESTS = [json.loads(line)["text"] for line in (ROOT / "tests/evals/movies.jsonl").read_text().splitlines() if line]
CLK = os.sysconf("SC_CLK_TCK")


def _env(database_url: str, redis: int | None) -> dict[str, str]:
    env = {
        "DATABASE_URL": database_url,
        "DEBUG": "0",
        "SECRET_KEY": "bench-" + "k" * 50,
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "TURNS_PER_MINUTE": "0",
        "LOG_LEVEL": "WARNING",
        "MALLOC_ARENA_MAX": "2",
    }
    if redis is not None:
        env["REDIS_URL"] = f"redis://127.0.0.1:6379/{redis}"
    return env


def _manage(env: dict[str, str], *args: str) -> str:
    full = {**os.environ, **env}
    full.pop("DJANGO_SETTINGS_MODULE", None)
    done = subprocess.run([PYTHON, "manage.py", *args], cwd=ROOT, env=full, capture_output=True, text=True)
    if done.returncode:
        raise SystemExit(f"manage.py {' '.join(args)} failed:\n{done.stderr[-2000:]}")
    return done.stdout


SETUP = """
import json, sys
from django.contrib.auth import get_user_model
from django.contrib.sessions.backends.db import SessionStore
from chatapp.models import Chat
from recs.services.memory import memory_set_autostart
n = int(sys.argv[1]); tag = sys.argv[2]; out = []
User = get_user_model()
for i in range(n):
    user = User.objects.create_user(f"bench-{tag}-{i}", password="x")
    memory_set_autostart(user=user, enabled=False)  # the turn timed is the one sent, not a greeting
    s = SessionStore()
    s["_auth_user_id"] = str(user.pk)
    s["_auth_user_backend"] = "django.contrib.auth.backends.ModelBackend"
    s["_auth_user_hash"] = user.get_session_auth_hash()
    s.create()
    out.append([s.session_key, Chat.objects.create(owner=user).pk])
print(json.dumps(out))
"""


def _clients(env: dict[str, str], n: int) -> list[tuple[str, int]]:
    """n users, each with a session and a fresh movie chat (made by a manage.py shell on the same database)."""
    tag = uuid.uuid4().hex[:8]
    out = _manage(env, "shell", "-c", f"import sys; sys.argv=['x','{n}','{tag}']\n{SETUP}")
    return [tuple(row) for row in json.loads(out.strip().splitlines()[-1])]


async def _one(url: str, session: str, chat_id: int, text: str, start: asyncio.Event, t0: list[float]) -> dict:
    """One person: open the chat, wait for the go, send, and time the first card and the end of the turn."""
    ws_url = url.replace("http://", "ws://") + f"/ws/chats/{chat_id}/"
    result = {"first_card": None, "end": None, "error": None}
    try:
        async with websockets.connect(
            ws_url, origin=url, additional_headers={"Cookie": f"sessionid={session}"}, max_size=None, open_timeout=60
        ) as ws:
            await asyncio.wait_for(ws.recv(), 60)  # the history sync
            await start.wait()
            await ws.send(json.dumps({"action": "send", "text": text}))
            while result["end"] is None:
                frame = await asyncio.wait_for(ws.recv(), 60)
                now = time.perf_counter() - t0[0]
                if os.environ.get("BENCH_TRACE"):
                    print(f"{now * 1000:8.1f} ms {frame[:160]!r}", file=sys.stderr)
                if result["first_card"] is None and "card-pick" in frame:
                    result["first_card"] = now
                if "status-failed" in frame or (
                    'id="composer-error"' in frame and "</span>" in frame and "><" not in frame
                ):
                    result["error"] = "refused or failed"
                if 'id="send-button"' in frame and "msg assistant status-" in frame:
                    result["end"] = now
    except Exception as exc:  # a bench counts errors; it never stops at one
        result["error"] = type(exc).__name__
    return result


def _worker(env: dict[str, str]) -> subprocess.Popen:
    """`manage.py procrastinate worker` with the servers' settings, its output in the run directory."""
    full = {**os.environ, **env}
    full.pop("DJANGO_SETTINGS_MODULE", None)
    log = open(RUN_DIR / "bench-worker.log", "ab")  # noqa: SIM115 - the process owns it
    proc = subprocess.Popen(
        [PYTHON, "manage.py", "procrastinate", "worker"], cwd=ROOT, env=full, stdout=log, stderr=subprocess.STDOUT
    )
    time.sleep(3)  # registered and listening
    return proc


def _cpu(pids: list[int]) -> float:
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except FileNotFoundError:  # a PostgreSQL backend that ended meanwhile
            continue
        total += int(fields[11]) + int(fields[12])  # utime + stime, in clock ticks
    return total / CLK


def _postgres_pids() -> list[int]:
    """This machine's PostgreSQL processes (the server and its backends): the database's share of the CPU."""
    pids = []
    for stat in Path("/proc").glob("[0-9]*/comm"):
        try:
            if stat.read_text().strip() == "postgres":
                pids.append(int(stat.parent.name))
        except OSError:
            continue
    return pids


async def _level(servers: list[DaphneServer], env: dict[str, str], n: int, workers: tuple = ()) -> dict:
    clients = _clients(env, n)
    start, t0 = asyncio.Event(), [0.0]
    tasks = [
        asyncio.create_task(_one(servers[i % len(servers)].url, s, c, REQUESTS[i % len(REQUESTS)], start, t0))
        for i, (s, c) in enumerate(clients)
    ]
    await asyncio.sleep(1.0 + n * 0.02)  # every socket open and synced
    web, work, pg = [s.proc.pid for s in servers], [w.pid for w in workers], _postgres_pids()
    cpu0 = (_cpu(web), _cpu(work), _cpu(pg))
    t0[0] = time.perf_counter()
    start.set()
    results = await asyncio.gather(*tasks)
    wall = time.perf_counter() - t0[0]
    split = [after - before for after, before in zip((_cpu(web), _cpu(work), _cpu(pg)), cpu0, strict=True)]
    cpu = split[0] + split[1]
    ok = [r for r in results if r["error"] is None and r["end"] is not None]
    cards = sorted(r["first_card"] for r in ok if r["first_card"] is not None)
    ends = sorted(r["end"] for r in ok)
    return {
        "clients": n,
        "turns_s": len(ok) / max(ends[-1], 1e-9) if ends else 0.0,
        "card_p50": _pct(cards, 50),
        "card_p95": _pct(cards, 95),
        "end_p95": _pct(ends, 95),
        "errors": n - len(ok),
        "cpu_ms": 1000 * cpu / max(len(ok), 1),
        "split_ms": [1000 * c / max(len(ok), 1) for c in split],  # web processes, workers, PostgreSQL
        "wall": wall,
        "kinds": sorted({r["error"] for r in results if r["error"]}),
    }


def _pct(values: list[float], p: int) -> float:
    if not values:
        return float("nan")
    return statistics.quantiles(values, n=100, method="inclusive")[p - 1] if len(values) > 1 else values[0]


def _database(kind: str, tmp: Path, tag: str) -> tuple[str, str | None]:
    if kind == "sqlite":
        return f"sqlite:///{tmp / 'bench.sqlite3'}", None
    name = f"marquee_bench_{tag + '_' if tag else ''}{os.getpid()}"
    subprocess.run(["psql", PG_ADMIN, "-qc", f"CREATE DATABASE {name}"], check=True)
    return f"postgres://postgres@127.0.0.1:5432/{name}", name


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", choices=["sqlite", "pg"], default="sqlite")
    parser.add_argument("--redis", action="store_true", help="channel layer on Redis (db --redis-db)")
    parser.add_argument("--redis-db", type=int, default=7, help="Redis database number (shared machine: your own)")
    parser.add_argument("--tag", default="", help="word put in the PostgreSQL database's name (e.g. your name)")
    parser.add_argument("--web", type=int, default=1, help="daphne processes (clients spread round-robin)")
    parser.add_argument("--clients", default="1,10,25,50,100")
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--env", action="append", default=[], help="extra server setting, NAME=value")
    parser.add_argument(
        "--workers", type=int, default=0, help="Procrastinate workers (sets TURN_RUNNER=procrastinate; --db pg --redis)"
    )
    concurrency_model.add_arguments(parser)
    args = parser.parse_args()
    fakes = concurrency_model.start_fakes(args) if args.model else None
    tmp = Path(tempfile.mkdtemp(prefix="marquee-bench-"))
    RUN_DIR.mkdir(parents=True, exist_ok=True)
    url, pg_name = _database(args.db, tmp, args.tag)
    env = _env(url, args.redis_db if args.redis else None) | dict(e.split("=", 1) for e in args.env)
    if fakes:
        env |= concurrency_model.model_env(fakes[0], fakes[1])
    if args.workers:
        env["TURN_RUNNER"] = "procrastinate"
    servers: list[DaphneServer] = []
    workers: list[subprocess.Popen] = []
    try:
        _manage(env, "migrate", "--noinput")
        _manage(env, "collectstatic", "--noinput", "--verbosity", "0")
        for i in range(args.web):
            server = DaphneServer(f"bench-{i}", url, **{k: v for k, v in env.items() if k != "DATABASE_URL"})
            server.start()
            servers.append(server)
        for _ in range(args.workers):
            workers.append(_worker(env))
        stamp = (
            f"# {datetime.now(UTC):%Y-%m-%d %H:%M} UTC · {platform.node()} · {os.cpu_count()} CPUs · "
            f"load {os.getloadavg()[0]:.1f}\n# {' '.join(shlex.quote(a) for a in sys.argv)}\n"
            f"# {args.db} · redis {'on' if args.redis else 'off'} · {args.web} web process(es) · "
            f"{args.workers} worker(s) · {args.env or ''}"
        )
        if fakes:
            await concurrency_model.run(args, servers, env, fakes, stamp)
            return
        await _level(servers, env, 2 * len(servers), workers)  # warm-up, untimed: each process loads the catalogue once
        print(stamp)
        print(
            "| clients | turns/s | first card p50 | first card p95 | turn end p95 | errors | server CPU/turn "
            "| CPU/turn web / workers / PostgreSQL |"
        )
        print("|---:|---:|---:|---:|---:|---:|---:|---:|")
        for n in [int(c) for c in args.clients.split(",")]:
            for _ in range(args.rounds):
                r = await _level(servers, env, n, workers)
                kinds = f" ({', '.join(r['kinds'])})" if r["kinds"] else ""
                print(
                    f"| {n} | {r['turns_s']:.1f} | {r['card_p50'] * 1000:.0f} ms | {r['card_p95'] * 1000:.0f} ms | "
                    f"{r['end_p95'] * 1000:.0f} ms | {r['errors']}{kinds} | {r['cpu_ms']:.0f} ms | "
                    f"{' / '.join(f'{c:.0f}' for c in r['split_ms'])} ms |",
                    flush=True,
                )
    finally:
        for worker in workers:
            worker.terminate()
            worker.wait(timeout=30)
        for server in servers:
            server.stop()
        if pg_name:
            subprocess.run(["psql", PG_ADMIN, "-qc", f"DROP DATABASE IF EXISTS {pg_name} WITH (FORCE)"], check=False)
        if fakes:
            concurrency_model.stop_fakes(fakes)
        subprocess.run(["rm", "-rf", str(tmp), str(RUN_DIR)], check=False)


if __name__ == "__main__":
    asyncio.run(main())
