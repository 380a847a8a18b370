"""A plan's picture foreseen on a small copy of the photo, as the quality guard will compare it. Pure: no Django.

The guard compares variations on previews reduced to `verify.COMPARE_SIDE`. A plan run on a copy of the photo
twice that size, its pixel params scaled as the executor scales them for previews, gives the same SSIM between
two plans within ~0.003 (sd; at most 0.013 over scikit-image's four natural photos and six instructions, where
a copy at 200 px was off by 0.02) in ~3 ms a plan, where running it at working size and re-checking costs a
revision: the planner can see which of its five looks would be twins before any of them runs.
"""

from __future__ import annotations

from PIL import Image

from imagelab.core import compile as fuse
from imagelab.core import ops
from imagelab.core.codec import shrink
from imagelab.core.verify import COMPARE_SIDE

FORESEE_SIDE = 2 * COMPARE_SIDE


def small_copy(image: Image.Image) -> Image.Image:
    """The photo (or a reduced copy of it) at FORESEE_SIDE, in RGB."""
    return shrink(image if image.mode == "RGB" else image.convert("RGB"), FORESEE_SIDE)


def foresee(small: Image.Image, working_size: tuple[int, int], operations: list[dict]) -> Image.Image:
    """The plan's picture run on `small`, a reduced copy of the working image (`working_size`) the plan refers to."""
    k = max(small.size) / max(working_size)
    pairs = [(o["op"], ops.scale_params(o["op"], o.get("params") or {}, k)) for o in operations]
    return fuse.run_passes(small, fuse.compile_ops(pairs))
