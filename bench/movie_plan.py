"""Benchmark: milliseconds per offline movie plan (decide_mode + plan_picks) over the eval requests.

    .venv/bin/python bench/movie_plan.py            # 5 rounds over tests/evals/movies.jsonl
    .venv/bin/python bench/movie_plan.py --rounds 1

The catalogue and the people index are loaded (and the fuzzy caches warmed) by one untimed round first,
as in a running server. Target: p95 <= 30 ms. It only prints.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from recs.rules.answer import decide_mode  # noqa: E402
from tests.evals.run import SETS, plan_for, read_set  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    texts = [row["text"] for row in read_set(SETS["movies"])]
    for text in texts:  # warm-up: catalogue, people index, caches
        decide_mode(text)
        plan_for(text)
    times = []
    for _ in range(args.rounds):
        for text in texts:
            start = time.perf_counter()
            decide_mode(text)
            plan_for(text)
            times.append((time.perf_counter() - start) * 1000)
    cuts = statistics.quantiles(times, n=100)
    print(f"offline movie plan, {len(texts)} requests x {args.rounds} rounds = {len(times)} plans")
    print(f"  p50 {cuts[49]:.1f} ms   p95 {cuts[94]:.1f} ms   max {max(times):.1f} ms   (target p95 <= 30 ms)")


if __name__ == "__main__":
    main()
