"""Benchmark: where the quality guard's share of a five-variation job goes, layer by layer (issue 11: ≤ +20 %).

    PYTHONPATH=$PWD .venv/bin/python bench/guard_parts.py [--runs 12] [--workers 3]

One process, bench/guard.py's 12 MP photo and plan sets (decoded once per job, working size 2048, every preview
JPEG q80 and final JPEG q85 encoded as the app stores them). Each round runs, interleaved:
- `execute`: the job without the guard (the baseline of every ratio);
- staged, no guard: `staged.run_guarded` with a guard that settles every plan as it is: previews first, each
  preview's clipping and SSIM windows measured (part of the staging), each final once;
- measure only: the guard verifies the five previews (`MAX_REVISIONS` 0);
- revisions: the guard as the app runs it (`MAX_REVISIONS` 2, the rule reviser).
Each layer's ratio includes the ones above it: the difference between two rows is what that layer adds.
Medians of `--runs` after two warm-up rounds. Not a test.
"""

import argparse
import statistics
import time

from guard import bench_photo, clipping_set  # isort: skip  (bench/guard.py; puts the repository on sys.path)
from imagelab_common import FEW_SHOT_A  # isort: skip


def layers(data: bytes, plans: list, workers: int) -> dict:
    """{layer: a function running the job so} for one plan set."""
    from imagelab.core import codec
    from imagelab.core import execute as ex
    from imagelab.core.guard import run_guard
    from imagelab.core.staged import run_guarded

    work, _ = codec.decode_pixels(data, max_side=2048)
    steps = [[{"op": o.op, "params": o.params.model_dump()} for o in p] for p in plans]
    hooks = {
        "on_step": lambda s: codec.encode(s.image, "jpeg", 80),
        "on_variation_done": lambda v: codec.encode(v.final, "jpeg", 85),
        "workers": workers,
        "keep_images": False,
    }

    def settle(_source_preview, previews, settled=None, **_hooks):
        for vi in range(len(previews)):
            settled(vi, steps[vi])
        return []

    def guard(revisions: int):
        return lambda source_preview, previews, **h: run_guard(
            source_preview, previews, steps, max_revisions=revisions, **h
        )

    return {
        "execute (guard off)": lambda: ex.execute(work, plans, **hooks),
        "staged, previews measured, no guard": lambda: run_guarded(work, plans, settle, **hooks),
        "measure only (MAX_REVISIONS 0)": lambda: run_guarded(work, plans, guard(0), **hooks),
        "with revisions (MAX_REVISIONS 2)": lambda: run_guarded(work, plans, guard(2), **hooks),
    }


def timed(run) -> tuple[float, float]:
    """(wall ms, process CPU ms) of one call."""
    t, c = time.perf_counter(), time.process_time()
    run()
    return (time.perf_counter() - t) * 1000, (time.process_time() - c) * 1000


def main() -> None:
    """Print the table (markdown) for bench/README.md."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=12)
    parser.add_argument("--workers", type=int, default=3)
    args = parser.parse_args()
    from imagelab.core.normalize import normalize_plan

    data, size = bench_photo()
    print("| plan set | layer | wall (ms) | ratio | CPU (ms) | CPU ratio |")
    print("|---|---|---:|---:|---:|---:|")
    for name, raw in (("few-shot A", FEW_SHOT_A), ("clipping", clipping_set())):
        plans = [v.operations for v in normalize_plan(raw, image_size=size).variations]
        runs = layers(data, plans, args.workers)
        found: dict[str, list[tuple[float, float]]] = {k: [] for k in runs}
        for i in range(args.runs + 2):
            for layer, run in runs.items():
                ms = timed(run)
                if i >= 2:  # warm-up rounds: imports, caches, thread pools
                    found[layer].append(ms)
        base = [statistics.median(x[k] for x in found["execute (guard off)"]) for k in (0, 1)]
        for layer, rows in found.items():
            wall, cpu = (statistics.median(x[k] for x in rows) for k in (0, 1))
            print(f"| {name} | {layer} | {wall:.1f} | {wall / base[0]:.2f} | {cpu:.1f} | {cpu / base[1]:.2f} |")


if __name__ == "__main__":
    main()
