"""Benchmark: CPU time of the rule recommender's plan_picks per request, and a snapshot of every plan.

    .venv/bin/python bench/movie_plan_cpu.py                          # CPU per plan (thread time), 2 rounds
    .venv/bin/python bench/movie_plan_cpu.py --snapshot /tmp/a.json   # also write every plan, to diff a change

Every request of tests/evals/movies.jsonl × three taste profiles (none; likes, dislikes of a genre and an
actor, recently shown films; a runtime wish and a disliked director) × two blocked lists (none; 40 films
and a title from another source): 552 plans a round. Thread CPU time, not wall time, so the figure holds
on a busy machine. Two snapshots of the same code are byte-identical; a speed-up must keep them so.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from recs.rules.rank import plan_picks  # noqa: E402
from recs.sources.catalogue import load_catalogue  # noqa: E402
from recs.sources.movies import BlockedItem  # noqa: E402
from tests.evals.run import SETS, read_set  # noqa: E402

PROFILES = [
    "",
    "Likes: thrillers, Clint Eastwood. Dislikes: horror, musicals, Adam Sandler. "
    "Recently shown: Se7en (1995), Heat (1995).",
    "Likes: comedy. Wants: under 2 hours. Dislikes: Michael Bay.",
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--snapshot", type=Path, help="write every plan here (JSON)")
    args = parser.parse_args()
    catalogue = load_catalogue()
    texts = [row["text"] for row in read_set(SETS["movies"])]
    blocked_lists = [
        [],
        [BlockedItem(id=m.id, title=m.title, year=m.year) for m in catalogue.movies[:40]]
        + [BlockedItem(id="tmdb-x", source="tmdb", title="The Dark Knight", year=None)],
    ]
    cases = [(t, p, b) for t in texts for p in PROFILES for b in blocked_lists]
    for text, profile, blocked in cases[:: len(PROFILES)]:  # warm-up: people index, fuzzy caches
        _plan(text, catalogue, blocked, profile)
    cpu, plans = [], []
    by_kind: dict[tuple[int, int], list[float]] = {}  # (profile, blocked list) -> CPU of its plans
    for _ in range(args.rounds):
        plans = []
        for text, profile, blocked in cases:
            start = time.thread_time()
            plans.append([text, profile[:12], len(blocked), _plan(text, catalogue, blocked, profile)])
            cpu.append((time.thread_time() - start) * 1000)
            kind = (PROFILES.index(profile), 0 if not blocked else 1)
            by_kind.setdefault(kind, []).append(cpu[-1])
    if args.snapshot:
        args.snapshot.write_text(json.dumps(plans, indent=0))
    cuts = statistics.quantiles(cpu, n=100)
    print(f"plan_picks CPU, {len(cases)} cases x {args.rounds} rounds = {len(cpu)} plans")
    print(
        f"  mean {statistics.mean(cpu):.2f} ms   p50 {cuts[49]:.2f} ms   p95 {cuts[94]:.2f} ms   max {max(cpu):.1f} ms"
    )
    for (profile, blocked), kind_cpu in sorted(by_kind.items()):  # profile 0, nothing blocked: a new user's turn
        print(f"  profile {profile}, blocked list {blocked}: mean {statistics.mean(kind_cpu):.2f} ms")


def _plan(text, catalogue, blocked, profile):
    try:
        return plan_picks(text, catalogue, blocked=blocked, profile=profile).model_dump()
    except ValueError as exc:  # everything blocked: the snapshot records the refusal
        return str(exc)


if __name__ == "__main__":
    main()
