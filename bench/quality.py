"""Accuracy of the quality figures and verdicts (imagelab.core.quality) on synthetic distortions.

Six natural photos bundled with scikit-image, each distorted at 5 levels (level 0 = untouched) by Gaussian
blur σ, Gaussian noise σ, JPEG quality, and an exposure shift in stops (up and down). For each distortion it
prints the Spearman correlation between the matching figure and the level (the lowest over the photos, and
over all photos pooled) and how often the no-reference verdict agrees with the ground truth (level 0 clean,
levels 3-4 distorted; "unsure" counts as a miss). Also the time of every figure (`measure_all`, with a
reference) on a 2048 px image; bench/quality_speed.py has the speed table against the earlier ways.

    .venv/bin/python bench/quality.py [--raw]
"""

import argparse
import io
import sys
import time
from pathlib import Path

import numpy as np
from PIL import Image
from scipy.stats import spearmanr
from skimage import data
from skimage.filters import gaussian

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from imagelab.core import quality  # noqa: E402

PHOTOS = {
    "astronaut": data.astronaut,
    "coffee": data.coffee,
    "chelsea": data.chelsea,
    "rocket": data.rocket,
    "motorcycle": lambda: data.stereo_motorcycle()[0],
    "camera": data.camera,
}


def _blur(arr, s):
    return arr if s == 0 else (gaussian(arr, sigma=s, channel_axis=2, preserve_range=True) + 0.5).astype(np.uint8)


def _noise(arr, s):
    rng = np.random.default_rng(7)
    return np.clip(arr + rng.normal(0, s, arr.shape), 0, 255).round().astype(np.uint8) if s else arr


def _jpeg(arr, q):
    if q == 0:
        return arr
    buf = io.BytesIO()
    Image.fromarray(arr).save(buf, "JPEG", quality=q)
    return np.asarray(Image.open(buf).convert("RGB"))


def _stops(arr, ev):
    return np.clip(arr * 2.0**ev, 0, 255).round().astype(np.uint8) if ev else arr


# name: (distort, levels 0..4, the figure that should follow the level, its sign, the verdict it decides)
DISTORTIONS = {
    "blur σ": (_blur, [0, 0.75, 1.5, 2.5, 4], "blur_effect", 1, "blur"),
    "noise σ": (_noise, [0, 3, 6, 12, 20], "noise_sigma", 1, "noise"),
    "JPEG quality": (_jpeg, [0, 70, 40, 20, 10], "blockiness", 1, "jpeg"),
    "exposure +EV": (_stops, [0, 0.33, 0.67, 1.0, 1.5], "mean_luminance", 1, "overexposure"),
    "exposure −EV": (_stops, [0, -0.33, -0.67, -1.0, -1.5], "mean_luminance", -1, "underexposure"),
}
VERDICT_ROWS = ("blur", "noise", "overexposure", "underexposure")  # the required verdicts


def run(raw: bool = False) -> list[dict]:
    """Measure every photo x distortion x level; print the table; return the rows."""
    photos = {name: quality.as_array(load()) for name, load in PHOTOS.items()}
    rows = []
    for dname, (distort, levels, figure, sign, dist) in DISTORTIONS.items():
        per_photo, pooled_x, pooled_y, agree, total = [], [], [], 0, 0
        for pname, arr in photos.items():
            values = []
            for i, level in enumerate(levels):
                figs = quality.measure(distort(arr, level))
                values.append(sign * figs[figure])
                if raw:
                    print(f"{dname:14} {pname:11} {level:6} {figs}")
                if i == 0 or i >= 3:
                    truth = "no" if i == 0 else "yes"
                    agree += quality.verdict(dist, figs)[0] == truth
                    total += 1
            per_photo.append(spearmanr(range(len(levels)), values).statistic)
            pooled_x += list(range(len(levels)))
            pooled_y += values
        rows.append(
            {
                "distortion": dname,
                "figure": figure,
                "spearman_min": float(min(per_photo)),
                "spearman_pooled": float(spearmanr(pooled_x, pooled_y).statistic),
                "verdict": dist,
                "agreement": agree / total,
            }
        )
    print(f"{len(photos)} photos: {', '.join(photos)}; levels 0..4; verdict truth: level 0 clean, levels 3-4 distorted")
    print("| distortion | levels | figure | Spearman (min per photo) | Spearman (pooled) | verdict | agreement |")
    print("|---|---|---|---:|---:|---|---:|")
    for r, (_, levels, *_rest) in zip(rows, DISTORTIONS.values(), strict=True):
        print(
            f"| {r['distortion']} | {levels} | {r['figure']} | {r['spearman_min']:.3f} | {r['spearman_pooled']:.3f} "
            f"| {r['verdict']} | {r['agreement']:.0%} |"
        )
    return rows


def time_measure(rounds: int = 5) -> tuple[float, float]:
    """Median (wall, CPU) ms of measure_all() — every figure, with a reference — on a 2048 px photo."""
    big = np.asarray(Image.fromarray(data.astronaut()).resize((2048, 2048), Image.Resampling.BICUBIC))
    ref = _blur(big, 1)
    quality.measure_all(big, ref)
    walls, cpus = [], []
    for _ in range(rounds):
        t0, c0 = time.perf_counter(), time.process_time()
        quality.measure_all(big, ref)
        cpus.append((time.process_time() - c0) * 1000)
        walls.append((time.perf_counter() - t0) * 1000)
    return float(np.median(walls)), float(np.median(cpus))


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--raw", action="store_true", help="print every measurement")
    args = parser.parse_args()
    run(raw=args.raw)
    wall, cpu = time_measure()
    print(f"every figure (measure_all, with a reference) on a 2048x2048 photo: {wall:.0f} ms wall, {cpu:.0f} ms CPU")
