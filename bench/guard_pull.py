"""The rule reviser's clipping pulls: fixed shares against pulls sized on a pixel sample, in one process.

    PYTHONPATH=$PWD .venv/bin/python bench/guard_pull.py --rounds 12

The app's guarded job (`staged.run_guarded`, 3 workers, every preview and final encoded) on the 12 MP bench
photo, the two arms alternating job by job; prints the revisions each keeps and its process CPU median
(all threads; the first two rounds are warm-up), with the sized / fixed ratio.
"""

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from guard import clipping_set

from imagelab_common import FEW_SHOT_A, make_photo  # isort: skip  (puts the repository on sys.path)


def main() -> None:
    """Print the table (markdown) for bench/README.md."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=12)
    args = parser.parse_args()
    from PIL import Image

    from imagelab.core import codec
    from imagelab.core import guard as guard_loop
    from imagelab.core.normalize import normalize_plan
    from imagelab.core.simulate import PixelSample
    from imagelab.core.staged import run_guarded

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "photo.jpg"
        make_photo(path)
        data, size = path.read_bytes(), Image.open(path).size
    work, _ = codec.decode_pixels(data, max_side=2048)

    def encode(result) -> None:
        codec.encode(result.image, "jpeg", 85)

    def job(plans, operations, sized: bool) -> tuple[float, int]:
        # The fixed arm: the loop gets no sample, exactly as a caller without one.
        guard_loop.PixelSample = PixelSample if sized else (lambda _image, **_kw: None)
        c0 = time.process_time()
        ran = run_guarded(
            work,
            plans,
            lambda sp, pv, **h: guard_loop.run_guard(sp, pv, operations, max_revisions=2, **h),
            on_step=encode,
            on_variation_done=encode,
            workers=3,
            keep_images=False,
        )
        kept = sum(e["verdict"] == "revised" for o in ran.outcomes for e in o.revisions)
        return (time.process_time() - c0) * 1000, kept

    print("| plan set | fixed: revisions | fixed: CPU ms | sized: revisions | sized: CPU ms | CPU sized / fixed |")
    print("|---|---:|---:|---:|---:|---:|")
    for name, raw in (("few-shot A", FEW_SHOT_A), ("clipping", clipping_set())):
        plans = [v.operations for v in normalize_plan(raw, image_size=size).variations]
        operations = [[{"op": o.op, "params": o.params.model_dump()} for o in p] for p in plans]
        cpu: dict[bool, list[float]] = {False: [], True: []}
        kept: dict[bool, int] = {}
        for _ in range(args.rounds):
            for sized in (False, True):
                ms, kept[sized] = job(plans, operations, sized)
                cpu[sized].append(ms)
        fixed, sized = (statistics.median(cpu[arm][2:]) for arm in (False, True))
        print(f"| {name} | {kept[False]} | {fixed:.1f} | {kept[True]} | {sized:.1f} | {sized / fixed:.2f} |")
    guard_loop.PixelSample = PixelSample


if __name__ == "__main__":
    main()
