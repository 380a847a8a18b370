"""Benchmark: each working-size pass as the executor runs it now vs the same op in Pillow, in one process.

    PYTHONPATH=$PWD .venv/bin/python bench/imagelab_passes.py [--runs 9]

On the 12 MP bench photo's 2048 px working image (bench/imagelab_common.py), for each pass: the Pillow op
(`ops.OPS`, what every working-size pass ran before `imagelab/core/arrays.py`; still the preview track's)
against `compile.Pass.run_any` from the Pillow image the executor holds after decoding (so a copy to an array is
counted where the pass makes one). Median CPU of the process (every thread) over `--runs`, the two sides alternating. Not a test.
"""

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from imagelab_common import make_photo  # isort: skip  (puts the repository on sys.path)

PASSES = [
    ("temperature warm 0.4 (a three-curve LUT)", [("temperature", {"warm": True, "strength": 0.4})]),
    ("contrast 1.05 (an exact affine run)", [("contrast", {"value": 1.05})]),
    ("saturation 1.08 (a colour matrix)", [("saturation", {"value": 1.08})]),
    ("vignette 0.12", [("vignette", {"strength": 0.12})]),
    ("crop 1920x1280", [("crop", {"x": 64, "y": 64, "width": 1920, "height": 1280})]),
    ("blur sigma 2", [("blur", {"sigma": 2.0})]),
    ("sharpen 1.0 / radius 1", [("sharpen", {"amount": 1.0, "radius": 1.0})]),
    ("rotate 3 degrees", [("rotate", {"degrees": 3.0})]),
    ("resize to 1080 px", [("resize", {"width": 1080, "height": None, "fit": "contain"})]),
    ("grain 0.2 (Pillow on both sides)", [("grain", {"amount": 0.2})]),
]


def main() -> None:
    """Print the table (markdown) for bench/README.md."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=9)
    args = parser.parse_args()
    from imagelab.core import codec, ops
    from imagelab.core.compile import compile_ops

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "photo.jpg"
        make_photo(path)
        work, _ = codec.decode(path.read_bytes(), max_side=2048)

    def pillow(chain):
        image = work
        for op, params in chain:
            image = ops.OPS[op](image, **params)
        return image

    def now(chain):
        picture = work
        for p in compile_ops(chain):
            picture = p.run_any(picture)
        return picture

    def cpu(fn, chain) -> float:
        t = time.process_time()  # every thread's: libvips runs a resize on its own threads
        fn(chain)
        return (time.process_time() - t) * 1000

    print(f"| pass at {work.size[0]}x{work.size[1]} | Pillow (ms) | now (ms) | Pillow / now |")
    print("|---|---:|---:|---:|")
    for name, chain in PASSES:
        pillow(chain), now(chain)  # warm-up
        before, after = [], []
        for _ in range(args.runs):
            before.append(cpu(pillow, chain))
            after.append(cpu(now, chain))
        a, b = statistics.median(before), statistics.median(after)
        print(f"| {name} | {a:.1f} | {b:.1f} | {a / max(b, 1e-3):.1f}x |")


if __name__ == "__main__":
    main()
