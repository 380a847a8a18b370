"""Oversaturation answered from measured figures: of a thing (the centre, said plainly), a hue's own pixels or a part
of the picture (imagelab.quality_turn.assess)."""

from PIL import Image, ImageEnhance
from skimage import data

from imagelab import quality_turn
from imagelab.core import iqa
from imagelab.rules import iqa as rules_iqa
from imagelab.rules import iqa_regions

VARIATION = {"label": "variation 3", "note": ""}


def plan_of(text):
    return iqa.complete(rules_iqa.read_question(text, has_reference=True), has_reference=True)


def ask(text, saturation=2.0):
    image = ImageEnhance.Color(Image.fromarray(data.astronaut())).enhance(saturation)
    return quality_turn.assess(plan_of(text), image, None, VARIATION, region=iqa_regions.region(text), question=text)


def test_a_thing_is_measured_as_the_centre_and_said_so():
    result = ask("is the grass on 3 oversaturated?")
    assert result["text"].startswith(
        "I measured variation 3 of the latest edit. I can't locate the grass in the photo here, so I measured the "
        "centre of the picture as the subject. Saturation clipping "
    )
    assert result["text"].endswith("so yes, it is oversaturated.")
    assert result["quality"]["saturation"]["saturation_clipped"] > 5 and "colourfulness" in result["quality"]["figures"]


def test_a_photo_as_shot_is_not_oversaturated():
    assert ask("is the grass on 3 oversaturated?", 1.0)["text"].endswith("so no, it is not oversaturated.")


def test_a_hue_is_measured_on_its_pixels():
    result = ask("are the reds in #3 too strong?")
    assert "The reds are 29% of the picture" in result["text"] and result["text"].endswith(
        "the reds are oversaturated."
    )
    assert result["notes"][-1] in result["text"]  # a model writing the answer is given it


def test_a_part_of_the_picture_is_measured_there():
    result = ask("are the colours at the edges of 3 too intense?")
    assert "I measured the outer border of the picture, the part you named." in result["text"]
    assert "Saturation clipping" in result["text"]


def test_a_question_about_a_fault_is_answered_without_saturation():
    result = ask("is the orange cast too strong?")
    assert "saturation" not in result["quality"] and "Colour cast" in result["text"]
