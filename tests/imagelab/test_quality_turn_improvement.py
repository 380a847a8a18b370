"""Whether an edit improved the photo ("is 2 an improvement?"): measured against its source, each change said and a
plain verdict, never a refusal (imagelab.quality_turn.assess)."""

import numpy as np
from PIL import Image, ImageEnhance
from skimage import data
from skimage.filters import gaussian

from imagelab import quality_turn
from imagelab.core import iqa
from imagelab.rules import iqa as rules_iqa

VARIATION = {"label": "variation 2", "note": "", "reference_label": "its source image"}


def plan_of(text):
    return iqa.complete(rules_iqa.read_question(text, has_reference=True), has_reference=True)


def pair():
    """(scikit-image's camera photo, the same blurred (σ 4) with noise (σ 4) added): a clean edit and its source."""
    clean = data.camera().astype(float)
    rng = np.random.default_rng(1)
    worse = np.clip(gaussian(clean, sigma=4, preserve_range=True) + rng.normal(0, 4, clean.shape), 0, 255)
    return [Image.fromarray(np.stack([a] * 3, axis=-1).astype(np.uint8)) for a in (clean, worse)]


def ask(text, image, reference):
    return quality_turn.assess(plan_of(text), image, reference, VARIATION, question=text)


def test_a_cleaner_sharper_edit_is_said_better_with_each_figure():
    clean, worse = pair()
    result = ask("is 2 an improvement?", clean, worse)
    text = result["text"]
    assert text.startswith("I measured variation 2 of the latest edit. Next to its source image, it is sharper (")
    assert "cleaner (noise σ 1.3 against 4.0)" in text
    assert (
        "Yes: by the figures it is an improvement — better on sharpness, noise and contrast, worse on nothing." in text
    )
    assert "SSIM" in text and "colourfulness" in result["quality"]["figures"]
    assert result["notes"][-1] in text  # a model writing the answer is given the comparison


def test_the_other_way_round_is_said_worse_and_answers_a_worse_question_yes():
    clean, worse = pair()
    text = ask("did the edit make it worse?", worse, clean)["text"]
    assert "softer (blur effect" in text and "noisier (noise σ" in text
    assert "Yes: by the figures it is worse on sharpness, noise and contrast, better on nothing." in text


def test_without_a_source_it_says_there_is_nothing_to_compare_with():
    clean, _worse = pair()
    result = quality_turn.assess(plan_of("is it better than the original?"), clean, None, question="is it better?")
    assert "There is no original to compare with" in result["text"] and "Next to" not in result["text"]


def test_colours_pushed_onto_the_gamuts_edge_count_against_an_edit():
    source = Image.fromarray(data.astronaut())
    text = ask("is 2 an improvement?", ImageEnhance.Color(source).enhance(2.0), source)["text"]
    assert "more oversaturated (saturation clipping 27.9% against 0.0%)" in text and text.count("No: by the figures")
