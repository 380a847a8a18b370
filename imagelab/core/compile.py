"""Compile a variation's op list into fused passes (one LUT, one matrix, or one op each).

Fusion rules, chosen so the compiled result equals running the ops one by one
(up to rounding, +-2 per channel):
- consecutive per-channel ops -> ONE `Image.point()` table; curves are composed
  in float with a clip after every op, exactly like the 8-bit sequence clips;
- consecutive colour-mixing ops -> ONE `convert("RGB", matrix)`; affine
  per-channel ops (brightness, contrast, tint, levels without gamma) may join the
  matrix too. A matrix cannot clip between steps, so an op is only appended when
  that cannot change the result: the composed matrix so far keeps the whole RGB
  cube inside 0..255, or the appended op is a per-channel line that maps
  everything >= 255 to >= 255 and <= 0 to <= 0 (then clipping commutes with it);
- everything else (geometry, vignette, blur, sharpen, grain) runs as its own pass.

The executor runs the passes with `Pass.run_any`, on a Pillow image or a numpy array, whichever is cheaper
for the pass (OpenCV for matrices and vignettes, `imagelab/core/arrays.py`); `Pass.run` is the Pillow form.
"""

from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np
from PIL import Image

from imagelab.core import arrays, curves, ops

_CUBE = np.array([[r, g, b, 1.0] for r in (0, 255) for g in (0, 255) for b in (0, 255)]).T  # (4, 8)
_SLACK = 0.5  # a value within half a level of the range rounds back into it


@dataclass
class Pass:
    """One fused pass over the image; `steps` are the plan indexes it covers."""

    kind: str  # "lut" | "matrix" | "op"
    steps: list[int] = field(default_factory=list)
    lut: list[int] | None = None
    matrix: np.ndarray | None = None
    op: str | None = None
    params: dict | None = None

    def run(self, image: Image.Image) -> Image.Image:
        """Apply this pass to an RGB image."""
        if self.kind == "lut":
            return image.point(self.lut)
        if self.kind == "matrix":
            return ops.apply_matrix(image, self.matrix)
        return ops.OPS[self.op](image, **self.params)

    def run_any(self, pixels: Image.Image | np.ndarray) -> Image.Image | np.ndarray:
        """Apply this pass to an image or an (h, w, 3) uint8 array, in the form that is cheaper for it.

        Measured at 2048 px (bench/README.md "OpenCV for the finals", "Working images as arrays"): a colour
        matrix takes ~10 ms in Pillow and ~1.8 in OpenCV, a per-channel LUT ~4 ms in Pillow and 2 (one curve) to
        4 (three) in OpenCV; an array -> Pillow copy ~2 ms but Pillow -> array ~16 (its `tobytes`). So matrices
        (and exact affine runs) go to arrays and a LUT stays where its input is (a table lookup is exact either
        way), other ops as `arrays.run_op` says.
        """
        if self.matrix is not None:  # a matrix pass, or a LUT run that the matrix gives exactly
            return arrays.matrix(arrays.to_array(pixels), self.matrix)
        if self.kind == "lut":
            if isinstance(pixels, np.ndarray):
                return arrays.lut(pixels, self.lut)
            return pixels.point(self.lut)
        return arrays.run_op(pixels, self.op, self.params)


def _homog(m34: np.ndarray) -> np.ndarray:
    return np.vstack([m34, [0.0, 0.0, 0.0, 1.0]])


def _diag_affine(gain: np.ndarray, offset: np.ndarray) -> np.ndarray:
    return np.hstack([np.diag(gain), offset.reshape(3, 1)])


def _in_gamut(m34: np.ndarray) -> np.ndarray:
    """Per output channel: does the matrix keep the whole RGB cube inside 0..255?"""
    out = m34 @ _CUBE
    return (out.min(axis=1) >= -_SLACK) & (out.max(axis=1) <= 255 + _SLACK)


def _commutes_with_clip(gain: np.ndarray, offset: np.ndarray) -> np.ndarray:
    """Per channel: is clip(f(clip(x))) == clip(f(x)) for every x?"""
    return (gain >= 0) & (offset <= _SLACK) & (gain * 255 + offset >= 255 - _SLACK)


class _Builder:
    def __init__(self) -> None:
        self.passes: list[Pass] = []
        self.kind: str | None = None
        self.steps: list[int] = []
        self.curves: list[Callable[[np.ndarray], np.ndarray]] = []
        self.matrix: np.ndarray | None = None  # LUT runs also track one while exact

    def flush(self) -> None:
        if self.kind == "lut":
            curves = list(self.curves)

            def composed(x, curves=curves):
                for c in curves:
                    x = np.clip(c(x), 0.0, 255.0)
                return x

            # An affine run still exact as a matrix keeps it too when OpenCV's matrix gives exactly the table:
            # `run_any` then applies it to arrays as a matrix (~1.8 ms at 2048 px against 3.3-7.5 for a LUT).
            lut = ops.curve_lut(composed)
            exact = self.matrix is not None and arrays.matrix_equals_lut(self.matrix, lut)
            self.passes.append(Pass("lut", list(self.steps), lut=lut, matrix=self.matrix if exact else None))
        elif self.kind == "matrix":
            self.passes.append(Pass("matrix", list(self.steps), matrix=self.matrix))
        self.kind, self.steps, self.curves, self.matrix = None, [], [], None

    def _try_matrix(self, m34: np.ndarray, diag: tuple[np.ndarray, np.ndarray] | None) -> bool:
        """Append m34 to the pending matrix if that stays exact."""
        if self.matrix is None:
            return False
        ok = _in_gamut(self.matrix)
        if diag is not None:
            ok = ok | _commutes_with_clip(*diag)
        if not ok.all():
            return False
        self.matrix = (_homog(m34) @ _homog(self.matrix))[:3]
        return True

    def add_channel(self, i: int, op: str, params: dict) -> None:
        affine = curves.channel_affine(op, params)
        m34 = _diag_affine(*affine) if affine is not None else None
        if self.kind == "lut":
            self.steps.append(i)
            self.curves.append(ops.channel_curve(op, params))
            if self.matrix is not None and (m34 is None or not self._try_matrix(m34, affine)):
                self.matrix = None  # this run can no longer become a matrix
            return
        if self.kind == "matrix" and m34 is not None and self._try_matrix(m34, affine):
            self.steps.append(i)
            return
        self.flush()
        self.kind, self.steps = "lut", [i]
        self.curves = [ops.channel_curve(op, params)]
        self.matrix = m34

    def add_mix(self, i: int, op: str, params: dict) -> None:
        m34 = ops.mix_matrix(op, params)
        if self.kind in ("lut", "matrix") and self._try_matrix(m34, None):
            self.kind = "matrix"  # an exact affine LUT run turns into the matrix
            self.steps.append(i)
            return
        self.flush()
        self.kind, self.steps, self.matrix = "matrix", [i], m34

    def add_other(self, i: int, op: str, params: dict) -> None:
        self.flush()
        self.passes.append(Pass("op", [i], op=op, params=dict(params)))


def compile_ops(operations: list[tuple[str, dict]], *, first_step: int = 0) -> list[Pass]:
    """Fuse (op, params) pairs into passes; step numbers start at `first_step`."""
    b = _Builder()
    for n, (op, params) in enumerate(operations):
        i = first_step + n
        if op in ops.CHANNEL_OPS:
            b.add_channel(i, op, params)
        elif op in ops.MIX_OPS:
            b.add_mix(i, op, params)
        elif op in ops.OPS:
            b.add_other(i, op, params)
        else:
            raise ValueError(f"{op!r} is not a local op")
    b.flush()
    return b.passes


def run_passes(image: Image.Image, passes: list[Pass]) -> Image.Image:
    """Apply compiled passes in order."""
    for p in passes:
        image = p.run(image)
    return image


def run_sequential(image: Image.Image, operations: list[tuple[str, dict]]) -> Image.Image:
    """Reference: apply ops one by one (what the compiled passes must equal)."""
    for op, params in operations:
        image = ops.OPS[op](image, **params)
    return image
