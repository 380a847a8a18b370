"""The picture's rim measured as a part ("are the edges of #5 soft?", "the corners"): its strips or corners, each
weighed by area, the same part of the reference when compared (imagelab.quality_turn.assess)."""

import numpy as np
from PIL import Image
from skimage import data
from skimage.filters import gaussian

from imagelab import quality_turn
from imagelab.core import iqa
from imagelab.rules import iqa as rules_iqa
from imagelab.rules import iqa_regions

VARIATION = {"label": "variation 5", "note": ""}


def plan_of(text):
    return iqa.complete(rules_iqa.read_question(text, has_reference=True), has_reference=True)


def soft_rim():
    """scikit-image's camera photo (512 px) blurred (σ 4) everywhere but its centre."""
    grey = data.camera().astype(float)
    out = gaussian(grey, sigma=4, preserve_range=True)
    out[128:384, 128:384] = grey[128:384, 128:384]
    return Image.fromarray(np.stack([out] * 3, axis=-1).astype(np.uint8))


def ask(text, image, reference=None):
    return quality_turn.assess(
        plan_of(text), image, reference, VARIATION, region=iqa_regions.region(text), question=text
    )


def test_it_measures_the_border_not_the_whole_picture():
    result = ask("are the edges of #5 soft?", soft_rim())
    assert result["quality"]["verdicts"] == {"blur": "yes"} and "so yes, it is soft" in result["text"]
    assert "I measured variation 5 of the latest edit." in result["text"]
    assert "I measured the outer border of the picture, the part you named." in result["text"]
    assert ask("is the centre soft?", soft_rim())["quality"]["verdicts"] == {"blur": "no"}


def test_it_measures_the_four_corners():
    result = ask("are the corners of number 5 soft?", soft_rim())
    assert result["quality"]["verdicts"] == {"blur": "yes"} and "the four corners of the picture" in result["text"]


def test_it_compares_the_border_with_the_same_border_of_the_reference():
    reference = Image.fromarray(np.stack([data.camera()] * 3, axis=-1))
    result = ask("are the edges of #5 softer than the original?", soft_rim(), reference)
    assert "Next to the original, this is softer (blur effect 0.8" in result["text"]
    assert "against 0.3" in result["text"]  # the reference's own border is sharp
