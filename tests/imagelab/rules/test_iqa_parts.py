"""Two parts of the picture compared ("is the left half noisier than the right?"): both measured, both cited, the
comparative answered yes or no. No database: the plan and the image are given."""

import numpy as np
import pytest
from PIL import Image
from skimage import data
from skimage.filters import gaussian

from imagelab.core import iqa, quality
from imagelab.rules import iqa as rules_iqa
from imagelab.rules import iqa_parts, iqa_regions


def ask(text, image):
    plan = iqa.complete(rules_iqa.read_question(text, has_reference=False), has_reference=False)
    return iqa_parts.assess(plan, image, iqa_regions.compared(text), text, polar=not rules_iqa.asks_how(text))


def camera(grey):
    return Image.fromarray(np.stack([np.clip(grey, 0, 255)] * 3, axis=-1).astype(np.uint8))


@pytest.fixture(scope="module")
def left_noisy():
    """scikit-image's camera photo (512 px) with noise (σ 10) added to its left half only."""
    grey = data.camera().astype(float)
    grey[:, :256] += np.random.default_rng(3).normal(0, 10, grey[:, :256].shape)
    return camera(grey)


def test_it_measures_both_halves_and_cites_both_figures(left_noisy):
    result = ask("is the left half noisier than the right?", left_noisy)
    left = quality.measure(left_noisy.crop((0, 0, 256, 512)))["noise_sigma"]
    right = quality.measure(left_noisy.crop((256, 0, 512, 512)))["noise_sigma"]
    assert f"the left half {left:.1f}, the right half {right:.1f}" in result["text"]
    assert "so yes, the left half is noisier than the right half" in result["text"]
    assert "only the left half is noisy" in result["text"]
    assert set(result["quality"]["parts"]) == {"left half", "right half"}


def test_it_answers_no_when_the_comparison_goes_the_other_way(left_noisy):
    result = ask("is the right side noisier than the left?", left_noisy)
    assert "so no, the right half is cleaner than the left half" in result["text"]


def test_it_names_the_one_that_is_when_asked_which(left_noisy):
    text = ask("which half is brighter, left or right?", left_noisy)["text"]
    assert "so the right half is brighter than the left half" in text and "yes" not in text and "no," not in text


def test_it_compares_the_centre_with_the_frame_around_it():
    grey = data.camera().astype(float)
    grey[128:384, 128:384] = gaussian(grey[128:384, 128:384], sigma=5, preserve_range=True)
    result = ask("is the centre softer than the edges?", camera(grey))
    assert "so yes, the centre is softer than the edges" in result["text"]
    assert "The edges are the picture's outer quarter, around its centre." in result["text"]


def test_it_compares_focus_noise_and_brightness_when_no_property_is_asked(left_noisy):
    text = ask("compare the left and right halves", left_noisy)["text"]
    assert "Blur effect:" in text and "Noise σ:" in text and "Mean brightness:" in text


def test_it_reads_the_property_from_the_first_comparative_said():
    plan = iqa.complete(rules_iqa.read_question("is the top darker?", has_reference=False), has_reference=False)
    assert iqa_parts.asked("is the top darker than the bottom?", plan) == [("overexposure", False)]
    assert iqa_parts.asked("is the top grainier than the bottom?", plan) == [("noise", True)]
    assert iqa_parts.asked("is the left side crisper than the right?", plan) == [("blur", False)]


def test_it_sets_a_subject_against_its_background_as_the_centre_against_the_frame():
    grey = data.camera().astype(float)
    grey[:128] = gaussian(grey[:128], sigma=4, preserve_range=True)  # a soft top and bottom: the frame's most
    grey[-128:] = gaussian(grey[-128:], sigma=4, preserve_range=True)
    text = ask("is the subject sharper than the background?", camera(grey))["text"]
    assert "I can't locate the subject or the background" in text and "The subject is the centre" in text
    assert "so yes, the subject is sharper than the background" in text


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("are the left and right equally noisy?", "so no, the left half is noisier than the right half"),
        ("is the noise the same on the left and right?", "so no, the left half is noisier than the right half"),
        ("is there a difference in noise between the left and right?", "so yes, the left half is noisier"),
        ("how does the left half compare with the right?", "so the left half is noisier than the right half"),
    ],
)
def test_it_answers_whether_two_parts_are_alike_or_differ(left_noisy, text, said):
    assert said in ask(text, left_noisy)["text"]


def test_it_reads_less_as_asking_for_the_lower_figure_and_blown_as_brighter():
    plan = iqa.complete(rules_iqa.read_question("is it noisy?", has_reference=False), has_reference=False)
    assert iqa_parts.asked("is the left half less noisy than the right?", plan) == [("noise", False)]
    assert iqa_parts.asked("is the top more blown out than the bottom?", plan) == [("overexposure", True)]


def test_it_measures_the_frame_of_a_one_pixel_photo_without_failing():
    figures = iqa_parts.measure(Image.new("RGB", (1, 1), (120, 90, 60)), None)
    assert figures["mean_luminance"] == pytest.approx(
        quality.measure(Image.new("RGB", (1, 1), (120, 90, 60)))["mean_luminance"]
    )


def test_it_says_whose_parts_it_measured(left_noisy):
    text = "is the left half of number 3 noisier than the right?"
    plan = iqa.complete(rules_iqa.read_question(text, has_reference=False), has_reference=False)
    result = iqa_parts.assess(plan, left_noisy, iqa_regions.compared(text), text, of="variation 3")
    assert result["text"].startswith("I measured the left half and the right half of variation 3, the parts you named.")
