"""Colour casts: a hue said as a fault of the photo is taken away, a thing's own colour is no cast, and green or
magenta casts are corrected with a tint towards the opposite colour (imagelab.rules.casts)."""

import pytest

from imagelab.core.normalize import normalize_plan
from imagelab.rules.casts import lean
from imagelab.rules.planner import plan_variations, read_intent

SIZE = (4000, 3000)


def plans(text):
    norm = normalize_plan(plan_variations(text, image_size=SIZE), image_size=SIZE)
    assert len(norm.variations) == 5
    return [norm.operations(i) for i in range(5)]


def tints(plan):
    return [p for op, p in plan if op == "tint"]


@pytest.mark.parametrize(
    ("text", "way"),
    [
        ("it looks green, fix it", "magenta"),
        ("everything came out green under the office lights, can you fix the colour", "magenta"),
        ("the skin has a sickly greenish tinge", "magenta"),
        ("make it less green", "magenta"),
        ("too magenta, fix it", "green"),
        ("there's a pinkish cast over the whole thing, get rid of it", "green"),
        ("it's a bit purple, neutralise it", "green"),
        ("remove the magenta tint", "green"),
    ],
)
def test_it_corrects_a_green_or_magenta_cast_with_a_tint_towards_the_opposite_colour_in_every_plan(text, way):
    for plan in plans(text):
        leans = [lean(t["color"]) for t in tints(plan)]
        assert any((v < -40) if way == "magenta" else (v > 40) for v in leans), (text, plan)
        assert not any((v > 20) if way == "magenta" else (v < -20) for v in leans), (text, plan)


def test_it_tints_at_five_strengths_since_the_cast_was_not_measured():
    strengths = {
        t["strength"] for plan in plans("it looks green, fix it") for t in tints(plan) if lean(t["color"]) < -40
    }
    assert len(strengths) == 5


def test_it_asks_a_green_or_magenta_look_by_name_the_same_way():
    assert read_intent("make it greener")["magenta"] == -1
    assert read_intent("add a pink tint")["magenta"] == 1


def test_it_never_tints_a_black_and_white_look_for_a_cast():
    for plan in plans("black and white, it looks green"):
        assert all(abs(lean(t["color"])) < 40 for t in tints(plan)), plan


@pytest.mark.parametrize(
    "text",
    [
        "everything looks yellow under these lights, can you fix the colour",
        "it came out really orange",
        "there's a yellow cast",
        "the red cast from the sunset lamp is too much, neutralise it",
        "fix the yellow from the tungsten bulbs",
    ],
)
def test_it_reads_a_warm_hue_the_photo_is_said_to_have_as_a_cast_to_cool(text):
    assert read_intent(text)["temp"] == -1


def test_it_reads_a_cool_hue_the_photo_is_said_to_have_as_a_cast_to_warm():
    assert read_intent("there's a blue cast")["temp"] == 1
    assert read_intent("why is it so cyan")["temp"] == 1


@pytest.mark.parametrize("text", ["give it a golden tint", "a pink tint please", "make it more orange"])
def test_it_still_reads_a_hue_asked_for_as_a_wish(text):
    intent = read_intent(text)
    assert intent["temp"] == 1 or intent["magenta"] == 1


def test_it_reads_a_hue_said_with_praise_as_the_look_described():
    assert read_intent("the light is yellow and warm, love it, make it pop")["temp"] == 1


@pytest.mark.parametrize(
    "text", ["the red jacket looks dull, make it pop", "her yellow dress looks flat", "the green bench is too dark"]
)
def test_it_reads_a_hue_before_a_thing_as_that_things_colour_not_a_cast(text):
    intent = read_intent(text)
    assert intent["temp"] == 0 and intent["magenta"] == 0


@pytest.mark.parametrize("text", ["fix the white balance", "neutral colours please", "correct the colours"])
def test_it_reads_colours_put_right_with_no_direction_as_the_clean_family_without_casts(text):
    intent = read_intent(text)
    assert intent["clean"] and intent["temp"] == 0
    assert all(not tints(plan) and "temperature" not in {op for op, _p in plan} for plan in plans(text))
