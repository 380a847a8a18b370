"""bench/imagelab.py's comparison with the seed's executor (node sharp) and a libvips floor.

- **app set**: `imagelab.core.execute.execute` on the JPEG's bytes, the five few-shot A plans, every
  step's preview encoded as the app stores it (`codec.preview`, JPEG q80; a shared prefix step once:
  15 previews), each final encoded as JPEG q85.
- **sharp**: bench/sharp/run.js (npm `sharp`, its own prebuilt libvips): decode + resize once to raw
  pixels, then the five plans as sharp pipelines in parallel (`Promise.all`), each ending in JPEG q85.
- **floor**: pyvips: decode with shrink-on-load + resize to 2048 once, then five JPEG q85 encodes of it:
  what any executor must at least do.

Each side is timed inside its own process (median of `runs` after one warm-up); the ratios are taken
within one invocation.
"""

import json
import statistics
import subprocess
import time
from pathlib import Path

from imagelab_common import FEW_SHOT_A, ROOT  # isort: skip

SHARP_DIR = ROOT / "bench" / "sharp"


def run_app_set(data: bytes, runs: int, workers: int) -> dict:
    """The app's executor with its 15 previews, finals as JPEG q85 (guard excluded)."""
    import threading

    from PIL import Image

    from imagelab.core import codec
    from imagelab.core import execute as ex
    from imagelab.core.normalize import normalize_plan

    with Image.open(__import__("io").BytesIO(data)) as probe:
        plan = normalize_plan(FEW_SHOT_A, image_size=probe.size)
    plans = [v.operations for v in plan.variations]

    def once() -> tuple[float, int, float]:
        lock, shared, count, preview_ms = threading.Lock(), set(), [0], [0.0]

        def on_step(step):
            if step.shared:  # the app stores a common-prefix step once for every column
                with lock:
                    if step.step in shared:
                        return
                    shared.add(step.step)
            t = time.perf_counter()
            codec.preview(step.image)
            with lock:
                count[0] += 1
                preview_ms[0] += (time.perf_counter() - t) * 1000

        t0, c0 = time.perf_counter(), time.process_time()
        ex.execute(
            data,
            plans,
            on_step=on_step,
            on_variation_done=lambda v: codec.encode(v.final, "jpeg", 85),
            workers=workers,
            keep_images=False,
        )
        return (time.perf_counter() - t0) * 1000, count[0], preview_ms[0], (time.process_time() - c0) * 1000

    once()
    results = [once() for _ in range(runs)]
    return {
        "total_ms": statistics.median(r[0] for r in results),
        "total_all": [round(r[0], 1) for r in results],
        "cpu_ms": statistics.median(r[3] for r in results),
        "cpu_all": [round(r[3], 1) for r in results],
        "previews": results[0][1],
        "preview_encode_ms": statistics.median(r[2] for r in results),
    }


def run_floor(data: bytes, runs: int) -> dict:
    """libvips alone: decode (shrink-on-load) + resize to 2048 once, five JPEG q85 encodes."""
    import pyvips

    def once() -> tuple[float, float]:
        t0, c0 = time.perf_counter(), time.process_time()
        vi = pyvips.Image.thumbnail_buffer(data, 2048, height=2048, size="down")
        mem = vi.write_to_memory()  # decoded once, like every executor here
        work = pyvips.Image.new_from_memory(mem, vi.width, vi.height, vi.bands, "uchar")
        for _ in range(5):
            work.jpegsave_buffer(Q=85)
        return (time.perf_counter() - t0) * 1000, (time.process_time() - c0) * 1000

    once()
    results = [once() for _ in range(runs)]
    return {
        "total_ms": statistics.median(r[0] for r in results),
        "total_all": [round(r[0], 1) for r in results],
        "cpu_ms": statistics.median(r[1] for r in results),
        "cpu_all": [round(r[1], 1) for r in results],
    }


def run_sharp(photo: Path, runs: int) -> dict | None:
    """bench/sharp/run.js's figures, or None when node or its node_modules are missing."""
    if not (SHARP_DIR / "node_modules" / "sharp").exists():
        return None
    out = subprocess.run(
        ["node", "run.js", str(photo), str(runs)],
        input=json.dumps(FEW_SHOT_A),
        capture_output=True,
        text=True,
        check=True,
        cwd=SHARP_DIR,
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def pool(sides: list[dict]) -> dict:
    """One side's figures over several rounds: medians of every round's runs pooled."""
    out = dict(sides[0])
    walls = [t for s in sides for t in s["total_all"]]
    out["total_ms"], out["total_all"] = statistics.median(walls), walls
    if all("cpu_all" in s for s in sides):
        out["cpu_ms"] = statistics.median(c for s in sides for c in s["cpu_all"])
    else:  # sharp's run.js reports the median CPU of its runs
        out["cpu_ms"] = statistics.median(s["cpu_ms"] for s in sides)
    if "preview_encode_ms" in out:
        out["preview_encode_ms"] = statistics.median(s["preview_encode_ms"] for s in sides)
    return out


def print_rounds(apps: list[dict], floors: list[dict], sharps: list[dict | None]) -> None:
    """Each round's wall ratios (app / sharp, app / floor), run side by side in time."""
    print("  per round, wall:  app / sharp    app / floor")
    for i, (app, floor, sharp) in enumerate(zip(apps, floors, sharps, strict=True), 1):
        vs_sharp = f"{app['total_ms'] / sharp['total_ms']:.2f}x" if sharp else "-"
        print(f"    round {i}: {vs_sharp:>14} {app['total_ms'] / floor['total_ms']:>13.2f}x")


def print_vs(app: dict, floor: dict, sharp: dict | None, runs: int, workers: int) -> None:
    """The comparison table: app set vs sharp and vs the floor (wall time, and CPU time of all threads)."""
    print(f"\nExecutor vs the seed's (node sharp) and a libvips floor, median of {runs}, app workers {workers}")
    print(f"{'':58}{'wall ms':>9}{'CPU ms':>9}")
    rows = [(f"app set: {app['previews']} previews + 5 finals (JPEG q85)", app)]
    rows.append(("floor: libvips decode+resize once, 5 JPEG q85", floor))
    if sharp is not None:
        rows.append((f"sharp {sharp['sharp']} (libvips {sharp['vips']}): 5 pipelines, q85", sharp))
    for label, r in rows:
        print(f"  {label:56}{r['total_ms']:>9.0f}{r['cpu_ms']:>9.0f}")
    print(f"    app preview encodes (summed over threads) {app['preview_encode_ms']:>21.1f}")
    if sharp is None:
        print("  sharp: not installed (cd bench/sharp && npm ci)")
    else:
        ratio, cpu = app["total_ms"] / sharp["total_ms"], app["cpu_ms"] / sharp["cpu_ms"]
        print(f"  app / sharp {ratio:>53.2f}x{cpu:>8.2f}x   (target <= 0.45, wall)")
    ratio, cpu = app["total_ms"] / floor["total_ms"], app["cpu_ms"] / floor["cpu_ms"]
    print(f"  app / floor {ratio:>53.2f}x{cpu:>8.2f}x   (target <= 1.8, wall)")
