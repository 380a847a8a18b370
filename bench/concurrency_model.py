"""`bench/concurrency.py --model`: 60 users chatting with a 2 s model and a 200 ms TMDB (issue 10).

    .venv/bin/python bench/concurrency.py --model                          # SQLite, one daphne
    .venv/bin/python bench/concurrency.py --model --db pg --redis --web 2  # PostgreSQL + Redis, two daphne

The servers plan with OpenAI and look films up on TMDB, both fakes on 127.0.0.1 in this process:
- the fake OpenAI (tests/fakes/openai_server.py) answers every Responses call after --model-seconds (2 s) with a
  valid tool call: decide_mode says "recommend" (B), plan_picks names three real films of the embedded catalogue
  (3,201 titles), drawn without repeats except that a --overlap share (25 %) comes from a pool of 40 popular films
  (many users asking for "a heist film" get Heat); each phase has its own pool, so no phase starts on a warm cache;
- the fake TMDB (tests/fakes/tmdb_server.py) serves the same films, answers after --tmdb-seconds (200 ms), and like
  TMDB refuses a request beyond --tmdb-limit (50) in any one second with 429 and `Retry-After: 1`.

So a turn is: decide_mode (2 s) → plan_picks (2 s) → per pick a TMDB search and a details call (2 × 200 ms).

Phases, in one run and one process (the figures that count are the differences within it):
- unloaded: one user alone, --solo (10) turns one after the other in one chat;
- chat: --users (60) users, each in its own chat, start at a random moment within the first 10 s, then send
  --turns (3) varied requests (tests/evals/movies.jsonl), each a think time after the previous answer ended
  (uniform --think, 5–15 s: reading three cards). This is the load the target is about: a real chat;
- burst: the same 60 users each send one request at the same moment (a worst case, printed for reference:
  60 first cards need 120 TMDB requests, 2.4 s at TMDB's 50/s, whatever the server does).
Per phase: first card p50/p95 (from send to the first pick card), turn end p95, errors, TMDB requests/s (mean
over the phase and busiest second) and the 429s TMDB answered.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import sys
import threading
import time

import websockets

import bench.concurrency as base
from recs.sources.catalogue import load_catalogue
from recs.sources.tmdb.client import MOVIE_GENRES
from tests.fakes.openai_server import FakeOpenAIServer, RecordedRequest, tool_call
from tests.fakes.tmdb_server import start_fake_tmdb

GENRE_IDS = {name: gid for gid, name in MOVIE_GENRES.items()}
TMDB_KEY = "fakev3key0123456789abcdef"


def film_rows() -> list[tuple]:
    """The catalogue's dated films as fake-TMDB rows (id, title, date, genre ids, runtime, popularity, ...)."""
    rows = []
    for i, movie in enumerate(m for m in load_catalogue().movies if m.year):
        genres = [GENRE_IDS[g] for g in movie.genres if g in GENRE_IDS]
        votes = movie.votes or 0
        rows.append((10_000 + i, movie.title, f"{movie.year}-06-01", genres, movie.runtime or 0, votes / 1000.0,
                     movie.rating or 0.0, votes, None))  # fmt: skip
    return rows


class Planner:
    """The fake model's answers: decide_mode → B; plan_picks → three films, fresh or from the phase's pool."""

    def __init__(self, films: list[tuple], *, seconds: float, overlap: float, stopping: threading.Event):
        self.seconds, self.overlap, self.stopping = seconds, overlap, stopping
        self._rng = random.Random(10)
        ranked = sorted(films, key=lambda f: -f[7])  # by votes
        self._popular, self._fresh = ranked[:200], ranked[200:]
        self._rng.shuffle(self._fresh)
        self._pool: list[tuple] = []
        self._lock = threading.Lock()

    def new_phase(self) -> None:
        """Take the next 40 popular films as this phase's shared pool (cold for the TMDB cache)."""
        with self._lock:
            self._pool, self._popular = self._popular[:40], self._popular[40:]

    def _picks(self) -> list[tuple]:
        with self._lock:
            picks: list[tuple] = []
            while len(picks) < 3:
                film = self._rng.choice(self._pool) if self._rng.random() < self.overlap else self._fresh.pop()
                if film not in picks:
                    picks.append(film)
            return picks

    def __call__(self, request: RecordedRequest):
        tools = [t.get("name") for t in (request.body.get("tools") or [])] if isinstance(request.body, dict) else []
        if os.environ.get("BENCH_TRACE"):
            print(f"model call: {tools}", file=sys.stderr)
        if "decide_mode" in tools:
            reply = tool_call("decide_mode", {"mode": "B", "reason": "The user asked for films."})
        elif "plan_picks" in tools:
            picks = [
                {"title": f[1], "year": int(f[2][:4]), "reason": f"A {f[2][:4]} film that fits the request."}
                for f in self._picks()
            ]
            reply = tool_call("plan_picks", {"intro": "Three films for you.", "picks": picks})
        else:
            return None  # the fake answers 500: counted as an error, never hidden
        self.stopping.wait(self.seconds)  # the model thinking
        return reply


async def _chat(url: str, session: str, chat_id: int, texts: list[str], *, start: float, think, t0: float) -> list:
    """One person: open the chat, and from `start` send each text a think time after the previous answer ended."""
    ws_url = url.replace("http://", "ws://") + f"/ws/chats/{chat_id}/"
    results = []
    try:
        async with websockets.connect(
            ws_url, origin=url, additional_headers={"Cookie": f"sessionid={session}"}, max_size=None, open_timeout=60
        ) as ws:
            await asyncio.wait_for(ws.recv(), 60)  # the history sync
            await asyncio.sleep(max(0.0, t0 + start - time.perf_counter()))
            for n, text in enumerate(texts):
                if n:
                    await asyncio.sleep(think())
                results.append(await _turn(ws, text))
                if results[-1]["error"]:
                    break
    except Exception as exc:  # a bench counts errors; it never stops at one
        results.append({"first_card": None, "end": None, "error": type(exc).__name__, "sent": None})
    return results


async def _turn(ws, text: str) -> dict:
    sent = time.perf_counter()
    result = {"first_card": None, "end": None, "error": None, "sent": sent, "decided": None, "planned": None}
    await ws.send(json.dumps({"action": "send", "text": text}))
    try:
        while result["end"] is None:
            frame = await asyncio.wait_for(ws.recv(), 60)
            now = time.perf_counter() - sent
            if os.environ.get("BENCH_TRACE"):
                print(f"{now * 1000:8.1f} ms {frame[:160]!r}", file=sys.stderr)
            if result["decided"] is None and "Planning picks" in frame:
                result["decided"] = now  # decide_mode answered
            if result["planned"] is None and "Three films for you." in frame:
                result["planned"] = now  # plan_picks answered, the lookups start
            if result["first_card"] is None and "card-pick" in frame:
                result["first_card"] = now
            if "status-failed" in frame or (
                'id="composer-error"' in frame and "</span>" in frame and "><" not in frame
            ):
                result["error"] = "refused or failed"
            if 'id="send-button"' in frame and "msg assistant status-" in frame:
                result["end"] = now
    except Exception as exc:
        result["error"] = type(exc).__name__
    if result["error"] is None and result["first_card"] is None:
        result["error"] = "no card"
    return result


async def _phase(servers, env, tmdb, planner, *, users: int, turns: int, spread: float, think) -> dict:
    planner.new_phase()
    clients = base._clients(env, users)
    texts = base.REQUESTS
    rng = random.Random(users * 7 + turns)
    t0 = time.perf_counter() + 1.0 + users * 0.03  # every socket open and synced first
    tasks = [
        asyncio.create_task(
            _chat(
                servers[i % len(servers)].url,
                s,
                c,
                [texts[(i * turns + k) % len(texts)] for k in range(turns)],
                start=rng.uniform(0, spread),
                think=think,
                t0=t0,
            )
        )
        for i, (s, c) in enumerate(clients)
    ]
    seen, refused = len(tmdb.requests), tmdb.rate_limited
    pids = [server.proc.pid for server in servers]
    cpu0, own0 = base._cpu(pids), sum(os.times()[:2])
    results = [r for per_user in await asyncio.gather(*tasks) for r in per_user]
    cpu, own = base._cpu(pids) - cpu0, sum(os.times()[:2]) - own0
    arrivals = [r.at for r in tmdb.requests[seen:]]
    wall = (max(arrivals) - min(arrivals)) if len(arrivals) > 1 else 0.0
    busiest = max((sum(1 for b in arrivals if a <= b < a + 1.0) for a in arrivals), default=0)
    ok = [r for r in results if r["error"] is None]
    cards = sorted(r["first_card"] for r in ok)
    steps = [(r["decided"], r["planned"], r["first_card"]) for r in ok if r["decided"] and r["planned"]]
    return {
        "steps": [
            base._pct(sorted(x[0] for x in steps), 50),
            base._pct(sorted(x[1] - x[0] for x in steps), 50),
            base._pct(sorted(x[2] - x[1] for x in steps), 50),
            base._pct(sorted(x[2] - x[1] for x in steps), 95),
        ],
        "turns": users * turns,
        "cpu_ms": 1000 * cpu / max(len(results), 1),
        "own_ms": 1000 * own / max(len(results), 1),
        "card_p50": base._pct(cards, 50),
        "card_p95": base._pct(cards, 95),
        "end_p95": base._pct(sorted(r["end"] for r in ok), 95),
        "errors": users * turns - len(ok),  # a user stops at an error: the turns it did not send count too
        "kinds": sorted({r["error"] for r in results if r["error"]}),
        "tmdb_mean": len(arrivals) / wall if wall else 0.0,
        "tmdb_peak": busiest,
        "tmdb_429": tmdb.rate_limited - refused,
    }


def stop_fakes(fakes) -> None:
    """Stop both fake servers."""
    openai, _tmdb, tmdb_server, _planner = fakes
    openai.stop()
    tmdb_server.stopping.set()
    tmdb_server.shutdown()
    tmdb_server.server_close()


def start_fakes(args) -> tuple[FakeOpenAIServer, object, object, Planner]:
    """The fake OpenAI and TMDB, serving the catalogue's films, with the bench's delays and rate limit."""
    films = film_rows()
    tmdb, tmdb_server = start_fake_tmdb()
    tmdb.use_films(films)
    tmdb.delay(args.tmdb_seconds)
    tmdb.rate_limit(args.tmdb_limit)
    openai = FakeOpenAIServer().start()
    planner = Planner(films, seconds=args.model_seconds, overlap=args.overlap, stopping=openai.stopping)
    openai.respond_with(planner)
    return openai, tmdb, tmdb_server, planner


def model_env(openai: FakeOpenAIServer, tmdb) -> dict[str, str]:
    """Server settings that plan with the fake OpenAI and look films up on the fake TMDB."""
    return {
        "OPENAI_API_KEY": "sk-bench",
        "OPENAI_BASE_URL": openai.base_url,
        "PLANNER_BACKEND": "openai",
        "MOVIE_SOURCE": "tmdb",
        "TMDB_API_KEY": TMDB_KEY,
        "TMDB_BASE_URL": tmdb.base_url,
    }


def add_arguments(parser) -> None:
    """The --model mode's options."""
    parser.add_argument("--model", action="store_true", help="the 2 s model / 200 ms TMDB load (issue 10)")
    parser.add_argument("--users", type=int, default=60)
    parser.add_argument("--turns", type=int, default=3, help="requests per user in the chat phase")
    parser.add_argument("--solo", type=int, default=10, help="turns of the lone user (the unloaded time)")
    parser.add_argument("--think", default="5,15", help="seconds between an answer's end and the next request")
    parser.add_argument("--model-seconds", type=float, default=2.0)
    parser.add_argument("--tmdb-seconds", type=float, default=0.2)
    parser.add_argument("--tmdb-limit", type=int, default=50, help="TMDB requests allowed per second (then 429)")
    parser.add_argument("--overlap", type=float, default=0.25, help="share of picks from a pool of 40 popular films")
    parser.add_argument("--no-burst", action="store_true", help="skip the all-at-once phase")


async def run(args, servers, env, fakes, stamp: str) -> None:
    """Print the unloaded, chat and burst phases as one table."""
    tmdb, planner = fakes[1], fakes[3]
    lo, hi = (float(x) for x in args.think.split(","))
    think_rng = random.Random(3)

    def think() -> float:
        return think_rng.uniform(lo, hi)

    await _phase(servers, env, tmdb, planner, users=len(servers), turns=1, spread=0, think=think)  # warm-up
    print(stamp)
    print(f"# model {args.model_seconds:g} s · TMDB {args.tmdb_seconds * 1000:.0f} ms, {args.tmdb_limit}/s then 429 · "
          f"overlap {args.overlap:.0%} · think {lo:g}–{hi:g} s · {os.environ.get('BENCH_NOTE', '')}")  # fmt: skip
    print("| phase | turns | first card p50 | first card p95 | p95 − unloaded p95 | turn end p95 | errors | "
          "TMDB req/s mean (busiest s) | TMDB 429s |")  # fmt: skip
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    solo = await _phase(servers, env, tmdb, planner, users=1, turns=args.solo, spread=0, think=lambda: 0.5)
    _row("unloaded: 1 user alone", solo, solo)
    chat = await _phase(servers, env, tmdb, planner, users=args.users, turns=args.turns, spread=10.0, think=think)
    _row(f"chat: {args.users} users × {args.turns} requests", chat, solo)
    if not args.no_burst:
        burst = await _phase(servers, env, tmdb, planner, users=args.users, turns=1, spread=0, think=think)
        _row(f"burst: {args.users} users at once", burst, solo)
    print("\nWhere the first card's time goes (p50 of each step; lookups = plan shown → first card), and the CPU")
    print("per turn of the daphne processes and of this process (the 60 clients and both fakes):\n")
    print(
        "| phase | send → decided | decided → planned | lookups p50 | lookups p95 | daphne CPU/turn | bench CPU/turn |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|")
    for name, r in [("unloaded", solo), ("chat", chat)] + ([] if args.no_burst else [("burst", burst)]):
        steps = " | ".join(f"{v * 1000:.0f} ms" for v in r["steps"])
        print(f"| {name} | {steps} | {r['cpu_ms']:.0f} ms | {r['own_ms']:.0f} ms |")


def _row(name: str, r: dict, solo: dict) -> None:
    kinds = f" ({', '.join(r['kinds'])})" if r["kinds"] else ""
    print(
        f"| {name} | {r['turns']} | {r['card_p50'] * 1000:.0f} ms | {r['card_p95'] * 1000:.0f} ms | "
        f"{(r['card_p95'] - solo['card_p95']) * 1000:+.0f} ms | {r['end_p95'] * 1000:.0f} ms | {r['errors']}{kinds} | "
        f"{r['tmdb_mean']:.1f} ({r['tmdb_peak']}) | {r['tmdb_429']} |",
        flush=True,
    )
