"""The picture's rim as a part ("are the edges of #5 soft?", "the corners") and a variation named by a bare number
after a thing in it ("the border of 4") or opening the question ("is 2 ...?") (imagelab.rules.iqa_regions,
imagelab.rules.iqa_variations)."""

import pytest

from imagelab.core import iqa
from imagelab.rules import iqa as rules_iqa
from imagelab.rules import iqa_regions


def plan_of(text):
    return iqa.complete(rules_iqa.read_question(text, has_reference=True), has_reference=True)


@pytest.mark.parametrize(
    ("text", "label", "number"),
    [
        ("are the edges of #5 soft?", "outer border", 5),
        ("is the border of 4 blurry?", "outer border", 4),
        ("is it noisy around the edges?", "outer border", None),
        ("are the outer edges of the third one dark?", "outer border", 3),
        ("is the periphery of variation 2 soft?", "outer border", 2),
        ("are the corners of number 2 soft?", "four corners", 2),
        ("are the corners soft on the photo?", "four corners", None),
    ],
)
def test_the_edges_border_and_corners_are_a_part_of_the_picture_on_the_variation_named(text, label, number):
    assert rules_iqa.is_quality_question(text) and plan_of(text).query_scope == "Global"
    assert iqa_regions.region(text)[0] == label and iqa_regions.several(iqa_regions.region(text)[1])
    assert rules_iqa.variation_number(text) == number


def test_the_edges_of_a_thing_are_the_things_not_the_pictures():
    assert iqa_regions.region("are the edges of the building sharp?") is None
    assert plan_of("are the edges of the building sharp?").query_scope == ["building"]


def test_a_named_corner_is_still_its_quarter_and_two_parts_are_still_compared():
    assert iqa_regions.region("is the top left corner soft?") == ("top-left quarter", (0.0, 0.0, 0.5, 0.5))
    assert iqa_regions.compared("are the edges softer than the centre?")[0][0] == "edges"


@pytest.mark.parametrize(
    ("text", "number"),
    [
        ("is the grass on 3 blurry?", 3),
        ("is 2 an improvement?", 2),
        ("is 3 noisy?", 3),
        ("rate the photo out of 5", None),
        ("on a scale of 1 to 10 is it sharp", None),
        ("is 2 stops too much?", None),
        ("is the sky in 2 places blown?", None),
    ],
)
def test_a_bare_number_is_a_variation_only_where_nothing_else_is_meant(text, number):
    assert rules_iqa.variation_number(text) == number


def test_two_bare_numbers_compared_stay_a_ranking_of_both():
    assert rules_iqa.variation_numbers("is 3 sharper than 4?") == [3, 4] and rules_iqa.ranks("is 3 sharper than 4?")


@pytest.mark.parametrize(
    ("text", "number"),
    [
        ("is the frame edge soft on number 1?", 1),
        ("are the sides of #3 noisy?", 3),
        ("does the outer part of 5 look soft?", 5),
    ],
)
def test_the_rim_in_other_words(text, number):
    assert iqa_regions.region(text)[0] == "outer border" and rules_iqa.variation_number(text) == number


@pytest.mark.parametrize(
    ("text", "number"), [("is the saturation too high on 5?", 5), ("colours on 3 look a bit off?", 3)]
)
def test_a_bare_number_ending_the_question_or_before_its_verb_is_a_variation(text, number):
    assert rules_iqa.variation_number(text) == number


def test_the_sides_of_a_thing_are_the_things():
    assert iqa_regions.region("are the sides of the building sharp?") is None


@pytest.mark.parametrize(
    ("text", "number"),
    [
        ("is the photo from 2 years ago blurry?", None),
        ("is the shot of 3 people blurry?", None),
        ("is the picture of 2 dogs noisy?", None),
        ("is 2 less noisy?", 2),
        ("the dog on 2 looks soft?", 2),
    ],
)
def test_a_count_of_things_is_no_variation(text, number):
    assert rules_iqa.variation_number(text) == number
