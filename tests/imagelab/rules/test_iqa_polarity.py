"""A yes/no question asked by a fault's good word ("is it sharp?") is answered the other way round."""

import pytest

from imagelab.rules import iqa_answer, iqa_polarity, iqa_rank_questions

FIGURES = {"blur_effect": 0.72, "mean_luminance": 120.0, "noise_sigma": 1.0}


@pytest.mark.parametrize(
    ("text", "good"),
    [
        ("is the dark red dress sharp?", {"blur"}),
        ("is it in focus?", {"blur"}),
        ("is the sky clean", {"noise"}),
        ("is it blurry?", set()),
        ("is it sharp or soft?", set()),
        ("isn't it sharp?", set()),
        ("is 3 sharper than 4?", set()),
    ],
)
def test_it_reads_which_faults_a_question_asks_by_their_good_word(text, good):
    assert iqa_polarity.asked_good(text) == good


def test_it_answers_a_soft_photo_asked_if_sharp_with_no():
    said = iqa_answer.sentence("blur", "yes", FIGURES, good=True)
    assert said == "Blur effect 0.72 (blurry from 0.50) — so no, it is soft"


def test_it_answers_a_clean_photo_asked_if_clean_with_yes():
    assert iqa_answer.sentence("noise", "no", FIGURES, good=True).endswith("so yes, it is clean")


@pytest.mark.parametrize(
    ("text", "lead"),
    [
        ("is #2 sharper than the original?", "No."),
        ("is number 2 softer than the original?", "Yes."),
        ("is it darker than the og", "No, about the same."),
        ("how much softer is it than the original?", ""),
    ],
)
def test_it_leads_one_image_set_against_its_source_with_yes_or_no(text, lead):
    before = {"blur_effect": 0.30, "mean_luminance": 121.0}
    said = iqa_rank_questions.answered_against_source(text, FIGURES, before, "ANSWER")
    assert said == (f"{lead} ANSWER" if lead else "ANSWER")


@pytest.mark.parametrize(
    ("text", "either"), [("is it sharp or soft?", True), ("noisy or clean?", True), ("is it sharp?", False)]
)
def test_it_reads_a_fault_offered_with_its_good_word_as_a_choice(text, either):
    assert iqa_polarity.either_or(text) is either


@pytest.mark.parametrize(
    ("text", "faults", "lead"),
    [
        ("is the blur worse than the original?", ["blur"], "Yes."),
        ("is the sharpness better than the original?", ["blur"], "No."),
        ("is the noise worse than the original?", ["noise"], "No, about the same."),
        ("is it better than the original?", [], ""),
    ],
)
def test_it_reads_worse_or_better_than_the_source_by_the_fault_asked(text, faults, lead):
    before = {"blur_effect": 0.30, "noise_sigma": 0.9}
    said = iqa_rank_questions.answered_against_source(text, FIGURES, before, "ANSWER", faults)
    assert said == (f"{lead} ANSWER" if lead else "ANSWER")


@pytest.mark.parametrize(
    ("text", "asked"),
    [
        ("is it too contrasty?", True),
        ("is there too much contrast?", True),
        ("is the contrast too high?", True),
        ("is it flat?", False),
        ("is the contrast ok?", False),
    ],
)
def test_it_reads_too_much_contrast_as_the_opposite_of_flat(text, asked):
    assert iqa_polarity.too_contrasty(text) is asked


@pytest.mark.parametrize(
    ("text", "asked"),
    [
        ("is it ok to print?", True),
        ("is it good quality for a profile pic", True),
        ("does it look overprocessed?", True),
        ("any problems with it?", False),
        ("what's wrong with it?", False),
    ],
)
def test_it_reads_whether_the_photo_is_fine_as_a_whole(text, asked):
    assert iqa_polarity.asks_if_fine(text) is asked
