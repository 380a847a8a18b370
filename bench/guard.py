"""Benchmark: what the quality guard adds to a five-variation job (target: at most +20 %).

    .venv/bin/python bench/guard.py [--runs 7] [--workers 3]

One process, the same 12 MP photo as bench/imagelab.py (decoded once per job, working size 2048): each run
times the job without the guard (execute + every preview JPEG q80 + every final JPEG q85, as the app stores
them), then the same job followed by the guard (rules, MAX_REVISIONS 2): measure all five previews against
the source, revise and re-run what it flags (re-run previews and finals encoded too). Two plan sets:
- few-shot A ("warmer & punchier; keep framing", the seed's own, bench/imagelab_common.py): nothing clips;
- clipping: few-shot A with "Warm Pop"'s contrast at 1.6, which burns highlights: one revision re-runs;
- few-shot A measured only (MAX_REVISIONS=0): the verifier's own cost.
Medians of `--runs`, rounds interleaved (guard off, guard on) so machine load hits both alike. Not a test.
"""

import argparse
import statistics
import tempfile
import time
from copy import deepcopy
from pathlib import Path

from imagelab_common import FEW_SHOT_A, make_photo  # isort: skip  (puts the repository on sys.path)


def clipping_set() -> dict:
    """Few-shot A with one variation pushed into clipped highlights."""
    plans = deepcopy(FEW_SHOT_A)
    plans["variations"][0]["operations"][3] = {"op": "contrast", "params": {"strength": 1.6}}
    return plans


def job(data: bytes, plans: list, workers: int, guarded: bool, max_revisions: int = 2) -> tuple[float, int]:
    """(ms, revisions kept) of one job, from the decoded photo to the last stored JPEG."""
    from imagelab.core import codec
    from imagelab.core import execute as ex
    from imagelab.core.guard import Rerun, run_guard

    work, _ = codec.decode(data, max_side=2048)
    t0 = time.perf_counter()
    previews = [None] * len(plans)

    def on_step(step):
        codec.encode(step.image, "jpeg", 80)
        if step.step == len(plans[step.variation]) - 1:
            previews[step.variation] = step.image

    ex.execute(
        work,
        plans,
        on_step=on_step,
        on_variation_done=lambda v: codec.encode(v.image, "jpeg", 85),
        workers=workers,
        keep_images=False,
    )
    kept = 0
    if guarded:

        def rerun(vi, operations, start):
            held = []
            result = ex.rerun_variation(work, operations, start, vi, on_step=held.append)
            return Rerun(held[-1].image if held else codec.shrink(result.image, 640), (held, result))

        def accept(vi, applied, ran, entry):
            held, result = ran.payload
            for step in held:
                codec.encode(step.image, "jpeg", 80)
            codec.encode(result.image, "jpeg", 85)

        outcomes = run_guard(
            codec.shrink(work, 640),
            previews,
            [[{"op": o.op, "params": o.params.model_dump()} for o in p] for p in plans],
            rerun=rerun,
            accept=accept,
            max_revisions=max_revisions,
        )
        kept = sum(e["verdict"] == "revised" for o in outcomes for e in o.revisions)
    return (time.perf_counter() - t0) * 1000, kept


def main() -> None:
    """Print the table (markdown) for bench/README.md."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--workers", type=int, default=3)
    args = parser.parse_args()
    from PIL import Image

    from imagelab.core.normalize import normalize_plan

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "photo.jpg"
        make_photo(path)
        data = path.read_bytes()
    size = Image.open(path if path.exists() else __import__("io").BytesIO(data)).size
    print("| plan set | guard off (ms) | guard on (ms) | ratio | revisions kept |")
    print("|---|---:|---:|---:|---:|")
    cases = (
        ("few-shot A, measure only (MAX_REVISIONS=0)", FEW_SHOT_A, 0),
        ("few-shot A (near-duplicates revised)", FEW_SHOT_A, 2),
        ("clipping (one variation revised)", clipping_set(), 2),
    )
    for name, raw, revisions in cases:
        plans = [v.operations for v in normalize_plan(raw, image_size=size).variations]
        job(data, plans, args.workers, True, revisions)  # warm-up (imports, caches)
        off, on, kept = [], [], 0
        for _ in range(args.runs):
            off.append(job(data, plans, args.workers, False)[0])
            ms, kept = job(data, plans, args.workers, True, revisions)
            on.append(ms)
        a, b = statistics.median(off), statistics.median(on)
        print(f"| {name} | {a:.1f} | {b:.1f} | {b / a:.2f} | {kept} |")


if __name__ == "__main__":
    main()
