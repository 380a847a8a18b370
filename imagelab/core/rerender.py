"""Full-resolution re-renders: a chain of chosen plans replayed on the original, as each job ran it.

Plan i ran, in its job, on the working image of plan i-1's final; its pixel params are scaled by
(long side here) / (long side of that working image) (`execute`'s coordinate convention), and memory is bounded
by reducing the start image until no step holds more than a given number of pixels.
"""

import math
from collections.abc import Sequence
from typing import Any

import numpy as np
from PIL import Image

from imagelab.core import arrays, ops
from imagelab.core.codec import decode_pixels
from imagelab.core.execute import _as_pairs, _k, _run_working


def _simulate(plan: list[tuple[str, dict]], size: tuple[int, int]) -> tuple[int, int]:
    for op, params in plan:
        if op != ops.AI_OP:
            size = ops.output_size(op, params, size)
    return size


def chain_peak(
    plans: Sequence[Sequence[Any]], start: tuple[int, int], source: tuple[int, int], max_side: int = 2048
) -> int:
    """Most pixels any image of `render_chain` holds when it starts from `start` (the original is `source`)."""
    size, peak = start, start[0] * start[1]
    job_size = ops.working_size(source, max_side)
    for plan in (_as_pairs(p) for p in plans):
        k = max(size) / max(job_size)
        for op, params in plan:
            if op == ops.AI_OP:
                continue
            p = ops.scale_params(op, params, k, size)
            if op == "resize":  # a cover resize allocates its full target before cropping
                tw, th = ops.resize_target(size, p.get("width"), p.get("height"), p.get("fit", "contain"))
                peak = max(peak, tw * th)
            size = ops.output_size(op, p, size)
            peak = max(peak, size[0] * size[1])
        job_size = ops.working_size(_simulate(plan, job_size), max_side)
    return peak


def _fit_pixels(
    img: np.ndarray, plans: Sequence[Sequence[Any]], source: tuple[int, int], max_side: int, max_pixels: int
) -> np.ndarray:
    """`img` reduced until no step of the chain holds more than `max_pixels` (so k shrinks with it)."""
    while (peak := chain_peak(plans, arrays.size(img), source, max_side)) > max_pixels and (
        n := max(arrays.size(img))
    ) > 1:
        side = max(1, min(n - 1, int(n * math.sqrt(max_pixels / peak))))
        img, _ = decode_pixels(arrays.to_image(img), max_side=side)
    return img


def render_chain(
    original: bytes | Image.Image | np.ndarray,
    plans: Sequence[Sequence[Any]],
    *,
    full_resolution: bool = True,
    max_side: int = 2048,
    ai_images: dict[tuple[int, int], Image.Image] | None = None,
    max_pixels: int | None = None,
    as_array: bool = False,
) -> Image.Image | np.ndarray:
    """Deterministically re-render a chain of chosen plans on the original (full resolution by default);
    `as_array`: the result as an (h, w, 3) array, which `codec.encode` takes without a copy.

    Plan i ran, in its job, on the working image of plan i-1's final; its pixel params
    are scaled by (long side here) / (long side of that working image). aiEdit steps
    are replayed from `ai_images[(plan_index, step_index)]` (resized), else skipped.
    With `max_pixels`, the start image is first reduced so that no intermediate image and
    not the result exceed that many pixels (an upscaling plan stays bounded in memory).
    """
    img, size = decode_pixels(original, max_side=None if full_resolution else max_side)
    if max_pixels:
        img = _fit_pixels(img, plans, size, max_side, max_pixels)
    job_size = ops.working_size(size, max_side)  # what plan 0 ran on in its job
    for pi, plan in enumerate(_as_pairs(p) for p in plans):
        k, local = _k(img, job_size), []
        for si, (op, params) in enumerate(plan):
            if op != ops.AI_OP:
                local.append((si, op, params))
                continue
            img, local = _run_working(img, local, k, [], []), []
            stored = (ai_images or {}).get((pi, si))
            if stored is not None:  # resized to the current size, so k stays valid
                img = stored.convert("RGB").resize(arrays.size(img), Image.Resampling.LANCZOS)
        img = _run_working(img, local, k, [], [])
        # The next job decoded this plan's final and reduced it to its own working size.
        job_size = ops.working_size(_simulate(plan, job_size), max_side)
    return arrays.to_array(img) if as_array else arrays.to_image(img)
