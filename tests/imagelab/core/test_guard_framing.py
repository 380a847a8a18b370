"""The guard measures a cropped variation against the source as the crop frames it: the crop's own dark or bright
part is not clipping a step made, while what the steps clip inside the crop still is."""

import numpy as np
from PIL import Image

from imagelab.core.guard import run_guard
from imagelab.core.staged import run_guarded

CORNER = {"op": "crop", "params": {"x": 0, "y": 0, "width": 240, "height": 160}}


def corner_photo(w=480, h=320, seed=8):
    """A mid-dark texture with a black corner: 1 % of the photo, 4 % of its top-left quarter."""
    rng = np.random.default_rng(seed)
    y, x = np.mgrid[0:h, 0:w]
    grey = 70 + 30 * np.sin(x / 13) * np.cos(y / 9) + rng.normal(0, 3, (h, w))
    rgb = np.stack([grey + 6, grey, grey - 6], -1)
    rgb[:40, :40] = 0
    return Image.fromarray(np.clip(rgb, 0, 255).round().astype(np.uint8))


def guarded(image, plan):
    def guard(source_preview, previews, **hooks):
        return run_guard(source_preview, previews, [plan], max_revisions=2, **hooks)

    return run_guarded(image, [plan], guard, keep_images=False).outcomes[0]


def test_it_does_not_call_a_crops_own_black_corner_crushed_shadows():
    out = guarded(corner_photo(), [CORNER, {"op": "contrast", "params": {"value": 1.25}}])
    assert (
        out.report.ok and out.revisions == []
    )  # against the whole photo: 3 % more pixels at 0, "no edit could fix it"
    assert out.report.figures["shadows_new"] < 0.5


def test_it_still_pulls_what_the_steps_crush_inside_the_crop_in_one_revision():
    out = guarded(corner_photo(), [CORNER, {"op": "contrast", "params": {"value": 1.6}}])
    [it] = out.revisions
    assert it["before"]["shadows_new"] > 10 and out.report.ok
    [edit] = it["edits"]
    assert edit["op"] == "contrast" and 1.2 < edit["value"] < 1.6


def test_it_keeps_the_whole_sources_figures_when_the_framing_cuts_nothing():
    from imagelab.core import guard
    from imagelab.core.verify import Look, clipping

    look = Look(corner_photo())
    look.before = lambda step: (corner_photo().crop((0, 0, 240, 160)), 1.0)  # would differ, were it measured
    source = clipping(corner_photo())
    keep_all = [{"op": "resize", "params": {"width": 480, "height": 480, "fit": "contain"}}]
    assert guard.framed_source(look, keep_all + [{"op": "contrast", "params": {"value": 1.2}}], source) is source
    assert guard.framed_source(look, keep_all + [CORNER], source).shadows > source.shadows


def test_it_frames_the_source_through_a_flip_before_the_crop():
    w = corner_photo().size[0]
    flip = {"op": "flip", "params": {"direction": "horizontal"}}
    right = {"op": "crop", "params": {**CORNER["params"], "x": w - 240}}  # the black corner, mirrored into it
    out = guarded(corner_photo(), [flip, right, {"op": "contrast", "params": {"value": 1.25}}])
    assert out.report.ok and out.revisions == []
    assert out.report.figures["shadows_new"] < 0.5


def test_it_passes_a_plan_that_only_frames_the_photo_without_a_clipping_figure_of_its_own():
    # the black corner is 4 % of this crop's pixels, none of them a step's doing: a crop-only plan is the source
    # as framed, so its new clipping is zero by construction (and the source is not measured a second time)
    keep_all = {"op": "resize", "params": {"width": 480, "height": 480, "fit": "contain"}}
    out = guarded(corner_photo(), [keep_all, CORNER, {"op": "flip", "params": {"direction": "horizontal"}}])
    assert out.report.ok and out.revisions == []
    assert out.report.figures["shadows_new"] == 0 and out.report.figures["highlights_new"] == 0
