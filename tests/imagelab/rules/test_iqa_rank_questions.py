"""A yes or no asked of the variations ranked: "is 3 sharper than 4?", "is the ssim above 0.9 for all five?"."""

import pytest

from imagelab.rules import iqa, iqa_rank_questions, iqa_thresholds
from tests.support.iqa_eval import plan_of

PER = {
    n: {"blur_effect": b, "sharpness": s, "mean_luminance": m, "noise_sigma": 1.0, "ssim": q}
    for n, b, s, m, q in [
        (1, 0.30, 120.0, 110.0, 0.95),
        (2, 0.31, 90.0, 80.0, 0.88),
        (3, 0.25, 150.0, 120.0, 0.93),
        (4, 0.40, 60.0, 121.0, 0.91),
        (5, 0.33, 101.0, 140.0, 0.97),
    ]
}


@pytest.mark.parametrize(
    ("text", "lead"),
    [
        ("is 3 sharper than 4?", "Yes: variation 3 is sharper than variation 4."),
        ("is 4 sharper than 3?", "No: variation 4 is not sharper than variation 3."),
        ("is number 2 darker than number 5?", "Yes: variation 2 is darker than variation 5."),
        ("is #5 darker than #2", "No: variation 5 is not darker than variation 2."),
        ("is 3 brighter than 4?", "No, not noticeably: variation 3 is about as bright as variation 4."),
    ],
)
def test_it_answers_two_variations_compared_with_yes_or_no_first_named_against_second(text, lead):
    assert iqa_rank_questions.answered(text, PER, "RANKING") == f"{lead} RANKING"


@pytest.mark.parametrize("text", ["which is sharper, 3 or 4?", "is the cat's face sharper in 3 or 4?"])
def test_it_adds_no_yes_or_no_to_a_question_asking_which(text):
    assert iqa_rank_questions.answered(text, PER, "RANKING") == "RANKING"


def test_it_reads_a_comparative_typed_in_a_hurry():
    lead = iqa_rank_questions.answered("does the 4th look blurryer than the 3rd", PER, "RANKING")
    assert lead == "Yes: variation 4 is softer than variation 3. RANKING"


SOURCES = {n: {"blur_effect": 0.30, "noise_sigma": 1.0, "mean_luminance": 100.0} for n in PER}


@pytest.mark.parametrize(
    ("text", "summary"),
    [
        ("are all five sharper than the original?", "Yes for #3; no for #1, #2, #4 and #5."),
        ("are any of them blurrier than the original?", "Yes for #4 and #5; no for #1, #2 and #3."),
        ("are they all brighter than the og?", "Yes for #1, #3, #4 and #5; no for #2."),
    ],
)
def test_it_answers_each_variation_set_against_its_own_source(text, summary):
    lead = iqa_rank_questions.answered(text, PER, "RANKING", SOURCES)
    assert lead.startswith(summary) and "each against its source: #1 " in lead and lead.endswith(" RANKING")


def test_it_reads_two_bare_numbers_set_against_each_other_as_the_variations():
    assert iqa.variation_numbers("is 3 sharper than 4?") == [3, 4] and iqa.ranks("is 3 sharper than 4?")


@pytest.mark.parametrize(
    ("text", "summary", "first"),
    [
        ("is the ssim above 0.9 for all five?", "Yes for #1, #3, #4 and #5; no for #2.", "#1: SSIM 0.950"),
        ("are all of them sharper than 100?", "Yes for #1, #3 and #5; no for #2 and #4.", "#1: Sharpness 120"),
        ("are all five brighter than 50?", "Yes, all 5.", "#1: Mean brightness 110 — above 50, so yes."),
        ("is the ssim under 0.5 on all of them?", "No, none of the 5.", "#1: SSIM 0.950 — above 0.5, so no."),
    ],
)
def test_it_answers_a_threshold_in_a_ranking_for_each_variation(text, summary, first):
    lead = iqa_rank_questions.answered(text, PER, "RANKING")
    assert lead.startswith(summary) and first in lead
    assert all(f"#{n}: " in lead for n in PER) and lead.endswith(" RANKING")


@pytest.mark.parametrize(
    ("text", "figure", "op", "value"),
    [
        ("are all of them sharper than 100?", "sharpness", ">", 100.0),
        ("is it darker than 80", "mean_luminance", "<", 80.0),
        ("is it noisier than 2.5?", "noise_sigma", ">", 2.5),
    ],
)
def test_it_reads_a_comparative_against_a_number_as_a_threshold(text, figure, op, value):
    threshold = iqa_thresholds.asked(text)
    assert (threshold.figure, threshold.op, threshold.value) == (figure, op, value)


def test_it_reads_a_comparative_against_a_variation_number_as_no_threshold():
    assert iqa_thresholds.asked("is 3 sharper than 4?") is None


@pytest.mark.parametrize(
    ("text", "scope"),
    [
        ("is the dark red dress sharp?", ["dress"]),
        ("is the dark dress sharp?", ["dress"]),
        ("is her dark-haired friend blurry?", ["friend"]),
        ("is my dark jacket in focus?", ["jacket"]),
    ],
)
def test_it_reads_dark_describing_a_thing_as_its_colour_not_underexposure(text, scope):
    plan = plan_of(text)
    assert plan.distortion_names() == ["blur"] and plan.query_scope == scope


@pytest.mark.parametrize("text", ["is the dark red dress too dark?", "is it dark?", "is the darkest one noisy?"])
def test_it_still_reads_dark_said_of_the_exposure(text):
    assert "underexposure" in plan_of(text).distortion_names()


@pytest.mark.parametrize(
    ("text", "lead"),
    [
        ("is 3 sharper then 4", "Yes: variation 3 is sharper than variation 4."),
        ("is nr 4 sharper then nr 3?", "No: variation 4 is not sharper than variation 3."),
    ],
)
def test_it_reads_then_typed_for_than_between_two_variations(text, lead):
    assert iqa.variation_numbers(text)[:2] in ([3, 4], [4, 3])
    assert iqa_rank_questions.answered(text, PER, "RANKING") == f"{lead} RANKING"


def test_it_reads_then_typed_for_than_against_the_source():
    lead = iqa_rank_questions.answered("are all five darker then the original?", PER, "RANKING", SOURCES)
    assert lead.startswith("Yes for #2; no for #1, #3, #4 and #5.")


@pytest.mark.parametrize(
    ("text", "summary"),
    [
        ("did the edit add noise?", "No, none of the 5."),
        ("did the edit remove the blur?", "Yes for #3; no for #1, #2, #4 and #5."),
        ("has the edit added any blur?", "Yes for #4 and #5; no for #1, #2 and #3."),
    ],
)
def test_it_answers_what_the_edit_did_to_a_fault_against_each_source(text, summary):
    assert iqa_rank_questions.against_source(text)
    lead = iqa_rank_questions.answered(text, PER, "RANKING", SOURCES)
    assert lead.startswith(summary) and "each against its source: #1 " in lead and lead.endswith(" RANKING")


def test_it_answers_what_the_edit_did_to_one_variation_against_its_source():
    said = iqa_rank_questions.answered_against_source(
        "did the edit add noise?", {"noise_sigma": 2.0}, {"noise_sigma": 1.0}, "TEXT", ["noise"]
    )
    assert said == "Yes. TEXT"


@pytest.mark.parametrize("text", ["did the edit add noise and remove blur?", "which one has the least noise?"])
def test_it_sets_no_variation_against_its_source_when_the_change_is_not_one_way(text):
    assert not iqa_rank_questions.against_source(text)


def test_it_sets_each_variation_against_its_source_when_asked_how_much_the_edit_added():
    lead = iqa_rank_questions.answered("how much noise did the edit add?", PER, "RANKING", SOURCES)
    assert (
        lead == "Noise σ, each against its source: #1 1.0 vs 1.0, #2 1.0 vs 1.0, #3 1.0 vs 1.0, #4 1.0 vs 1.0, "
        "#5 1.0 vs 1.0. RANKING"
    )


def test_it_answers_whether_the_edit_made_it_softer_against_each_source():
    lead = iqa_rank_questions.answered("did the edit make it softer?", PER, "RANKING", SOURCES)
    assert lead.startswith("Yes for #4 and #5; no for #1, #2 and #3.") and "each against its source" in lead


def test_it_answers_whether_the_edit_removed_a_cast_against_each_source():
    per = {n: {"colour_cast": c} for n, c in [(1, 4.0), (2, 12.0)]}
    lead = iqa_rank_questions.answered(
        "did the edit fix the colour cast?", per, "R", {n: {"colour_cast": 12.0} for n in per}
    )
    assert lead.startswith("Yes for #1; no for #2.") and "colour cast, each against its source: #1 4.0 vs 12.0" in lead
