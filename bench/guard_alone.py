"""Benchmark: the quality guard's own CPU against the job it guards, plan set by plan set (issue 11: <= +20 %).

    PYTHONPATH=$PWD .venv/bin/python bench/guard_alone.py [--runs 7] [--photos bench,coffee]

bench/guard_parts.py times whole staged jobs, whose finals render on worker threads while the guard runs: on a
shared machine the other threads' noise swamps the guard's share. Here, in one process and one thread, each round
times `execute` (the job without the guard: every preview JPEG q80, every final JPEG q85) and then the guard alone
on the same job's preview track: measuring the five previews (clipping, SSIM windows: what staging adds), then
`run_guard` measuring only (MAX_REVISIONS 0) and with revisions (2, the rule reviser; each revision re-runs its
preview steps). Process CPU time (nothing else runs while a part is timed), medians of `--runs` after one warm-up round. Plan sets: the seed's
few-shot A and the clipping set on the 12 MP bench photo, and the offline planner's own plans for three everyday
instructions on each photo of `--photos`. Not a test.
"""

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from guard import bench_photo, clipping_set  # isort: skip  (bench/guard.py; puts the repository on sys.path)
from imagelab_common import FEW_SHOT_A, photo_bytes  # isort: skip

EVERYDAY = ("warmer and punchier, keep the framing", "make it brighter", "moody black and white")


def plan_sets(photos: list[str]) -> list[tuple[str, bytes, object]]:
    """(name, photo bytes, raw plan or instruction) rows."""
    data = bench_photo()[0]
    rows = [("bench, few-shot A", data, FEW_SHOT_A), ("bench, clipping set", data, clipping_set())]
    with tempfile.TemporaryDirectory() as tmp:
        for name in photos:
            photo = data if name == "bench" else photo_bytes(name, Path(tmp))
            rows += [(f"{name}, {instruction!r}", photo, instruction) for instruction in EVERYDAY]
    return rows


def job(data: bytes, raw) -> dict:
    """The decoded working image and normalized plans of one row (the offline planner's for an instruction)."""
    from imagelab.core import codec
    from imagelab.core.normalize import normalize_plan
    from imagelab.core.simulate import PixelSample
    from imagelab.rules.planner import plan_variations

    work, _ = codec.decode_pixels(data, max_side=2048)
    size = (work.shape[1], work.shape[0])
    if isinstance(raw, str):  # as the flow gives the planner the photo's sample
        raw = plan_variations(
            raw, image_size=size, max_side=2048, sample=PixelSample(codec.shrink(work), working_size=size)
        )
    plans = [v.operations for v in normalize_plan(raw, image_size=size).variations]
    return {
        "work": work,
        "plans": plans,
        "steps": [[{"op": o.op, "params": o.params.model_dump()} for o in p] for p in plans],
    }


def one_round(j: dict) -> dict[str, float]:
    """CPU ms of the job without the guard and of each guard layer on the same job, and the revisions kept."""
    from imagelab.core import arrays, codec
    from imagelab.core import execute as ex
    from imagelab.core.guard import Rerun, run_guard
    from imagelab.core.staged import Staged, _measured

    t = time.process_time()
    ex.execute(
        j["work"],
        j["plans"],
        on_step=lambda s: codec.encode(s.image, "jpeg", 80),
        on_variation_done=lambda v: codec.encode(v.final, "jpeg", 85),
        workers=1,
        keep_images=False,
    )
    row = {"execute": (time.process_time() - t) * 1000}
    for revisions in (0, 2):
        staged = Staged(j["work"], j["plans"])
        tracks = staged.previews(None, 1)
        pictures = [track.preview for track in tracks]

        def rerun(vi, operations, start, staged=staged):
            track = staged.rerun(vi, operations, start, None)
            return Rerun(track.preview, track, before=track.before)

        def accept(vi, _applied, ran, _entry, staged=staged):
            staged.tracks[vi] = ran.payload

        t = time.process_time()
        looks = [_measured(track, pictures) for track in tracks]
        measured = time.process_time()
        outcomes = run_guard(
            staged.source_preview,
            looks,
            j["steps"],
            rerun=rerun,
            accept=accept,
            max_revisions=revisions,
            working_size=arrays.size(staged.work),
        )
        row["previews measured"] = (measured - t) * 1000
        row[f"guard {revisions}"] = (time.process_time() - measured) * 1000
        row["kept"] = sum(r["verdict"] == "revised" for o in outcomes for r in o.revisions)
    return row


def main() -> None:
    """Print the table (markdown) for bench/README.md."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--photos", default="bench,coffee", help="comma-separated: bench or scikit-image names")
    args = parser.parse_args()
    print("| plan set | job CPU (ms) | previews measured | and measure only | and revisions | revisions kept |")
    print("|---|---:|---:|---:|---:|---:|")
    for name, data, raw in plan_sets(args.photos.split(",")):
        j = job(data, raw)
        one_round(j)  # warm-up: imports, caches
        rows = [one_round(j) for _ in range(args.runs)]
        med = {k: statistics.median(r[k] for r in rows) for k in rows[0]}
        base, staged = med["execute"], med["previews measured"]
        cells = [f"+{100 * x / base:.0f} %" for x in (staged, staged + med["guard 0"], staged + med["guard 2"])]
        print(f"| {name} | {base:.1f} | {' | '.join(cells)} | {rows[0]['kept']} |", flush=True)


if __name__ == "__main__":
    main()
