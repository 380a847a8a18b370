"""Oversaturation asked of the photo, a variation, a thing or a hue: read from the question, measured by saturation
clipping and colourfulness (imagelab.rules.iqa_saturation)."""

import pytest
from PIL import Image, ImageEnhance
from skimage import data

from imagelab.core import iqa
from imagelab.rules import iqa as rules_iqa
from imagelab.rules import iqa_saturation


def plan_of(text):
    return iqa.complete(rules_iqa.read_question(text, has_reference=True), has_reference=True)


def astronaut(saturation=1.0):
    return ImageEnhance.Color(Image.fromarray(data.astronaut())).enhance(saturation)


@pytest.mark.parametrize(
    ("text", "scope", "number", "hue"),
    [
        ("is the grass on 3 oversaturated?", ["grass"], 3, None),
        ("are the reds in #2 too strong?", "Global", 2, "red"),
        ("are the colours on 4 way too intense?", "Global", 4, None),
        ("is the sky in number 5 too saturated?", ["sky"], 5, None),
        ("does #1 look garish?", "Global", 1, None),
        ("are the greens a bit too vivid on the third one?", "Global", 3, "green"),
        ("how saturated is it?", "Global", None, None),
    ],
)
def test_it_reads_oversaturation_of_a_thing_a_hue_or_a_variation(text, scope, number, hue):
    assert rules_iqa.is_quality_question(text) and iqa_saturation.asks(text)
    plan = plan_of(text)
    assert plan.query_scope == scope and plan.distortion_source == "Inferred"
    assert rules_iqa.variation_number(text) == number and iqa_saturation.hue(text) == hue


@pytest.mark.parametrize(
    "text",
    [
        "is the orange cast too strong?",  # the cast's strength
        "which one is most saturated?",  # a ranking by colourfulness
        "compared to the original is 4 more saturated?",  # a comparison
        "the reds are too strong, tone them down",  # an edit
    ],
)
def test_a_cast_a_ranking_a_comparison_or_an_edit_is_not_asked_as_oversaturation(text):
    assert not iqa_saturation.asks(text) or not rules_iqa.is_quality_question(text)


def test_a_photo_as_shot_is_not_oversaturated_and_doubled_saturation_is():
    shot, doubled = iqa_saturation.measure(astronaut()), iqa_saturation.measure(astronaut(2.0))
    assert shot["saturation_clipped"] < 2 and iqa_saturation.verdict(shot) == "no"
    assert doubled["saturation_clipped"] > 5 and iqa_saturation.verdict(doubled) == "yes"


def test_a_hue_is_measured_on_its_own_pixels():
    reds = iqa_saturation.measure_hue(astronaut(2.0), "red")
    assert 20 < reds["hue_share"] < 40 and reds["saturation_clipped"] > 50 and iqa_saturation.verdict(reds) == "yes"
    said = iqa_saturation.answer(reds, hue_name="red")
    assert said.startswith("The reds are 29% of the picture, mean saturation 92%, ") and said.endswith(
        "so yes, the reds are oversaturated."
    )


def test_a_hue_hardly_in_the_picture_is_said_so():
    greens = iqa_saturation.measure_hue(astronaut(), "green")
    assert iqa_saturation.answer(greens, hue_name="green").startswith("There is hardly any green in the picture")


def test_the_answer_cites_both_figures_and_a_plain_verdict():
    said = iqa_saturation.answer({"saturation_clipped": 0.4, "colourfulness": 100.0})
    assert said == (
        "Saturation clipping 0.4% (strong colours pinned at 0 or 255; oversaturated from 5%), colourfulness 100 "
        "(very colourful from 82, extreme from 110) — so it is strongly saturated, close to too much."
    )


def test_vivid_and_vibrant_say_colour_of_anything_but_an_order_stays_an_edit():
    assert iqa_saturation.asks("is the sky on number 1 too vivid?") and rules_iqa.is_quality_question(
        "is the sky on number 1 too vivid?"
    )
    assert not rules_iqa.is_quality_question("make it more vivid")
