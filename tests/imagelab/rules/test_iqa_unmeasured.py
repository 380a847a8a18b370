"""Unmeasured parts of a quality question said plainly, with what to ask instead (imagelab.rules.iqa_unmeasured)."""

import pytest

from imagelab.rules import iqa_unmeasured
from imagelab.rules.intent import read_intent
from imagelab.rules.iqa import read_question
from imagelab.rules.replies import chat_reply, edit_reply

TILT = "whether the horizon or lines are straight"


@pytest.mark.parametrize(
    "text",
    [
        "is it tilted and blurry?",
        "is it noisy, and is it tilted?",
        "is the horizon straight and is it sharp?",
        "is the horizon sharp and straight?",
        "blurry or crooked?",
    ],
)
def test_it_names_a_tilt_asked_beside_a_measured_fault(text):
    assert iqa_unmeasured.named(text) == [TILT]


@pytest.mark.parametrize(
    "text",
    [
        "is it blurry?",
        "is it sharp and straight out of camera?",
        "is the neon sign blurry?",
        "is the leaning tower sharp?",
    ],
)
def test_it_names_nothing_unmeasured_in_a_question_of_measured_faults(text):
    assert iqa_unmeasured.named(text) == []


def test_it_says_an_unmeasured_part_after_the_measured_answer():
    result = {"text": "Blur effect 0.60 (blurry from 0.50) — so yes, it is blurry.", "notes": [], "quality": {}}
    said = iqa_unmeasured.added(result, "is it tilted and blurry?")
    assert said["text"].startswith(result["text"]) and f"I can't measure {TILT} here" in said["text"]
    assert said["notes"] and TILT in said["notes"][-1]


def test_it_leaves_a_fully_measured_answer_as_it_is():
    result = {"text": "Noise σ 0.2 (noisy from 4) — so no, it is clean.", "notes": [], "quality": {}}
    assert iqa_unmeasured.added(result, "is it noisy?") == result


def test_it_names_every_unmeasured_fault_asked_beside_a_measured_one():
    said = iqa_unmeasured.added({"text": "x", "notes": []}, "is there any chromatic aberration or noise?")
    assert "I can't measure chromatic aberration here" in said["text"]


def test_it_points_a_tilt_question_to_a_straightening_the_planner_reads():
    reply = chat_reply("is it tilted?")
    assert reply.startswith(f"I can't measure {TILT} here") and '"straighten it by 2°"' in reply
    assert '"straighten it"' in reply
    # the wording suggested is an edit the planner makes: a 2° turn, and five small angles without one
    assert read_intent("straighten it by 2°")["rotate"] == 2.0 and read_intent("straighten it by -2°")["rotate"] == -2.0
    assert read_intent("straighten it")["straighten"] and edit_reply("straighten it") is None


def test_it_keeps_a_tilt_out_of_the_subject_of_a_measured_fault():
    assert read_question("is the horizon straight and is it sharp?", has_reference=False)["query_scope"] == "Global"


@pytest.mark.parametrize("text", ["is it ok to print?", "print ready?", "is this good enough for printing?"])
def test_it_reads_whether_it_is_fit_to_print_as_a_quality_check_with_the_size_pointed_to(text):
    from imagelab.rules.iqa import is_quality_question

    assert is_quality_question(text) and read_question(text, has_reference=False)["distortion_source"] == "Inferred"
    said = iqa_unmeasured.added({"text": "x", "notes": []}, text)
    assert '"how big can I print it?"' in said["text"]


@pytest.mark.parametrize(
    "text", ["est-ce que la photo est trop sombre ?", "la photo est sombre ?", "is it too sombre?"]
)
def test_it_reads_sombre_as_too_dark(text):
    from imagelab.rules.iqa import is_quality_question

    plan = read_question(text, has_reference=False)
    assert is_quality_question(text) and plan["distortions"] == [{"scope": "Global", "names": ["underexposure"]}]


@pytest.mark.parametrize(
    "text", ["rate the sharpness out of 10", "how dark is it on a scale of 1-10", "give it a score 1 to 10"]
)
def test_it_says_plainly_that_no_mark_out_of_ten_is_made_up(text):
    said = iqa_unmeasured.added({"text": "x", "notes": []}, text)
    assert "I don't make up a mark out of 10" in said["text"]


@pytest.mark.parametrize(
    ("text", "said"), [("is there vignetting?", "vignetting"), ("does it have lens flare?", "lens flare")]
)
def test_it_says_plainly_that_vignetting_and_flare_are_not_measured(text, said):
    reply = chat_reply(text)
    assert reply.startswith(f"I can't measure {said} here")


def test_it_points_a_vignetting_question_to_the_corners_compared_with_the_centre():
    from imagelab.rules.iqa import is_quality_question

    assert '"are the corners darker than the centre?"' in chat_reply("is there vignetting?")
    assert is_quality_question("are the corners darker than the centre?")


@pytest.mark.parametrize("text", ["does it look overprocessed?", "is it over-edited?"])
def test_it_reads_edited_too_far_as_a_check_of_every_fault(text):
    from imagelab.rules.iqa import is_quality_question

    assert is_quality_question(text) and read_question(text, has_reference=False)["distortion_source"] == "Inferred"


def test_it_reads_focused_as_the_blur_and_instead_as_no_subject():
    plan = read_question("is it focused on the background instead of the person?", has_reference=False)
    assert plan["distortions"] == [{"scope": "background", "names": ["blur"]}]


def test_it_reads_a_misspelt_superlative_in_a_ranking():
    from imagelab.rules.iqa import ranked_by

    assert ranked_by("wich one is the brighest") == ["overexposure"]


def test_it_reads_a_bare_number_set_against_the_original_as_the_variation():
    from imagelab.rules.iqa import variation_number

    assert variation_number("is the delta e between 2 and the original under 5?") == 2
    assert variation_number("is the delta e between 2 and 3 big?") is None


@pytest.mark.parametrize("text", ["did the edit fix the colour cast?", "has the denoising removed the grain?"])
def test_it_compares_with_the_source_what_an_edit_took_away(text):
    assert read_question(text, has_reference=True)["reference_mode"] == "Full-Reference"


def test_it_points_a_print_size_asked_beside_a_fault_to_the_size_answer():
    said = iqa_unmeasured.added({"text": "x", "notes": []}, "is it sharp and big enough to print?")
    assert '"how big can I print it?"' in said["text"]


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("is the photo distorted?", "lens distortion"),
        ("is there dust on the sensor?", "dust spots and hot pixels"),
        ("ist es schief?", TILT),
    ],
)
def test_it_says_plainly_that_distortion_dust_and_a_tilt_said_in_german_are_not_measured(text, said):
    assert chat_reply(text).startswith(f"I can't measure {said} here")


def test_it_says_a_tilt_asked_in_german_beside_a_measured_fault_is_not_measured():
    assert iqa_unmeasured.named("ist es zu dunkel und schief?") == [TILT]
