"""Measured image quality: no-reference and full-reference figures, and the verdicts they decide.

Pure: no Django. The metrics are scikit-image's (Laplacian, `blur_effect`, `estimate_sigma`,
`rgb2lab`, `peak_signal_noise_ratio`, `structural_similarity`, `deltaE_ciede2000`); only the
exposure counts, JPEG blockiness and Hasler–Süsstrunk colourfulness are a few lines of numpy.

Speed (issue 11: every figure of a 2048 px photo and its reference in ≤ 60 ms): each figure is taken
on the smallest working copy that keeps its meaning, and shared copies are made once.
- blur, sharpness, exposure: the image box-reduced to `ANALYSIS_SIDE` (longest side), so a verdict does
  not depend on the upload's resolution;
- noise σ and JPEG blocks are scale-dependent (a box reduction averages noise away and moves the 8 px
  grid), so they are read at full resolution: on the whole image when it is small, otherwise on four
  `TILE` px tiles, one in each quadrant, aligned to the 8 px grid;
- colour statistics at `COLOUR_SIDE`; PSNR at `COMPARE_SIDE`, SSIM and ΔE2000 at `COLOUR_SIDE`;
- grey copies in float32 (scikit-image keeps float32 inputs in float32; the figures agree with
  float64 to ~1e-6).
The thresholds in `THRESHOLDS` were calibrated by `bench/quality.py` on scikit-image's sample photos,
which also prints the speed table against the previous full-size way (see bench/README.md).
"""

from __future__ import annotations

import math
import warnings

import numpy as np
import pyvips
from PIL import Image
from skimage.color import deltaE_ciede2000, rgb2gray, rgb2lab
from skimage.filters import laplace
from skimage.measure import blur_effect
from skimage.metrics import peak_signal_noise_ratio, structural_similarity
from skimage.restoration import estimate_sigma

ANALYSIS_SIDE = 512  # blur, sharpness, exposure: measured on the image reduced to this longest side
COLOUR_SIDE = 256  # colour statistics, SSIM and ΔE2000 need no more pixels than this
COMPARE_SIDE = ANALYSIS_SIDE  # PSNR: on the analysis copies (the image's resized to the reference's size)
TILE = 256  # noise and JPEG blocks: full-resolution tiles of this side ...
NATIVE_WHOLE = 640 * 640  # ... unless the whole image has at most this many pixels
VIPS_PIXELS = 1 << 20  # a larger array is box-shrunk by libvips (below this Pillow's reduce is cheaper)
BLOCK = 8  # JPEG's block size
BLUR_SIDE = 16  # a panorama's analysis copy (4000 x 120 -> 512 x 15) is too thin for the blur effect's 11 px
# filter: it is read on a less reduced copy of at most BLUR_PIXELS (all of a 4000 x 120 strip: reduced further, its
# edges alias and a sharp strip read 0.51, blurry)
BLUR_PIXELS = 1 << 20
FLAT_SPREAD = 2.0  # luminance levels: a picture whose 5th..95th percentiles lie closer is one flat tone, no edges

DISTORTIONS = ("blur", "noise", "overexposure", "underexposure", "jpeg", "low_contrast", "colour_cast")

# Verdict thresholds, as (yes-at, no-below) pairs: a figure between them is "unsure".
# Calibrated with bench/quality.py (6 scikit-image photos x 5 levels of each distortion); re-checked
# 2026-11-24 with the reduced working copies: the same thresholds, every verdict still 100 %.
THRESHOLDS = {
    # blur effect (at 512 px): clean photos 0.26-0.41, σ 2.5 blur 0.54-0.74
    "blur": {"blur_effect": (0.50, 0.45)},  # scikit-image's blur effect, 0 sharp .. 1 blurred
    # noise σ (full resolution): clean photos 0.4-1.9, added σ 12 noise 8.5-10
    "noise": {"noise_sigma": (4.0, 2.5)},  # wavelet estimate of the noise's σ, in 0..255 levels
    # clean: mean ≤ 129, clipped ≤ 1.3 %; +1 stop: mean 119-215, clipped 6-78 % (a night scene: mean 119, 6 %)
    "overexposure": {"mean_luminance": (170.0, 150.0), "highlights_clipped": (5.0, 2.5)},
    # clean: 99th percentile ≥ 179 (a night scene's mean is 61); −1 stop: 99th percentile ≤ 124
    "underexposure": {"bright_end": (135.0, 160.0), "mean_luminance": (35.0, 45.0)},
    "jpeg": {"blockiness": (1.25, 1.12)},  # seams/elsewhere: clean 0.99-1.09, q20 1.64-2.11
    "low_contrast": {"contrast_spread": (70.0, 100.0)},  # 5th..95th percentile of luminance, 0..255
    "colour_cast": {"colour_cast": (12.0, 8.0)},  # distance of the mean (a*, b*) from neutral grey
}
# Which way a figure points: True when a higher value means more of the distortion.
_HIGHER_IS_WORSE = {
    "blur_effect": True,
    "noise_sigma": True,
    "mean_luminance": True,  # for overexposure; underexposure reads it the other way
    "highlights_clipped": True,
    "shadows_clipped": True,
    "bright_end": False,
    "blockiness": True,
    "contrast_spread": False,
    "colour_cast": True,
}

# Every figure in plain words (shown under an answer).
MEANINGS = {
    "sharpness": "fine detail (variance of the Laplacian); higher is crisper",
    "blur_effect": "how blurred edges look, 0 crisp to 1 very soft; blurry from 0.5",
    "noise_sigma": "estimated noise, in brightness levels of 255; noisy from 4",
    "mean_luminance": "average brightness, 0 black to 255 white",
    "highlights_clipped": "% of pixels burnt to pure white in some colour",
    "shadows_clipped": "% of pixels crushed to pure black in some colour",
    "bright_end": "brightness of the brightest 1% of pixels, 0..255; dark overall below 135",
    "contrast_spread": "brightness range covering 90% of pixels; flat below 70",
    "blockiness": "JPEG block edges, 1.0 none; blocky from 1.25",
    "colourfulness": "Hasler–Süsstrunk colourfulness; 0 grey, 33 moderate, 59 quite colourful, 109 extreme",
    "cast_a": "mean green(−)/magenta(+) tint, Lab a*",
    "cast_b": "mean blue(−)/yellow(+) tint, Lab b*",
    "colour_cast": "distance of the mean colour from neutral; a cast from 12",
    "psnr": "peak signal-to-noise ratio against the reference, dB; above 40 looks identical",
    "ssim": "structural similarity to the reference, 1 identical; below 0.9 clearly changed",
    "delta_e": "mean colour difference to the reference (ΔE2000); 1 barely visible, above 5 obvious",
}


def as_array(image: Image.Image | np.ndarray) -> np.ndarray:
    """An (H, W, 3) uint8 array of an RGB image or array (grey arrays are stacked to three channels)."""
    if isinstance(image, Image.Image):
        image = np.asarray(image if image.mode == "RGB" else image.convert("RGB"))
    arr = np.asarray(image)
    if arr.ndim == 2:
        arr = np.stack([arr] * 3, axis=-1)
    if arr.dtype != np.uint8:
        raise ValueError(f"expected 8-bit pixels, got {arr.dtype}")
    return arr[..., :3]


def _full(image: Image.Image | np.ndarray) -> Image.Image | np.ndarray:
    """The image as it comes (RGB): a Pillow image, or a C-contiguous (H, W, 3) uint8 array."""
    if isinstance(image, Image.Image):
        return image if image.mode == "RGB" else image.convert("RGB")
    return np.ascontiguousarray(as_array(image))


def _size(image: Image.Image | np.ndarray) -> tuple[int, int]:
    return image.size if isinstance(image, Image.Image) else (np.shape(image)[1], np.shape(image)[0])


def _shrunk(image: Image.Image | np.ndarray, side: int) -> Image.Image:
    """Box (area average) reduction to longest side `side`, as a Pillow image; an integer box shrink first.

    A large array is shrunk by libvips straight from its memory: handing 12 MB to Pillow costs more
    than the shrink itself.
    """
    w, h = _size(image)
    factor = max(w, h) // side
    if not isinstance(image, Image.Image):
        if factor >= 2 and w * h > VIPS_PIXELS:
            vi = pyvips.Image.new_from_memory(image.data, w, h, 3, "uchar").shrink(factor, factor)
            image = np.ndarray((vi.height, vi.width, 3), np.uint8, vi.write_to_memory())
        image = Image.fromarray(image)
    elif factor >= 2:
        image = image.reduce(factor)
    if max(w, h) <= side:
        return image
    k = side / max(w, h)
    size = (max(1, round(w * k)), max(1, round(h * k)))
    return image if image.size == size else image.resize(size, Image.Resampling.BOX)


def reduced(image: Image.Image | np.ndarray, side: int) -> np.ndarray:
    """The image as an array, shrunk (area average) so its longest side is at most `side`."""
    if not isinstance(image, Image.Image) and max(np.shape(image)[:2]) <= side:
        return as_array(image)
    return np.asarray(_shrunk(_full(image), side))


def luminance(arr: np.ndarray) -> np.ndarray:
    """Luminance in 0..255 (scikit-image's Rec. 709 weights)."""
    return rgb2gray(arr) * 255.0


def _grey(arr: np.ndarray) -> np.ndarray:
    """`luminance` in float32: rgb2gray keeps a float32 input in float32 (half the memory traffic)."""
    return rgb2gray(arr.astype(np.float32))


def _native(image: Image.Image | np.ndarray) -> list[np.ndarray]:
    """Full-resolution grey views for the scale-dependent figures: the whole image, or four tiles."""
    w, h = _size(image)
    arr = image if isinstance(image, np.ndarray) else None
    if w * h <= NATIVE_WHOLE or min(w, h) < 2 * TILE:
        return [_grey(np.asarray(image))]
    tiles = []
    for fx, fy in ((0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)):
        x0 = min(int(fx * w - TILE / 2) // BLOCK * BLOCK, w - TILE) // BLOCK * BLOCK  # keeps JPEG's grid phase
        y0 = min(int(fy * h - TILE / 2) // BLOCK * BLOCK, h - TILE) // BLOCK * BLOCK
        tile = arr[y0 : y0 + TILE, x0 : x0 + TILE] if arr is not None else image.crop((x0, y0, x0 + TILE, y0 + TILE))
        tiles.append(_grey(np.asarray(tile)))
    return tiles


def sharpness(grey: np.ndarray) -> float:
    """Variance of the Laplacian of a 0..255 grey image: high for crisp detail, low for soft images."""
    return float(laplace(grey).var())


def noise_sigma(grey: np.ndarray) -> float:
    """scikit-image's wavelet estimate of the Gaussian noise σ, in 0..255 levels (0 for a flat image)."""
    if min(grey.shape) < 2:  # a single row or column has no diagonal detail to read
        return 0.0
    with warnings.catch_warnings():  # no non-zero detail coefficients (flat areas only): the median of nothing
        warnings.simplefilter("ignore", RuntimeWarning)
        sigma = float(estimate_sigma(grey, channel_axis=None))
    return sigma if np.isfinite(sigma) else 0.0


def clipped(arr: np.ndarray) -> dict[str, tuple[float, float, float]]:
    """Per channel (R, G, B), the % of pixels at 255 ("highlights") and at 0 ("shadows")."""
    n = max(1, arr.shape[0] * arr.shape[1]) / 100.0
    return {
        "highlights": tuple(np.count_nonzero(arr[..., c] == 255) / n for c in range(3)),
        "shadows": tuple(np.count_nonzero(arr[..., c] == 0) / n for c in range(3)),
    }


def blockiness(grey: np.ndarray) -> float:
    """Mean horizontal+vertical step across 8 px block seams over the mean step elsewhere (1.0: no blocks)."""
    ratios = []
    for steps in (np.abs(np.diff(grey, axis=1)), np.abs(np.diff(grey, axis=0)).T):
        n = steps.shape[1]
        if n < 2 * BLOCK:
            return 1.0
        at_seam = np.arange(n) % BLOCK == BLOCK - 1  # the step from column 8k+7 to 8k+8
        inside = steps[:, ~at_seam].mean()
        ratios.append((steps[:, at_seam].mean() + 1e-3) / (inside + 1e-3))
    return float(np.mean(ratios))


def colourfulness(arr: np.ndarray) -> float:
    """Hasler & Süsstrunk (2003): σ_rgyb + 0.3 μ_rgyb over the opponent channels rg and yb."""
    r, g, b = (arr[..., i].astype(np.float64) for i in range(3))
    rg, yb = r - g, 0.5 * (r + g) - b
    return float(np.hypot(rg.std(), yb.std()) + 0.3 * np.hypot(rg.mean(), yb.mean()))


class _Copies:
    """The working copies of one image, each made once and shared by the figures that read it."""

    def __init__(self, image: Image.Image | np.ndarray) -> None:
        self.image = _full(image)
        self.small = _shrunk(self.image, ANALYSIS_SIDE)
        self.arr = np.asarray(self.small)
        self._grey: np.ndarray | None = None
        self.colour = reduced(self.arr, COLOUR_SIDE)  # the same chain `reduced` gives callers
        self._lab: np.ndarray | None = None

    @property
    def grey(self) -> np.ndarray:
        """Luminance of the analysis copy (float32; a reference never needs it)."""
        if self._grey is None:
            self._grey = _grey(self.arr)
        return self._grey

    def lab(self) -> np.ndarray:
        """Lab of the colour copy (float32 in, float32 out)."""
        if self._lab is None:
            self._lab = rgb2lab(self.colour.astype(np.float32) / 255.0)
        return self._lab


def _no_reference(c: _Copies) -> dict[str, float]:
    clip = clipped(c.arr)
    lo, hi, top = np.percentile(c.grey, [5, 95, 99])
    native = _native(c.image)
    lab = c.lab()
    cast_a, cast_b = float(lab[..., 1].mean()), float(lab[..., 2].mean())
    return {
        "sharpness": sharpness(c.grey),
        "blur_effect": _blur_effect(c),
        "noise_sigma": float(np.median([noise_sigma(g) for g in native])),
        "mean_luminance": float(c.grey.mean()),
        "highlights_clipped": max(clip["highlights"]),
        "shadows_clipped": max(clip["shadows"]),
        "bright_end": float(top),
        "contrast_spread": float(hi - lo),
        "blockiness": float(np.mean([blockiness(g) for g in native])),
        "colourfulness": colourfulness(c.colour),
        "cast_a": cast_a,
        "cast_b": cast_b,
        "colour_cast": float(np.hypot(cast_a, cast_b)),
    }


def _blur_effect(c: _Copies) -> float:
    """scikit-image's blur effect on the analysis copy, or on a less reduced one where that is too thin to read."""
    grey = c.grey
    if min(grey.shape) < BLUR_SIDE:
        w, h = _size(c.image)
        side = max(w, h) if w * h <= BLUR_PIXELS else round(max(w, h) * math.sqrt(BLUR_PIXELS / (w * h)))
        grey = _grey(np.asarray(_shrunk(c.image, side)))
    if min(grey.shape) < 4:  # nothing to filter: a sliver of a picture shows no edge to judge
        return 0.0
    with np.errstate(invalid="ignore", divide="ignore"):  # a blank frame divides 0 by 0: no edge at all
        found = float(blur_effect(grey))
    return found if math.isfinite(found) else 1.0


def measure(image: Image.Image | np.ndarray) -> dict[str, float]:
    """All no-reference figures of an image (see MEANINGS), rounded for showing."""
    return {k: _rounded(v) for k, v in _no_reference(_Copies(image)).items()}


def _fitted(c: _Copies, size: tuple[int, int]) -> np.ndarray:
    """The image's working copy at exactly `size` (an edit of another size is resized to the reference's)."""
    if c.small.size == size:
        return c.arr
    if c.colour.shape[1::-1] == size:
        return c.colour
    return np.asarray(c.small.resize(size, Image.Resampling.BOX))


def _full_reference(img: _Copies, ref: _Copies) -> dict[str, float]:
    """PSNR at COMPARE_SIDE, SSIM and mean ΔE2000 at COLOUR_SIDE, from the shared copies."""
    a, b = _fitted(img, ref.small.size), ref.arr
    psnr = float("inf") if np.array_equal(a, b) else float(peak_signal_noise_ratio(b, a, data_range=255))
    ca, cb = _fitted(img, ref.colour.shape[1::-1]), ref.colour
    f32 = np.float32
    lab = img.lab() if ca is img.colour else rgb2lab(ca.astype(f32) / 255.0)
    if min(cb.shape[:2]) < 7:  # a sliver: SSIM's window needs the analysis copies (or, under 3 px, none)
        ca, cb = a, b
    side = min(cb.shape[:2])
    if side < 3:
        ssim = float(np.array_equal(ca, cb))
    else:
        win = min(7, side if side % 2 else side - 1)
        ssim = float(
            structural_similarity(cb.astype(f32), ca.astype(f32), channel_axis=2, data_range=255, win_size=win)
        )
    return {"psnr": psnr, "ssim": ssim, "delta_e": float(deltaE_ciede2000(ref.lab(), lab).mean())}


def compare(image: Image.Image | np.ndarray, reference: Image.Image | np.ndarray) -> dict[str, float]:
    """Full-reference figures of `image` against `reference`: PSNR (dB), SSIM, mean ΔE2000.

    Both are reduced (PSNR to COMPARE_SIDE, SSIM and ΔE2000 to COLOUR_SIDE); the image is resized to the
    reference's size when they differ.
    """
    return {k: _rounded(v) for k, v in _full_reference(_Copies(image), _Copies(reference)).items()}


def measure_all(image: Image.Image | np.ndarray, reference: Image.Image | np.ndarray | None = None) -> dict[str, float]:
    """`measure`, plus `compare` against `reference` when given, sharing the image's working copies."""
    img = _Copies(image)
    figures = _no_reference(img)
    if reference is not None:
        figures |= _full_reference(img, _Copies(reference))
    return {k: _rounded(v) for k, v in figures.items()}


def full_reference(img: np.ndarray, ref: np.ndarray) -> dict[str, float]:
    """PSNR, SSIM and mean ΔE2000 of two same-sized 8-bit RGB arrays, exactly as scikit-image computes them."""
    if np.array_equal(img, ref):
        psnr = float("inf")
    else:
        psnr = float(peak_signal_noise_ratio(ref, img, data_range=255))
    side = min(img.shape[:2])
    win = min(7, side if side % 2 else side - 1)
    ssim = float(structural_similarity(ref, img, channel_axis=2, data_range=255, win_size=max(win, 3)))
    delta_e = float(deltaE_ciede2000(rgb2lab(ref), rgb2lab(img)).mean())
    return {"psnr": psnr, "ssim": ssim, "delta_e": delta_e}


def _rounded(v: float) -> float:
    if not np.isfinite(v):
        return float(v)
    return round(float(v), 4 if abs(v) < 10 else 2)


def _vote(figure: str, value: float, yes_at: float, no_below: float, *, worse_high: bool) -> str:
    if not worse_high:
        value, yes_at, no_below = -value, -yes_at, -no_below
    if value >= yes_at:
        return "yes"
    return "no" if value < no_below else "unsure"


def verdict(distortion: str, figures: dict[str, float]) -> tuple[str, list[str]]:
    """("yes"|"no"|"unsure", the figures that decided it) for one distortion; any "yes" figure decides yes."""
    if distortion == "blur" and flat(figures):
        return "unsure", ["contrast_spread"]
    votes = []
    for figure, (yes_at, no_below) in THRESHOLDS[distortion].items():
        worse_high = _HIGHER_IS_WORSE[figure] != (distortion == "underexposure" and figure == "mean_luminance")
        votes.append((_vote(figure, figures[figure], yes_at, no_below, worse_high=worse_high), figure))
    for word in ("yes", "unsure", "no"):
        deciding = [f for v, f in votes if v == word]
        if deciding:
            return word, deciding
    raise AssertionError("no thresholds")  # pragma: no cover - every distortion has at least one


def flat(figures: dict[str, float]) -> bool:
    """Whether the picture is one flat tone (a blank frame): no edges, so no blur effect tells sharp from soft."""
    return figures.get("contrast_spread", FLAT_SPREAD) < FLAT_SPREAD


def verdicts(figures: dict[str, float], distortions: list[str] | tuple[str, ...] = DISTORTIONS) -> dict[str, str]:
    """{distortion: "yes"|"no"|"unsure"} for the distortions asked about."""
    return {d: verdict(d, figures)[0] for d in distortions}
