"""A variation picked by a superlative and asked about, not a ranking (`iqa_picked`)."""

import pytest

from imagelab.rules import iqa, iqa_picked
from tests.support.iqa_eval import plan_of


@pytest.mark.parametrize(
    ("text", "word", "faults"),
    [
        ("are the highlights clipped on the brightest one?", "brightest", ["overexposure"]),
        ("is the sharpest one noisy?", "sharpest", ["noise"]),
        ("any noise in the warmest version?", "warmest", ["noise"]),
        ("does the most colourful one have a colour cast?", "most colourful", ["colour_cast"]),
        ("which is the brightest one?", None, ["overexposure"]),
        ("the brightest one?", None, ["overexposure"]),
        ("make the brightest one warmer", None, None),
    ],
)
def test_it_reads_the_superlative_that_picks_the_variation_asked_about(text, word, faults):
    assert iqa_picked.asked(text, iqa.distortions_named(iqa_picked.without(text))) == word
    if word:
        plan = plan_of(text)
        assert iqa_picked.narrowed(plan, faults).distortion_names() == faults
