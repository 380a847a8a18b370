"""Wordings from the planner's sixth blind round: descriptions without a verb, a calm named look, comparisons with
the last edit, limits said on an axis the rest moves, one degree for listed tones, other languages, slang."""

import pytest

from imagelab.rules.intent import GENTLE, STRONG, read_intent
from imagelab.rules.planner import plan_variations

SIZE = (1600, 1200)


@pytest.mark.parametrize(
    "text",
    [
        "the sky is blue and the grass green",
        "the sea turquoise, the sand white - love it, just crop square",
        "her dress is red and the wall yellow, brighten it a touch",  # the wall's own colour, said like the dress's
    ],
)
def test_a_colour_said_of_a_thing_without_its_verb_is_a_description(text):
    intent = read_intent(text)
    assert intent["magenta"] == 0 and intent["temp"] == 0


def test_a_described_scene_keeps_the_ask_said_with_it():
    intent = read_intent("the sky is blue and the grass green, make it warmer")
    assert (intent["temp"], intent["magenta"]) == (1, 0)
    assert read_intent("the grass greener and the sky bluer")["magenta"] == -1  # a comparative is asked for
    assert read_intent("the whites yellow, the skin orange, fix it")["temp"] == -1  # a cast said so is a cast


def test_a_calm_named_look_is_read_and_keeps_its_finishes_quiet():
    intent = read_intent("a calm, faded film look")
    assert intent["calm"] == 1 and intent["vintage"] and intent["sat"] == -1 and intent["contrast"] == -1
    for variation in plan_variations("a calm, faded film look", image_size=SIZE)["variations"]:
        for step in variation["operations"]:
            assert step["op"] != "sharpen"
            assert step["op"] != "vignette" or step["params"]["strength"] <= 0.2
            assert step["op"] != "grain" or step["params"]["amount"] <= 0.1


def _chosen(text: str, n: int = 1) -> dict:
    plan = plan_variations(text, image_size=SIZE)["variations"][n - 1]
    return {"label": plan["label"], "operations": plan["operations"], "applied": True}


@pytest.mark.parametrize(
    "text, made_from, labels",
    [
        ("a bit less than last time", "make it warmer and punchier", "A Touch Less"),
        ("not as warm as before", "make it warmer", "A Touch Less"),
        ("cooler than last time", "make it warmer", "A Touch Less"),  # the warm look taken back, not a cool one on top
        ("even warmer than last time", "make it warmer", "A Touch More"),
        ("more contrast than the last one", "more contrast", "A Touch More"),
    ],
)
def test_a_comparison_with_the_last_edit_grades_the_chosen_look(text, made_from, labels):
    plans = plan_variations(text, image_size=SIZE, chosen=_chosen(made_from))
    assert plans["variations"][0]["label"] == labels


@pytest.mark.parametrize(
    "text, axis",
    [
        ("warm golden hour feel but not orange", "temp"),  # warmer, short of orange
        ("cooler but not blue", "temp"),
        ("more vibrant but not oversaturated", "sat"),
        ("cut down the yellow tint but keep it warm-ish", "temp"),  # a cast put right, some of its way kept
        ("más cálido pero no demasiado", "temp"),
        ("warmer but not too", "temp"),
    ],
)
def test_a_limit_on_an_axis_the_rest_moves_keeps_the_move_gentle(text, axis):
    intent = read_intent(text)
    assert intent[axis] != 0 and intent["degree"][axis] == GENTLE


def test_a_limit_on_brightness_is_no_overexposure():
    intent = read_intent("brighter, but not too bright")
    assert intent["bright"] == 1 and not intent["overexposed"]


def test_one_degree_said_before_listed_tones_is_each_ones():
    assert read_intent("way more contrast and saturation")["degree"] == {"contrast": STRONG, "sat": STRONG}
    assert read_intent("etwas heller und wärmer")["degree"] == {"bright": GENTLE, "temp": GENTLE}
    # a degree said after its own tone stays with it: "a bit" is the warmth's
    assert "contrast" not in read_intent("warm it up a bit and more contrast")["degree"]


def test_a_strong_ask_is_strong_in_every_slot():
    for variation in plan_variations("way more contrast and saturation", image_size=SIZE)["variations"]:
        sat = [s["params"]["value"] for s in variation["operations"] if s["op"] == "saturation"]
        assert sat and sat[0] >= 1.25


def test_a_degree_said_after_the_thing_an_edit_is_aimed_at_is_the_edits():
    intent = read_intent("brighten her face a little")
    assert intent["bright"] == 1 and intent["degree"]["bright"] == GENTLE and intent["aimed"] == ["face"]


@pytest.mark.parametrize(
    "text, axes",
    [
        ("más brillo y menos saturación por favor", {"bright": 1, "sat": -1}),
        ("un poco más cálido", {"temp": 1}),
        ("plus de contraste et un peu plus chaud", {"contrast": 1, "temp": 1}),
        ("mehr Sättigung bitte", {"sat": 1}),
        ("un peu moins saturé", {"sat": -1}),
    ],
)
def test_short_foreign_asks_are_read(text, axes):
    intent = read_intent(text)
    assert {a: intent[a] for a in axes} == axes


def test_a_foreign_degree_is_read():
    assert read_intent("un poco más cálido")["degree"] == {"temp": GENTLE}
    assert read_intent("plus de contraste et un peu plus chaud")["degree"] == {"temp": GENTLE}


@pytest.mark.parametrize(
    "text", ["flat and grey, needs more punch", "its lookin kinda washed out ngl", "make it look less meh"]
)
def test_a_flat_grey_or_dull_photo_complained_of_gets_colour_and_contrast(text):
    intent = read_intent(text)
    assert intent["sat"] == 1 and intent["contrast"] == 1


def test_grey_asked_as_a_look_stays_a_look():
    assert read_intent("grey and moody")["sat"] == -1


def test_a_sky_made_more_of_its_colour_is_a_grade_aimed_at_it_and_a_new_colour_is_not():
    intent = read_intent("make the sky more blue")
    assert not intent["generative"] and intent["temp"] == -1 and intent["aimed"] == ["sky"]
    assert read_intent("make the sky blue")["generative"]


def test_an_edit_gone_too_far_asked_natural_is_a_clean_edit():
    assert read_intent("it looks fake, make it more natural")["clean"]
