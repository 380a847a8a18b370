"""A plan's tone and colour steps run on a sample of a picture's pixels: how much would it clip?

Pure: no Django, no I/O. Tone curves and colour matrices act on each pixel alone, so a sample of pixels
(not a smaller copy: shrinking averages the clipped highlights away) predicts the clipped fractions of the
whole picture without running the plan on it. Steps that look at neighbours or positions (sharpen, grain,
vignette, geometry) pass the sample through unchanged: a caller that knows the real figure corrects for them
(the guard adds the measured-minus-predicted difference of the plan as it stands).
"""

from __future__ import annotations

import numpy as np
from PIL import Image

from imagelab.core import ops
from imagelab.core.verify import COLOUR_GAP

SAMPLE_PIXELS = 8192  # ~0.1 ms a step; a 0.25-point margin is ~20 pixels of it


class PixelSample:
    """An evenly strided sample of a picture's pixels as a (3, n) float array, and its own clipping."""

    def __init__(self, image: Image.Image, size: int = SAMPLE_PIXELS):
        rgb = np.asarray(image if image.mode == "RGB" else image.convert("RGB")).reshape(-1, 3)
        stride = max(1, rgb.shape[0] // size)
        self.pixels = np.ascontiguousarray(rgb[::stride].T, dtype=np.float64)
        self.base = clipped(self.pixels)

    def after(self, operations: list[dict]) -> dict[str, float]:
        """Percent clipped (highlights, shadows, saturation) once the plan's point steps have run."""
        x = self.pixels
        for o in operations:
            x = _step(x, o["op"], o.get("params") or {})
        return clipped(np.rint(x))

    def new(self, operations: list[dict]) -> dict[str, float]:
        """Percentage points clipped by the plan beyond the sample's own clipping, per kind."""
        now = self.after(operations)
        return {k: now[k] - self.base[k] for k in now}


def _step(x: np.ndarray, op: str, params: dict) -> np.ndarray:
    # One step at a time with a clip after each, as the executor's fused passes are defined to equal.
    if op in ops.CHANNEL_OPS:
        return np.clip(ops.channel_curve(op, params)(x), 0.0, 255.0)
    if op in ops.MIX_OPS:
        m = ops.mix_matrix(op, params)
        return np.clip(m[:, :3] @ x + m[:, 3:], 0.0, 255.0)
    return x


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
