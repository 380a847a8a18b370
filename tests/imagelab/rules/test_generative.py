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
