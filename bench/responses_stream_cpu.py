"""Benchmark: CPU of reading one streamed Responses call, every event built by the SDK vs only those we read.

    PYTHONPATH=$PWD .venv/bin/python bench/responses_stream_cpu.py [--calls 200] [--rounds 3] [--deltas 80]

The real OpenAIResponsesBackend and SDK client call the fake OpenAI (tests/fakes/openai_server.py, its own threads)
for a plan_picks tool call (three picks with reasons, as bench/concurrency_model.py's model answers). CPU is the
event loop thread's (`time.thread_time()`: the fake's threads stay out), alternating in one process between
"all events" (the SDK's own iteration, as before issue 10's change) and "read only" (`_read_events`).
Only prints; nothing asserts a time.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(os.environ.get("PYTHONPATH", "").split(os.pathsep)[0] or Path(__file__).parents[1])))

from chatapp.planner.backends import responses  # noqa: E402
from chatapp.planner.backends.base import InputMessage, PlannerRequest  # noqa: E402
from tests.fakes.openai_server import FakeOpenAIServer, tool_call  # noqa: E402

PICKS = {
    "intro": "Three films for you.",
    "picks": [{"title": t, "year": y, "reason": f"A {y} film that fits the request."} for t, y in
              [("Heat", 1995), ("Ronin", 1998), ("The Town", 2010)]],
}  # fmt: skip


async def _all_events(stream):
    async for event in stream:
        yield event


async def _batch(backend, calls: int) -> float:
    request = PlannerRequest(instructions="Plan.", input=[InputMessage(role="user", text="a heist film")], model="m")
    t0 = time.thread_time()
    for _ in range(calls):
        reply = await backend.complete(request)
        assert reply.tool_calls and reply.tool_calls[0].name == "plan_picks"
    return 1000 * (time.thread_time() - t0) / calls


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--deltas", type=int, default=3, help="arguments deltas per call (OpenAI: ~1 per token, ~80)")
    args = parser.parse_args()
    fake = FakeOpenAIServer().start()
    reply = tool_call("plan_picks", PICKS)
    reply.chunks = args.deltas
    fake.respond_with(lambda request: reply)
    client = responses.make_openai_client(api_key="sk-bench", base_url=fake.base_url)
    backend = responses.OpenAIResponsesBackend(client, reasoning_effort=None, verbosity=None)
    read_only = responses._read_events
    await _batch(backend, 20)  # warm-up: imports, the SDK's type adapters
    print(
        f"# {datetime.now(UTC):%Y-%m-%d %H:%M} UTC · load {os.getloadavg()[0]:.1f} · {args.calls} calls per cell · {args.deltas} argument deltas per call"
    )
    print("| round | all events (SDK) | read only | ratio |")
    print("|---:|---:|---:|---:|")
    ratios = []
    for r in range(args.rounds):
        responses._read_events = _all_events
        before = await _batch(backend, args.calls)
        responses._read_events = read_only
        after = await _batch(backend, args.calls)
        ratios.append(after / before)
        print(f"| {r + 1} | {before:.2f} ms | {after:.2f} ms | {after / before:.2f} |", flush=True)
    print(f"# median ratio read only / all events: {statistics.median(ratios):.2f}")
    fake.stop()


if __name__ == "__main__":
    asyncio.run(main())
