"""Benchmark: an idle socket's ping, and a chat page, while three people run 12 MP image jobs back to back.

    .venv/bin/python bench/image_ping.py                    # both set-ups, one after the other
    .venv/bin/python bench/image_ping.py --setup inprocess  # (a) SQLite, image jobs in the daphne process
    .venv/bin/python bench/image_ping.py --setup worker     # (b) PostgreSQL + Redis + procrastinate, 1 worker

Per set-up: one real daphne process (+ one `manage.py procrastinate worker` in (b)), four users with an image
chat each. One idle user keeps the chat page's socket open and sends a websocket ping every ~50 ms (the pong
comes from daphne's event loop: whatever holds that loop or the GIL delays it), and loads its chat page every
~250 ms. First at rest (the baseline, same process, same run), then while three users each upload a photo-like
4000x3000 JPEG with an instruction (POST /api/imagelab/jobs, the rule planner: no OpenAI) and wait for the
job's end on their JSON socket, `--jobs` times back to back. Prints ping p50/p99/max and page GET p95 with
ratios to the at-rest run, jobs done, and CPU seconds per job of the web process and of the worker.

Only prints; nothing asserts a time. Loopback only; the databases and files it makes are removed at exit.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import shlex
import subprocess
import sys
import tempfile
import time
import uuid
from datetime import UTC, datetime
from pathlib import Path

import httpx
import websockets

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT))
from concurrency import PG_ADMIN, PYTHON, _cpu, _env, _manage, _pct  # noqa: E402  (the other server bench)
from imagelab_common import make_photo  # noqa: E402  (the 12 MP test photo of bench/imagelab.py)

from tests.support.browser import RUN_DIR, DaphneServer  # noqa: E402  (real daphne on a free port, log kept)

PING_EVERY_S = 0.05
PAGE_EVERY_S = 0.25
INSTRUCTION = "warmer and punchier, keep the framing"

SETUP = """
import json, sys
from django.contrib.auth import get_user_model
from django.contrib.sessions.backends.db import SessionStore
from chatapp.services import api_token_create
from imagelab.services import image_chat_create
from recs.services.memory import memory_set_autostart
n = int(sys.argv[1]); tag = sys.argv[2]; out = []
for i in range(n):
    user = get_user_model().objects.create_user(f"ping-{tag}-{i}", password="x")
    memory_set_autostart(user=user, enabled=False)
    s = SessionStore()
    s["_auth_user_id"] = str(user.pk)
    s["_auth_user_backend"] = "django.contrib.auth.backends.ModelBackend"
    s["_auth_user_hash"] = user.get_session_auth_hash()
    s.create()
    out.append([s.session_key, image_chat_create(user=user).pk, api_token_create(user=user)[1]])
print(json.dumps(out))
"""


def _people(env: dict[str, str], n: int) -> list[tuple[str, int, str]]:
    """n users with a session, an empty image chat and an API token."""
    out = _manage(env, "shell", "-c", f"import sys; sys.argv=['x','{n}','{uuid.uuid4().hex[:8]}']\n{SETUP}")
    return [tuple(row) for row in json.loads(out.strip().splitlines()[-1])]


def _worker(env: dict[str, str], nice: int) -> subprocess.Popen:
    """`manage.py procrastinate worker` with the server's settings (at CPU priority `nice`), log in RUN_DIR."""
    full = {**os.environ, **env}
    full.pop("DJANGO_SETTINGS_MODULE", None)
    log = open(RUN_DIR / "ping-worker.log", "ab")  # noqa: SIM115 - the process owns it
    command = [PYTHON, "manage.py", "procrastinate", "worker"]
    proc = subprocess.Popen(
        ["nice", "-n", str(nice), *command] if nice else command,
        cwd=ROOT,
        env=full,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    time.sleep(3)  # registered and listening
    return proc


def _ws_url(server: DaphneServer, path: str) -> str:
    return server.url.replace("http://", "ws://") + path


async def _pinger(server: DaphneServer, session: str, chat_id: int, stop: asyncio.Event) -> list[float]:
    """Websocket ping → pong round trips (ms) on the idle chat page's socket, one every PING_EVERY_S."""
    rtts: list[float] = []
    async with websockets.connect(
        _ws_url(server, f"/ws/chats/{chat_id}/"),
        origin=server.url,
        additional_headers={"Cookie": f"sessionid={session}"},
        max_size=None,
        ping_interval=None,  # only our pings
    ) as ws:
        await asyncio.wait_for(ws.recv(), 30)  # the history sync
        drain = asyncio.ensure_future(_drain(ws))
        while not stop.is_set():
            t0 = time.perf_counter()
            await asyncio.wait_for(await ws.ping(), 30)
            rtts.append((time.perf_counter() - t0) * 1000)
            await asyncio.sleep(PING_EVERY_S)
        drain.cancel()
    return rtts


async def _drain(ws) -> None:
    async for _frame in ws:  # an idle page gets nothing, but never let a frame back up
        pass


async def _pager(
    server: DaphneServer, session: str, chat_id: int, stop: asyncio.Event, errors: list[int]
) -> list[float]:
    """GET of the idle user's chat page (ms), one every PAGE_EVERY_S; other answers' statuses in `errors`."""
    times: list[float] = []
    async with httpx.AsyncClient(base_url=server.url, cookies={"sessionid": session}, timeout=60) as client:
        while not stop.is_set():
            t0 = time.perf_counter()
            response = await client.get(f"/chats/{chat_id}/")
            if response.status_code == 200:
                times.append((time.perf_counter() - t0) * 1000)
            else:  # a bench counts errors; it never stops at one
                errors.append(response.status_code)
            await asyncio.sleep(PAGE_EVERY_S)
    return times


async def _editor(
    server: DaphneServer, person: tuple[str, int, str], photo: bytes, jobs: int, reuse: bool = False
) -> list[str]:
    """One person: `jobs` uploads + instruction back to back, each waited for on the chat's JSON socket.

    With `reuse`, only the first job uploads; the next ones edit the chat's current image (no upload to check).
    """
    session, chat_id, token = person
    ends: list[str] = []
    async with (
        websockets.connect(
            _ws_url(server, f"/ws/api/chats/{chat_id}/"),
            origin=server.url,
            additional_headers={"Cookie": f"sessionid={session}"},
            max_size=None,
        ) as ws,
        httpx.AsyncClient(base_url=server.url, headers={"authorization": f"Bearer {token}"}, timeout=120) as client,
    ):
        await asyncio.wait_for(ws.recv(), 30)  # sync
        for i in range(jobs):
            upload = {} if reuse and i else {"files": {"image": ("photo.jpg", photo, "image/jpeg")}}
            response = await client.post(
                "/api/imagelab/jobs", data={"instruction": INSTRUCTION, "chat": str(chat_id)}, **upload
            )
            if response.status_code != 201:
                ends.append(f"refused {response.status_code}")
                continue
            while True:
                event = json.loads(await asyncio.wait_for(ws.recv(), 300))
                if event.get("type") == "job.ended":
                    ends.append(event["status"])
                if event.get("type") == "turn.ended":
                    break
    return ends


async def _phase(server, idle, pids, seconds: float | None = None, load=None) -> dict:
    """Ping and page samples for `seconds` at rest, or for as long as `load` (a coroutine) runs."""
    stop = asyncio.Event()
    session, chat_id, _token = idle
    pinger = asyncio.ensure_future(_pinger(server, session, chat_id, stop))
    page_errors: list[int] = []
    pager = asyncio.ensure_future(_pager(server, session, chat_id, stop, page_errors))
    await asyncio.sleep(1.0)  # both connected
    cpu0 = [_cpu([p]) for p in pids]
    t0 = time.perf_counter()
    ends = await load if load is not None else await asyncio.sleep(seconds) or []
    wall = time.perf_counter() - t0
    cpu = [_cpu([p]) - c for p, c in zip(pids, cpu0, strict=True)]
    stop.set()
    pings, pages = await pinger, await pager
    if page_errors:
        print(f"# page GET errors {page_errors}; the server's log ends:\n{server.log_tail(80)}", file=sys.stderr)
    return {
        "pings": sorted(pings),
        "pages": sorted(pages),
        "page_errors": len(page_errors),
        "ends": ends,
        "wall": wall,
        "cpu": cpu,
    }


async def _run(kind: str, jobs: int, rest_s: float, photo: bytes, nice: int, reuse: bool) -> list[dict]:
    tmp = Path(tempfile.mkdtemp(prefix="marquee-bench-ping-"))
    pg_name = None
    if kind == "inprocess":
        url = f"sqlite:///{tmp / 'bench.sqlite3'}"
    else:
        pg_name = f"marquee_bench_ping_{os.getpid()}"
        subprocess.run(["psql", PG_ADMIN, "-qc", f"CREATE DATABASE {pg_name}"], check=True)
        url = f"postgres://postgres@127.0.0.1:5432/{pg_name}"
    env = _env(url, redis=kind == "worker") | {"IMAGE_ROOT": str(tmp / "images"), "PLANNER_BACKEND": "rules"}
    if kind == "worker":
        env["REDIS_URL"] = os.environ.get("BENCH_REDIS_URL", env["REDIS_URL"])
        env["TURN_RUNNER"] = "procrastinate"
    server, worker = None, None
    try:
        _manage(env, "migrate", "--noinput")
        _manage(env, "collectstatic", "--noinput", "--verbosity", "0")
        server = DaphneServer(f"ping-{kind}", url, **{k: v for k, v in env.items() if k != "DATABASE_URL"})
        server.start(timeout=60)
        worker = _worker(env, nice) if kind == "worker" else None
        pids = [server.proc.pid] + ([worker.pid] if worker else [])
        idle, *editors = _people(env, 4)
        # Warm-up, untimed: imports, libvips, the first connections (one job through the whole path).
        await _editor(server, editors[0], photo, 1)
        rest = await _phase(server, idle, pids, seconds=rest_s)
        load = asyncio.gather(*(_editor(server, p, photo, jobs, reuse) for p in editors))
        loaded = await _phase(server, idle, pids, load=_flat(load))
        return [rest | {"phase": "at rest"}, loaded | {"phase": "under load"}]
    finally:
        if worker is not None:
            worker.terminate()
            worker.wait(timeout=30)
        if server is not None:
            server.stop()
        if pg_name:
            subprocess.run(["psql", PG_ADMIN, "-qc", f"DROP DATABASE IF EXISTS {pg_name} WITH (FORCE)"], check=False)
        subprocess.run(["rm", "-rf", str(tmp)], check=False)


async def _flat(gathered) -> list[str]:
    return [end for ends in await gathered for end in ends]


def _row(kind: str, r: dict, base: dict) -> str:
    p50, p99, page = _pct(r["pings"], 50), _pct(r["pings"], 99), _pct(r["pages"], 95)
    b99, bpage = _pct(base["pings"], 99), _pct(base["pages"], 95)
    done = sum(e == "done" for e in r["ends"])
    per_job = [f"{c / done:.1f} s" if done else "–" for c in r["cpu"]]
    other = sorted({e for e in r["ends"] if e != "done"})
    errors = f", {r['page_errors']} errors" if r["page_errors"] else ""
    return (
        f"| {kind} | {r['phase']} | {len(r['pings'])} | {p50:.1f} ms | {p99:.1f} ms (×{p99 / b99:.1f}) | "
        f"{r['pings'][-1]:.1f} ms | {page:.0f} ms (×{page / bpage:.1f}){errors} | "
        f"{done}{' + ' + ', '.join(other) if other else ''} | {per_job[0]} | {per_job[1] if len(per_job) > 1 else '–'} |"
    )


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--setup", choices=["both", "inprocess", "worker"], default="both")
    parser.add_argument("--jobs", type=int, default=3, help="image jobs per person, back to back (3 people)")
    parser.add_argument("--rest", type=float, default=15.0, help="seconds of pings at rest (the baseline)")
    parser.add_argument("--worker-nice", type=int, default=0, help="start the worker under `nice -n N`")
    parser.add_argument(
        "--reuse", action="store_true", help="upload once per person; later jobs edit the chat's current image"
    )
    args = parser.parse_args()
    RUN_DIR.mkdir(parents=True, exist_ok=True)
    photo_path = RUN_DIR / "photo-12mp.jpg"
    make_photo(photo_path)
    photo = photo_path.read_bytes()
    kinds = ["inprocess", "worker"] if args.setup == "both" else [args.setup]
    print(
        f"# {datetime.now(UTC):%Y-%m-%d %H:%M} UTC · {platform.node()} · {os.cpu_count()} CPUs · "
        f"load {' '.join(f'{x:.1f}' for x in os.getloadavg())} (shared machine)"
    )
    print(f"# {' '.join(shlex.quote(a) for a in sys.argv)} · photo 4000x3000 JPEG {len(photo) / 1e6:.1f} MB")
    print(
        "# inprocess: SQLite, image jobs in the daphne process · worker: PostgreSQL + Redis + procrastinate, 1 worker"
    )
    print(
        "| set-up | phase | pings | ping p50 | ping p99 | ping max | page GET p95 | jobs | web CPU/job | worker CPU/job |"
    )
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    try:
        for kind in kinds:
            rest, loaded = await _run(kind, args.jobs, args.rest, photo, args.worker_nice, args.reuse)
            print(_row(kind, rest, rest), flush=True)
            print(_row(kind, loaded, rest), flush=True)
            print(f"#   {kind}: load phase {loaded['wall']:.1f} s · load average {os.getloadavg()[0]:.1f}", flush=True)
    finally:
        subprocess.run(["rm", "-rf", str(RUN_DIR)], check=False)


if __name__ == "__main__":
    asyncio.run(main())
