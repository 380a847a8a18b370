"""What a quality answer measures (imagelab.quality_turn.assess): a named part, an object at a position, and the
same part of the reference. No database: the plan and the images are given."""

import numpy as np
from PIL import Image
from skimage import data
from skimage.filters import gaussian

from imagelab import quality_turn
from imagelab.core import iqa, quality
from imagelab.rules import iqa as rules_iqa
from imagelab.rules import iqa_regions


def plan_of(text):
    return iqa.complete(rules_iqa.read_question(text, has_reference=True), has_reference=True)


def half_soft(side):
    """scikit-image's camera photo with the left or right half blurred (σ 4)."""
    grey = data.camera().astype(float)
    w = grey.shape[1] // 2
    cols = slice(0, w) if side == "left" else slice(w, None)
    grey[:, cols] = gaussian(grey[:, cols], sigma=4, preserve_range=True)
    return Image.fromarray(np.stack([grey] * 3, axis=-1).astype(np.uint8))


def ask(text, image, reference=None):
    return quality_turn.assess(
        plan_of(text), image, reference, {"label": "the photo", "note": ""}, region=iqa_regions.region(text)
    )


def test_it_measures_an_object_named_at_a_position_in_that_part_not_the_centre():
    result = ask("is the person on the left blurry?", half_soft("left"))
    assert result["quality"]["plan"]["query_scope"] == ["person"] and result["quality"]["verdicts"] == {"blur": "yes"}
    assert "so I measured the left half of the picture" in result["text"] and "centre" not in result["text"]


def test_it_compares_the_same_part_of_the_reference():
    image, reference = half_soft("right"), half_soft("left")
    result = ask("is the right side sharper than the original?", image, reference)
    right = quality.measure(reference.crop((256, 0, 512, 512)))  # the reference's right half: camera is 512 px
    assert f"against {right['blur_effect']:.2f})" in result["text"] and "softer (blur effect" in result["text"]


def test_it_reads_no_place_in_a_histograms_ends():
    assert iqa_regions.region("is the histogram clipped on the right side?") is None
    assert iqa_regions.region("is the sky at the top blown?") == ("top half", (0.0, 0.0, 1.0, 0.5))


def test_it_measures_the_background_around_the_centre_not_the_centre():
    rng = np.random.default_rng(3)
    grey = data.camera().astype(float)
    grey[:, :128] += rng.normal(0, 14, grey[:, :128].shape)  # only the left and right quarters are noisy
    grey[:, -128:] += rng.normal(0, 14, grey[:, -128:].shape)
    image = Image.fromarray(np.stack([np.clip(grey, 0, 255)] * 3, axis=-1).astype(np.uint8))
    result = ask("is the background noisy?", image)
    assert result["quality"]["plan"]["query_scope"] == ["background"] and result["quality"]["verdicts"] == {
        "noise": "yes"
    }
    assert "measured the left and right quarters of the picture" in result["text"]
    assert ask("is the dog noisy?", image)["quality"]["verdicts"] == {"noise": "no"}  # the dog: the clean centre


def test_it_says_yes_or_no_only_to_a_yes_or_no_question():
    image = half_soft("left")
    how = quality_turn.assess(plan_of("how sharp is it?"), image, None, polar=False)["text"]
    assert "so it is" in how and "so no" not in how and "so yes" not in how
    assert "so yes" in ask("is the left half blurry?", image)["text"]
