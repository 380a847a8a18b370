"""A number in a quality question ("is the ssim above 0.9?") is answered yes or no against the measured figure."""

import pytest

from imagelab.rules import iqa_thresholds

FIGURES = {
    "ssim": 0.934,
    "psnr": 31.2,
    "delta_e": 2.3,
    "sharpness": 85.2,
    "noise_sigma": 1.4,
    "blur_effect": 0.31,
    "mean_luminance": 120.0,
    "highlights_clipped": 0.4,
}


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("is the ssim above 0.9?", "SSIM 0.934 — above 0.9, so yes."),
        ("is the sharpness over 100?", "Sharpness 85 — below 100, so no."),
        ("is noise below 2?", "Noise σ 1.4 — below 2, so yes."),
        ("is the psnr at least 30 db?", "PSNR 31.2 dB — above 30, so yes."),
        ("is the ssim 0.95 or higher?", "SSIM 0.934 — below 0.95, so no."),
        ("is the peak signal to noise ratio over 40?", "PSNR 31.2 dB — below 40, so no."),
        ("is delta e under 3", "ΔE 2.3 — below 3, so yes."),
        ("is more than 5% clipped?", "Clipped highlights 0.4% — below 5%, so no."),
        ("is the brightness > 128?", "Mean brightness 120 — below 128, so no."),
        ("is the ssim above 0,9?", "SSIM 0.934 — above 0.9, so yes."),
    ],
)
def test_it_answers_a_number_in_the_question_with_yes_or_no_and_both_figures(text, said):
    assert iqa_thresholds.said(iqa_thresholds.asked(text), FIGURES) == said


@pytest.mark.parametrize(
    "text",
    [
        "is number 3 too dark?",
        "is the ssim good?",
        "is it sharper than 2 of the others?",
        "what's the psnr?",
        # a count of variations or a change, not a bound on a figure
        "is more than 2 of them blurry?",
        "is the 2nd more than 10% brighter than the original?",
        "is the exposure over by 2 stops?",
    ],
)
def test_it_reads_no_threshold_where_no_number_is_set_against_a_figure(text):
    assert iqa_thresholds.asked(text) is None


def test_it_says_when_the_figure_set_against_a_number_was_not_measured():
    said = iqa_thresholds.said(iqa_thresholds.asked("is the ssim above 0.9?"), {"sharpness": 80.0})
    assert said == "I have no SSIM measured to set against 0.9 (there is no original here to compare with)."


def test_it_leads_the_answer_with_the_threshold_and_leaves_others_alone():
    assert iqa_thresholds.answered("is noise below 2?", FIGURES, "Noise σ 1.4.").startswith("Noise σ 1.4 — below 2")
    assert iqa_thresholds.answered("is it noisy?", FIGURES, "Noise σ 1.4.") == "Noise σ 1.4."


@pytest.mark.parametrize(
    ("text", "figure", "op", "value"),
    [
        ("ssim > 0.8?", "ssim", ">", 0.8),
        ("is the noise sigma less than 3 on #2", "noise_sigma", "<", 3.0),
        ("is the psnr of version 3 higher than 35?", "psnr", ">", 35.0),
        ("is the sharpness score at least 150 in version 2?", "sharpness", ">=", 150.0),
    ],
)
def test_it_reads_the_bound_not_the_variation_number(text, figure, op, value):
    threshold = iqa_thresholds.asked(text)
    assert (threshold.figure, threshold.op, threshold.value) == (figure, op, value)


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("is the ssim between 0.8 and 0.9?", "SSIM 0.934 — above 0.8–0.9, so no."),
        ("is the ssim between 0.95 and 0.9?", "SSIM 0.934 — within 0.9–0.95, so yes."),
        ("is noise in the range 1 to 2?", "Noise σ 1.4 — within 1–2, so yes."),
    ],
)
def test_it_answers_a_range_in_the_question_with_yes_or_no(text, said):
    assert iqa_thresholds.said(iqa_thresholds.asked(text), FIGURES) == said


def test_it_reads_no_range_in_a_change_said_from_one_number_to_another():
    assert iqa_thresholds.asked("did the noise go from 2 to 5?") is None
