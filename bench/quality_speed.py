"""Speed of the quality figures (imagelab.core.quality) on a 2048 px photo against the earlier ways.

Three ways, timed in this one process (median of `--rounds` after a warm-up; wall time and the process's
CPU time, which a busy machine inflates much less):
- **now**: `measure_all(image, reference)` — every no-reference figure plus PSNR, SSIM and ΔE2000, on
  shared working copies (blur/exposure at 512 px, noise and JPEG blocks on full-resolution tiles,
  colour/SSIM/ΔE2000 at 256 px, float32 grey);
- **before**: the implementation this replaced (issue 11's first cut): `measure` at 1024 px and
  `compare` at 512 px, float64, each reducing the image on its own;
- **full resolution**: every figure on the full 2048 px image, float64 (no working copies at all).

    .venv/bin/python bench/quality_speed.py [--rounds 9]
"""

import argparse
import statistics
import sys
import time
import warnings
from pathlib import Path

import numpy as np
from PIL import Image, ImageFilter
from skimage import data
from skimage.color import deltaE_ciede2000, rgb2gray, rgb2lab
from skimage.filters import laplace
from skimage.measure import blur_effect
from skimage.metrics import peak_signal_noise_ratio, structural_similarity
from skimage.restoration import estimate_sigma

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from imagelab.core import quality  # noqa: E402


def _old_reduced(arr: np.ndarray, side: int) -> np.ndarray:
    h, w = arr.shape[:2]
    if max(h, w) <= side:
        return arr
    k = side / max(h, w)
    return np.asarray(Image.fromarray(arr).resize((round(w * k), round(h * k)), Image.Resampling.BOX))


def old_measure(arr: np.ndarray, side: int | None = 1024, colour_side: int | None = 256) -> dict:
    """The replaced `measure`: figures at `side` (None: full size), float64, numpy clipping counts."""
    a = _old_reduced(arr, side) if side else arr
    grey = rgb2gray(a) * 255.0
    flat = a.reshape(-1, 3)
    lo, hi, top = np.percentile(grey, [5, 95, 99])
    small = _old_reduced(a, colour_side) if colour_side else a
    lab = rgb2lab(small)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        sigma = float(estimate_sigma(grey, channel_axis=None))
    return {
        "sharpness": float(laplace(grey).var()),
        "blur_effect": float(blur_effect(grey)),
        "noise_sigma": sigma,
        "mean_luminance": float(grey.mean()),
        "highlights_clipped": float(((flat == 255).mean(axis=0) * 100).max()),
        "shadows_clipped": float(((flat == 0).mean(axis=0) * 100).max()),
        "bright_end": float(top),
        "contrast_spread": float(hi - lo),
        "blockiness": quality.blockiness(grey),
        "colourfulness": quality.colourfulness(small),
        "cast_a": float(lab[..., 1].mean()),
        "cast_b": float(lab[..., 2].mean()),
    }


def old_compare(img: np.ndarray, ref: np.ndarray, side: int | None = 512) -> dict:
    """The replaced `compare`: both at `side` (None: full size), scikit-image on uint8 (float64 inside)."""
    r = _old_reduced(ref, side) if side else ref
    i = _old_reduced(img, side) if side else img
    return {
        "psnr": float(peak_signal_noise_ratio(r, i, data_range=255)),
        "ssim": float(structural_similarity(r, i, channel_axis=2, data_range=255)),
        "delta_e": float(deltaE_ciede2000(rgb2lab(r), rgb2lab(i)).mean()),
    }


def _time(fn, rounds: int) -> tuple[float, float, dict]:
    out = fn()
    wall, cpu = [], []
    for _ in range(rounds):
        w, c = time.perf_counter(), time.process_time()
        fn()
        cpu.append((time.process_time() - c) * 1000)
        wall.append((time.perf_counter() - w) * 1000)
    return statistics.median(wall), statistics.median(cpu), out


def photo_pair() -> tuple[np.ndarray, np.ndarray]:
    """A 2048x2048 photo (astronaut, upscaled) and its edit (Gaussian blur 1 px) as the reference pair."""
    big = np.asarray(Image.fromarray(data.astronaut()).resize((2048, 2048), Image.Resampling.BICUBIC))
    ref = np.asarray(Image.fromarray(big).filter(ImageFilter.GaussianBlur(1)))
    return big, ref


def run(rounds: int) -> list[tuple[str, float, float]]:
    """Print the speed table; return (way, wall ms, cpu ms) rows."""
    img, ref = photo_pair()
    ways = {
        "now: measure_all(image, reference)": lambda: quality.measure_all(img, ref),
        "now: measure(image) alone": lambda: quality.measure(img),
        "now: compare(image, reference) alone": lambda: quality.compare(img, ref),
        "before: measure (1024 px) + compare (512 px)": lambda: old_measure(img) | old_compare(img, ref),
        "full resolution: every figure at 2048 px": lambda: old_measure(img, None, None) | old_compare(img, ref, None),
    }
    rows, outs = [], {}
    for name, fn in ways.items():
        wall, cpu, outs[name] = _time(fn, rounds if not name.startswith("full") else max(3, rounds // 3))
        rows.append((name, wall, cpu))
    base = rows[0]
    print(f"All quality figures of a 2048x2048 photo and its reference (median of {rounds}; target ≤ 60 ms)")
    print("| way | wall ms | CPU ms | × now (wall) | × now (CPU) |")
    print("|---|---:|---:|---:|---:|")
    for name, wall, cpu in rows:
        print(f"| {name} | {wall:.1f} | {cpu:.1f} | {wall / base[1]:.1f} | {cpu / base[2]:.1f} |")
    now, before = outs[rows[0][0]], outs[rows[3][0]]
    print("\nThe figures themselves on this pair (now / before / full resolution):")
    full = outs[rows[4][0]]
    for k in before:
        print(f"  {k:20} {now[k]:>10.4g} {before[k]:>10.4g} {full[k]:>10.4g}")
    return rows


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=9)
    run(ap.parse_args().rounds)
