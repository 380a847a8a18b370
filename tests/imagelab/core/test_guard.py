"""The guard loop (imagelab.core.guard) with the real executor: rule edits, MAX_REVISIONS, never worse."""

import numpy as np
import pytest
from PIL import Image

from imagelab.core import execute, guard, ops
from imagelab.core.codec import shrink
from imagelab.core.guard_rules import rule_edits
from imagelab.core.verify import AddOp, Issue, Look, Report, clipping, headroom, verify
from tests.evals.test_guard_cases import photo as eval_photo


def bright_photo(w=400, h=300, seed=2):
    """A bright, detailed photo: its top end near 235, nothing clipped yet."""
    rng = np.random.default_rng(seed)
    y, x = np.mgrid[0:h, 0:w] / max(w, h)
    grey = 175 + 35 * np.sin(9 * x) * np.cos(6 * y) + rng.normal(0, 5, (h, w))
    rgb = np.stack([grey + 4, grey, grey - 6], axis=-1)
    return Image.fromarray(np.clip(rgb, 1, 250).round().astype(np.uint8))


def soft_photo(w=400, h=300, seed=3):
    """A mid-grey, low-contrast photo: room for a much firmer curve before anything clips."""
    rng = np.random.default_rng(seed)
    y, x = np.mgrid[0:h, 0:w] / max(w, h)
    grey = 128 + 28 * np.sin(9 * x) * np.cos(6 * y) + 14 * np.sin(31 * x + 7 * y) + rng.normal(0, 4, (h, w))
    rgb = np.stack([grey + 6, grey, grey - 8], axis=-1)
    return Image.fromarray(np.clip(rgb, 0, 255).round().astype(np.uint8))


def punchier(contrast):
    """A 'punchier' plan: firmer contrast and a little more colour."""
    return [{"op": "contrast", "params": {"value": contrast}}, {"op": "saturation", "params": {"value": 1.15}}]


class Job:
    """Runs plans like the app: the executor's last step picture per variation is what the guard measures."""

    def __init__(self, image, plans):
        self.image, self.plans = image, plans
        self.previews = [None] * len(plans)
        self.accepted: list[tuple[int, dict]] = []
        self.reruns: list[tuple[int, int]] = []

        def on_step(r):
            if r.step == len(plans[r.variation]) - 1:
                self.previews[r.variation] = r.image

        execute.execute(image, plans, on_step=on_step)

    def rerun(self, vi, operations, start):
        self.reruns.append((vi, start))
        held = []
        result = execute.rerun_variation(self.image, operations, start, vi, on_step=held.append)
        return guard.Rerun(held[-1].image if held else shrink(result.image, 640), result)

    def accept(self, vi, applied, ran, entry):
        self.accepted.append((vi, entry))

    def guard(self, max_revisions=2, propose=None):
        return guard.run_guard(
            shrink(self.image, 640),
            self.previews,
            self.plans,
            propose=propose,
            rerun=self.rerun,
            accept=self.accept,
            max_revisions=max_revisions,
        )


def test_it_pulls_back_the_step_that_clips_the_highlights_and_says_why():
    job = Job(
        bright_photo(),
        [[{"op": "hue", "params": {"value": 8.0}}, {"op": "contrast", "params": {"value": 1.5}}]],
    )
    [out] = job.guard(max_revisions=1)
    [it] = out.revisions
    assert it["verdict"] == "revised" and it["iteration"] == 1
    [edit] = it["edits"]
    assert (edit["type"], edit["op"], edit["param"], edit["from"], edit["value"]) == (
        "tune_param",
        "contrast",
        "value",
        1.5,
        1.35,  # sized on the source's pixels: less than half of the plan's intent had to go
    )
    assert edit["reason"] == "to keep the highlights"
    assert it["before"]["highlights_new"] > 0.5 and it["after"]["score"] < it["before"]["score"]
    assert out.operations[1]["params"]["value"] == 1.35 and out.report.ok
    assert job.reruns == [(0, 1)]  # only from the first changed step
    assert [vi for vi, _ in job.accepted] == [0]


def test_it_stops_after_max_revisions_with_the_last_report():
    # Grain keeps the pixel sample from explaining the clipping, so the pulls are the fixed shares: slow steps.
    plan = [{"op": "brightness", "params": {"value": 2.2}}, {"op": "grain", "params": {"amount": 0.6}}]
    job = Job(bright_photo(), [plan])
    [out] = job.guard(max_revisions=1)
    [it] = out.revisions
    assert it["verdict"] == "revised" and [e["value"] for e in it["edits"]] == [1.3, 0.15]  # clipping a lot: 3/4
    assert not out.report.ok and out.report.figures == it["after"]  # it still clips, yet it stops with this report
    assert len(job.reruns) == 1
    [out] = job.guard(max_revisions=2)
    assert [it["verdict"] for it in out.revisions] == ["revised", "revised"] and out.report.ok
    assert [e["value"] for it in out.revisions for e in it["edits"]] == [1.3, 0.15, 1.07, 0.04]
    assert len(job.reruns) == 3  # one, then two
    assert job.guard(max_revisions=0)[0].revisions == []  # 0: measure only


def test_it_sizes_a_clipping_pull_on_the_source_pixels_so_one_revision_is_enough():
    job = Job(bright_photo(), [[{"op": "brightness", "params": {"value": 2.2}}]])
    [out] = job.guard(max_revisions=2)
    [it] = out.revisions  # fixed shares took two: 2.2 -> 1.3 -> 1.07
    assert it["verdict"] == "revised" and [e["value"] for e in it["edits"]] == [1.12]
    assert it["before"]["highlights_new"] > 90 and it["after"]["highlights_new"] <= 0.25 and out.report.ok


def brown_photo(w=400, h=300, seed=5):
    """A warm brown photo whose blue channel sits just above black (scikit-image's "coffee" is like it)."""
    rng = np.random.default_rng(seed)
    y, x = np.mgrid[0:h, 0:w] / max(w, h)
    red = 120 + 45 * np.sin(9 * x) * np.cos(6 * y) + rng.normal(0, 4, (h, w))
    return Image.fromarray(np.clip(np.stack([red, red * 0.55, 14 + 0.06 * red], -1), 0, 255).round().astype(np.uint8))


def test_it_keeps_a_step_that_does_not_clip_whole_while_pulling_the_ones_that_do():
    # "warmer and punchier": the contrast and colour crush the blue channel, the warming alone does not
    plan = [
        {"op": "saturation", "params": {"value": 1.3}},
        {"op": "temperature", "params": {"warm": True, "strength": 0.4}},
        {"op": "contrast", "params": {"value": 1.18}},
    ]
    job = Job(brown_photo(), [plan])
    [out] = job.guard(max_revisions=2)
    [it] = out.revisions
    assert it["before"]["shadows_new"] > 50 and out.report.ok
    assert {(e["op"], e["value"]) for e in it["edits"]} == {("contrast", 1.07), ("saturation", 1.12)}
    assert out.operations[1]["params"]["strength"] == 0.4  # one share for every culprit took it to 0.16


def test_it_gives_back_the_fixed_share_without_a_sample():
    job = Job(bright_photo(), [[{"op": "brightness", "params": {"value": 2.2}}]])
    report = verify(0, Look(job.previews[0]), job.plans[0], clipping(shrink(job.image, 640)))
    assert [e.value for e in rule_edits(report, job.plans[0])] == [1.3]


def test_it_never_makes_a_variation_worse_by_its_own_measure():
    plan = [{"op": "brightness", "params": {"value": 1.15}}, {"op": "contrast", "params": {"value": 1.2}}]
    job = Job(bright_photo(), [plan])

    def harmful(report, operations):
        return [{"type": "tune_param", "op_index": 0, "param": "value", "value": 1.6, "reason": "brighter!"}]

    [out] = job.guard(propose=harmful)
    [it] = out.revisions
    assert it["verdict"] == "kept" and it["after"]["score"] >= it["before"]["score"]
    assert out.operations == plan and job.accepted == []  # the original stays, nothing was streamed
    assert out.report.figures == it["before"]


def test_it_parts_a_near_duplicate_of_a_bright_photo_without_clipping_it_or_darkening_it_much():
    photo = bright_photo()  # its top end near 235: a firmer or brighter step soon burns it
    plans = [
        [{"op": "saturation", "params": {"value": 0.9}}],
        [{"op": "saturation", "params": {"value": 0.91}}],
    ]
    job = Job(photo, plans)
    first, second = job.guard()
    assert first.revisions == [] and first.report.ok
    assert second.revisions and all(it["verdict"] == "revised" for it in second.revisions)
    assert "almost the same picture as variation 1" in second.revisions[0]["issues"][0]
    for it in second.revisions:
        assert it["edits"] and {e["reason"] for e in it["edits"]} == {"to tell it apart from variation 1"}
        after = it["after"]
        assert max(after["highlights_new"], after["shadows_new"], after["saturation_new"]) <= 0.5
        assert after["nearest_ssim"] < it["before"]["nearest_ssim"]
    final = execute.rerun_variation(photo, second.operations, 0, 1).image
    assert _brightness(final) >= 0.85 * _brightness(photo) - 1  # its brightness left alone: a little darker at most


def _brightness(image) -> float:
    return float(np.asarray(image.convert("L"), dtype=np.float64).mean())


def test_it_pushes_a_punchier_near_duplicate_further_up_in_one_revision():
    job = Job(soft_photo(), [punchier(1.2), punchier(1.22)])
    first, second = job.guard()
    assert first.report.ok
    [it] = second.revisions
    [edit] = it["edits"]
    step = edit["op"] if edit["type"] == "add_op" else {"op": edit["op"], "params": {"value": edit["value"]}}
    assert step["op"] == "contrast" and step["params"]["value"] > 1.0  # its intent kept: punchier still
    assert it["verdict"] == "revised" and second.report.ok and second.report.figures["nearest_ssim"] < 0.97
    after = it["after"]
    assert max(after["highlights_new"], after["shadows_new"], after["saturation_new"]) <= 0.5


def test_it_softens_a_punchier_near_duplicate_without_a_measured_step_only_when_firmer_would_clip():
    photo = bright_photo()
    job = Job(photo, [punchier(1.05), punchier(1.06)])
    looks = [Look(p) for p in job.previews]
    report = verify(1, looks[1], job.plans[1], clipping(shrink(photo, 640)), {0: looks[0]})  # no step measured
    [issue] = [i for i in report.issues if i.kind == "near_duplicate"]
    assert issue.apart is None
    firmer = ops.contrast(job.previews[1], value=min(2.0, issue.headroom + 0.15))
    extra = clipping(firmer)
    assert max(extra.highlights, extra.shadows) > max(clipping(job.previews[1]).highlights, 0.0) + 0.25
    [edit] = rule_edits(report, job.plans[1])
    assert edit.param == "value" and edit.value < 1.06
    [out] = [o for o in job.guard(max_revisions=1) if o.variation == 1]
    [it] = out.revisions  # the guard sizes its steps on the picture: firmer only as far as nothing clips
    after = it["after"]
    assert it["verdict"] == "revised" and max(after["highlights_new"], after["shadows_new"]) <= 0.5


def test_it_sizes_no_edits_for_a_report_no_revision_can_follow():
    job = Job(bright_photo(), [punchier(1.05), punchier(1.06)])
    _first, second = job.guard(max_revisions=0)
    [issue] = [i for i in second.report.issues if i.kind == "near_duplicate"]
    assert second.report.edits == [] and issue.headroom is None and issue.windows is None
    assert second.report.score > 1.0 and second.report.figures["nearest_ssim"] > 0.97  # still measured and scored


def test_it_measures_the_contrast_headroom_from_the_histogram():
    for photo in (bright_photo(), soft_photo()):
        preview = shrink(photo, 640)
        source = clipping(preview)
        room = headroom(preview, source, source)
        stretched = clipping(ops.contrast(preview, value=room))
        assert stretched.highlights - source.highlights <= 0.25 and stretched.shadows - source.shadows <= 0.25
    assert headroom(soft_photo(), clipping(soft_photo()), clipping(soft_photo())) > 1.5
    assert headroom(bright_photo(), clipping(bright_photo()), clipping(bright_photo())) < 1.5


def test_it_measures_but_does_not_revise_a_generative_variation():
    source = clipping(bright_photo())
    report = verify(0, Look(bright_photo()), [{"op": "brightness", "params": {"value": 3.0}}], source)
    assert not report.ok
    plan = [{"op": "aiEdit", "params": {"prompt": "remove the car"}}, {"op": "brightness", "params": {"value": 3.0}}]
    assert rule_edits(report, plan) == []


def test_it_removes_a_step_that_would_be_left_with_almost_nothing():
    plan = [
        {"op": "sharpen", "params": {"amount": 0.04, "radius": 1.0}},
        {"op": "brightness", "params": {"value": 1.04}},
    ]
    report = verify(0, Look(bright_photo()), plan, clipping(bright_photo()))
    report.issues.append(report.issues[0] if report.issues else _highlights())
    edits = rule_edits(report, plan)
    assert [(e.type, e.op_index) for e in edits] == [("remove_op", 1), ("tune_param", 0)]  # hardest push first


def _highlights():
    from imagelab.core.verify import Issue

    return Issue(kind="highlights", amount=2.0, detail="2% more burnt")


@pytest.mark.parametrize("kind", ["shadows", "saturation"])
def test_it_finds_the_step_that_pushes_towards_the_clipping(kind):
    from imagelab.core.guard_rules import culprit

    plan = [
        {"op": "levels", "params": {"black": 80, "white": 255, "gamma": 1.0}},
        {"op": "saturation", "params": {"value": 1.8}},
        {"op": "vignette", "params": {"strength": 0.2}},
    ]
    assert culprit(kind, plan) == (
        {"shadows": 0, "saturation": 1}[kind],
        {"shadows": "black", "saturation": "value"}[kind],
    )


def test_it_guards_a_variation_of_another_size_alongside_with_the_same_outcome_as_alone():
    crop = {"op": "crop", "params": {"x": 0, "y": 0, "width": 300, "height": 200}}
    twins = [punchier(1.05), punchier(1.06)]
    cropped = [crop, {"op": "contrast", "params": {"value": 1.5}}]  # clips: revised on its own thread
    together = Job(bright_photo(), [twins[0], cropped, twins[1]]).guard()
    assert [o.variation for o in together] == [0, 1, 2]
    alone = Job(bright_photo(), twins).guard() + Job(bright_photo(), [cropped]).guard()

    def log(o):
        return {k: v for k, v in o.as_log().items() if k != "variation"}

    assert [log(o) for o in together] == [log(alone[0]), log(alone[2]), log(alone[1])]
    assert together[1].revisions and together[2].revisions  # both chains revised something


def test_it_tells_a_twin_apart_in_the_same_revision_as_a_clipping_pull_on_its_contrast():
    operations = [{"op": "contrast", "params": {"value": 1.2}}, {"op": "saturation", "params": {"value": 1.5}}]
    issues = [
        Issue(kind="saturation", amount=1.3, detail="1.3% more pixels clipped colours than the source"),
        Issue(kind="near_duplicate", amount=0.995, other=0, spread=[1.0], headroom=1.0, detail="almost the same"),
    ]
    report = Report(variation=1, ok=False, score=3.8, figures={}, issues=issues)
    edits = rule_edits(report, operations)
    pulled = [e for e in edits if e.reason == "to keep colours from clipping"]
    assert {e.op_index for e in pulled} == {0, 1}  # the contrast step is the clipping pull's ...
    [apart] = [e for e in edits if e.reason == "to tell it apart from variation 1"]
    assert isinstance(apart, AddOp) and apart.index == 2  # ... so the twin's contrast is added after it
    assert apart.op.op == "contrast" and apart.op.params.value < 1.0


def test_it_corrects_the_samples_figure_in_proportion_when_it_missed_part_of_a_large_clipping():
    from imagelab.core.guard_rules import pull_shares
    from imagelab.core.simulate import PixelSample

    photo = shrink(bright_photo(), 640)
    plan = [{"op": "brightness", "params": {"value": 1.25}}]
    sample = PixelSample(photo, working_size=photo.size)
    predicted = sample.new(plan)["highlights"]
    assert predicted > 5
    # the preview measured 0.6 points more than the sample: carried over whole, no pull (not even removing the
    # step) could clear the half-point margin, and the fixed three-quarter pull was taken instead
    shares = pull_shares([Issue(kind="highlights", amount=predicted + 0.6, detail="")], plan, sample)
    assert shares is not None and 0 < shares[(0, "value")] < 1.0


def test_it_goes_on_from_a_pull_that_left_a_twin_and_keeps_the_two_together_only_if_better():
    s, c = ("saturation", "contrast")
    plans = [
        [
            _o(s, value=0.855),
            _o(c, value=1.13),
            _o("levels", black=6, white=250, gamma=1.0),
            _o("brightness", value=0.82),
        ],
        [
            _o(s, value=0.915),
            _o("temperature", warm=True, strength=0.12),
            _o(c, value=1.183),
            _o("brightness", value=0.75),
            _o("tint", color="#F2B35B", strength=0.07),
            _o("vignette", strength=0.18),
        ],
        [
            _o(s, value=0.865),
            _o(c, value=1.14),
            _o("levels", black=14, white=255, gamma=1.0),
            _o("brightness", value=0.8),
        ],
    ]
    job = Job(eval_photo("dark"), plans)
    out = job.guard(max_revisions=2)[2]
    pulled, both = out.revisions  # the pull kept the shadows but made it a twin of the first: it went on
    assert pulled["verdict"] == "continued" and pulled["after"]["shadows_new"] <= 0.5
    assert pulled["after"]["score"] >= pulled["before"]["score"]
    assert both["verdict"] == "revised" and out.report.ok
    assert [vi for vi, _ in job.accepted].count(2) == 1  # streamed once, with both revisions' steps
    assert job.guard(max_revisions=1)[2].revisions[0]["verdict"] == "kept"  # no revision left to go on with


def _o(op: str, **params) -> dict:
    return {"op": op, "params": params}
