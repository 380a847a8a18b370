"""Quality questions from the held-out round of 2026-11-28 (afternoon): typos, other languages' "number", and two
parts of the picture compared by a property no fault word names (imagelab.rules.iqa, iqa_variations)."""

import pytest

from imagelab.core import iqa
from imagelab.rules import iqa as rules_iqa


def plan_of(text):
    return iqa.complete(rules_iqa.read_question(text, has_reference=True), has_reference=True)


@pytest.mark.parametrize(
    ("text", "number"),
    [("is numbr 3 too dark?", 3), ("is nr. 2 blurry?", 2), ("is nummer 4 noisy?", 4), ("numero 5 es oscura?", 5)],
)
def test_it_reads_the_variation_number_typed_short_or_in_other_languages(text, number):
    assert rules_iqa.variation_number(text) == number


def test_it_reads_which_misspelt_as_a_question():
    assert rules_iqa.is_quality_question("wich one is least blurry")
    assert plan_of("wich one is least blurry").distortion_names() == ["blur"]


@pytest.mark.parametrize("text", ["hows the sharpnes on the 3rd one", "is the sharpnes ok", "is the bluriness bad"])
def test_it_folds_a_misspelt_quality_noun_like_one_typed_right(text):
    assert rules_iqa.is_quality_question(text) and plan_of(text).distortion_names() == ["blur"]


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("is the right half brighter than the left half?", ["overexposure"]),
        ("is the top brighter than the bottom?", ["overexposure"]),
        ("is the left half warmer than the right?", ["colour_cast"]),
        ("is the centre more colourful than the edges?", []),
        ("is the left half better than the right?", []),
    ],
)
def test_it_reads_two_parts_compared_by_any_ranked_property_as_a_quality_question(text, names):
    assert rules_iqa.is_quality_question(text)
    assert plan_of(text).distortion_names() == names and plan_of(text).query_scope == "Global"


@pytest.mark.parametrize(
    "text",
    ["make the top as bright as the bottom", "brighten the top half", "make the left half warmer than the right"],
)
def test_it_keeps_an_order_about_two_parts_an_edit(text):
    assert not rules_iqa.is_quality_question(text)


def test_it_reads_which_after_a_lead_in_as_a_question():
    assert rules_iqa.is_quality_question("out of the five which has the most noise")
    assert plan_of("out of the five which has the most noise").distortion_names() == ["noise"]


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("la foto está borrosa?", ["blur"]),
        ("ist das bild unscharf?", ["blur"]),
        ("c'est flou?", ["blur"]),
        ("la foto es muy oscura?", ["underexposure"]),
        ("est-ce que la photo est surexposée?", ["overexposure"]),
        ("is it unsharp?", ["blur"]),
        ("is it noicy", ["noise"]),
    ],
)
def test_it_reads_the_main_faults_in_other_languages_and_short_typos(text, names):
    assert rules_iqa.is_quality_question(text) and plan_of(text).distortion_names() == names
    assert plan_of(text).query_scope == "Global"


@pytest.mark.parametrize(
    "text",
    [
        "rank them by sharpness",
        "order the variations from sharpest to softest",
        "sharpest to blurriest please",
        "sharpness check on all five",
    ],
)
def test_it_reads_a_ranking_said_as_an_order_or_a_span(text):
    assert rules_iqa.is_quality_question(text) and rules_iqa.ranks(text)
    assert plan_of(text).distortion_names() == ["blur"] and plan_of(text).query_scope == "Global"


def test_it_reads_what_a_ranking_said_as_an_order_ranks_by():
    assert rules_iqa.ranked_by("order them by warmth") == ["warmth"]


@pytest.mark.parametrize("text", ["sort out the white balance", "sort out the noise", "apply an unsharp mask"])
def test_it_keeps_sorting_out_a_fault_an_edit(text):
    assert not rules_iqa.is_quality_question(text)


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("is the brightness ok?", ["overexposure", "underexposure"]),
        ("is the mean brightness above 128?", ["overexposure", "underexposure"]),
        ("is the brightness too high?", ["overexposure"]),
        ("blur effect less than 0.3?", ["blur"]),
    ],
)
def test_it_reads_a_figure_named_by_its_name_as_a_quality_question(text, names):
    assert rules_iqa.is_quality_question(text) and plan_of(text).distortion_names() == names


@pytest.mark.parametrize("text", ["more brightness please", "blur the background", "make the ssim above 0.9"])
def test_it_keeps_an_order_naming_a_figure_an_edit(text):
    assert not rules_iqa.is_quality_question(text)


@pytest.mark.parametrize(
    ("text", "scope"),
    [
        ("is the bright red car sharp?", ["car"]),
        ("does the light green dress look washed out?", ["dress"]),
        ("is the red car sharp?", ["car"]),
        ("is the orange cast too strong?", "Global"),
    ],
)
def test_it_reads_the_thing_after_a_shade_and_its_hue_as_the_subject(text, scope):
    assert plan_of(text).query_scope == scope


@pytest.mark.parametrize("text", ["any of them overexposed?", "are any of the five blurry?", "is any variation noisy?"])
def test_it_measures_every_variation_when_asked_whether_any_is_faulty(text):
    assert rules_iqa.is_quality_question(text) and rules_iqa.ranks(text)


@pytest.mark.parametrize("text", ["is there any noise?", "are there any problems?"])
def test_it_measures_the_photo_alone_when_any_is_said_of_a_fault(text):
    assert rules_iqa.is_quality_question(text) and not rules_iqa.ranks(text)


@pytest.mark.parametrize(
    ("text", "scope", "number"),
    [
        ("is the 2nd one's sky banded?", ["sky"], 2),
        ("is number 2's sky blown?", ["sky"], 2),
        ("is #3's face soft?", ["face"], 3),
        ("is the sky still blue or is there a cast?", ["sky"], None),
    ],
)
def test_it_reads_the_thing_a_variation_owns_as_the_subject_of_that_variation(text, scope, number):
    assert plan_of(text).query_scope == scope and rules_iqa.variation_number(text) == number
