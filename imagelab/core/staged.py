"""The executor in two stages, for the quality guard: every variation's preview track first, each final once.

Why: the guard measures the preview track (640 px), and a kept revision used to re-render its variation at
working size and re-encode its final, ~a fifth of a job each (bench/guard.py: 4-6x a job with revisions).
Here stage 1 runs the shared prefix (both tracks) and every variation's steps on the preview track only,
streamed as `execute` streams them; the guard verifies and revises on those pictures, a revision re-running
the preview track from its first changed step (a few ms); stage 2 (`final`) renders each variation at
working size once, with its settled plan, while the guard goes on with the next ones. The pictures and
working-size results are the ones `execute` makes (the same helpers, the same order of ops).

A variation with a generative step runs whole in stage 1 (its preview needs the working-size AI result, and
the guard never revises it). Pure: no Django, no I/O.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from PIL import Image

from imagelab.core import arrays, ops
from imagelab.core.codec import shrink
from imagelab.core.execute import (
    AiEdit,
    ExecutionResult,
    StepResult,
    VariationResult,
    _as_pairs,
    _common_prefix,
    _k,
    _preview_step,
    _run_working,
    _variation,
)
from imagelab.core.guard import Rerun
from imagelab.core.verify import Look


@dataclass
class Track:
    """One variation on the preview track: each step's picture and scale, so a revision re-runs from any step."""

    variation: int
    plan: list[tuple[str, dict]]
    pictures: list[Image.Image] = field(default_factory=list)  # after each step
    scales: list[float] = field(default_factory=list)  # preview-to-working scale after each step
    errors: list[dict] = field(default_factory=list)  # [{step, op, error}] (prefix steps included)
    ms: float = 0.0
    whole: VariationResult | None = None  # a generative variation, run whole in stage 1
    origin: tuple[Image.Image, float] | None = None  # the picture its first step ran on, and that one's scale

    @property
    def preview(self) -> Image.Image | None:
        """Its last step's picture (what the guard measures)."""
        return self.pictures[-1] if self.pictures else None

    def before(self, step: int) -> tuple[Image.Image, float] | None:
        """The picture step `step` ran on and its preview-to-working scale (None when not kept)."""
        if step == 0:
            return self.origin
        if not 0 < step <= min(len(self.pictures), len(self.scales)):
            return None
        return self.pictures[step - 1], self.scales[step - 1]


class Staged:
    """One job's plans on one working image: `previews()` (stage 1), `rerun()` for revisions, `final()`."""

    def __init__(
        self,
        work: Image.Image | np.ndarray,
        plans: Sequence[Sequence[Any]],
        *,
        ai_edit: AiEdit | None = None,
        preview_side: int = 640,
        stopped: Callable[[], bool] | None = None,
    ):
        # An array once (`codec.decode_pixels` makes one): each pass would otherwise copy a Pillow image out.
        self.work, self.side, self.ai_edit = arrays.to_array(work), preview_side, ai_edit
        self.pairs = [_as_pairs(p) for p in plans]
        self.stopped = stopped or (lambda: False)
        self.source_preview = shrink(self.work, preview_side)  # also the guard's reference for clipping
        self.prefix_length = _common_prefix(self.pairs)
        self.tracks: list[Track | None] = [None] * len(self.pairs)
        self._head = self.work  # the working image after the shared prefix
        self._prefix: list[tuple[Image.Image, float]] = []
        self._prefix_errors: list[dict] = []
        self._prefix_passes: list[dict] = []
        self.failures: dict[int, VariationResult] = {}  # stage 1 variations that broke or were stopped
        self.t0 = time.perf_counter()

    def previews(self, on_step: Callable[[StepResult], None] | None, workers: int = 3) -> list[Track | None]:
        """Stage 1: the shared prefix, then every variation's preview track (concurrently), streamed."""
        prev, kp = self.source_preview, _k(self.source_preview, self.work)
        for si in range(self.prefix_length):
            op, params = self.pairs[0][si]
            t = time.perf_counter()
            prev, kp, err = _preview_step(prev, op, params, kp, self.side)
            ms = (time.perf_counter() - t) * 1000
            if err:
                self._prefix_errors.append({"step": si, "op": op, "error": err})
            self._prefix.append((prev, kp))
            for vi in range(len(self.pairs)):
                if on_step:
                    on_step(StepResult(vi, si, op, params, "error" if err else "ok", err, ms, prev, shared=True))
        failed = {e["step"] for e in self._prefix_errors}
        steps = [(si, *self.pairs[0][si]) for si in range(self.prefix_length) if si not in failed]
        self._head = _run_working(self.work, steps, 1.0, self._prefix_errors, self._prefix_passes)

        def task(vi: int) -> Track | None:
            if self.stopped():
                self.failures[vi] = _failed(vi, "stopped")
                return None
            plan = self.pairs[vi]
            try:
                if any(op == ops.AI_OP for op, _ in plan[self.prefix_length :]):
                    return self._whole(vi, on_step)
                return self.rerun(vi, [{"op": op, "params": p} for op, p in plan], self.prefix_length, on_step)
            except Exception as e:  # noqa: BLE001 - a broken callback must not sink the other variations
                self.failures[vi] = _failed(vi, f"{type(e).__name__}: {e}")
                return None

        with ThreadPoolExecutor(max_workers=max(1, workers), thread_name_prefix="imagelab") as pool:
            self.tracks = list(pool.map(task, range(len(self.pairs))))
        return self.tracks

    def _whole(self, vi: int, on_step) -> Track:
        prev, _kp = self._prefix[-1] if self._prefix else (self.source_preview, 0.0)
        pictures: list[Image.Image] = []

        def keep(r: StepResult) -> None:
            pictures.append(r.image)
            if on_step:
                on_step(r)

        r = _variation(vi, self.pairs[vi], self.prefix_length, self._head, prev, keep, self.ai_edit, self.side)
        r.errors = [dict(e) for e in self._prefix_errors] + r.errors
        r.passes = [dict(p) for p in self._prefix_passes] + r.passes
        head = [p for p, _ in self._prefix]
        return Track(vi, self.pairs[vi], head + pictures, errors=r.errors, ms=r.ms, whole=r)

    def rerun(self, vi: int, operations: list[dict], start: int, on_step: Callable[[StepResult], None] | None) -> Track:
        """The preview track of `operations` from step `start` (the steps before it are the current track's)."""
        t0 = time.perf_counter()
        plan = _as_pairs(operations)
        base = self.tracks[vi]
        if base is None or start <= self.prefix_length:  # from the shared prefix as stage 1 ran it
            start = min(start, self.prefix_length)
            pictures = [p for p, _ in self._prefix[:start]]
            scales = [k for _, k in self._prefix[:start]]
            errors = [dict(e) for e in self._prefix_errors if e["step"] < start]
        else:
            pictures, scales = base.pictures[:start], base.scales[:start]
            errors = [dict(e) for e in base.errors if e["step"] is not None and e["step"] < start]
        prev = pictures[-1] if pictures else self.source_preview
        kp = scales[-1] if scales else _k(self.source_preview, self.work)
        for si in range(start, len(plan)):
            op, params = plan[si]
            t = time.perf_counter()
            prev, kp, err = _preview_step(prev, op, params, kp, self.side)
            if err is not None:
                errors.append({"step": si, "op": op, "error": err})
            pictures.append(prev)
            scales.append(kp)
            if on_step:
                on_step(
                    StepResult(
                        vi, si, op, params, "error" if err else "ok", err, (time.perf_counter() - t) * 1000, prev
                    )
                )
        ms = (base.ms if base else 0.0) + (time.perf_counter() - t0) * 1000
        return Track(
            vi, plan, pictures, scales, errors, ms, origin=(self.source_preview, _k(self.source_preview, self.work))
        )

    def final(self, track: Track) -> VariationResult:
        """Stage 2: the variation at working size with its settled plan (steps failed on the preview track skipped)."""
        if track.whole is not None:
            return track.whole
        t0 = time.perf_counter()
        n = self.prefix_length
        shared = track.plan[:n] == self.pairs[0][:n]
        failed = {e["step"] for e in track.errors}
        res = VariationResult(track.variation, None, "done", errors=[dict(e) for e in track.errors])
        start = n if shared else 0
        steps = [(si, op, p) for si, (op, p) in enumerate(track.plan) if si >= start and si not in failed]
        passes = [dict(p) for p in self._prefix_passes] if shared else []
        res.final = _run_working(self._head if shared else self.work, steps, 1.0, res.errors, passes)
        res.passes = passes
        res.errors.sort(key=lambda e: e["step"])
        res.ms = track.ms + (time.perf_counter() - t0) * 1000
        return res

    def result(self, finals: list[VariationResult]) -> ExecutionResult:
        """What `execute` returns, for the finals rendered."""
        size = arrays.size(self.work)
        return ExecutionResult(size, size, self.prefix_length, finals, (time.perf_counter() - self.t0) * 1000)


def _measured(track: Track | None, pictures: list[Image.Image | None]) -> Look | None:
    """A stage-1 preview with the guard's own measurements made, on a worker (the finals' pool is idle then):
    ~1 ms a preview off the guard's thread, which every final waits on. SSIM windows only for a picture that
    another one's size makes comparable."""
    preview = track.preview if track is not None else None
    if preview is None:
        return None
    twins = sum(p is not None and p.size == preview.size for p in pictures) > 1
    look = Look(preview).measured(windows=twins)
    look.before = track.before
    return look


def _failed(vi: int, error: str) -> VariationResult:
    return VariationResult(vi, None, "failed", [{"step": None, "op": None, "error": error}])


class Revised:
    """Kept revisions not yet streamed, per variation: their notes, and the re-run steps of the last plan.

    Streamed when the variation is settled, not as each revision is kept: a second revision re-runs from its
    own first changed step, so the first one's pictures from there on were never what the column ends with;
    each such picture was encoded and stored for nothing (~1 ms a step, 7 a job on few-shot A). The notes
    all come, in order, so the column still tells every change; then each step from the earliest one a kept
    revision changed, as the settled plan renders it (the pictures are the re-runs' own).
    """

    def __init__(self):
        self.notes: dict[int, list[dict]] = {}
        self.steps: dict[int, dict[int, StepResult]] = {}

    def keep(self, vi: int, note: dict, held: list[StepResult]) -> None:
        """A kept revision: its note, and its re-run steps in place of the earlier ones from its first change."""
        self.notes.setdefault(vi, []).append(note)
        steps = {si: s for si, s in self.steps.get(vi, {}).items() if si < note["from_step"]}
        steps.update((s.step, s) for s in held)
        self.steps[vi] = steps

    def stream(self, vi: int, on_revised: Callable[[dict], None] | None, on_step: Callable | None) -> None:
        """Every kept note of a settled variation, then the steps of its last plan that re-ran."""
        for note in self.notes.pop(vi, []):
            if on_revised:
                on_revised(note)
        for _si, step in sorted(self.steps.pop(vi, {}).items()):
            if on_step:
                on_step(step)


@dataclass
class Guarded:
    """What `run_guarded` did: the execution (finals), the guard's outcomes, its time and what broke it."""

    execution: ExecutionResult
    outcomes: list | None
    guard_ms: float
    error: Exception | None = None


def run_guarded(
    work: Image.Image | np.ndarray,
    plans: Sequence[Sequence[Any]],
    guard: Callable[..., list],
    *,
    on_step: Callable[[StepResult], None] | None = None,
    on_variation_done: Callable[[VariationResult], None] | None = None,
    on_revised: Callable[[dict], None] | None = None,
    ai_edit: AiEdit | None = None,
    workers: int = 3,
    preview_side: int = 640,
    keep_images: bool = True,
    stopped: Callable[[], bool] | None = None,
) -> Guarded:
    """A job with its quality guard: previews (streamed), the guard on them, each final once (concurrently).

    `guard(source_preview, previews, rerun=, accept=, settled=, working_size=)` is `imagelab.core.guard.run_guard` with the
    caller's reviser and MAX_REVISIONS bound. Kept revisions are streamed like any step once their variation
    is settled, by the worker that renders its final: each note (`on_revised`), then the re-run steps of its
    last plan (`Revised`); its final comes once, with that plan. A guard that breaks leaves the plans as they
    stand: every variation not yet settled is rendered as it is, and the error is returned.
    """
    staged = Staged(work, plans, ai_edit=ai_edit, preview_side=preview_side, stopped=stopped)
    tracks = staged.previews(on_step, workers)
    finals: dict[int, Any] = {}
    revised = Revised()

    def finish(track: Track) -> VariationResult:
        try:
            if staged.stopped():
                r = _failed(track.variation, "stopped")
            else:  # its kept revisions' notes and steps first, from this worker: the guard goes on meanwhile
                revised.stream(track.variation, on_revised, on_step)
                r = staged.final(track)
        except Exception as e:  # noqa: BLE001 - as `execute`: one variation fails, not the job
            r = _failed(track.variation, f"{type(e).__name__}: {e}")
        if on_variation_done:
            on_variation_done(r)
        if not keep_images:
            r.image = None
        return r

    def settled(vi: int, _operations: list[dict]) -> None:
        track = staged.tracks[vi]
        if track is not None and vi not in finals:
            finals[vi] = pool.submit(finish, track)

    def rerun(vi: int, operations: list[dict], start: int):
        held: list[StepResult] = []
        track = staged.rerun(vi, operations, start, held.append)
        return Rerun(track.preview, (held, track), before=track.before)

    def accept(vi: int, applied, ran, entry: dict) -> None:
        held, track = ran.payload
        note = {"variation": vi, "operations": applied.operations, "from_step": applied.first_changed, "entry": entry}
        revised.keep(vi, note, held)
        staged.tracks[vi] = track  # the next revision re-runs from this one

    for _vi, r in sorted(staged.failures.items()):
        if on_variation_done:
            on_variation_done(r)
    outcomes, error, t = None, None, time.perf_counter()
    with ThreadPoolExecutor(max_workers=max(1, workers), thread_name_prefix="imagelab-final") as pool:
        try:
            pictures = [track.preview if track is not None else None for track in tracks]
            previews = list(pool.map(lambda t: _measured(t, pictures), tracks))
            hooks = {"rerun": rerun, "accept": accept, "settled": settled, "working_size": arrays.size(staged.work)}
            outcomes = guard(staged.source_preview, previews, **hooks)
        except Exception as e:  # noqa: BLE001 - the caller says what broke; the variations still end
            error = e
        guard_ms = (time.perf_counter() - t) * 1000
        for vi in range(len(tracks)):
            settled(vi, [])
        results = {vi: f.result() for vi, f in finals.items()}
    results.update(staged.failures)
    ordered = [results.get(vi) or _failed(vi, "stopped") for vi in range(len(tracks))]
    return Guarded(staged.result(ordered), outcomes, guard_ms, error)
