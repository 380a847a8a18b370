"""Whether an edit improved the photo, no fault named: a comparison with the source, its changes and a plain
verdict (imagelab.rules.iqa_improvement, imagelab.rules.iqa_words.IMPROVEMENT)."""

import pytest

from imagelab.core import iqa
from imagelab.rules import iqa as rules_iqa
from imagelab.rules import iqa_improvement

BEFORE = {
    "blur_effect": 0.49,
    "noise_sigma": 6.8,
    "highlights_clipped": 0.4,
    "shadows_clipped": 0.6,
    "contrast_spread": 150.0,
    "colourfulness": 40.0,
    "blockiness": 1.0,
    "colour_cast": 5.0,
}


def plan_of(text):
    return iqa.complete(rules_iqa.read_question(text, has_reference=True), has_reference=True)


@pytest.mark.parametrize(
    ("text", "number"),
    [
        ("is it better than the original?", None),
        ("did the edit improve it?", None),
        ("is 2 an improvement?", 2),
        ("was the edit an improvement?", None),
        ("has the edit made it better or worse?", None),
        ("is #3 an upgrade?", 3),
        ("is it better now?", None),
        ("is number 4 worse?", 4),
        ("did my edit wreck it?", None),
    ],
)
def test_it_reads_whether_an_edit_improved_it_as_a_comparison_with_nothing_named(text, number):
    plan = plan_of(text)
    assert rules_iqa.is_quality_question(text) and plan.reference_mode == "Full-Reference"
    assert plan.distortion_names() == [] and iqa_improvement.asks(text, plan)
    assert rules_iqa.variation_number(text) == number


@pytest.mark.parametrize("text", ["is it better to crop it?", "can you improve it?", "make it better"])
def test_advice_and_orders_to_improve_it_are_no_comparison(text):
    assert not rules_iqa.is_quality_question(text)


def test_two_variations_compared_stay_a_ranking_not_a_comparison_with_the_source():
    assert plan_of("is 2 better than 3?").reference_mode == "No-Reference" and rules_iqa.ranks("is 2 better than 3?")


def test_a_fault_named_is_answered_as_that_fault_not_as_an_improvement():
    text = "is the noise better than the original?"
    assert not iqa_improvement.asks(text, plan_of(text))


def test_it_says_each_change_and_which_got_better_or_worse():
    now = BEFORE | {"blur_effect": 0.40, "noise_sigma": 1.7, "highlights_clipped": 3.0, "colourfulness": 48.0}
    text = iqa_improvement.answer(now, BEFORE, "its source image", "is 2 an improvement?")
    assert text.startswith(
        "Next to its source image, it is sharper (blur effect 0.40 against 0.49), cleaner (noise σ 1.7 against 6.8), "
        "more clipped (3.6% burnt or crushed in some channel against 1.0%) and more colourful (colourfulness 48.0 against "
        "40.0). About the same as its source image: contrast (tonal range 150 against 150)."
    )
    assert "Mixed: by the figures it is better on sharpness and noise but worse on exposure." in text


@pytest.mark.parametrize(
    ("question", "lead"),
    [("is it better than the original?", "Yes"), ("did my edit wreck it?", "No"), ("better or worse?", "Yes")],
)
def test_the_verdict_answers_the_question_the_way_it_was_asked(question, lead):
    now = BEFORE | {"blur_effect": 0.40}
    assert f"{lead}: by the figures it is an improvement — better on sharpness, worse on nothing." in (
        iqa_improvement.answer(now, BEFORE, "the original", question)
    )


def test_a_worse_photo_is_said_worse_and_an_unchanged_one_the_same():
    worse = iqa_improvement.answer(BEFORE | {"noise_sigma": 9.0}, BEFORE, "the original", "is it better?")
    assert "No: by the figures it is worse on noise, better on nothing." in worse
    same = iqa_improvement.answer(BEFORE, BEFORE, "the original", "is it better?")
    assert "about the same: nothing measured got clearly better or worse" in same


@pytest.mark.parametrize(
    ("text", "number"),
    [
        ("did i make it better?", None),
        ("was the edit worth it?", None),
        ("honestly did the edit help?", None),
        ("any improvement in 3?", 3),
    ],
)
def test_it_reads_whether_it_helped_in_other_words(text, number):
    plan = plan_of(text)
    assert rules_iqa.is_quality_question(text) and iqa_improvement.asks(text, plan)
    assert rules_iqa.variation_number(text) == number


@pytest.mark.parametrize("text", ["can you help?", "help me make it better"])
def test_asking_for_help_is_no_comparison(text):
    assert not rules_iqa.is_quality_question(text)


def test_a_bare_improvement_and_a_number_after_i_think_are_read():
    assert iqa_improvement.asks("improvement or not?", plan_of("improvement or not?"))
    assert rules_iqa.variation_number("do you think 3 is an improvement on the original") == 3
