"""Benchmark: a whole job (the offline planner's five plans for an instruction) on the 12 MP bench photo.

    DEBUG=1 PYTHONPATH=$PWD .venv/bin/python bench/imagelab_jobs.py ["instruction" ...] [--runs 5]

The working image (2048 px) is decoded first, as the app has it when planning ends; then `execute` runs the five
plans with every step's preview encoded (`codec.preview`) and every final encoded as the app stores it (JPEG q92).
Prints the median wall and CPU (all threads) per instruction and each plan's ops. To compare two revisions, run
it from a worktree of each (`git worktree add /tmp/old <rev>`; `PYTHONPATH=/tmp/old`). Not a test.
"""

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from imagelab_common import make_photo  # isort: skip  (puts the repository on sys.path)

DEFAULT = ["straighten it, it leans left, and sharpen it", "soften it a bit, dreamy", "warmer and punchier"]


def main() -> None:
    """Print one line per instruction."""
    parser = argparse.ArgumentParser()
    parser.add_argument("instructions", nargs="*", default=DEFAULT)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    from imagelab.core import codec
    from imagelab.core import execute as ex
    from imagelab.core.normalize import normalize_plan
    from imagelab.rules.planner import plan_variations

    photo = Path(tempfile.gettempdir()) / "marquee-bench-12mp.jpg"
    if not photo.exists():
        make_photo(photo)
    data = photo.read_bytes()
    # As the app holds it (an array since 6a11492; older revisions: a Pillow image).
    work, size = getattr(codec, "decode_pixels", codec.decode)(data, max_side=2048)
    work_size = (work.shape[1], work.shape[0]) if hasattr(work, "shape") else work.size

    def store(v) -> None:
        final = getattr(v, "final", None)  # the executor's own form of it (older revisions: v.image)
        codec.encode(final if final is not None else v.image, "jpeg", 92)

    for instruction in args.instructions:
        plan = normalize_plan(plan_variations(instruction, image_size=size, max_side=2048), image_size=work_size)
        plans = [v.operations for v in plan.variations]
        walls, cpus = [], []
        for _ in range(args.runs):
            t, c = time.perf_counter(), time.process_time()
            ex.execute(
                work, plans, on_step=lambda s: codec.preview(s.image), on_variation_done=store, keep_images=False
            )
            walls.append((time.perf_counter() - t) * 1000)
            cpus.append((time.process_time() - c) * 1000)
        ops = " | ".join(" ".join(o.op for o in p) for p in plans)
        print(f"{instruction!r}: wall {statistics.median(walls):.0f} ms, CPU {statistics.median(cpus):.0f} ms  [{ops}]")


if __name__ == "__main__":
    main()
