"""A plan's tone and colour steps run on a sample of a picture's pixels: how much would it clip?

Pure: no Django, no I/O. Tone curves and colour matrices act on each pixel alone, so a sample of pixels
(not a smaller copy: shrinking averages the clipped highlights away) predicts the clipped fractions of the
whole picture without running the plan on it. Given the working image's size, the sample also knows where
each of its pixels sits, so a crop (or a cover resize) keeps only the pixels inside its box: a cropped
variation's figures are those of what is left of the picture, and a vignette darkens each pixel by where it
sits. A flip only moves each pixel to its mirror place, which the sample follows. Steps that look at neighbours
(sharpen, grain) or move pixels (a rotation; crops and vignettes after one are no longer followed) pass the
sample through unchanged: a caller that knows the real figure corrects for them (the guard adds the
measured-minus-predicted difference of the plan as it stands).
"""

from __future__ import annotations

import numpy as np
from PIL import Image

from imagelab.core import curves, ops
from imagelab.core.verify import COLOUR_GAP

SAMPLE_PIXELS = 8192  # ~0.1 ms a step; a 0.25-point margin is ~20 pixels of it
_X3 = np.tile(np.arange(256, dtype=np.float64), (3, 1))  # each channel's levels, as rows
_ROWS = np.arange(3)[:, None]
_LUMA = np.array([0.299, 0.587, 0.114])


class PixelSample:
    """An evenly strided sample of a picture's pixels as a (3, n) float array, and its own clipping."""

    def __init__(self, image: Image.Image, size: int = SAMPLE_PIXELS, working_size: tuple[int, int] | None = None):
        """`working_size`: the size of the picture `image` is a reduced copy of (plans' pixel params are in it)."""
        w, h = image.size
        rgb = np.asarray(image if image.mode == "RGB" else image.convert("RGB")).reshape(-1, 3)
        stride = max(1, rgb.shape[0] // size)
        # (3, n) indexes into a flattened (3, 256) channel table: channel c's level v is at 256 c + v
        self.levels = np.ascontiguousarray(rgb[::stride].T, dtype=np.intp) + _ROWS * 256
        self.pixels = np.ascontiguousarray(rgb[::stride].T, dtype=np.float64)
        self.base = clipped(self.pixels)
        self.size, self.where = working_size, None
        if working_size:  # each sampled pixel's centre, in working-image pixels
            at, k = np.arange(0, rgb.shape[0], stride), max(working_size) / max(w, h)
            self.where = np.stack([(at % w + 0.5) * k, (at // w + 0.5) * k])
        # Why a memo: the guard asks about the same plan several times a report (what it hides, what it clips, the
        # framing alone, a pull's last share), and a trace is ~0.2 ms. Results are read-only, so sharing is safe.
        self._traced: dict[tuple, tuple[np.ndarray, dict[str, float]]] = {}

    def after(self, operations: list[dict]) -> dict[str, float]:
        """Percent clipped (highlights, shadows, saturation) by the time the plan's point steps and crops have run:
        a pixel counts when a step clipped it, even if a later one took it off the end again (`trace`)."""
        return self.trace(operations)[1]

    def run(self, operations: list[dict]) -> np.ndarray:
        """The sampled pixels, (3, n) whole levels, once the plan's point steps and crops have run."""
        return self.trace(operations)[0]

    def trace(self, operations: list[dict]) -> tuple[np.ndarray, dict[str, float]]:
        """(`run`'s pixels, their clipping counted as `clipped` does but with every channel that a step left at 0 or
        255 as clipped, unless the photo had it there already).

        Why: a step that crushes shadows loses their detail for good, yet a later one can lift them off black (a
        tint towards a colour, softer contrast, a warmer curve): on a night photo "warmer and punchier" crushed
        every pixel with its contrast, its closing tint lifted them all to one brown, and the picture counted
        no pixel at 0. A channel curve keeps a flat channel flat; a colour mix (saturation, hue, black and white)
        blends it with the others, so past one a pixel stays counted only where all three channels were clipped.
        Each channel's path is followed on the (3, 256) table, then per pixel: a few µs a step."""
        key = _plan_key(operations)
        if (known := self._traced.get(key)) is not None:
            return known[0], dict(known[1])
        x, ever = self._trace(operations)
        x.setflags(write=False)
        if len(self._traced) >= _MEMO:  # a job asks about a few hundred plans at most; a long-lived sample starts over
            self._traced.clear()
        self._traced[key] = (x, ever)
        return x, dict(ever)

    def _trace(self, operations: list[dict]) -> tuple[np.ndarray, dict[str, float]]:
        # Until the first colour mix, every step maps each channel's value alone and the pixels are still whole
        # levels: the steps run on a (3, 256) table, looked up once (~4x faster on a 8k sample, the same floats).
        x, table, where, size = self.levels, _X3, self.where, self.size
        # Bit marks per channel, (3, 256) while on the table, then (3, n): a step left it at 0 (1), at 255 (2); the
        # photo had it at 0 (4), at 255 (8) already (a step that keeps it there, or a tint that lifts it off,
        # clipped nothing). One byte per value: the marks are looked up with the levels, as cheaply.
        marks = _SOURCE_MARKS
        # Where the executor rounds (compile.py): affine tone steps and colour mixes fuse into one matrix with no
        # rounding between, but a curve no matrix carries (temperature, a levels gamma, an S-curve) is a lookup
        # table of whole levels, so a colour mix after it starts a new pass on rounded pixels. Unrounded, a soft
        # shoulder's pile of 253.6s pushed past 254.5 by a saturation counted 0.7 points of highlights the picture
        # did not have. (The executor also rounds before a curve that follows a mix, and at framing steps. Modelled
        # too, those left 5 near-duplicates on bench/guard_outcomes.py's twenty jobs instead of 2: not taken.)
        bent = False  # the pass so far has a curve no matrix carries
        for o in operations:
            op, params = o["op"], o.get("params") or {}
            if op in ops.MIX_OPS and bent:
                if table is not None:
                    table = np.rint(table)
                else:
                    x = np.rint(x)
                bent = False
            bent = bent or (op in ops.CHANNEL_OPS and curves.channel_affine(op, params) is None)
            if table is not None and op in ("vignette", *ops.MIX_OPS) and (op != "vignette" or where is not None):
                marks = np.take(marks.ravel(), x)  # the levels' paths, now each pixel's
                x, table = _looked_up(table, x), None
            if where is not None and op in ("crop", "resize"):
                keep, where, size = _follow(op, params, where, size)
                # a resize that keeps the whole frame (every rule plan opens with one) cuts nothing
                if keep is not None:
                    x = np.compress(keep, x, axis=1)  # ~4x faster than x[:, keep]
                    marks = marks if table is not None else np.compress(keep, marks, axis=1)
            elif op == "flip":  # a mirror keeps every pixel, only where it sits: later crops are still followed
                where = None if where is None else _mirrored(where, size, params.get("direction"))
            elif op in ops.MOVING_OPS:
                where = None  # pixels moved: later crops cannot be followed
            elif op == "vignette" and where is not None:  # a multiply by where the pixel sits: dark corners crush
                gain = ops.vignette_gain(
                    where[0] / size[0], where[1] / size[1], min(max(float(params.get("strength", 0.2)), 0.0), 1.0)
                )
                x = np.clip(np.rint(x * np.rint(255.0 * gain) / 255.0), 0.0, 255.0)
                marks = marks | _marks(x)
            elif table is not None and op in ops.CHANNEL_OPS:
                table = _step(table, op, params)
                marks = marks | _marks(table)
            elif op in ops.CHANNEL_OPS or op in ops.MIX_OPS:
                if op in ops.MIX_OPS:  # a clipped channel mixed with live ones keeps some detail; all three, none
                    marks = (marks & 12) | np.bitwise_and.reduce(marks & 3, axis=0, keepdims=True)
                x = _step(x, op, params)
                marks = marks | _marks(x)
        if table is not None:  # rounded and marked on the table too: two lookups make the pixels and their marks
            table = np.rint(table)
            flags = np.take((((marks & 3) & ~(marks >> 2)) | _marks(table)).ravel(), x)
            x = _looked_up(table, x)
            return x, _clipped_ever(x, flags)
        x = np.rint(x)
        return x, _clipped_ever(x, ((marks & 3) & ~(marks >> 2)) | _marks(x))

    def hidden(self, operations: list[dict]) -> dict[str, float]:
        """Percentage points a step clipped that a later one lifted off the end again (what a picture of the plan
        cannot show: `trace`'s count beyond the final pixels' own), per kind."""
        x, ever = self.trace(operations)
        final = clipped(x)
        return {k: max(0.0, ever[k] - final[k]) for k in ever}

    def new(self, operations: list[dict]) -> dict[str, float]:
        """Percentage points clipped by the plan beyond the sample's own clipping, per kind (as `after` counts)."""
        now = self.after(operations)
        return {k: now[k] - self.base[k] for k in now}

    def beyond(self, x: np.ndarray) -> dict[str, float]:
        """Percentage points of `run`'s pixels clipped beyond the sample's own clipping, per kind."""
        now = clipped(x)
        return {k: now[k] - self.base[k] for k in now}


_MEMO = 512


def _plan_key(operations: list[dict]) -> tuple:
    """A plan as a hashable value: equal keys, equal plans (a param's repr round-trips its value)."""
    return tuple((o["op"], repr(sorted((o.get("params") or {}).items()))) for o in operations)


def _looked_up(table: np.ndarray, levels: np.ndarray) -> np.ndarray:
    """(3, n) values: each channel's row of the (3, 256) table at the pixels' levels (flattened indexes)."""
    return np.take(table.ravel(), levels)  # ~5x faster than table[rows, levels]


def _step(x: np.ndarray, op: str, params: dict) -> np.ndarray:
    # One step at a time with a clip after each, as the executor's fused passes are defined to equal.
    if op in ops.CHANNEL_OPS:
        return np.clip(ops.channel_curve(op, params)(x), 0.0, 255.0)
    if op in ops.MIX_OPS:
        m = ops.mix_matrix(op, params)
        return np.clip(m[:, :3] @ x + m[:, 3:], 0.0, 255.0)
    return x


def _follow(
    op: str, params: dict, where: np.ndarray, size: tuple[int, int]
) -> tuple[np.ndarray, np.ndarray, tuple[int, int]]:
    """(which sampled pixels stay, None for all of them; where they are now; the new size) after a crop or resize, as
    `ops` cuts them."""
    if op == "resize":
        fit = params.get("fit", "contain")
        tw, th = ops.resize_target(size, params.get("width"), params.get("height"), fit)
        if not (fit == "cover" and params.get("width") and params.get("height")):
            return None, (where if (tw, th) == tuple(size) else where * _scale(tw, th, size)), (tw, th)
        where = where * _scale(tw, th, size)
        bw, bh = min(int(params["width"]), tw), min(int(params["height"]), th)
        box = ((tw - bw) // 2, (th - bh) // 2, (tw - bw) // 2 + bw, (th - bh) // 2 + bh)
    else:
        box = ops.crop_box(size, **{k: params[k] for k in ("x", "y", "width", "height")})
    x0, y0, x1, y1 = box
    keep = (where[0] >= x0) & (where[0] < x1) & (where[1] >= y0) & (where[1] < y1)
    return keep, np.compress(keep, where, axis=1) - np.array([[x0], [y0]]), (x1 - x0, y1 - y0)


def _scale(tw: int, th: int, size: tuple[int, int]) -> np.ndarray:
    return np.array([[tw / size[0]], [th / size[1]]])


def _mirrored(where: np.ndarray, size: tuple[int, int], direction: str | None) -> np.ndarray:
    """The sampled pixels' centres after `ops.flip` on a picture of `size` (a new array: `where` is shared)."""
    axis = 1 if direction == "vertical" else 0
    out = where.copy()
    out[axis] = size[axis] - where[axis]
    return out


def tones(x: np.ndarray) -> dict[str, float]:
    """Where (3, n) pixels sit: mean luminance ("bright"), its spread ("contrast"), mean channel spread ("sat")."""
    luma = _LUMA @ x
    return {"bright": float(luma.mean()), "contrast": float(luma.std()), "sat": float(np.ptp(x, axis=0).mean())}


def _marks(x: np.ndarray) -> np.ndarray:
    """Each value's bit marks: 1 where it rounds to 0, 2 where it rounds to 255."""
    return (x < 0.5).view(np.uint8) | ((x >= 254.5).view(np.uint8) << 1)


_SOURCE_MARKS = _marks(_X3) << 2  # every level as the photo has it: 0 and 255 clipped already


def _clipped_ever(x: np.ndarray, marks: np.ndarray) -> dict[str, float]:
    """`clipped` of the (3, n) final pixels, with `marks` (3, n: 1 ever at 0, 2 ever at 255) as their clipped
    channels."""
    # Row by row, not numpy's axis reductions: count_nonzero(axis=) and ptp(axis=0) were ~1.7x slower here
    n = max(1, x.shape[1])
    touched = marks[0] | marks[1] | marks[2]
    if not touched.any():  # a plan that clips nothing (most of what a search tries)
        return {"highlights": 0.0, "shadows": 0.0, "saturation": 0.0}
    r, g, b = x
    gap = np.maximum(np.maximum(r, g), b)
    gap -= np.minimum(np.minimum(r, g), b)
    return {
        "highlights": max(np.count_nonzero(m & 2) for m in marks) * 100.0 / n,
        "shadows": max(np.count_nonzero(m & 1) for m in marks) * 100.0 / n,
        "saturation": np.count_nonzero((gap >= COLOUR_GAP) & (touched > 0)) * 100.0 / n,
    }


def clipped(x: np.ndarray) -> dict[str, float]:
    """Percent of the (3, n) pixels clipped, counted as `verify.clipping` counts a picture."""
    n = max(1, x.shape[1])
    hi, lo = x.max(axis=0), x.min(axis=0)
    colour = ((hi - lo) >= COLOUR_GAP) & ((hi >= 255) | (lo <= 0))
    return {
        "highlights": float((x >= 255).sum(axis=1).max()) * 100.0 / n,
        "shadows": float((x <= 0).sum(axis=1).max()) * 100.0 / n,
        "saturation": float(np.count_nonzero(colour)) * 100.0 / n,
    }
