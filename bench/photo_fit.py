"""Offline photo planning with the photo seen: what fitting the looks to its pixel sample costs (issue 11).

    PYTHONPATH=$PWD .venv/bin/python bench/photo_fit.py [--runs 5] [--photos bench,natural]

For each photo and everyday instruction, in one process, alternating: the rule planner blind (no sample: the
looks as written) and as the flow plans (the working image's pixel sample built, every look fitted to it:
`rules/fitting.py`). Process CPU, medians of `--runs` after one warm-up; the ratio is fitted over blind. The
fit's cost is traces of candidate plans on the sample (~0.3 ms each), so it grows on photos where the asks clip.
Not a test.
"""

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from imagelab_common import NATURAL, photo_bytes  # isort: skip  (puts the repository on sys.path)

EVERYDAY = ("warmer and punchier, keep the framing", "make it brighter", "moody black and white", "crop it square")


def timed(work, instruction: str, fitted: bool) -> float:
    """CPU ms of one plan, with the sample built when `fitted`."""
    from imagelab.core import codec
    from imagelab.core.simulate import PixelSample
    from imagelab.rules.planner import plan_variations

    size = (work.shape[1], work.shape[0])
    t = time.process_time()
    sample = PixelSample(codec.shrink(work), working_size=size) if fitted else None
    plan_variations(instruction, image_size=size, max_side=2048, sample=sample)
    return (time.process_time() - t) * 1000


def main() -> None:
    """Print the table (markdown) for bench/README.md."""
    from imagelab.core import codec

    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--photos", default="bench,natural", help="comma-separated: bench, natural or names")
    args = parser.parse_args()
    photos = [n for p in args.photos.split(",") for n in (NATURAL if p == "natural" else (p,))]
    print("| photo | instruction | blind (ms) | fitted (ms) | ratio |")
    print("|---|---|---:|---:|---:|")
    totals = [0.0, 0.0]
    with tempfile.TemporaryDirectory() as tmp:
        for name in photos:
            work, _ = codec.decode_pixels(photo_bytes(name, Path(tmp)), max_side=2048)
            for instruction in EVERYDAY:
                timed(work, instruction, True)  # warm-up
                rounds = [(timed(work, instruction, False), timed(work, instruction, True)) for _ in range(args.runs)]
                blind, fitted = (statistics.median(r[k] for r in rounds) for k in (0, 1))
                totals = [totals[0] + blind, totals[1] + fitted]
                print(f"| {name} | {instruction!r} | {blind:.1f} | {fitted:.1f} | {fitted / blind:.1f} |", flush=True)
    print(f"| all | | {totals[0]:.1f} | {totals[1]:.1f} | {totals[1] / totals[0]:.1f} |")


if __name__ == "__main__":
    main()
