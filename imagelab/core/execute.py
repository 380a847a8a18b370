"""Run five variation plans on one photo: decode once, share the common prefix, stream every step.

Coordinate convention. The job's source is reduced once to the *working image*
(longest side `max_side`, default 2048, never upscaled). Every pixel-valued
param in a plan (crop box, resize box, blur sigma, sharpen radius) is in
working-image pixels of the image that step receives. To render the same plan at
another resolution the executor multiplies those params by
k = (long side of the image it renders on) / (long side of the working image),
via `ops.scale_params`: k < 1 for the streamed previews, k > 1 for full-resolution
downloads (`rerender.render_chain`). An aiEdit result is resized back to its input's size
so later pixel params stay valid.

Streaming. Each step's picture is computed on a small preview track (longest
side `preview_side`), one op at a time, and handed to `on_step` right away; the
working-size image is computed with fused passes (`compile.py`) and handed to
`on_variation_done`. Callbacks run on worker threads; they must be thread-safe.
"""

import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from PIL import Image

from imagelab.core import arrays, ops
from imagelab.core import compile as fuse
from imagelab.core.codec import decode_pixels, shrink
from imagelab.core.plans import op_dict

AI_UNAVAILABLE = "AI edit unavailable"


class StepError(Exception):
    """A step failure whose message is already plain words for the user (recorded as it is)."""


@dataclass
class StepResult:
    """One executed step: `image` is the step's picture at preview size (shared prefix steps share it)."""

    variation: int
    step: int
    op: str
    params: dict
    status: str  # "ok" | "error"
    error: str | None
    ms: float  # time to compute this step (preview track; aiEdit: the AI call)
    image: Image.Image
    shared: bool = False  # computed once for every variation (common prefix)


@dataclass
class VariationResult:
    """A finished variation: `final` is its picture at working size, a Pillow image or an (h, w, 3) uint8 array,
    in the form its last pass left it (each conversion is a ~2 ms copy at 2048 px; `codec.encode` takes both)."""

    variation: int
    final: Image.Image | np.ndarray | None
    status: str  # "done" | "failed" (only when something outside the ops broke)
    errors: list[dict] = field(default_factory=list)  # [{step, op, error}]
    ms: float = 0.0
    passes: list[dict] = field(default_factory=list)  # [{kind, steps, ms}] at working size

    @property
    def image(self) -> Image.Image | None:
        """The final as a Pillow image (converted on first use)."""
        if isinstance(self.final, np.ndarray):
            self.final = arrays.to_image(self.final)
        return self.final

    @image.setter
    def image(self, value: Image.Image | np.ndarray | None) -> None:
        self.final = value


@dataclass
class ExecutionResult:
    """Everything `execute` produced."""

    working_size: tuple[int, int]
    source_size: tuple[int, int]
    prefix_length: int
    variations: list[VariationResult]
    ms: float


AiEdit = Callable[[Image.Image, str], Image.Image]


def _as_pairs(plan: Sequence[Any]) -> list[tuple[str, dict]]:
    return [op_dict(o) for o in plan]


def _common_prefix(plans: list[list[tuple[str, dict]]]) -> int:
    if len(plans) < 2:
        return 0
    n = 0
    for column in zip(*plans, strict=False):
        if column[0][0] == ops.AI_OP or any(c != column[0] for c in column[1:]):
            break
        n += 1
    return n


def _k(image: Image.Image | np.ndarray, reference: Image.Image | np.ndarray | tuple[int, int]) -> float:
    """Scale factor between two renderings of the same picture (ratio of long sides)."""
    ref = reference if isinstance(reference, tuple) else arrays.size(reference)
    return max(arrays.size(image)) / max(ref)


def _run_working(
    image: Image.Image | np.ndarray,
    steps: list[tuple[int, str, dict]],
    k: float,
    errors: list[dict],
    timings: list[dict],
) -> Image.Image | np.ndarray:
    """Run local steps (params x k) with fused passes, each in the form cheaper for it (`Pass.run_any`);
    a failing pass falls back to one op at a time."""
    if not steps:
        return image
    scaled, size = [], arrays.size(image)
    for _, op, p in steps:  # each step's size, so a crop to the working edge reaches this image's edge
        scaled.append((op, ops.scale_params(op, p, k, size)))
        size = ops.output_size(op, scaled[-1][1], size)
    for p in fuse.compile_ops(scaled):
        t = time.perf_counter()
        try:
            image = p.run_any(image)
        except Exception:  # noqa: BLE001 - keep the previous picture, try the steps one by one
            for i in p.steps:
                op, params = scaled[i]
                try:
                    image = arrays.run_op(image, op, params)
                except Exception as e:  # noqa: BLE001
                    errors.append({"step": steps[i][0], "op": op, "error": f"{type(e).__name__}: {e}"})
        timings.append(
            {"kind": p.kind, "steps": [steps[i][0] for i in p.steps], "ms": (time.perf_counter() - t) * 1000}
        )
    return image


# At 640 px a blur, a sharpen or a rotation takes Pillow 8-14 ms and OpenCV 1.3-3.2 with both copies (the other
# ops are as fast in Pillow, which the preview track's pictures stay in).
_PREVIEW_ARRAY_OPS = frozenset({"blur", "sharpen", "rotate"})


def _preview_step(
    img: Image.Image, op: str, params: dict, k: float, side: int
) -> tuple[Image.Image, float, str | None]:
    """(step picture, its scale k, error); a resize or rotate that grew it past `side` is shrunk back."""
    try:
        p = ops.scale_params(op, params, k, img.size)
        if op in _PREVIEW_ARRAY_OPS:  # as at working size: OpenCV's forms, 4-10x faster here too
            out = arrays.to_image(arrays.run_op(arrays.to_array(img), op, p))
        else:
            out = ops.OPS[op](img, **p)
    except Exception as e:  # noqa: BLE001 - a failing step keeps the previous image
        return img, k, f"{type(e).__name__}: {e}"
    small = shrink(out, side)
    return small, k * max(small.size) / max(out.size), None


def _run_ai(image: Image.Image, prompt: str, ai_edit: AiEdit | None) -> Image.Image:
    if ai_edit is None:
        raise StepError(AI_UNAVAILABLE)
    out = ai_edit(image, prompt)
    if out.mode != "RGB":
        out = out.convert("RGB")
    if out.size != image.size:  # keep later pixel params valid
        out = out.resize(image.size, Image.Resampling.LANCZOS)
    return out


def _variation(
    vi: int,
    plan: list[tuple[str, dict]],
    start: int,
    work: Image.Image | np.ndarray,
    prev: Image.Image,
    on_step,
    ai_edit: AiEdit | None,
    side: int = 640,
) -> VariationResult:
    t0 = time.perf_counter()
    res = VariationResult(vi, None, "done")
    kp = _k(prev, work)  # preview track scale: ops keep ratios, only a shrink back to `side` changes it
    pending: list[tuple[int, str, dict]] = []  # local steps not yet run at working size
    for si in range(start, len(plan)):
        op, params = plan[si]
        t = time.perf_counter()
        if op == ops.AI_OP:
            work = _run_working(work, pending, 1.0, res.errors, res.passes)
            pending = []
            try:
                work = _run_ai(arrays.to_image(work), params["prompt"], ai_edit)
                prev, err = shrink(work, max(prev.size)), None
                kp = _k(prev, work)
            except Exception as e:  # noqa: BLE001 - the variation continues without it
                plain = isinstance(e, StepError)
                err = str(e) if plain else f"AI edit failed: {type(e).__name__}: {e}"
        else:
            prev, kp, err = _preview_step(prev, op, params, kp, side)
            if err is None:
                pending.append((si, op, params))  # a step that failed is skipped at working size too
        if err is not None:
            res.errors.append({"step": si, "op": op, "error": err})
        if on_step:
            on_step(
                StepResult(vi, si, op, params, "error" if err else "ok", err, (time.perf_counter() - t) * 1000, prev)
            )
    res.final = _run_working(work, pending, 1.0, res.errors, res.passes)
    res.errors.sort(key=lambda e: e["step"])
    res.ms = (time.perf_counter() - t0) * 1000
    return res


def execute(
    source: bytes | Image.Image | np.ndarray,
    plans: Sequence[Sequence[Any]],
    *,
    on_step: Callable[[StepResult], None] | None = None,
    on_variation_done: Callable[[VariationResult], None] | None = None,
    ai_edit: AiEdit | None = None,
    workers: int = 3,
    max_side: int = 2048,
    preview_side: int = 640,
    keep_images: bool = True,
    stopped: Callable[[], bool] | None = None,
) -> ExecutionResult:
    """Decode once, run the plans' common prefix once, then the variations concurrently.

    Once `stopped()` is true, variations not yet started are skipped (status "failed").

    With keep_images=False each final image is dropped once `on_variation_done` has
    stored it (VariationResult.image is then None): peak memory stays ~50 MB lower.
    """
    t0 = time.perf_counter()
    pairs = [_as_pairs(p) for p in plans]
    work, source_size = decode_pixels(source, max_side=max_side)  # arrays: no ~16 ms copy out of Pillow per pass
    prev = shrink(work, preview_side)
    kp = _k(prev, work)
    n = _common_prefix(pairs)
    prefix_errors: list[dict] = []
    for si in range(n):
        op, params = pairs[0][si]
        t = time.perf_counter()
        prev, kp, err = _preview_step(prev, op, params, kp, preview_side)
        ms = (time.perf_counter() - t) * 1000
        if err:
            prefix_errors.append({"step": si, "op": op, "error": err})
        for vi in range(len(pairs)):
            if on_step:
                on_step(StepResult(vi, si, op, params, "error" if err else "ok", err, ms, prev, shared=True))
    failed = {e["step"] for e in prefix_errors}
    prefix_timings: list[dict] = []
    working_size = arrays.size(work)
    work = _run_working(
        work, [(si, *pairs[0][si]) for si in range(n) if si not in failed], 1.0, prefix_errors, prefix_timings
    )

    def task(vi: int) -> VariationResult:
        if stopped is not None and stopped():
            return VariationResult(vi, None, "failed", [{"step": None, "op": None, "error": "stopped"}])
        try:
            r = _variation(vi, pairs[vi], n, work, prev, on_step, ai_edit, preview_side)
        except Exception as e:  # noqa: BLE001 - a broken callback must not sink the other variations
            r = VariationResult(vi, None, "failed", [{"step": None, "op": None, "error": f"{type(e).__name__}: {e}"}])
        r.errors = [dict(e) for e in prefix_errors] + r.errors
        r.passes = [dict(p) for p in prefix_timings] + r.passes
        if on_variation_done:
            on_variation_done(r)
        if not keep_images:
            r.image = None
        return r

    with ThreadPoolExecutor(max_workers=max(1, workers), thread_name_prefix="imagelab") as pool:
        done = dict(zip(order := heaviest_first(pairs, n), pool.map(task, order), strict=True))
    results = [done[vi] for vi in range(len(pairs))]
    return ExecutionResult(working_size, source_size, n, results, (time.perf_counter() - t0) * 1000)


# Relative CPU of a working-size pass, a LUT (~3.5 ms at 2048 px) = 1, as each runs now (`Pass.run_any`; thread CPU
# on this 2-core VM, 2026-11-27): a colour matrix ~1 with its copy to an array, a vignette 1.4, a crop 0.2, a
# sharpen 4, a blur 5, a reduction 4.5 and a rotation 9 (OpenCV, libvips), grain 15 (numpy and Pillow); a mirror
# ~1 (OpenCV's flip, 1-3.4 ms, 2026-11-28).
_PASS_COST = {"lut": 1.0, "matrix": 1.0}
_OP_COST = {
    "crop": 0.2,
    "flip": 1.0,
    "vignette": 1.4,
    "sharpen": 4.0,
    "blur": 5.0,
    "resize": 4.5,
    "rotate": 9.0,
    "grain": 15.0,
}


def heaviest_first(pairs: list[list[tuple[str, dict]]], start: int) -> list[int]:
    """Variation indexes, the costliest local ones first (the cheap ones fill the pool's last gaps), model calls last."""

    # With five variations on three threads and two cores, the one started last ran alone at the end (~15 ms
    # of a ~180 ms set): the longest-processing-time-first order keeps both cores busy to the end.
    def cost(plan: list[tuple[str, dict]]) -> float:
        if any(op == ops.AI_OP for op, _ in plan[start:]):
            return -1.0  # a paid model call last: a Stop meanwhile saves it (the local ones take ~0.1 s)
        passes = fuse.compile_ops(plan[start:])
        return sum(_PASS_COST.get(p.kind) or _OP_COST.get(p.op or "", 5.0) for p in passes)

    costs = [cost(plan) for plan in pairs]
    return sorted(range(len(pairs)), key=lambda vi: (-costs[vi], vi))


def rerun_variation(
    work: Image.Image | np.ndarray,
    plan: Sequence[Any],
    start: int,
    variation: int,
    *,
    on_step: Callable[[StepResult], None] | None = None,
    preview_side: int = 640,
) -> VariationResult:
    """Re-run one local variation from step `start` (the guard's revision): the steps before it run fused at
    working size without streaming, the rest exactly as `execute` runs a variation."""
    pairs = _as_pairs(plan)
    errors: list[dict] = []
    passes: list[dict] = []
    head = _run_working(work, [(i, *pairs[i]) for i in range(start)], 1.0, errors, passes)
    r = _variation(
        variation, pairs, start, head, shrink(arrays.to_image(head), preview_side), on_step, None, preview_side
    )
    r.errors, r.passes = errors + r.errors, passes + r.passes
    return r
