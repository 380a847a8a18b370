"""Benchmark: what the quality guard adds to a five-variation job (target: at most +20 %).

    .venv/bin/python bench/guard.py [--runs 7] [--workers 3]

One process, the same 12 MP photo as bench/imagelab.py (decoded once per job, working size 2048): each run
times the job without the guard (execute + every preview JPEG q80 + every final JPEG q85, as the app stores
them), then the app's guarded job (`staged.run_guarded`, rules, MAX_REVISIONS 2): every preview first, the
guard measures them against the source, revises and re-runs what it flags on the preview track (re-run
previews encoded too), each final rendered and encoded once with its settled plan. Two plan sets:
- few-shot A ("warmer & punchier; keep framing", the seed's own, bench/imagelab_common.py): near-duplicates;
- clipping: few-shot A with "Warm Pop"'s contrast at 1.6, which burns highlights;
- few-shot A measured only (MAX_REVISIONS=0): the verifier's own cost;
- the offline planner's own five plans for a few everyday instructions (what the app runs without a model).
"twins left": variations the guard left near-duplicates of another (a measure-only run leaves every one it found).
Medians of `--runs`, rounds interleaved (guard off, guard on) so machine load hits both alike. Not a test.
"""

import argparse
import statistics
import tempfile
import time
from copy import deepcopy
from pathlib import Path

from imagelab_common import FEW_SHOT_A, make_photo  # isort: skip  (puts the repository on sys.path)


EVERYDAY = ("warmer and punchier, keep the framing", "make it brighter", "moody black and white", "crop it square")


def clipping_set() -> dict:
    """Few-shot A with one variation pushed into clipped highlights."""
    plans = deepcopy(FEW_SHOT_A)
    plans["variations"][0]["operations"][3] = {"op": "contrast", "params": {"strength": 1.6}}
    return plans


def job(data: bytes, plans: list, workers: int, guarded: bool, max_revisions: int = 2) -> tuple[float, int, float, int]:
    """(ms, revisions kept, CPU ms of the process, variations left near-duplicates) of one job, from the decoded
    photo to the last stored JPEG.

    Guard off: `execute` as the app ran it before the guard. Guard on: the app's guarded job
    (`staged.run_guarded`: previews, the guard on them, each final once with its settled plan).
    """
    from imagelab.core import codec
    from imagelab.core import execute as ex
    from imagelab.core.guard import run_guard
    from imagelab.core.staged import run_guarded

    work, _ = codec.decode_pixels(data, max_side=2048)
    t0, c0 = time.perf_counter(), time.process_time()

    def on_step(step):
        codec.encode(step.image, "jpeg", 80)

    def on_done(v):
        codec.encode(v.final, "jpeg", 85)

    if not guarded:
        ex.execute(work, plans, on_step=on_step, on_variation_done=on_done, workers=workers, keep_images=False)
        return (time.perf_counter() - t0) * 1000, 0, (time.process_time() - c0) * 1000, 0
    operations = [[{"op": o.op, "params": o.params.model_dump()} for o in p] for p in plans]

    def guard(source_preview, previews, **hooks):
        return run_guard(source_preview, previews, operations, max_revisions=max_revisions, **hooks)

    ran = run_guarded(
        work, plans, guard, on_step=on_step, on_variation_done=on_done, workers=workers, keep_images=False
    )
    ms, cpu = (time.perf_counter() - t0) * 1000, (time.process_time() - c0) * 1000
    kept = sum(e["verdict"] == "revised" for o in ran.outcomes for e in o.revisions)
    twins = sum(bool(o.report) and any(i.kind == "near_duplicate" for i in o.report.issues) for o in ran.outcomes)
    return ms, kept, cpu, twins


def bench_photo() -> tuple[bytes, tuple[int, int]]:
    """The 12 MP bench photo's JPEG bytes and its size."""
    from PIL import Image

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "photo.jpg"
        make_photo(path)
        with Image.open(path) as im:
            return path.read_bytes(), im.size


def main() -> None:
    """Print the table (markdown) for bench/README.md."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--workers", type=int, default=3)
    args = parser.parse_args()
    from imagelab.core.normalize import normalize_plan

    data, size = bench_photo()
    # CPU: the process's CPU time (all threads): on the shared machine wall time mostly measures the others'
    # load, while the guard's own work shows in the CPU ratio.
    print(
        "| plan set | guard off (ms) | guard on (ms) | ratio | CPU off (ms) | CPU on (ms) | CPU ratio | revisions kept "
        "| twins left |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    from imagelab.rules.planner import plan_variations

    cases = (
        ("few-shot A, measure only (MAX_REVISIONS=0)", FEW_SHOT_A, 0),
        ("few-shot A (near-duplicates revised)", FEW_SHOT_A, 2),
        ("clipping (one variation revised)", clipping_set(), 2),
    ) + tuple((f"offline planner: {t!r}", plan_variations(t, image_size=size, max_side=2048), 2) for t in EVERYDAY)
    for name, raw, revisions in cases:
        plans = [v.operations for v in normalize_plan(raw, image_size=size).variations]
        job(data, plans, args.workers, True, revisions)  # warm-up (imports, caches)
        off, on, cpu_off, cpu_on, kept, twins = [], [], [], [], 0, 0
        for _ in range(args.runs):
            ms, _, cpu, _ = job(data, plans, args.workers, False)
            off.append(ms)
            cpu_off.append(cpu)
            ms, kept, cpu, twins = job(data, plans, args.workers, True, revisions)
            on.append(ms)
            cpu_on.append(cpu)
        a, b = statistics.median(off), statistics.median(on)
        c, d = statistics.median(cpu_off), statistics.median(cpu_on)
        print(f"| {name} | {a:.1f} | {b:.1f} | {b / a:.2f} | {c:.1f} | {d:.1f} | {d / c:.2f} | {kept} | {twins} |")


if __name__ == "__main__":
    main()
