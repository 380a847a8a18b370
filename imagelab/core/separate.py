"""Telling a near-duplicate apart, measured: the smallest step that parts it from every earlier variation.

Pure: no Django, no I/O. The contrast-only rule (`guard_rules._apart`) sized one axis from a model of SSIM and
could not spread same-looking variations when the highlights left no room: on a bright photo "make it much
brighter" ended with three columns flattened to contrast 0.6 and two still twins (tests/evals/guard.jsonl).
Here a step of brightness, contrast or saturation is sized on the variation's own SSIM windows: each is a
linear map of the pixel's channels, so the SSIM it leaves with every earlier variation of its size follows
from the windows' moments (`_Linear`; within ~0.001 of what the re-run then measures), and a pixel sample of
its preview says how far it can go without new clipping. The axes the variation already moves along
(measured against the source: a "brighter" one is brighter than its source) come first, its own way, then back
towards the source but never past it, so the picture keeps what was asked for; softer contrast and less colour
stop at a floor; a black-and-white one gets no colour step. When no such step parts it (clipping and the light
bounds leave no room: a warm look whose contrast and colour had to go), darker corners are measured on its picture
(`_vignetted`), with the brightness lifted back where the picture must keep its light.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

from imagelab.core import ops
from imagelab.core.curves import MID_GREY
from imagelab.core.simulate import PixelSample
from imagelab.core.ssim import C1, C2, COV_NORM, WINDOW, Windows, ssim
from imagelab.core.verify import CLIP_MARGIN, Clipping, Look

TARGET_SSIM = 0.96  # as the contrast rule aims (guard_rules.SEPARATE_SSIM): a margin under the 0.97 threshold
CLEAN_ENOUGH = 0.965  # one way short of the target but this far under the 0.97 threshold: no second axis
AIM = 0.955  # what a step is sized for, a little past the target: the prediction is not exact (clipping)
# The largest step per axis, as a log factor (brightness 1.3x, contrast 1.45x, saturation 1.8x). Warmth is not an
# axis: SSIM hardly sees it (a temperature of 0.45 moved a twin by 0.002).
LIMITS = {"brightness": math.log(1.3), "contrast": math.log(1.45), "saturation": math.log(1.8)}
SOFTEST = math.log(1.3)  # softer contrast only down to 0.77: a flat picture is no better a choice than a twin
# Contrast and colour a separating step leaves, relative to the source's: not flatter, greyer or more garish
BOUNDS_OF_SOURCE = {"contrast": (0.6, 1.8), "saturation": (0.5, 1.8)}
DIMMER = 0.85  # a variation as bright as its source is left no darker than this share of it
SLIGHTLY = 1.0  # levels of mean luminance a variation must differ from its source by to keep that side of it
MOVED = {"brightness": 3.0, "contrast": 0.05, "saturation": 0.1}  # what counts as moving an axis (levels; shares)
BACK_SHARE = 0.8  # back towards the source at most this share of the way the variation went
PAIRS = ((0, 1), (0, 2), (1, 2))  # channel pairs (R, G, B)
GRID = 12  # brightness and contrast steps predicted per way, up to its largest
WINDOW_STRIDE = 5  # every fifth SSIM window each way (7 px wide: still every pixel) predicts the mean of all
GREY = 2.0  # mean channel spread (levels) under which a picture is black and white: no colour steps
LUMA = np.array([0.299, 0.587, 0.114], dtype=np.float32)
SAMPLE = 4096  # preview pixels the clipping of a candidate is predicted on
# Vignette strengths tried when no brightness, contrast or saturation step parts a twin: darker corners change
# the picture's structure where the linear steps could only scale it (a warm look and its crisp, vignetted
# sibling whose contrast and colour had to go for clipping stayed twins at SSIM 0.973-0.99 on four photos)
VIGNETTES = (0.2, 0.3, 0.45, 0.6)


@dataclass(frozen=True)
class Tendency:
    """Where a picture sits on each axis: mean luminance, its spread and its colourfulness."""

    brightness: float
    contrast: float
    saturation: float

    @classmethod
    def of(cls, pixels: np.ndarray) -> Tendency:
        """Measured on (h, w, 3) float pixels (per channel plane: the interleaved reductions cost ~2 ms)."""
        r, g, b = (np.ascontiguousarray(pixels[..., i]) for i in range(3))
        luma = LUMA[0] * r + LUMA[1] * g + LUMA[2] * b
        spread = np.maximum(np.maximum(r, g), b) - np.minimum(np.minimum(r, g), b)
        return cls(float(luma.mean()), float(luma.std()), float(spread.mean()))


def _direction(axis: str, now: Tendency, source: Tendency) -> tuple[int, float]:
    """(-1, 0 or 1: which way the variation moved along the axis from its source, how far as a signed log factor)."""
    a, b = getattr(now, axis), getattr(source, axis)
    if axis == "brightness":
        far = math.log(max(a, 1.0) / max(b, 1.0))
        return (0 if abs(a - b) < MOVED[axis] else (1 if a > b else -1)), far
    far = math.log(max(a, 1e-6) / max(b, 1e-6))
    return (0 if abs(far) < MOVED[axis] else (1 if far > 0 else -1)), far


def _step(axis: str, magnitude: float) -> dict:
    """The scaling step for a signed log factor."""
    return {"op": axis, "params": {"value": round(math.exp(magnitude), 3)}}


def _moves(now: Tendency, source: Tendency | None, planned: Tendency) -> list[tuple[str, int, float]]:
    """(axis, sign, largest magnitude) in the order tried: the axes the variation was planned to move along (its
    look before the guard, against the source), the furthest first, each its own way then back towards its source
    (at most BACK_SHARE of the planned way, counting earlier revisions); then the axes it leaves alone, both ways.
    """
    axes = [a for a in LIMITS if now.saturation >= GREY or a != "saturation"]
    moved = {a: _direction(a, planned, source) if source else (0, 0.0) for a in axes}
    found = []
    for a in sorted((a for a in axes if moved[a][0]), key=lambda a: -abs(moved[a][1])):  # the most moved first
        way, far = moved[a]
        back = way * _direction(a, now, source)[1] - (1 - BACK_SHARE) * abs(far)  # room left before the limit
        found += [(a, way, _limit(a, way, now, source)), (a, -way, min(_limit(a, -way, now, source), max(0.0, back)))]
    for a in (a for a in ("contrast", "brightness", "saturation") if a in axes and not moved[a][0]):
        found += [(a, 1, _limit(a, 1, now, source)), (a, -1, _limit(a, -1, now, source))]
    return found


def _limit(axis: str, sign: int, now: Tendency, source: Tendency | None) -> float:
    """The largest step one way: contrast and colour also stay between a floor and a ceiling relative to the
    source (BOUNDS_OF_SOURCE), so separating steps taken one after another cannot wash a picture out or make
    it garish."""
    limit = SOFTEST if axis == "contrast" and sign < 0 else LIMITS[axis]
    if source is None or axis not in BOUNDS_OF_SOURCE:
        return limit
    ratio = max(getattr(now, axis), 1e-6) / max(getattr(source, axis), 1e-6)
    low, high = BOUNDS_OF_SOURCE[axis]
    return max(0.0, min(limit, math.log(high / ratio) if sign > 0 else math.log(ratio / low)))


def _clear_of_clipping(step_of, limit: float, sample: PixelSample, allowed: dict) -> float:
    """The largest magnitude up to `limit` whose step keeps the sample's clipping within `allowed` (bisection)."""

    def ok(m: float) -> bool:
        return _clears([step_of(m)], sample, allowed)

    if ok(limit):
        return limit
    lo, hi = 0.0, limit
    for _ in range(4):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if ok(mid) else (lo, mid)
    return lo


class _Linear:
    """SSIM with each earlier picture after a brightness, contrast or saturation step, from this picture's windows.

    Each step is y = M x + b on the pixel's channels (brightness and contrast scale every channel, saturation
    mixes them), so each SSIM window of y follows from x's: means M u + b, variances M S M^T, covariances with
    another picture M C. Those window moments (across channels too) are filtered once, on a strided sample of the
    windows (every WINDOW_STRIDE-th each way), and a grid of steps costs arithmetic on them: ~0.3 ms a grid where
    measuring each step on its picture cost ~1.5 ms a step. Clipping, which the formula does not see, is kept
    under a quarter point by the caller's sample check; the re-run is measured anyway.
    """

    def __init__(self, look: Look, others: list[Look]):
        w = look.ssim_windows()
        self.u, var = _sampled(w.mean), _sampled(w.var)  # (3, n): each channel's window means and variances
        self.colour = self.u.mean(axis=1)  # the picture's mean colour (as its windows see it)
        cross = _boxed(np.stack([w.planes[j] * w.planes[k] for j, k in PAIRS]))
        self.s = np.empty((3, 3, self.u.shape[1]))  # (3, 3, n): covariances across channels
        for c in range(3):
            self.s[c, c] = var[c]
        for (j, k), e in zip(PAIRS, cross, strict=True):
            self.s[j, k] = self.s[k, j] = COV_NORM * (e - self.u[j] * self.u[k])
        self.others = []
        for other in others:
            o = other.ssim_windows()
            uo = _sampled(o.mean)
            products = _boxed((w.planes[:, None] * o.planes[None, :]).reshape(9, *w.planes.shape[1:]))
            cov = COV_NORM * (products.reshape(3, 3, -1) - self.u[:, None] * uo[None, :])
            self.others.append((uo, uo * uo + C1, _sampled(o.var) + C2, cov))

    def nearest(self, m: np.ndarray, b: np.ndarray) -> np.ndarray:
        """The highest SSIM with an earlier picture after each step y = M x + b (m: steps x 3 x 3, b: steps x 3)."""
        # As matrix products (the means M u + b, the variances (M S M^T)_ii as rows of M (x) M times the flattened
        # covariances): einsum's `optimize=True` searched its contraction path on every call, ~0.5 of 0.9 ms here.
        steps, n = m.shape[0], self.u.shape[1]
        uy = (m.reshape(-1, 3) @ self.u).reshape(steps, 3, n) + b[:, :, None]
        vy = ((m[:, :, :, None] * m[:, :, None, :]).reshape(-1, 9) @ self.s.reshape(9, n)).reshape(steps, 3, n)
        found = np.zeros(steps)
        for uo, uo2c, voc, cross in self.others:
            cov = np.einsum("sik,kin->sin", m, cross)
            ssim_ = (2 * uy * uo + C1) * (2 * cov + C2) / ((uy * uy + uo2c) * (vy + voc))
            found = np.maximum(found, ssim_.mean(axis=2).mean(axis=1))
        return found


def _sampled(windows: np.ndarray) -> np.ndarray:
    """(3, n): every WINDOW_STRIDE-th of a picture's (3, h, w) SSIM windows each way."""
    return windows[:, ::WINDOW_STRIDE, ::WINDOW_STRIDE].reshape(windows.shape[0], -1).astype(np.float64)


def _boxed(planes: np.ndarray) -> np.ndarray:
    """(planes, n): the sampled windows' means of each (h, w) plane, as SSIM's 7 px windows take them.

    OpenCV's box filter, ~3x faster than scipy's `uniform_filter` on these planes and within 1e-7 of it: the
    moments only predict (the verifier measures with scikit-image's own filter)."""
    half = WINDOW // 2
    cut = (slice(half, -half, WINDOW_STRIDE), slice(half, -half, WINDOW_STRIDE))
    return np.stack([cv2.boxFilter(p, -1, (WINDOW, WINDOW))[cut].ravel() for p in planes]).astype(np.float64)


def _matrix(step: dict) -> tuple[np.ndarray, np.ndarray]:
    """The step as y = M x + b."""
    op, v = step["op"], float(step["params"]["value"])
    if op == "saturation":
        m = ops.mix_matrix(op, step["params"])
        return m[:, :3], m[:, 3]
    return v * np.eye(3), np.full(3, MID_GREY * (1.0 - v) if op == "contrast" else 0.0)


def _grid_maps(grid: list[list[dict]]) -> tuple[np.ndarray, np.ndarray]:
    """Every grid entry's steps as one y = M x + b, stacked (steps x 3 x 3, steps x 3).

    Each of the three ops is affine in its value (M(v) = M(0) + v (M(1) - M(0)), and b alike), so a way's maps
    come from `_matrix` at 0 and 1 for all its values at once: composing each entry in Python cost ~0.3 ms a grid.
    """
    m = np.broadcast_to(np.eye(3), (len(grid), 3, 3))
    b = np.zeros((len(grid), 3))
    for k, first in enumerate(grid[0]):
        values = np.array([float(entry[k]["params"]["value"]) for entry in grid])[:, None]
        (m0, b0), (m1, b1) = (_matrix({"op": first["op"], "params": {"value": v}}) for v in (0.0, 1.0))
        mk = m0 + values[:, :, None] * (m1 - m0)
        m, b = mk @ m, (mk @ b[:, :, None])[:, :, 0] + b0 + values * (b1 - b0)
    return m, b


def _clears(steps: list[dict], sample: PixelSample, allowed: dict) -> bool:
    return all(v <= allowed[k] + 1e-9 for k, v in sample.after(steps).items())


def _search(
    linear: _Linear, ways: list[tuple[str, int, float]], sample, allowed, light
) -> tuple[list[dict], float] | None:
    """Steps along one or two ways, all scaled together on a grid up to each way's largest: the smallest whose
    predicted SSIM clears AIM with all of them, else the best; none that the sample says would clip, nor one
    whose predicted brightness leaves `light` (low, high): contrast through mid-grey also darkens a bright
    picture."""
    grid = [[_step(axis, sign * limit * i / GRID) for axis, sign, limit in ways] for i in range(1, GRID + 1)]
    m, b = _grid_maps(grid)
    nearest = linear.nearest(m, b)
    lit = (m @ linear.colour + b) @ LUMA
    ok = [i for i in range(GRID) if light[0] <= lit[i] <= light[1]]
    clear = [i for i in ok if nearest[i] <= AIM]
    for i in clear + sorted((i for i in ok if i not in clear), key=lambda i: nearest[i]):
        # one way alone was kept clear of clipping up to its largest step; two together are checked
        if len(ways) == 1 or _clears(grid[i], sample, allowed):
            return grid[i], round(float(nearest[i]), 4)
    return None


def _light(planned: Tendency, source: Tendency | None) -> tuple[float, float]:
    """The brightness a step may leave: a variation planned brighter than its source (by SLIGHTLY or more) stays
    brighter, one planned darker stays darker; one planned as bright as its source is made at most DIMMER darker
    (revisions included)."""
    if source is None:
        return 0.0, 255.0
    # Any measurable move counts here, not only MOVED: a model's "brighter" plan may brighten by a level or two
    if planned.brightness - source.brightness >= SLIGHTLY:
        return source.brightness, 255.0
    if source.brightness - planned.brightness >= SLIGHTLY:
        return 0.0, source.brightness
    return min(planned.brightness, source.brightness) * DIMMER, 255.0


def measure_apart(
    look: Look,
    others: list[Look],
    source: Clipping,
    reference: Tendency | None = None,
    planned: Tendency | None = None,
) -> tuple[list[dict], float] | None:
    """(the steps that tell this variation apart from every earlier one, its nearest SSIM as predicted), or None.

    `others`: the earlier variations of its size, its twin first; `reference`: the source preview's tendency,
    `planned`: the variation's before the guard revised it (its own directions are measured between the two). Per axis and direction, as far as the pixel sample
    says it stays clear of new clipping, a grid of steps is predicted from the windows (`_Linear`): the first way
    whose smallest clearing step parts it from all of them gives its step; when none does, two ways together;
    then a vignette after the best of them, measured; else the best found (None: no step can be taken).
    """
    if not others or min(look.full().shape[:2]) < 7:
        return None
    # each step run as the executor's passes are defined; where each pixel sits, so a vignette is followed
    sample = PixelSample(look.image, size=SAMPLE, working_size=look.size)
    allowed = {k: max(getattr(source, k) + CLIP_MARGIN / 2, v) for k, v in sample.base.items()}
    linear, best, ways = _Linear(look, others), None, []
    now = Tendency.of(look.full())
    planned = planned or now
    light = _light(planned, reference)
    for axis, sign, limit in _moves(now, reference, planned):
        limit = _clear_of_clipping(lambda m, a=axis, s=sign: _step(a, s * m), limit, sample, allowed)
        if limit >= 0.01:
            ways.append((axis, sign, limit))
            best = _better(best, _search(linear, ways[-1:], sample, allowed, light))
        if best is not None and best[1] <= TARGET_SSIM:
            return best
    if best is not None and best[1] <= CLEAN_ENOUGH:
        return best
    # No one way parts it: two of them together (different axes), in the same order
    for i, first in enumerate(ways):
        for second in ways[i + 1 :]:
            if first[0] != second[0]:
                best = _better(best, _search(linear, [first, second], sample, allowed, light))
                if best is not None and best[1] <= TARGET_SSIM:  # None: no pair keeps to the light either
                    return best
    return _better(best, _vignetted(look, others, best, sample, allowed, light))


def _vignetted(look: Look, others: list[Look], best, sample: PixelSample, allowed: dict, light) -> tuple | None:
    """Darker corners after the best linear steps found (or alone), measured: the smallest VIGNETTES strength
    whose picture's SSIM with every earlier one clears AIM, else the lowest; none that the sample says clips.
    Where the darker corners take the picture under `light`, a brightness step lifts it back (a "warmer" look
    counts as planned brighter, and its source's light is its floor), when that clips nothing either.

    A vignette is not a map of each pixel's channels, so `_Linear` cannot predict it: each strength is applied
    to the look's COMPARE_SIDE pixels (a smooth multiply: the same before or after the reduction) and its SSIM
    windows made, ~1 ms a strength, tried only when no linear step parted the twin."""
    steps = list(best[0]) if best is not None else []
    pixels = look.full()
    if steps:
        m, b = _grid_maps([steps])
        pixels = np.clip(pixels @ m[0].T.astype(np.float32) + b[0].astype(np.float32), 0.0, 255.0)
    h, w = pixels.shape[:2]
    u, v = np.meshgrid((np.arange(w) + 0.5) / w, (np.arange(h) + 0.5) / h)
    found = None
    for strength in VIGNETTES:
        tried = [*steps, {"op": "vignette", "params": {"strength": strength}}]
        gain = np.rint(255.0 * ops.vignette_gain(u, v, strength)).astype(np.float32)[:, :, None] / 255.0
        y = np.rint(pixels * gain)
        lit = float((y @ LUMA).mean())
        if lit < light[0]:  # lifted back to the floor, rounded up so the step keeps it there
            lift = light[0] / max(lit, 1.0)
            tried = _lifted(tried, lift)
            y = np.clip(np.rint(y * lift), 0.0, 255.0)
        if float((y @ LUMA).mean()) > light[1] or not _clears(tried, sample, allowed):
            continue
        mine = Windows(np.ascontiguousarray(y, dtype=np.float32))  # once, not once per earlier picture
        near = max(ssim(mine, o.ssim_windows()) for o in others)
        found = _better(found, (tried, round(near, 4)))
        if near <= AIM:
            break
    return found


def _lifted(steps: list[dict], lift: float) -> list[dict]:
    """The steps with their brightness raised by `lift`: a brightness step no contrast follows takes it (it commutes
    with saturation and the vignette's multiply, not with contrast's offset; "brightness 0.90, vignette, brightness
    1.10" reads as no sense), else one follows the vignette."""
    at = next((i for i in range(len(steps) - 1, -1, -1) if steps[i]["op"] == "brightness"), None)
    if at is not None and any(o["op"] == "contrast" for o in steps[at + 1 :]):
        at = None
    if at is None:
        return [*steps, {"op": "brightness", "params": {"value": _up(lift)}}]
    value = _up(float(steps[at]["params"]["value"]) * lift)
    return [*steps[:at], {"op": "brightness", "params": {"value": value}}, *steps[at + 1 :]]


def _up(value: float) -> float:
    """Rounded up to the thousandth a step's value is given in (not past it for float noise: 0.9 x 1.1 is 0.99)."""
    return math.ceil(value * 1000 - 1e-6) / 1000


def _better(best, found):
    return found if best is None or (found is not None and found[1] < best[1]) else best
