"""The guarded job (imagelab.core.staged): previews first, the guard on them, each final rendered once."""

import numpy as np
import pytest
from PIL import Image

from imagelab.core import execute, guard
from imagelab.core.execute import StepResult
from imagelab.core.staged import Revised, run_guarded
from tests.imagelab.core.test_guard import bright_photo

CLIPS = [{"op": "hue", "params": {"value": 8.0}}, {"op": "contrast", "params": {"value": 1.5}}]
CLEAN = [
    [{"op": "hue", "params": {"value": 8.0}}, {"op": "brightness", "params": {"value": 0.7}}],
    [{"op": "hue", "params": {"value": 8.0}}, {"op": "filter", "params": {"type": "grayscale"}}],
]


class Recorder:
    """The callbacks a job gets, recorded in order."""

    def __init__(self):
        self.events: list[tuple] = []
        self.finals: dict[int, Image.Image] = {}
        self.steps: dict[tuple[int, int], list[Image.Image]] = {}

    def on_step(self, r):
        self.events.append(("step", r.variation, r.step))
        self.steps.setdefault((r.variation, r.step), []).append(r.image)

    def on_done(self, r):
        self.events.append(("done", r.variation))
        self.finals[r.variation] = r.image

    def on_revised(self, d):
        self.events.append(("revised", d["variation"], d["from_step"]))


def _guarded(image, plans, max_revisions=2, guard_fn=None):
    rec = Recorder()

    def guard_fn_default(source_preview, previews, **hooks):
        return guard.run_guard(source_preview, previews, plans, max_revisions=max_revisions, **hooks)

    ran = run_guarded(
        image,
        plans,
        guard_fn or guard_fn_default,
        on_step=rec.on_step,
        on_variation_done=rec.on_done,
        on_revised=rec.on_revised,
        workers=2,
    )
    return ran, rec


def _same(a: Image.Image, b: Image.Image) -> bool:
    return a.size == b.size and np.array_equal(np.asarray(a), np.asarray(b))


def test_it_streams_and_renders_what_execute_does_when_nothing_is_revised():
    image, plans = bright_photo(), [CLIPS, *CLEAN]
    ran, rec = _guarded(image, plans, max_revisions=0)
    want = Recorder()
    execute.execute(image, plans, on_step=want.on_step, on_variation_done=want.on_done, workers=2)
    assert ran.error is None and [o.report.ok for o in ran.outcomes] == [False, True, True]
    assert sorted(e for e in rec.events if e[0] == "step") == sorted(e for e in want.events if e[0] == "step")
    assert all(_same(rec.steps[k][0], want.steps[k][0]) for k in want.steps)
    assert all(_same(rec.finals[vi], want.finals[vi]) for vi in range(3))
    assert ran.execution.prefix_length == 1 and [v.status for v in ran.execution.variations] == ["done"] * 3


def test_it_renders_a_revised_variation_once_with_its_revised_plan_after_its_streamed_re_run():
    image, plans = bright_photo(), [CLIPS, *CLEAN]
    ran, rec = _guarded(image, plans)
    [it] = ran.outcomes[0].revisions
    assert it["verdict"] == "revised" and ran.outcomes[0].operations[1]["params"]["value"] == 1.35
    # Every variation's final comes once; the revised one after its note and its re-run step (from step 1).
    assert sorted(e for e in rec.events if e[0] == "done") == [("done", 0), ("done", 1), ("done", 2)]
    revised = rec.events.index(("revised", 0, 1))
    assert rec.events[revised + 1] == ("step", 0, 1) and ("done", 0) in rec.events[revised + 2 :]
    assert len(rec.steps[(0, 1)]) == 2 and len(rec.steps[(0, 0)]) == 1  # only the changed step re-ran
    # The re-run step and the final are the revised plan as the executor renders it in this job.
    want = Recorder()
    revised = [ran.outcomes[0].operations, *CLEAN]
    execute.execute(image, revised, on_step=want.on_step, on_variation_done=want.on_done)
    assert _same(rec.finals[0], want.finals[0]) and _same(rec.steps[(0, 1)][1], want.steps[(0, 1)][0])


def test_it_renders_every_variation_as_planned_when_the_guard_breaks():
    image, plans = bright_photo(), [CLIPS, *CLEAN]

    def broken(source_preview, previews, **hooks):
        raise RuntimeError("reviser exploded")

    ran, rec = _guarded(image, plans, guard_fn=broken)
    assert isinstance(ran.error, RuntimeError) and ran.outcomes is None
    want = Recorder()
    execute.execute(image, plans, on_variation_done=want.on_done)
    assert all(_same(rec.finals[vi], want.finals[vi]) for vi in range(3))


@pytest.mark.parametrize("stop_after", [0, 2])
def test_it_renders_no_final_once_stopped(stop_after):
    image, plans = bright_photo(), [CLIPS, *CLEAN]
    calls = []

    def stopped():
        calls.append(1)
        return len(calls) > stop_after

    rec = Recorder()
    ran = run_guarded(
        image,
        plans,
        lambda sp, pv, **h: guard.run_guard(sp, pv, plans, max_revisions=2, stopped=stopped, **h),
        on_variation_done=rec.on_done,
        stopped=stopped,
    )
    assert [v.status for v in ran.execution.variations] == ["failed"] * 3
    assert all(img is None for img in rec.finals.values())


def test_it_streams_every_note_then_only_the_last_plans_steps_when_a_variation_is_revised_twice():
    image = bright_photo()
    # grain: the pixel sample cannot explain this clipping, so fixed shares take two revisions
    plans = [[{"op": "brightness", "params": {"value": 2.2}}, {"op": "grain", "params": {"amount": 0.6}}], *CLEAN]
    ran, rec = _guarded(image, plans)
    assert [it["verdict"] for it in ran.outcomes[0].revisions] == ["revised", "revised"]
    mine = [e for e in rec.events if e[1] == 0]
    # stage 1's steps, both notes (each from step 0), the last plan's steps once each, then its final
    assert mine == [
        ("step", 0, 0),
        ("step", 0, 1),
        ("revised", 0, 0),
        ("revised", 0, 0),
        ("step", 0, 0),
        ("step", 0, 1),
        ("done", 0),
    ]
    # the streamed pictures are the settled plan's, as the executor renders it
    want = Recorder()
    execute.execute(image, [ran.outcomes[0].operations], on_step=want.on_step, on_variation_done=want.on_done)
    assert all(_same(rec.steps[(0, s)][1], want.steps[(0, s)][0]) for s in (0, 1))
    assert _same(rec.finals[0], want.finals[0])


def test_it_keeps_the_earlier_revisions_steps_before_the_last_ones_first_change():
    def step(si: int, tag: str) -> StepResult:
        return StepResult(0, si, tag, {}, "ok", None, 0.0, Image.new("RGB", (4, 4)))

    revised, out = Revised(), []
    revised.keep(0, {"from_step": 1, "n": 1}, [step(1, "a"), step(2, "a"), step(3, "a")])
    revised.keep(0, {"from_step": 3, "n": 2}, [step(3, "b")])
    revised.keep(1, {"from_step": 2, "n": 1}, [step(2, "c")])
    revised.keep(1, {"from_step": 2, "n": 2}, [])  # the second one removed the changed step: nothing re-ran
    for vi in (0, 1):
        revised.stream(vi, lambda d: out.append(("note", d["n"])), lambda r: out.append((r.step, r.op)))
    assert out == [("note", 1), ("note", 2), (1, "a"), (2, "a"), (3, "b"), ("note", 1), ("note", 2)]
    revised.stream(0, lambda d: out.append(d), lambda r: out.append(r))  # streamed once
    assert len(out) == 7
