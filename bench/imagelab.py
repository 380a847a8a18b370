"""Benchmark: the seed's five-variation set (few-shot A) on a 12 MP JPEG, fast path vs naive baseline.

    .venv/bin/python bench/imagelab.py [--runs 7] [--workers 3]
    .venv/bin/python bench/imagelab.py --app [--delay 1.0]   # only the product path (first step result)

Each side runs in its own subprocess so peak RSS figures do not mix. The product path (`run_app`)
runs real turns through `flows.start_turn` with the rule planner, then with a stand-in model
planner that answers the same plans after `--delay` seconds. Not a test.
"""

import argparse
import io
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

# Few-shot A of ../shared/seeds/000_169d78524fdff6a2.txt ("warmer & punchier; keep framing"), verbatim.
FEW_SHOT_A = {
    "variations": [
        {
            "label": "Warm Pop",
            "strategy": "Temp warm + slight sat + gentle contrast; keep geometry",
            "operations": [
                {"op": "resize", "params": {"width": 2048, "fit": "inside"}},
                {"op": "temperature", "params": {"warm": True, "strength": 0.4}},
                {"op": "saturation", "params": {"factor": 1.08}},
                {"op": "contrast", "params": {"strength": 1.05}},
            ],
        },
        {
            "label": "Clean Neutral",
            "strategy": "Neutral WB; micro-contrast; gamma polish",
            "operations": [
                {"op": "resize", "params": {"width": 2048, "fit": "inside"}},
                {"op": "contrast", "params": {"strength": 1.04}},
                {"op": "levels", "params": {"gamma": 0.98}},
            ],
        },
        {
            "label": "Cool Modern",
            "strategy": "Slight cool tint + clarity",
            "operations": [
                {"op": "resize", "params": {"width": 2048, "fit": "inside"}},
                {"op": "tint", "params": {"hex": "#DDE8FF", "alpha": 0.08}},
                {"op": "contrast", "params": {"strength": 1.06}},
                {"op": "saturation", "params": {"factor": 0.98}},
            ],
        },
        {
            "label": "Soft Film",
            "strategy": "Lower contrast, mild warm, soft vignette",
            "operations": [
                {"op": "resize", "params": {"width": 2048, "fit": "inside"}},
                {"op": "contrast", "params": {"strength": 0.97}},
                {"op": "temperature", "params": {"warm": True, "strength": 0.25}},
                {"op": "vignette", "params": {"strength": 0.12}},
            ],
        },
        {
            "label": "Tight Crop Punch",
            "strategy": "Safe tighter crop + punchy finish",
            "operations": [
                {"op": "resize", "params": {"width": 2048, "fit": "inside"}},
                {"op": "crop", "params": {"x": 64, "y": 64, "width": 1920, "height": 1280}},
                {"op": "contrast", "params": {"strength": 1.07}},
                {"op": "saturation", "params": {"factor": 1.06}},
            ],
        },
    ],
    "diversity_axes": ["WB", "contrast curve", "crop/framing", "finishing vignette", "tint"],
}


def make_photo(path: Path) -> None:
    """A photo-like 4000x3000 JPEG q90: gradients, noise, shapes."""
    import numpy as np
    from PIL import Image, ImageDraw, ImageFilter

    w, h = 4000, 3000
    rng = np.random.default_rng(7)
    y, x = np.mgrid[0:h, 0:w].astype(np.float32)
    a = np.stack([x / w * 190 + 40, y / h * 160 + 50, (x + y) / (w + h) * 140 + 70], -1)
    a += rng.normal(0, 7, (h, w, 3)).astype(np.float32)
    im = Image.fromarray(np.clip(a, 0, 255).astype(np.uint8))
    d = ImageDraw.Draw(im)
    for i in range(80):
        x0, y0, s = int(rng.integers(0, w)), int(rng.integers(0, h)), int(rng.integers(40, 700))
        c = tuple(int(v) for v in rng.integers(0, 256, 3))
        (d.ellipse if i % 2 else d.rectangle)([x0, y0, x0 + s, y0 + int(s * 0.7)], fill=c)
    im = im.filter(ImageFilter.GaussianBlur(1.2))  # soft edges, like optics
    im.save(path, "JPEG", quality=90)


def _rss_mb() -> float:
    """Peak RSS of this process (VmHWM: reset by exec, unlike ru_maxrss which a child inherits)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


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
        work, _ = codec.decode(data, max_side=2048)
        t1 = time.perf_counter()
        first2: list[float] = []

        def on_step2(step, t1=t1, first2=first2):
            codec.encode(step.image, "jpeg", 80)
            if not first2:
                first2.append((time.perf_counter() - t1) * 1000)

        ex.execute(work, plans, on_step=on_step2, on_variation_done=on_done, workers=workers, keep_images=False)
        del work
        firsts_warm.append(first2[0])
    peak = _rss_mb()  # before the per-op section below
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
        "peak_rss_mb": _rss_mb(),
    }


APP_TEXT = "warmer and punchier, keep the framing"


def run_app(data: bytes, runs: int, delay: float = 0.0) -> dict:
    """The product path: an upload through `flows.start_turn`, timed per turn, then a next turn without one.

    A throwaway SQLite DB and image root; the rule planner, no OpenAI. With `delay` > 0 the planner
    stands in for a model: it answers the same plans after `delay` seconds (and, like the model path,
    gets the photo's preview). Per turn: the job's own stored `t_first_step` (planning end → first step
    result), and on the chat's channel-layer group `plans` → first `step.result` and upload in hand
    (start_turn called) → first `step.result`.
    """
    import asyncio
    import shutil

    tmp = Path(tempfile.mkdtemp(prefix="marquee-bench-imagelab-"))
    os.environ.update(
        {
            "DJANGO_SETTINGS_MODULE": "chatapp.settings",
            "DEBUG": "0",
            "PLANNER_BACKEND": "rules",
            "DATABASE_URL": f"sqlite:///{tmp / 'db.sqlite3'}",
            "SECRET_KEY": "bench-only-not-a-secret",
            "IMAGE_ROOT": str(tmp / "images"),
            "TURNS_PER_MINUTE": "1000000",
            "LOG_LEVEL": "WARNING",
            "AUTOSTART_RECOMMENDATIONS": "0",
        }
    )
    for name in ("REDIS_URL", "OPENAI_API_KEY", "OPENAI_BASE_URL"):
        os.environ.pop(name, None)
    import django

    django.setup()
    from channels.db import database_sync_to_async as db
    from channels.layers import get_channel_layer
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.db import connections

    from chatapp import llm, running
    from chatapp.events import group_name
    from chatapp.planner.backends.base import BackendProfile
    from imagelab import flows, services
    from imagelab.models import ImageJob

    async def one(user) -> dict:
        chat = await db(services.image_chat_create)(user=user)
        layer = get_channel_layer()
        channel = await layer.new_channel()
        await layer.group_add(group_name(chat.pk), channel)
        seen: dict[str, float] = {}

        async def listen():
            while "step.result" not in seen:
                kind = (await layer.receive(channel))["event"]["type"]
                seen.setdefault(kind, time.perf_counter())

        listener = asyncio.ensure_future(listen())
        t0 = time.perf_counter()
        turn, _ = await flows.start_turn(
            user=user, chat=chat, text=APP_TEXT, data=data, filename="photo.jpg", with_job=False
        )
        await asyncio.wait_for(listener, 30)
        while any(not t.done() for t in running.tasks()):
            await asyncio.sleep(0.01)
        job = await db(ImageJob.objects.get)(message_id=turn.message_id)
        assert job.status == "done", job.error
        # The next edit starts from the chosen variation (a stored 2048 px JPEG, decoded during planning).
        await db(services.job_choose_result)(user=user, job_id=job.pk, variation=0)
        turn2, _ = await flows.start_turn(user=user, chat=chat, text="now crop it square", data=None, with_job=False)
        while any(not t.done() for t in running.tasks()):
            await asyncio.sleep(0.01)
        job2 = await db(ImageJob.objects.get)(message_id=turn2.message_id)
        assert job2.status == "done", job2.error
        return {
            "stored": job.timings["t_first_step"],
            "plans": (seen["step.result"] - seen["plans"]) * 1000,
            "upload": (seen["step.result"] - t0) * 1000,
            "plan": job.timings.get("t_plan", float("nan")),
            "second": job2.timings["t_first_step"],
        }

    class SlowPlanner:
        """A model planner's latency with the rule planner's answer (the flow takes the model path)."""

        name, profile = "openai", BackendProfile(threads_responses=False)

        def __init__(self, inner):
            self.inner = inner

        async def complete(self, request, *, on_text=None):
            await asyncio.sleep(delay)
            return await self.inner.complete(request, on_text=on_text)

    async def all_runs(user) -> list[dict]:
        await one(user)  # warm-up: imports, first DB connection, libvips start
        return [await one(user) for _ in range(runs)]

    def planned(user) -> list[dict]:
        if not delay:
            return asyncio.run(all_runs(user))
        with llm.backend_override(SlowPlanner(llm.planner_backend())):
            return asyncio.run(all_runs(user))

    try:
        call_command("migrate", verbosity=0, interactive=False)
        user = get_user_model().objects.create_user(username="bench")
        rows = planned(user)
    finally:
        connections.close_all()
        shutil.rmtree(tmp, ignore_errors=True)
    med = statistics.median
    return (
        {k: med(r[k] for r in rows) for k in rows[0]}
        | {f"{k}_all": [round(r[k], 1) for r in rows] for k in rows[0]}
        | {"peak_rss_mb": _rss_mb()}
    )


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


def print_app(app: dict, runs: int, planner: str) -> None:
    """The product-path figures: where the first step result lands."""
    print(f"Product path, {planner} (flows.start_turn with the 12 MP upload, '{APP_TEXT}'), median of {runs} turns")
    print(
        f"  {'stored t_first_step (planning end → first step result) ms':62}{app['stored']:>8.0f}   {app['stored_all']}"
    )
    print(f"  {'plans event → first step.result event ms':62}{app['plans']:>8.0f}   {app['plans_all']}")
    print(
        f"  {'upload in hand (start_turn) → first step.result event ms':62}{app['upload']:>8.0f}   {app['upload_all']}"
    )
    print(f"  {'stored t_plan (planning) ms':62}{app['plan']:>8.1f}")
    print(f"  {'next turn, no upload: stored t_first_step ms':62}{app['second']:>8.0f}   {app['second_all']}")
    print(f"  {'peak RSS MB (the whole app process)':62}{app['peak_rss_mb']:>8.0f}\n")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--workers", type=int, default=3)
    ap.add_argument("--photo", type=Path, default=Path(tempfile.gettempdir()) / "marquee-bench-12mp.jpg")
    ap.add_argument("--child", choices=["fast", "naive", "app"])
    ap.add_argument("--app", action="store_true", help="only the product path (first step result)")
    ap.add_argument("--delay", type=float, default=1.0, help="seconds the stand-in model planner takes (app path)")
    a = ap.parse_args()
    if a.child:
        data = a.photo.read_bytes()
        runner = {
            "fast": lambda: run_fast(data, a.runs, a.workers),
            "naive": lambda: run_naive(data, a.runs),
            "app": lambda: run_app(data, a.runs, a.delay),
        }[a.child]
        print(json.dumps(runner()))
        return
    if not a.photo.exists():
        make_photo(a.photo)
    print_app(_child("app", a.photo, a.runs, a.workers), a.runs, "rule planner")
    print_app(
        _child("app", a.photo, a.runs, a.workers, a.delay),
        a.runs,
        f"stand-in model planner answering after {a.delay:g} s",
    )
    if a.app:
        return
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
