"""Offline photo planning speed: each eval instruction (tests/evals/photos.jsonl) through the rule backend's
product path (answer_or_plan, then normalize_plan), timed per plan. Prints only.

    .venv/bin/python bench/photo_plans.py [--rounds 20]
"""

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.support.photo_eval import ask, load_cases  # noqa: E402


def main() -> None:
    """Time every instruction `rounds` times (after one warm-up round) and print p50 / p95 / max."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=20)
    args = parser.parse_args()
    texts = [c["text"] for c in load_cases()]
    for text in texts:  # warm-up: imports, regex compilation, rapidfuzz
        ask(text)
    times = []
    for _ in range(args.rounds):
        for text in texts:
            t0 = time.perf_counter()
            ask(text)
            times.append((time.perf_counter() - t0) * 1000)
    times.sort()
    p95 = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]
    load = os.getloadavg()[0]
    print(
        f"offline photo plan ({len(texts)} instructions x {args.rounds}, load {load:.1f}): "
        f"p50 {statistics.median(times):.2f} ms  p95 {p95:.2f} ms  max {times[-1]:.2f} ms  (target p95 <= 20 ms)"
    )


if __name__ == "__main__":
    main()
