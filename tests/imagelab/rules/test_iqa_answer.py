"""The templated answer to a quality question (imagelab.rules.iqa_answer): verdicts, figures and comparisons."""

from imagelab.core import iqa
from imagelab.rules import iqa as rules_iqa
from imagelab.rules import iqa_answer

CHANGE = {"ssim": 0.92, "psnr": 17.3, "delta_e": 8.7}


def plan_of(text):
    return iqa.complete(rules_iqa.read_question(text, has_reference=True), has_reference=True)


def test_it_says_a_named_fault_against_the_originals_own_figure():
    figures = {"blur_effect": 0.40, "mean_luminance": 110.0, **CHANGE}
    text = rules_iqa.answer(
        plan_of("is it sharper than before?"),
        figures,
        {"blur": "no"},
        [],
        against="the original upload",
        before={"blur_effect": 0.50, "mean_luminance": 140.0},
    )
    assert "Next to the original upload, this is sharper (blur effect 0.40 against 0.50)." in text
    assert text.index("sharper (") < text.index("Against the original upload: SSIM")


def test_it_says_two_faults_and_a_figure_within_a_hair_as_about_the_same():
    figures = {"noise_sigma": 1.7, "bright_end": 240.0, "mean_luminance": 112.0, **CHANGE}
    text = rules_iqa.answer(
        plan_of("is number 3 noisier and darker than the upload?"),
        figures,
        {"noise": "no", "underexposure": "no"},
        [],
        against="its source image",
        before={"noise_sigma": 1.6, "bright_end": 250.0, "mean_luminance": 141.0},
    )
    assert "Next to its source image, this is about as noisy (noise σ 1.7 against 1.6) and darker (mean" in text


def test_it_leads_with_the_comparison_when_no_fault_is_named():
    figures = {"colour_cast": 18.1, "mean_luminance": 110.0, **CHANGE}
    text = rules_iqa.answer(
        plan_of("does it look worse than the upload?"),
        figures,
        {"colour_cast": "yes"},
        [],
        before={"colour_cast": 19.8},
    )
    assert text == (
        "Against the original: SSIM 0.920, PSNR 17.3 dB, mean colour difference ΔE 8.7 — a clearly visible change. "
        "Next to it, this is more neutral (colour cast 18.1 against 19.8). Problems found: colour cast."
    )


def test_it_answers_a_named_metric_with_the_comparison_and_what_was_found_only():
    figures = {"colour_cast": 18.1, "noise_sigma": 7.5, "mean_luminance": 110.0, **CHANGE}
    verdicts = {"colour_cast": "yes", "noise": "yes"}
    before = {"colour_cast": 19.8, "noise_sigma": 0.5}
    text = rules_iqa.answer(
        plan_of("whats the psnr of #1"), figures, verdicts, ["I measured variation 1."], before=before
    )
    assert text == (
        "I measured variation 1. Against the original: SSIM 0.920, PSNR 17.3 dB, mean colour difference ΔE 8.7 — "
        "a clearly visible change. Problems found: colour cast, noise."
    )


def test_it_says_no_comparison_without_the_references_figures():
    text = rules_iqa.answer(plan_of("is it blurry?"), {"blur_effect": 0.7, "mean_luminance": 99.0}, {"blur": "yes"}, [])
    assert "Next to" not in text and "Against" not in text


def test_it_ranks_variations_by_the_fault_asked_and_says_which_the_thresholds_call_faulty():
    per = {n: {"blur_effect": b, "sharpness": 1.0} for n, b in {1: 0.35, 2: 0.31, 3: 0.62}.items()}
    text, best = iqa_answer.ranking(plan_of("which one is sharpest?"), per)
    assert best == 2 and text.startswith(
        "Variation 2 is the sharpest and variation 3 the softest (blur effect: #1 0.35"
    )
    assert "By the thresholds #3 is soft." in text


def test_it_ranks_variations_by_their_closeness_to_the_source():
    per = {1: {"ssim": 0.91, "psnr": 20.0, "delta_e": 4.0}, 2: {"ssim": 0.97, "psnr": 30.0, "delta_e": 6.0}}
    text, best = iqa_answer.ranking(plan_of("which one is closest to the original colours?"), per)
    assert best == 1 and "(ΔE: #1 4.0; #2 6.0)" in text  # the colours asked about: ΔE, not SSIM


def test_it_says_two_variations_ranked_with_a_comparative():
    per = {2: {"mean_luminance": 120.0, "bright_end": 230.0}, 4: {"mean_luminance": 90.0, "bright_end": 200.0}}
    text, best = iqa_answer.ranking(plan_of("is the 2nd or the 4th darker?"), per)
    assert text.startswith("Variation 4 is darker than variation 2 (mean brightness: #2 120; #4 90).")


def test_it_answers_a_how_question_without_yes_or_no():
    figures = {"noise_sigma": 1.4, "mean_luminance": 100.0}
    assert rules_iqa.asks_how("how noisy is it?") and not rules_iqa.asks_how("is it noisy?")
    text = rules_iqa.answer(plan_of("how noisy is it?"), figures, {"noise": "no"}, [], polar=False)
    assert text == "Noise σ 1.4 (noisy from 4) — so it is clean."
    assert "so no, it is clean" in rules_iqa.answer(plan_of("is it noisy?"), figures, {"noise": "no"}, [])


def test_it_names_variations_tied_as_written_together():
    per = {n: {"noise_sigma": s} for n, s in {1: 1.1, 2: 0.81, 3: 0.79, 4: 0.9, 5: 1.6}.items()}
    text, _best = iqa_answer.ranking(plan_of("which one looks least noisy?"), per)
    assert text.startswith("Variations 2 and 3 are the cleanest and variation 5 the noisiest (noise σ: #1 1.1; #2 0.8")


def test_it_leads_a_comparison_with_the_source_with_the_comparison_not_a_yes_or_no_to_the_fault():
    figures = {"noise_sigma": 1.7, "mean_luminance": 110.0, **CHANGE}
    text = rules_iqa.answer(
        plan_of("is number 2 noisier than the original?"),
        figures,
        {"noise": "no"},
        [],
        against="its source image",
        before={"noise_sigma": 0.5},
    )
    assert text.startswith("Next to its source image, this is noisier (noise σ 1.7 against 0.5).")
    assert "Noise σ 1.7 (noisy from 4) — so it is clean." in text and "so no" not in text


def test_it_says_a_blank_frames_blur_cannot_be_judged():
    import numpy as np

    from imagelab.core import quality

    for level in (0, 255):
        figures = quality.measure(np.full((200, 300, 3), level, np.uint8))
        plan = plan_of("is it blurry?")
        text = iqa_answer.answer(plan, figures, quality.verdicts(figures, ["blur"]), [])
        assert "one flat tone" in text and "cannot be judged" in text
        assert "soft" not in text.replace("sharp or soft", "")
