"""Executor set with the morning's encoding (Pillow JPEG, vignette via Image.composite) vs now, in one process.

    PYTHONPATH=$PWD .venv/bin/python bench/imagelab_encode.py [--runs 11] [--workers 3]

Same set as `bench/imagelab.py --vs` (few-shot A on the 12 MP JPEG, 15 previews + 5 finals JPEG q85,
guard excluded) and the same libvips floor, run by run in turn (floor, before, after, floor, ...) so
the machine's load hits all three alike; medians of wall and CPU (all threads). "before" sets
`codec._VIPS_JPEG_MIN` out of reach (every JPEG through Pillow, whose encoder holds the GIL) and swaps
in the old vignette; "after" is the code as it is. Not a test.
"""

import argparse
import io
import statistics
import threading
import time
from pathlib import Path

from imagelab_common import FEW_SHOT_A, make_photo  # isort: skip

import pyvips
from PIL import Image

from imagelab.core import codec, ops
from imagelab.core import execute as ex
from imagelab.core.normalize import normalize_plan


def _old_vignette(image: Image.Image, *, strength: float = 0.2) -> Image.Image:
    s = ops._unit(strength)
    if s == 0:
        return image
    return Image.composite(image, Image.new("RGB", image.size), ops._vignette_mask(*image.size, s))


def _set(data: bytes, plans: list, workers: int) -> tuple[float, float]:
    lock, shared = threading.Lock(), set()

    def on_step(step):
        if step.shared:  # stored once for every column, as the app does
            with lock:
                if step.step in shared:
                    return
                shared.add(step.step)
        codec.preview(step.image)

    def on_done(v):
        codec.encode(v.image, "jpeg", 85)

    t0, c0 = time.perf_counter(), time.process_time()
    ex.execute(data, plans, on_step=on_step, on_variation_done=on_done, workers=workers, keep_images=False)
    return (time.perf_counter() - t0) * 1000, (time.process_time() - c0) * 1000


def _floor(data: bytes) -> tuple[float, float]:
    t0, c0 = time.perf_counter(), time.process_time()
    vi = pyvips.Image.thumbnail_buffer(data, 2048, height=2048, size="down")
    work = pyvips.Image.new_from_memory(vi.write_to_memory(), vi.width, vi.height, vi.bands, "uchar")
    for _ in range(5):
        work.jpegsave_buffer(Q=85)
    return (time.perf_counter() - t0) * 1000, (time.process_time() - c0) * 1000


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=11)
    ap.add_argument("--workers", type=int, default=3)
    ap.add_argument("--photo", type=Path, default=Path("/tmp/marquee-bench-12mp.jpg"))
    a = ap.parse_args()
    if not a.photo.exists():
        make_photo(a.photo)
    data = a.photo.read_bytes()
    with Image.open(io.BytesIO(data)) as probe:
        plans = [v.operations for v in normalize_plan(FEW_SHOT_A, image_size=probe.size).variations]
    vips_min, vignette = codec._VIPS_JPEG_MIN, ops.OPS["vignette"]

    def before() -> tuple[float, float]:
        codec._VIPS_JPEG_MIN, ops.OPS["vignette"] = 10**12, _old_vignette
        try:
            return _set(data, plans, a.workers)
        finally:
            codec._VIPS_JPEG_MIN, ops.OPS["vignette"] = vips_min, vignette

    sides = {"floor": lambda: _floor(data), "before": before, "after": lambda: _set(data, plans, a.workers)}
    runs: dict[str, list[tuple[float, float]]] = {k: [] for k in sides}
    for f in sides.values():  # warm-up
        f()
    for _ in range(a.runs):
        for k, f in sides.items():
            runs[k].append(f())
    med = {k: (statistics.median(r[0] for r in v), statistics.median(r[1] for r in v)) for k, v in runs.items()}
    print(f"executor set before/after vs the libvips floor, one process, median of {a.runs}, workers {a.workers}")
    print(f"{'':12}{'wall ms':>9}{'CPU ms':>9}{'/floor wall':>13}{'/floor CPU':>12}")
    for k, (w, c) in med.items():
        print(f"{k:12}{w:>9.0f}{c:>9.0f}{w / med['floor'][0]:>12.2f}x{c / med['floor'][1]:>11.2f}x")
    print(
        f"after / before: wall {med['after'][0] / med['before'][0]:.2f}x, CPU {med['after'][1] / med['before'][1]:.2f}x"
    )


if __name__ == "__main__":
    main()
