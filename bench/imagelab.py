"""Benchmark: the seed's five-variation set (few-shot A) on a 12 MP JPEG, fast path vs naive baseline.

    .venv/bin/python bench/imagelab.py [--runs 7] [--workers 3]
    .venv/bin/python bench/imagelab.py --app [--delay 1.0]   # only the product path (first step result)
    .venv/bin/python bench/imagelab.py --vs [--runs 9] [--rounds 3]   # only: app set vs node sharp vs a libvips floor
    IMAGE_MALLOC_KEEP_MB=256 .venv/bin/python bench/imagelab.py --vs   # the children keep freed memory, as the app

`--vs` (also part of a full run) compares the executor with the seed's (node `sharp`, installed by
`cd bench/sharp && npm ci`) and with a libvips floor: bench/imagelab_vs.py.

Each side runs in its own subprocess so peak RSS figures do not mix. The product path (`run_app`,
bench/imagelab_app.py) runs real turns through `flows.start_turn` with the rule planner, then with a
stand-in model planner that answers the same plans after `--delay` seconds. Not a test. The few-shot
plans, the test photo and the RSS probe are in bench/imagelab_common.py.
"""

import argparse
import io
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

# First: puts the repository root on sys.path.
from imagelab_common import FEW_SHOT_A, ROOT, make_photo, rss_mb  # isort: skip

from imagelab_app import print_app, run_app
from imagelab_vs import pool, print_rounds, print_vs, run_app_set, run_floor, run_sharp

from imagelab.core.memory import keep_freed_memory


def run_fast(data: bytes, runs: int, workers: int) -> dict:
    """Optimised executor: decode once, shared prefix, fused passes, JPEG q85 per final."""
    from imagelab.core import codec, ops
    from imagelab.core import execute as ex
    from imagelab.core.normalize import normalize_plan

    with __import__("PIL").Image.open(io.BytesIO(data)) as probe:
        size = probe.size
    plan = normalize_plan(FEW_SHOT_A, image_size=size)
    plans = [v.operations for v in plan.variations]
    totals, firsts_cold, firsts_warm, per_var, passes = [], [], [], {}, {}
    for _ in range(runs):
        t0 = time.perf_counter()
        first: list[float] = []

        def on_step(step, t0=t0, first=first):
            codec.encode(step.image, "jpeg", 80)  # the preview the UI streams
            if not first:
                first.append((time.perf_counter() - t0) * 1000)

        def on_done(v):
            codec.encode(v.image, "jpeg", 85)

        res = ex.execute(data, plans, on_step=on_step, on_variation_done=on_done, workers=workers, keep_images=False)
        totals.append((time.perf_counter() - t0) * 1000)
        firsts_cold.append(first[0])
        for i, v in enumerate(res.variations):
            per_var.setdefault(plan.variations[i].label, []).append(v.ms)
            for p in v.passes:
                key = f"{p['kind']}:" + "+".join(plans[i][s].op for s in p["steps"])
                passes.setdefault(key, []).append(p["ms"])
        # Warm: the working image was decoded while the planner was thinking; the clock
        # starts when planning ends.
        work, _ = codec.decode_pixels(data, max_side=2048)
        t1 = time.perf_counter()
        first2: list[float] = []

        def on_step2(step, t1=t1, first2=first2):
            codec.encode(step.image, "jpeg", 80)
            if not first2:
                first2.append((time.perf_counter() - t1) * 1000)

        ex.execute(work, plans, on_step=on_step2, on_variation_done=on_done, workers=workers, keep_images=False)
        del work
        firsts_warm.append(first2[0])
    peak = rss_mb()  # before the per-op section below
    # Per op, alone (uncontended) on the working image.
    work, _ = codec.decode(data, max_side=2048)
    per_op: dict[str, list[float]] = {}
    t = time.perf_counter()
    for _ in range(runs):
        t = time.perf_counter()
        codec.decode(data, max_side=2048)
        per_op.setdefault("decode+resize to 2048 (libvips)", []).append((time.perf_counter() - t) * 1000)
        for v in plan.variations:
            for o in v.operations[1:]:
                p = o.params.model_dump()
                t = time.perf_counter()
                ops.OPS[o.op](work, **p)
                per_op.setdefault(f"{o.op} {json.dumps(p, separators=(',', ':'))}", []).append(
                    (time.perf_counter() - t) * 1000
                )
        t = time.perf_counter()
        codec.encode(work, "jpeg", 85)
        per_op.setdefault("encode JPEG q85 2048x1536", []).append((time.perf_counter() - t) * 1000)
        t = time.perf_counter()
        codec.encode(codec.shrink(work, 640), "jpeg", 80)
        per_op.setdefault("preview 640 px (shrink + JPEG q80)", []).append((time.perf_counter() - t) * 1000)
    med = statistics.median
    return {
        "total_ms": med(totals),
        "total_all": totals,
        "first_cold_ms": med(firsts_cold),
        "first_warm_ms": med(firsts_warm),
        "per_variation_ms": {k: med(v) for k, v in per_var.items()},
        "per_pass_ms": {k: med(v) for k, v in passes.items()},
        "per_op_ms": {k: med(v) for k, v in per_op.items()},
        "peak_rss_mb": peak,
    }


def run_naive(data: bytes, runs: int) -> dict:
    """Baseline: decode per variation, full-size decode, one ImageEnhance/ImageOps call per op."""
    import numpy as np
    from PIL import Image, ImageEnhance, ImageOps

    def apply(im, op, p):
        if op == "resize":
            return ImageOps.contain(im, (p["width"], p.get("height") or p["width"]), Image.Resampling.LANCZOS)
        if op == "brightness":
            return ImageEnhance.Brightness(im).enhance(p["value"])
        if op == "contrast":
            return ImageEnhance.Contrast(im).enhance(p["value"])
        if op == "saturation":
            return ImageEnhance.Color(im).enhance(p["value"])
        if op == "temperature":
            k = 0.3 * p["strength"]
            r, g, b = im.split()
            return Image.merge(
                "RGB",
                (
                    r.point(lambda v: 255 * (v / 255) ** (1 / (1 + k))),
                    g.point(lambda v: 255 * (v / 255) ** (1 / (1 + k / 4))),
                    b.point(lambda v: 255 * (v / 255) ** (1 + k)),
                ),
            )
        if op == "tint":
            return Image.blend(im, Image.new("RGB", im.size, p["color"]), p["strength"])
        if op == "levels":
            return im.point(lambda v: 255 * (v / 255) ** (1 / p["gamma"]))
        if op == "vignette":
            w, h = im.size
            y, x = np.ogrid[0:h, 0:w]
            d = np.sqrt(((x / w * 2 - 1) ** 2 + (y / h * 2 - 1) ** 2) / 2)
            mask = 1 - p["strength"] * np.clip((d - 0.3) / 0.7, 0, 1)
            return Image.fromarray((np.asarray(im) * mask[..., None]).astype(np.uint8))
        if op == "crop":
            return im.crop((p["x"], p["y"], p["x"] + p["width"], p["y"] + p["height"]))
        raise ValueError(op)

    norm = {"factor": "value", "strength": "value"}
    totals, per_var = [], {}
    for _ in range(runs):
        t0 = time.perf_counter()
        for v in FEW_SHOT_A["variations"]:
            tv = time.perf_counter()
            im = Image.open(io.BytesIO(data)).convert("RGB")
            for o in v["operations"]:
                p = dict(o["params"])
                if o["op"] in ("contrast", "saturation", "brightness"):
                    p = {norm.get(k, k): val for k, val in p.items()}
                if o["op"] == "tint":
                    p = {"color": p["hex"], "strength": p["alpha"]}
                im = apply(im, o["op"], p)
            buf = io.BytesIO()
            im.save(buf, "JPEG", quality=85)
            per_var.setdefault(v["label"], []).append((time.perf_counter() - tv) * 1000)
        totals.append((time.perf_counter() - t0) * 1000)
    med = statistics.median
    return {
        "total_ms": med(totals),
        "total_all": totals,
        "per_variation_ms": {k: med(v) for k, v in per_var.items()},
        "peak_rss_mb": rss_mb(),
    }


# Both sides run with the malloc setting `make run` gives daphne (fewer per-thread arenas).
CHILD_ENV = {**os.environ, "MALLOC_ARENA_MAX": os.environ.get("MALLOC_ARENA_MAX", "2")}


def _child(mode: str, photo: Path, runs: int, workers: int, delay: float = 0.0) -> dict:
    out = subprocess.run(
        [
            sys.executable,
            __file__,
            "--child",
            mode,
            "--photo",
            str(photo),
            "--runs",
            str(runs),
            "--workers",
            str(workers),
            "--delay",
            str(delay),
        ],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
        env=CHILD_ENV,
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def _print_vs(a: argparse.Namespace) -> None:
    # Rounds alternate the app/floor child and sharp, so a machine that speeds up or slows down between them (a
    # shared VM: sharp's own time moved 300 -> 520 ms within minutes) weighs on every side alike; each round's
    # ratios are printed, and the table pools every round's runs.
    rounds = [(_child("vs", a.photo, a.runs, a.workers), run_sharp(a.photo, a.runs)) for _ in range(a.rounds)]
    apps, floors, sharps = [r[0]["app"] for r in rounds], [r[0]["floor"] for r in rounds], [r[1] for r in rounds]
    print_vs(pool(apps), pool(floors), None if None in sharps else pool(sharps), a.runs * a.rounds, a.workers)
    if a.rounds > 1:
        print_rounds(apps, floors, sharps)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--rounds", type=int, default=1, help="--vs: alternate the app/floor child and sharp this often")
    ap.add_argument("--workers", type=int, default=3)
    ap.add_argument("--photo", type=Path, default=Path(tempfile.gettempdir()) / "marquee-bench-12mp.jpg")
    ap.add_argument("--child", choices=["fast", "naive", "app", "vs"])
    ap.add_argument("--app", action="store_true", help="only the product path (first step result)")
    ap.add_argument("--vs", action="store_true", help="only the app set vs node sharp vs a libvips floor")
    ap.add_argument("--delay", type=float, default=1.0, help="seconds the stand-in model planner takes (app path)")
    a = ap.parse_args()
    if a.child:
        data = a.photo.read_bytes()
        # As the app does with the setting of the same name (imagelab/apps.py): off unless set.
        keep_freed_memory(int(os.environ.get("IMAGE_MALLOC_KEEP_MB", "0") or 0))
        runner = {
            "fast": lambda: run_fast(data, a.runs, a.workers),
            "naive": lambda: run_naive(data, a.runs),
            "app": lambda: run_app(data, a.runs, a.delay),
            "vs": lambda: {"app": run_app_set(data, a.runs, a.workers), "floor": run_floor(data, a.runs)},
        }[a.child]
        print(json.dumps(runner()))
        return
    if not a.photo.exists():
        make_photo(a.photo)
    if a.vs:
        _print_vs(a)
        return
    print_app(_child("app", a.photo, a.runs, a.workers), a.runs, "rule planner")
    print_app(
        _child("app", a.photo, a.runs, a.workers, a.delay),
        a.runs,
        f"stand-in model planner answering after {a.delay:g} s",
    )
    if a.app:
        return
    _print_vs(a)
    fast = _child("fast", a.photo, a.runs, a.workers)
    naive = _child("naive", a.photo, a.runs, a.workers)
    from PIL import Image

    with Image.open(a.photo) as im:
        desc = f"{im.size[0]}x{im.size[1]} JPEG q90, {os.path.getsize(a.photo) / 1e6:.1f} MB"
    print(
        f"Image lab benchmark — few-shot A, {desc}, median of {a.runs} runs, {a.workers} workers, "
        f"{os.cpu_count()} CPUs, MALLOC_ARENA_MAX={CHILD_ENV['MALLOC_ARENA_MAX']} (as make run starts daphne)"
    )
    print(f"{'':44}{'fast':>10}{'naive':>10}")
    print(f"{'whole set (decode → 5 finals as JPEG q85) ms':44}{fast['total_ms']:>10.0f}{naive['total_ms']:>10.0f}")
    print(f"{'speed-up vs naive':44}{naive['total_ms'] / fast['total_ms']:>10.1f}x")
    print(f"{'peak RSS MB':44}{fast['peak_rss_mb']:>10.0f}{naive['peak_rss_mb']:>10.0f}")
    print(f"{'first step-result ms, decode included':44}{fast['first_cold_ms']:>10.0f}")
    print(f"{'first step-result ms, decoded during planning':44}{fast['first_warm_ms']:>10.0f}")
    print("\nper variation ms (fast: concurrent, wall time inside the pool; naive: sequential)")
    for label, ms in fast["per_variation_ms"].items():
        print(f"  {label:42}{ms:>10.0f}{naive['per_variation_ms'].get(label, float('nan')):>10.0f}")
    print("\nper fused pass ms (inside the concurrent run)")
    for k, ms in sorted(fast["per_pass_ms"].items()):
        print(f"  {k:60}{ms:>8.1f}")
    print("\nper op ms (alone, on the 2048x1536 working image)")
    for k, ms in fast["per_op_ms"].items():
        print(f"  {k:60}{ms:>8.1f}")


if __name__ == "__main__":
    main()
