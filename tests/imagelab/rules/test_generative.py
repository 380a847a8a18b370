"""What no local op can do, read from an instruction: recolouring one thing needs it found first."""

import pytest

from imagelab.rules.generative import without_generative
from imagelab.rules.planner import alternatives_answer, plan_variations, read_intent

SIZE = (4000, 3000)
RECOLOUR = "recolour one thing in the picture"


@pytest.mark.parametrize(
    "text",
    [
        "change her shirt from red to blue",
        "change the colour of the car",
        "paint the wall green",
        "make his shirt blue",
        "dye her hair pink",
        "turn the car red and make it warmer",
    ],
)
def test_it_reads_recolouring_one_thing_as_an_ai_edit(text):
    assert RECOLOUR in without_generative(text)[2]


@pytest.mark.parametrize(
    "text",
    [
        "make it blue",
        "make the photo black and white",
        "turn this black and white",
        "turn the whole thing black and white",
        "make the shadows blue",
        "make the sunset more orange",
        "change the colour of the photo to warmer",
    ],
)
def test_it_leaves_a_colour_for_the_whole_picture_a_local_edit(text):
    assert RECOLOUR not in without_generative(text)[2]


def test_it_offers_whole_picture_colour_shifts_instead_of_recolouring_one_thing():
    text = "change her shirt from red to blue"
    assert alternatives_answer(text).startswith("Recolouring one thing needs the AI edit, which is off here")
    args = plan_variations(text, image_size=SIZE)
    assert len(args["variations"]) == 5 and all(v["strategy"].startswith("Instead of") for v in args["variations"])
    assert read_intent("turn the car red and make it warmer")["temp"] == 1  # the local part is still done


@pytest.mark.parametrize(
    "text",
    [
        "make the red car blue",
        "could you turn the yellow umbrella green?",
        "make the red dress a deep blue",
        "change the red car to blue",
        "turn the car into a blue one",
        "change the colour of the red car to blue",
        "i want the car blue instead of red",
        "swap the car colour to black",
        "change the car's colour to blue",
        "blue jacket to red please",
    ],
)
def test_it_reads_a_thing_named_with_its_present_colour_as_recolouring_one_thing(text):
    assert read_intent(text)["generative_asks"] == [RECOLOUR]


@pytest.mark.parametrize("text", ["make the red more orange", "change the colour of the red to orange"])
def test_it_still_reads_a_colour_shifted_as_a_whole_picture_grade(text):
    assert read_intent(text)["generative_asks"] == []


@pytest.mark.parametrize(
    "text",
    [
        "there's a pinkish cast over the whole thing, get rid of it",
        "too much noise, remove it",
        "its too yellow, get rid of that",
        "remove the magenta tint",
        "get rid of the weird pinkish cast",
    ],
)
def test_it_reads_a_fault_taken_away_as_a_local_edit_not_an_object_removed(text):
    assert read_intent(text)["generative"] == []


def test_it_still_reads_a_thing_taken_away_as_removing_an_object():
    assert read_intent("the tree is too close to the edge, remove it")["generative_asks"] == [
        "remove things from the picture"
    ]
    assert read_intent("remove the person in green")["generative_asks"] == ["remove things from the picture"]


@pytest.mark.parametrize(
    "text",
    [
        "can the car be blue instead",
        "i'd like the dress in green",
        "what if the door was red",
        "make his hair blonde",
        "make the t-shirt white",
    ],
)
def test_it_reads_a_thing_wished_another_colour_as_recolouring_one_thing(text):
    assert read_intent(text)["generative_asks"] == [RECOLOUR]


@pytest.mark.parametrize("text", ["i'd like the photo in black and white", "i want the sky blue", "could it be warmer"])
def test_it_still_reads_a_colour_wished_for_the_whole_picture_as_a_grade(text):
    assert read_intent(text)["generative_asks"] == []


@pytest.mark.parametrize(
    "text",
    ["remove all colour", "strip the colour out", "lose the colour", "take the colour out", "drain all the colours"],
)
def test_it_reads_all_the_colour_taken_out_as_black_and_white(text):
    intent = read_intent(text)
    assert intent["bw"] and intent["generative_asks"] == []


@pytest.mark.parametrize("text", ["remove the colour cast pls", "get rid of the colour tint", "reduce the colour"])
def test_it_does_not_read_a_cast_or_less_colour_as_black_and_white(text):
    assert not read_intent(text)["bw"]


@pytest.mark.parametrize(
    "text",
    [
        "can you make me look younger",
        "make her look a bit thinner",
        "remove my wrinkles",
        "whiten my teeth",
        "smooth my skin",
        "open his eyes",
        "get rid of the acne on my face",
    ],
)
def test_it_reads_retouching_a_person_as_an_ai_edit_with_soft_alternatives(text):
    # "make me look younger" got five generic looks with no word; "remove my wrinkles" cropped the edges away
    assert without_generative(text)[2] == ["retouch faces or skin"]
    answer = alternatives_answer(text)
    assert answer.startswith("Retouching faces or skin needs the AI edit")
    labels = [v["label"] for v in plan_variations(text, image_size=SIZE)["variations"]]
    assert "Soft Glow" in labels and "Left Part" not in labels


@pytest.mark.parametrize("text", ["brighten the face", "soften the image", "make it look younger and fresher"])
def test_it_leaves_whole_picture_edits_said_of_a_face_or_a_look_local(text):
    assert without_generative(text)[2] == []
