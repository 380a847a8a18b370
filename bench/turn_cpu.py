"""Benchmark: server CPU of an offline movie turn, in one process, over the real HTML socket (issue 10).

    PYTHONPATH=$PWD .venv/bin/python bench/turn_cpu.py                 # 3 rounds: 20 turns one by one, 50 at once
    PYTHONPATH=$PWD .venv/bin/python bench/turn_cpu.py --seq 100 --burst 0 --rounds 1   # e.g. under py-spy
    PYTHONPATH=$PWD .venv/bin/python bench/turn_cpu.py --model   # planned by a fake OpenAI, films from a fake TMDB

Everything a daphne process does for a turn runs here: the ASGI application (origin check, session auth),
the chat's HTML consumer (every event rendered through the templates), the rule planner, the embedded
catalogue, the in-memory channel layer, SQLite (a WAL file, product settings). Each turn gets its own user's
fresh movie chat with its socket open, sends one varied offline request (tests/evals/movies.jsonl), and waits
for the turn's end. CPU is the whole process's (every thread: the event loop and the database threads) from
`time.process_time()`, so a busy shared machine inflates it far less than wall time; the client side of the
sockets (channels' WebsocketCommunicator) is in it too and is small. Also counted per turn: SQL statements,
channel-layer group messages, frames sent to the socket.

Run it on two commits back to back (e.g. `git stash`, or PYTHONPATH at another worktree) for a same-window
ratio. Only prints; nothing asserts a time; the temporary database is removed at exit.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CODE = Path(os.environ.get("PYTHONPATH", "").split(os.pathsep)[0] or ROOT)  # the code measured
sys.path.insert(0, str(CODE))
TMP = Path(tempfile.mkdtemp(prefix="marquee-turncpu-"))

os.environ.update(
    {
        "DJANGO_SETTINGS_MODULE": "chatapp.settings",
        "DATABASE_URL": f"sqlite:///{TMP / 'bench.sqlite3'}",
        "DEBUG": "0",
        "SECRET_KEY": "bench-" + "k" * 50,
        "ALLOWED_HOSTS": "testserver,127.0.0.1",
        "TURNS_PER_MINUTE": "0",
        "LOG_LEVEL": "WARNING",  # as bench/concurrency.py runs its servers
        "PLANNER_LOG_PATH": str(TMP / "planner.jsonl"),
    }
)
for _name in ("REDIS_URL", "TMDB_API_KEY", "OPENAI_API_KEY", "OPENAI_BASE_URL"):
    os.environ.pop(_name, None)
FAKES = None
if "--model" in sys.argv:  # planned by a fake OpenAI answering at once, films from a fake TMDB (another process)
    FAKES = subprocess.Popen(
        [sys.executable, str(ROOT / "bench/turn_cpu_fakes.py")],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": os.pathsep.join([str(CODE), str(ROOT)])},
    )
    _openai_url, _tmdb_url = FAKES.stdout.readline().split()
    os.environ.update(
        {
            "OPENAI_API_KEY": "sk-bench",
            "OPENAI_BASE_URL": _openai_url,
            "PLANNER_BACKEND": "openai",
            "MOVIE_SOURCE": "tmdb",
            "TMDB_API_KEY": "fakev3key0123456789abcdef",
            "TMDB_BASE_URL": _tmdb_url,
            "TMDB_RATE": "10000",
        }
    )

import django  # noqa: E402

django.setup()

from channels.layers import get_channel_layer  # noqa: E402
from channels.testing import WebsocketCommunicator  # noqa: E402
from django.contrib.auth import get_user_model  # noqa: E402
from django.contrib.sessions.backends.db import SessionStore  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db.backends.signals import connection_created  # noqa: E402

from chatapp.asgi import application  # noqa: E402
from chatapp.db import database_sync_to_async  # noqa: E402
from chatapp.models import Chat  # noqa: E402
from recs.services.memory import memory_set_autostart  # noqa: E402

REQUESTS = [json.loads(line)["text"] for line in (ROOT / "tests/evals/movies.jsonl").read_text().splitlines() if line]
END = 'id="send-button"'  # the turn.ended frame puts Send back


class Counts:
    sql = 0
    group_sends = 0
    statements: list[str] | None = None  # --sql: the statements, as run
    turn_span = (0, 0)  # --sql: where the last batch's turns start and end in it


def _count_sql(execute, sql, params, many, context):
    Counts.sql += 1
    if Counts.statements is not None:
        Counts.statements.append(sql)
    return execute(sql, params, many, context)


def _wrap(sender, connection, **kwargs) -> None:
    if _count_sql not in connection.execute_wrappers:
        connection.execute_wrappers.append(_count_sql)


connection_created.connect(_wrap, dispatch_uid="bench.turn_cpu")


def _clients(n: int, tag: str) -> list[tuple[str, int]]:
    """n users, each with a session and a fresh movie chat (the greeting is off: the turn timed is the one sent)."""
    out = []
    for i in range(n):
        user = get_user_model().objects.create_user(f"bench-{tag}-{i}")  # no password: hashing is not the turn
        memory_set_autostart(user=user, enabled=False)
        s = SessionStore()
        s["_auth_user_id"] = str(user.pk)
        s["_auth_user_backend"] = "django.contrib.auth.backends.ModelBackend"
        s["_auth_user_hash"] = user.get_session_auth_hash()
        s.create()
        out.append((s.session_key, Chat.objects.create(owner=user).pk))
    return out


async def _open(session: str, chat_id: int) -> WebsocketCommunicator:
    headers = [
        (b"origin", b"http://testserver"),
        (b"host", b"testserver"),
        (b"cookie", f"sessionid={session}".encode()),
    ]
    comm = WebsocketCommunicator(application, f"/ws/chats/{chat_id}/", headers=headers)
    connected, _ = await comm.connect(timeout=30)
    assert connected
    await comm.receive_from(timeout=30)  # the history sync
    return comm


async def _turn(comm: WebsocketCommunicator, text: str, frames: list[int]) -> None:
    await comm.send_json_to({"action": "send", "text": text})
    n = 0
    while True:
        frame = await comm.receive_from(timeout=60)
        n += 1
        if "status-failed" in frame:
            raise RuntimeError(f"turn failed: {frame[:300]}")
        if END in frame and "msg assistant status-" in frame:
            frames.append(n)
            return


async def _batch(n: int, at_once: bool, offset: int) -> dict:
    """n fresh chats with open sockets; their turns one by one or all at once; CPU and counts of the turns only."""
    clients = await database_sync_to_async(_clients)(n, f"{offset}-{time.monotonic_ns()}")
    comms = [await _open(s, c) for s, c in clients]
    texts = [REQUESTS[(offset + i) % len(REQUESTS)] for i in range(n)]
    frames: list[int] = []
    layer = get_channel_layer()
    sql0, sends0 = Counts.sql, Counts.group_sends
    cpu0, wall0 = time.process_time(), time.perf_counter()
    if at_once:
        await asyncio.gather(*(_turn(c, t, frames) for c, t in zip(comms, texts, strict=True)))
    else:
        for comm, text in zip(comms, texts, strict=True):
            await _turn(comm, text, frames)
    cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
    sql, sends = Counts.sql - sql0, Counts.group_sends - sends0
    if Counts.statements is not None:
        Counts.turn_span = (len(Counts.statements) - sql, len(Counts.statements))
    for comm in comms:
        await comm.disconnect()
    await asyncio.sleep(0.2)  # let the turn tasks' last hops finish outside the next measurement
    del layer
    return {"cpu_ms": 1000 * cpu / n, "wall_s": wall, "sql": sql / n, "sends": sends / n, "frames": sum(frames) / n}


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seq", type=int, default=20, help="turns one after another per round (0: none)")
    parser.add_argument("--burst", type=int, default=50, help="turns sent at the same moment per round (0: none)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--model", action="store_true", help="plan with a fake OpenAI and TMDB answering at once")
    parser.add_argument("--sql", action="store_true", help="print the SQL statements of one offline turn, then stop")
    parser.add_argument(
        "--pyspy", metavar="FILE", help="sample the measured turns with py-spy (raw, GIL holder only) into FILE"
    )
    args = parser.parse_args()
    layer = get_channel_layer()
    send = layer.group_send

    async def counted(group, message):
        Counts.group_sends += 1
        return await send(group, message)

    layer.group_send = counted
    await _batch(2, at_once=False, offset=0)  # warm-up: catalogue, templates, imports
    if args.sql:
        Counts.statements = []
        await _batch(1, at_once=False, offset=1)
        print("\n".join(Counts.statements[slice(*Counts.turn_span)]))
        return
    print(
        f"# {datetime.now(UTC):%Y-%m-%d %H:%M} UTC · load {os.getloadavg()[0]:.1f} · code {CODE} · "
        f"{' '.join(sys.argv[1:]) or '(defaults)'}"
    )
    print("| round | mode | turns | CPU/turn | wall | SQL/turn | group msgs/turn | frames/turn |")
    print("|---:|---|---:|---:|---:|---:|---:|---:|")
    seen: dict[str, list[float]] = {"one by one": [], "at once": []}
    spy = None
    if args.pyspy:  # attached after the warm-up, so imports and the catalogue load stay out of it
        exe = os.environ.get("PYSPY", "py-spy")
        cmd = [exe, "record", "--pid", str(os.getpid()), "--gil", "--format", "raw", "-r", "200", "-o", args.pyspy]
        spy = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        await asyncio.sleep(1.0)
    for r in range(args.rounds):
        for mode, n, at_once in (("one by one", args.seq, False), ("at once", args.burst, True)):
            if not n:
                continue
            res = await _batch(n, at_once=at_once, offset=r * 7 + (3 if at_once else 0))
            seen[mode].append(res["cpu_ms"])
            print(
                f"| {r + 1} | {mode} | {n} | {res['cpu_ms']:.1f} ms | {res['wall_s']:.2f} s | {res['sql']:.1f} | "
                f"{res['sends']:.1f} | {res['frames']:.1f} |",
                flush=True,
            )
    if spy is not None:
        spy.send_signal(2)  # SIGINT: py-spy writes its file and exits
        spy.wait(timeout=30)
    for mode, values in seen.items():
        if values:
            print(f"# {mode}: CPU/turn median {statistics.median(values):.1f} ms over {len(values)} round(s)")


if __name__ == "__main__":
    try:
        call_command("migrate", verbosity=0)
        asyncio.run(main())
    finally:
        if FAKES is not None:
            FAKES.stdin.close()
            FAKES.wait(timeout=30)
        for path in sorted(TMP.glob("*"), reverse=True):
            path.unlink()
        TMP.rmdir()
