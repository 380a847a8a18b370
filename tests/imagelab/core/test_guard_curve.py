"""The guard keeps a plan's punch: a contrast step that crushes or burns so much that pulling it back would give up
most of its punch becomes a soft-shouldered curve of the same value (imagelab.core.guard_curve)."""

import numpy as np
from PIL import Image

from imagelab.core.guard import run_guard
from imagelab.core.guard_curve import soft_shoulders
from imagelab.core.simulate import PixelSample
from imagelab.core.staged import run_guarded
from imagelab.core.verify import Issue, clipping


def night_photo(w=480, h=320, seed=4):
    """Deep blacks, a few bright lights, most of the picture in the lower midtones."""
    rng = np.random.default_rng(seed)
    y, x = np.mgrid[0:h, 0:w]
    grey = 45 + 35 * np.sin(x / 17) * np.cos(y / 11) + 25 * (x / w) + rng.normal(0, 4, (h, w))
    grey[(x % 97 < 6) & (y % 61 < 6)] = 250  # lights
    rgb = np.stack([grey + 4, grey, grey - 8], -1)
    return Image.fromarray(np.clip(rgb, 0, 255).round().astype(np.uint8))


def guarded(image, plan):
    def guard(source_preview, previews, **hooks):
        return run_guard(source_preview, previews, [plan], max_revisions=2, **hooks)

    result = run_guarded(image, [plan], guard)
    return result.outcomes[0], result.execution.variations[0].final


def luma(picture):
    """Luminance of a picture or an RGB array, as floats."""
    image = picture if isinstance(picture, Image.Image) else Image.fromarray(np.asarray(picture, dtype=np.uint8))
    return np.asarray(image.convert("L"), float)


def grey_photo(sigma=42, seed=1):
    """Midtones spread wide: a firmer line clips a thin tail at both ends."""
    g = 128 + np.random.default_rng(seed).normal(0, sigma, (320, 480))
    return Image.fromarray(np.clip(np.stack([g, g, g], -1), 0, 255).round().astype(np.uint8))


def test_it_keeps_the_punch_a_pull_would_have_taken_out_as_a_curve():
    photo = night_photo()
    out, final = guarded(photo, [{"op": "contrast", "params": {"value": 1.6}}])
    [it] = out.revisions
    assert it["verdict"] == "revised" and it["before"]["shadows_new"] > 5
    assert [e["type"] for e in it["edits"]] == ["remove_op", "add_op"]
    assert out.operations == [{"op": "curve", "params": {"value": 1.6}}] and out.report.ok
    before, after = clipping(photo), clipping(Image.fromarray(final))
    assert after.shadows - before.shadows < 0.5 and after.highlights - before.highlights < 0.5
    src, got = luma(photo), luma(final)
    mids = (src > 60) & (src < 140)  # the S-curve's punch is around mid-grey, as contrast's: a pull left ~1.1 here
    assert got[mids].std() > 1.15 * src[mids].std()


def test_it_leaves_a_mild_overshoot_to_the_pull_that_says_what_it_changed():
    # 0.65 points burnt and crushed by contrast 1.3: giving back 60 % clears them ("contrast 1.3 -> 1.12")
    out, _final = guarded(grey_photo(sigma=40), [{"op": "contrast", "params": {"value": 1.3}}])
    [it] = out.revisions
    [edit] = it["edits"]
    assert edit["type"] == "tune_param" and edit["op"] == "contrast" and 1.0 < edit["value"] < 1.3
    assert out.operations[0]["op"] == "contrast" and out.report.ok


def test_it_does_not_swap_when_a_step_the_sample_cannot_see_is_in_the_plan():
    photo = night_photo()
    sample = PixelSample(photo)
    plan = [{"op": "contrast", "params": {"value": 1.6}}, {"op": "grain", "params": {"amount": 0.2}}]
    crushed = Issue(kind="shadows", amount=30.0, detail="")
    assert soft_shoulders([crushed], plan, sample) is None
    assert soft_shoulders([crushed], plan[:1], None) is None
    assert soft_shoulders([Issue(kind="saturation", amount=3.0, detail="")], plan[:1], sample) is None
