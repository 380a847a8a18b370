"""Phrasings of quality questions from the ninth held-out round (imagelab.rules.iqa, imagelab.rules.iqa_words)."""

import pytest

from imagelab.core import iqa
from imagelab.rules import iqa as rules_iqa


def plan_of(text, has_reference=True):
    return iqa.complete(rules_iqa.read_question(text, has_reference=has_reference), has_reference=has_reference)


@pytest.mark.parametrize(
    "text",
    [
        "did my edit wreck it?",
        "how much did the edit degrade it?",
        "did the filter ruin it?",
        "has the sharpening messed it up?",
        "is that tint from the edit?",
        "did the sharpening add artifacts?",
    ],
)
def test_it_reads_what_an_edit_did_to_the_photo_as_a_comparison_with_its_source(text):
    assert rules_iqa.is_quality_question(text)
    assert plan_of(text).reference_mode == "Full-Reference"
    assert plan_of(text).query_scope == "Global"


@pytest.mark.parametrize("text", ["don't ruin it, just brighten it a bit", "can you remove the noise from the edit"])
def test_it_leaves_an_order_that_names_the_edit_to_the_edit_planner(text):
    assert not rules_iqa.is_quality_question(text)


@pytest.mark.parametrize(
    ("text", "scope"),
    [
        ("are the eyes tack sharp?", ["eyes"]),
        ("is the grass razor sharp?", ["grass"]),
        ("is the highlight on the car's bonnet blown?", ["bonnet"]),
        ("is her face lit ok or too dark", ["face"]),
        ("is the colour of her dress accurate?", ["dress"]),
        ("yo is this blurry af", "Global"),
        ("ok so is it soft", "Global"),
    ],
)
def test_it_keeps_sharpness_jargon_tones_verbs_and_fillers_out_of_the_scope(text, scope):
    assert plan_of(text).query_scope == scope


@pytest.mark.parametrize(("text", "number"), [("is the colour on the third one off?", 3), ("colours in #2 wrong?", 2)])
def test_it_reads_colours_said_off_with_a_place_in_between_as_a_cast(text, number):
    assert plan_of(text).distortion_names() == ["colour_cast"]
    assert rules_iqa.variation_number(text) == number


@pytest.mark.parametrize("text", ["does this look like it was taken on a potato lol", "potato quality or fine?"])
def test_it_reads_potato_slang_as_asking_about_quality(text):
    assert rules_iqa.is_quality_question(text)
    assert plan_of(text).distortion_source == "Inferred"


@pytest.mark.parametrize(
    ("text", "names", "scope"),
    [
        ("do the skin tones look natural?", ["colour_cast"], ["skin"]),
        ("did the denoise make it mushy?", ["blur"], "Global"),
        ("are the edges of the frame soft?", ["blur"], "Global"),
    ],
)
def test_it_reads_skin_tones_mushy_detail_and_the_frame_as_the_photo(text, names, scope):
    assert plan_of(text).distortion_names() == names
    assert plan_of(text).query_scope == scope


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("is the dark one noisy?", ["noise"]),
        ("is the darker one noisier than the original?", ["noise"]),
        ("is the bright version blown out?", ["overexposure"]),
        ("is the soft one noisy", ["noise"]),
        ("is the dark one too dark?", ["underexposure"]),
    ],
)
def test_it_reads_a_variation_named_by_its_look_as_which_one_not_what_is_asked(text, names):
    plan = plan_of(text)
    assert rules_iqa.is_quality_question(text) and plan.distortion_names() == names and plan.query_scope == "Global"


@pytest.mark.parametrize("text", ["which is the darkest one?", "which one is darker"])
def test_it_keeps_the_look_when_it_is_what_a_ranking_asks(text):
    assert plan_of(text).distortion_names() == ["underexposure"] and rules_iqa.ranked_by(text) == ["underexposure"]


@pytest.mark.parametrize("text", ["is the dark one noisy?", "is the darkest one noisy?", "is the noisiest one blurry?"])
def test_it_folds_a_variation_named_by_its_look_the_same_way_twice(text):
    from imagelab.rules.iqa_fold import fold

    assert fold(fold(text)) == fold(text)  # the planner folds the folded text again: the reading must not move


@pytest.mark.parametrize(
    ("text", "names"),
    [("lowkey looks kinda dark ngl", ["underexposure"]), ("bro is this pic blurry or am i tripping", ["blur"])],
)
def test_it_reads_chat_slang_opening_a_question_as_no_subject(text, names):
    from imagelab.rules.iqa import read_question

    plan = read_question(text, has_reference=False)
    assert plan["query_scope"] == "Global" and plan["distortions"][0]["names"] == names
