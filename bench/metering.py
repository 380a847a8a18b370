"""What counting every planner call costs: the metered wrapper (usage, price, the turn's meter) and the
JSON Lines planner log, against the same backend unwrapped, in one process.

    .venv/bin/python bench/metering.py

The backend answers at once (a scripted tool call with usage), so the table shows the wrapper's own
cost per call; a real OpenAI call takes 0.5–10 s, a rule-planner call ~10 ms.
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from chatapp.planner.backends.base import (  # noqa: E402
    BackendProfile,
    InputMessage,
    PlannerReply,
    PlannerRequest,
    ToolCall,
)
from chatapp.planner.metering import Meter, MeteredBackend, metering  # noqa: E402
from chatapp.planner.usage import DEFAULT_MODEL_PRICES, Usage  # noqa: E402

CALLS = 2000
ROUNDS = 5
REPLY = PlannerReply(
    response_id="resp_1",
    model="gpt-5-mini-2025-08-07",
    tool_calls=[ToolCall(call_id="c1", name="plan_picks", arguments='{"intro": "Hi", "picks": []}' * 20)],
    usage=Usage(input_tokens=3000, cached_tokens=2000, output_tokens=400, reasoning_tokens=256),
)
REQUEST = PlannerRequest(
    instructions="plan", input=[InputMessage(role="user", text="a thriller")], model="gpt-5-mini", purpose="plan_picks"
)


class Instant:
    """Answers every call at once, as a paid backend would (it reports usage)."""

    name = "openai"
    profile = BackendProfile(reports_usage=True)

    async def complete(self, request, *, on_text=None):
        return REPLY


async def per_call_us(backend) -> float:
    """Median over rounds of the mean time per call, in microseconds."""
    results = []
    for _ in range(ROUNDS):
        with metering(Meter(ids={"chat_id": 1, "turn_key": "k"})):
            t0 = time.perf_counter()
            for _ in range(CALLS):
                await backend.complete(REQUEST)
            results.append((time.perf_counter() - t0) / CALLS * 1e6)
    return statistics.median(results)


async def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        variants = {
            "unwrapped (baseline)": Instant(),
            "metered, no log": MeteredBackend(Instant(), prices=DEFAULT_MODEL_PRICES),
            "metered + JSONL log": MeteredBackend(
                Instant(), prices=DEFAULT_MODEL_PRICES, log_path=str(Path(tmp) / "planner.jsonl")
            ),
        }
        await per_call_us(variants["metered + JSONL log"])  # warm-up
        base = None
        print("| variant | µs per call | vs baseline |")
        print("|---|---:|---:|")
        for name, backend in variants.items():
            us = await per_call_us(backend)
            base = base or us
            print(f"| {name} | {us:.1f} | {us / base:.1f}× |")


if __name__ == "__main__":
    asyncio.run(main())
