"""Per-channel tone curves: each channel op's curve on (3, N) values, and the lookup table `Image.point` takes.

Pure: no Django, no I/O. `ops` runs them on pictures, `compile` fuses runs of them into one table, the pixel
sample (`simulate`) follows them on its levels. A curve maps an array of shape (3, N) of channel values (0..255
floats, one row per R, G, B) to new, unclipped values; the caller clips.
"""

import functools
import math
from collections.abc import Callable

import numpy as np

MID_GREY = 127.5  # contrast pivot: symmetric around the middle of 0..255
_X3 = np.tile(np.arange(256, dtype=np.float64), (3, 1))  # (3, 256): one row per channel


# A curve maps an array of shape (3, N) of channel values (0..255 floats, one row
# per R, G, B) to new, unclipped values; the caller clips.


def _affine_curve(gain, offset) -> Callable[[np.ndarray], np.ndarray]:
    g = np.asarray(gain, dtype=np.float64).reshape(3, 1)
    o = np.asarray(offset, dtype=np.float64).reshape(3, 1)
    return lambda x: x * g + o


def channel_affine(op: str, params: dict) -> tuple[np.ndarray, np.ndarray] | None:
    """Per-channel (gain, offset) when the op is affine, else None."""
    if op == "brightness":
        v = float(params["value"])
        return np.full(3, v), np.zeros(3)
    if op == "contrast":
        # Contrast is a straight line through mid-grey, not around the image mean as
        # in ImageEnhance.Contrast: a fixed pivot makes it a pure curve that fuses.
        v = float(params["value"])
        return np.full(3, v), np.full(3, MID_GREY * (1.0 - v))
    if op == "tint":
        # Normal-mode blend of a solid colour at `strength` opacity.
        s = unit(params.get("strength", 0.1))
        return np.full(3, 1.0 - s), s * np.array(hex_to_rgb(params["color"]), dtype=np.float64)
    if op == "levels" and float(params.get("gamma", 1.0)) == 1.0:
        b, w = _levels_points(params)
        return np.full(3, 255.0 / (w - b)), np.full(3, -b * 255.0 / (w - b))
    return None


def channel_curve(op: str, params: dict) -> Callable[[np.ndarray], np.ndarray]:
    """The op's per-channel curve (values 0..255 in, unclipped out)."""
    if op == "levels":
        b, w = _levels_points(params)
        inv_gamma = 1.0 / float(params.get("gamma", 1.0))
        # Gamma acts on the value normalised by the black/white points (Photoshop
        # convention: gamma > 1 lifts the midtones), so 0 and 255 stay put.
        return lambda x: 255.0 * np.clip((x - b) / (w - b), 0.0, 1.0) ** inv_gamma
    if op == "temperature":
        k = 0.3 * unit(params.get("strength", 0.3))
        warm = bool(params.get("warm", True))
        # Per-channel gamma curves: midtones shift warm/cool while black and white
        # stay fixed, so nothing clips (a plain channel gain would blow highlights).
        if warm:
            exps = (1.0 / (1.0 + k), 1.0 / (1.0 + k / 4.0), 1.0 + k)
        else:
            exps = (1.0 + k, 1.0, 1.0 / (1.0 + k))
        e = np.array(exps).reshape(3, 1)
        return lambda x: 255.0 * (np.clip(x, 0.0, 255.0) / 255.0) ** e
    if op == "curve":
        return s_curve(float(params.get("value", 1.0)))
    affine = channel_affine(op, params)
    if affine is None:
        raise ValueError(f"{op} is not a per-channel op")
    return _affine_curve(*affine)


def curve_lut(curve: Callable[[np.ndarray], np.ndarray]) -> list[int]:
    """A 768-entry `Image.point()` table for an RGB curve."""
    return np.rint(np.clip(curve(_X3), 0, 255)).astype(np.uint8).ravel().tolist()


def _levels_points(params: dict) -> tuple[float, float]:
    b = float(min(max(params.get("black", 0), 0), 254))
    w = float(min(max(params.get("white", 255), b + 1), 255))
    return b, w


def unit(v) -> float:
    """A value clamped to 0..1."""
    return min(max(float(v), 0.0), 1.0)


def hex_to_rgb(color: str) -> tuple[int, int, int]:
    """'#RRGGBB' -> (r, g, b)."""
    c = color.lstrip("#")
    if len(c) != 6:
        raise ValueError(f"colour must be #RRGGBB, got {color!r}")
    return int(c[0:2], 16), int(c[2:4], 16), int(c[4:6], 16)


def s_curve(value: float) -> Callable[[np.ndarray], np.ndarray]:
    """Contrast with soft shoulders: midtone slope `value` (as `contrast`), black and white kept where they are.

    Why: `contrast` is a straight line through mid-grey, so on a photo with deep blacks or bright whites any firmer
    line crushes or burns them, and the quality guard takes the punch back out. This curve steepens the midtones
    as much and rolls off towards both ends (a sigmoid scaled to meet 0 and 255; below 1, its inverse flattens the
    midtones and steepens the ends), so a level at 0..255 stays in 0..255 and nothing new clips.
    """
    if abs(value - 1.0) < 1e-6:
        return lambda x: x
    t = _steepness(max(value, 1.0 / value))  # the sigmoid's half-steepness for the slope asked (or its inverse's)
    scale = math.tanh(t)
    if value > 1.0:
        shaped = lambda x: 127.5 + 127.5 * np.tanh(t * (x / 127.5 - 1.0)) / scale  # noqa: E731
    else:
        shaped = lambda x: 127.5 + 127.5 * np.arctanh(np.clip((x / 127.5 - 1.0) * scale, -1.0, 1.0)) / t  # noqa: E731
    # The toe and shoulder flatten to a slope under 1 (0.47 at 1.4): level 1 would round to 0 and 254 to 255, a
    # crush the guard counts on a dark, noisy photo. Levels inside 1..254 stay inside it; 0 and 255 stay put.
    return lambda x: np.clip(shaped(x), np.minimum(x, 1.0), np.maximum(x, 254.0))


@functools.lru_cache(maxsize=64)
def _steepness(slope: float) -> float:
    """The t > 0 with t / tanh(t) = slope: tanh(t (2u - 1)) / tanh(t) has midtone slope t / tanh(t) on 0..1."""
    lo, hi = 1e-6, 60.0
    for _ in range(60):  # bisection: t / tanh(t) grows with t, ~1e-16 wide at the end
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if mid / math.tanh(mid) < slope else (lo, mid)
    return (lo + hi) / 2
