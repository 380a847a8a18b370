"""Telling a near-duplicate apart, measured: small point steps tried on the variation's own picture.

Pure: no Django, no I/O. The contrast-only rule (`guard_rules._apart`) sized one axis from a model of SSIM and
could not spread same-looking variations when the highlights left no room: on a bright photo "make it much
brighter" ended with three columns flattened to contrast 0.6 and two still twins (tests/evals/guard.jsonl).
Here each candidate step (a little more or less brightness, contrast, saturation or warmth) is run on the
variation's SSIM-sized picture and measured against every earlier variation of its size (the verifier's own
SSIM), and on a pixel sample of its preview for clipping; the smallest step that parts it from all of them
without new clipping is taken. The axes the variation already moves along (measured against the source: a
"brighter" one is brighter than its source) come first, in their own direction or back towards the source but
never past it, so the picture keeps what was asked for; a black-and-white one gets no colour steps.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from imagelab.core import ops
from imagelab.core.simulate import clipped
from imagelab.core.verify import CLIP_MARGIN, Clipping, Look, Windows, ssim

TARGET_SSIM = 0.96  # as the contrast rule aims (guard_rules.SEPARATE_SSIM): a margin under the 0.97 threshold
AIM = 0.955  # what a step is sized for, a little past the target: the model below is not exact
# The largest step per axis, as a log factor (brightness 1.3x, contrast 1.45x, saturation 1.8x). Warmth is not an
# axis: SSIM hardly sees it (a temperature of 0.45 moved a twin by 0.002).
LIMITS = {"brightness": math.log(1.3), "contrast": math.log(1.45), "saturation": math.log(1.8)}
SOFTEST = math.log(1.3)  # softer contrast only down to 0.77: a flat picture is no better a choice than a twin
MOVED = {"brightness": 3.0, "contrast": 0.05, "saturation": 0.1}  # what counts as moving an axis (levels; shares)
BACK_SHARE = 0.8  # back towards the source at most this share of the way the variation went
TRIES = 3  # steps measured per axis and direction: a probe, its extrapolation, one correction
GREY = 2.0  # mean channel spread (levels) under which a picture is black and white: no colour steps
LUMA = np.array([0.299, 0.587, 0.114], dtype=np.float32)
SAMPLE = 8192  # preview pixels the clipping of a candidate is predicted on


@dataclass(frozen=True)
class Tendency:
    """Where a picture sits on each axis: mean luminance, its spread, colourfulness and warmth."""

    brightness: float
    contrast: float
    saturation: float
    warmth: float

    @classmethod
    def of(cls, pixels: np.ndarray) -> Tendency:
        """Measured on (h, w, 3) float pixels (per channel plane: the interleaved reductions cost ~2 ms)."""
        r, g, b = (np.ascontiguousarray(pixels[..., i]) for i in range(3))
        luma = LUMA[0] * r + LUMA[1] * g + LUMA[2] * b
        spread = np.maximum(np.maximum(r, g), b) - np.minimum(np.minimum(r, g), b)
        return cls(float(luma.mean()), float(luma.std()), float(spread.mean()), float(r.mean() - b.mean()))


def _direction(axis: str, now: Tendency, source: Tendency) -> tuple[int, float]:
    """(-1, 0 or 1: which way the variation moved along the axis from its source, how far as a log factor)."""
    a, b = getattr(now, axis), getattr(source, axis)
    if axis == "brightness":
        far = math.log(max(a, 1.0) / max(b, 1.0))
        return (0 if abs(a - b) < MOVED[axis] else (1 if a > b else -1)), abs(far)
    far = math.log(max(a, 1e-6) / max(b, 1e-6))
    return (0 if abs(far) < MOVED[axis] else (1 if far > 0 else -1)), abs(far)


def _step(axis: str, magnitude: float) -> dict:
    """The scaling step for a signed log factor."""
    return {"op": axis, "params": {"value": round(math.exp(magnitude), 3)}}


def _run(step: dict, x: np.ndarray) -> np.ndarray:
    """The step on (3, n) float pixels, clipped, as the executor's passes are defined."""
    op, params = step["op"], step["params"]
    if op in ops.MIX_OPS:
        m = ops.mix_matrix(op, params)
        return np.clip(m[:, :3] @ x + m[:, 3:], 0.0, 255.0)
    return np.clip(ops.channel_curve(op, params)(x), 0.0, 255.0)


def _moves(now: Tendency, source: Tendency | None) -> list[tuple[str, int, float]]:
    """(axis, sign, largest magnitude) in the order tried: the axes the variation moves along, the furthest first,
    each its own way then back towards its source (never past it); then the axes it leaves alone, both ways."""
    axes = [a for a in LIMITS if now.saturation >= GREY or a != "saturation"]
    moved = {a: _direction(a, now, source) if source else (0, 0.0) for a in axes}
    found = []
    for a in sorted((a for a in axes if moved[a][0]), key=lambda a: -moved[a][1]):  # the most moved first
        way = moved[a][0]
        found += [(a, way, _limit(a, way)), (a, -way, min(_limit(a, -way), BACK_SHARE * moved[a][1]))]
    for a in (a for a in ("contrast", "brightness", "saturation") if a in axes and not moved[a][0]):
        found += [(a, 1, _limit(a, 1)), (a, -1, _limit(a, -1))]
    return found


def _limit(axis: str, sign: int) -> float:
    return SOFTEST if axis == "contrast" and sign < 0 else LIMITS[axis]


def _clear_of_clipping(step_of, limit: float, sample: np.ndarray, allowed: dict) -> float:
    """The largest magnitude up to `limit` whose step keeps the sample's clipping within `allowed` (bisection)."""

    def ok(m: float) -> bool:
        return all(v <= allowed[k] + 1e-9 for k, v in clipped(np.rint(_run(step_of(m), sample))).items())

    if ok(limit):
        return limit
    lo, hi = 0.0, limit
    for _ in range(6):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if ok(mid) else (lo, mid)
    return lo


def measure_apart(
    look: Look, others: list[Look], source: Clipping, reference: Tendency | None = None
) -> tuple[dict, float] | None:
    """(the step that tells this variation apart from every earlier one, its measured nearest SSIM), or None.

    `others`: the earlier variations of its size, its twin first; `reference`: the source preview's tendency
    (the variation's own directions are measured from it). Per axis and direction, a step is probed, its SSIM drop
    extrapolated (it grows with the square of the step's log factor) to the size that reaches AIM, and measured;
    the first that parts it from all of them is returned, else the best one measured (None: no step can be taken).
    """
    if not others or min(look.full().shape[:2]) < 7:
        return None
    pixels = look.full()
    flat = np.ascontiguousarray(pixels.reshape(-1, 3).T, dtype=np.float64)
    rgb = np.asarray(look.image).reshape(-1, 3)
    sample = np.ascontiguousarray(rgb[:: max(1, rgb.shape[0] // SAMPLE)].T, dtype=np.float64)
    allowed = {k: max(getattr(source, k) + CLIP_MARGIN / 2, v) for k, v in clipped(sample).items()}
    twin_windows = others[0].ssim_windows()
    twin = ssim(look.ssim_windows(), twin_windows)
    best: list = []  # [step, SSIM with the twin, with the nearest of all or None when not measured]

    def windows(step: dict) -> Windows:
        return Windows(_run(step, flat).T.reshape(pixels.shape).astype(np.float32))

    def everyone(w: Windows, t: float) -> float:
        return max([t] + [ssim(w, o.ssim_windows()) for o in others[1:]])

    # The twin alone sizes each step (one SSIM a try); the others are measured only for a step that parts it
    # from its twin, and for the best one at the end (the nearest of all is never below the twin's).
    for axis, sign, limit in _moves(Tendency.of(pixels), reference):
        limit = _clear_of_clipping(lambda m, a=axis, s=sign: _step(a, s * m), limit, sample, allowed)
        m = limit / 3  # the probe
        for _ in range(TRIES if limit >= 0.01 else 0):
            step = _step(axis, sign * m)
            w = windows(step)
            t = ssim(w, twin_windows)
            n = everyone(w, t) if t <= TARGET_SSIM else None
            if n is not None and n <= TARGET_SSIM:
                return step, round(n, 4)
            if not best or (n if n is not None else t) < (best[2] if best[2] is not None else best[1]):
                best = [step, t, n]
            drop = twin - t
            if drop <= 1e-4 or m >= limit or twin - drop * (limit / m) ** 2 >= best[1]:
                break  # this axis hardly parts them, has no more room, or cannot beat the best one
            m = min(limit, m * math.sqrt((twin - AIM) / drop))
    if not best:
        return None
    step, t, n = best
    return step, round(n if n is not None else everyone(windows(step), t), 4)
