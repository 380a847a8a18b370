"""Clipping a later step hides: a step crushed or burnt a pixel, a later one took it off the end again."""

import numpy as np
from PIL import Image

from imagelab.core.simulate import PixelSample
from imagelab.core.verify import clipping
from tests.imagelab.core.test_guard import Job
from tests.imagelab.core.test_guard_sharpen import guarded
from tests.imagelab.core.test_simulate import ran
from tests.support.images import dark_photo

CRUSH_THEN_TINT = [
    {"op": "contrast", "params": {"value": 1.6}},  # a dark photo's shadows go to 0 ...
    {"op": "tint", "params": {"color": "#F2B35B", "strength": 0.1}},  # ... and the tint lifts them to one brown
]


def reddish(level: int, w=320, h=240) -> Image.Image:
    """A detailed photo with a strong red cast: brightening clips its red channel long before the others."""
    rng = np.random.default_rng(7)
    grey = np.clip(rng.normal(level, 12, (h, w)), 0, 255)
    return Image.fromarray(np.stack([np.clip(grey + 60, 0, 255), grey, grey * 0.8], axis=-1).astype(np.uint8))


def test_it_counts_shadows_a_step_crushed_though_a_closing_tint_lifted_them():
    image = dark_photo()
    real = clipping(ran(image, CRUSH_THEN_TINT)).shadows - clipping(image).shadows
    assert real < 0.5  # the picture shows no pixel at 0: every crushed one is the tint's brown now
    assert PixelSample(image, working_size=image.size).new(CRUSH_THEN_TINT)["shadows"] > 40


def test_it_counts_a_colour_mix_of_one_clipped_channel_as_no_clipping_but_of_all_three_as_clipping():
    grey = [{"op": "filter", "params": {"type": "grayscale"}}, {"op": "brightness", "params": {"value": 0.9}}]
    red_only = [{"op": "brightness", "params": {"value": 1.6}}, *grey]  # red clips, green and blue keep detail
    sample = PixelSample(reddish(120))
    assert sample.new(red_only)["highlights"] < 0.5
    every = [{"op": "brightness", "params": {"value": 3.0}}, *grey]  # every channel burnt: the grey is flat
    assert sample.new(every)["highlights"] > 20


def test_it_flags_a_crush_a_closing_tint_hides_and_revises_it():
    job = Job(dark_photo(), [CRUSH_THEN_TINT])
    [measured] = job.guard(max_revisions=0)
    [issue] = [i for i in measured.report.issues if i.kind == "shadows"]
    assert issue.amount > 40 and "lifted off it again by a later step" in issue.detail
    [out] = job.guard(max_revisions=2)
    assert out.revisions[0]["verdict"] == "revised"
    assert out.revisions[0]["edits"][0]["op"] == "contrast"  # the step that crushed, not the tint that hid it
    assert out.report.figures["shadows_new"] <= 0.5


def snow(w=400, h=300, seed=9) -> Image.Image:
    """A snow scene: nearly all of it in the top twenty levels, a little of it already at 255."""
    rng = np.random.default_rng(seed)
    y, x = np.mgrid[0:h, 0:w] / max(w, h)
    grey = 238 + 10 * np.sin(9 * x) * np.cos(6 * y) + rng.normal(0, 4, (h, w))
    return Image.fromarray(np.stack([np.clip(grey, 0, 255)] * 3, axis=-1).round().astype(np.uint8))


def test_it_pulls_the_step_that_burnt_and_not_a_closing_sharpen_when_a_darker_step_hid_it():
    plan = [
        {"op": "filter", "params": {"type": "grayscale"}},
        {"op": "contrast", "params": {"value": 1.15}},  # burns most of the snow ...
        {"op": "brightness", "params": {"value": 0.76}},  # ... which a darker step takes off 255
        {"op": "sharpen", "params": {"amount": 1.0, "radius": 1.2}},
    ]
    out = guarded(snow(), plan, max_revisions=1)  # the staged job: the sharpen is sized on its own picture
    edits = out.revisions[0]["edits"]
    assert any(e["op"] == "contrast" for e in edits), edits  # not the sharpen alone, taken for the culprit
    assert out.report.figures["highlights_new"] <= 0.5
