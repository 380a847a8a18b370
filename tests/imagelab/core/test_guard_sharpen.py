"""A closing sharpen that clips is sized on the picture it sharpens: one revision, and none left clipping."""

import numpy as np
from PIL import Image, ImageDraw, ImageFilter

from imagelab.core import arrays, guard_sharpen
from imagelab.core.guard import run_guard
from imagelab.core.staged import Staged, run_guarded
from imagelab.core.verify import Issue, clipping
from tests.imagelab.core.test_guard import bright_photo


def edged_photo(w=480, h=320, seed=6):
    """Mid-grey texture with near-black shapes on it: an unsharp mask's halo crushes their edges to 0."""
    rng = np.random.default_rng(seed)
    grey = 140 + 25 * np.sin(np.mgrid[0:h, 0:w][1] / 17) + rng.normal(0, 3, (h, w))
    im = Image.fromarray(np.clip(np.stack([grey + 5, grey, grey - 5], -1), 0, 255).round().astype(np.uint8))
    d = ImageDraw.Draw(im)
    for x0 in range(20, w - 60, 70):
        d.rectangle([x0, 60, x0 + 40, h - 60], fill=(14, 12, 10))
    return im.filter(ImageFilter.GaussianBlur(1.0))


def guarded(image, plan, max_revisions=2):
    def guard(source_preview, previews, **hooks):
        return run_guard(source_preview, previews, [plan], max_revisions=max_revisions, **hooks)

    return run_guarded(image, [plan], guard, keep_images=False).outcomes[0]


def test_it_sizes_a_clipping_sharpen_on_its_picture_keeping_more_of_it_in_one_revision():
    crop = {"op": "crop", "params": {"x": 10, "y": 40, "width": 200, "height": 200}}
    out = guarded(edged_photo(), [crop, {"op": "sharpen", "params": {"amount": 1.5, "radius": 1.2}}])
    [it] = out.revisions
    assert it["before"]["shadows_new"] > 0.5 and it["verdict"] == "revised" and out.report.ok
    [edit] = it["edits"]
    assert (edit["op"], edit["param"], edit["reason"]) == ("sharpen", "amount", "to keep the shadows")
    assert edit["value"] > 0.75  # a fixed half of it (the pull without its picture) left 0.75


def test_it_pulls_only_the_sharpen_when_the_steps_before_it_do_not_clip():
    saturation = {"op": "saturation", "params": {"value": 1.1}}
    out = guarded(edged_photo(), [saturation, {"op": "sharpen", "params": {"amount": 1.2, "radius": 1.5}}])
    [it] = out.revisions
    assert [(e["op"], e["param"]) for e in it["edits"]] == [("sharpen", "amount")] and out.report.ok
    assert out.operations[0] == saturation  # one share for every culprit took it to 1.05


def test_it_sizes_it_exactly_as_the_executor_sharpens():
    image = edged_photo()
    plan = [{"op": "contrast", "params": {"value": 1.02}}, {"op": "sharpen", "params": {"amount": 2.0, "radius": 2.0}}]
    staged = Staged(image, [plan])
    [track] = staged.previews(None)
    picture, scale = track.before(1)
    blurred = arrays.unsharp_base(arrays.to_array(picture), radius=2.0 * scale)
    assert np.array_equal(arrays.unsharp(arrays.to_array(picture), blurred, 2.0), arrays.to_array(track.preview))
    source = clipping(staged.source_preview)
    issue = Issue(kind="shadows", amount=5.0, detail="")
    [edit] = guard_sharpen.sharpen_pull([issue], plan, track.before, source)
    assert edit.op_index == 1 and edit.value < 2.0


def test_it_leaves_the_sharpen_to_the_usual_pulls_when_the_steps_before_it_clip_too():
    image = edged_photo()
    plan = [{"op": "contrast", "params": {"value": 1.8}}, {"op": "sharpen", "params": {"amount": 2.0, "radius": 2.0}}]
    staged = Staged(image, [plan])
    [track] = staged.previews(None)
    issue = Issue(kind="shadows", amount=30.0, detail="")
    assert guard_sharpen.sharpen_pull([issue], plan, track.before, clipping(staged.source_preview)) is None
    not_last = list(reversed(plan))
    assert guard_sharpen.sharpen_pull([issue], not_last, track.before, clipping(staged.source_preview)) is None


def test_it_pulls_the_steps_before_it_on_the_sample_when_they_clip_too():
    brighter = {"op": "brightness", "params": {"value": 1.2}}
    out = guarded(bright_photo(), [brighter, {"op": "sharpen", "params": {"amount": 1.5, "radius": 1.2}}])
    [it] = out.revisions
    assert it["before"]["highlights_new"] > 0.5 and out.report.ok
    edits = {e["op"]: e for e in it["edits"]}
    assert set(edits) == {"brightness", "sharpen"} and edits["brightness"]["reason"] == "to keep the highlights"
    # sized on what the picture it sharpens clips: the fixed pull of both (the sample blind to the sharpen) left 1.05
    assert 1.1 < edits["brightness"]["value"] < 1.2 and edits["sharpen"]["value"] < 1.5
